"""The first step of every `judge` command: when the user's resident judge runs, hand it the
command (its arguments, environment, working folder, umask and standard streams) and wait for
its exit status, passing on the signals the command gets meanwhile (Ctrl-C, SIGTERM,
SIGHUP, and Ctrl-Z with the `fg` or `bg` that follows). Returns None whenever the
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
        command = handed_over(sock, argv, environ)
        if command is None:
            return None
        return wait_for_status(sock, command)
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


def handed_over(sock: _socket.socket, argv: list[str], environ: dict[str, str]) -> int | None:
    """Send the command; once a spare judge has started it, its pid, which is its process
    group's."""
    try:
        cwd = os.open(".", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:  # a working folder that is gone: the judge itself says so
        return None
    umask = os.umask(0)
    os.umask(umask)
    try:
        send_frame(sock, {"op": "run", "argv": argv, "environ": environ, "umask": umask,
                          "package": PACKAGE, "setting": process_setting()}, (0, 1, 2, cwd))
        reply = receive_frame(sock)
    except (OSError, WireError):  # a standard stream closed, or the daemon went away
        return None
    finally:
        os.close(cwd)
    started = None if reply is None else reply[0].get("started")
    return started if isinstance(started, int) else None


def wait_for_status(sock: _socket.socket, command: int) -> int:
    """The exit status of the command whose process group is `command`; the signals that come
    meanwhile are the command's."""

    def forward(signum, frame) -> None:
        try:
            send_frame(sock, {"signal": signum})
        except OSError:
            pass

    def stop(signum, frame) -> None:
        """Ctrl-Z: the command's process group stops as the judge's own would, then this
        process, which its shell sees as the job stopped."""
        _signal_group(command, _signal.SIGTSTP)
        _signal.signal(_signal.SIGTSTP, _signal.SIG_DFL)
        os.kill(os.getpid(), _signal.SIGTSTP)  # here until `fg` or `bg` continues it
        _signal.signal(_signal.SIGTSTP, stop)

    for signum in FORWARDED:
        _signal.signal(signum, forward)
    _signal.signal(_signal.SIGTSTP, stop)
    # `fg` or `bg`: the command goes on with its caller.
    _signal.signal(_signal.SIGCONT, lambda signum, frame: _signal_group(command,
                                                                        _signal.SIGCONT))
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


def _signal_group(group: int, signum: int) -> None:
    try:
        os.killpg(group, signum)
    except OSError:  # the command has just ended
        pass
