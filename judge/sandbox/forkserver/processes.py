"""Small process helpers: kill without caring whether the process is still there, reap, read
a descriptor to its end, read a process's files in /proc."""

import os
import signal

# What a process of the fork server is (Server.role): the server itself, a worker it forked for
# one order, or a run's child, which goes back through the server's code only to become its
# program.
SERVER, WORKER, RUN = "server", "worker", "run"


def kill(pid, sig=signal.SIGKILL):
    try:
        os.kill(pid, sig)
    except OSError:
        pass


def kill_group(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def reap(pid):
    """Wait for the child `pid` (gone already: fine)."""
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


def reap_until(pid):
    """Reap children, whichever ends first, until `pid` is reaped (or none is left). The holder
    of a PID namespace ends only once every process of the namespace is reaped, and those are
    the server's children: waiting for the holder alone, with a run's child not yet reaped,
    would wait for ever."""
    while True:
        try:
            ended, _ = os.waitpid(-1, 0)
        except ChildProcessError:
            return
        if ended == pid:
            return


def reap_orphans():
    """Reap the children that have ended: orphans of stopped runs come back to the server
    (their subreaper). Runs still going, a pair's other half, are not waited for."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


# What the judge sends its server when it is interrupted (ServerProcess.interrupt): the run
# going ends, the server cleans up and leaves, as on a terminal's Ctrl-C (server.main).
INTERRUPT = signal.SIGUSR1

KILL_ROUNDS = 1000  # a bomb forking as it is killed loses within a few rounds; a backstop


def kill_children():
    """Kill this process's children and reap them, round after round, until it has none: the
    children of each killed one come back here in the next (this process being their
    subreaper), however deep they were."""
    for _ in range(KILL_ROUNDS):
        listed = children()
        if not listed:
            return
        for pid in listed:
            kill(pid)
        for pid in listed:
            reap(pid)
    raise OSError("processes of a run outlived a thousand rounds of SIGKILL")


def children():
    """The pids of this process's children (of its calling thread: the server has no other),
    from /proc; by every process's parent where the kernel has no children list (it needs
    CONFIG_PROC_CHILDREN)."""
    try:
        with open("/proc/thread-self/children", "rb") as handle:
            return [int(pid) for pid in handle.read().split()]
    except FileNotFoundError:
        pass
    me = os.getpid()
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            fields = stat_fields(name)
            if fields is not None and int(fields[1]) == me:  # state, then the parent's pid
                found.append(int(name))
    return found


def read_to_end(fd):
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    return b"".join(chunks)


def read_proc(pid, name, proc_fd=None):
    """/proc/PID/NAME, or PID/NAME under the /proc open as `proc_fd` (another PID namespace's)."""
    fd = os.open(f"{pid}/{name}" if proc_fd is not None else f"/proc/{pid}/{name}",
                 os.O_RDONLY | os.O_CLOEXEC, dir_fd=proc_fd)
    try:
        return os.read(fd, 4096).decode(errors="replace")
    finally:
        os.close(fd)


def stat_fields(pid, proc_fd=None):
    """The fields of /proc/PID/stat after the command's name (its state first, as proc(5)'s
    field 3), or None for a process that is gone."""
    try:
        return read_proc(pid, "stat", proc_fd).rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def cpu_ticks(fields):
    """A process's CPU and that of the children it reaped (utime, stime, cutime, cstime), in
    clock ticks, from its stat_fields."""
    return sum(int(value) for value in fields[11:15])


def name_and_peak(pid, proc_fd=None):
    """A process's name and peak resident set (VmHWM, KB) from its /proc status: ("", None)
    when they cannot be read."""
    name = ""
    try:
        for line in read_proc(pid, "status", proc_fd).splitlines():
            if line.startswith("Name:"):
                name = line[len("Name:"):].strip()
            elif line.startswith("VmHWM:"):
                return name, int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return "", None
    return name, None
