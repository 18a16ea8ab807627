"""The built-in checkers: tokens (default), exact and float.

tokens: the whitespace-separated tokens of output and answer must be equal, else WA. When they
are, the line structure is compared: each line as its list of tokens (so spacing inside a line is
free), blank lines included, blank lines at the very end ignored. A different structure is PE
(POJ's presentation error); the same is AC.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from judge.checkers.base import CheckResult
from judge.checkers.explain import explain_layout, explain_token_mismatch
from judge.spec import CheckerSpec
from judge.verdict import Verdict

TokenEqual = Callable[[str, str], bool]


def check_tokens(output: bytes, answer: bytes, spec: CheckerSpec) -> CheckResult:
    return _compare(output, answer, lambda got, expected: got == expected)


def check_float(output: bytes, answer: bytes, spec: CheckerSpec) -> CheckResult:
    def equal(got: str, expected: str) -> bool:
        if got == expected:
            return True
        a, b = _as_number(got), _as_number(expected)
        if a is None or b is None:
            return False
        difference = abs(a - b)
        return difference <= spec.abs_tol or difference <= spec.rel_tol * abs(b)

    return _compare(output, answer, equal)


def check_exact(output: bytes, answer: bytes, spec: CheckerSpec) -> CheckResult:
    if output.removesuffix(b"\n") == answer.removesuffix(b"\n"):
        return CheckResult(Verdict.AC)
    got, expected = _decode(output), _decode(answer)
    if got.split() == expected.split():
        message, details = explain_layout(got.split("\n"), expected.split("\n"))
        return CheckResult(Verdict.WA, "bytes differ (exact checker): " + message, details)
    message, details = explain_token_mismatch(got, expected, lambda a, b: a == b)
    return CheckResult(Verdict.WA, message, details)


def _compare(output: bytes, answer: bytes, equal: TokenEqual) -> CheckResult:
    got, expected = _decode(output), _decode(answer)
    got_tokens, expected_tokens = got.split(), expected.split()
    same_tokens = len(got_tokens) == len(expected_tokens) and all(
        equal(a, b) for a, b in zip(got_tokens, expected_tokens, strict=True)
    )
    if not same_tokens:
        message, details = explain_token_mismatch(got, expected, equal)
        return CheckResult(Verdict.WA, message, details)
    got_lines, expected_lines = _layout(got), _layout(expected)
    if [len(line.split()) for line in got_lines] == [len(line.split()) for line in expected_lines]:
        return CheckResult(Verdict.AC)
    message, details = explain_layout(got_lines, expected_lines)
    return CheckResult(Verdict.PE, message, details)


def _layout(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _decode(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _as_number(token: str) -> float | None:
    try:
        value = float(token)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


BUILTIN_CHECKERS = {
    "tokens": check_tokens,
    "exact": check_exact,
    "float": check_float,
}
