"""What a host whose judge is not root gets from a user namespace, and how it is reported."""

from __future__ import annotations

import os
import subprocess

import pytest

from judge.sandbox.guarantees import describe_guarantees
from judge.sandbox.host import HostSupport
from judge.sandbox.userns import PROBE, probe


def by_name(host):
    return {g.name: g for g in describe_guarantees(host)}


def test_a_user_namespace_gives_isolation_but_not_cgroups():
    host = HostSupport(root=False, cgroup_version=None, cgroup_reason="not running as root",
                       namespaces=True, user_namespace=True)
    found = by_name(host)
    for name in ("network", "file system", "processes", "cleanup"):
        assert found[name].active, found[name]
    # The program's own peak without a memory cgroup (and why there is none).
    assert found["memory"].active and "VmHWM" in found["memory"].detail
    assert "not running as root" in found["memory"].detail
    assert "user namespace" in found["processes"].detail
    assert "swept" in found["cleanup"].detail


def test_without_a_user_namespace_a_normal_user_is_told_why():
    host = HostSupport(root=False, cgroup_version=None, cgroup_reason="not running as root",
                       namespaces=False, namespace_reason="the host forbids it")
    found = by_name(host)
    for name in ("network", "file system", "processes", "cleanup"):
        assert not found[name].active
    assert found["network"].detail == "the host forbids it"


def test_the_probe_agrees_with_unshare_itself():
    """Whatever this host allows, the probe says the same as util-linux's unshare does."""
    allowed, why = probe()
    direct = subprocess.run(["unshare", *PROBE], capture_output=True, check=False)
    assert allowed == (direct.returncode == 0), why
    assert allowed or why


@pytest.mark.skipif(os.geteuid() != 0, reason="root decides with its own probe")
def test_root_is_never_taken_for_a_user_namespace():
    from judge.sandbox.host import detect_host

    assert not detect_host().user_namespace
