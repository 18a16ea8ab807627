"""Cleanup without cgroups, in the runs' PID namespace of a server in a user namespace: once its
run has answered, the worker kills every process of the namespace but its holder (pid 1) and
itself. Runs are one at a time per server, so whatever else is alive there (a daemon, a fork
bomb's last children) was left by the run."""

import os

from .processes import KILL_ROUNDS, kill, reap_orphans

HOLDER = 1


def kill_all_but_holder():
    """Kill what is alive in this PID namespace (its /proc) but the holder and this process,
    until nothing is; reap those that were this process's children or orphans."""
    me = os.getpid()
    for _ in range(KILL_ROUNDS):
        listed = _pids()
        alive = [pid for pid in listed if pid not in (HOLDER, me) and not _zombie(pid)]
        if not alive and _settled(listed):
            return
        for pid in alive:
            kill(pid)
        reap_orphans()
    raise OSError("processes of a run outlived a thousand rounds of SIGKILL")


def kill_isolated_leftovers():
    """In a worker (a process of the namespace, whose /proc shows it): kill what is alive in the
    namespace in a mount namespace other than this process's own, but the holder. That is what
    an isolated run left (a daemon of a pair's submission, holding its pipe to the interactor):
    its processes cannot leave the run's mount namespace, and the trusted interactor, the
    worker and the holder are in the server's. Nothing is reaped here: the worker's own
    children are its runs', reaped by their own code."""
    own = _mount_namespace("self")
    for _ in range(KILL_ROUNDS):
        listed = _pids()
        alive = [pid for pid in listed if pid != HOLDER and not _zombie(pid)
                 and _mount_namespace(pid) not in (own, None)]
        if not alive and _settled(listed):
            return
        for pid in alive:
            kill(pid)
    raise OSError("processes of a run outlived a thousand rounds of SIGKILL")


def _mount_namespace(pid):
    try:
        return os.stat(f"/proc/{pid}/ns/mnt").st_ino
    except OSError:
        return None  # gone


def _settled(listed):
    """Whether no process came since `listed` was taken: one that forked and ended while the
    listing was being looked at (a daemon's first child) leaves its child in the next one."""
    return set(_pids()) <= set(listed)


def _pids():
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def _zombie(pid):
    """True for a process that has ended (a zombie its parent has still to reap), or is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            return handle.read().rsplit(b")", 1)[1].split()[0] in (b"Z", b"X")
    except (OSError, IndexError):
        return True
