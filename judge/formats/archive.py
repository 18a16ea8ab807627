"""Opening a package given as a folder or a zip archive (.zip, .kpp), and following its symlinks
only as far as the package reaches.

A zip is extracted into a temporary folder by hand rather than with ZipFile.extractall, so that
names that climb out (`../x`, `/etc/x`) and symlinks that point out of the package are refused
instead of written, and so that symlink entries (which extractall writes as small text files)
become links again: packages use them to share a test between groups.
"""

from __future__ import annotations

import os
import stat
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from judge.errors import JudgeError, ProblemError

ARCHIVE_SUFFIXES = (".zip", ".kpp")
MAX_EXTRACTED_BYTES = 8 * 1024**3  # a bound against zip bombs, far above any real package


@dataclass(frozen=True)
class OpenedPackage:
    root: Path  # the folder that holds the marker file
    name: str  # the package's own name: its folder, or the archive without its suffix


@contextmanager
def opened_package(path: Path, marker: str) -> Iterator[OpenedPackage]:
    """The package at `path` (a folder or an archive) whose root holds the file `marker`."""
    path = path.expanduser()
    if path.is_dir():
        yield OpenedPackage(_package_root(path, marker, path), path.resolve().name)
        return
    if not path.is_file():
        raise JudgeError(f"{path}: no such package (expected a folder or a .zip/.kpp archive)")
    if path.suffix.lower() not in ARCHIVE_SUFFIXES or not zipfile.is_zipfile(path):
        raise JudgeError(f"{path}: expected a package folder or a .zip/.kpp archive")
    with tempfile.TemporaryDirectory(prefix="judge-package-") as scratch:
        extract_zip(path, Path(scratch))
        root = _package_root(Path(scratch), marker, path)
        name = root.name if root != Path(scratch) else path.stem
        yield OpenedPackage(root, name)


def _package_root(folder: Path, marker: str, shown: Path) -> Path:
    if (folder / marker).is_file():
        return folder
    inside = [child for child in folder.iterdir() if (child / marker).is_file()]
    if len(inside) == 1:
        return inside[0]
    raise JudgeError(f"{shown}: no {marker} at the top of the package (nor in one folder below)")


def extract_zip(archive: Path, target: Path) -> None:
    links: list[tuple[Path, str]] = []
    total = 0
    with zipfile.ZipFile(archive) as zipped:
        for info in zipped.infolist():
            relative = _safe_member(archive, info.filename)
            if relative is None or info.is_dir():
                continue
            destination = target / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            if stat.S_ISLNK(info.external_attr >> 16):
                links.append((destination, zipped.read(info).decode(errors="replace")))
                continue
            total += info.file_size
            if total > MAX_EXTRACTED_BYTES:
                raise JudgeError(f"{archive}: unpacks to more than {MAX_EXTRACTED_BYTES} bytes")
            destination.write_bytes(zipped.read(info))
            if (info.external_attr >> 16) & 0o111:
                destination.chmod(0o755)
    for link, pointee in links:
        if os.path.isabs(pointee) or not _inside(target, link.parent / pointee):
            raise ProblemError(
                archive, f"symlink {link.relative_to(target)} -> {pointee} leaves the package"
            )
        link.symlink_to(pointee)


def _safe_member(archive: Path, name: str) -> PurePosixPath | None:
    member = PurePosixPath(name.replace("\\", "/"))
    if member.is_absolute() or ".." in member.parts:
        raise ProblemError(archive, f"archive member '{name}' would land outside the package")
    parts = [part for part in member.parts if part not in ("", ".")]
    if not parts or parts[0] == "__MACOSX":  # resource forks that macOS zips carry along
        return None
    return PurePosixPath(*parts)


def _inside(root: Path, path: Path) -> bool:
    real_root = os.path.realpath(root)
    return os.path.commonpath([real_root, os.path.realpath(path)]) == real_root


def resolve_inside(package: Path, path: Path) -> Path:
    """`path` with its symlinks followed; an error when they lead out of the package or nowhere."""
    real = Path(os.path.realpath(path))
    if not _inside(package, real):
        raise ProblemError(path, f"a symlink leads out of the package (to {real}); refused")
    if not real.is_file():
        raise ProblemError(path, f"a symlink leads to no file (to {real})")
    return real
