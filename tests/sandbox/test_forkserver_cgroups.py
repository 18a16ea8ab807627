"""Every cgroup operation of the fork server, against fake cgroup v1 and v2 trees (folders with
the files the kernel would show), and the v2 core files against a real cgroup2 mount."""

from __future__ import annotations

import marshal
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.conftest import needs_cgroup2_mount, run_on_a_private_cgroup2_mount

from judge.sandbox.forkserver import ownership
from judge.sandbox.forkserver.cgroup_backends import for_host
from judge.sandbox.forkserver.cgroup_v1 import CgroupsV1
from judge.sandbox.forkserver.cgroup_v2 import CgroupsV2
from judge.sandbox.forkserver.cgroups import kill_members

OWNER = "7-0badcafe"  # a judge's slot and token (forkserver.ownership)
V1 = ("memory", "pids", "cpuacct")


@pytest.fixture
def v1(tmp_path):
    dirs = {name: tmp_path / name for name in V1}
    for folder in dirs.values():
        folder.mkdir()
    return CgroupsV1({k: str(v) for k, v in dirs.items()}, OWNER, str(tmp_path / "locks")), dirs


@pytest.fixture
def v2(tmp_path):
    folder = tmp_path / "unified"
    folder.mkdir()
    return CgroupsV2({"unified": str(folder)}, OWNER, str(tmp_path / "locks")), folder


def write(folder: Path, **files: str) -> None:
    for name, text in files.items():
        (folder / name.replace("__", ".")).write_text(text)


def read(folder: Path, name: str) -> str:
    return (folder / name).read_text()


def close_all(fds):
    for fd in fds:
        os.close(fd)


def test_the_version_comes_from_the_judges_config(tmp_path):
    assert isinstance(for_host(1, {"memory": "m"}, OWNER, "l"), CgroupsV1)
    assert isinstance(for_host(2, {"unified": "u"}, OWNER, "l"), CgroupsV2)
    assert for_host(None, {}, OWNER, "l") is None
    assert for_host(2, {}, OWNER, "l") is None


# ------------------------------------------------------------------ cgroup v1


def test_v1_run_gets_a_cgroup_per_controller_with_its_limits(v1):
    cgroups, dirs = v1
    joins = cgroups.prepare(65536, 16)
    close_all(joins)
    assert cgroups.name == f"judge-{OWNER}-r1" and len(joins) == 3
    memory = dirs["memory"] / cgroups.name
    assert read(memory, "memory.limit_in_bytes") == str(65536 * 1024)
    assert read(memory, "memory.memsw.limit_in_bytes") == str(65536 * 1024)
    assert read(dirs["pids"] / cgroups.name, "pids.max") == "16"
    assert all((dirs[name] / cgroups.name / "cgroup.procs").exists() for name in V1)


def test_v1_uncapped_memory_is_minus_one(v1):
    cgroups, dirs = v1
    close_all(cgroups.prepare(None, 64))
    assert read(dirs["memory"] / cgroups.name, "memory.limit_in_bytes") == "-1"


def test_v1_counters(v1):
    cgroups, dirs = v1
    close_all(cgroups.prepare(65536, 16))
    memory, cpu = dirs["memory"] / cgroups.name, dirs["cpuacct"] / cgroups.name
    write(cpu, cpuacct__usage="123456789\n")
    write(memory, memory__max_usage_in_bytes="7340032\n", memory__failcnt="0\n",
          memory__oom_control="oom_kill_disable 0\nunder_oom 0\noom_kill 0\n",
          cgroup__procs="311\n312\n")
    assert cgroups.cpu_ns() == 123456789
    assert cgroups.memory() == (7340032, False)
    assert cgroups.pids() == [311, 312]
    write(memory, memory__oom_control="oom_kill_disable 0\nunder_oom 0\noom_kill 1\n")
    assert cgroups.memory() == (7340032, True)


def test_v1_oom_without_an_oom_kill_count_is_a_failed_charge(v1):
    cgroups, dirs = v1
    close_all(cgroups.prepare(65536, 16))
    memory = dirs["memory"] / cgroups.name
    write(memory, memory__max_usage_in_bytes="67108864", memory__failcnt="3",
          memory__oom_control="oom_kill_disable 0\nunder_oom 0\n")
    assert cgroups.memory() == (67108864, True)


@pytest.mark.parametrize("contents", ["", "garbage\n"])
def test_v1_unreadable_counters_are_none_or_zero_never_a_crash(v1, contents):
    cgroups, dirs = v1
    close_all(cgroups.prepare(65536, 16))
    write(dirs["cpuacct"] / cgroups.name, cpuacct__usage=contents)
    assert cgroups.cpu_ns() is None
    assert cgroups.memory() == (0, False)


def test_v1_clean_cgroups_are_reused_and_reset(v1):
    cgroups, dirs = v1
    close_all(cgroups.prepare(65536, 16))
    first = cgroups.name
    memory = dirs["memory"] / first
    write(memory, memory__usage_in_bytes="4096", memory__max_usage_in_bytes="9999999",
          memory__failcnt="0", memory__oom_control="oom_kill 0\n", cgroup__procs="")
    write(dirs["pids"] / first, cgroup__procs="")
    write(dirs["cpuacct"] / first, cgroup__procs="", cpuacct__usage="5000000")
    close_all(cgroups.prepare(65536, 16))
    assert cgroups.name == first
    assert read(memory, "memory.max_usage_in_bytes") == "0"
    assert read(dirs["cpuacct"] / first, "cpuacct.usage") == "0"


def ran_clean(cgroups, dirs):
    """The first run's cgroups, left as a run that ended cleanly leaves them; their name."""
    close_all(cgroups.prepare(65536, 16))
    for name in V1:
        write(dirs[name] / cgroups.name, cgroup__procs="")
    write(dirs["memory"] / cgroups.name, memory__usage_in_bytes="0",
          memory__oom_control="oom_kill 0\n")
    return cgroups.name


def test_kept_cgroups_removed_under_the_server_are_made_anew(v1):
    cgroups, dirs = v1
    first = ran_clean(cgroups, dirs)
    for name in V1:  # removed by a judge that does not share this one's lock folder
        shutil.rmtree(dirs[name] / first)
    close_all(cgroups.prepare(65536, 16))
    assert cgroups.name == f"judge-{OWNER}-r2"
    assert all((dirs[name] / cgroups.name).is_dir() for name in V1)


def test_a_taken_name_is_passed_over(v2):
    cgroups, folder = v2
    (folder / f"judge-{OWNER}-r1").mkdir()  # another container's judge, same slot and token
    close_all(cgroups.prepare(65536, 16))
    assert cgroups.name == f"judge-{OWNER}-r2"


def test_v1_new_limits_are_written_to_reused_cgroups(v1):
    cgroups, dirs = v1
    first = ran_clean(cgroups, dirs)
    close_all(cgroups.prepare(131072, 8))
    assert cgroups.name == first
    assert read(dirs["memory"] / first, "memory.limit_in_bytes") == str(131072 * 1024)
    assert read(dirs["pids"] / first, "pids.max") == "8"


@pytest.mark.parametrize("dirty", [
    {"memory": {"cgroup__procs": "777\n"}},  # a task that outlived its run
    {"memory": {"memory__oom_control": "oom_kill 1\n"}},  # a count that cannot be reset
    {"memory": {"memory__usage_in_bytes": str(8 * 1024 * 1024)}},  # page cache still charged
    {"memory": {"memory__usage_in_bytes": ""}},  # unreadable: not known to be clean
])
def test_v1_cgroups_that_come_back_dirty_are_replaced(v1, dirty, monkeypatch):
    cgroups, dirs = v1
    first = ran_clean(cgroups, dirs)
    for controller, files in dirty.items():
        write(dirs[controller] / first, **files)
    killed = []
    monkeypatch.setattr("judge.sandbox.forkserver.cgroups.kill_members",
                        lambda pids, members: killed.extend(pids))
    monkeypatch.setattr("judge.sandbox.forkserver.cgroups.KILL_ROUNDS", 2)
    close_all(cgroups.prepare(65536, 16))
    assert cgroups.name == f"judge-{OWNER}-r2"
    if "cgroup__procs" in dirty.get("memory", {}):
        assert 777 in killed  # what was left is killed before the cgroup goes


def test_v1_missing_swap_accounting_is_not_an_error(tmp_path):
    dirs = {name: tmp_path / name for name in V1}
    for folder in dirs.values():
        folder.mkdir()
    cgroups = CgroupsV1({k: str(v) for k, v in dirs.items()}, OWNER, "locks")
    cgroups.name = "judge-1-1"
    (dirs["memory"] / "judge-1-1").mkdir()
    (dirs["memory"] / "judge-1-1" / "memory.memsw.limit_in_bytes").mkdir()  # unwritable
    (dirs["pids"] / "judge-1-1").mkdir()
    cgroups.set_limits(1024, 4)
    assert read(dirs["memory"] / "judge-1-1", "memory.limit_in_bytes") == str(1024 * 1024)


# ------------------------------------------------------------------ cgroup v2


def test_v2_run_gets_a_cgroup_with_its_limits(v2):
    cgroups, folder = v2
    joins = cgroups.prepare(65536, 16)
    close_all(joins)
    run = folder / f"judge-{OWNER}-r1"
    assert len(joins) == 1 and (run / "cgroup.procs").exists()
    assert read(run, "memory.max") == str(65536 * 1024)
    assert read(run, "memory.swap.max") == "0"
    assert read(run, "memory.oom.group") == "1"
    assert read(run, "pids.max") == "16"


def test_v2_uncapped_memory_keeps_the_kernels_max(v2):
    cgroups, folder = v2
    close_all(cgroups.prepare(None, 64))
    assert not (folder / cgroups.name / "memory.max").exists()


def test_v2_counters(v2):
    cgroups, folder = v2
    close_all(cgroups.prepare(65536, 16))
    run = folder / cgroups.name
    write(run, cpu__stat="usage_usec 81234\nuser_usec 80000\nsystem_usec 1234\n",
          memory__peak="10485760\n", memory__current="4096\n",
          memory__events="low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\noom_group_kill 0\n",
          cgroup__procs="41\n")
    assert cgroups.cpu_ns() == 81_234_000
    assert cgroups.memory() == (10485760, True)
    assert cgroups.pids() == [41]


def test_v2_without_memory_peak_the_sampled_current_counts(v2):
    cgroups, folder = v2
    close_all(cgroups.prepare(65536, 16))
    run = folder / cgroups.name
    write(run, memory__events="oom_kill 0\n")
    for current in ("3000000", "9000000", "2000"):
        write(run, memory__current=current)
        cgroups.sample()
    assert cgroups.memory() == (9000000, False)


@pytest.mark.parametrize("stat", ["", "user_usec 5\nsystem_usec 5\n", "usage_usec ?\n"])
def test_v2_unreadable_cpu_is_none(v2, stat):
    cgroups, folder = v2
    close_all(cgroups.prepare(65536, 16))
    write(folder / cgroups.name, cpu__stat=stat)
    assert cgroups.cpu_ns() is None


def test_v2_every_run_gets_a_new_cgroup(v2, monkeypatch):
    cgroups, folder = v2
    close_all(cgroups.prepare(65536, 16))
    first = folder / cgroups.name
    write(first, cgroup__procs="")
    close_all(cgroups.prepare(65536, 16))
    assert cgroups.name == f"judge-{OWNER}-r2"  # memory.peak cannot be reset


def test_v2_kill_uses_cgroup_kill_then_checks(v2, monkeypatch):
    cgroups, folder = v2
    close_all(cgroups.prepare(65536, 16))
    run = folder / cgroups.name
    write(run, cgroup__procs="")
    cgroups.kill_all()
    assert read(run, "cgroup.kill") == "1"


def test_stale_cgroups_of_dead_judges_are_swept_and_a_live_ones_kept(v2):
    cgroups, folder = v2
    live = ownership.claim(cgroups.lock_folder)  # a judge that still lives
    dead = ownership.claim(cgroups.lock_folder)
    dead.release()  # a judge killed before it could clean up
    try:
        names = [f"judge-{live.owner}-r1", f"judge-{dead.owner}-r3", f"judge-{dead.owner}-p1",
                 "judge-12-probe", "other"]
        for name in names:
            (folder / name).mkdir()
        cgroups.sweep_stale()
        assert sorted(p.name for p in folder.iterdir()) == sorted(
            [f"judge-{live.owner}-r1", "judge-12-probe", "other"])
    finally:
        live.release()


# ------------------------------------------------------------------ a real cgroup2 mount

REAL_V2 = textwrap.dedent("""
    import os, subprocess, sys, time
    sys.path.insert(0, sys.argv[1])
    from judge.sandbox.forkserver.cgroup_v2 import CgroupsV2
    mount = sys.argv[2]
    subprocess.run(["mount", "-t", "cgroup2", "none", mount], check=True)
    try:
        cgroups = CgroupsV2({"unified": mount}, "1-0badcafe", "/nonexistent")
        cgroups.name = "judge-1-0badcafe-r1"
        os.mkdir(os.path.join(mount, cgroups.name))
        child = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        with open(os.path.join(mount, cgroups.name, "cgroup.procs"), "w") as procs:
            procs.write(str(child.pid))
        deadline = time.monotonic() + 10
        while (cgroups.cpu_ns() or 0) < 50_000_000 and time.monotonic() < deadline:
            time.sleep(0.01)
        print("cpu", cgroups.cpu_ns() >= 50_000_000, "pids", cgroups.pids() == [child.pid])
        cgroups.kill_all()
        print("killed", child.wait(timeout=5) == -9, "empty", cgroups.pids() == [])
        cgroups.discard()
        print("removed", not os.path.exists(os.path.join(mount, "judge-1-0badcafe-r1")))
    finally:
        subprocess.run(["umount", mount])
""")


@needs_cgroup2_mount
def test_v2_core_files_against_a_real_cgroup2_mount(tmp_path):
    words, stderr = run_on_a_private_cgroup2_mount(REAL_V2, tmp_path)
    assert words == ["cpu", "True", "pids", "True", "killed", "True", "empty", "True",
                     "removed", "True"], stderr


def test_a_workers_cgroups_state_carries_over_to_the_server(v1):
    cgroups, dirs = v1
    ran_clean(cgroups, dirs)
    state = cgroups.state()
    fresh = CgroupsV1(dict(cgroups.dirs), OWNER, cgroups.lock_folder)
    fresh.restore(marshal.loads(marshal.dumps(state)))  # as it crosses the pipe
    assert (fresh.serial, fresh.name, fresh.limits) == (1, cgroups.name, (65536, 16))
    close_all(fresh.prepare(65536, 16))  # the same cgroups, reused as they are
    assert fresh.name == cgroups.name


def test_how_often_a_run_met_its_memory_cap(v1, v2):
    (one, dirs), (two, folder) = v1, v2
    close_all(one.prepare(65536, 16))
    close_all(two.prepare(65536, 16))
    assert one.capped() == 0 and two.capped() == 0  # nothing written yet: never
    write(dirs["memory"] / one.name, memory__failcnt="7\n")
    write(folder / two.name, memory__events="low 0\nhigh 0\nmax 4\noom 1\noom_kill 1\n")
    assert one.capped() == 7 and two.capped() == 4


def reaper_that_empties(run, after):
    """A reap callback: on its `after`-th call the run's last processes are gone."""
    calls = []

    def reap():
        calls.append(1)
        if len(calls) == after:
            write(run, pids__current="0\n")

    return reap, calls


def test_the_answer_waits_until_every_process_of_the_run_is_reaped(v1, v2):
    for cgroups, folder in ((v1[0], v1[1]["pids"]), (v2[0], v2[1])):
        close_all(cgroups.prepare(65536, 16))
        run = folder / cgroups.name
        write(run, pids__current="2\n")  # killed, exited, not reaped yet: still counted
        reap, calls = reaper_that_empties(run, 3)
        cgroups.wait_released(reap)
        assert len(calls) == 3


def test_a_process_that_is_never_reaped_does_not_hold_the_answer(v1, monkeypatch):
    cgroups, dirs = v1
    monkeypatch.setattr("judge.sandbox.forkserver.cgroups.RELEASE_WAIT_S", 0.05)
    close_all(cgroups.prepare(65536, 16))
    write(dirs["pids"] / cgroups.name, pids__current="1\n")
    cgroups.wait_released(lambda: None)  # returns: the leftover is killed again later


def test_cgroups_seen_empty_are_not_read_again_until_the_next_run(v1, monkeypatch):
    cgroups, dirs = v1
    close_all(cgroups.prepare(65536, 16))
    procs = dirs["memory"] / cgroups.name / "cgroup.procs"
    procs.write_text("")
    cgroups.kill_all()
    reads = []
    monkeypatch.setattr(cgroups, "read_pids", lambda controller: reads.append(controller) or [])
    cgroups.kill_all()  # the program's end, then its cleanup, then the server's: one look
    assert reads == []
    close_all(cgroups.prepare(65536, 16))  # a new run joins: looked at again
    cgroups.kill_all()
    assert reads


# ------------------------------------------------------------------ killing by pid, safely


def test_a_listed_process_still_in_the_cgroup_is_killed():
    member = subprocess.Popen(["sleep", "30"])
    try:
        kill_members([member.pid], lambda: [member.pid])
        assert member.wait(timeout=10) == -signal.SIGKILL
    finally:
        member.kill()
        member.wait()


def test_a_number_that_left_the_cgroup_since_it_was_read_is_not_killed():
    """The listed process ended and its number went to a process outside the run (here: one
    that was never in it) before the kill: the second read no longer lists it, so it lives."""
    outsider = subprocess.Popen(["sleep", "30"])
    try:
        kill_members([outsider.pid], lambda: [])
        time.sleep(0.05)
        assert outsider.poll() is None
    finally:
        outsider.kill()
        outsider.wait()


def test_a_pid_read_as_0_is_passed_over_not_taken_for_the_own_group():
    """cgroup.procs lists a process outside the reader's PID namespace as 0, and kill(0, ...)
    means the caller's own process group."""
    code = ("import sys; sys.path.insert(0, sys.argv[1])\n"
            "from judge.sandbox.forkserver.cgroups import kill_members\n"
            "kill_members([0], lambda: [0]); print('alive')")
    probe = subprocess.run([sys.executable, "-c", code, str(Path(__file__).resolve().parents[2])],
                           capture_output=True, text=True, timeout=60, start_new_session=True)
    assert (probe.returncode, probe.stdout) == (0, "alive\n"), probe.stderr
