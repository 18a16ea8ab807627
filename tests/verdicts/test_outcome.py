"""The verdict table, read line by line: fake runs with given facts and the verdict each earns.

Limits in every row: 1000 ms CPU, 65536 KB memory, 64 KB output, 3000 ms wall. A `-` is None
(exit code, signal) or empty (stderr). The message column is a part of the expected message.
"""

from __future__ import annotations

import re
import signal

import pytest

from judge.verdicts.outcome import VERDICT_TABLE, Facts, judge_compile, judge_run, matching_row
from judge.sandbox.api import RunResult, Termination
from judge.problem.spec import Limits, MemoryBasis
from judge.verdicts.verdict import Verdict

LIMITS = Limits(time_ms=1000, memory_kb=65536, output_kb=64, wall_ms=3000,
                memory_basis=MemoryBasis.NET)

# The markers of the languages the rows' stderr come from (judge.languages descriptors).
OUT_OF_MEMORY = ("MemoryError", "java.lang.OutOfMemoryError", "JavaScript heap out of memory",
                 "runtime: out of memory")

TABLE = """
# ending      | exit | signal  | cpu ms | memory KB | stderr               | verdict | message
sandbox_error | -    | -       | 0      | 0         | -                    | JE      | the sandbox failed: boom
sandbox_error | 127  | -       | 5000   | 99999     | MemoryError          | JE      | the sandbox failed
start_failed  | -    | -       | 0      | 0         | -                    | JE      | could not start the submission: boom
cpu_limit     | -    | SIGKILL | 1004   | 100       | -                    | TLE     | CPU time over 1000 ms
signaled      | -    | SIGXCPU | 990    | 100       | -                    | TLE     | CPU time over 1000 ms
exited        | 0    | -       | 1001   | 100       | -                    | TLE     | CPU time over 1000 ms
memory_limit  | -    | SIGKILL | 10     | 100       | -                    | MLE     | memory over 65536 KB
exited        | 0    | -       | 10     | 65537     | -                    | MLE     | memory over 65536 KB
exited        | 1    | -       | 10     | 100       | MemoryError          | MLE     | MemoryError: an allocation failed
exited        | 1    | -       | 10     | 100       | ValueError: bad      | RE      | exit code 1: ValueError: bad
exited        | 1    | -       | 10     | 100       | java.lang.OutOfMemoryError: Java heap space | MLE | java.lang.OutOfMemoryError: an allocation failed
signaled      | -    | SIGABRT | 10     | 100       | FATAL ERROR: JavaScript heap out of memory  | MLE | JavaScript heap out of memory: an allocation
exited        | 2    | -       | 10     | 100       | fatal error: runtime: out of memory         | MLE | runtime: out of memory
exited        | 0    | -       | 10     | 100       | java.lang.OutOfMemoryError: Java heap space | AC  |
output_limit  | -    | SIGKILL | 10     | 100       | -                    | OLE     | output over 64 KB
signaled      | -    | SIGXFSZ | 10     | 100       | -                    | OLE     | output over 64 KB
wall_limit    | -    | SIGKILL | 5      | 100       | -                    | TLE     | wall-clock time over 3000 ms
partner       | -    | SIGKILL | 5      | 100       | -                    | TLE     | still running when the interaction was over
signaled      | -    | SIGSEGV | 10     | 100       | -                    | RE      | killed by SIGSEGV (signal 11)
signaled      | -    | SIGABRT | 10     | 100       | RecursionError: deep | RE      | SIGABRT (signal 6): RecursionError: deep
exited        | 3    | -       | 10     | 100       | -                    | RE      | exit code 3
exited        | 127  | -       | 10     | 100       | -                    | RE      | exit code 127
exited        | 0    | -       | 10     | 100       | -                    | AC      |
exited        | 0    | -       | 10     | 100       | MemoryError          | AC      |
exited        | 0    | -       | 1000   | 65536     | debug output         | AC      |
"""  # noqa: E501 - a table reads best one row a line


def rows():
    for line in TABLE.strip().splitlines():
        if line.startswith("#"):
            continue
        cells = [cell.strip() for cell in line.split("|")]
        yield pytest.param(*cells, id=" ".join(cells[:3] + cells[6:7]))


def fake_run(ending, exit_code, signal_name, cpu_ms, stderr) -> RunResult:
    return RunResult(
        termination=Termination(ending),
        exit_code=None if exit_code == "-" else int(exit_code),
        signal=None if signal_name == "-" else int(signal.Signals[signal_name]),
        cpu_ms=float(cpu_ms),
        wall_ms=float(cpu_ms) + 1,
        peak_memory_kb=0,
        stdout=b"",
        stderr=b"" if stderr == "-" else f"Traceback (most recent call last):\n{stderr}\n".encode(),
        message="boom",
    )


@pytest.mark.parametrize("ending, exit_code, signal_name, cpu_ms, memory_kb, stderr, verdict, "
                         "message", list(rows()))
def test_row(ending, exit_code, signal_name, cpu_ms, memory_kb, stderr, verdict, message):
    run = fake_run(ending, exit_code, signal_name, cpu_ms, stderr)
    judgement = judge_run(run, LIMITS, int(memory_kb), OUT_OF_MEMORY)
    assert judgement.verdict is Verdict(verdict)
    assert message in judgement.message


def test_every_termination_has_a_row_and_every_row_is_reachable():
    reached = set()
    for param in rows():
        ending, exit_code, signal_name, cpu_ms, memory_kb, stderr, *_ = param.values
        facts = Facts(fake_run(ending, exit_code, signal_name, cpu_ms, stderr), LIMITS,
                      int(memory_kb))
        reached.add(matching_row(facts).when)
    assert reached == {row.when for row in VERDICT_TABLE}
    assert {Termination(p.values[0]) for p in rows()} == set(Termination)


def test_table_is_documented_in_the_module_in_the_same_order():
    import judge.verdicts.outcome

    verdict_column = re.compile(r" {2,}(JE|TLE|MLE|OLE|RE|AC)( |$)")
    documented = [match.group(1) for line in judge.verdicts.outcome.__doc__.splitlines()
                  if (match := verdict_column.search(line))]
    assert documented == [row.verdict.value for row in VERDICT_TABLE]


@pytest.mark.parametrize(
    "ending, exit_code, signal_name, verdict",
    [
        ("exited", "0", "-", Verdict.AC),
        ("exited", "1", "-", Verdict.CE),
        ("cpu_limit", "-", "SIGKILL", Verdict.CE),
        ("memory_limit", "-", "SIGKILL", Verdict.CE),
        ("signaled", "-", "SIGSEGV", Verdict.CE),
        ("start_failed", "-", "-", Verdict.JE),
        ("sandbox_error", "1", "-", Verdict.JE),
    ],
)
def test_compile_table(ending, exit_code, signal_name, verdict):
    assert judge_compile(fake_run(ending, exit_code, signal_name, "10", "-")).verdict is verdict


def compile_run(stderr: str, ending: str = "exited", exit_code: int | None = 1) -> RunResult:
    return RunResult(termination=Termination(ending), exit_code=exit_code,
                     signal=int(signal.SIGABRT) if ending == "signaled" else None, cpu_ms=10.0,
                     wall_ms=11.0, peak_memory_kb=0, stdout=b"", stderr=stderr.encode(),
                     message="")


@pytest.mark.parametrize("stderr, ending", [
    ("cc1plus: out of memory allocating 1073741840 bytes after a total of 573440 bytes\n",
     "exited"),
    ("virtual memory exhausted: Cannot allocate memory\n", "exited"),
    ("memory allocation of 4294967296 bytes failed\n", "signaled"),
    ('Exception in thread "main" java.lang.OutOfMemoryError: Java heap space\n', "exited"),
    ("Traceback (most recent call last):\n  File \"x\", line 1\nMemoryError\n", "exited"),
])
def test_a_compiler_whose_allocation_failed_went_past_the_memory_limit(stderr, ending):
    """Without a memory cgroup the address-space backstop fails the compiler's allocation:
    the step is reported as on a host with cgroups, where the sandbox stops it."""
    judgement = judge_compile(compile_run(stderr, ending, None if ending == "signaled" else 1))
    assert judgement.verdict is Verdict.CE
    assert judgement.message == "compilation took too much memory"


@pytest.mark.parametrize("stderr", [
    # Source lines a compiler quotes are numbered or indented: naming MemoryError is no OOM.
    "prog.cpp:3:5: error: 'MemoryError' was not declared in this scope\n"
    "    3 |     MemoryError();\n",
    '  File "solution.py", line 1\n    raise MemoryError(\n                     ^\n'
    "SyntaxError: '(' was never closed\n",
])
def test_a_compile_error_that_names_memory_is_an_error_in_the_source(stderr):
    judgement = judge_compile(compile_run(stderr))
    assert judgement.verdict is Verdict.CE
    assert judgement.message == "the compiler exited with code 1"
