"""Where the judge keeps its files between runs, found from an environment alone: imported
before anything else of the judge (judge.resident.client), so the standard library only."""

from __future__ import annotations

import os

CACHE_ENV = "JUDGE_CACHE_DIR"


def cache_folder(environ: dict[str, str]) -> str:
    """Where calibration results, compiled binaries and the resident judge's socket are kept."""
    if environ.get(CACHE_ENV):
        return environ[CACHE_ENV]
    base = environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "judge")
