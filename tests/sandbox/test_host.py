"""Finding the host's cgroups: v1 hierarchies or a v2 mount, from the mount table and this
process's cgroups, against fake trees; `judge doctor` naming the version in use; and the probe
of namespaces."""

from __future__ import annotations

import os
import shutil
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from judge.sandbox import host
from judge.sandbox.host import detect_cgroups, parse_mounts, parse_own_cgroups, prepare_v2_parent

V2_ONLY = "35 24 0:30 / {root} rw,nosuid,nodev,noexec,relatime shared:9 - cgroup2 cgroup2 rw\n"
V1_LINE = "{n} 24 0:{n} / {root}/{name} rw,relatime - cgroup cgroup rw,{name}\n"


def v1_mounts(root):
    return "".join(V1_LINE.format(n=30 + i, root=root, name=name)
                   for i, name in enumerate(("memory", "pids", "cpuacct", "cpu")))


def test_mount_table_and_own_cgroups_are_parsed():
    mounts = parse_mounts(V2_ONLY.format(root="/sys/fs/cgroup") + v1_mounts("/v1"))
    assert mounts[""] == "/sys/fs/cgroup" and mounts["pids"] == "/v1/pids"
    own = parse_own_cgroups("12:pids:/user.slice\n4:memory:/docker/abc\n0::/user.slice/s.scope\n")
    assert own == {"pids": "/user.slice", "memory": "/docker/abc", "": "/user.slice/s.scope"}


def test_v2_with_memory_and_pids_delegated_is_used(tmp_path):
    own = tmp_path / "judge.service"
    own.mkdir()
    (own / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    (own / "cgroup.subtree_control").write_text("memory pids\n")
    version, dirs, reason = detect_cgroups(True, V2_ONLY.format(root=tmp_path),
                                           "0::/judge.service\n")
    assert (version, dirs, reason) == (2, {"unified": str(own)}, "")


def test_v2_controllers_are_enabled_for_the_runs_when_they_may_be(tmp_path):
    (tmp_path / "cgroup.controllers").write_text("cpu memory pids\n")
    (tmp_path / "cgroup.subtree_control").write_text("cpu\n")
    assert prepare_v2_parent(str(tmp_path)) == ""
    assert (tmp_path / "cgroup.subtree_control").read_text() == "+memory +pids"


def test_v2_without_delegated_controllers_says_why(tmp_path):
    (tmp_path / "cgroup.controllers").write_text("cpu io\n")
    reason = prepare_v2_parent(str(tmp_path))
    assert "memory, pids not available" in reason and "does not delegate" in reason


def test_v2_that_cannot_enable_them_says_what_to_do(tmp_path):
    (tmp_path / "cgroup.controllers").write_text("memory pids\n")
    (tmp_path / "cgroup.subtree_control").mkdir()  # the write fails, like EBUSY would
    version, _, reason = detect_cgroups(True, V2_ONLY.format(root=tmp_path), "0::/\n")
    assert version is None
    assert "cannot enable memory, pids" in reason and "Delegate=yes" in reason


def test_v1_wins_when_its_three_hierarchies_are_there(tmp_path):
    for name in ("memory", "pids", "cpuacct"):
        (tmp_path / name / "job").mkdir(parents=True)
    own = "4:memory:/job\n3:pids:/job\n2:cpuacct:/job\n0::/\n"
    version, dirs, reason = detect_cgroups(True, v1_mounts(tmp_path) + V2_ONLY.format(
        root=tmp_path / "unified"), own)
    assert version == 1 and reason == ""
    assert dirs == {name: str(tmp_path / name / "job") for name in ("memory", "pids", "cpuacct")}


@pytest.mark.parametrize("mountinfo, reason", [
    ("", "no cgroup v1 memory+pids+cpuacct hierarchies and no cgroup v2 mount"),
])
def test_no_cgroups_at_all_says_so(mountinfo, reason):
    assert detect_cgroups(True, mountinfo, "0::/\n") == (None, {}, reason)


def test_not_root_means_no_cgroups():
    version, _, reason = detect_cgroups(False, V2_ONLY.format(root="/x"), "0::/\n")
    assert version is None and "not running as root" in reason and "Delegate=yes" in reason


def test_not_root_uses_a_delegated_v2_subtree(tmp_path):
    own = tmp_path / "user.slice" / "judge.scope"
    own.mkdir(parents=True)
    (own / "cgroup.controllers").write_text("cpu memory pids\n")
    (own / "cgroup.procs").write_text("")
    (own / "cgroup.subtree_control").write_text("")
    found = detect_cgroups(False, V2_ONLY.format(root=tmp_path), "0::/user.slice/judge.scope\n")
    assert found == (2, {"unified": str(own)}, "")
    assert (own / "cgroup.subtree_control").read_text() == "+memory +pids"


def test_a_judge_in_the_leaf_of_its_own_processes_uses_the_folder_above(tmp_path):
    (tmp_path / "cgroup.controllers").write_text("memory pids\n")
    (tmp_path / "cgroup.subtree_control").write_text("memory pids\n")
    (tmp_path / "judge.self").mkdir()
    found = detect_cgroups(True, V2_ONLY.format(root=tmp_path), "0::/judge.self\n")
    assert found == (2, {"unified": str(tmp_path)}, "")


@pytest.mark.skipif(os.geteuid() != 0, reason="namespaces need root")
@pytest.mark.parametrize("unshare_on_path", [True, False])
def test_namespaces_are_probed_with_or_without_unshare1(monkeypatch, unshare_on_path):
    if unshare_on_path and shutil.which("unshare") is None:
        pytest.skip("util-linux's unshare is not installed")
    if not unshare_on_path:
        monkeypatch.setattr(host.shutil, "which", lambda name: None)  # the Python probe
    assert host._detect_namespaces.__wrapped__(True) == (True, "")


def test_a_refused_unshare_says_why(monkeypatch, tmp_path):
    refusing = tmp_path / "unshare"
    refusing.write_text("#!/bin/sh\necho 'unshare: unshare failed: Operation not permitted' >&2\n"
                        "exit 1\n")
    refusing.chmod(0o755)
    monkeypatch.setattr(host.shutil, "which", lambda name: str(refusing))
    available, reason = host._detect_namespaces.__wrapped__(True)
    assert not available
    assert reason == ("unshare(mount, pid, net, ipc) failed: unshare: unshare failed: "
                      "Operation not permitted")


@pytest.mark.skipif(os.geteuid() != 0, reason="cgroups need root")
def test_sandboxes_opened_at_once_all_find_the_cgroups():
    """Workers open their sandboxes at the same time: each probe of the cgroups is its own."""
    first = host.detect_host()
    if first.cgroup_version is None:
        pytest.skip(f"no usable cgroups here: {first.cgroup_reason}")
    start = threading.Barrier(8)

    def detect(_):
        start.wait()
        return host.detect_host()

    with ThreadPoolExecutor(max_workers=8) as pool:
        found = list(pool.map(detect, range(8)))
    assert [(h.cgroup_version, h.cgroup_reason) for h in found] == [(first.cgroup_version, "")] * 8
