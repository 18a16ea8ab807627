"""The sandbox the judge uses on Linux: a fork server with cgroups, namespaces and rlimits.

`JailSandbox` starts judge/sandbox/forkserver.py once and sends it one message per run; it uses
whatever the host allows (see judge.sandbox.host) and turns the server's raw reply into a
`RunResult`. The server restarts if it dies.

Memory: the gross peak of a run is the larger of the cgroup's peak charge (the whole process tree,
tracked by the kernel) and the peak resident set of the program's own process from wait4. The
latter counts the pre-started interpreter a Python submission inherits, so the gross figure of a
Python run is close to what `python3 -I -S -B` alone would show; for an exec'd binary wait4 would
report the forked interpreter's size (the pitfall in design.md), so only the cgroup counts.
"""

from __future__ import annotations

import functools
import hashlib
import marshal
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import weakref
from pathlib import Path

from judge.files import file_identity, write_atomically
from judge.sandbox.api import (
    STDERR_HEAD_BYTES,
    STDERR_TAIL_BYTES,
    ResourceLimits,
    RunRequest,
    RunResult,
    Termination,
    python_interpreter,
)
from judge.sandbox.baselines import BaselineCache
from judge.sandbox.guarantees import sandbox_info
from judge.sandbox.host import HostSupport

SERVER_SCRIPT = Path(__file__).with_name("forkserver.py")
MINIMAL_PATH = "/usr/local/bin:/usr/bin:/bin"
PYTHON_FLAGS = ("-I", "-S", "-B")
SYSTEM_BINDS = (
    "/usr",
    "/lib",
    "/lib64",
    "/lib32",
    "/libx32",
    "/bin",
    "/sbin",
    "/etc/ld.so.cache",
    "/etc/alternatives",
)
BASELINE_LIMITS = ResourceLimits(cpu_ms=5000, wall_ms=10000, memory_kb=None, output_kb=64)


class ServerFailed(RuntimeError):
    """The fork server could not be started or stopped answering."""


class CompiledPrograms:
    """Marshalled code objects of trusted Python programs, keyed by source and interpreter."""

    def __init__(self, directory: Path) -> None:
        self._directory = directory
        self._known: dict[tuple[str, int, int], Path | None] = {}

    def code_file(self, source: Path) -> Path | None:
        """The compiled program, or None when it does not compile (the run then reports it)."""
        try:
            stat = source.stat()
        except OSError:
            return None
        key = (str(source), stat.st_mtime_ns, stat.st_size)
        if key not in self._known:
            self._known[key] = self._compile(source)
        return self._known[key]

    def _compile(self, source: Path) -> Path | None:
        try:
            text = source.read_bytes()
            code = compile(text, str(source), "exec")
        except (OSError, SyntaxError, ValueError):
            return None
        digest = hashlib.sha256(text + str(source).encode() + sys.version.encode()).hexdigest()
        path = self._directory / f"{digest[:32]}.code"
        if not path.exists():
            write_atomically(path, marshal.dumps(code))
        return path


class JailSandbox:
    def __init__(self, cache_dir: Path, host: HostSupport) -> None:
        self.host = host
        self.info = sandbox_info("jail", host)
        self._baselines = BaselineCache(cache_dir)
        self._compiled = CompiledPrograms(cache_dir / "pycode")
        self._lock = threading.Lock()
        self._server: _Server | None = None
        # One private directory for every run's stdio files: a directory per run cost a few
        # milliseconds to create and remove. Runs are serial (the lock), so they never share it.
        self._scratch = Path(tempfile.mkdtemp(prefix="judge-run-"))
        self._remove_scratch = weakref.finalize(self, shutil.rmtree, self._scratch, True)
        self._start_server()

    def run(self, request: RunRequest) -> RunResult:
        with self._lock:
            message = self._message(request, self._scratch)
            try:
                reply = self._ask(message)
            except ServerFailed as exc:
                return _failed(Termination.SANDBOX_ERROR, str(exc))
            return _result(request, reply, self._scratch, self.runs_in_server(request.argv))

    def baseline_kb(self, argv: tuple[str, ...]) -> int:
        return self._baselines.get(self._runtime_key(argv), lambda: self._measure_idle(argv))

    def close(self) -> None:
        with self._lock:
            if self._server is not None:
                self._server.stop()
                self._server = None
            self._remove_scratch()

    @property
    def server_pid(self) -> int | None:
        return self._server.pid if self._server is not None else None

    @property
    def sandbox_uid(self) -> int | None:
        """The uid isolated runs of the current server drop to (None when not root)."""
        base = self.host.sandbox_uid_base
        return None if base is None or self.server_pid is None else base + self.server_pid

    def runs_in_server(self, argv: tuple[str, ...]) -> bool:
        """True when `argv` is `python -I -S -B file ...` with the server's own interpreter."""
        return (
            len(argv) >= 5
            and tuple(argv[1:4]) == PYTHON_FLAGS
            and not argv[4].startswith("-")
            and _same_interpreter(argv[0])
        )

    def _measure_idle(self, argv: tuple[str, ...]) -> int:
        peaks = []
        for _ in range(3):
            result = self.run(RunRequest(argv=argv, limits=BASELINE_LIMITS))
            if not result.ok:
                raise ServerFailed(
                    f"idle program {argv} failed: {result.termination.value} "
                    f"{result.message} {result.stderr[-300:]!r}"
                )
            peaks.append(result.peak_memory_kb)
        return min(peaks)

    def _runtime_key(self, argv: tuple[str, ...]) -> str:
        """The runtime's identity: files that shape an idle run's memory, and the mode."""
        files = [argv[0]]
        if self.runs_in_server(argv):
            files.append(str(SERVER_SCRIPT))
        digest = hashlib.sha256()
        for name in files:
            digest.update(file_identity(name).encode() + b"\0")
        digest.update("\0".join(argv[1:4] if self.runs_in_server(argv) else argv[1:]).encode())
        mode = f"jail-cg{self.host.cgroup_version}-ns{int(self.host.namespaces)}"
        return f"{mode}:{digest.hexdigest()[:16]}"

    def _message(self, request: RunRequest, scratch: Path) -> dict:
        stdin = request.stdin_path
        if stdin is None and request.stdin_bytes:
            stdin = scratch / "stdin"
            stdin.write_bytes(request.stdin_bytes)
        work = request.cwd or _empty_directory(scratch / "work")
        limits = request.limits
        return {
            "argv": list(request.argv),
            "python": self.runs_in_server(request.argv),
            "isolate": request.isolate,
            "cwd": str(work),
            "cwd_given": request.cwd is not None,
            "stdin": str(stdin) if stdin else None,
            "stdout": str(scratch / "stdout"),
            "stderr": str(scratch / "stderr"),
            "env": {"PATH": MINIMAL_PATH, "LANG": "C.UTF-8", **request.env},
            "cpu_ms": limits.cpu_ms,
            "wall_ms": limits.wall_ms,
            "memory_kb": limits.memory_kb,
            "output_kb": limits.output_kb,
            "processes": limits.processes,
            "code_file": self._code_file(request),
        }

    def _code_file(self, request: RunRequest) -> str | None:
        """Python programs run from compiled code where it exists: a submission's, made by its
        compile step in a process of its own; a trusted program's (generator, reference,
        validator: run thousands of times), compiled here once. Hostile source never reaches
        the compiler of the judge or of the server."""
        if not self.runs_in_server(request.argv):
            return None
        if request.python_code is not None:
            return str(request.python_code)
        if request.isolate:
            return None
        path = self._compiled.code_file(Path(request.argv[4]))
        return str(path) if path is not None else None

    def _ask(self, message: dict) -> dict:
        for attempt in range(2):
            if self._server is None or not self._server.alive():
                self._start_server()
            try:
                return self._server.ask(message)
            except ServerFailed:
                self._server.stop()
                self._server = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def _start_server(self) -> None:
        self._server = _Server(self._config())

    def _config(self) -> dict:
        binds = list(SYSTEM_BINDS)
        if not sys.base_prefix.startswith("/usr"):
            binds.append(sys.base_prefix)  # e.g. pyenv under /root: only the interpreter shows
        return {
            "cgroups": dict(self.host.cgroup_dirs),
            "cgroup_version": self.host.cgroup_version,
            "namespaces": self.host.namespaces,
            "uid": self.host.sandbox_uid_base,
            "binds": binds,
        }


class _Server:
    """One running fork server and the two pipes to it."""

    def __init__(self, config: dict) -> None:
        request_r, self._request_w = os.pipe()
        self._reply_r, reply_w = os.pipe()
        try:
            self._process = subprocess.Popen(
                [python_interpreter(), *PYTHON_FLAGS, str(SERVER_SCRIPT), str(request_r),
                 str(reply_w)],
                pass_fds=(request_r, reply_w),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                cwd="/",
                env={"PATH": MINIMAL_PATH, "LANG": "C.UTF-8"},
            )
        finally:
            os.close(request_r)
            os.close(reply_w)
        ready = self.ask(config)
        if "ready" not in ready:
            self.stop()
            raise ServerFailed(f"fork server did not start: {ready.get('error', ready)}")
        self.pid: int = ready["ready"]

    def alive(self) -> bool:
        return self._process.poll() is None

    def ask(self, message: dict) -> dict:
        blob = marshal.dumps(message)
        try:
            _write_all(self._request_w, len(blob).to_bytes(4, "little") + blob)
            header = _read_exact(self._reply_r, 4)
            return marshal.loads(_read_exact(self._reply_r, int.from_bytes(header, "little")))
        except (OSError, EOFError, ValueError) as exc:
            raise ServerFailed(f"fork server stopped answering: {exc}") from exc

    def stop(self) -> None:
        for fd in (self._request_w, self._reply_r):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            self._process.wait(timeout=5)  # it exits when the request pipe closes
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()


@functools.lru_cache(maxsize=16)
def _same_interpreter(program: str) -> bool:
    return os.path.realpath(program) == python_interpreter()


def _write_all(fd: int, data: bytes) -> None:
    while data:
        data = data[os.write(fd, data) :]


def _read_exact(fd: int, size: int) -> bytes:
    chunks = []
    while size:
        chunk = os.read(fd, size)
        if not chunk:
            raise EOFError("fork server closed its pipe")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def _empty_directory(path: Path) -> Path:
    """`path` as an empty directory: what an earlier run left there is removed."""
    try:
        with os.scandir(path) as entries:
            if next(entries, None) is None:
                return path
        shutil.rmtree(path)
    except FileNotFoundError:
        pass
    path.mkdir()
    return path


def _result(request: RunRequest, reply: dict, scratch: Path, in_server: bool) -> RunResult:
    if reply.get("unstarted"):
        return _failed(Termination.START_FAILED, reply["error"])
    if reply.get("error"):  # whatever the program did, the sandbox failed around it
        return _failed(Termination.SANDBOX_ERROR, reply["error"])
    if reply["status"] is None and not reply["stopped"]:
        return _failed(Termination.SANDBOX_ERROR, "the run reported no status")
    cap = request.limits.output_kb * 1024
    stdout = _read_head(scratch / "stdout", cap + 1)
    stderr, skipped = read_head_and_tail(scratch / "stderr", reply["stderr_bytes"])
    status = reply["status"] if reply["status"] is not None else signal.SIGKILL  # we stopped it
    exit_code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    peak_kb = reply["cgroup_peak"] // 1024
    if in_server or not reply["cgroup_peak"]:
        peak_kb = max(peak_kb, reply["maxrss_kb"])
    termination = _termination(reply, sig, len(stdout) > cap)
    return RunResult(
        termination=termination,
        exit_code=exit_code if termination is Termination.EXITED else None,
        signal=sig,
        cpu_ms=(reply["cpu_ns"] or 0) / 1e6,
        wall_ms=reply["wall_s"] * 1000,
        peak_memory_kb=peak_kb,
        stdout=stdout[:cap],
        stderr=stderr,
        stderr_skipped=skipped,
    )


def _termination(reply: dict, sig: int | None, flooded: bool) -> Termination:
    """What ended the run: the watcher that stopped it, the kernel's OOM killer, a signal, or
    the program itself. Facts only: judge.outcome compares measurements with limits."""
    stopped = {"cpu": Termination.CPU_LIMIT, "wall": Termination.WALL_LIMIT,
               "output": Termination.OUTPUT_LIMIT}.get(reply["stopped"])
    if stopped is not None:
        return stopped
    if flooded:
        return Termination.OUTPUT_LIMIT
    if reply["oom"]:
        return Termination.MEMORY_LIMIT
    if sig is not None:
        return Termination.SIGNALED
    return Termination.EXITED


def _read_head(path: Path, size: int) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(size)
    except OSError:
        return b""


def read_head_and_tail(path: Path, total: int) -> tuple[bytes, int]:
    """The head and tail of the run's stderr, and how many bytes between them were dropped.

    An isolated run's keeper wrote only its head and tail (`total` is what the program wrote);
    a trusted run wrote all of it to the file, whose middle is skipped here."""
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size <= STDERR_HEAD_BYTES + STDERR_TAIL_BYTES:
                data = handle.read()
                return data, max(0, total - len(data))
            head = handle.read(STDERR_HEAD_BYTES)
            handle.seek(size - STDERR_TAIL_BYTES)
            return head + handle.read(), size - STDERR_HEAD_BYTES - STDERR_TAIL_BYTES
    except OSError:
        return b"", 0


def _failed(termination: Termination, message: str) -> RunResult:
    return RunResult(
        termination=termination,
        exit_code=None,
        signal=None,
        cpu_ms=0.0,
        wall_ms=0.0,
        peak_memory_kb=0,
        stdout=b"",
        stderr=b"",
        message=message,
    )
