"""The server: set up once from the judge's ServerConfig, then one answer per order until the
judge closes the request pipe.

The server runs an order itself, or, when the judge marks it for a worker (protocol.WORKER: a
pair, whose interactor is the problem setter's and names the host's files), does not read it
but forks a worker, which reads it, runs it, answers the judge, tells the server the state of
the cgroups it leaves (WorkerDone) and exits. The judge sends the orders of isolated runs and
of trusted runs to two servers; what the server of isolated runs reads names nothing of the
project, so its memory, which every isolated run is forked from and could read, holds nothing
a submission must not see.
"""

import gc
import os
import signal
import sys

from . import protocol
from . import cgroup_backends
from .exitpeak import wake_on_sigchld
from .libc import CLONE_NEWNS, MS_PRIVATE, MS_REC, PR_SET_CHILD_SUBREAPER, mount, prctl
from .libc import process_name, set_command_line, unshare
from .pair import supervise_pair
from .processes import INTERRUPT, RUN, SERVER, WORKER, kill_children, reap, reap_orphans
from .processes import reap_until
from .pyrunner import PythonJob, run_python_main, warm_up
from .rootfs import RENUMBER, SWEEP, Namespaces, enter_pid_namespace
from .supervise import supervise
from .syscalls import SyscallFilter, join_new_session_keyring

PACKAGE_FOLDER = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Server:
    """What the server holds between runs: the host's facts, its cgroups and namespaces."""

    def __init__(self, config, request_fd, reply_fd):
        self.config = config
        self.request_fd, self.reply_fd = request_fd, reply_fd
        self.pid = os.getpid()
        # What this process is: the server, a worker it forked, or a run's child (which returns
        # through the server's code only to become its program). Told by this flag, never by
        # comparing pids: a run's child sees its pid in the runs' PID namespace, which may be
        # the same number as the server's own pid in the host's.
        self.role = SERVER
        # The supervisor's pid as its runs' children read their parent's while it lives (see
        # inside.leave_worker), and the descriptors of its own that they let go of.
        self.supervisor = self.pid
        self.private_fds = (request_fd, reply_fd)
        # What it (and a worker) is called, as a run's child is until it execs: asked of the
        # kernel (prctl), not of /proc, where a server in a user namespace has no number (its
        # name would read "", and a child's pre-exec peak, the server's pages, as the
        # program's). Asked once: asking (ctypes) in every run touched some twenty pages that
        # the server shares with the run, each one copied.
        self.name = process_name()
        # A uid of its own judge's slot: RLIMIT_NPROC then counts only this server's runs. In a
        # user namespace, one of the user's subordinate ids where it has them, else None.
        self.uid = config.uid
        # Names of what the server makes on the host carry its judge's slot, never a pid: pids
        # repeat across PID namespaces (forkserver.ownership).
        self.cgroups = cgroup_backends.for_host(config.cgroup_version, config.cgroup_dirs,
                                           config.owner, config.lock_folder)
        # The interactor of a pair run is measured apart from the submission.
        self.partner_cgroups = cgroup_backends.for_host(config.cgroup_version, config.cgroup_dirs,
                                                   config.owner, config.lock_folder, kind="p")
        # A judge that is not root: the server is uid 0 of a user namespace of its own
        # (judge.sandbox.userns).
        self.namespaces = (Namespaces(config.binds, config.hidden, config.owner,
                                      config.lock_folder, user_namespace=config.user_namespace)
                           if config.namespaces else None)
        self.pid_namespace = None  # (its holder's pid, the pipe that keeps it) once made
        self.holder_asked = None  # what its holder was asked and has not answered yet
        self.pidfd = pidfd_works()
        # What every isolated run's program loads last (syscalls): kept ready in this memory.
        self.syscall_filter = (SyscallFilter(config.syscall_filter) if config.syscall_filter
                               else None)
        self.python_path = sys.path  # as a Python run gets it (set by set_up)
        # The environment it was started with, which is most Python runs' own as well.
        self.environment = dict(os.environ)
        # Without cgroups: the pipe SIGCHLD wakes the supervisor through, for the stops of a
        # program it traces for its peak (exitpeak); (read end, write end) once set up.
        self.sigchld = None

    def set_up(self):
        """Everything prepared once: cgroups, namespaces, the minimal root, warm caches."""
        if self.uid is not None:
            # Runs of a uid other than the server's read the files it places in their /box and
            # exec what their compile step left: a judge's umask of 077 would hide them.
            os.umask(0o022)
        if self.cgroups is not None:
            self.cgroups.sweep_stale()
        if self.namespaces is not None and self.namespaces.user_namespace:
            # No cgroups in a user namespace: the PID namespace is what finds and kills what a
            # run leaves, and it is made first, so that the runs' roots are built in it (the
            # kernel mounts a /proc only for a PID namespace of this user namespace).
            unshare(CLONE_NEWNS)
            mount(None, "/", None, MS_REC | MS_PRIVATE)
            self.pid_namespace = enter_pid_namespace(own_proc=True)
            self.private_fds = (*self.private_fds, *self.pid_namespace[1:])
        if self.namespaces is not None:
            self.namespaces.set_up()
            # The host's /proc (its /proc/1/root among it) is the server's alone: a run's first
            # child closes it before anything of the run.
            self.private_fds = (*self.private_fds, self.namespaces.proc_fd)
        if self.syscall_filter is not None:
            self.syscall_filter.probe()
            join_new_session_keyring()  # the judge's own is never any run's
        prctl(PR_SET_CHILD_SUBREAPER, 1)  # orphans of a stopped run come back here to be reaped
        if self.namespaces is not None and self.cgroups is not None and not self.pid_namespace:
            # Last: every child forked from now on is a process of this namespace. (Without
            # cgroups a run's processes are found by their process group in the host's.)
            self.pid_namespace = enter_pid_namespace()
            self.private_fds = (*self.private_fds, *self.pid_namespace[1:])
        self.python_path = warm_up(PACKAGE_FOLDER)
        if self.cgroups is None and self.pidfd:  # last: the children forked above keep none
            self.sigchld = wake_on_sigchld()
            self.private_fds = (*self.private_fds, *self.sigchld)
        gc.freeze()  # children's collections then leave the server's objects (and pages) alone

    def serve(self):
        """Answer orders until the judge closes the request pipe: None in the server, or a job
        in a program."""
        while True:
            header = protocol.receive_header(self.request_fd)
            if header is None:
                return None
            size, reader = header
            if reader == protocol.WORKER:
                job, closed = self.delegate(size)
                if job is not None or closed:
                    return job
                self.sweep_leftovers()
                continue
            answer = self.answer(protocol.receive_body(self.request_fd, size))
            if isinstance(answer, PythonJob):
                return answer  # we are the program of a run
            protocol.send(self.reply_fd, answer)
            self.kill_leftovers()
            self.sweep_leftovers()

    def sweep_leftovers(self):
        """Without cgroups, what the run left (a daemon out of its process group, a bomb's
        children) is killed before the next run: in a user namespace, by the holder of the
        runs' PID namespace, where they go; else here, where they come back (the server is
        the subreaper of its runs' orphans, and between orders it has no child but them:
        the throwaway children that make its namespaces are gone once they are made).

        Then the holder draws the next run's numbers afresh (rootfs.renumber): a run can
        read and move the namespace's sequence, and would pass the next one what it likes.
        With cgroups, which have killed the run's processes already, that is all the holder
        does, while the judge reads the reply and sends the next order: its answer is waited
        for before the next fork (holder_done)."""
        if self.pid_namespace is None:
            if self.cgroups is None:
                kill_children()
            return
        self.holder_done()
        _, alive_w, _ = self.pid_namespace
        self.holder_asked = RENUMBER if self.cgroups is not None else SWEEP
        os.write(alive_w, self.holder_asked)
        if self.holder_asked == SWEEP:
            self.holder_done()

    def holder_done(self):
        """Wait for the holder of the runs' PID namespace to have done what it was last asked,
        if anything."""
        if self.holder_asked is None:
            return
        asked, self.holder_asked = self.holder_asked, None
        if os.read(self.pid_namespace[2], 1) != asked:
            raise OSError("the holder of the runs' PID namespace has gone")

    def answer(self, order):
        """The order's report; in the child that became a Python program, its job."""
        self.holder_done()  # the run's numbers drawn before it is forked
        pair = isinstance(order, protocol.PairOrder)
        try:
            return supervise_pair(self, order) if pair else supervise(self, order)
        except Exception as exc:  # noqa: BLE001 - a broken order or host: the judge hears why
            if self.role == RUN:
                raise  # a child unwinding: it never answers for its supervisor (see work)
            for cgroups in self.all_cgroups():
                cgroups.discard()  # in whatever state the failure left them
            return failed_answer(f"{type(exc).__name__}: {exc}", pair)

    def kill_leftovers(self):
        """What is left of the run in its cgroups, killed while the judge reads the reply."""
        for cgroups in self.all_cgroups():
            if cgroups.name is not None:
                cgroups.kill_all()

    def delegate(self, size):
        """Fork a worker for the next order (`size` bytes, unread): (None, whether the judge
        went away) in the server once the worker is done, (its job, False) in a program."""
        self.holder_done()
        done_r, done_w = os.pipe2(os.O_CLOEXEC)
        worker = os.fork()
        if worker == 0:
            self.role = WORKER
            os.close(done_r)
            return self.work(size, done_w), False
        os.close(done_w)
        try:
            done = protocol.receive(done_r)
        except (EOFError, OSError, ValueError):
            done = None
        finally:
            os.close(done_r)
        reap(worker)
        reap_orphans()  # what a trusted run of the worker left, once the worker is gone
        if done is None:  # the worker died: the judge hears of it by the closed reply pipe
            return None, True
        for cgroups, state in zip(self.all_cgroups(), done.cgroups, strict=True):
            cgroups.restore(state)
        return None, done.closed

    def work(self, size, done_w):
        """The worker: read the order, run it, answer, tell the server, exit. Returns only in a
        program, its job."""
        self.supervisor = os.getpid()
        self.private_fds = (*self.private_fds, done_w)
        prctl(PR_SET_CHILD_SUBREAPER, 1)  # a trusted run's orphans come back to its worker
        closed = False
        try:
            answer = self.answer(protocol.receive_body(self.request_fd, size))
            if isinstance(answer, PythonJob):
                return answer  # we are the program of a run
            protocol.send(self.reply_fd, answer)
            self.kill_leftovers()
        except BaseException:  # noqa: BLE001 - the judge went away, or sent no order
            if self.role == RUN:
                os._exit(1)  # a run's child: it never answers for the worker
            closed = True  # the server leaves too: the judge hears of it by the closed pipe
        try:
            protocol.send(done_w, protocol.WorkerDone([c.state() for c in self.all_cgroups()],
                                                      closed))
        finally:
            os._exit(0)

    def interrupted(self, signum, frame):
        """A Ctrl-C or the judge's INTERRUPT, in the server: it ends the server, once. The
        other signal follows the first whenever the judge's terminal is the server's (the
        judge, interrupted, sends INTERRUPT), and a second Ctrl-C may: neither cuts the clean-up
        short. A run's child or a worker, which have the handler too until they become a
        program, take a Ctrl-C as Python does and leave INTERRUPT alone."""
        if self.role == SERVER:
            for each in (signal.SIGINT, INTERRUPT):
                signal.signal(each, signal.SIG_IGN)
            raise KeyboardInterrupt
        if signum == signal.SIGINT:
            raise KeyboardInterrupt

    def all_cgroups(self):
        return [c for c in (self.cgroups, self.partner_cgroups) if c is not None]

    def clean_up(self):
        for cgroups in self.all_cgroups():
            cgroups.discard()
        if self.pid_namespace is not None:  # its holder leaves, and the namespace with it
            holder, alive_w, done_r = self.pid_namespace
            os.close(alive_w)
            os.close(done_r)
            reap_until(holder)  # (a run interrupted by a Ctrl-C may have a child to reap)
        if self.namespaces is not None:
            self.namespaces.remove()


def failed_answer(error, pair):
    """The answer to an order the server could not run: the sandbox's failure."""
    report = protocol.RunReport(error=error, unstarted=False, stopped=None, status=None,
                                wall_s=0.0, cpu_ns=None, cgroup_peak=0, oom=False, maxrss_kb=0,
                                stderr_bytes=0, note="")
    if not pair:
        return report
    return protocol.PairReport(submission=report, interactor=report, first="submission",
                               submission_ended_s=0.0, interactor_ended_s=0.0,
                               killed_after_interactor=False)


def leave_on(signum):
    """End as that signal's default action ends a process: the judge tells an interrupted
    server (ServerProcess.interrupted) from one that failed by it."""
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)
    os._exit(128 + signum)  # not reached


def pidfd_works():
    try:
        os.close(os.pidfd_open(os.getpid()))
        return True
    except (AttributeError, OSError):  # Python before 3.9 or Linux before 5.3
        return False


def main():
    """Serve the judge on the pipes named in argv; in a program's child, run it."""
    request_fd, reply_fd = int(sys.argv[1]), int(sys.argv[2])
    set_command_line([sys.executable, "-I", "-S", "-B"])  # every run inherits it
    config = protocol.receive(request_fd)
    server = Server(config, request_fd, reply_fd)
    # The judge's own interruption (ServerProcess.interrupt) ends the run going and the server,
    # as a terminal's Ctrl-C does; a judge that ignores SIGINT (a service's judging process,
    # which finishes the job in hand) passes that on, and its servers ignore a Ctrl-C too.
    signal.signal(INTERRUPT, server.interrupted)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, server.interrupted)
    try:
        server.set_up()
    except Exception as exc:  # noqa: BLE001 - the judge hears why, and falls back or refuses
        protocol.send(reply_fd, protocol.SetupFailed(f"{type(exc).__name__}: {exc}"))
        server.clean_up()
        return
    protocol.send(reply_fd, protocol.Ready(server.pid))
    try:
        job = server.serve()
    except OSError:  # the judge went away in the middle of a run (a closed reply pipe)
        job = None
    except KeyboardInterrupt:  # a Ctrl-C (the judge's terminal's), or the judge's INTERRUPT
        if server.role != SERVER:
            raise  # a worker or a run's child: it never cleans up for the server
        try:
            server.kill_leftovers()  # the run going, in its cgroups
            server.sweep_leftovers()  # or in the runs' PID namespace, or the server's children
        except OSError:  # the namespace's holder had the terminal's Ctrl-C too, and is gone
            pass
        try:
            server.clean_up()
        finally:
            leave_on(signal.SIGINT)
    if job is None:  # the server, leaving: its cgroups and mount point go with it
        if server.role == SERVER:
            server.clean_up()
        os._exit(0)  # nothing to flush: the judge, waiting for this exit, is spared a teardown
    # In a program's child: the server's objects stay as they are (freeing them would copy
    # their pages into this process for nothing).
    run_python_main(job, server.python_path, server.environment)
