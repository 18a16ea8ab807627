"""The program's own peak memory, read as it ends: without cgroups, its parent (its worker, or
its init where the run has one) traces it (ptrace) for the stop the kernel makes at its exit,
and nothing else.

Why: wait4's ru_maxrss carries the peak of the program's child from before the exec (the fork
server's pages) into the program's, and the program's own VmHWM (which exec starts anew) is gone
once it has exited. At PTRACE_EVENT_EXIT the program's memory is still its own: the tracer reads
its VmHWM from /proc there and lets it go on.

What is traced: the program's first thread only (no PTRACE_O_TRACECLONE, TRACEFORK or syscall
stops: a run pays for one stop, its exit, and one per signal it gets). Seized before it execs
(its child waits on a pipe for the tracer's go-ahead), so that a program that ends at once is
seen.

Where no figure comes, the supervisor falls back on wait4 and its polls (supervise.own_peak_kb):
  - no exit stop came: ptrace(2) (BUGS) leaves it to the kernel whether a SIGKILL makes one
    (on Linux 6.18 it does: a program that SIGKILLs itself, or whose other thread calls exit,
    which kills the first with SIGKILL, is read at its exit stop; a SIGKILL that meets the
    thread already on its way out does not stop it again);
  - PTRACE_SEIZE was refused (Yama's ptrace_scope 3, a security module): the run says so.
A figure is only ever a lower bound of the program's own peak (VmHWM never goes down): should the
first thread have ended before the others (pthread_exit), the fallback's figure, if larger, wins.

Signals the program gets stop it on their way (signal-delivery-stop): each is passed on as it
came. A stop signal's group-stop is kept with PTRACE_LISTEN, so the program stays stopped as it
would untraced (and SIGKILL still ends it). A process the program made traced itself (clone with
CLONE_PTRACE) is let go at its first stop.
"""

import ctypes
import os
import signal

import _signal

from .libc import libc
from .processes import name_and_peak

PTRACE_CONT, PTRACE_DETACH, PTRACE_SEIZE, PTRACE_LISTEN = 7, 17, 0x4206, 0x4208
PTRACE_O_TRACEEXIT, PTRACE_O_EXITKILL = 0x40, 0x100000
PTRACE_EVENT_EXIT, PTRACE_EVENT_STOP = 6, 128
WALL = 0x40000000  # __WALL: a tracee that is not a child of the usual kind too
STOPPING = {signal.SIGSTOP, signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU}


def ptrace(request, pid, data=0):
    call = libc().ptrace
    call.restype = ctypes.c_long
    if call(ctypes.c_long(request), ctypes.c_long(pid), ctypes.c_long(0),
            ctypes.c_long(data)) == -1:
        err = ctypes.get_errno()
        raise OSError(err, f"ptrace {request:#x}: {os.strerror(err)}")


class ExitPeak:
    """A tracer's watch over its program's stops (its init's, or its worker's): the peak read
    at its exit stop (`peak_kb`, None until then), or why it could not be traced
    (`untraced`)."""

    def __init__(self, program, proc_fd=None):
        self.program = program
        self.proc_fd = proc_fd  # a /proc where `program` has this number, or None: /proc
        self.peak_kb = None
        self.untraced = None

    def seize(self):
        """Trace the program (still waiting for the go-ahead to exec). A refusal is not the
        run's failure: the peak is then measured as without tracing, and the run says so."""
        try:
            ptrace(PTRACE_SEIZE, self.program, PTRACE_O_TRACEEXIT | PTRACE_O_EXITKILL)
        except OSError as exc:
            self.untraced = f"cannot trace the program for its peak memory ({exc.strerror})"

    def settle(self):
        """Take every stop waiting; True once the program has ended (left unreaped)."""
        while True:
            # (A tracee's stops answer a wait for its exit too: told apart by their code.)
            ended = os.waitid(os.P_PID, self.program, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            if ended is not None and ended.si_code != os.CLD_TRAPPED:
                return True
            if not self.take_stop():
                return False

    def take_stops(self):
        """Take every stop waiting (the program's end is told by its pidfd)."""
        while self.take_stop():
            pass

    def take_stop(self):
        """Take one stop of a tracee of this process, if one waits; whether one did. WSTOPPED
        without WEXITED: what it takes is never an exit, so the program's number stays its own
        until its parent kills its group and reaps it. (A child stopped untraced answers too:
        its report is dropped, it stays stopped.)"""
        try:
            stop = os.waitid(os.P_ALL, 0, os.WSTOPPED | os.WNOHANG | WALL)
        except ChildProcessError:
            # A wait for stops alone does not consider a zombie: a program that ended since
            # its end was looked for, the only child left, makes it ECHILD. Its SIGCHLD wakes
            # the next look, which finds the end.
            return False
        if stop is None:
            return False
        if stop.si_code == os.CLD_TRAPPED:
            self.on_stop(stop.si_pid, stop.si_status)
        return True

    def on_stop(self, pid, code):
        """One ptrace-stop: `code` is waitid's si_status, (event << 8) | signal."""
        event, sig = code >> 8, code & 0xff
        try:
            if pid != self.program:
                ptrace(PTRACE_DETACH, pid, sig if event == 0 else 0)
            elif event == PTRACE_EVENT_EXIT:
                self.peak_kb = name_and_peak(pid, self.proc_fd)[1]
                ptrace(PTRACE_CONT, pid)
            elif event == PTRACE_EVENT_STOP:
                ptrace(PTRACE_LISTEN if sig in STOPPING else PTRACE_CONT, pid)
            else:
                ptrace(PTRACE_CONT, pid, sig if event == 0 else 0)
        except OSError:
            pass  # killed while stopped (SIGKILL needs no restart): its end comes next


def wake_on_sigchld():
    """A pipe that turns readable when a child or tracee changes state (its stops come as
    SIGCHLD; a pidfd tells only of an end): its read end. The handler restarts what it
    interrupts (SA_RESTART), as if no handler were set."""
    wake_r, wake_w = os.pipe2(os.O_CLOEXEC | os.O_NONBLOCK)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.siginterrupt(signal.SIGCHLD, False)
    signal.set_wakeup_fd(wake_w, warn_on_full_buffer=False)  # (a full pipe wakes anyway)
    return wake_r, wake_w


def forget_sigchld():
    """In a child of a process that set wake_on_sigchld: SIGCHLD as it was, and no wake-up
    written to a descriptor number the child may reuse."""
    # _signal, not signal: signal.signal wraps what it returns in an enum, whose machinery
    # touches (and so copies) some 50 of the server's pages in every run.
    _signal.set_wakeup_fd(-1)
    _signal.signal(_signal.SIGCHLD, _signal.SIG_DFL)


def drain(fd):
    try:
        while os.read(fd, 4096):
            pass
    except BlockingIOError:
        pass
