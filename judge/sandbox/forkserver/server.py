"""The server: set up once from the judge's ServerConfig, then one RunReport per RunOrder until
the judge closes the request pipe."""

import gc
import os
import sys

from . import protocol
from .cgroups import RunCgroups
from .libc import PR_SET_CHILD_SUBREAPER, prctl, set_command_line
from .pyrunner import PythonJob, run_python_main, warm_up
from .rootfs import Namespaces
from .pair import supervise_pair
from .supervise import supervise

PACKAGE_FOLDER = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Server:
    """What the server holds between runs: the host's facts, its cgroups and namespaces."""

    def __init__(self, config, request_fd, reply_fd):
        self.config = config
        self.request_fd, self.reply_fd = request_fd, reply_fd
        self.pid = os.getpid()
        # A uid of its own: RLIMIT_NPROC then counts only this server's runs.
        self.uid = None if config.uid is None else config.uid + self.pid
        self.cgroups = RunCgroups.for_host(config.cgroup_version, config.cgroup_dirs, self.pid)
        # The interactor of a pair run is measured apart from the submission.
        self.partner_cgroups = RunCgroups.for_host(config.cgroup_version, config.cgroup_dirs,
                                                   self.pid, slot="p")
        self.namespaces = Namespaces(config.binds) if config.namespaces else None
        self.pidfd = pidfd_works()
        self.python_path = sys.path  # as a Python run gets it (set by set_up)

    def set_up(self):
        """Everything prepared once: cgroups, namespaces, the minimal root, warm caches."""
        if self.cgroups is not None:
            self.cgroups.sweep_stale()
        if self.namespaces is not None:
            self.namespaces.set_up()
        prctl(PR_SET_CHILD_SUBREAPER, 1)  # orphans of a stopped run come back here to be reaped
        self.python_path = warm_up(PACKAGE_FOLDER)
        gc.freeze()  # children's collections then leave the server's objects (and pages) alone

    def serve(self):
        """Answer runs until the judge closes the request pipe; return a job in a program."""
        while True:
            order = protocol.receive(self.request_fd)
            if order is None:
                return None
            pair = isinstance(order, protocol.PairOrder)
            try:
                answer = supervise_pair(self, order) if pair else supervise(self, order)
            except Exception as exc:  # noqa: BLE001 - a broken order or host: the judge hears why
                answer = failed_answer(f"{type(exc).__name__}: {exc}", pair)
                for cgroups in self.all_cgroups():
                    cgroups.discard()  # in whatever state the failure left them
            if isinstance(answer, PythonJob):
                return answer  # we are the program of a run
            protocol.send(self.reply_fd, answer)
            for cgroups in self.all_cgroups():
                if cgroups.name is not None:
                    cgroups.kill_all()  # what is left, while the judge reads the reply

    def all_cgroups(self):
        return [c for c in (self.cgroups, self.partner_cgroups) if c is not None]

    def clean_up(self):
        for cgroups in self.all_cgroups():
            cgroups.discard()
        if self.namespaces is not None:
            self.namespaces.remove()


def failed_answer(error, pair):
    """The answer to an order the server could not run: the sandbox's failure."""
    report = protocol.RunReport(error=error, unstarted=False, stopped=None, status=None,
                                wall_s=0.0, cpu_ns=None, cgroup_peak=0, oom=False, maxrss_kb=0,
                                stderr_bytes=0)
    if not pair:
        return report
    return protocol.PairReport(submission=report, interactor=report, first="submission",
                               submission_ended_s=0.0, interactor_ended_s=0.0,
                               killed_after_interactor=False)


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
    if job is None:  # the server, leaving: its cgroups and mount point go with it
        if os.getpid() == server.pid:
            server.clean_up()
        return
    # In a program's child: the server's objects stay as they are (freeing them would copy
    # their pages into this process for nothing).
    run_python_main(job, server.python_path)
