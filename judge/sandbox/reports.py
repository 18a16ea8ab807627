"""A fork server's RunReport, turned into the RunResult the judge reads: the facts of how the
run ended, its measurements and its output. No policy: judge.verdicts.outcome decides verdicts.

Memory: the gross peak of a run is the larger of the cgroup's peak charge (the whole process
tree, tracked by the kernel) and the peak resident set of the program's own process from wait4.
The latter counts the pre-started interpreter a Python submission inherits, so the gross figure
of a Python run is close to what `python3 -I -S -B` alone would show; for an exec'd binary wait4
would report the forked interpreter's size (the pitfall in design.md), so only the cgroup counts.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

from judge.sandbox.api import (
    STDERR_HEAD_BYTES,
    STDERR_TAIL_BYTES,
    RunRequest,
    RunResult,
    Termination,
)
from judge.sandbox.forkserver.protocol import RunReport, unwind_stderr

STOPPED_BY = {"cpu": Termination.CPU_LIMIT, "wall": Termination.WALL_LIMIT,
              "output": Termination.OUTPUT_LIMIT, "memory": Termination.MEMORY_LIMIT,
              "partner": Termination.PARTNER}


def run_result(request: RunRequest, report: RunReport, scratch: Path, in_server: bool,
               tag: str = "") -> RunResult:
    """The run as the judge sees it; stdout and stderr are read from the scratch folder (as
    TAGstdout and TAGstderr: a pair's two runs have a tag each)."""
    if report.unstarted:
        return failed(Termination.START_FAILED, report.error)
    if report.error:  # whatever the program did, the sandbox failed around it
        return failed(Termination.SANDBOX_ERROR, report.error)
    if report.status is None and not report.stopped:
        return failed(Termination.SANDBOX_ERROR, "the run reported no status")
    cap = request.limits.output_kb * 1024
    stdout = read_head(scratch / f"{tag}stdout", cap + 1)
    stderr, skipped = read_head_and_tail(scratch / f"{tag}stderr", report.stderr_bytes)
    status = report.status if report.status is not None else signal.SIGKILL  # we stopped it
    exit_code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    peak_kb = report.cgroup_peak // 1024
    if in_server or not report.cgroup_peak:
        peak_kb = max(peak_kb, report.maxrss_kb)
    termination = termination_of(report, sig, len(stdout) > cap)
    return RunResult(
        termination=termination,
        exit_code=exit_code if termination is Termination.EXITED else None,
        signal=sig,
        cpu_ms=(report.cpu_ns or 0) / 1e6,
        wall_ms=report.wall_s * 1000,
        peak_memory_kb=peak_kb,
        stdout=stdout[:cap],
        stderr=stderr,
        stderr_skipped=skipped,
        message=report.note,
    )


def termination_of(report: RunReport, sig: int | None, flooded: bool) -> Termination:
    """What ended the run: the watcher that stopped it, the kernel's OOM killer, a signal, or
    the program itself. Facts only: judge.verdicts.outcome compares measurements with limits."""
    if report.stopped in STOPPED_BY:
        return STOPPED_BY[report.stopped]
    if flooded:
        return Termination.OUTPUT_LIMIT
    if report.oom:
        return Termination.MEMORY_LIMIT
    if sig is not None:
        return Termination.SIGNALED
    return Termination.EXITED


def read_head(path: Path, size: int) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(size)
    except OSError:
        return b""


def read_head_and_tail(path: Path, total: int) -> tuple[bytes, int]:
    """The head and tail of the run's stderr, and how many bytes between them were dropped.

    An isolated run's server kept only its head and tail (round a ring: `total` is what the
    program wrote); a trusted run wrote all of it to the file, whose middle is skipped here."""
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size <= STDERR_HEAD_BYTES + STDERR_TAIL_BYTES:
                return unwind_stderr(handle.read(), total)
            head = handle.read(STDERR_HEAD_BYTES)
            handle.seek(size - STDERR_TAIL_BYTES)
            return head + handle.read(), size - STDERR_HEAD_BYTES - STDERR_TAIL_BYTES
    except OSError:
        return b"", 0


def failed(termination: Termination, message: str) -> RunResult:
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
