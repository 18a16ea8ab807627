"""One run of a submission: its request under the problem's limits, the run (again, should it
run out of time near the limit), and what it earned before its output is looked at.

judge.judging.runner judges a submission on its tests with these; `judge run` runs one on an input.
"""

from __future__ import annotations

import dataclasses
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from judge.judging import near_limit
from judge.errors import JudgeError
from judge.verdicts.outcome import judge_run
from judge.sandbox.api import STDERR_HEAD_BYTES, ResourceLimits, RunRequest, RunResult, Sandbox
from judge.verdicts.verdict import Verdict

if TYPE_CHECKING:
    from judge.problem.spec import CompileLimits, Limits, Problem

COMPILER_OUTPUT_KB = 64  # what a compiler may print on stdout
COMPILED_PROGRAM_KB = 256 * 1024  # the largest program (or temporary file) it may write


@dataclass(frozen=True)
class Submission:
    """A submission ready to run: its command, and the idle footprint of its runtime."""

    source: Path
    language: str  # its id
    argv: tuple[str, ...]
    baseline_kb: int
    python_code: Path | None = None  # compiled code of a Python submission
    files_in: Mapping[str, Path] = field(default_factory=dict)  # its program, for a runtime
    env: Mapping[str, str] = field(default_factory=dict)  # e.g. the heap limit of its runtime
    binds: tuple[str, ...] = ()  # the toolchain's folders outside the system's
    out_of_memory: tuple[str, ...] = ("MemoryError",)  # its runtime's words for it on stderr
    time_factor: float = 1.0  # of its language: the time limit is multiplied by it
    processes: int = 64  # processes and threads it may have at once
    address_space_kb: int | None = None  # ResourceLimits: the runtime's reservations


Alone = Callable[[], AbstractContextManager[object]]  # runs inside it are measured alone


@dataclass(frozen=True)
class Launch:
    """One run of a submission and what it earned before its output is looked at."""

    run: RunResult
    memory_kb: int  # the figure the memory limit applies to
    verdict: Verdict  # AC: exited normally within the limits (the output is not checked yet)
    message: str
    out_of_cpu: bool = False  # TLE for its CPU time
    out_of_wall: bool = False  # TLE for its wall-clock time
    reruns: int = 0  # runs after the first: it ran out of time near the limit (near_limit)

    @property
    def cpu_ms(self) -> float:
        return self.run.cpu_ms


def launch(
    problem: Problem,
    submission: Submission,
    sandbox: Sandbox,
    *,
    stdin_path: Path | None = None,
    stdin_bytes: bytes | None = None,
    reruns: int = near_limit.RERUNS,
    alone: Alone = nullcontext,
    budget: near_limit.Budget | None = None,
) -> Launch:
    """Run the submission, isolated, under the problem's limits; when it runs out of time
    near the limit, up to `reruns` times more (within the submission's `budget`), and the
    run with the smallest time counts."""
    if problem.interactive is not None:
        raise JudgeError(
            f"problem '{problem.id}' is interactive: a submission runs against its interactor "
            "(judge submit), not on an input of its own"
        )
    request = submission_request(problem, submission, stdin_path, stdin_bytes)
    limits = language_limits(problem.limits, submission.time_factor)

    def once(caps: near_limit.Caps) -> Launch:
        run = sandbox.run(_with_caps(request, caps))
        net_kb = max(0, run.peak_memory_kb - submission.baseline_kb)
        judgement = judge_run(run, limits, net_kb, submission.out_of_memory)
        return Launch(run, net_kb, judgement.verdict, judgement.message, judgement.out_of_cpu,
                      judgement.out_of_wall)

    first = near_limit.Caps(request.limits.cpu_ms, request.limits.wall_ms)
    best, count = near_limit.run_near_limit(once, first, reruns, alone, budget)
    return dataclasses.replace(best, reruns=count) if count else best


def _with_caps(request: RunRequest, caps: near_limit.Caps) -> RunRequest:
    """`request` with those caps; the same request on a first run, whose caps are the limits."""
    limits = request.limits
    if (limits.cpu_ms, limits.wall_ms) == (caps.cpu_ms, caps.wall_ms):
        return request
    return dataclasses.replace(
        request, limits=dataclasses.replace(limits, cpu_ms=caps.cpu_ms, wall_ms=caps.wall_ms)
    )


def submission_request(
    problem: Problem,
    submission: Submission,
    stdin_path: Path | None = None,
    stdin_bytes: bytes | None = None,
) -> RunRequest:
    """How a submission runs: isolated, under the problem's limits (in a pair, its stdin and
    stdout are the interactor's pipes instead)."""
    return RunRequest(
        argv=submission.argv,
        limits=submission_limits(language_limits(problem.limits, submission.time_factor),
                                 submission.baseline_kb, submission.processes,
                                 submission.address_space_kb),
        stdin_path=stdin_path,
        stdin_bytes=stdin_bytes,
        isolate=True,
        python_code=submission.python_code,
        files_in=submission.files_in,
        env=submission.env,
        binds=submission.binds,
    )


def language_limits(limits: Limits, time_factor: float) -> Limits:
    """The problem's limits for a language whose time limit is multiplied by `time_factor`."""
    if time_factor == 1.0:
        return limits
    time_ms = round(limits.time_ms * time_factor)
    return dataclasses.replace(limits, time_ms=time_ms,
                               wall_ms=max(time_ms, round(limits.wall_ms * time_factor)))


def stderr_text(run: RunResult) -> str:
    """The program's stderr as kept by the sandbox, with a line where its middle was dropped."""
    if not run.stderr_skipped:
        return run.stderr.decode(errors="replace")
    head, tail = run.stderr[:STDERR_HEAD_BYTES], run.stderr[STDERR_HEAD_BYTES:]
    return (head.decode(errors="replace") + f"\n[... {run.stderr_skipped} bytes of stderr "
            "skipped ...]\n" + tail.decode(errors="replace"))


def compile_limits(limits: CompileLimits) -> ResourceLimits:
    """A submission's compile step: the problem's limits, a wall backstop of three times the CPU
    time (a compiler waits on its assembler and linker), room for a large program."""
    return ResourceLimits(
        cpu_ms=limits.time_ms,
        wall_ms=3 * limits.time_ms,
        memory_kb=limits.memory_kb,
        output_kb=COMPILER_OUTPUT_KB,
        files_kb=COMPILED_PROGRAM_KB,
    )


def submission_limits(limits: Limits, baseline_kb: int, processes: int = 64,
                      address_space_kb: int | None = None) -> ResourceLimits:
    """The sandbox caps the gross peak, so the net limit is widened by the runtime's baseline;
    `processes`: the threads its runtime starts (a JVM's dozen) count too."""
    return ResourceLimits(
        cpu_ms=limits.time_ms,
        wall_ms=limits.wall_ms,
        memory_kb=limits.memory_kb + baseline_kb,
        output_kb=limits.output_kb,
        processes=processes,
        address_space_kb=address_space_kb,
    )
