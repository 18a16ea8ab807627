"""A run, seen from the server: fork its first child, watch its limits, stop it, gather the
report. Returns a RunReport in the server, or, in the child that became a Python program, its
PythonJob."""

import os
import select
import time

from . import protocol
from .inside import direct_main, keeper_main
from .processes import kill, kill_group, reap_all

POLL_MS = 4  # how often limits are checked: the CPU overshoot is at most this times the cores
STOP_GRACE_S = 1.0  # after its processes were killed, how long a run may take to report
TRUSTED_STDERR_BYTES = 64 * 1024 * 1024  # a trusted run (no pump) writes stderr to a file


def supervise(server, order):
    files, joins = open_stdio(order), []
    try:
        if server.cgroups is not None:
            joins = server.cgroups.prepare(order.memory_kb, order.processes)
        status_r, status_w = os.pipe2(os.O_CLOEXEC)
        with_keeper = runs_with_keeper(server, order)
        started = time.monotonic()
        child = os.fork()
        if child == 0:
            os.close(status_r)
            if with_keeper:
                return keeper_main(server, order, files, joins, status_w)
            return direct_main(server, order, files, joins, status_w)
        os.close(status_w)
        try:
            run = KeeperRun if with_keeper else DirectRun
            return run(server, order, child, status_r, files, started).follow()
        finally:
            os.close(status_r)
    finally:
        if os.getpid() == server.pid:
            for fd in (*files, *joins):
                os.close(fd)


def runs_with_keeper(server, order):
    """Isolated runs get a keeper (which pumps their stderr) and an init, in namespaces of
    their own where the host allows; trusted runs are the server's direct child: two forks
    less. Without pidfds the server can only follow a run through a keeper."""
    return order.isolate or not server.pidfd


def open_stdio(order):
    stdin = os.open(order.stdin or os.devnull, os.O_RDONLY | os.O_CLOEXEC)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC
    return stdin, os.open(order.stdout, flags, 0o600), os.open(order.stderr, flags, 0o600)


class Run:
    """A run the server follows until it is over, stopping it at a limit on the way."""

    def __init__(self, server, order, child, status_r, files, started):
        self.server, self.order, self.child = server, order, child
        self.status_r, self.files, self.started = status_r, files, started
        self.records = []
        self.stopped = None

    def follow(self):
        wall = self.watch()
        self.clean_up()
        return self.report(wall)

    def watch(self):
        """Poll until the run is over; return its wall time in seconds.

        A stop kills the run's processes, so that its init and keeper still report how it
        ended (its peak memory among it); `hard_stop` kills the keeper too, should that not
        come soon. A judge that goes away (its request pipe closes: it sends nothing while a
        run goes) stops the run too, so that the server can clean up and leave at once."""
        cpu_limit_ns = self.order.cpu_ms * 1_000_000
        wall_limit = self.order.wall_ms / 1000
        wait_fd = self.wait_fd()
        poller = select.poll()
        poller.register(wait_fd, select.POLLIN | select.POLLHUP)
        poller.register(self.server.request_fd, select.POLLIN | select.POLLHUP)
        stopped_at = None
        while True:
            events = dict(poller.poll(POLL_MS))
            if self.server.request_fd in events:
                poller.unregister(self.server.request_fd)
                self.stopped = self.stopped or "abandoned"
                self.stop()
                stopped_at = time.monotonic()
            if wait_fd in events:
                if self.on_ready():
                    continue
                break
            now = time.monotonic()
            if self.stopped is None:
                cpu_ns = self.cpu_ns()
                if self.server.cgroups is not None:
                    self.server.cgroups.sample()
                self.stopped = limit_passed(cpu_ns is None,
                                            cpu_ns is not None and cpu_ns > cpu_limit_ns,
                                            now - self.started > wall_limit, self.flooded())
                if self.stopped is not None:
                    self.stop()
                    stopped_at = now
            elif stopped_at is not None and now - stopped_at > STOP_GRACE_S:
                self.hard_stop()
                stopped_at = None
        return time.monotonic() - self.started

    def cpu_ns(self):
        if self.server.cgroups is not None:
            return self.server.cgroups.cpu_ns()
        pid = self.program_pid()
        return 0 if pid is None else process_cpu_ns(pid)

    def flooded(self):
        """Whether the run wrote more than it may: stdout past its cap; for a trusted run, whose
        stderr goes straight to a file, also a stderr beyond all reason. An isolated run's
        stderr is pumped by its keeper, which keeps only its head and tail."""
        cap = self.order.output_kb * 1024
        if os.fstat(self.files[1]).st_size > cap:
            return True
        return not self.order.isolate and os.fstat(self.files[2]).st_size > TRUSTED_STDERR_BYTES

    def report(self, wall):
        """The run's facts and measurements, from the children's records and its cgroups."""
        ended = next((r for r in self.records if isinstance(r, protocol.ProgramEnded)), None)
        failed = next((r for r in self.records if isinstance(r, protocol.ChildFailed)), None)
        streams = next((r for r in self.records if isinstance(r, protocol.StreamsDone)), None)
        cpu_ns, peak, oom = (ended.cpu_ns if ended else None), 0, False
        cgroups = self.server.cgroups
        if cgroups is not None:
            cpu_ns = cgroups.cpu_ns()
            peak, oom = cgroups.memory()
        return protocol.RunReport(
            error=failed.error if failed is not None else blind(self.stopped, cpu_ns, cgroups),
            unstarted=failed is not None and failed.unstarted,
            stopped=self.stopped,
            status=ended.status if ended else None,
            wall_s=wall,
            cpu_ns=cpu_ns,
            cgroup_peak=peak,
            oom=oom,
            maxrss_kb=ended.maxrss_kb if ended else 0,
            stderr_bytes=self.stderr_bytes(streams),
        )


class KeeperRun(Run):
    """An isolated run, followed through its status pipe, which closes when its keeper, init
    and program are all gone."""

    def wait_fd(self):
        return self.status_r

    def on_ready(self):
        chunk = os.read(self.status_r, 65536)
        self.records.append(chunk)
        return bool(chunk)

    def report(self, wall):
        self.records = protocol.decode_all(b"".join(self.records))
        return super().report(wall)

    def program_pid(self):
        """Only needed, and only known, without cgroups (and so without a PID namespace)."""
        started = protocol.decode_all(b"".join(self.records))
        return next((r.pid for r in started if isinstance(r, protocol.ProgramStarted)), None)

    def stop(self):
        """Kill the run's processes; init then reports the program's end and resource usage,
        and the namespace dies with init. Without a way to find them, kill the keeper (init
        dies with its parent, PDEATHSIG)."""
        if self.server.cgroups is not None:
            self.server.cgroups.kill_all()
        elif (pid := self.program_pid()) is not None:
            kill_group(pid)
        else:
            self.hard_stop()

    def hard_stop(self):
        kill(self.child)

    def clean_up(self):
        if self.server.cgroups is None and (pid := self.program_pid()) is not None:
            kill_group(pid)
        reap_all()  # the keeper, and init if it was orphaned (the server is their subreaper)

    def stderr_bytes(self, streams):
        return streams.stderr_bytes if streams is not None else 0


class DirectRun(Run):
    """A trusted run, the server's own child: its pidfd turns readable when it exits."""

    def follow(self):
        self.pidfd = os.pidfd_open(self.child)
        try:
            return super().follow()
        finally:
            os.close(self.pidfd)

    def wait_fd(self):
        return self.pidfd

    def on_ready(self):
        return False

    def program_pid(self):
        return self.child

    def stop(self):
        """Kill its process group, and with cgroups everything in them until empty."""
        kill_group(self.child)
        if self.server.cgroups is not None:
            self.server.cgroups.kill_all()

    hard_stop = stop

    def clean_up(self):
        self.stop()  # what it left behind; its pid, a zombie's, is not reused yet
        _, status, usage = os.wait4(self.child, 0)
        reap_all()
        self.records = protocol.decode_all(read_to_end(self.status_r))
        if not any(isinstance(r, protocol.ChildFailed) and r.unstarted for r in self.records):
            self.records.append(protocol.ProgramEnded(
                status, usage.ru_maxrss, int((usage.ru_utime + usage.ru_stime) * 1e9)))

    def stderr_bytes(self, streams):
        return os.fstat(self.files[2]).st_size


def blind(stopped, cpu_ns, cgroups):
    """Why a run that ended normally was not measured, or None: a CPU time that could not be
    read is the sandbox's failure, never 0 (a run could pass its limit unseen)."""
    if stopped == "counter":
        return "cannot read the run's CPU time while it ran"
    if cgroups is not None and cpu_ns is None:
        return "cannot read the run's CPU time from its cgroup"
    return None


def limit_passed(blind, cpu, wall, flood):
    """Why the run must stop now, or None. A run whose CPU time cannot be read is stopped
    too: its limit could not be enforced."""
    if blind:
        return "counter"
    if cpu:
        return "cpu"
    if wall:
        return "wall"
    if flood:
        return "output"
    return None


def process_cpu_ns(pid):
    """CPU of a process and its reaped children, from /proc (0 once it is gone: its rusage
    then comes from wait4)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    ticks = sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
    return ticks * 1_000_000_000 // os.sysconf("SC_CLK_TCK")


def read_to_end(fd):
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    return b"".join(chunks)
