"""Following a process of the plain runner: its tree's CPU time and peak memory polled, its
limits checked, its stderr read on the side; then the RunResult of its facts."""

from __future__ import annotations

import os
import signal
import subprocess
import threading

import psutil

from judge.sandbox.api import (
    STDERR_HEAD_BYTES,
    STDERR_TAIL_BYTES,
    ResourceLimits,
    RunResult,
    Termination,
)


class Watched:
    """One process the plain runner started, followed by polling until it ends or is stopped."""

    def __init__(self, proc: subprocess.Popen, limits: ResourceLimits, started: float) -> None:
        self.proc, self.limits, self.started = proc, limits, started
        try:
            self._root: psutil.Process | None = psutil.Process(proc.pid)
        except psutil.Error:
            self._root = None
        self._stderr = StderrReader(proc.stderr)
        self._cpu_by_pid: dict[int, float] = {}
        self.peak_kb, self.cpu_ms = 0, 0.0
        self.termination: Termination | None = None  # set when the runner stopped it
        self.ended_at: float | None = None
        self.returncode: int | None = None

    @property
    def running(self) -> bool:
        return self.ended_at is None

    def poll(self, now: float) -> None:
        """Measure the tree, or note that the process has ended: what is left of its process
        group is killed while it is still a zombie (its pid, and so its group's, cannot have
        been given to another process yet), then it is reaped with wait4, so that its own CPU
        time is known exactly."""
        if os.waitid(os.P_PID, self.proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
            _kill_group(self.proc.pid)
            _, status, usage = os.wait4(self.proc.pid, 0)
            self._ended(now, status)
            self.cpu_ms = max(self.cpu_ms, (usage.ru_utime + usage.ru_stime) * 1000)
            return
        rss_kb = 0
        for process in _tree(self._root):
            try:
                times = process.cpu_times()
                self._cpu_by_pid[process.pid] = (times.user + times.system + times.children_user
                                                 + times.children_system) * 1000
                rss_kb += _high_water_kb(process)
            except psutil.Error:
                continue
        self.peak_kb = max(self.peak_kb, rss_kb)
        self.cpu_ms = max(self.cpu_ms, sum(self._cpu_by_pid.values()))

    def passed(self, now: float) -> Termination | None:
        """The limit it has passed, if any."""
        if self.cpu_ms > self.limits.cpu_ms:
            return Termination.CPU_LIMIT
        if self.limits.memory_kb is not None and self.peak_kb > self.limits.memory_kb:
            return Termination.MEMORY_LIMIT
        if (now - self.started) * 1000 > self.limits.wall_ms:
            return Termination.WALL_LIMIT
        return None

    def stop(self, why: Termination, now: float) -> None:
        _kill_group(self.proc.pid)
        _, status, _ = os.wait4(self.proc.pid, 0)
        self._ended(now, status)
        self.termination = why

    def _ended(self, now: float, status: int) -> None:
        self.ended_at = now
        self.returncode = os.waitstatus_to_exitcode(status)

    def result(self, stdout: bytes) -> RunResult:
        """Its facts once it has ended (and what was left of its process group was killed,
        before it was reaped: after that its number may be another process's)."""
        stderr, skipped = self._stderr.collect()
        code = self.returncode
        exit_code = code if code >= 0 else None
        sig = -code if code < 0 else None
        termination = self.termination
        if termination is None:  # no limit stopped it: facts only, judge.verdicts.outcome decides
            if len(stdout) > self.limits.output_kb * 1024:
                termination = Termination.OUTPUT_LIMIT
            elif sig is not None:
                termination = Termination.SIGNALED
            else:
                termination = Termination.EXITED
        return RunResult(
            termination=termination,
            exit_code=exit_code if termination is Termination.EXITED else None,
            signal=sig,
            cpu_ms=self.cpu_ms,
            wall_ms=(self.ended_at - self.started) * 1000,
            peak_memory_kb=self.peak_kb,
            stdout=stdout[: self.limits.output_kb * 1024],
            stderr=stderr,
            stderr_skipped=skipped,
        )


class StderrReader(threading.Thread):
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


def start_failed(message: str) -> RunResult:
    return RunResult(
        termination=Termination.START_FAILED, exit_code=None, signal=None, cpu_ms=0.0,
        wall_ms=0.0, peak_memory_kb=0, stdout=b"", stderr=b"", message=message,
    )


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass
