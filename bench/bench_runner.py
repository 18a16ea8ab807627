"""Runner accuracy: CPU time, verdicts near the limit under load, memory.

1. CPU accuracy: a program that burns a known CPU time (measured by itself) is measured within
   5% or 10 ms.
2. Verdict stability: a program that needs 80% of the time limit is AC 20 times of 20, one
   that needs 120% TLE 20 times of 20, while another judging process keeps the cores busy
   (judge submit on tests that each burn CPU, over and over). Runs out of time near the limit
   are run again (judge.judging.near_limit): how many were is printed too.
3. Memory: 3 MB above the baseline passes a 10000 KB limit; 24 MB gets MLE.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import textwrap
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

from bench.common import JUDGE, bench_cache, print_header
from judge.judging.runner import JudgeOptions, judge_submission
from judge.sandbox import ResourceLimits, RunRequest, Termination, open_sandbox
from judge.problem.spec import load_problem

LIMIT_MS = 300
REPEATS = 20
BUSY_TESTS = 40
BURN = textwrap.dedent("""
    import sys, time
    target = float({arg}) / 1000
    start = time.process_time()
    while time.process_time() - start < target:
        pass
    print(round((time.process_time()) * 1000, 3))
""")
HOLD = "data = bytearray({mb} * 1024 * 1024)\nprint(len(data))\n"


def main() -> bool:
    print_header("runner: CPU accuracy, verdicts near the limit under load, memory")
    with tempfile.TemporaryDirectory(prefix="judge-bench-") as scratch:
        folder = Path(scratch)
        sandbox = open_sandbox(bench_cache())
        try:
            results = [
                cpu_accuracy(folder, sandbox),
                verdict_stability(folder, sandbox),
                memory(folder, sandbox),
            ]
        finally:
            sandbox.close()
    return all(results)


def burn_source(ms: float | str, report: bool = True) -> str:
    """A program that burns `ms` of CPU time (a number, or an expression), then prints the CPU
    time it measured itself (or, without `report`, 0: the answer of the tests here)."""
    source = BURN.format(arg=ms if isinstance(ms, str) else repr(ms))
    return source if report else source.replace(
        "print(round((time.process_time()) * 1000, 3))", "print(0)")


def cpu_accuracy(folder: Path, sandbox) -> bool:
    ok = True
    program = folder / "burn.py"
    program.write_text(burn_source("sys.argv[1]"))
    for ms in (50, 200, 800):
        argv = (sys.executable, "-I", "-S", "-B", str(program), str(ms))
        limits = ResourceLimits(cpu_ms=5000, wall_ms=11000, memory_kb=None, output_kb=64)
        result = sandbox.run(RunRequest(argv=argv, limits=limits))
        own = float(result.stdout)
        error = result.cpu_ms - own
        within = abs(error) <= max(10.0, 0.05 * own)
        ok = ok and within
        print(
            f"CPU accuracy: program measured {own:.1f} ms itself, judge {result.cpu_ms:.1f} ms, "
            f"error {error:+.1f} ms ({'ok' if within else 'MISSED'}: 5% or 10 ms)"
        )
    return ok


def problem_with(root: Path, problem_id: str, time_ms: int, solution: str, tests: int) -> Path:
    """A problem whose every test is one line, and a solution for it; the solution's path."""
    (root / f"problems/{problem_id}").mkdir(parents=True)
    (root / f"problems/{problem_id}/problem.yaml").write_text(
        f"id: {problem_id}\ntitle: {problem_id}\nsource: bench\n"
        f"limits:\n  time_ms: {time_ms}\n  memory_kb: 65536\n"
    )
    (root / f"testdata/{problem_id}").mkdir(parents=True)
    for number in range(tests):
        (root / f"testdata/{problem_id}/t{number:02d}.in").write_text("0\n")
        (root / f"testdata/{problem_id}/t{number:02d}.ans").write_text("0\n")
    (root / f"solutions/{problem_id}").mkdir(parents=True)
    (root / f"solutions/{problem_id}/reference.py").write_text(solution)
    return root / f"solutions/{problem_id}/reference.py"


@contextmanager
def another_judge(root: Path):
    """judge submit, over and over, on tests that each burn 150 ms of CPU, on all cores."""
    solution = problem_with(root, "busy", 2000, burn_source(150, report=False), BUSY_TESTS)
    stop, done, failed = root / "stop", root / "done", root / "failed"
    loop = (f"while [ ! -e {stop} ]; do {JUDGE} submit --root {root} {solution} busy "
            f"> /dev/null 2>&1 && echo >> {done} || echo >> {failed}; done")
    process = subprocess.Popen(["bash", "-c", loop], stderr=subprocess.DEVNULL)
    judged = {"submissions": 0, "failed": 0}
    try:
        yield judged
    finally:
        stop.touch()
        subprocess.run(["pkill", "-TERM", "-P", str(process.pid)], check=False)  # its judge
        process.wait()
        for key, tally in (("submissions", done), ("failed", failed)):
            judged[key] = len(tally.read_text()) if tally.exists() else 0


def verdict_stability(folder: Path, sandbox) -> bool:
    root = folder / "stability"
    solutions = {
        share: problem_with(root, f"share{share}", LIMIT_MS,
                            burn_source(share / 100 * LIMIT_MS, report=False), 1)
        for share in (80, 120)
    }
    counts: dict[int, Counter] = {}
    reruns: dict[int, int] = {}
    misses: list[str] = []
    with another_judge(folder / "busy") as busy:
        for share, solution in solutions.items():
            problem = load_problem(root, f"share{share}")
            reports = [judge_submission(problem, solution, sandbox, JudgeOptions())
                       for _ in range(REPEATS)]
            counts[share] = Counter(report.verdict.value for report in reports)
            reruns[share] = sum(1 for report in reports if report.tests[0].reruns)
            expected = "AC" if share < 100 else "TLE"
            misses.extend(
                f"  {share}%: {case.verdict.value} after {case.time_ms:.0f} ms CPU, "
                f"{case.wall_ms:.0f} ms wall, {case.reruns} re-runs: {case.message}"
                for case in (report.tests[0] for report in reports)
                if case.verdict.value != expected)
    stable = counts[80]["AC"] == REPEATS and counts[120]["TLE"] == REPEATS
    # The last submission was cut short when the measurements were done: not a failure.
    broken = max(0, busy["failed"] - 1)
    print(f"(meanwhile the other judge judged {busy['submissions']} submissions of "
          f"{BUSY_TESTS} tests of 150 ms each"
          + (f"; {broken} of its submissions FAILED: the load was not a judge's)" if broken
             else ")"))
    print(
        f"verdict stability at {LIMIT_MS} ms, another judge busy on all cores: "
        f"80% of the limit AC {counts[80]['AC']}/{REPEATS} ({reruns[80]} run again), "
        f"120% TLE {counts[120]['TLE']}/{REPEATS} ({reruns[120]} run again): "
        + ("ok" if stable else f"MISSED {dict(counts[80])} {dict(counts[120])}")
    )
    for miss in misses:
        print(miss)
    return stable and not broken


def memory(folder: Path, sandbox) -> bool:
    idle = folder / "idle.py"
    idle.write_text("")
    baseline = sandbox.baseline_kb((sys.executable, "-I", "-S", "-B", str(idle)))
    limits = ResourceLimits(cpu_ms=2000, wall_ms=5000, memory_kb=10_000 + baseline, output_kb=64)
    outcomes = {}
    for mb in (3, 24):
        program = folder / f"hold{mb}.py"
        program.write_text(HOLD.format(mb=mb))
        argv = (sys.executable, "-I", "-S", "-B", str(program))
        result = sandbox.run(RunRequest(argv=argv, limits=limits))
        outcomes[mb] = result.termination
        print(
            f"memory: holds {mb} MB, limit 10000 KB net (baseline {baseline} KB): "
            f"{result.termination.value}, gross {result.peak_memory_kb} KB, "
            f"net {result.peak_memory_kb - baseline} KB"
        )
    return outcomes[3] is Termination.EXITED and outcomes[24] is Termination.MEMORY_LIMIT


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
