"""The fork server on a host without usable cgroups (a container that delegates none): runs
are then followed by their process groups, and a limit by rusage and /proc."""

from __future__ import annotations

import dataclasses
import shutil
import textwrap
import time

import pytest

from judge.cache import Cache
from judge.formats.statement import PANDOC, markdown_to_latex
from judge.sandbox import ResourceLimits, RunRequest, Termination
from judge.sandbox.host import detect_host
from judge.sandbox.jail import JailSandbox
from tests.conftest import daemon_holding_a_lock, lock_is_free, python, wait_gone

LIMITS = ResourceLimits(cpu_ms=2000, wall_ms=20_000, memory_kb=256_000, output_kb=1024)
# Forks a child into its own process group that sleeps far longer than any test waits, prints
# the child's pid and leaves it behind.
LEAVES_A_CHILD = """
    import os, time
    child = os.fork()
    if child == 0:
        time.sleep(60)
        os._exit(0)
    print(child, flush=True)
    open("left.txt", "w").write("made")
"""


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    host = detect_host()
    if not host.root:
        pytest.skip("the fork server needs root")
    without = dataclasses.replace(host, cgroup_version=None, cgroup_dirs={},
                                  cgroup_reason="left out by the test")
    box = JailSandbox(Cache(tmp_path_factory.mktemp("cache")), without)
    yield box
    box.close()


def test_a_run_without_cgroups_says_so_and_gets_its_answer(sandbox, tmp_path):
    assert sandbox.info.cgroup_version is None
    result = sandbox.run(RunRequest(argv=python(tmp_path, "print(int(input()) * 2)"),
                                    limits=LIMITS, stdin_bytes=b"21\n"))
    assert result.ok and result.stdout == b"42\n", result


@pytest.mark.parametrize("leaves_files", [False, True], ids=["program alone", "with its init"])
def test_what_a_run_leaves_in_its_process_group_dies_with_it(sandbox, tmp_path, leaves_files):
    """Killed by its group: by the worker when the program is its own child, by its init
    (before the program is reaped) when the run copies files out of its /box."""
    out = tmp_path / "left.txt"
    request = RunRequest(argv=python(tmp_path, LEAVES_A_CHILD), limits=LIMITS,
                         files_out={"left.txt": out} if leaves_files else {})
    started = time.monotonic()
    result = sandbox.run(request)
    assert result.ok, result
    assert time.monotonic() - started < 10.0  # it did not wait for the child's 60 s
    assert out.exists() == leaves_files
    wait_gone(int(result.stdout))  # (without cgroups, runs share the host's PID namespace)


def test_a_cpu_limit_is_enforced_without_cgroups(sandbox, tmp_path):
    limits = ResourceLimits(cpu_ms=300, wall_ms=20_000, memory_kb=256_000, output_kb=64)
    result = sandbox.run(RunRequest(argv=python(tmp_path, "while True: pass"), limits=limits))
    assert result.termination is Termination.CPU_LIMIT, result


@pytest.mark.parametrize("leaves_files", [False, True], ids=["program alone", "with its init"])
def test_a_run_stopped_at_its_limit_leaves_nothing_without_cgroups(sandbox, tmp_path,
                                                                   leaves_files):
    """Stopped for CPU while its child sleeps: the group goes (by the init, which alone reaps
    the program, when the run has one)."""
    limits = ResourceLimits(cpu_ms=300, wall_ms=20_000, memory_kb=256_000, output_kb=64)
    spins = textwrap.dedent(LEAVES_A_CHILD) + "while True:\n    pass\n"
    request = RunRequest(argv=python(tmp_path, spins), limits=limits,
                         files_out={"left.txt": tmp_path / "left.txt"} if leaves_files else {})
    started = time.monotonic()
    result = sandbox.run(request)
    assert result.termination is Termination.CPU_LIMIT, result
    # Its CPU time comes from the rusage of the program's reap: by the init, when it has one,
    # which was not itself killed for not stopping the program in time.
    assert result.cpu_ms >= 300, result
    assert time.monotonic() - started < 10.0
    wait_gone(int(result.stdout))


def test_pandoc_converts_a_statement_without_a_memory_cgroup(sandbox):
    """pandoc's runtime (GHC's) refuses to start under a small RLIMIT_AS, the backstop a run
    gets where no memory cgroup caps it: its limits leave it the room it asks for."""
    if shutil.which(PANDOC) is None:
        pytest.skip("pandoc is not installed")
    latex = markdown_to_latex("## Input\n\nTwo numbers, $a$ and $b$.\n", sandbox)
    assert latex is not None and "\\section*{Input}" in latex, latex


def test_a_daemon_out_of_the_runs_process_group_is_killed_by_its_server(sandbox, tmp_path):
    """Out of its group (setsid), a trusted run's daemon comes back to the server, the
    subreaper of its runs' orphans, which kills it before its next order: by the next run's
    answer the lock it held is free."""
    argv, held = daemon_holding_a_lock(tmp_path)
    assert sandbox.run(RunRequest(argv=argv, limits=LIMITS, isolate=False)).ok
    after = sandbox.run(RunRequest(argv=python(tmp_path, "pass", name="next.py"),
                                   limits=LIMITS, isolate=False))
    assert after.ok, after
    assert lock_is_free(held), "the daemon outlived the next run"
