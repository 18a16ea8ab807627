"""A normal user's subordinate ids: read from subuid and subgid files, mapped where newuidmap
can, and named by `judge doctor` with what is missing where they are not."""

from __future__ import annotations

import dataclasses
import os
import shutil

import pytest

from judge.sandbox.guarantees import describe_guarantees, run_identity
from judge.sandbox.host import SANDBOX_UID_BASE, HostSupport
from judge.sandbox.jail import _with_uid_for_slot
from judge.sandbox.subids import SubidFiles, SubordinateIds, find, first_range, user_name

USER_HOST = HostSupport(root=False, cgroup_version=None, cgroup_reason="not running as root",
                        namespaces=True, user_namespace=True)
IDS = SubordinateIds("alice", 100000, 200000, 65536)


def files(tmp_path, subuid, subgid=None):
    (tmp_path / "subuid").write_text(subuid)
    (tmp_path / "subgid").write_text(subuid if subgid is None else subgid)
    return SubidFiles(subuid=str(tmp_path / "subuid"), subgid=str(tmp_path / "subgid"))


def test_the_first_range_of_the_user_is_read_by_name_or_uid(tmp_path):
    path = tmp_path / "subuid"
    path.write_text("bob:100000:65536\nbroken line\nalice:x:5\nalice:165536:0\n"
                    "1234:231072:65536\nalice:296608:1000\n")
    assert first_range(str(path), {"alice"}) == (296608, 1000)  # the malformed and empty skipped
    assert first_range(str(path), {"carol", "1234"}) == (231072, 65536)
    assert first_range(str(path), {"carol"}) is None
    assert first_range(str(tmp_path / "missing"), {"alice"}) is None


@pytest.mark.skipif(shutil.which("newuidmap", path="/usr/local/bin:/usr/bin:/bin") is None,
                    reason="newuidmap is not installed (.ci/apt-packages lists uidmap)")
def test_this_users_range_is_found_and_its_smaller_half_counts(tmp_path):
    me = user_name(os.geteuid())
    ids, why = find(files(tmp_path, f"{me}:300000:65536\n", f"{os.geteuid()}:400000:1000\n"))
    assert ids == SubordinateIds(me, 300000, 400000, 1000) and why == ""
    assert ids.inside(0) == 1 and ids.host_uid(7) == 300007
    assert ids.unshare_options() == ("--map-users=300000,1,1000", "--map-groups=400000,1,1000")


def test_without_a_range_or_the_helpers_the_reason_names_what_is_missing(tmp_path):
    me = user_name(os.geteuid())
    ids, why = find(files(tmp_path, "someone-else:100000:65536\n"))
    assert ids is None
    assert why == (f"no {tmp_path / 'subuid'} range for {me}; an operator adds one: usermod "
                   f"--add-subuids FIRST-LAST --add-subgids FIRST-LAST {me}")
    ids, why = find(files(tmp_path, f"{me}:100000:65536\n", "someone-else:100000:65536\n"))
    assert ids is None and why.startswith(f"no {tmp_path / 'subgid'} range for {me}")
    empty = tmp_path / "no-helpers"
    empty.mkdir()
    nowhere = dataclasses.replace(files(tmp_path, f"{me}:100000:65536\n"), helpers=str(empty))
    ids, why = find(nowhere)
    assert ids is None
    assert why == "newuidmap not installed, newgidmap not installed (Debian's uidmap package)"


def test_doctor_says_whose_uid_the_runs_have():
    with_range = dataclasses.replace(USER_HOST, subordinate=IDS)
    assert run_identity(with_range) == ("runs have their own uid (subordinate uids "
                                        "100000-165535 of alice: one per judge at once)")
    without = dataclasses.replace(USER_HOST, subordinate_reason="no /etc/subuid range for alice")
    assert run_identity(without) == ("runs share the judge's uid on the host (no /etc/subuid "
                                     "range for alice)")
    root = HostSupport(root=True, cgroup_version=1, namespaces=True)
    assert run_identity(root).startswith(f"runs have their own uid ({SANDBOX_UID_BASE} plus")
    assert run_identity(None).startswith("runs share the judge's uid")
    processes = {g.name: g for g in describe_guarantees(with_range)}["processes"]
    assert processes.active and "a uid of its own (a subordinate uid" in processes.detail
    processes = {g.name: g for g in describe_guarantees(without)}["processes"]
    assert processes.active and "no /etc/subuid range for alice" in processes.detail


def test_runs_host_uid_is_the_range_plus_the_slot_and_a_judge_beyond_it_shares_the_users():
    host = dataclasses.replace(USER_HOST, subordinate=dataclasses.replace(IDS, count=2))
    assert host.sandbox_uid_base == 100000
    assert _with_uid_for_slot(host, 1) is host
    beyond = _with_uid_for_slot(host, 2)
    assert beyond.subordinate is None and beyond.sandbox_uid_base is None
    assert "all 2 subordinate uids of alice are taken" in beyond.subordinate_reason
    assert USER_HOST.sandbox_uid_base is None
