"""Files a run finds in its own directory, and files it leaves there (RunRequest.files_in/out),
for the runs whose directory is a folder of the host; the fork server copies them itself into
and out of an isolated run's private /box."""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Mapping
from pathlib import Path

from judge.sandbox.api import RunRequest


def check_file_names(request: RunRequest) -> None:
    """files_in and files_out name plain files of the run's own directory."""
    for name in (*request.files_in, *request.files_out):
        if not name or "/" in name or name in (".", ".."):
            raise ValueError(f"not a plain file name: {name!r}")
    if request.cwd is not None and (request.files_in or request.files_out):
        raise ValueError("files_in and files_out need the run's own directory (cwd=None)")


def place_files(files: Mapping[str, Path], directory: Path) -> dict[str, Path]:
    """Copy each host file to `directory` under its name; return the copies."""
    placed = {}
    for name, source in files.items():
        placed[name] = directory / name
        shutil.copyfile(source, placed[name])
    return placed


def collect_files(files: Mapping[str, Path], directory: Path) -> None:
    """Copy each regular file `name` of `directory` to its destination; names that are missing,
    or are links or anything but a regular file, are left behind."""
    for name, destination in files.items():
        try:
            fd = os.open(directory / name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        with os.fdopen(fd, "rb") as source:
            mode = os.fstat(fd).st_mode
            if not stat.S_ISREG(mode):
                continue
            destination.parent.mkdir(parents=True, exist_ok=True)
            with open(destination, "wb") as target:
                shutil.copyfileobj(source, target)
            os.chmod(destination, mode & 0o755)
