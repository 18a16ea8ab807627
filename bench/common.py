"""Shared helpers for the benchmarks: the project root and a sandbox."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from judge.cache import Cache
from judge.root import cache_dir

ROOT = Path(__file__).resolve().parent.parent


def bench_cache() -> Cache:
    return Cache(cache_dir(dict(os.environ)))


def print_header(title: str) -> None:
    print()
    print(title)
    print("-" * len(title))


def shell_interpreters() -> tuple[tuple[str, str], ...]:
    """The interpreters a shell loop would use: `python3` on PATH, and the interpreter itself
    (the base installation, not this project's virtual environment)."""
    return (
        ("python3 on PATH", "python3"),
        ("the interpreter itself", str(Path(sys.base_prefix) / "bin/python3")),
    )
