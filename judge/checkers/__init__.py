"""Output checkers: plain functions and checker programs' conventions, found by name in one
registry (judge.checkers.registry).

    base          CheckerSpec and CheckResult
    builtin       tokens, exact, float tolerance, and the Kattis default validator
    kattis_flags  the Kattis default validator's flags
    explain       why an output was rejected, for the report
    conventions   how a checker program's exit code and files become a result (testlib, Kattis)
    programs      running a checker program under limits
    registry      the one table of checker names

Imports the sandbox, judge.verdicts and languages. Imported by problem (problem.yaml names a
checker) and judging.
"""

from judge.checkers.base import CheckerSpec, CheckResult
from judge.checkers.builtin import check_exact, check_float, check_tokens

__all__ = ["CheckResult", "CheckerSpec", "check_exact", "check_float", "check_tokens"]
