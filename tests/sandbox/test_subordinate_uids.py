"""A normal user with subordinate ids: its runs get a uid of their own, one of the user's range,
seen so from the host; without a range they share the user's uid and stay isolated as before.
These run in the normal-user host tier (tests/hosts/test_normal_user.py); as root they skip."""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

from judge.cache import Cache
from judge.sandbox import ResourceLimits, RunRequest, Termination, open_sandbox
from judge.sandbox.host import detect_host
from judge.sandbox.jail import JailSandbox
from judge.sandbox.subids import SubidFiles
from judge.sandbox.userns import probe
from tests.conftest import scaled, time_scale
from tests.hostile.leftovers import leftovers, runs_namespace

pytestmark = pytest.mark.host_tier

PROGRAMS = Path(__file__).parents[1] / "hostile" / "programs"
LIMITS = scaled(ResourceLimits(cpu_ms=2000, wall_ms=10_000, memory_kb=256_000, output_kb=64))
# A sleeper is found on the host and killed there long before this: the wall clock is a backstop.
SLEEPER_LIMITS = scaled(ResourceLimits(cpu_ms=2000, wall_ms=60_000, memory_kb=256_000,
                                       output_kb=64))
FIND_S = 30  # for a sleeper to show in the host's /proc, however loaded the machine


def open_user_sandbox(tmp_path, host=None):
    if os.geteuid() == 0:
        pytest.skip("root's runs have uids of their own; the host tier runs this as a normal user")
    allowed, why = probe()
    if not allowed:
        pytest.skip(why)
    box = open_sandbox(Cache(tmp_path / f"cache-{os.urandom(4).hex()}"), host=host)
    if not isinstance(box, JailSandbox):
        box.close()
        pytest.fail(f"the fork-server sandbox did not start: {box.info.reason}")
    return box


@pytest.fixture
def sandbox(tmp_path):
    box = open_user_sandbox(tmp_path)
    if box.host.subordinate is None:
        box.close()
        pytest.skip(f"no subordinate ids: {box.host.subordinate_reason}")
    yield box
    box.close()


@pytest.fixture
def shared_uid_sandbox(tmp_path):
    """A sandbox told to read subordinate ids from files without this user's range: the
    fallback, as a user without one has it."""
    empty = tmp_path / "no-ranges"
    empty.write_text("someone-else:100000:65536\n")
    host = detect_host(SubidFiles(subuid=str(empty), subgid=str(empty)))
    box = open_user_sandbox(tmp_path, host)
    yield box
    box.close()


class Sleeper:
    """A run of `sleep` with a number no other process has, found in the host's /proc while it
    sleeps, then killed from outside (the judge's user still may)."""

    def __init__(self, sandbox):
        self.marker = f"{4000 + int.from_bytes(os.urandom(3), 'big') / 1e7:.7f}"
        self.cmdline = b"/bin/sleep\0" + self.marker.encode() + b"\0"
        self.result = None
        self.thread = threading.Thread(target=self._run, args=(sandbox,))

    def _run(self, sandbox):
        self.result = sandbox.run(RunRequest(argv=("/bin/sleep", self.marker),
                                             limits=SLEEPER_LIMITS))

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *_):
        self.thread.join()

    def find(self) -> tuple[int, list[int], list[int]]:
        """(its pid on the host, its real/effective/saved/file uids, its gids)."""
        deadline = time.monotonic() + FIND_S * time_scale()
        while time.monotonic() < deadline and self.thread.is_alive():
            for entry in Path("/proc").iterdir():
                try:
                    if (entry / "cmdline").read_bytes() != self.cmdline:
                        continue
                    status = (entry / "status").read_text().splitlines()
                except OSError:
                    continue
                fields = {line.split(":")[0]: line.split()[1:] for line in status if ":" in line}
                uids, gids = ([int(n) for n in fields[key]] for key in ("Uid", "Gid"))
                return int(entry.name), uids, gids
            time.sleep(0.02)
        raise AssertionError(f"the run sleeping {self.marker} never showed: {self.result}")

    def kill(self, pid):
        os.kill(pid, signal.SIGKILL)


@pytest.mark.vm_tier
def test_a_runs_uid_seen_from_the_host_is_one_of_the_users_subordinate_ids(sandbox):
    ids = sandbox.host.subordinate
    with Sleeper(sandbox) as sleeper:
        pid, uids, gids = sleeper.find()
        sleeper.kill(pid)  # the judge's user still holds every power over its runs
    assert uids == [sandbox.sandbox_uid] * 4, uids
    assert ids.uid <= sandbox.sandbox_uid < ids.uid + ids.count
    assert sandbox.sandbox_uid not in (os.getuid(), 0)
    assert gids == [ids.gid + sandbox.sandbox_uid - ids.uid] * 4, gids
    assert sleeper.result.termination is Termination.SIGNALED, sleeper.result


def test_two_judges_runs_at_once_have_different_uids(sandbox, tmp_path):
    other = open_user_sandbox(tmp_path)
    try:
        with Sleeper(sandbox) as first, Sleeper(other) as second:
            found = [first.find(), second.find()]
            for sleeper, (pid, _, _) in zip((first, second), found, strict=True):
                sleeper.kill(pid)
    finally:
        other.close()
    ids = sandbox.host.subordinate
    uids = [found[0][1][0], found[1][1][0]]
    assert uids[0] != uids[1], uids
    assert all(ids.uid <= uid < ids.uid + ids.count for uid in uids), uids
    assert set(uids) == {sandbox.sandbox_uid, other.sandbox_uid}


def test_a_run_can_signal_no_process_of_the_judges_uid(sandbox, tmp_path):
    """Its parent (an init: the run leaves a file) and the PID namespace's holder are the
    judge's uid on the host: the kernel refuses the run a signal to either, as it would to any
    process of the judge's (its fork server, an outside process of the user) that the run
    could name had it escaped its PID namespace."""
    argv = (sys.executable, "-I", "-S", "-B", str(PROGRAMS / "signal_the_judge.py"))
    result = sandbox.run(RunRequest(argv=argv, limits=LIMITS,
                                    files_out={"left.txt": tmp_path / "left.txt"}))
    assert result.termination is Termination.EXITED and result.exit_code == 0, result
    seen = json.loads(result.stdout)
    assert seen["reachable"] == [], seen
    assert 1 in seen["refused"] and seen["parent"] in seen["refused"], seen
    assert seen["stop_parent"] == "PermissionError", seen
    assert seen["uid"] != 0


def test_a_run_cannot_change_a_file_of_the_judges(sandbox, tmp_path):
    data = tmp_path / "data.txt"
    data.write_text("the judge's\n")
    argv = (sys.executable, "-I", "-S", "-B", str(PROGRAMS / "write_judges_file.py"))
    result = sandbox.run(RunRequest(argv=argv, limits=LIMITS, files_in={"data.txt": data}))
    assert result.termination is Termination.EXITED and result.exit_code == 0, result
    seen = json.loads(result.stdout)
    assert seen["tried"] == {"append": "PermissionError", "chmod": "PermissionError",
                             "chown": "PermissionError"}, seen
    # The file is the judge's uid (0 as the run's namespace names it); the run is another.
    assert seen["owner"] == 0 and seen["uid"] != 0


@pytest.mark.vm_tier
def test_without_a_range_runs_share_the_users_uid_and_stay_isolated(shared_uid_sandbox):
    box = shared_uid_sandbox
    assert box.host.subordinate is None and box.sandbox_uid is None
    assert box.host.subordinate_reason.startswith("no "), box.host.subordinate_reason
    for guarantee in ("network", "file system", "processes", "cleanup", "system calls"):
        assert guarantee in box.info.guarantees, (guarantee, box.info)
    with Sleeper(box) as sleeper:
        pid, uids, _ = sleeper.find()
        sleeper.kill(pid)
    assert uids == [os.getuid()] * 4  # as before subordinate ids: the user's own
    script = ("import os\n"
              "caps = [l for l in open('/proc/self/status') if l.startswith('CapEff')]\n"
              "print(caps[0].split()[1], os.getuid(), sorted(os.listdir('/')))\n")
    result = box.run(RunRequest(argv=(sys.executable, "-I", "-S", "-B", "-c", script),
                                limits=LIMITS))
    assert result.termination is Termination.EXITED and result.exit_code == 0, result
    caps, uid, rest = result.stdout.decode().split(" ", 2)
    assert int(caps, 16) == 0 and uid == "0"
    assert "'home'" not in rest and "'box'" in rest
    namespace = runs_namespace(box.server_pid)
    argv = (sys.executable, "-I", "-S", "-B", str(PROGRAMS / "daemon.py"))
    result = box.run(RunRequest(argv=argv, limits=scaled(ResourceLimits(
        cpu_ms=1000, wall_ms=3000, memory_kb=256_000, output_kb=1024, processes=16))))
    assert result.ok and result.stdout == b"parent done\n"
    assert leftovers(box, namespace) == []
