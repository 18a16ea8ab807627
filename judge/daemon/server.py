"""The resident judge's process (`python -m judge.daemon`, started by `judge daemon start`): it
keeps the judge's code imported and one spare judge forked and ready. Each command
that comes is handed to the spare, which becomes that command; the next spare is forked at once.
A command whose caller's setting (limits, cgroup, namespaces, CPUs, credentials, interpreter) is
not the daemon's is declined, and its caller runs it itself. It leaves after its idle time
without a command, on `judge daemon stop`, when its socket is gone (the cache folder removed),
or when the judge's code on disk has changed.

One thread only: it forks."""

from __future__ import annotations

import argparse
import fcntl
import gc
import importlib
import os
import select
import signal
import socket
import sys
import time
from dataclasses import dataclass, field

from judge.resident.client import PACKAGE, SERVED, peer_uid
from judge.resident.place import SOCKET, open_own_folder, resident_folder, socket_address
from judge.resident.setting import differences, process_setting
from judge.daemon.stamp import code_stamp
from judge.resident.wire import WireError, receive_frame, send_frame
from judge.sandbox.forkserver.libc import set_command_line

LOCK = "lock"
LOG = "log"
# What every command served needs: imported once here, so that no spare imports it again.
PRELOADED = ("judge.cli", "judge.judging.runner", "judge.present.report",
             "judge.present.terminal", "judge.problem.testdata", "judge.problem.spec",
             "judge.sandbox", "judge.setter.stress", "judge.checkers.registry")
POLL_S = 5.0  # how often it looks at its socket's file and its idle time, at least
REQUEST_TIMEOUT_S = 5.0  # a client that connects and sends nothing is not waited for longer


class Leave(Exception):
    """SIGTERM: the daemon leaves as on `judge daemon stop`."""


def _leave_now(signum, frame) -> None:
    raise Leave()


@dataclass
class Daemon:
    folder: str
    folder_fd: int
    lock_fd: int  # held while it runs: one daemon a folder
    listener: socket.socket
    socket_inode: int
    stamp: str
    idle_s: float
    started: float = field(default_factory=time.time)
    served: int = 0
    declined: int = 0
    last_declined: str = ""  # why the last command declined was
    last_command: float = field(default_factory=time.monotonic)
    spare: tuple[int, socket.socket] | None = None  # (pid, the end its command is handed to)
    leaving: bool = False
    # Its children, the spare and the commands it became, by a descriptor of each (pidfd):
    # each is reaped as it ends.
    children: dict[int, int] = field(default_factory=dict)
    poller: select.poll = field(default_factory=select.poll)

    def serve(self) -> None:
        self.poller.register(self.listener, select.POLLIN)
        try:
            while not self.leaving:
                if self.spare is None:
                    self.spare = fork_spare(self)
                    self.watch(self.spare[0])
                idle_left = self.idle_s - (time.monotonic() - self.last_command)
                if idle_left <= 0 or not self.socket_is_ours():
                    break
                for fd, _ in self.poller.poll(min(POLL_S, idle_left) * 1000):
                    if fd == self.listener.fileno():
                        self.accept()
                    else:
                        self.reap(fd)
        except Leave:
            pass
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # leaving already
        self.leave()

    def accept(self) -> None:
        try:
            connection, _ = self.listener.accept()
        except OSError:
            return
        with connection:
            try:
                if peer_uid(connection) != os.geteuid():
                    return
                connection.settimeout(REQUEST_TIMEOUT_S)
                got = receive_frame(connection)
            except (OSError, WireError):
                return
            if got is None:
                return
            connection.settimeout(None)  # blocking again: the spare reads it as it comes
            message, fds = got
            try:
                self.answer(connection, message, fds)
            except OSError:  # the caller went away before its answer
                pass
            finally:
                for fd in fds:
                    os.close(fd)

    def answer(self, connection: socket.socket, message: dict, fds: list[int]) -> None:
        op = message.get("op")
        if op == "status":  # and, for a caller that sends its setting, whether it would serve it
            answer = {"status": self.status()}
            if "setting" in message:
                answer["differences"] = differences(message["setting"], process_setting())
            send_frame(connection, answer)
        elif op == "stop":
            send_frame(connection, {"stopping": os.getpid()})
            self.leaving = True
            self.leave()  # before the connection closes: `stop` returns once all is gone
        elif op == "run" and len(fds) == 4 and message.get("package") == PACKAGE:
            if code_stamp() != self.stamp:  # the client, seeing no "started", runs it itself
                self.leaving = True
                return
            differ = differences(message.get("setting"), process_setting())
            if differ:
                self.declined += 1
                self.last_declined = f"the caller's {', '.join(differ)} differ"
                send_frame(connection, {"declined": self.last_declined})
                return
            pid, handoff = self.spare
            self.spare = None
            try:
                send_frame(handoff, message, (connection.fileno(), *fds))
            except OSError:  # the spare died: the client runs the command itself
                pass
            handoff.close()
            self.served += 1
            self.last_command = time.monotonic()

    def status(self) -> dict:
        return {"pid": os.getpid(), "started": self.started, "served": self.served,
                "declined": self.declined, "last_declined": self.last_declined,
                "idle_minutes": self.idle_s / 60, "folder": self.folder,
                "package": PACKAGE, "python": sys.executable}

    def socket_is_ours(self) -> bool:
        try:
            return os.stat(SOCKET, dir_fd=self.folder_fd).st_ino == self.socket_inode
        except OSError:
            return False

    def watch(self, pid: int) -> None:
        pidfd = os.pidfd_open(pid)
        self.children[pidfd] = pid
        self.poller.register(pidfd, select.POLLIN)

    def reap(self, pidfd: int) -> None:
        """Reap a child that ended: a command, or a spare that died (another is forked)."""
        pid = self.children.pop(pidfd)
        self.poller.unregister(pidfd)
        os.close(pidfd)
        os.waitpid(pid, 0)
        if self.spare is not None and self.spare[0] == pid:
            self.spare[1].close()
            self.spare = None

    def leave(self) -> None:
        """The spare closes its sandboxes and ends; the socket goes. Commands still running
        finish on their own."""
        if self.socket_is_ours():
            os.unlink(SOCKET, dir_fd=self.folder_fd)
        self.listener.close()  # (twice is no harm)
        if self.spare is not None:
            pid, handoff = self.spare
            self.spare = None
            handoff.close()
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass


def fork_spare(daemon: Daemon) -> tuple[int, socket.socket]:
    """A new spare, and the end of the pair its command is handed to. SIGTERM is held back
    across the fork: the daemon's handler must never run in the child."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    pid = os.fork()
    if pid == 0:
        try:
            for signum in (signal.SIGTERM, signal.SIGINT):
                signal.signal(signum, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
            ours.close()
            daemon.listener.close()
            for fd in (daemon.folder_fd, *daemon.children):
                os.close(fd)
            os.close(daemon.lock_fd)  # the lock stays the daemon's, whatever its commands do
            from judge.daemon.spare import serve_one

            serve_one(theirs)
        finally:
            os._exit(1)
    signal.pthread_sigmask(signal.SIG_SETMASK, held)
    theirs.close()
    return pid, ours


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m judge.daemon")
    parser.add_argument("--idle-seconds", type=float, required=True)
    parser.add_argument("--ready-fd", type=int, required=True)
    arguments = parser.parse_args(argv)
    folder = resident_folder(dict(os.environ))
    try:
        daemon = listen(folder, arguments.idle_seconds)
    except BlockingIOError:
        sys.exit(f"another resident judge runs for {folder}")
    except OSError as exc:  # what `judge daemon start` shows: the log's last line
        sys.exit(f"cannot listen in {folder}: {exc}")
    signal.signal(signal.SIGTERM, _leave_now)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    daemon.spare = fork_spare(daemon)
    daemon.watch(daemon.spare[0])
    os.write(arguments.ready_fd, str(os.getpid()).encode())
    os.close(arguments.ready_fd)
    daemon.serve()
    os._exit(0)


def listen(folder: str, idle_s: float) -> Daemon:
    """The daemon of `folder`, its code loaded, listening; BlockingIOError if another one
    holds the folder's lock."""
    folder_fd = open_own_folder(folder)
    lock = os.open(LOCK, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600, dir_fd=folder_fd)
    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    preload()
    try:  # a socket left by a daemon that was killed: the lock says none runs
        os.unlink(SOCKET, dir_fd=folder_fd)
    except FileNotFoundError:
        pass
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM | socket.SOCK_CLOEXEC)
    listener.bind(socket_address(folder, folder_fd))
    listener.listen(64)
    set_command_line(["judge", "daemon"])
    return Daemon(folder=folder, folder_fd=folder_fd, lock_fd=lock, listener=listener,
                  socket_inode=os.stat(SOCKET, dir_fd=folder_fd).st_ino, stamp=code_stamp(),
                  idle_s=idle_s)


def preload() -> None:
    """Import what the commands it serves import as they run; what the code is, never what
    the host has (that is found again by each command)."""
    for name in PRELOADED:
        importlib.import_module(name)
    from judge.commands import load_command

    for name in SERVED:
        load_command(name)
    from judge.languages.registry import all_languages

    all_languages()  # the language descriptors' modules
    # What is loaded now is never collected: the spares' collections skip it (and leave its
    # pages shared with the daemon instead of copying them).
    gc.freeze()
