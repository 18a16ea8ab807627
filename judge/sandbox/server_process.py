"""The judge's end of a fork server: start it, ask it, stop it (judge.sandbox.forkserver)."""

from __future__ import annotations

import functools
import os
import select
import signal
import subprocess
import sys
import threading
from pathlib import Path

from judge.sandbox.api import python_interpreter
from judge.sandbox.forkserver import protocol
from judge.sandbox.forkserver.processes import INTERRUPT

SERVER_PACKAGE = Path(__file__).with_name("forkserver")
MINIMAL_PATH = "/usr/local/bin:/usr/bin:/bin"
PYTHON_FLAGS = ("-I", "-S", "-B")
STOP_TIMEOUT_S = 5  # for a server to leave once its request pipe is closed


class ServerFailed(RuntimeError):
    """The fork server could not be started or stopped answering."""


class ServerInterrupted(ServerFailed):
    """The fork server ended on a Ctrl-C, which a terminal sends to the judge too: the judge is
    being interrupted, and neither a new server nor another sandbox is wanted."""


class ServerProcess:
    """One running fork server and the two pipes to it."""

    def __init__(self, config: protocol.ServerConfig, keep_fds: tuple[int, ...] = (),
                 prefix: tuple[str, ...] = (), started: threading.Event | None = None) -> None:
        """`keep_fds`: descriptors the server inherits and holds while it lives (the lock of
        its judge's slot: forkserver.ownership). `prefix`: the command the server starts
        under (a user namespace of its own when the judge is not root: judge.sandbox.userns).
        `started` is set once the server's process is running: what is left is waiting for it
        to be ready (a caller in another thread may go on then)."""
        compile_server_package()
        request_r, self._request_w = os.pipe()
        self._reply_r, reply_w = os.pipe()
        try:
            self._process = subprocess.Popen(
                [*prefix, python_interpreter(), *PYTHON_FLAGS, str(SERVER_PACKAGE), str(request_r),
                 str(reply_w)],
                pass_fds=(request_r, reply_w, *keep_fds),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                cwd="/",
                env={"PATH": MINIMAL_PATH, "LANG": "C.UTF-8"},
            )
        finally:
            os.close(request_r)
            os.close(reply_w)
        if started is not None:
            started.set()
        try:
            ready = self.ask(config)
        except ServerFailed:
            self.stop()
            if self.interrupted():
                raise ServerInterrupted("the fork server was interrupted as it started") from None
            raise
        if not isinstance(ready, protocol.Ready):
            self.stop()
            raise ServerFailed(f"fork server did not start: {getattr(ready, 'error', ready)}")
        self.pid: int = ready.pid

    def alive(self) -> bool:
        return self._process.poll() is None

    def interrupt(self) -> None:
        """Its INTERRUPT (forkserver.processes): it ends its run as on a Ctrl-C, cleans up and
        leaves by SIGINT."""
        try:
            self._process.send_signal(INTERRUPT)
        except OSError:  # gone already
            pass

    def interrupted(self) -> bool:
        """Whether it ended on a SIGINT (a Ctrl-C), once stopped: Python leaves on an
        interrupt it does not handle by that signal."""
        return self._process.poll() == -signal.SIGINT

    def ask(self, message, reader: bytes = protocol.SERVER):
        """Send a message (read by the server, or by a worker it forks: protocol.WORKER),
        return the answer."""
        try:
            protocol.send(self._request_w, message, reader)
            answer = protocol.receive(self._reply_r)
        except (OSError, EOFError, ValueError, KeyError, TypeError) as exc:
            raise ServerFailed(f"fork server stopped answering: {exc}") from exc
        if answer is None:
            raise ServerFailed("fork server stopped answering: it closed its pipe")
        return answer

    def stop(self) -> None:
        """Close the request pipe, which the server leaves on; wait for it to have left (its end
        of the reply pipe closes with it: Popen.wait with a time-out would poll in sleeps)."""
        _close(self._request_w)
        try:
            gone = select.select([self._reply_r], [], [], STOP_TIMEOUT_S)[0]
        except (OSError, ValueError):  # the pipe was closed already
            gone = True
        _close(self._reply_r)
        if not gone:
            self._process.kill()
        try:
            self._process.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()


@functools.cache
def compile_server_package() -> None:
    """Write the bytecode of the server's modules where it is missing or older than their
    source, once per judge. The server runs with -B (as the Python programs it runs do), so it
    never writes any itself, and without it would compile every module at every start (about
    15 ms). Where the install is read-only the server compiles them, as before."""
    tag = sys.implementation.cache_tag
    if tag is None:  # an implementation that caches no bytecode
        return
    for source in SERVER_PACKAGE.glob("*.py"):
        cached = SERVER_PACKAGE / "__pycache__" / f"{source.stem}.{tag}.pyc"
        try:
            if cached.stat().st_mtime >= source.stat().st_mtime:
                continue
        except FileNotFoundError:
            pass
        import py_compile

        try:
            py_compile.compile(str(source), cfile=str(cached), doraise=True)
        except (OSError, py_compile.PyCompileError):
            return


def _close(fd: int) -> None:
    try:
        os.close(fd)
    except OSError:
        pass


def server_identity() -> str:
    """The server's source files' identities: a changed server may need new baselines."""
    from judge.files import file_identity

    return "\0".join(file_identity(str(path)) for path in sorted(SERVER_PACKAGE.glob("*.py")))
