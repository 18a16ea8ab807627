"""A portable process runner: rlimits, a private directory and polling, no isolation.

It measures CPU time of the process tree and its peak memory by polling, so short spikes can be
missed; hosts that allow it get the stronger sandbox instead.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import psutil

from judge.sandbox.api import (
    STDERR_HEAD_BYTES,
    STDERR_TAIL_BYTES,
    ResourceLimits,
    RunRequest,
    RunResult,
    Termination,
)
from judge.sandbox.guarantees import sandbox_info

POLL_SECONDS = 0.005
MINIMAL_PATH = "/usr/local/bin:/usr/bin:/bin"


class PlainSandbox:
    def __init__(self, cache_dir: Path, reason: str = "") -> None:
        self._cache_dir = cache_dir
        self.info = sandbox_info("plain", None, reason)

    def run(self, request: RunRequest) -> RunResult:
        with tempfile.TemporaryDirectory(prefix="judge-run-") as scratch:
            scratch_dir = Path(scratch)
            cwd = request.cwd or scratch_dir / "work"
            cwd.mkdir(exist_ok=True)
            return _run_in(request, cwd, scratch_dir)

    def baseline_kb(self, argv: tuple[str, ...]) -> int:
        key = _runtime_key(argv)
        cache_file = self._cache_dir / "baselines.json"
        cached = _read_json(cache_file)
        if key in cached:
            return int(cached[key])
        limits = ResourceLimits(cpu_ms=5000, wall_ms=10000, memory_kb=None, output_kb=64)
        peaks = [self.run(RunRequest(argv=argv, limits=limits)).peak_memory_kb for _ in range(3)]
        baseline = min(peaks)
        cached[key] = baseline
        self._cache_dir.mkdir(parents=True, exist_ok=True)
        cache_file.write_text(json.dumps(cached, indent=1, sort_keys=True))
        return baseline

    def close(self) -> None:
        pass


def _runtime_key(argv: tuple[str, ...]) -> str:
    """Identity of a runtime: the program's path, size and mtime, and the rest of the command."""
    program = shutil.which(argv[0]) or argv[0]
    try:
        st = os.stat(program)
        identity = f"{os.path.realpath(program)}:{st.st_size}:{st.st_mtime_ns}"
    except OSError:
        identity = program
    digest = hashlib.sha256("\0".join((identity, *argv[1:])).encode()).hexdigest()[:16]
    return f"plain:{digest}"


def _read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {}


def _limit_child(limits: ResourceLimits):
    cpu_seconds = limits.cpu_ms // 1000 + 2  # hard stop a little past the polled limit
    output_bytes = limits.output_kb * 1024 + 1  # one byte over the cap marks OLE

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
        resource.setrlimit(resource.RLIMIT_FSIZE, (output_bytes, output_bytes))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)

    return apply


def _run_in(request: RunRequest, cwd: Path, scratch: Path) -> RunResult:
    limits = request.limits
    stdout_path, stdin_path = scratch / "stdout", request.stdin_path
    if stdin_path is None:  # given bytes go through a file: a pipe would block on big inputs
        stdin_path = scratch / "stdin"
        stdin_path.write_bytes(request.stdin_bytes or b"")
    env = {"PATH": MINIMAL_PATH, "LANG": "C.UTF-8", **request.env}
    started = time.monotonic()
    with open(stdout_path, "wb") as out, open(stdin_path, "rb") as stdin:
        try:
            proc = subprocess.Popen(
                request.argv, stdin=stdin, stdout=out, stderr=subprocess.PIPE, cwd=cwd, env=env,
                start_new_session=True, close_fds=True, preexec_fn=_limit_child(limits),
            )
        except OSError as exc:
            return _start_failed(str(exc))
        stderr = _StderrReader(proc.stderr)
        termination, peak_kb, cpu_ms = _watch(proc, limits, started)
    wall_ms = (time.monotonic() - started) * 1000
    return _collect(proc, termination, peak_kb, cpu_ms, wall_ms, stdout_path, stderr, limits)


class _StderrReader(threading.Thread):
    """Reads a run's stderr pipe as it comes and keeps its first and last few KB: stderr is
    not output, so any amount may be written, and it never fills the disk or the memory."""

    def __init__(self, pipe) -> None:
        super().__init__(daemon=True)
        self._pipe = pipe
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0
        self.start()

    def run(self) -> None:
        while chunk := self._pipe.read1(65536):
            self.total += len(chunk)
            room = max(0, STDERR_HEAD_BYTES - len(self.head))
            self.head += chunk[:room]
            self.tail += chunk[room:]
            del self.tail[:-STDERR_TAIL_BYTES]
        self._pipe.close()

    def collect(self) -> tuple[bytes, int]:
        """(head and tail, bytes dropped between them), once the run's processes are gone."""
        self.join(timeout=5)
        kept = bytes(self.head + self.tail)
        return kept, self.total - len(kept)


def _watch(proc: subprocess.Popen, limits: ResourceLimits, started: float):
    """Poll the process tree until it exits or passes a limit; return (termination, peak, cpu)."""
    try:
        root = psutil.Process(proc.pid)
    except psutil.Error:
        root = None
    peak_kb, cpu_ms, known = 0, 0.0, {}
    while not _reaped(proc):
        tree = _tree(root)
        rss_kb = 0
        for p in tree:
            try:
                times = p.cpu_times()
                known[p.pid] = (times.user + times.system + times.children_user
                                + times.children_system) * 1000
                rss_kb += _high_water_kb(p)
            except psutil.Error:
                continue
        peak_kb = max(peak_kb, rss_kb)
        cpu_ms = max(cpu_ms, sum(known.values()))
        if cpu_ms > limits.cpu_ms:
            return _kill(proc, Termination.CPU_LIMIT), peak_kb, cpu_ms
        if limits.memory_kb is not None and peak_kb > limits.memory_kb:
            return _kill(proc, Termination.MEMORY_LIMIT), peak_kb, cpu_ms
        if (time.monotonic() - started) * 1000 > limits.wall_ms:
            return _kill(proc, Termination.WALL_LIMIT), peak_kb, cpu_ms
        time.sleep(POLL_SECONDS)
    usage = proc.rusage
    cpu_ms = max(cpu_ms, (usage.ru_utime + usage.ru_stime) * 1000)
    return None, peak_kb, cpu_ms


def _reaped(proc: subprocess.Popen) -> bool:
    """Reap the process with wait4 so that its own CPU usage is known exactly."""
    pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
    if pid == 0:
        return False
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.rusage = usage
    return True


def _high_water_kb(process: psutil.Process) -> int:
    """VmHWM: the process's own peak since exec, which catches spikes between two polls."""
    try:
        with open(f"/proc/{process.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return process.memory_info().rss // 1024


def _tree(root):
    if root is None:
        return []
    try:
        return [root, *root.children(recursive=True)]
    except psutil.Error:
        return []


def _kill(proc: subprocess.Popen, why: Termination) -> Termination:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        pass
    _, status, _ = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return why


def _collect(proc, termination, peak_kb, cpu_ms, wall_ms, stdout_path, stderr, limits):
    code = proc.returncode
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # nothing of the run may outlive it
    except OSError:
        pass
    stdout = stdout_path.read_bytes()
    stderr_kept, skipped = stderr.collect()
    exit_code = code if code >= 0 else None
    sig = -code if code < 0 else None
    if termination is None:  # no watcher stopped it: facts only, judge.outcome decides
        if len(stdout) > limits.output_kb * 1024:
            termination = Termination.OUTPUT_LIMIT
        elif sig is not None:
            termination = Termination.SIGNALED
        else:
            termination = Termination.EXITED
    return RunResult(
        termination=termination, exit_code=exit_code if termination is Termination.EXITED else None,
        signal=sig, cpu_ms=cpu_ms, wall_ms=wall_ms, peak_memory_kb=peak_kb,
        stdout=stdout[: limits.output_kb * 1024], stderr=stderr_kept, stderr_skipped=skipped,
    )


def _start_failed(message: str) -> RunResult:
    return RunResult(
        termination=Termination.START_FAILED, exit_code=None, signal=None, cpu_ms=0.0,
        wall_ms=0.0, peak_memory_kb=0, stdout=b"", stderr=b"", message=message,
    )
