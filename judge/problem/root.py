"""Locating the project root: the folder that holds problems/."""

from __future__ import annotations

from pathlib import Path

from judge.errors import JudgeError, ProblemError
from judge.places import cache_folder

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


def inside_root(path: Path, root: Path) -> Path:
    """`path`, once it is known not to lead out of the project root.

    A symbolic link in a package (a test, a program, the statement) that points outside the
    root is refused, not followed: it would feed a host file such as /etc/shadow to a
    submission, or into a report. Links that stay inside the root are fine.
    """
    real = path.resolve()
    if real.is_relative_to(root.resolve()):
        return path
    how = "is a symbolic link" if path.is_symlink() else "leads through a symbolic link"
    raise ProblemError(path, f"{how} to {real}, outside the project root {root}: refused")


def cache_dir(environ: dict[str, str]) -> Path:
    """Where calibration results and compiled binaries are kept between runs."""
    return Path(cache_folder(environ))
