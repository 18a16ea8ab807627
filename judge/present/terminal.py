"""Where the commands print: consoles sized to the real terminal, and small wording helpers.

Rich assumes 80 columns whenever its stream is not a terminal, which cuts ids, test names and
messages in pipes, files and CI logs. Output that is not a terminal gets a wide layout instead
(nothing is wrapped or cut below WIDE columns); a terminal, or $COLUMNS, gives the real width.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from judge.present.styled import Styled, plain_text

if TYPE_CHECKING:
    from rich.console import Console
    from rich.status import Status

WIDE = 1000
# Variables that make rich treat a stream that is not a terminal as one (colours in a CI log).
RICH_TERMINAL_VARIABLES = ("FORCE_COLOR", "TTY_COMPATIBLE")


def is_terminal(stderr: bool = False) -> bool:
    stream = sys.stderr if stderr else sys.stdout
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False


def console(stderr: bool = False) -> Console:
    """A console for stdout (or stderr): the terminal's width, else $COLUMNS, else WIDE."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, width=None if _sized(stderr) else WIDE)


def _sized(stderr: bool) -> bool:
    return is_terminal(stderr) or os.environ.get("COLUMNS", "").isdigit()


def styled_output(stderr: bool = False) -> bool:
    """Whether rich would style what goes to stdout (or stderr): a terminal, or a stream that a
    variable tells rich to treat as one. Elsewhere rich writes plain characters."""
    return is_terminal(stderr) or any(name in os.environ for name in RICH_TERMINAL_VARIABLES)


def status(label: str, on: Console | None = None) -> Status | Unseen:
    """A spinner with `label` on `on` (default: a console on stderr), where rich would draw it.
    On stderr that is no terminal, a stand-in that draws nothing: rich would draw nothing there
    either, but still redraw it in a thread of its own, 12.5 times a second."""
    if on is None:
        if not styled_output(stderr=True):
            return Unseen()
        on = console(stderr=True)
    return on.status(label, spinner="dots")


class Unseen:
    """A status nobody sees: a context manager whose updates go nowhere."""

    def __enter__(self) -> Unseen:
        return self

    def __exit__(self, *exc) -> None:
        return None

    def update(self, status: str) -> None:
        return None


def show(pieces: Sequence[Styled], stderr: bool = False, soft_wrap: bool = False) -> None:
    """Print the pieces one after the other, as console(stderr).print would; rich is loaded
    only when it has something to do (styles, wrapping, tabs)."""
    if not styled_output(stderr):
        width = int(os.environ["COLUMNS"]) if _sized(stderr) else WIDE
        text = plain_text(pieces, width, soft_wrap)
        if text is not None:
            stream = sys.stderr if stderr else sys.stdout
            stream.write(text)
            stream.flush()  # as rich does: stdout and stderr keep their order in one log
            return
    from rich.console import Group

    console(stderr).print(Group(*(piece.to_rich() for piece in pieces)), soft_wrap=soft_wrap)
