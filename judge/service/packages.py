"""Problem packages as content-addressed archives, so that workers need no shared filesystem.

The server packs what judging a problem needs (problems/ID, testdata/ID and the programs that
problem.yaml names: the reference, the checker, ...; never the other solutions) into a
deterministic tar.gz: sorted entries, fixed times and owners, so that the same files always give
the same bytes and the same sha256. A worker fetches an archive by that hash, checks it, and
unpacks it once into its cache as a small project root of its own.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import os
import shutil
import stat
import tarfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from judge.errors import JudgeError
from judge.problem.spec import Problem

SKIPPED_PARTS = frozenset({"__pycache__", ".git"})
MAX_ARCHIVE_MEMBERS = 100_000
COMPLETE_MARK = ".complete"


class PackageError(JudgeError):
    """An archive that does not match its hash or tries to escape its folder."""


@dataclass(frozen=True)
class PackageArchive:
    problem_id: str
    sha256: str
    data: bytes


def package_files(problem: Problem) -> dict[str, Path]:
    """Archive name -> file, for everything judging `problem` needs."""
    files: dict[str, Path] = {}
    for folder in (problem.directory, problem.testdata):
        for path in sorted(folder.rglob("*")):
            relative = path.relative_to(problem.root)
            if path.is_file() and not SKIPPED_PARTS.intersection(relative.parts):
                files[relative.as_posix()] = path
    named = (
        problem.reference,
        problem.checker.program,
        problem.generator.program if problem.generator else None,
        problem.validator,
        problem.shrinker,
        *(spec.program for spec in problem.answer_validators),  # problem.yaml names them
    )
    for path in named:
        if path is not None:
            files[path.relative_to(problem.root).as_posix()] = path
    return dict(sorted(files.items()))


def build_archive(problem: Problem) -> PackageArchive:
    buffer = io.BytesIO()
    # mtime=0 in the gzip header and in every entry: the bytes depend on the contents only.
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0) as compressed:
        with tarfile.open(fileobj=compressed, mode="w", format=tarfile.PAX_FORMAT) as tar:
            for name, path in package_files(problem).items():
                data = path.read_bytes()
                info = tarfile.TarInfo(name)
                info.size = len(data)
                info.mode = 0o755 if os.access(path, os.X_OK) else 0o644
                info.mtime = 0
                tar.addfile(info, io.BytesIO(data))
    data = buffer.getvalue()
    return PackageArchive(problem.id, hashlib.sha256(data).hexdigest(), data)


class PackageStore:
    """The server's archives, rebuilt when a file of the problem changes.

    Whether files changed is checked at most every `recheck_seconds` per problem: looking at
    every test file for every job would cost more than judging a small submission.
    """

    def __init__(self, recheck_seconds: float = 1.0) -> None:
        self.recheck_seconds = recheck_seconds
        self._lock = threading.Lock()
        self._by_problem: dict[str, tuple[tuple, float, PackageArchive]] = {}
        self._by_hash: dict[str, PackageArchive] = {}

    def archive(self, problem: Problem) -> PackageArchive:
        with self._lock:
            cached = self._by_problem.get(problem.id)
        if cached is not None and time.monotonic() - cached[1] < self.recheck_seconds:
            return cached[2]
        fingerprint = _fingerprint(problem)
        if cached is not None and cached[0] == fingerprint:
            archive = cached[2]
        else:
            archive = build_archive(problem)
        with self._lock:
            self._by_problem[problem.id] = (fingerprint, time.monotonic(), archive)
            self._by_hash[archive.sha256] = archive
        return archive

    def by_hash(self, sha256: str) -> PackageArchive | None:
        with self._lock:
            return self._by_hash.get(sha256)


def _fingerprint(problem: Problem) -> tuple:
    entries = []
    for name, path in package_files(problem).items():
        st = path.stat()
        entries.append((name, st.st_size, st.st_mtime_ns, st.st_mode))
    return tuple(entries)


class PackageCache:
    """A worker's unpacked packages, one folder per archive hash, each a project root."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._lock = threading.Lock()

    def root(self, sha256: str, fetch: Callable[[str], bytes]) -> Path:
        """The project root of archive `sha256`, fetched and unpacked on first use."""
        if not _is_sha256(sha256):
            raise PackageError(f"not a sha256: {sha256!r}")
        target = self.folder / sha256
        with self._lock:  # one download per archive, however many judging threads want it
            if (target / COMPLETE_MARK).exists():
                return target
            data = fetch(sha256)
            actual = hashlib.sha256(data).hexdigest()
            if actual != sha256:
                raise PackageError(f"package {sha256[:12]}: received data hashes to {actual}")
            partial = self.folder / f".{sha256}.{os.getpid()}.partial"
            shutil.rmtree(partial, ignore_errors=True)
            unpack_archive(data, partial)
            (partial / COMPLETE_MARK).touch()
            shutil.rmtree(target, ignore_errors=True)
            os.replace(partial, target)
        return target


def unpack_archive(data: bytes, destination: Path) -> None:
    """Unpack regular files and folders only; refuse links, devices and names that leave
    `destination` (absolute, '..'), whatever the archive says."""
    destination.mkdir(parents=True)
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            for count, member in enumerate(tar):
                if count >= MAX_ARCHIVE_MEMBERS:
                    raise PackageError(f"archive has over {MAX_ARCHIVE_MEMBERS} entries")
                _unpack_member(tar, member, destination)
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise PackageError(f"unreadable package archive: {exc}") from None


def _unpack_member(tar: tarfile.TarFile, member: tarfile.TarInfo, destination: Path) -> None:
    target = destination / _safe_name(member.name)
    if member.isdir():
        target.mkdir(parents=True, exist_ok=True)
        return
    if not member.isfile():
        raise PackageError(f"archive entry {member.name!r} is not a regular file or folder")
    target.parent.mkdir(parents=True, exist_ok=True)
    source = tar.extractfile(member)
    assert source is not None  # a regular file always has data
    with open(target, "xb") as out:
        shutil.copyfileobj(source, out)
    os.chmod(target, 0o755 if member.mode & stat.S_IXUSR else 0o644)


def _safe_name(name: str) -> PurePosixPath:
    path = PurePosixPath(name)
    if path.is_absolute() or not path.parts or any(p in ("..", "") for p in path.parts):
        raise PackageError(f"archive entry {name!r} would leave the package folder")
    if "\\" in name or "\0" in name:
        raise PackageError(f"archive entry {name!r} has a forbidden character")
    return path


def _is_sha256(text: str) -> bool:
    return len(text) == 64 and all(c in "0123456789abcdef" for c in text)
