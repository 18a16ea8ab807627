"""What a run left alive, found the same way on every host.

As root a run has a uid of its own, and its leftovers are that uid's processes. As a normal user
the runs share the user's uid (the server's user namespace maps it to 0), and so do the tests
and everything else of the user: there a run's leftovers are the processes of the runs' PID
namespace (the one the server of isolated runs forks its runs into, on every host with
namespaces) and of any namespace nested in it, but for its pid 1, the holder that lives as long
as the server. The namespace is told by its identity (device and inode of /proc/PID/ns/pid),
never by a pid: other judges on this machine have PID namespaces of their own, whose numbers
repeat ours.
"""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path

NS_GET_PARENT = 0xB702  # ioctl_ns(2): _IO(0xb7, 0x2), the parent of a PID namespace
NESTING = 32  # the kernel's own bound on nested PID namespaces
# For processes killed as the run ended to be gone; a leak lives on (30 s, or for ever).
SETTLE_S = 5.0


def runs_namespace(server_pid: int) -> tuple[int, int]:
    """The identity of the PID namespace the server forks its runs into."""
    info = os.stat(f"/proc/{server_pid}/ns/pid_for_children")
    return info.st_dev, info.st_ino


def processes_in_namespace(namespace: tuple[int, int]) -> list[int]:
    """Processes alive (not zombies) in `namespace` or one nested in it, but its pid 1."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and _alive(entry) and _inside(entry, namespace):
            found.append(int(entry.name))
    return found


def processes_of_uid(uid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("Uid:") and int(line.split()[1]) == uid:
                found.append(int(entry.name))
    return found


def leftovers(sandbox, namespace: tuple[int, int] | None) -> list[int]:
    """What is left of the sandbox's runs, once what was killed as they ended has gone (a leak
    does not go: a daemon sleeps 30 s, a fork bomb forks for ever). `namespace`: the runs' PID
    namespace (None where the host gives none)."""
    deadline = time.monotonic() + SETTLE_S
    while True:
        found = [] if namespace is None else processes_in_namespace(namespace)
        if sandbox.sandbox_uid is not None:
            found += processes_of_uid(sandbox.sandbox_uid)
        if not found or time.monotonic() > deadline:
            return sorted(set(found))
        time.sleep(0.05)


def _alive(entry: Path) -> bool:
    try:
        state = (entry / "stat").read_bytes().rsplit(b")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in (b"Z", b"X")


def _inside(entry: Path, namespace: tuple[int, int]) -> bool:
    """Whether the process's PID namespace is `namespace` or nested in it, and the process is
    not that namespace's pid 1."""
    try:
        fd = os.open(entry / "ns" / "pid", os.O_RDONLY | os.O_CLOEXEC)
        status = (entry / "status").read_text()
        innermost_pid = int(status.split("NSpid:")[1].split("\n")[0].split()[-1])
    except (OSError, IndexError, ValueError):
        return False  # gone, or another user's: none of our runs
    try:
        for depth in range(NESTING):
            info = os.fstat(fd)
            if (info.st_dev, info.st_ino) == namespace:
                return not (depth == 0 and innermost_pid == 1)
            try:
                parent = fcntl.ioctl(fd, NS_GET_PARENT)
            except OSError:
                return False  # the top of what we may see: not under the runs' namespace
            os.close(fd)
            fd = parent
        return False
    finally:
        os.close(fd)
