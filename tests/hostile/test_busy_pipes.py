"""Hostile submissions that keep their pipes busy, so that a judge that looks at the limits only
when the pipes are quiet would never look: the limits are checked on a timer all the same."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from judge.cache import Cache
from judge.sandbox import ResourceLimits, RunRequest, Termination, open_sandbox
from tests.conftest import scaled, scaled_ms

pytestmark = pytest.mark.host_tier

PROGRAMS = Path(__file__).with_name("programs")
# Far from noise: a check every few milliseconds, against a margin of tenths of a second.
MARGIN_MS = scaled_ms(300)


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    box = open_sandbox(Cache(tmp_path_factory.mktemp("cache")))
    yield box
    box.close()


def relays(sandbox, mode, limits):
    argv = (sys.executable, "-I", "-S", "-B", str(PROGRAMS / "stderr_relays.py"))
    return sandbox.run(RunRequest(argv=argv, limits=limits, stdin_bytes=mode.encode()))


@pytest.mark.vm_tier
def test_stderr_writers_are_stopped_at_the_cpu_limit(sandbox):
    host = getattr(sandbox, "host", None)
    if host is None or (host.cgroup_version is None and not host.user_namespace):
        # Without either the CPU read is the program's own: its children's counts only once
        # they are reaped ("time" in judge doctor), and RLIMIT_CPU is the backstop.
        pytest.skip("the CPU of a run's child processes as they run needs cgroups or the "
                    "runs' own PID namespace")
    limits = scaled(ResourceLimits(cpu_ms=1000, wall_ms=30_000, memory_kb=256_000, output_kb=64))
    result = relays(sandbox, "burn", limits)
    assert result.termination is Termination.CPU_LIMIT, result
    assert limits.cpu_ms <= result.cpu_ms < limits.cpu_ms + MARGIN_MS
    assert result.stderr.startswith(b"x" * 100)  # it did write, all along


@pytest.mark.vm_tier
def test_stderr_writers_are_stopped_at_the_wall_backstop(sandbox):
    limits = scaled(ResourceLimits(cpu_ms=1000, wall_ms=3000, memory_kb=256_000, output_kb=64))
    result = relays(sandbox, "sleep", limits)
    if result.termination is Termination.CPU_LIMIT:  # a crowded host: the writes cost CPU too
        assert result.cpu_ms < limits.cpu_ms + MARGIN_MS
        return
    assert result.termination is Termination.WALL_LIMIT, result
    assert limits.wall_ms <= result.wall_ms < limits.wall_ms + MARGIN_MS
