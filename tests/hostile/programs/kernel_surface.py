import ctypes
import json
import os
import socket
import sys

# Reach for the kernel's shared state and wider surface; each attempt says what it got. ("quiet"
# on stdin: leave keys alone, for a run outside any sandbox.)
libc = ctypes.CDLL(None, use_errno=True)
KEYCTL, ADD_KEY, IO_URING_SETUP, BPF, PERF_EVENT_OPEN, USERFAULTFD = 250, 248, 425, 321, 298, 323
SESSION, USER = -3, -4  # KEY_SPEC_SESSION_KEYRING, KEY_SPEC_USER_KEYRING
CLONE_NEWUSER, CLONE_NEWNS = 0x10000000, 0x20000


def outcome(result):
    return "ok" if result >= 0 else os.strerror(ctypes.get_errno())


def in_child(call):
    """The call in a child of mine (a namespace of my own would be made there)."""
    pid = os.fork()
    if pid == 0:
        os._exit(0 if call() >= 0 else ctypes.get_errno())
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    return "ok" if code == 0 else os.strerror(code)


def make_socket(family, kind=socket.SOCK_STREAM):
    try:
        socket.socket(family, kind).close()
        return "ok"
    except OSError as exc:
        return exc.strerror


quiet = sys.stdin.read().strip() == "quiet"
attempts = {"keyctl": outcome(libc.syscall(KEYCTL, 0, SESSION, 0))}  # KEYCTL_GET_KEYRING_ID
if not quiet:
    attempts["add_key session"] = outcome(libc.syscall(ADD_KEY, b"user", b"planted", b"x", 1,
                                                       SESSION))
    attempts["add_key user"] = outcome(libc.syscall(ADD_KEY, b"user", b"planted", b"x", 1, USER))
attempts |= {
    "io_uring_setup": outcome(libc.syscall(IO_URING_SETUP, 4, ctypes.create_string_buffer(120))),
    "bpf": outcome(libc.syscall(BPF, 0, ctypes.create_string_buffer(128), 128)),
    "perf_event_open": outcome(libc.syscall(PERF_EVENT_OPEN, ctypes.create_string_buffer(128),
                                            0, -1, -1, 0)),
    "userfaultfd": outcome(libc.syscall(USERFAULTFD, 0)),
    "unshare user": in_child(lambda: libc.unshare(CLONE_NEWUSER)),
    "unshare mount": in_child(lambda: libc.unshare(CLONE_NEWNS)),
    "clone user": in_child(lambda: libc.syscall(56, CLONE_NEWUSER | 17, 0, 0, 0, 0)),
    "ptrace": outcome(libc.ptrace(0, 0, 0, 0)),  # PTRACE_TRACEME
    "inotify": outcome(libc.inotify_init()),
    "personality": outcome(libc.personality(0x0040000)),  # ADDR_NO_RANDOMIZE
    "AF_VSOCK": make_socket(socket.AF_VSOCK),
    "AF_INET": make_socket(socket.AF_INET),
    "AF_NETLINK": make_socket(socket.AF_NETLINK, socket.SOCK_RAW),
    "AF_PACKET": make_socket(socket.AF_PACKET, socket.SOCK_RAW),
    "AF_UNIX": make_socket(socket.AF_UNIX),
}
print(json.dumps(attempts))
