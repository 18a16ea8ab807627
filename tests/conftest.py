"""Fixture problems on disk: small real packages that tests judge with real processes."""

from __future__ import annotations

import dataclasses
import fcntl
import os
import shutil
import sys
import textwrap
import time
from pathlib import Path

import pytest

from judge.cache import Cache
from judge.sandbox import ResourceLimits, open_sandbox

# How many times slower than this kind of machine the host running the tests is: 1 here; a host
# tier under software emulation sets it (tests/hosts/test_vm_cgroup_v2.py). Tests about
# containment and verdicts, not about this host's speed, multiply their CPU and wall limits by it,
# so that an interpreter's start or a trusted run never comes near a limit there; and their
# margins of promptness, since the supervisor that keeps them is slowed alike.
TIME_SCALE_VARIABLE = "JUDGE_TEST_TIME_SCALE"


def time_scale() -> float:
    text = os.environ.get(TIME_SCALE_VARIABLE, "1")
    try:
        scale = float(text)
    except ValueError:
        scale = 0.0
    if not scale >= 1:
        raise pytest.UsageError(f"${TIME_SCALE_VARIABLE} is a factor of at least 1, not {text!r}")
    return scale


def scaled_ms(ms: float) -> int:
    """`ms` of CPU or wall time here, on the host running the tests."""
    return round(ms * time_scale())


def scaled(limits: ResourceLimits) -> ResourceLimits:
    """`limits` with their CPU and wall time as long, on the host running the tests, as they
    are on this kind of machine."""
    return dataclasses.replace(limits, cpu_ms=scaled_ms(limits.cpu_ms),
                               wall_ms=scaled_ms(limits.wall_ms))


def python(tmp_path: Path, source: str, name: str = "prog.py") -> tuple[str, ...]:
    """argv of a Python program written from `source` (dedented) into `tmp_path`."""
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    return (sys.executable, "-I", "-S", "-B", str(path))


def daemon_holding_a_lock(tmp_path: Path) -> tuple[tuple[str, ...], Path]:
    """(argv of a program that leaves a daemon out of its process group, setsid, holding a
    file lock for 60 s once it has started, the locked file). Its pid may be of another PID
    namespace: whether it lives is seen by its lock (lock_is_free), which its death releases."""
    held = tmp_path / "held"
    held.write_text("")
    argv = python(tmp_path, f"""
        import fcntl, os, time
        ready_r, ready_w = os.pipe()
        if os.fork() == 0:
            os.setsid()  # out of the run's process group
            if os.fork() == 0:
                handle = open({str(held)!r})
                fcntl.flock(handle, fcntl.LOCK_EX)  # held while this process lives
                os.write(ready_w, b"1")
                time.sleep(60)
            os._exit(0)
        os.read(ready_r, 1)  # the daemon is up and holds the lock
    """, name="daemon.py")
    return argv, held


def lock_is_free(held: Path) -> bool:
    with held.open() as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
    return True


def wait_gone(pid: int, timeout: float = 10.0) -> None:
    """Until the process `pid` is gone or a zombie (dead, waiting for its parent)."""
    deadline = time.monotonic() + timeout
    while _state_of(pid) not in ("gone", "Z", "X"):
        assert time.monotonic() < deadline, f"process {pid} outlived its run"
        time.sleep(0.01)


def _state_of(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"



SUM_YAML = """\
id: sum
title: Sum of two numbers
source: fixture
limits:
  time_ms: 1000
  memory_kb: 65536
  output_kb: 64
reference: solutions/sum/reference.py
"""

SUM_TESTS = {
    "sample-1": ("1 2\n", "3\n"),
    "hand-01-negative": ("-5 3\n", "-2\n"),
    "hand-02-large": ("1000000000 1000000000\n", "2000000000\n"),
}

SOLUTIONS = {
    "reference.py": "a, b = map(int, input().split())\nprint(a + b)\n",
    "ac_spaces.py": "a, b = map(int, input().split())\nprint('  ', a + b, '  ')\n",
    "wa.py": "a, b = map(int, input().split())\nprint(a - b if a < 0 else a + b)\n",
    "pe.py": "a, b = map(int, input().split())\nprint()\nprint(a + b)\n",
    "tle.py": "while True:\n    pass\n",
    "sleep.py": "import time\ntime.sleep(30)\n",
    "mle.py": "a = bytearray(200 * 1024 * 1024)\nfor i in range(0, len(a), 4096):\n    a[i] = 1\n"
    "print(len(a))\n",
    "ole.py": "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n",
    "re.py": "a, b = map(int, input().split())\nprint(a // (b - b))\n",
    "segv.py": "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n",
}


def write_project(
    root: Path,
    problem_yaml: str = SUM_YAML,
    tests: dict | None = None,
    solutions: dict | None = None,
    problem_files: dict | None = None,
    problem_id: str = "sum",
) -> Path:
    """A project root with one problem, 'sum' unless told otherwise."""
    (root / "problems" / problem_id).mkdir(parents=True)
    (root / "problems" / problem_id / "problem.yaml").write_text(problem_yaml)
    (root / "problems" / problem_id / "statement.md").write_text(
        "# Sum\n\nRead two integers, print their sum.\n"
    )
    for name, text in (problem_files or {}).items():
        path = root / "problems" / problem_id / name
        path.write_text(textwrap.dedent(text))
    data = root / "testdata" / problem_id
    data.mkdir(parents=True)
    for name, (given, answer) in (SUM_TESTS if tests is None else tests).items():
        (data / f"{name}.in").write_text(given)
        (data / f"{name}.ans").write_text(answer)
    folder = root / "solutions" / problem_id
    folder.mkdir(parents=True)
    for name, text in (SOLUTIONS if solutions is None else solutions).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return root


@pytest.fixture(autouse=True)
def no_columns(monkeypatch):
    """Output is checked as a pipe sees it: no $COLUMNS from the shell that runs the tests."""
    monkeypatch.delenv("COLUMNS", raising=False)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return write_project(tmp_path / "project")


@pytest.fixture(scope="session")
def isolation_flags(tmp_path_factory) -> list[str]:
    """--unsandboxed only on a host where the sandbox cannot isolate (tests of the refusal
    itself use a plain sandbox on purpose)."""
    sandbox = open_sandbox(Cache(tmp_path_factory.getbasetemp() / "judge-cache"))
    try:
        return [] if sandbox.info.isolated else ["--unsandboxed"]
    finally:
        sandbox.close()


@pytest.fixture(scope="session")
def shared_cache(tmp_path_factory) -> Cache:
    """One cache folder for the whole session and every xdist worker: programs that take
    seconds to compile (a JVM language's) are compiled once, whichever worker comes first
    (the cache is safe for judges sharing it)."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the run's folder, above each worker's own
    return Cache(base / "shared-judge-cache")


@pytest.fixture
def cache(tmp_path_factory) -> Cache:
    """One cache folder for the whole session: compiled programs and baselines are reused."""
    return Cache(tmp_path_factory.getbasetemp() / "judge-cache")


needs_cgroup2_mount = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("unshare") is None,
    reason="mounting cgroup2 needs root and unshare(1)")


def run_on_a_private_cgroup2_mount(script: str, tmp_path: Path) -> tuple[list[str], str]:
    """Run the Python `script` (argv: this checkout, a mount point) as root in a mount namespace
    of its own, where it may mount cgroup2 at that point: its stdout's words and its stderr.
    Skips the test where cgroup2 cannot be mounted here."""
    import subprocess

    mount = tmp_path / "cgroup2"
    mount.mkdir()
    root = Path(__file__).resolve().parents[1]
    probe = subprocess.run(["unshare", "--mount", "--propagation", "private", sys.executable,
                            "-c", script, str(root), str(mount)],
                           capture_output=True, text=True, timeout=60)
    if probe.returncode != 0 and "mount" in probe.stderr:
        pytest.skip(f"cannot mount cgroup2 here: {probe.stderr.strip()[-200:]}")
    return probe.stdout.split(), probe.stderr
