"""Sample interactions: `.interaction` transcripts beside a test of an interactive problem.

The Kattis format: every line starts with `<` (a line the interactor writes and the submission
reads) or `>` (a line the submission writes), followed by the line's text:

    <3
    >guess 2
    <higher
    >guess 3
    <correct

A multi-pass problem's transcript shows its passes one after the other, separated by a line
`---` (the 2025-09 format).

`judge show` prints them with the statement, and `judge verify` replays each one against the
interactor on its test (judge.judging.transcript_player plays the submission's part), so a sample
transcript can never drift from what the interactor really says.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

from judge.errors import ProblemError

SUFFIX = ".interaction"
PASS_SEPARATOR = "---"


class Direction(enum.Enum):
    TO_SUBMISSION = "<"  # the interactor writes it, the submission reads it
    FROM_SUBMISSION = ">"  # the submission writes it
    NEXT_PASS = PASS_SEPARATOR  # a multi-pass problem: the next pass starts here


@dataclass(frozen=True)
class Exchange:
    direction: Direction
    text: str


@dataclass(frozen=True)
class Transcript:
    path: Path
    exchanges: tuple[Exchange, ...]


def read_transcript(path: Path) -> Transcript:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ProblemError(path, f"cannot read: {exc}") from None
    exchanges = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line == PASS_SEPARATOR:
            exchanges.append(Exchange(Direction.NEXT_PASS, ""))
            continue
        try:
            direction = Direction(line[:1])
        except ValueError:
            raise ProblemError(
                path,
                f"expected '<' (the interactor writes) or '>' (the submission writes) "
                f"at the start, got {line[:20]!r}",
                line=number,
            ) from None
        exchanges.append(Exchange(direction, line[1:]))
    if not exchanges:
        raise ProblemError(path, "empty transcript: expected lines starting with '<' or '>'")
    return Transcript(path, tuple(exchanges))


def transcript_passes(path: Path) -> tuple[str, ...]:
    """The transcript's text of each pass, in order (one for a problem of one pass)."""
    passes, lines = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line == PASS_SEPARATOR:
            passes.append(lines)
            lines = []
        else:
            lines.append(line + "\n")
    return tuple("".join(part) for part in (*passes, lines))


def render_transcript(transcript: Transcript) -> str:
    """Two columns, as statements show interactions: what the submission reads, what it writes."""
    width = max(
        (len(e.text) for e in transcript.exchanges if e.direction is Direction.TO_SUBMISSION),
        default=0,
    )
    width = max(width, len("read"))
    rows = [f"{'read':<{width}}   write", f"{'-' * width}   -----"]
    for exchange in transcript.exchanges:
        if exchange.direction is Direction.NEXT_PASS:
            rows.append(f"{PASS_SEPARATOR} next pass {PASS_SEPARATOR}")
        elif exchange.direction is Direction.TO_SUBMISSION:
            rows.append(exchange.text)
        else:
            rows.append(f"{'':<{width}}   {exchange.text}")
    return "\n".join(rows)
