"""Problem packages as content-addressed archives: deterministic, complete, safe to unpack."""

from __future__ import annotations

import hashlib
import io
import tarfile

import pytest

from judge.service.packages import (
    PackageCache,
    PackageError,
    PackageStore,
    build_archive,
    unpack_archive,
)
from judge.problem.spec import load_problem
from tests.conftest import write_project


def names(data: bytes) -> list[str]:
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        return tar.getnames()


def test_archive_is_deterministic_and_holds_what_judging_needs(tmp_path):
    first = load_problem(write_project(tmp_path / "a"), "sum")
    second = load_problem(write_project(tmp_path / "b"), "sum")
    archive = build_archive(first)
    assert archive.data == build_archive(second).data  # other folder, other mtimes: same bytes
    assert archive.sha256 == hashlib.sha256(archive.data).hexdigest()
    members = names(archive.data)
    assert members == sorted(members)
    assert "problems/sum/problem.yaml" in members
    assert "testdata/sum/hand-01-negative.ans" in members
    assert "solutions/sum/reference.py" in members  # problem.yaml names it
    assert "solutions/sum/wa.py" not in members  # other solutions never travel


def test_store_rebuilds_when_a_test_changes(tmp_path):
    root = write_project(tmp_path / "p")
    store = PackageStore(recheck_seconds=0)
    before = store.archive(load_problem(root, "sum"))
    (root / "testdata" / "sum" / "sample-1.ans").write_text("3 \n")
    after = store.archive(load_problem(root, "sum"))
    assert before.sha256 != after.sha256
    assert store.by_hash(before.sha256) is before and store.by_hash(after.sha256) is after


def test_cache_verifies_the_hash_and_unpacks_once(tmp_path):
    archive = build_archive(load_problem(write_project(tmp_path / "p"), "sum"))
    cache = PackageCache(tmp_path / "cache")
    fetched = []

    def fetch(sha256):
        fetched.append(sha256)
        return archive.data

    root = cache.root(archive.sha256, fetch)
    assert cache.root(archive.sha256, fetch) == root and len(fetched) == 1
    assert load_problem(root, "sum").limits.time_ms == 1000
    with pytest.raises(PackageError, match="hashes to"):
        cache.root("0" * 64, fetch)
    with pytest.raises(PackageError, match="not a sha256"):
        cache.root("../../etc", fetch)


def hostile_archive(kind: str) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        info = tarfile.TarInfo({"dotdot": "../escaped", "absolute": "/tmp/escaped"}.get(kind, "x"))
        if kind == "symlink":
            info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
        elif kind == "hardlink":
            info.type, info.linkname = tarfile.LNKTYPE, "/etc/passwd"
        elif kind == "device":
            info.type = tarfile.CHRTYPE
        data = b"gotcha"
        info.size = len(data) if info.isfile() else 0
        tar.addfile(info, io.BytesIO(data) if info.isfile() else None)
    return buffer.getvalue()


@pytest.mark.parametrize("kind", ["dotdot", "absolute", "symlink", "hardlink", "device"])
def test_unpacking_refuses_escapes(tmp_path, kind):
    with pytest.raises(PackageError):
        unpack_archive(hostile_archive(kind), tmp_path / "out")
    assert not (tmp_path / "escaped").exists()
    assert not any(p.is_symlink() for p in (tmp_path / "out").rglob("*"))


def test_unpacking_refuses_garbage(tmp_path):
    with pytest.raises(PackageError, match="unreadable"):
        unpack_archive(b"not a tar", tmp_path / "out")
