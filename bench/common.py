"""Shared helpers for the benchmarks: the project root and a sandbox."""

from __future__ import annotations

import os
from pathlib import Path

from judge.root import cache_dir

ROOT = Path(__file__).resolve().parent.parent


def bench_cache_dir() -> Path:
    return cache_dir(dict(os.environ))


def print_header(title: str) -> None:
    print()
    print(title)
    print("-" * len(title))
