"""The verdict table: how the facts of a run, and the limits, become a verdict.

The sandbox reports only what happened (a `Termination` and measurements); this module alone
decides what that means. A submission's run is judged by the first row that applies:

    row  facts and measurements                                          verdict
    1    the sandbox failed (an internal error, whatever the program did)  JE
    2    the program could not be started                                 JE
    3    stopped by the CPU watcher, killed by SIGXCPU (the RLIMIT_CPU
         backstop), or CPU time over the limit                             TLE
    4    killed for memory (the kernel's OOM killer in the run's cgroup,
         or the watcher), or the memory figure over the limit              MLE
    5    exited non-zero or killed by a signal, its runtime saying on
         stderr that an allocation failed (Python's MemoryError, the
         JVM's OutOfMemoryError, ...: the language's markers)             MLE
    6    stopped by the output watcher, or killed by SIGXFSZ               OLE
    7    stopped by the wall-clock backstop (sleeping or blocked)          TLE
    8    stopped with its partner in a pair run (the interactor ended or
         passed a limit: how a pair is judged is the interactive
         problem's; alone this row says the submission did not end)       TLE
    9    killed by a signal the sandbox did not send                       RE
    10   exited with a non-zero code                                       RE
    11   exited 0                                                          AC (the checker decides)

stderr never changes the verdict except in row 5, and then only by the markers of the
submission's language (judge.languages: Memory.out_of_memory) turning an RE into an MLE.

A compile step is judged by its own, shorter table: the sandbox failing or the compiler not
starting is JE (the judge's toolchain is broken, not the source); any other unsuccessful end (an
error, a crash, a limit) is CE; exit 0 is success.
"""

from __future__ import annotations

import re
import signal as signals
from collections.abc import Callable
from dataclasses import dataclass

from judge.verdicts.limits import Limits
from judge.sandbox.api import RunResult, Termination
from judge.verdicts.verdict import Verdict

EXCEPTION_LINE = r"^([A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt|Warning))\b.*"
MESSAGE_CHARS = 200


@dataclass(frozen=True)
class Facts:
    """What a row looks at: the run as the sandbox saw it, the limits, and the memory figure
    the limit applies to (net or gross, by the problem's memory basis)."""

    run: RunResult
    limits: Limits
    memory_kb: int
    out_of_memory: tuple[str, ...] = ("MemoryError",)  # the runtime's words for it on stderr


@dataclass(frozen=True)
class Judgement:
    verdict: Verdict
    message: str  # one line: why
    out_of_cpu: bool = False  # decided by row 3: the run ran out of CPU time
    out_of_wall: bool = False  # decided by row 7: the run ran out of wall-clock time


@dataclass(frozen=True)
class Row:
    when: str  # the row as documented above
    verdict: Verdict
    applies: Callable[[Facts], bool]
    message: Callable[[Facts], str]


def _ended(*terminations: Termination) -> Callable[[Facts], bool]:
    return lambda facts: facts.run.termination in terminations


def _signal(number: signals.Signals) -> Callable[[Facts], bool]:
    return lambda facts: facts.run.termination is Termination.SIGNALED and (
        facts.run.signal == number
    )


def _any(*tests: Callable[[Facts], bool]) -> Callable[[Facts], bool]:
    return lambda facts: any(test(facts) for test in tests)


CPU_ROW = Row(
    "stopped by the CPU watcher, SIGXCPU, or CPU time over the limit",
    Verdict.TLE,
    _any(
        _ended(Termination.CPU_LIMIT),
        _signal(signals.SIGXCPU),
        lambda f: f.run.cpu_ms > f.limits.time_ms,
    ),
    lambda f: f"CPU time over {f.limits.time_ms} ms",
)

WALL_ROW = Row(
    "stopped by the wall-clock backstop",
    Verdict.TLE,
    _ended(Termination.WALL_LIMIT),
    lambda f: f"wall-clock time over {f.limits.wall_ms} ms (sleeping or blocked?)",
)

VERDICT_TABLE: tuple[Row, ...] = (
    Row(
        "the sandbox failed",
        Verdict.JE,
        _ended(Termination.SANDBOX_ERROR),
        lambda f: f"the sandbox failed: {f.run.message}",
    ),
    Row(
        "the program could not be started",
        Verdict.JE,
        _ended(Termination.START_FAILED),
        lambda f: f"could not start the submission: {f.run.message}",
    ),
    CPU_ROW,
    Row(
        "killed for memory, or the memory figure over the limit",
        Verdict.MLE,
        _any(_ended(Termination.MEMORY_LIMIT), lambda f: f.memory_kb > f.limits.memory_kb),
        lambda f: f"memory over {f.limits.memory_kb} KB",
    ),
    Row(
        "exited non-zero or killed by a signal, out of memory by its runtime's words",
        Verdict.MLE,
        lambda f: (_exited_non_zero(f) or f.run.termination is Termination.SIGNALED)
        and _out_of_memory_marker(f) is not None,
        lambda f: f"{_out_of_memory_marker(f)}: an allocation failed at the memory limit",
    ),
    Row(
        "stopped by the output watcher, or SIGXFSZ",
        Verdict.OLE,
        _any(_ended(Termination.OUTPUT_LIMIT), _signal(signals.SIGXFSZ)),
        lambda f: f"output over {f.limits.output_kb} KB",
    ),
    WALL_ROW,
    Row(
        "stopped with its partner in a pair run",
        Verdict.TLE,
        _ended(Termination.PARTNER),
        lambda f: "still running when the interaction was over",
    ),
    Row(
        "killed by a signal",
        Verdict.RE,
        _ended(Termination.SIGNALED),
        lambda f: f"killed by {signal_name(f.run.signal)}" + _exception_suffix(f.run),
    ),
    Row(
        "exited with a non-zero code",
        Verdict.RE,
        lambda f: _exited_non_zero(f),
        lambda f: f"exit code {f.run.exit_code}" + _exception_suffix(f.run),
    ),
    Row(
        "exited 0",
        Verdict.AC,
        lambda f: f.run.termination is Termination.EXITED and f.run.exit_code == 0,
        lambda f: "",
    ),
)


def judge_run(
    run: RunResult,
    limits: Limits,
    memory_kb: int,
    out_of_memory: tuple[str, ...] = ("MemoryError",),
) -> Judgement:
    """The verdict a run earns before its output is looked at; AC means 'go on and check'.
    `out_of_memory`: what the submission's runtime writes on stderr when an allocation fails."""
    facts = Facts(run, limits, memory_kb, out_of_memory)
    row = matching_row(facts)
    return Judgement(row.verdict, row.message(facts), out_of_cpu=row is CPU_ROW,
                     out_of_wall=row is WALL_ROW)


def matching_row(facts: Facts) -> Row:
    for row in VERDICT_TABLE:
        if row.applies(facts):
            return row
    raise AssertionError(f"no verdict table row for {facts.run.termination}")  # row 11 or 10


# A compiler's own words for an allocation that failed, each at the start of a line of its
# output (quoted source lines are indented or numbered, so a program that names MemoryError is
# not taken for one): gcc's cc1/cc1plus and as, LLVM and rustc, the JVM's compilers, Python's,
# Go's. Without a memory cgroup (a normal user's judge) the address-space backstop makes the
# compiler's allocation fail instead of the sandbox stopping it: the step still went past its
# memory limit, as on a host with cgroups.
COMPILER_OUT_OF_MEMORY = re.compile(
    r"^(?:[\w.+-]+: out of memory allocating|virtual memory exhausted|LLVM ERROR: out of memory"
    r"|memory allocation of \d+ bytes failed|(?:Exception in thread \S+ |error: )?"
    r"java\.lang\.OutOfMemoryError|MemoryError\b|fatal error: runtime: out of memory)",
    re.MULTILINE)


def judge_compile(run: RunResult) -> Judgement:
    """CE, JE, or AC (compiled) for a compile step; the message says why it failed."""
    if run.termination is Termination.SANDBOX_ERROR:
        return Judgement(Verdict.JE, f"the sandbox failed while compiling: {run.message}")
    if run.termination is Termination.START_FAILED:
        return Judgement(Verdict.JE, f"the compiler could not be started: {run.message}")
    if run.ok:
        return Judgement(Verdict.AC, "")
    said = (run.stdout + run.stderr).decode(errors="replace")
    if (run.termination in (Termination.EXITED, Termination.SIGNALED)
            and COMPILER_OUT_OF_MEMORY.search(said)):
        return Judgement(Verdict.CE, COMPILE_STOPPED[Termination.MEMORY_LIMIT])
    if run.termination is Termination.SIGNALED:
        return Judgement(Verdict.CE, f"the compiler was killed by {signal_name(run.signal)}")
    return Judgement(Verdict.CE, COMPILE_STOPPED.get(run.termination, compiler_exited(run)))


def compiler_exited(run: RunResult) -> str:
    """Why a compile that exited by itself failed, when its output is all there is to say:
    an error in the source."""
    return f"the compiler exited with code {run.exit_code}"


COMPILE_STOPPED = {
    Termination.CPU_LIMIT: "compilation took too much CPU time",
    Termination.WALL_LIMIT: "compilation took too long (wall clock)",
    Termination.MEMORY_LIMIT: "compilation took too much memory",
    Termination.OUTPUT_LIMIT: "the compiler wrote too much",
}


def _out_of_memory_marker(facts: Facts) -> str | None:
    """The runtime's out-of-memory marker found on the run's stderr (the longest, where one
    holds another: OutOfMemoryError holds MemoryError)."""
    if not facts.out_of_memory or not facts.run.stderr:
        return None
    said = facts.run.stderr.decode(errors="replace")
    found = [marker for marker in facts.out_of_memory if marker in said]
    return max(found, key=len) if found else None


def _exited_non_zero(facts: Facts) -> bool:
    return facts.run.termination is Termination.EXITED and facts.run.exit_code != 0


def signal_name(number: int | None) -> str:
    if number is None:
        return "a signal"
    try:
        return f"{signals.Signals(number).name} (signal {number})"
    except ValueError:
        return f"signal {number}"


def _exception_suffix(run: RunResult) -> str:
    line = exception_line(run.stderr)
    return f": {line}" if line else ""


def exception_line(stderr: bytes) -> str:
    """The last line that names an exception (Python's traceback ends with it), else the last
    line of stderr, else ''."""
    lines = [line.strip() for line in stderr.decode(errors="replace").splitlines() if line.strip()]
    exception = re.compile(EXCEPTION_LINE)  # when a run fails, not at import (re keeps it)
    for line in reversed(lines):
        if exception.match(line):
            return line[:MESSAGE_CHARS]
    return lines[-1][:MESSAGE_CHARS] if lines else ""
