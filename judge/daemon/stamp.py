"""The identity of the code a resident judge runs: every module file of the judge, the
interpreter, and the folders its packages are found in (installing or removing one changes its
folder). A daemon whose stamp no longer matches the disk takes no command: old code must never
judge after an upgrade."""

from __future__ import annotations

import hashlib
import os
import sys

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def code_stamp() -> str:
    digest = hashlib.sha256()
    for folder, subfolders, files in os.walk(PACKAGE):
        subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                _add(digest, os.path.join(folder, name))
    _add(digest, sys.executable)
    for entry in sys.path:
        _add(digest, entry or ".")
    return digest.hexdigest()


def _add(digest, path: str) -> None:
    try:
        status = os.stat(path)
    except OSError:
        digest.update(f"{path}\0-\0".encode(errors="surrogateescape"))
        return
    digest.update(f"{path}\0{status.st_mtime_ns}\0{status.st_size}\0{status.st_ino}\0"
                  .encode(errors="surrogateescape"))
