"""Errors the user can act on. The CLI prints them without a traceback and exits with status 2."""

from __future__ import annotations

from pathlib import Path


class JudgeError(Exception):
    """A usage or problem-package error: a message for the user, not a bug."""


class ProblemError(JudgeError):
    """Something wrong in a problem package, located as precisely as the file allows."""

    def __init__(
        self, path: Path, message: str, *, line: int | None = None, key: str | None = None
    ):
        self.path = path
        self.line = line
        self.key = key
        self.detail = message
        where = str(path) + (f":{line}" if line is not None else "")
        prefix = f"{where}: " + (f"key '{key}': " if key else "")
        super().__init__(prefix + message)


def did_you_mean(word: str, choices: list[str], listed: int = 12) -> str:
    """A hint for a mistyped name: the close matches, else the names there are (a few)."""
    import difflib  # only for a mistyped name: not loaded on every run

    close = difflib.get_close_matches(word, choices, n=3, cutoff=0.6)
    if close:
        return "; did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
    if not choices:
        return ""
    shown = ", ".join(choices[:listed]) + (", ..." if len(choices) > listed else "")
    return f" (known: {shown})"
