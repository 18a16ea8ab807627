"""Hostile submissions that reach for the kernel's shared state: keyrings, file locks on the
shared system tree, io_uring, namespaces, sockets of other families, third-party packages.
Each test also runs its program outside the sandbox, to show that the program finds what it
looks for where it is there to find."""

from __future__ import annotations

import ctypes
import fcntl
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from judge.cache import Cache
from judge.sandbox import ResourceLimits, RunRequest, Termination, open_sandbox
from judge.sandbox.jail import JailSandbox
from tests.conftest import scaled, time_scale

pytestmark = pytest.mark.host_tier

PROGRAMS = Path(__file__).with_name("programs")
LIMITS = scaled(ResourceLimits(cpu_ms=2000, wall_ms=6000, memory_kb=256_000, output_kb=1024))
KEYCTL, ADD_KEY = 250, 248  # x86_64
KEYCTL_JOIN_SESSION_KEYRING, SESSION = 1, -3
DENIED, NO_FAMILY = "Operation not permitted", "Address family not supported by protocol"


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    box = open_sandbox(Cache(tmp_path_factory.mktemp("cache")))
    if not isinstance(box, JailSandbox) or "system calls" not in box.info.guarantees:
        box.close()
        pytest.skip(f"no system-call filter on this host: {box.info.reason}")
    yield box
    box.close()


def argv(name):
    return (sys.executable, "-I", "-S", "-B", str(PROGRAMS / name))


def run(sandbox, name, stdin=b"", limits=LIMITS):
    return sandbox.run(RunRequest(argv=argv(name), limits=limits, stdin_bytes=stdin))


def unsandboxed(name, stdin=""):
    """The program run as a plain process of the host, for comparison."""
    done = subprocess.run(argv(name), input=stdin, capture_output=True, text=True,
                          timeout=30 * time_scale(), check=True)
    return json.loads(done.stdout)


@pytest.mark.vm_tier
def test_kernel_surface_is_closed(sandbox):
    result = run(sandbox, "kernel_surface.py")
    assert result.ok, result.stderr
    attempts = json.loads(result.stdout)
    for call in ("keyctl", "add_key session", "add_key user", "io_uring_setup", "bpf",
                 "perf_event_open", "userfaultfd", "unshare user", "unshare mount",
                 "clone user", "ptrace", "inotify", "personality"):
        assert attempts[call] == DENIED, (call, attempts[call])
    for family in ("AF_VSOCK", "AF_INET", "AF_NETLINK", "AF_PACKET"):
        assert attempts[family] == NO_FAMILY, (family, attempts[family])
    assert attempts["AF_UNIX"] == "ok"
    # The same program outside: a new user namespace and a keyring are there to be had.
    outside = unsandboxed("kernel_surface.py", "quiet")
    assert outside["unshare user"] == "ok" and outside["keyctl"] == "ok", outside


@pytest.mark.vm_tier
def test_a_run_finds_nothing_of_the_last_in_the_pid_sequence(sandbox):
    """Runs of one server share a PID namespace, whose sequence of numbers each can read (its
    own pid) and move (by forking): left where a run put it, it carries what that run likes to
    the next one, a re-run after a time limit among them. The next run's numbers are drawn
    afresh."""
    left, found = [], []
    for moves in (5, 17, 29):
        first = run(sandbox, "pid_counter.py", str(moves).encode())
        second = run(sandbox, "pid_counter.py", b"0")
        assert first.ok and second.ok, (first.stderr, second.stderr)
        mover = json.loads(first.stdout)
        # Within a run the sequence is there to be read: its children took the next numbers.
        assert mover["children"] == list(range(mover["pid"] + 1, mover["pid"] + 1 + moves))
        left.append(mover["children"][-1] + 1)
        found.append(json.loads(second.stdout)["pid"])
    # A number drawn at random falls where the last run left the sequence once in thousands.
    assert sum(a == b for a, b in zip(left, found, strict=True)) <= 1, (left, found)


@pytest.fixture
def operator_secret():
    """The test's process in a new session keyring of its own, holding a secret key (as an
    operator's session might hold a token); a judge started now inherits it."""
    if os.uname().machine != "x86_64":
        pytest.skip("the keyring calls here are numbered for x86_64")
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.syscall(KEYCTL, KEYCTL_JOIN_SESSION_KEYRING, None) < 0:
        pytest.skip(f"no keyrings: {os.strerror(ctypes.get_errno())}")
    name = f"operator-secret-{os.urandom(4).hex()}"
    assert libc.syscall(ADD_KEY, b"user", name.encode(), b"s3cret", 6, SESSION) >= 0
    return name


@pytest.mark.vm_tier
def test_keyrings_carry_nothing_into_or_between_runs(operator_secret, tmp_path):
    sandbox = open_sandbox(Cache(tmp_path))  # its server inherits the secret's keyring
    try:
        if "system calls" not in sandbox.info.guarantees:
            pytest.skip(f"no system-call filter on this host: {sandbox.info.reason}")
        first = json.loads(run(sandbox, "keyring_snoop.py", b"plant").stdout)
        second = json.loads(run(sandbox, "keyring_snoop.py").stdout)
        uid = sandbox.sandbox_uid
    finally:
        sandbox.close()
    for seen in (first, second):
        assert seen["read"] == {"session": DENIED, "user": DENIED}, seen
        assert operator_secret not in seen["proc_keys"], seen["proc_keys"]
        assert "planted-by-a-run" not in seen["proc_keys"]
    assert not first["planted"]
    if uid is not None:  # the runs' uid owns no key at all: nothing the kernel could keep
        owners = [line.split(":")[0].strip() for line in
                  Path("/proc/key-users").read_text().splitlines()]
        assert str(uid) not in owners
    # The same program outside the sandbox sees the secret.
    assert operator_secret in unsandboxed("keyring_snoop.py")["proc_keys"]


@pytest.mark.vm_tier
def test_locks_on_the_shared_system_tree_pass_nothing_between_runs(sandbox, tmp_path):
    """A sender and a receiver at once, each in a judge of its own (as two judging threads or
    two judges on one host have): the receiver sees none of the sender's locks."""
    receiver_box = open_sandbox(Cache(tmp_path))
    sent = {}
    # The sender holds its locks until its wall clock ends, well after the receiver's 2.5 s.
    slow = scaled(ResourceLimits(cpu_ms=2000, wall_ms=6000, memory_kb=256_000, output_kb=64))
    sender = threading.Thread(target=lambda: sent.update(
        result=run(sandbox, "lock_channel.py", b"send 10110011", slow), ended=time.time()))
    sender.start()
    try:
        time.sleep(0.5 * time_scale())  # the sender has its locks
        received = run(receiver_box, "lock_channel.py", b"receive 2.5", slow)
    finally:
        sender.join()
        receiver_box.close()
    assert received.ok, received.stderr
    seen = json.loads(received.stdout)
    assert sent["result"].termination is Termination.WALL_LIMIT, sent["result"].stderr
    locked_at = float(sent["result"].stdout.split()[1])
    # The sender held its locks for the whole time the receiver looked for them.
    assert locked_at < seen["last"] and sent["ended"] > seen["last"], (locked_at, seen)
    assert seen["seen"] == "00000000" and not seen["null"], (seen, received.stderr)


def test_the_lock_receiver_sees_real_locks(tmp_path):
    """The receiver outside any sandbox, while this process holds a lock on the first file: it
    sees it (so the test above would catch a lock that passed)."""
    stdlib = Path(os.__file__).parent
    first = sorted(name for name in os.listdir(stdlib) if name.endswith(".py"))[0]
    with open(stdlib / first, "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        seen = unsandboxed("lock_channel.py", "receive 0.2")
    assert seen["seen"].startswith("1"), seen


def test_a_python_run_imports_the_standard_library_only(sandbox):
    result = run(sandbox, "third_party_imports.py")
    assert result.ok, result.stderr
    imported = json.loads(result.stdout)
    assert imported == {"numpy": False, "yaml": False, "sortedcontainers": False, "pip": False,
                        "setuptools": False, "json": True, "fractions": True}
    outside = unsandboxed("third_party_imports.py")
    assert outside["pip"] or outside["yaml"], outside  # they are installed on the host
