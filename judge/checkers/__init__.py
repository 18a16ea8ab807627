"""Output checkers: plain functions in a registry, plus adapters for checker programs."""

from judge.checkers.base import CheckResult
from judge.checkers.builtin import BUILTIN_CHECKERS, check_exact, check_float, check_tokens

__all__ = ["BUILTIN_CHECKERS", "CheckResult", "check_exact", "check_float", "check_tokens"]
