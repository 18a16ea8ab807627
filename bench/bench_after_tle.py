"""A submission that runs out of time: the tests after its first TLE, one at a time or on all
cores (`JudgeOptions.workers_after_tle`, what `judge submit` does without --fail-fast).

Every test spins until the CPU limit; the verdicts must be the same both ways.
Target: with two cores or more, the parallel run takes at most 0.75 x the time of the serial one.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bench.common import bench_cache, print_header
from judge.judging.parallel import default_workers
from judge.judging.runner import JudgeOptions, judge_submission
from judge.sandbox import open_sandbox
from judge.problem.spec import load_problem

TESTS = 12
TIME_MS = 300
TARGET_SHARE = 0.75
PROBLEM_YAML = f"""\
id: spin
title: Spin
source: bench
limits:
  time_ms: {TIME_MS}
  memory_kb: 65536
"""


def make_project(root: Path) -> Path:
    (root / "problems/spin").mkdir(parents=True)
    (root / "problems/spin/problem.yaml").write_text(PROBLEM_YAML)
    (root / "solutions/spin").mkdir(parents=True)
    (root / "solutions/spin/reference.py").write_text("print(0)\n")
    (root / "solutions/spin/spin.py").write_text("while True:\n    pass\n")
    (root / "testdata/spin").mkdir(parents=True)
    for number in range(1, TESTS + 1):
        (root / f"testdata/spin/t{number:02d}.in").write_text(f"{number}\n")
        (root / f"testdata/spin/t{number:02d}.ans").write_text("0\n")
    return root


def judged_seconds(root: Path, workers: int) -> tuple[float, list[str]]:
    cache = bench_cache()
    problem = load_problem(root, "spin")
    sandbox = open_sandbox(cache)
    try:
        started = time.monotonic()
        report = judge_submission(
            problem,
            root / "solutions/spin/spin.py",
            sandbox,
            JudgeOptions(workers_after_tle=workers),
            sandbox_factory=lambda: open_sandbox(cache),
        )
        seconds = time.monotonic() - started
    finally:
        sandbox.close()
    return seconds, [case.verdict.value for case in report.tests]


def main() -> bool:
    workers = default_workers()
    print_header(f"{TESTS} tests that all run out of a {TIME_MS} ms limit")
    with tempfile.TemporaryDirectory() as folder:
        root = make_project(Path(folder))
        serial, serial_verdicts = judged_seconds(root, 1)
        parallel, parallel_verdicts = judged_seconds(root, workers)
    print(f"one test at a time after the first TLE: {serial:6.2f} s")
    print(f"{workers} at a time after the first TLE:      {parallel:6.2f} s")
    if serial_verdicts != parallel_verdicts:
        print(f"verdicts differ: {serial_verdicts} vs {parallel_verdicts}")
        return False
    if workers < 2:
        print("one core: nothing to compare")
        return True
    share = parallel / serial
    print(f"parallel / serial: {share:.2f} (target <= {TARGET_SHARE})")
    return share <= TARGET_SHARE
