"""Where the commands print: consoles sized to the real terminal, and small wording helpers.

Rich assumes 80 columns whenever its stream is not a terminal, which cuts ids, test names and
messages in pipes, files and CI logs. Output that is not a terminal gets a wide layout instead
(nothing is wrapped or cut below WIDE columns); a terminal, or $COLUMNS, gives the real width.
"""

from __future__ import annotations

import os
import sys

from rich.console import Console

WIDE = 1000


def is_terminal(stderr: bool = False) -> bool:
    stream = sys.stderr if stderr else sys.stdout
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False


def console(stderr: bool = False) -> Console:
    """A console for stdout (or stderr): the terminal's width, else $COLUMNS, else WIDE."""
    sized = is_terminal(stderr) or os.environ.get("COLUMNS", "").isdigit()
    return Console(stderr=stderr, highlight=False, width=None if sized else WIDE)


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """'1 test', '2 tests', '0 tests'."""
    word = noun if count == 1 else (plural_form or f"{noun}s")
    return f"{count} {word}"
