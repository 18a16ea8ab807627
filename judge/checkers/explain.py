"""Explaining why an output was rejected: where it differs first, with context and hints.

Pure functions from texts to (one-line message, multi-line details).
"""

from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass
from collections.abc import Callable

from judge.checkers.tokens import is_blank, tokens

CONTEXT_LINES = 1
SHOWN_CHARS = 60


@dataclass(frozen=True)
class TokenPosition:
    index: int  # 0-based token number in the whole text
    line: int  # 1-based line number
    column: int  # 1-based token number within the line
    text: str


def token_positions(text: str) -> list[TokenPosition]:
    positions, index = [], 0
    for line_number, line in enumerate(text.split("\n"), start=1):
        for column, token in enumerate(tokens(line), start=1):
            positions.append(TokenPosition(index, line_number, column, token))
            index += 1
    return positions


def explain_token_mismatch(
    got: str, expected: str, equal: Callable[[str, str], bool]
) -> tuple[str, str]:
    got_tokens, expected_tokens = token_positions(got), token_positions(expected)
    first = next(
        (
            i
            for i, (a, b) in enumerate(zip(got_tokens, expected_tokens, strict=False))
            if not equal(a.text, b.text)
        ),
        min(len(got_tokens), len(expected_tokens)),
    )
    if first < len(got_tokens) and first < len(expected_tokens):
        g, e = got_tokens[first], expected_tokens[first]
        message = (
            f"line {e.line} token {e.column}: expected '{_short(e.text)}', got '{_short(g.text)}'"
        )
        line_got, line_expected = g.line, e.line
    elif first < len(expected_tokens):
        e = expected_tokens[first]
        message = (
            f"output ended early: {len(got_tokens)} tokens, expected "
            f"{len(expected_tokens)}; next expected '{_short(e.text)}' (line {e.line})"
        )
        line_got, line_expected = _last_line(got), e.line
    else:
        g = got_tokens[first]
        message = (
            f"extra output: {len(got_tokens)} tokens, expected {len(expected_tokens)}; "
            f"first extra '{_short(g.text)}' (line {g.line})"
        )
        line_got, line_expected = g.line, _last_line(expected)
    hints = _hints(got, expected, [t.text for t in got_tokens], [t.text for t in expected_tokens])
    details = _context(got.split("\n"), expected.split("\n"), line_got, line_expected)
    if hints:
        message += " (" + "; ".join(hints) + ")"
        details += "\nhint: " + "\nhint: ".join(hints)
    return message, details


def explain_layout(got_lines: list[str], expected_lines: list[str]) -> tuple[str, str]:
    """Tokens match but the lines do not: say where the line structure first differs."""
    first = next(
        (
            i
            for i, (a, b) in enumerate(zip(got_lines, expected_lines, strict=False))
            if tokens(a) != tokens(b)
        ),
        min(len(got_lines), len(expected_lines)),
    )
    hints = []
    got_blank = sum(1 for line in got_lines if is_blank(line))
    expected_blank = sum(1 for line in expected_lines if is_blank(line))
    if got_blank > expected_blank:
        hints.append(f"extra blank line ({got_blank} blank, expected {expected_blank})")
    elif got_blank < expected_blank:
        hints.append(f"missing blank line ({got_blank} blank, expected {expected_blank})")
    else:
        hints.append("tokens are right but split over lines differently")
    message = f"presentation: line {first + 1} differs; " + hints[0]
    details = _context(got_lines, expected_lines, first + 1, first + 1)
    return message, details + "\nhint: " + hints[0]


def _hints(got: str, expected: str, got_tokens: list[str], expected_tokens: list[str]) -> list[str]:
    hints = []
    if got_tokens != expected_tokens and [t.casefold() for t in got_tokens] == [
        t.casefold() for t in expected_tokens
    ]:
        hints.append("only letter case differs")
    normalized = unicodedata.normalize("NFKC", got)
    if normalized != got:
        wide = sorted({c for c in got if unicodedata.east_asian_width(c) == "F"})
        if tokens(normalized) == tokens(expected) or wide:
            sample = "".join(wide[:8])
            hints.append(f"full-width characters where half-width were expected ('{sample}')")
    if any(ord(c) > 127 for c in got) and not any(ord(c) > 127 for c in expected) and not hints:
        hints.append("output has non-ASCII characters; the answer has none")
    return hints


def _context(got_lines: list[str], expected_lines: list[str], got_at: int, expected_at: int) -> str:
    parts = ["expected:"]
    parts += _window(expected_lines, expected_at)
    parts.append("got:")
    parts += _window(got_lines, got_at)
    return "\n".join(parts)


def _window(lines: list[str], at: int) -> list[str]:
    start = max(1, at - CONTEXT_LINES)
    end = min(len(lines), at + CONTEXT_LINES)
    if not lines or start > end:
        return ["   (empty)"]
    marker = lambda n: ">" if n == at else " "  # noqa: E731
    return [f"{marker(n)}{n:>4} | {_short(lines[n - 1])}" for n in range(start, end + 1)]


def _last_line(text: str) -> int:
    lines = text.rstrip("\n").split("\n")
    return max(1, len(lines))


def _short(text: str) -> str:
    text = text.replace("\t", "\\t").replace("\r", "\\r")
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


def full_diff(expected: str, got: str, context: int | None = None) -> list[str]:
    """A unified diff of the whole answer against the whole output: '-' lines are expected and
    missing, '+' lines were printed instead; `context` None keeps every equal line."""
    expected_lines, got_lines = expected.splitlines(), got.splitlines()
    keep = max(len(expected_lines), len(got_lines)) if context is None else context
    lines = difflib.unified_diff(
        expected_lines, got_lines, "expected", "got", n=keep, lineterm=""
    )
    return list(lines)
