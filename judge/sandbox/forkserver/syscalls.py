"""The last steps of an isolated run's program before it starts: a session keyring of its own,
then the system-call filter (judge.sandbox.syscall_policy builds it; the server is only handed
the finished BPF program, so it needs no binding and a run pays one system call for it).

A new process inherits its parent's session keyring, and so would every run the judge's: what
the operator keeps there (a token, a key) would show in /proc/keys and answer keyctl. Each run
joins a new, empty, anonymous session keyring before the filter closes the keyring calls
(keyctl, add_key, request_key) for good: the run can neither read a keyring nor put a key in
one (its uid's user keyrings, which the kernel keeps after the run, among them), so no key
passes from one run to another.
"""

import ctypes
import errno
import os
import signal

from .libc import PR_SET_NO_NEW_PRIVS, check, libc, prctl

PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 22, 2
KEYCTL = {"x86_64": 250, "aarch64": 219, "riscv64": 219}  # the keyctl system call's number
KEYCTL_JOIN_SESSION_KEYRING = 1


class SockFprog(ctypes.Structure):
    """struct sock_fprog: the length of a BPF program (in instructions) and where it is."""

    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


class SyscallFilter:
    """A BPF program the server keeps ready, in its memory, for its runs to load."""

    def __init__(self, bpf):
        self.buffer = ctypes.create_string_buffer(bytes(bpf), len(bpf))
        self.program = SockFprog(len(bpf) // 8, ctypes.addressof(self.buffer))

    def load(self):
        """Confine this process (and all it will start) to the filter: for good, and without a
        privilege (no_new_privs: no exec can gain one, which seccomp requires of a process
        that is not root)."""
        prctl(PR_SET_NO_NEW_PRIVS, 1)
        check(libc().prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(self.program), 0, 0),
              "seccomp filter")

    def probe(self):
        """Load the filter in a throwaway child: a kernel that refuses it fails the server's
        set-up (an OSError) rather than every run."""
        child = os.fork()
        if child == 0:
            try:
                signal.signal(signal.SIGPIPE, signal.SIG_DFL)
                self.load()
                os._exit(0)
            except BaseException:  # noqa: BLE001 - a child must never unwind into the server
                os._exit(1)
        _, status = os.waitpid(child, 0)
        if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
            raise OSError(errno.EPERM, "the kernel refuses the system-call filter (seccomp)")


def join_new_session_keyring(filtered=False):
    """Leave the inherited session keyring for a new, empty one; a kernel without keyrings
    (ENOSYS) has none to leave. The server does it once at set-up, so that no run ever inherits
    the judge's; each run again. `filtered`: the run loads the filter, which closes the keyring
    calls; should its uid's key quota be full for a moment (a normal user's 200 keys, freed by
    the kernel a little after each run), it keeps the server's keyring, as empty as its own."""
    number = KEYCTL.get(os.uname().machine)
    if number is None:
        raise OSError(errno.ENOSYS, f"keyctl: unknown on {os.uname().machine}")
    if libc().syscall(number, KEYCTL_JOIN_SESSION_KEYRING, None) < 0:
        failure = ctypes.get_errno()
        if failure == errno.ENOSYS or (filtered and failure == errno.EDQUOT):
            return
        check(-1, "keyctl(JOIN_SESSION_KEYRING)")
