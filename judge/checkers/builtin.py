"""The built-in checkers: tokens (default), exact, float and kattis-default.

tokens: the tokens of output and answer, separated by ASCII whitespace (judge.checkers.tokens),
must be equal, else WA. When they are, the line structure is compared: each line as its list of
tokens (so spacing inside a line is free), blank lines included, blank lines at the very end
ignored. A different structure is PE (POJ's presentation error); the same is AC.

kattis-default: the Kattis default output validator, driven by its flags
(judge.checkers.kattis_flags): tokens up to ASCII case, any whitespace between them, numbers within
a tolerance when one is given. It never answers PE: Kattis has no such verdict.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from judge.checkers.base import CheckerSpec, CheckResult
from judge.checkers.kattis_flags import DefaultFlags, parse_default_flags
from judge.checkers.tokens import rstrip_space, tokens
from judge.verdicts.verdict import Verdict

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
    if tokens(got) == tokens(expected):
        message, details = _explain_layout(got.split("\n"), expected.split("\n"))
        return CheckResult(Verdict.WA, "bytes differ (exact checker): " + message, details)
    message, details = _explain_token_mismatch(got, expected, lambda a, b: a == b)
    return CheckResult(Verdict.WA, message, details)


def check_kattis_default(output: bytes, answer: bytes, spec: CheckerSpec) -> CheckResult:
    flags = parse_default_flags(spec.args)
    got, expected = _decode(output), _decode(answer)
    equal = _kattis_token_equal(flags)
    space = re.compile(KATTIS_SPACE)
    got_parts, expected_parts = space.split(got), space.split(expected)
    got_tokens = [t for t in got_parts[0::2] if t]
    expected_tokens = [t for t in expected_parts[0::2] if t]
    if not _same_tokens(got_tokens, expected_tokens, equal):
        message, details = _explain_token_mismatch(got, expected, equal)
        return CheckResult(Verdict.WA, message, details)
    same_space = got_parts[1::2] == expected_parts[1::2] and _edges(got_parts) == _edges(
        expected_parts
    )
    if flags.space_change_sensitive and not same_space:
        message, details = _explain_layout(got.split("\n"), expected.split("\n"))
        return CheckResult(Verdict.WA, "whitespace differs: " + message, details)
    return CheckResult(Verdict.AC)


# The whitespace of the Kattis format: space, tab, newline, carriage return, vertical tab, form
# feed; one capture group so that re.split keeps the separators at the odd positions. Compiled
# where used (re keeps what it compiled), not at import: not every judge start checks output.
KATTIS_SPACE = r"([ \t\n\r\x0b\x0c]+)"
KATTIS_FLOAT = r"^[+-]?(\d*\.\d+|\d+\.?)([eE][+-]?\d+)?$"


def _kattis_token_equal(flags: DefaultFlags) -> TokenEqual:
    number = re.compile(KATTIS_FLOAT)

    def equal(got: str, expected: str) -> bool:
        if flags.compares_numbers and number.match(expected):
            if not number.match(got):
                return False
            a, b = float(got), float(expected)
            if flags.abs_tol is not None and abs(a - b) <= flags.abs_tol:
                return True
            return flags.rel_tol is not None and abs(a - b) <= flags.rel_tol * abs(b)
        if flags.case_sensitive:
            return got == expected
        return _ascii_lower(got) == _ascii_lower(expected)

    return equal


def _ascii_lower(text: str) -> str:
    return text.translate(ASCII_LOWER)


ASCII_LOWER = {code: code + 32 for code in range(ord("A"), ord("Z") + 1)}


def _same_tokens(got: list[str], expected: list[str], equal: TokenEqual) -> bool:
    return len(got) == len(expected) and all(
        equal(a, b) for a, b in zip(got, expected, strict=True)
    )


def _edges(parts: list[str]) -> tuple[bool, bool]:
    """Whether the text starts and ends with whitespace (an empty first or last token)."""
    return parts[0] == "", parts[-1] == ""


def _compare(output: bytes, answer: bytes, equal: TokenEqual) -> CheckResult:
    if output == answer:  # the same tokens on the same lines, whatever `equal` allows besides
        return CheckResult(Verdict.AC)
    got, expected = _decode(output), _decode(answer)
    got_tokens, expected_tokens = tokens(got), tokens(expected)
    same_tokens = len(got_tokens) == len(expected_tokens) and all(
        equal(a, b) for a, b in zip(got_tokens, expected_tokens, strict=True)
    )
    if not same_tokens:
        message, details = _explain_token_mismatch(got, expected, equal)
        return CheckResult(Verdict.WA, message, details)
    got_lines, expected_lines = _layout(got), _layout(expected)
    if [len(tokens(line)) for line in got_lines] == [len(tokens(line)) for line in expected_lines]:
        return CheckResult(Verdict.AC)
    message, details = _explain_layout(got_lines, expected_lines)
    return CheckResult(Verdict.PE, message, details)


def _layout(text: str) -> list[str]:
    lines = [rstrip_space(line) for line in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _decode(data: bytes) -> str:
    # surrogateescape maps each byte that is not UTF-8 to its own code point, so two outputs
    # decode equal only when their bytes are equal: a lossy decode ("replace") made every
    # invalid byte the same character and accepted outputs that differ in them.
    return data.decode("utf-8", errors="surrogateescape")


def _printable(text: str) -> str:
    """Text fit for reports: the escaped bytes that are not UTF-8 shown as \\xNN."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _as_number(token: str) -> float | None:
    try:
        value = float(token)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


# Explanations are for rejected output only: their module (and difflib) loads when one is due.


def _explain_token_mismatch(got: str, expected: str, equal: TokenEqual) -> tuple[str, str]:
    from judge.checkers.explain import explain_token_mismatch

    message, details = explain_token_mismatch(got, expected, equal)
    return _printable(message), _printable(details)


def _explain_layout(got: list[str], expected: list[str]) -> tuple[str, str]:
    from judge.checkers.explain import explain_layout

    message, details = explain_layout(got, expected)
    return _printable(message), _printable(details)
