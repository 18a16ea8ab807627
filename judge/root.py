"""Locating the project root: the folder that holds problems/."""

from __future__ import annotations

import os
from pathlib import Path

from judge.errors import JudgeError

ROOT_ENV = "JUDGE_ROOT"


def find_root(explicit: Path | None, cwd: Path, environ: dict[str, str]) -> Path:
    """--root wins, then $JUDGE_ROOT, then the nearest ancestor of `cwd` holding problems/."""
    if explicit is not None:
        return _check_root(explicit, "--root")
    if environ.get(ROOT_ENV):
        return _check_root(Path(environ[ROOT_ENV]), f"${ROOT_ENV}")
    for folder in (cwd, *cwd.parents):
        if (folder / "problems").is_dir():
            return folder
    raise JudgeError(
        f"no project root found: neither {cwd} nor any folder above it holds problems/; "
        f"use --root DIR or set {ROOT_ENV}"
    )


def _check_root(path: Path, origin: str) -> Path:
    path = path.expanduser().resolve()
    if not path.exists():
        raise JudgeError(f"{origin} {path} does not exist")
    if not path.is_dir():
        raise JudgeError(f"{origin} {path} is not a folder")
    if not (path / "problems").is_dir():
        raise JudgeError(f"{origin} {path} is not a project root: it has no problems/ folder")
    return path


def cache_dir(environ: dict[str, str]) -> Path:
    """Where calibration results and compiled binaries are kept between runs."""
    if environ.get("JUDGE_CACHE_DIR"):
        return Path(environ["JUDGE_CACHE_DIR"])
    base = environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "judge"
