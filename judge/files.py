"""Writing files that other processes, threads or later runs may read at any moment."""

from __future__ import annotations

import os
import threading
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write whole or not at all: a reader sees the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.partial")
    partial.write_bytes(data)
    os.replace(partial, path)


def file_identity(name: str) -> str:
    """A file's resolved path, size and mtime: changes when the file is replaced or upgraded."""
    try:
        real = os.path.realpath(name)
        st = os.stat(real)
        return f"{real}:{st.st_size}:{st.st_mtime_ns}"
    except OSError:
        return name
