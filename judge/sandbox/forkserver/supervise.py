"""A run, seen from its worker: fork its first child, watch its limits, stop it, gather the
report. Returns a RunReport in the worker, or, in the child that became a Python program, its
PythonJob."""

import os
import select
import time

from . import protocol
from .exitpeak import ExitPeak, drain, forget_sigchld
from .inside import direct_main, init_main
from .pidsweep import NamespaceCpu, kill_isolated_leftovers
from .processes import (RUN, SERVER, WORKER, cpu_ticks, kill, kill_group, name_and_peak,
                        read_to_end, reap, reap_orphans, stat_fields)
from .streams import Capped, Ring
from .pyrunner import PythonJob

POLL_MS = 4  # how often limits are checked: the CPU overshoot is at most this times the cores
POLL_S = POLL_MS / 1000
# A run that met its memory cap is normally killed by the kernel's OOM killer at once. Where the
# kernel reclaims instead (evicting the program's own code pages and reading them back, on the
# run's CPU time, until the CPU limit ends it as a TLE), the run is stopped for memory once it
# has met its cap again and again for this long. A run that met it once (page cache given back)
# and went on is not stopped.
MEMORY_GRACE_S = 0.05
# Moves of a stream once its run is over: enough for the fullest pipe (1 MB, in pieces of a
# few KB round stderr's ring), never a loop without end.
FINAL_DRAINS = 512
STOP_GRACE_S = 1.0  # after its processes were killed, how long a run may take to report
# Without cgroups, what the program's child may touch between reporting its image and its
# exec (the report itself): a wait4 peak within this of the image is still the child's.
IMAGE_SLACK_KB = 1024
TRUSTED_STDERR_BYTES = 64 * 1024 * 1024  # a trusted run (no pump) writes stderr to a file


def supervise(server, order):
    """One run: its RunReport in the worker, or, in the child that became the program, its
    PythonJob."""
    files = open_stdio(order)
    try:
        run = start(server, order, server.cgroups, files)
        return run if isinstance(run, PythonJob) else run.follow()
    finally:
        if server.role != RUN:
            for fd in files:
                os.close(fd)


def start(server, order, cgroups, files):
    """Fork the run's first child (the program itself, or its init: see runs_with_init) with
    `files` as stdin, stdout and stderr; return the Run to follow, or, in the child that became
    the program, its PythonJob.

    An isolated run writes its stdout and stderr into pipes the worker empties (streams)."""
    joins = cgroups.prepare(order.memory_kb, order.processes) if cgroups is not None else []
    if server.namespaces is not None and order.isolate and not order.cwd_given:
        server.namespaces.template_for(tuple(order.binds))  # made here, before the fork
    with_init = runs_with_init(server, order)
    given, streams = list(files), {}
    try:
        if order.isolate:
            for index in (1, 2) if not order.piped else (2,):  # in a pair: stdout is a partner's
                read_end, given[index] = os.pipe2(os.O_CLOEXEC)
                cap = order.output_kb * 1024 + 1  # one byte over the cap marks OLE
                streams[read_end] = Capped(files[1], cap) if index == 1 else Ring(files[2])
        status_r, status_w = os.pipe2(os.O_CLOEXEC)
        # Without cgroups a run with an init is stopped by its init, which alone may kill the
        # program's group by number (see inside.wait_for_program): the worker asks on this pipe.
        stop_r, stop_w = (os.pipe2(os.O_CLOEXEC) if with_init and cgroups is None
                          and server.pidfd else (None, None))
        # Without cgroups the worker traces an isolated binary for its peak (exitpeak), which
        # execs once the worker closes this pipe.
        go_r, go_w = (os.pipe2(os.O_CLOEXEC) if not with_init and traces(server, order)
                      and server.sigchld is not None else (None, None))
        namespace_cpu = (NamespaceCpu() if not with_init and counts_namespace(server, order)
                         else None)
        started = time.monotonic()
        child = os.fork()
        if child == 0:
            server.role = RUN
            if server.sigchld is not None:
                forget_sigchld()
            for fd in (status_r, stop_w, go_w, *streams):
                if fd is not None:
                    os.close(fd)
            if with_init:
                return init_main(server, order, tuple(given), joins, status_w, stop_r)
            return direct_main(server, order, tuple(given), joins, status_w, go_r)
        for fd in (status_w, stop_r, go_r):
            if fd is not None:
                os.close(fd)
        if with_init:
            return InitRun(server, order, cgroups, child, status_r, files, started, streams,
                           stop_w=stop_w)
        watch = None
        if go_w is not None:
            watch = ExitPeak(child, host_proc(server))  # (the number fork gave it)
            watch.seize()
            os.close(go_w)  # the go-ahead: the program execs
        return DirectRun(server, order, cgroups, child, status_r, files, started, streams,
                         watch=watch, namespace_cpu=namespace_cpu)
    finally:
        if server.role != RUN:
            for fd in (*joins, *(fd for fd in given if fd not in files)):
                os.close(fd)  # the write ends of the streams: the program's alone now


def runs_with_init(server, order):
    """A run is the worker's direct child, followed through its pidfd, unless it is isolated
    and either leaves files to copy out of its /box once it has ended (which its init, the
    program's parent, does before the /box goes with the run's namespaces) or is a pair's
    submission, whose end its init times the moment it reaps it (which of the two ended
    first decides the verdict, and a pidfd only says that a process has ended by the time the
    worker looks). Without pidfds the worker can only follow a run through an init."""
    return bool(order.isolate and (order.collect or order.piped)) or not server.pidfd


def counts_namespace(server, order):
    """Whether the run's CPU is that of every process in the runs' PID namespace (pidsweep.
    NamespaceCpu): an isolated run of a server without cgroups that has the namespace (in a
    user namespace), whose /proc shows it. (A pair's worker shares it with the interactor.)"""
    return (order.isolate and server.cgroups is None and server.pid_namespace is not None
            and server.role == SERVER)


def traces(server, order):
    """Whether the program's peak is read at its exit stop (exitpeak): an isolated binary
    without cgroups (whose peak wait4 hides under the server's), where SIGCHLD wakes its
    supervisor (wake_on_sigchld) or its init traces it."""
    return order.isolate and not order.python and server.cgroups is None


def open_stdio(order):
    stdin = os.open(order.stdin or os.devnull, os.O_RDONLY | os.O_CLOEXEC)
    return stdin, open_output(order.stdout), open_output(order.stderr)


def open_output(path):
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)


class Run:
    """A run the worker follows until it is over, stopping it at a limit on the way.

    A stop kills the run's processes, so that its init still reports how it ended (its peak
    memory among it); `hard_stop` kills the init too, should that not come soon."""

    def __init__(self, server, order, cgroups, child, status_r, files, started, streams):
        self.server, self.order, self.cgroups = server, order, cgroups
        self.child, self.status_r, self.files, self.started = child, status_r, files, started
        self.streams = streams  # pipe read end -> the sink it is emptied into
        self.stderr_ring = next((s for s in streams.values() if isinstance(s, Ring)), None)
        self.records = []
        self.stopped = None  # why the worker stopped it: cpu, wall, output, partner, abandoned
        self.last_hwm_kb = 0  # without cgroups: the program's VmHWM as last seen (sample_own_peak)
        self.stopped_at = None  # when, until the stop is escalated
        self.capped = 0  # how often its memory had met its cap at the last look
        self.capped_at = None  # since when it has met its cap at every look, or None
        self.ended_at = None  # when it was over (its wait fd said so)
        # Without cgroups, where the run's processes are those of the runs' PID namespace:
        # their CPU (counts_namespace), and what of it the program's own accounting missed.
        self.namespace_cpu = None
        self.unreaped_cpu_ns = 0

    def follow(self):
        """Watch the run until it is over; its RunReport."""
        try:
            poller = select.poll()
            self.register(poller)
            poller.register(self.server.request_fd, select.POLLIN | select.POLLHUP)
            next_check = self.started
            while self.ended_at is None:
                events = dict(poller.poll(POLL_MS))
                now = time.monotonic()
                if self.server.request_fd in events:  # the judge went away: leave at once
                    poller.unregister(self.server.request_fd)
                    self.stop_now("abandoned", now)
                self.on_events(events, poller, now)
                # Limits on a timer, whatever the pipes do: a program that keeps its stderr
                # busy wakes the poll at once every round, and is checked all the same.
                if now >= next_check and self.ended_at is None:
                    next_check = now + POLL_S
                    if self.stopped is None:
                        if why := self.limit_passed(now):
                            self.stop_now(why, now)
                    else:
                        self.escalate(now)
            self.clean_up()
            reap_orphans()
            self.wait_released()
            return self.report()
        finally:
            self.close()

    def close(self):
        """Close the worker's own descriptors of the run, once it is over."""
        os.close(self.status_r)

    def register(self, poller):
        for fd in (self.wait_fd(), *self.streams):
            poller.register(fd, select.POLLIN | select.POLLHUP)

    def on_events(self, events, poller, now):
        """Take what the run's fds in `events` say: one move of each stream at most (a round's
        work is bounded, so the limits' timer is never kept waiting)."""
        for fd in [fd for fd in self.streams if fd in events]:
            self.drain(fd, poller)
        if self.wait_fd() in events:
            if not self.on_ready():
                self.ended_at = now
                poller.unregister(self.wait_fd())
                self.on_end()
                self.finish_streams(poller)

    def drain(self, fd, poller):
        """Move what waits on a stream; close it once it is done with."""
        try:
            more = self.streams[fd].drain(fd)
        except BlockingIOError:
            return True
        if not more:
            poller.unregister(fd)
            os.close(fd)
            del self.streams[fd]
        return more

    def on_end(self):
        """The run's wait fd says its program is over: what is left of an isolated run (a
        daemon it started, holding its pipes, a pair's pipe to the interactor among them) is
        killed now, as the processes of a PID namespace end with its init."""
        if self.order.isolate:
            self.stop()

    def finish_streams(self, poller):
        """The run is over: empty what its program left in its pipes, then close them (an
        orphan that escaped the run's kill might hold one open for ever)."""
        for fd, sink in list(self.streams.items()):
            try:
                for _ in range(FINAL_DRAINS):  # a pipe's most (an orphan may write on)
                    if not sink.drain(fd):
                        break
            except BlockingIOError:
                pass  # all the program wrote is in; what is still open is an orphan's
            poller.unregister(fd)
            os.close(fd)
            del self.streams[fd]

    def limit_passed(self, now):
        """The limit the run has just passed, or None. A run whose CPU time cannot be read is
        stopped too: its limit could not be enforced."""
        cpu_ns = self.cpu_ns()
        if self.cgroups is None:
            self.sample_own_peak()
        else:
            self.cgroups.sample()
            if self.order.memory_kb is not None:
                self.look_at_the_cap(now)
        return limit_passed(cpu_ns is None, cpu_ns is not None and cpu_ns > self.order.cpu_ms
                            * 1_000_000, now - self.started > self.order.wall_ms / 1000,
                            self.flooded(), self.over_the_cap(now))

    def over_the_cap(self, now):
        """With cgroups: held at the memory cap for MEMORY_GRACE_S (its cgroup reclaims first).
        Without: the program's own peak past the cap, as last polled (RLIMIT_AS is only the
        backstop, with room for runtimes that reserve more than they use)."""
        if self.cgroups is not None:
            return self.capped_at is not None and now - self.capped_at > MEMORY_GRACE_S
        return self.order.memory_kb is not None and self.last_hwm_kb > self.order.memory_kb

    def look_at_the_cap(self, now):
        capped = self.cgroups.capped()
        if capped <= self.capped:
            self.capped_at = None
        elif self.capped_at is None:
            self.capped_at = now
        self.capped = capped

    def stop_now(self, why, now):
        if self.stopped is None:
            self.stopped = why
        if self.stopped_at is None:
            self.stop()
            self.stopped_at = now

    def escalate(self, now):
        """A stopped run that has not reported within STOP_GRACE_S loses its init too."""
        if self.stopped_at is not None and now - self.stopped_at > STOP_GRACE_S:
            self.hard_stop()
            self.stopped_at = float("inf")

    def sample_own_peak(self):
        """Without cgroups: the program's own peak resident set (VmHWM, which exec starts
        anew), as last seen; see own_peak_kb. Its child before the exec, still named as the
        server is, holds the server's pages: not the program's (a Python program run in the
        server never execs, and its peak is the child's, baseline included)."""
        pid = self.program_pid()
        if pid is None:
            return
        name, hwm_kb = name_and_peak(pid, self.proc_fd())
        # Its child is called as the server (Server.name) until it execs the program.
        if hwm_kb and (self.order.python or name != self.server.name):
            self.last_hwm_kb = hwm_kb

    def own_peak_kb(self, maxrss_kb):
        """The program's peak: wait4's, unless that is only the peak the program's child had
        before the exec (the fork server's pages, about 10 MB: the kernel carries it across
        exec into ru_maxrss, with what the child touched after it reported its image). The
        program's own was then below it: its VmHWM as its init read it at its exit stop
        (exitpeak), else the last seen of it after the exec (0 for a program that ended
        within one poll, unseen). Either is a lower bound of the program's own peak."""
        image = next((r for r in self.records if isinstance(r, protocol.ProgramImage)), None)
        if image is None or maxrss_kb > image.inherited_kb + IMAGE_SLACK_KB:
            return maxrss_kb
        return max(self.last_hwm_kb, self.exit_peak().peak_kb or 0)

    def exit_peak(self):
        """What the program's init read of it at its exit (exitpeak), or an empty record."""
        return next((r for r in self.records if isinstance(r, protocol.ProgramExitPeak)),
                    protocol.ProgramExitPeak(None, None))

    def cpu_ns(self):
        """The run's CPU so far; None where it cannot be read (the run is then stopped: see
        limit_passed). Without cgroups, the program's own from /proc, by its number where
        program_pid() has it (proc_fd): in a user namespace the server's own /proc shows the
        runs' PID namespace, where the number fork gave the server is another process's, or
        none."""
        if self.cgroups is not None:
            return self.cgroups.cpu_ns()
        if self.namespace_cpu is not None:
            return self.namespace_cpu.cpu_ns()
        pid = self.program_pid()
        if pid is None:
            return 0
        cpu = process_cpu_ns(pid, self.proc_fd())
        if cpu is None and self.reaped_elsewhere:
            return 0  # reaped by its init: its CPU comes from the init's report
        return cpu

    def proc_fd(self):
        """Where program_pid() is the program's number: the program is the server's child,
        numbered as fork gave it, which the host's /proc shows (host_proc)."""
        return host_proc(self.server)

    def flooded(self):
        """Whether the run wrote more than it may: stdout past its cap; for a trusted run, whose
        stderr goes straight to a file, also a stderr beyond all reason. An isolated run's
        stderr is emptied by its worker, which keeps only its head and tail."""
        cap = self.order.output_kb * 1024
        if not self.order.piped and os.fstat(self.files[1]).st_size > cap:
            return True  # (in a pair, stdout is the partner's pipe: it reads what it needs)
        return not self.order.isolate and os.fstat(self.files[2]).st_size > TRUSTED_STDERR_BYTES

    def wait_released(self):
        """Once its processes are dead: until the last of them is reaped (cgroups)."""
        if self.cgroups is not None:
            self.cgroups.wait_released(reap_orphans)

    def stderr_bytes(self):
        """How much it wrote on stderr: counted by the pump of an isolated run, else the size
        of the file it wrote to."""
        if self.stderr_ring is not None:
            return self.stderr_ring.total
        return os.fstat(self.files[2]).st_size

    def program_ended_at(self):
        """When the program itself ended (its init may report a little later), once the
        records are in: for the order in which a pair's programs ended."""
        ended = next((r for r in self.records if isinstance(r, protocol.ProgramEnded)), None)
        return ended.at if ended is not None else self.ended_at

    def report(self):
        """The run's facts and measurements, from the children's records and its cgroups."""
        ended = next((r for r in self.records if isinstance(r, protocol.ProgramEnded)), None)
        failed = next((r for r in self.records if isinstance(r, protocol.ChildFailed)), None)
        cpu_ns, peak, oom = (ended.cpu_ns + self.unreaped_cpu_ns if ended else None), 0, False
        if self.cgroups is not None:
            cpu_ns = self.cgroups.cpu_ns()
            peak, oom = self.cgroups.memory()
        return protocol.RunReport(
            error=failed.error if failed is not None else blind(self.stopped, cpu_ns,
                                                                self.cgroups),
            unstarted=failed is not None and failed.unstarted,
            stopped=self.stopped,
            status=ended.status if ended else None,
            wall_s=(self.ended_at or time.monotonic()) - self.started,
            cpu_ns=cpu_ns,
            cgroup_peak=peak,
            oom=oom,
            maxrss_kb=self.own_peak_kb(ended.maxrss_kb) if ended else 0,
            stderr_bytes=self.stderr_bytes(),
            note=self.exit_peak().untraced or "",
        )


class InitRun(Run):
    """A run with an init (the program's parent: see runs_with_init), followed through its
    status pipe, which closes when its init and program are gone."""

    reaped_elsewhere = True  # its init reaps the program, which then leaves /proc

    def __init__(self, *args, stop_w):
        super().__init__(*args)
        self.stop_w = stop_w  # asks its init to stop the program (no cgroups), or None

    def close(self):
        super().close()
        if self.stop_w is not None:
            os.close(self.stop_w)

    def wait_fd(self):
        return self.status_r

    def on_end(self):
        """Without cgroups, in a worker inside the runs' PID namespace (a pair's): what the
        program left outside its group (a daemon in a session of its own, holding the pair's
        pipe) is killed now, not at the sweep after the pair, which would leave the interactor
        waiting for the end of its input until its own limit."""
        super().on_end()
        if (self.order.isolate and self.cgroups is None and self.server.role == WORKER
                and self.server.pid_namespace is not None):
            kill_isolated_leftovers()

    def on_ready(self):
        chunk = os.read(self.status_r, 65536)
        self.records.append(chunk)
        return bool(chunk)

    def clean_up(self):
        program = self.program_pid() if self.cgroups is None else None
        reap(self.child)
        self.records = protocol.decode_all(b"".join(self.records))
        # Its init killed what was left of the program's group before it reaped the program;
        # an init killed before the program ended leaves that to the worker (the program, an
        # orphan now, is the worker's to reap: its number is still its own).
        if program is not None and not any(isinstance(r, protocol.ProgramEnded)
                                           for r in self.records):
            kill_group(program)

    def proc_fd(self):
        """The program's number is its init's, in the runs' PID namespace: the one the server's
        own /proc shows in a user namespace (None: /proc)."""
        return None

    def program_pid(self):
        """Only needed, and only reported, without cgroups."""
        started = protocol.decode_all(b"".join(self.records))
        return next((r.pid for r in started if isinstance(r, protocol.ProgramStarted)), None)

    def stop(self):
        """Kill the run's processes; init then reports the program's end and resource usage.
        Without cgroups its init is asked to kill the program's group (where it has no pidfd
        to wait with, the worker kills that group itself, by a number that the init may have
        just reaped); without a way to find them, kill init."""
        if self.cgroups is not None:
            self.cgroups.kill_all()
        elif self.stop_w is not None:
            try:
                os.write(self.stop_w, b"s")
            except OSError:
                pass  # the init has ended: nothing is left to stop
        elif (pid := self.program_pid()) is not None:
            kill_group(pid)
        else:
            self.hard_stop()

    def hard_stop(self):
        kill(self.child)


class DirectRun(Run):
    """A run that is the worker's own child: its pidfd turns readable when it exits. A traced
    one (`watch`, exitpeak) stops on its way out first: SIGCHLD's pipe wakes the worker, which
    reads its peak and lets it go on (on the limits' timer too, should a wake-up be missed)."""

    reaped_elsewhere = False  # the worker reaps it after the follow: /proc has it until then

    def __init__(self, *args, watch=None, namespace_cpu=None):
        super().__init__(*args)
        self.pidfd = os.pidfd_open(self.child)
        self.watch = watch
        self.namespace_cpu = namespace_cpu

    def register(self, poller):
        super().register(poller)
        if self.watch is not None:
            poller.register(self.server.sigchld[0], select.POLLIN)

    def on_events(self, events, poller, now):
        if self.watch is not None and self.server.sigchld[0] in events:
            drain(self.server.sigchld[0])
            self.watch.take_stops()
        super().on_events(events, poller, now)

    def limit_passed(self, now):
        if self.watch is not None:
            self.watch.take_stops()
        return super().limit_passed(now)

    def close(self):
        super().close()
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
        if self.cgroups is not None:
            self.cgroups.kill_all()

    hard_stop = stop

    def clean_up(self):
        self.stop()  # what it left behind; its pid, a zombie's, is not reused yet
        _, status, usage = os.wait4(self.child, 0)
        if self.namespace_cpu is not None:  # the program gone, what it did not reap
            self.unreaped_cpu_ns = self.namespace_cpu.cpu_ns()
        self.records = protocol.decode_all(read_to_end(self.status_r))
        if self.watch is not None:
            self.records.append(protocol.ProgramExitPeak(self.watch.peak_kb,
                                                         self.watch.untraced))
        if not any(isinstance(r, protocol.ChildFailed) and r.unstarted for r in self.records):
            self.records.append(protocol.ProgramEnded(
                status, usage.ru_maxrss, int((usage.ru_utime + usage.ru_stime) * 1e9),
                self.ended_at))


def blind(stopped, cpu_ns, cgroups):
    """Why a run that ended normally was not measured, or None: a CPU time that could not be
    read is the sandbox's failure, never 0 (a run could pass its limit unseen)."""
    if stopped == "counter":
        return "cannot read the run's CPU time while it ran"
    if cgroups is not None and cpu_ns is None:
        return "cannot read the run's CPU time from its cgroup"
    return None


def limit_passed(blind, cpu, wall, flood, memory=False):
    """Why the run must stop now, or None. A run whose CPU time cannot be read is stopped
    too: its limit could not be enforced. `memory`: at its memory cap for MEMORY_GRACE_S."""
    if blind:
        return "counter"
    if cpu:
        return "cpu"
    if memory:
        return "memory"
    if wall:
        return "wall"
    if flood:
        return "output"
    return None


def host_proc(server):
    """A descriptor of the /proc where this process's children have the numbers fork gave
    it, or None: /proc. The server's are the host's (its own /proc shows the runs' PID
    namespace in a user namespace); a worker is a process of that namespace, whose /proc its
    own shows."""
    if server.namespaces is None or server.role == WORKER:
        return None
    return server.namespaces.proc_fd


def process_cpu_ns(pid, proc_fd=None):
    """CPU of a process and its reaped children, from /proc; None where /proc has no such
    process (gone, or not under that number in that /proc)."""
    fields = stat_fields(pid, proc_fd)
    if fields is None:
        return None
    return cpu_ticks(fields) * 1_000_000_000 // os.sysconf("SC_CLK_TCK")

