"""Styled text written without rich where rich would add no styles: the same characters."""

from __future__ import annotations

import io

import pytest
from rich.console import Console, Group
from rich.text import Text

from judge.present import terminal
from judge.present.styled import Styled, plain_text

PIECES = [
    "tiny: A plus B",
    "",
    "\nverdict: AC Accepted",
    "ends with a newline\n",
    "two\n\nblank lines between",
    "control \x07bell \x08back \x0bvt \x0cff \r\ncarriage return, escape \x1b[31m shown",
    "wide 漢字 and emoji 😀, combining e\u0301, NUL \x00",
    "x" * 80,
]


def rich_writes(pieces: list[Styled], width: int, soft_wrap: bool = False) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, highlight=False)
    console.print(Group(*(piece.to_rich() for piece in pieces)), soft_wrap=soft_wrap)
    return out.getvalue()


def test_styled_holds_what_rich_text_holds():
    ours = Styled("sandbox: ", style="dim").append("jail", style="bold").append(" (v1)")
    ours.append_styled(Styled("AC", style="bold green"))
    theirs = Text("sandbox: ", style="dim")
    theirs.append("jail", style="bold")
    theirs.append(" (v1)")
    theirs.append_text(Text("AC", style="bold green"))
    assert ours.to_rich().plain == theirs.plain
    assert ours.to_rich().spans == theirs.spans
    assert str(ours.to_rich().style) == str(theirs.style)
    lines = Styled.lines([Styled("a", style="italic"), ours])
    joined = Text("\n").join([Text("a", style="italic"), theirs])
    assert (lines.to_rich().plain, lines.to_rich().spans) == (joined.plain, joined.spans)


@pytest.mark.parametrize("width", [1000, 120])
def test_plain_text_is_what_rich_writes_to_a_file(width):
    pieces = [Styled(text, style="bold") for text in PIECES]
    pieces[1].append("styled part", style="red")
    assert plain_text(pieces, width) == rich_writes(pieces, width)


def test_tabs_and_lines_wider_than_the_output_are_left_to_rich():
    assert plain_text([Styled("a\tb")], 1000) is None
    assert plain_text([Styled("x" * 81)], 80) is None
    assert plain_text([Styled("漢" * 41)], 80) is None  # two cells each
    assert plain_text([Styled("x" * 81)], 80, soft_wrap=True) == "x" * 81 + "\n"


@pytest.mark.parametrize("extra", [[], ["a\ttab", "y" * 1200]], ids=["plain", "laid out by rich"])
def test_show_writes_to_a_pipe_what_rich_would(capsys, monkeypatch, extra):
    for name in terminal.RICH_TERMINAL_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("COLUMNS", raising=False)
    pieces = [Styled(text, style="bold") for text in [*PIECES, *extra]]
    terminal.show(pieces)
    assert capsys.readouterr().out == rich_writes(pieces, terminal.WIDE)


def test_show_leaves_a_forced_terminal_to_rich(capsys, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    terminal.show([Styled("AC", style="bold green")])
    assert "\x1b[" in capsys.readouterr().out


def test_control_characters_are_shown_not_obeyed():
    text = Styled("\x1b]52;c;aGk=\x07title\r").append("\x1b[32mverdict: AC\x1b[0m", style="red")
    assert text.plain == "\\x1b]52;c;aGk=\\atitle\\r\\x1b[32mverdict: AC\\x1b[0m"
    assert text.spans == [(len("\\x1b]52;c;aGk=\\atitle\\r"), len(text.plain), "red")]
