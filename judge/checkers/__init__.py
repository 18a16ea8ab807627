"""Output checkers: plain functions and checker programs' conventions, found by name in one
registry (judge.checkers.registry)."""

from judge.checkers.base import CheckerSpec, CheckResult
from judge.checkers.builtin import check_exact, check_float, check_tokens

__all__ = ["CheckResult", "CheckerSpec", "check_exact", "check_float", "check_tokens"]
