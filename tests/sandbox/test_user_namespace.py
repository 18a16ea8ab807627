"""A judge that is not root: its fork server isolates runs in a user namespace of its own.
These run in the normal-user host tier (tests/hosts/test_normal_user.py); as root they skip."""

from __future__ import annotations

import os
import sys

import pytest

from judge.cache import Cache
from judge.sandbox import ResourceLimits, RunRequest, Termination, open_sandbox
from judge.sandbox.userns import probe
from tests.conftest import scaled

pytestmark = pytest.mark.host_tier

LIMITS = scaled(ResourceLimits(cpu_ms=2000, wall_ms=10_000, memory_kb=256_000, output_kb=64))


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    if os.geteuid() == 0:
        pytest.skip("root gets the root sandbox; the host tier runs this as a normal user")
    allowed, why = probe()
    if not allowed:
        pytest.skip(why)
    box = open_sandbox(Cache(tmp_path_factory.mktemp("cache")))
    yield box
    box.close()


@pytest.mark.vm_tier
def test_a_normal_user_gets_isolation_from_a_user_namespace(sandbox):
    info = sandbox.info
    for guarantee in ("network", "file system", "processes", "cleanup", "system calls"):
        assert guarantee in info.guarantees, (guarantee, info)
    assert "memory" in info.guarantees  # the program's own peak, without a cgroup


@pytest.mark.vm_tier
def test_the_run_has_no_capability_and_its_own_root(sandbox):
    script = ("import os\n"
              "caps = [l for l in open('/proc/self/status') if l.startswith('CapEff')]\n"
              "print(caps[0].split()[1], sorted(os.listdir('/')),\n"
              "      os.readlink('/proc/self/ns/pid'))\n")
    result = sandbox.run(RunRequest(argv=(sys.executable, "-I", "-S", "-B", "-c", script),
                                    limits=LIMITS))
    assert result.termination is Termination.EXITED and result.exit_code == 0, result
    caps, rest = result.stdout.decode().split(" ", 1)
    assert int(caps, 16) == 0
    assert "'home'" not in rest and "'box'" in rest
    assert not rest.strip().endswith(os.readlink("/proc/self/ns/pid"))  # a PID namespace's own
