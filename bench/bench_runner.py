"""Runner speed and accuracy: the numbers issue 3 asks for, measured in one run.

1. 200 tiny tests: `judge_submission` wall time against a shell loop of
   `python3 sol.py < in > out; cmp out ans` (target: ratio <= 0.25), per-test overhead in ms,
   and online-judge-tools' `oj test` on the same tests when it is installed.
2. CPU accuracy: a program that burns a known CPU time (measured by itself) is measured within
   5% or 10 ms.
3. TLE reliability: 40% of the limit is AC 20 of 20 times; 160% is TLE 20 of 20 times.
4. Memory: 3 MB above the baseline passes a 10000 KB limit; 24 MB gets MLE.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from bench.common import bench_cache, print_header, shell_interpreters
from judge.runner import judge_submission
from judge.sandbox import ResourceLimits, RunRequest, Termination, open_sandbox
from judge.spec import load_problem

TESTS = 200
TARGET_RATIO = 0.25
CPU_LIMIT_MS = 500
REPEATS = 20
SOLUTION = (
    "import sys\na, b = sys.stdin.buffer.read().split()\n"
    "sys.stdout.write(f'{int(a) + int(b)}\\n')\n"
)
BURN = textwrap.dedent("""
    import sys, time
    target = float(sys.argv[1]) / 1000
    start = time.process_time()
    while time.process_time() - start < target:
        pass
    print(round((time.process_time()) * 1000, 3))
""")
HOLD = "data = bytearray({mb} * 1024 * 1024)\nprint(len(data))\n"
PROBLEM_YAML = textwrap.dedent("""\
    id: tiny
    title: A plus B
    source: benchmark
    limits:
      time_ms: 1000
      memory_kb: 10000
      output_kb: 64
""")


def main() -> bool:
    print_header("runner: 200 tiny tests, CPU accuracy, TLE reliability, memory")
    with tempfile.TemporaryDirectory(prefix="judge-bench-") as scratch:
        root = _tiny_project(Path(scratch))
        sandbox = open_sandbox(bench_cache())
        try:
            results = [
                _compare_with_shell_loop(root, sandbox),
                _cpu_accuracy(root, sandbox),
                _tle_reliability(root, sandbox),
                _memory(root, sandbox),
            ]
        finally:
            sandbox.close()
    return all(results)


def _tiny_project(root: Path) -> Path:
    (root / "problems" / "tiny").mkdir(parents=True)
    (root / "problems" / "tiny" / "problem.yaml").write_text(PROBLEM_YAML)
    (root / "problems" / "tiny" / "statement.md").write_text("Print a + b.\n")
    tests = root / "testdata" / "tiny"
    tests.mkdir(parents=True)
    manifest = []
    for index in range(TESTS):
        name = f"t{index:03d}"
        (tests / f"{name}.in").write_text(f"{index} {index * 7}\n")
        (tests / f"{name}.ans").write_text(f"{index * 8}\n")
        manifest.append(f"{name}:\n  origin: hand\n")
    (tests / "manifest.yaml").write_text("".join(manifest))
    (root / "solutions" / "tiny").mkdir(parents=True)
    (root / "solutions" / "tiny" / "reference.py").write_text(SOLUTION)
    (root / "burn.py").write_text(BURN)
    return root


def _compare_with_shell_loop(root: Path, sandbox) -> bool:
    problem = load_problem(root, "tiny")
    solution = root / "solutions" / "tiny" / "reference.py"
    judge_submission(problem, solution, sandbox)  # warm: compile, calibrate
    started = time.perf_counter()
    report = judge_submission(problem, solution, sandbox)
    judge_s = time.perf_counter() - started
    verdicts = {case.verdict.name for case in report.tests}
    print(
        f"judge submit, {len(report.tests)} tests: {judge_s:.2f} s "
        f"({judge_s / TESTS * 1000:.1f} ms per test), verdicts {sorted(verdicts)}"
    )
    program_ms = statistics.median(case.wall_ms for case in report.tests)
    print(
        f"  per-test overhead beyond the program's own run: "
        f"{judge_s / TESTS * 1000 - program_ms:.1f} ms (median run wall {program_ms:.1f} ms)"
    )
    ok = True
    for label, python in shell_interpreters():
        shell_s = _shell_loop(root, python)
        ratio = judge_s / shell_s
        print(
            f"shell loop ({label}: {python}): {shell_s:.2f} s "
            f"({shell_s / TESTS * 1000:.1f} ms per test); judge/shell = {ratio:.3f} "
            f"(target <= {TARGET_RATIO}) {'ok' if ratio <= TARGET_RATIO else 'MISSED'}"
        )
        ok = ok and ratio <= TARGET_RATIO
    _oj_test(root)
    return ok and verdicts == {"AC"}


def _shell_loop(root: Path, python: str) -> float:
    script = (
        f"cd {root}/testdata/tiny && for f in *.in; do "
        f'{python} {root}/solutions/tiny/reference.py < "$f" > /tmp/judge-bench-out; '
        f'cmp -s /tmp/judge-bench-out "${{f%.in}}.ans"; done'
    )
    started = time.perf_counter()
    subprocess.run(["bash", "-c", script], check=True)
    return time.perf_counter() - started


def _oj_test(root: Path) -> None:
    oj = shutil.which("oj")
    if oj is None:
        print("oj test: online-judge-tools is not installed (pip install online-judge-tools)")
        return
    tests = root / "oj-tests"
    tests.mkdir()
    for source in (root / "testdata" / "tiny").glob("*.in"):
        shutil.copy(source, tests / source.name)
        shutil.copy(source.with_suffix(".ans"), tests / f"{source.stem}.out")
    started = time.perf_counter()
    subprocess.run(
        [oj, "test", "-c", f"python3 {root}/solutions/tiny/reference.py", "-d", str(tests)],
        capture_output=True,
        check=False,
    )
    print(f"oj test, same {TESTS} tests: {time.perf_counter() - started:.2f} s")


def _burn(root: Path, sandbox, ms: float, limit_ms: int = 5000):
    argv = (sys.executable, "-I", "-S", "-B", str(root / "burn.py"), str(ms))
    limits = ResourceLimits(
        cpu_ms=limit_ms, wall_ms=2 * limit_ms + 1000, memory_kb=None, output_kb=64
    )
    return sandbox.run(RunRequest(argv=argv, limits=limits))


def _cpu_accuracy(root: Path, sandbox) -> bool:
    ok = True
    for ms in (50, 200, 800):
        result = _burn(root, sandbox, ms)
        own = float(result.stdout)
        error = result.cpu_ms - own
        within = abs(error) <= max(10.0, 0.05 * own)
        ok = ok and within
        print(
            f"CPU accuracy: program measured {own:.1f} ms itself, judge {result.cpu_ms:.1f} ms, "
            f"error {error:+.1f} ms ({'ok' if within else 'MISSED'}: 5% or 10 ms)"
        )
    return ok


def _tle_reliability(root: Path, sandbox) -> bool:
    accepted = sum(
        _burn(root, sandbox, 0.4 * CPU_LIMIT_MS, CPU_LIMIT_MS).ok for _ in range(REPEATS)
    )
    overshoots = []
    for _ in range(REPEATS):
        result = _burn(root, sandbox, 1.6 * CPU_LIMIT_MS, CPU_LIMIT_MS)
        if result.termination is Termination.CPU_LIMIT:
            overshoots.append(result.cpu_ms - CPU_LIMIT_MS)
    print(
        f"TLE reliability at {CPU_LIMIT_MS} ms: 40% AC {accepted}/{REPEATS}, "
        f"160% TLE {len(overshoots)}/{REPEATS}, "
        f"kill overshoot median {statistics.median(overshoots or [0]):.1f} ms, "
        f"max {max(overshoots or [0]):.1f} ms"
    )
    return accepted == REPEATS and len(overshoots) == REPEATS


def _memory(root: Path, sandbox) -> bool:
    idle = root / "idle.py"
    idle.write_text("")
    baseline = sandbox.baseline_kb((sys.executable, "-I", "-S", "-B", str(idle)))
    limits = ResourceLimits(cpu_ms=2000, wall_ms=5000, memory_kb=10_000 + baseline, output_kb=64)
    outcomes = {}
    for mb in (3, 24):
        program = root / f"hold{mb}.py"
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
