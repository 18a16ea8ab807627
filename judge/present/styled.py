"""Styled text that needs rich only where a terminal shows it.

Reports are built as `Styled` pieces: text, with rich style names on the whole of it and on
parts of it. A terminal gets them as rich Text (colours, wrapping at its width). A pipe or a
file gets no styles from rich, only its characters, so there the same characters are written
without loading rich (15 to 25 ms of imports here) or laying out every line with it: when no
line has a tab or is wider than the output, rich would write each piece as it is, a line per
line; otherwise rich still lays them out.

Every piece of text is taken through judge.present.controls first: what a report shows comes
from contestants too, and a terminal must show their control characters, never obey them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from judge.present.controls import shown

if TYPE_CHECKING:
    from rich.text import Text

WIDEST_CELL = 2  # a character takes at most two cells of a terminal (East Asian wide)


class Styled:
    """Plain text, a style for the whole of it, and (start, end, style) spans over parts:
    what rich's Text holds, built the same way (append, append_styled, lines)."""

    __slots__ = ("plain", "style", "spans")

    def __init__(self, text: str = "", style: str | None = None) -> None:
        self.plain = shown(text)
        self.style = style
        self.spans: list[tuple[int, int, str]] = []

    def append(self, text: str, style: str | None = None) -> Styled:
        text = shown(text)
        if text and style:
            self.spans.append((len(self.plain), len(self.plain) + len(text), style))
        self.plain += text
        return self

    def append_styled(self, other: Styled) -> Styled:
        """`other` at the end, with its styles (as rich's Text.append_text)."""
        offset = len(self.plain)
        if other.style:
            self.spans.append((offset, offset + len(other.plain), other.style))
        self.spans.extend((start + offset, end + offset, style)
                          for start, end, style in other.spans)
        self.plain += other.plain
        return self

    @classmethod
    def lines(cls, pieces: Iterable[Styled]) -> Styled:
        """The pieces one per line (as rich's Text("\\n").join)."""
        joined = cls()
        for index, piece in enumerate(pieces):
            if index:
                joined.plain += "\n"
            joined.append_styled(piece)
        return joined

    def to_rich(self) -> Text:
        from rich.text import Span, Text

        return Text(
            self.plain,
            style=self.style or "",
            spans=[Span(start, end, style) for start, end, style in self.spans],
        )


def plain_text(pieces: Sequence[Styled], width: int, soft_wrap: bool = False) -> str | None:
    """What rich writes for `pieces` to a stream that is not a terminal, `width` columns wide;
    None when rich has to lay it out (a tab to expand, a line to wrap)."""
    lines = [line for piece in pieces for line in piece.plain.split("\n")]
    if any("\t" in line for line in lines):
        return None
    if not soft_wrap and any(_may_exceed(line, width) for line in lines):
        return None
    return "".join(piece.plain + "\n" for piece in pieces)


def _may_exceed(line: str, width: int) -> bool:
    """Whether the line might take more than `width` cells (without measuring each character:
    an ASCII character takes at most one, any other at most WIDEST_CELL)."""
    return len(line) * (1 if line.isascii() else WIDEST_CELL) > width
