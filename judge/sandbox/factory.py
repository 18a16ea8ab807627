"""Chooses the process runner for this host."""

from __future__ import annotations

from pathlib import Path

from judge.sandbox.api import Sandbox
from judge.sandbox.plain import PlainSandbox


def open_sandbox(cache_dir: Path) -> Sandbox:
    """Return the strongest sandbox this host supports; `cache_dir` keeps calibration data."""
    return PlainSandbox(cache_dir)
