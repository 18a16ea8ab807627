"""The first step of every `judge` command: when the user's resident judge runs, hand it the
command (its arguments, environment, working folder, umask and standard streams) and wait for
its exit status, passing on the signals the command gets meanwhile. Returns None whenever the
command is not taken, and the judge then runs it itself: no daemon, another user's, a command it
does not serve, an install that changed since it started, a caller whose limits, cgroup,
namespaces or interpreter are not the daemon's (judge.resident.setting).

Only the standard library here: this runs before the judge is imported, on every command."""

from __future__ import annotations

import os
import struct

import _signal  # not signal or socket, whose enums cost some 5 ms to import on every command
import _socket

from judge.resident.place import open_own_folder, resident_folder, socket_address
from judge.resident.setting import process_setting
from judge.resident.wire import WireError, receive_frame, send_frame

OPT_OUT_ENV = "JUDGE_RESIDENT"  # "0": never hand a command over
# The commands that judge or read problems; the services, and what manages users or the daemon
# itself, always start a process of their own.
SERVED = frozenset({"submit", "run", "diff", "list", "show", "validate", "answer", "generate",
                    "stress", "verify", "export"})
FORWARDED = (_signal.SIGINT, _signal.SIGTERM, _signal.SIGHUP)
LOST_EXIT = 3  # the judge's internal error: the command's process went away without a status
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def served(argv: list[str], environ: dict[str, str]) -> int | None:
    """The exit status of the command `argv` run by the resident judge, or None if it was not
    taken."""
    if environ.get(OPT_OUT_ENV) == "0" or command_of(argv) not in SERVED:
        return None
    sock = connect(resident_folder(environ))
    if sock is None:
        return None
    try:
        if not handed_over(sock, argv, environ):
            return None
        return wait_for_status(sock)
    finally:
        sock.close()


def command_of(argv: list[str]) -> str | None:
    """The command's name: the first argument after the group's own `--root` option."""
    index = 0
    while index < len(argv):
        word = argv[index]
        if word == "--root":
            index += 2
        elif word.startswith("--root="):
            index += 1
        else:
            return None if word.startswith("-") else word
    return None


def connect(folder: str) -> _socket.socket | None:
    """A connection to the daemon listening in `folder`, if one is there and is this user's."""
    try:
        folder_fd = open_own_folder(folder)
    except OSError:
        return None
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM | _socket.SOCK_CLOEXEC)
    try:
        sock.connect(socket_address(folder, folder_fd))
        if peer_uid(sock) != os.geteuid():
            raise PermissionError("the socket is another user's")
    except OSError:
        sock.close()
        return None
    finally:
        os.close(folder_fd)
    return sock


def peer_uid(sock: _socket.socket) -> int:
    credentials = sock.getsockopt(_socket.SOL_SOCKET, _socket.SO_PEERCRED, struct.calcsize("3i"))
    return struct.unpack("3i", credentials)[1]


def handed_over(sock: _socket.socket, argv: list[str], environ: dict[str, str]) -> bool:
    """Send the command; True once a spare judge has started it."""
    try:
        cwd = os.open(".", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:  # a working folder that is gone: the judge itself says so
        return False
    umask = os.umask(0)
    os.umask(umask)
    try:
        send_frame(sock, {"op": "run", "argv": argv, "environ": environ, "umask": umask,
                          "package": PACKAGE, "setting": process_setting()}, (0, 1, 2, cwd))
        reply = receive_frame(sock)
    except (OSError, WireError):  # a standard stream closed, or the daemon went away
        return False
    finally:
        os.close(cwd)
    return reply is not None and "started" in reply[0]


def wait_for_status(sock: _socket.socket) -> int:
    """The command's exit status; the signals that come meanwhile are the command's."""

    def forward(signum, frame) -> None:
        try:
            send_frame(sock, {"signal": signum})
        except OSError:
            pass

    for signum in FORWARDED:
        _signal.signal(signum, forward)
    while True:
        try:
            reply = receive_frame(sock)
        except (OSError, WireError):
            reply = None
        if reply is None:
            os.write(2, b"judge: error: the resident judge's command ended without an exit "
                        b"status\n")
            return LOST_EXIT
        message, fds = reply
        for fd in fds:
            os.close(fd)
        if "status" in message:
            return int(message["status"])
