"""Stress-testing rate: `judge stress` against the classic shell loop, on small sightseeing tests.

The shell loop is what contestants write:  gen > in; ref < in > a; sol < in > b; cmp a b
Target: judge stress runs at least 10 x as many tests per second (same machine, same run).
The submission is the reference itself, so that every test passes and the loop never stops early.
"""

from __future__ import annotations

import functools
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, bench_cache_dir, print_header
from judge.parallel import SandboxPerThread, default_workers
from judge.programs import prepare_setter_programs
from judge.runner import prepare_checker, prepare_submission
from judge.sandbox import open_sandbox
from judge.spec import load_problem
from judge.stress import Judging, StressPlan, run_stress

PROBLEM = "sightseeing"
SHELL_ITERATIONS = 40
JUDGE_SECONDS = 10.0
TARGET_RATIO = 10.0


def shell_loop_rate(problem) -> float:
    args = " ".join(shlex.quote(a) for a in problem.generator.stress_args)
    python = shlex.quote(sys.executable)
    script = f"""
set -e
cd "$(mktemp -d)"
for i in $(seq 1 {SHELL_ITERATIONS}); do
  {python} {shlex.quote(str(problem.generator.program))} {args} --seed $i > in
  {python} {shlex.quote(str(problem.reference))} < in > a
  {python} {shlex.quote(str(problem.reference))} < in > b
  cmp -s a b
done
"""
    started = time.monotonic()
    subprocess.run(["bash", "-c", script], check=True)
    return SHELL_ITERATIONS / (time.monotonic() - started)


def judge_rate(problem, cache: Path) -> tuple[float, int]:
    factory = functools.partial(open_sandbox, cache)
    with SandboxPerThread(factory) as sandboxes, tempfile.TemporaryDirectory() as scratch:
        sandbox = sandboxes.get()
        submission = prepare_submission(problem, problem.reference, sandbox, cache, None)
        judging = Judging(
            problem,
            prepare_setter_programs(problem, sandbox, cache),
            submission,
            prepare_checker(problem, sandbox, cache),
            Path(scratch),
        )
        plan = StressPlan(
            args=problem.generator.stress_args,
            first_seed=1,
            iterations=None,
            seconds=JUDGE_SECONDS,
            workers=default_workers(),
        )
        outcome = run_stress(judging, sandboxes, plan)
    if outcome.failure is not None:
        raise SystemExit(f"the reference failed against itself: {outcome.failure.result}")
    return outcome.iterations / outcome.seconds, outcome.iterations


def main() -> bool:
    print_header(f"stress rate on small {PROBLEM} tests")
    problem = load_problem(ROOT, PROBLEM)
    cache = bench_cache_dir()
    shell = shell_loop_rate(problem)
    judge, count = judge_rate(problem, cache)
    ratio = judge / shell
    print(f"shell loop (gen; ref; sol; cmp):  {shell:8.1f} tests/s  ({SHELL_ITERATIONS} tests)")
    print(
        f"judge stress ({default_workers()} workers):        {judge:8.1f} tests/s  ({count} tests)"
    )
    print(
        f"ratio: {ratio:.1f} x (target >= {TARGET_RATIO:g} x): "
        + ("met" if ratio >= TARGET_RATIO else "NOT met")
    )
    return ratio >= TARGET_RATIO


if __name__ == "__main__":
    main()
