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
