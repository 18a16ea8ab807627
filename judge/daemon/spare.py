"""A spare judge: forked by the daemon, it opens the sandboxes a command will want, then waits
to be handed one command, which it runs as the judge would in a process of its own, in the
client's folder, environment and standard streams. It ends with the command."""

from __future__ import annotations

import io
import os
import signal
import socket
import sys
import tempfile
import threading
from typing import NoReturn

from judge.cli import INTERRUPTED_EXIT, run_command, terminate_on_sigterm
from judge.commands.context import AppContext
from judge.judging.parallel import ReadySandboxes, SandboxesOpening, default_workers
from judge.resident.wire import WireError, receive_frame, send_frame
from judge.sandbox.forkserver.libc import set_command_line


def serve_one(handoff: socket.socket) -> NoReturn:
    """The spare's life: sandboxes open while it waits on `handoff` for a command (with the
    client's connection and descriptors); then the command runs, and the process ends."""
    set_command_line(["judge", "daemon", "(spare)"])
    # A process group of its own, which its fork servers join: a Ctrl-C reaches them all
    # (pass_on_signals), and nothing of the daemon or its other commands.
    os.setpgid(0, 0)
    context = AppContext.from_process(None)
    ready = ReadySandboxes(context.sandbox_key,
                           SandboxesOpening(context.open_sandbox, default_workers()))
    try:
        got = receive_frame(handoff)
    except (OSError, WireError):
        got = None
    handoff.close()
    if got is None:  # the daemon is leaving: no command comes
        ready.close()
        os._exit(0)
    message, fds = got
    connection = socket.socket(fileno=fds[0])
    set_command_line(["judge", *message["argv"]])  # as `ps` and `pkill -f` know the command
    take_over(message, fds[1:])
    send_frame(connection, {"started": os.getpid()})
    ended = threading.Event()
    try:  # (a signal passed on may come as soon as the thread runs)
        threading.Thread(target=pass_on_signals, args=(connection, ended), daemon=True).start()
        status = run_command(message["argv"], ready)
    except BaseException:  # noqa: BLE001 - interrupted before the command or while it left
        status = INTERRUPTED_EXIT
    for signum in (signal.SIGINT, signal.SIGTERM):  # the command has ended: nothing to stop
        signal.signal(signum, signal.SIG_IGN)
    ended.set()
    try:
        send_frame(connection, {"status": status})
    except OSError:
        pass
    connection.close()
    ready.close()  # the sandboxes the command did not take, after the client has its answer
    os._exit(status)


def take_over(message: dict, fds: list[int]) -> None:
    """Become the client's command: its umask, working folder, environment and standard
    streams (stdin, stdout, stderr, then the folder, as the client sent them)."""
    stdin, stdout, stderr, folder = fds
    os.umask(int(message["umask"]))
    os.fchdir(folder)
    os.close(folder)
    os.environ.clear()
    os.environ.update(message["environ"])
    tempfile.tempdir = None  # found again from this environment's TMPDIR
    for target, fd in enumerate((stdin, stdout, stderr)):
        os.dup2(fd, target)
        os.close(fd)
    encoding, errors = sys.stdout.encoding, sys.stdout.errors
    # New stream objects: the old ones chose their buffering for the daemon's /dev/null.
    sys.stdin = sys.__stdin__ = io.TextIOWrapper(io.FileIO(0, "r", closefd=False),
                                                 encoding=encoding, errors=errors)
    sys.stdout = sys.__stdout__ = io.TextIOWrapper(io.FileIO(1, "w", closefd=False),
                                                   encoding=encoding, errors=errors,
                                                   line_buffering=os.isatty(1))
    sys.stderr = sys.__stderr__ = io.TextIOWrapper(io.FileIO(2, "w", closefd=False),
                                                   encoding=encoding, errors="backslashreplace",
                                                   line_buffering=True)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    terminate_on_sigterm()


def pass_on_signals(connection: socket.socket, ended: threading.Event) -> None:
    """The signals the client got are the command's, as if the client were the command: Ctrl-C
    goes to the command's whole process group (its fork servers with it), as a terminal sends
    it; SIGTERM and SIGHUP end the command as SIGTERM does. A client that went away is taken
    for a Ctrl-C: no one is left to read what the command would say."""
    main = threading.main_thread().ident
    while True:
        try:
            got = receive_frame(connection)
        except (OSError, WireError):
            got = None
        if ended.is_set():
            return
        if got is None:
            os.killpg(0, signal.SIGINT)
            return
        message, fds = got
        for fd in fds:
            os.close(fd)
        if message.get("signal") == signal.SIGINT:
            os.killpg(0, signal.SIGINT)
        else:
            # To the main thread, which waits in a lock or a system call that it interrupts.
            signal.pthread_kill(main, signal.SIGTERM)
