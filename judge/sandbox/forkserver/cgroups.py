"""The cgroups of a server's runs: what every cgroup version does the same way, and the
questions each answers its own way (cgroup_v1: a folder per controller; cgroup_v2: one hierarchy).

A run gets its own cgroup (one per controller on v1) under the folders the judge found usable
(judge.sandbox.host): its memory is capped and measured there, its processes counted and
capped, its CPU time read, and whatever it leaves behind found and killed.

Creating and removing cgroups costs more than a small run, so on v1 a server keeps its cgroups
while they come back clean: no task left, no OOM kill, no memory still charged. On v2 the peak
(memory.peak) cannot be reset, so every run gets a new cgroup.

Every file is read and written with plain system calls (the counters are read every few
milliseconds); a counter that cannot be read is None, never 0.
"""

import errno
import os
import signal
import time

from . import ownership
from .processes import kill, read_to_end

# What a clean v1 memory cgroup may still be charged after a run: kernel objects freed late and
# the per-CPU charge batches (64 pages each), which a new cgroup charges on its first page too.
REUSED_CGROUP_CHARGE = 1024 * 1024
KILL_ROUNDS = 1000  # of killing what is in a cgroup, a millisecond apart (a fork bomb forks on)
RELEASE_WAIT_S = 1.0  # for the processes of a run, killed, to be reaped
PREFIX = "judge-"  # every cgroup a server makes is named judge-SLOT-TOKEN-KIND-SERIAL


class RunCgroups:
    """The current run's cgroups: created or reused, limited, read, emptied, removed."""

    version = None

    def __init__(self, dirs, owner, lock_folder, kind="r"):
        self.dirs = dict(dirs)  # controller (v2: "unified") -> the parent folder
        # owner: the judge's slot and token (forkserver.ownership); kind: "p" for the second
        # run of a pair, "r" for the others
        self.owner = owner
        self.prefix = f"{PREFIX}{owner}-{kind}"
        self.lock_folder = lock_folder
        self.serial = 0
        # Of the current run's cgroups: their folders by controller, and descriptors of the
        # counters read in them, kept while the name stays (a counter is read several times a
        # run, and opening a cgroup file costs some 8 us against 1 us to read an open one).
        self._name, self.folders, self.counters = None, {}, {}
        self.limits = None  # the (memory_kb, processes) written to them
        # Seen empty since the run's program was let in: only root can move a process into a
        # cgroup, and a process's children start in its own, so they stay empty.
        self.emptied = False

    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, name):
        if name != self._name:
            self.forget_counters()
            self.folders = ({} if name is None else
                            {key: os.path.join(directory, name)
                             for key, directory in self.dirs.items()})
        self._name = name

    def forget_counters(self):
        for fd in self.counters.values():
            os.close(fd)
        self.counters = {}

    def read_text(self, controller, file_name):
        """The text of a counter file of the current cgroups, "" if it cannot be read (a
        cgroup removed under the server reads as nothing, as a path to it would)."""
        key = (controller, file_name)
        fd = self.counters.get(key)
        if fd is None:
            try:
                fd = os.open(os.path.join(self.folders[controller], file_name),
                             os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                return ""
            self.counters[key] = fd
        try:
            return read_from_start(fd)
        except OSError:
            return ""

    def read_pids(self, controller):
        """The pids in a cgroup now: read through a descriptor of its own every time (on v1 an
        open cgroup.procs keeps the list it first read for up to a second)."""
        try:
            fd = os.open(os.path.join(self.folders[controller], "cgroup.procs"),
                         os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return []
        try:
            return [int(pid) for pid in read_from_start(fd).split()]
        except OSError:
            return []
        finally:
            os.close(fd)

    def prepare(self, memory_kb, processes):
        """Make the run's cgroups ready with its limits; return descriptors of their
        cgroup.procs files, which the program writes itself into."""
        try:
            return self._prepare(memory_kb, processes)
        except (FileNotFoundError, FileExistsError):
            # The kept cgroups were removed under the server, or a new name was taken: by a
            # judge that shares the cgroups but not this judge's lock folder (another
            # container's). New cgroups, under the next serial, once.
            self.name = None
            return self._prepare(memory_kb, processes)

    def _prepare(self, memory_kb, processes):
        if self.name is not None and not self.reset():
            self.discard()
        if self.name is None:
            self.serial += 1
            self.name = f"{self.prefix}{self.serial}"
            for directory in self.dirs.values():
                os.mkdir(os.path.join(directory, self.name))
            self.limits = None
        if (memory_kb, processes) != self.limits:
            self.limits = None  # unknown until every write has succeeded
            self.set_limits(memory_kb, processes)
            self.limits = (memory_kb, processes)
        self.emptied = False
        return [os.open(os.path.join(path, "cgroup.procs"), os.O_WRONLY | os.O_CREAT
                        | os.O_CLOEXEC) for path in self.paths()]

    def state(self):
        """What a worker hands back to the server, for the next run: which cgroups are current,
        with which limits, and the last serial used."""
        return [self.serial, self.name, self.limits]

    def restore(self, state):
        self.serial, self.name, limits = state
        self.limits = tuple(limits) if limits is not None else None
        self.emptied = False  # as the worker left them: to be seen

    def path(self, controller):
        return self.folders[controller]

    def paths(self):
        return list(self.folders.values())

    def kill_all(self):
        """Kill what is in the run's cgroups until they are empty."""
        if self.emptied:
            return
        for _ in range(KILL_ROUNDS):
            pids = self.pids()
            if not pids:
                self.emptied = True
                return
            kill_members(pids, self.pids)
            time.sleep(0.001)

    def discard(self):
        """Kill anything left in the current cgroups, then remove them."""
        if self.name is None:
            return
        self.kill_all()
        self.forget_counters()
        for path in self.paths():
            remove_folder(path)
        self.name = None

    def sweep_stale(self):
        """Remove the empty cgroups of judges that died without cleaning up (their slot is
        free, or an earlier holder of this judge's slot made them: forkserver.ownership); a live
        judge's are left alone, whatever its pid."""
        for directory in self.dirs.values():
            def remove(entry, directory=directory):
                try:
                    os.rmdir(os.path.join(directory, entry))
                except OSError:
                    pass

            ownership.sweep(self.lock_folder, os.listdir(directory), PREFIX, remove,
                            parent=directory, own=self.owner)

    def sample(self):
        """Called as the run goes, for counters the kernel does not keep a peak of."""

    def wait_released(self, reap):
        """Wait until every process of the run has been reaped (by `reap`, the supervisor's
        own, or by the runs' PID namespace's pid 1): the pids controller counts a process
        until then, cgroup.procs only until it exits. So when the judge hears of the run, not
        even a zombie of it is left. Gives up after RELEASE_WAIT_S (a process stuck in the
        kernel): what is left is killed again after the answer."""
        deadline = None
        while True:
            text = self.read_text(self.PIDS, "pids.current").strip()
            if not text.isdigit() or int(text) == 0:
                return
            now = time.monotonic()
            deadline = deadline or now + RELEASE_WAIT_S
            if now > deadline:
                return
            reap()
            time.sleep(0.0002)

    # The questions each version answers its own way (cgroup_v1, cgroup_v2).

    PIDS = None  # the key of `dirs` whose folder holds pids.current

    def reset(self):
        """Make the current cgroups count from zero for the next run; False when they cannot
        be reused (they are then discarded and new ones made)."""
        raise NotImplementedError

    def set_limits(self, memory_kb, processes):
        """Write the run's memory cap (None: none) and process cap."""
        raise NotImplementedError

    def cpu_ns(self):
        """The run's CPU time in nanoseconds, None when it cannot be read."""
        raise NotImplementedError

    def memory(self):
        """(peak bytes, whether the kernel's OOM killer struck in the run)."""
        raise NotImplementedError

    def capped(self):
        """How often the run's memory charge met its cap (the kernel then reclaims, or kills)."""
        raise NotImplementedError

    def pids(self):
        """The pids in the run's cgroups now."""
        raise NotImplementedError


def kill_members(pids, members):
    """SIGKILL the processes `pids`, read from a cgroup's cgroup.procs, that are still in it.

    A pid is only a number: a process of the run may end and be reaped (by its parent in the
    run, or by the runs' pid 1) after the list was read, and the number go to any process of
    the host. So each is pinned by a pidfd first, the cgroup read again (`members`), and only
    a pinned process whose number is still listed is signalled: if it lives, the number is
    its own and it is a member; if it has ended, the signal reaches nothing. Without pidfds
    (Linux before 5.3) the numbers are killed as read."""
    pinned = {}
    try:
        for pid in pids:
            try:
                pinned[pid] = os.pidfd_open(pid)
            except AttributeError:
                kill(pid)  # no pidfds in this Python
            except OSError as exc:
                if exc.errno == errno.ENOSYS:
                    kill(pid)  # nor in this kernel
                # else: ended already, or out of descriptors: the next round sees it again
        if not pinned:
            return
        still = set(members())
        for pid, pidfd in pinned.items():
            if pid in still:
                try:
                    signal.pidfd_send_signal(pidfd, signal.SIGKILL)
                except OSError:
                    pass  # ended in the meantime
    finally:
        for pidfd in pinned.values():
            os.close(pidfd)


def field_value(text, key):
    """The integer after `key` in a "key value" per line file (memory.events, oom_control)."""
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == key and parts[1].isdigit():
            return int(parts[1])
    return 0


def write_file(directory, name, value, optional=False):
    """Write `value` to a cgroup file; an `optional` one may be missing (e.g. swap accounting).
    O_CREAT and O_TRUNC do nothing to a cgroup file (cgroupfs refuses to make one), as a shell's
    `echo VALUE > FILE` shows; they let the tests' fake trees take the same writes."""
    try:
        fd = os.open(os.path.join(directory, name),
                     os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC)
        try:
            os.write(fd, str(value).encode())
        finally:
            os.close(fd)
    except OSError:
        if not optional:
            raise


def read_from_start(fd):
    """An open cgroup file's text, made anew by the kernel for a read from its start.

    A cgroup file (like a small regular file) comes whole in one read that is not full: a read
    more to see its end would be one system call more per counter read."""
    chunk = os.pread(fd, 65536, 0)
    if len(chunk) < 65536:
        return chunk.decode()
    os.lseek(fd, 65536, os.SEEK_SET)
    return (chunk + read_to_end(fd)).decode()


def remove_folder(path):
    """Remove a cgroup, waiting a little for its last tasks to leave."""
    for _ in range(200):
        try:
            os.rmdir(path)
            return
        except FileNotFoundError:
            return
        except OSError as exc:
            if exc.errno != errno.EBUSY:
                return  # not a cgroup that is emptying (a child cgroup, a file): leave it
            time.sleep(0.001)
