"""What the host refuses on a file a command writes (a folder the user may not write, a
read-only file system, a kernel's file system) is the user's to fix: one line naming the file,
exit status 2, never an internal error. /sys refuses even root."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REFUSING = Path("/sys/kernel/judge-test-refused")  # EPERM, or EROFS in a container


def judge(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "judge", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)


@pytest.fixture(autouse=True)
def sysfs_refuses():
    if not Path("/sys/kernel").is_dir() or REFUSING.exists():
        pytest.skip("no /sys/kernel here to refuse a write")


def test_an_export_into_a_folder_the_host_refuses_says_so():
    done = judge("export", "kattis", "sightseeing", str(REFUSING))
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"judge: error: {REFUSING}"), done.stderr
    assert "internal error" not in done.stderr


def test_a_database_the_host_refuses_is_named():
    done = judge("user", "add", "bob", "--db", f"sqlite:///{REFUSING}/judge.db")
    assert done.returncode == 2, done.stderr
    assert f"--db: cannot write the database {REFUSING}/judge.db" in done.stderr, done.stderr
    assert "internal error" not in done.stderr
