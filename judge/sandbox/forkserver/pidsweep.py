"""Cleanup without cgroups, in the runs' PID namespace of a server in a user namespace: once its
run has answered, the worker kills every process of the namespace but its holder (pid 1) and
itself. Runs are one at a time per server, so whatever else is alive there (a daemon, a fork
bomb's last children) was left by the run."""

import os

from .processes import KILL_ROUNDS, cpu_ticks, kill, reap_orphans, stat_fields

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
    fields = stat_fields(pid)
    return fields is None or fields[0] in ("Z", "X")


class NamespaceCpu:
    """Without cgroups, in the runs' PID namespace as this process's /proc shows it: the CPU of
    all of a run's processes. A program's own accounting (its /proc stat while it lives, wait4
    once it has ended) holds only the children it reaped: a child it never waited for, alive or
    a zombie, or an orphan the holder reaped, would spend CPU no limit sees. Runs are one at a
    time per server, and the last one's leftovers are swept before the next starts, so every
    process of the namespace but its holder is the run's; the orphans the holder reaps while
    the run goes are in what it has reaped since the run began. Made before the run's fork."""

    def __init__(self):
        self.holder_at_start = _reaped_ticks(HOLDER) or 0

    def cpu_ns(self):
        """CPU so far of every process of the run that /proc still shows (a process with what
        it reaped), and of what the holder reaped since the run began."""
        ticks = 0
        for _ in range(KILL_ROUNDS):
            # The holder may reap a process between the listing and the look at what it has
            # reaped: taken again until it has not changed, no process is counted twice.
            before = _reaped_ticks(HOLDER) or 0
            ticks = sum(_ticks(pid) for pid in _pids() if pid != HOLDER)
            after = _reaped_ticks(HOLDER) or 0
            if after == before:
                break
        return (ticks + after - self.holder_at_start) * 1_000_000_000 // _TICKS_A_SECOND


_TICKS_A_SECOND = os.sysconf("SC_CLK_TCK")


def _ticks(pid):
    """A process's CPU with its reaped children's, in clock ticks; 0 for one that is gone."""
    fields = stat_fields(pid)
    return cpu_ticks(fields) if fields else 0


def _reaped_ticks(pid):
    """The CPU of the children a process has reaped (cutime, cstime), or None."""
    fields = stat_fields(pid)
    return int(fields[13]) + int(fields[14]) if fields else None
