"""Stress-testing rate: `judge stress` against the classic shell loop, on small sightseeing tests.

The shell loop is what contestants write:  gen > in; ref < in > a; sol < in > b; cmp a b
Target: judge stress runs at least 10 x as many tests per second (same machine, same run).
The submission is the reference itself, so that every test passes and the loop never stops early.
The judge runs twice over the same seeds: first with an empty cache (generator, reference and
solution all run), then again, when inputs and answers come from the cache as they do when a
second solution, or a fixed one, is stressed.
"""

from __future__ import annotations

import functools
import shlex
import subprocess
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, bench_cache, print_header, real_python
from judge.judging.parallel import SandboxPerThread, default_workers
from judge.setter.programs import prepare_setter_programs
from judge.judging.runner import prepare_checker, prepare_submission
from judge.sandbox import open_sandbox
from judge.problem.spec import load_problem
from judge.setter.stress import Judging, StressPlan, run_stress
from judge.setter.stress_cache import StressCache

PROBLEM = "sightseeing"
SHELL_ITERATIONS = 40
JUDGE_ITERATIONS = 600
TARGET_RATIO = 10.0


def shell_loop_rate(problem, python: str) -> float:
    args = " ".join(shlex.quote(a) for a in problem.generator.stress_args)
    python = shlex.quote(python)
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


def judge_rate(problem, cache: Path, stress_cache: StressCache) -> tuple[float, int]:
    factory = functools.partial(open_sandbox, cache)
    with SandboxPerThread(factory) as sandboxes, tempfile.TemporaryDirectory() as scratch:
        sandbox = sandboxes.get()
        submission = prepare_submission(problem, problem.reference, sandbox, None)
        judging = Judging(
            problem,
            prepare_setter_programs(problem, sandbox),
            submission,
            prepare_checker(problem, sandbox),
            Path(scratch),
            stress_cache,
        )
        plan = StressPlan(
            args=problem.generator.stress_args,
            first_seed=1,
            iterations=JUDGE_ITERATIONS,
            seconds=None,
            workers=default_workers(),
        )
        outcome = run_stress(judging, sandboxes, plan)
    if outcome.failure is not None:
        raise SystemExit(f"the reference failed against itself: {outcome.failure.result}")
    return outcome.iterations / outcome.seconds, outcome.iterations


def main() -> bool:
    print_header(f"stress rate on small {PROBLEM} tests")
    problem = load_problem(ROOT, PROBLEM)
    cache = bench_cache()
    shells = [("the real interpreter", real_python(), shell_loop_rate(problem, real_python()))]
    with tempfile.TemporaryDirectory(prefix="judge-stress-cache-") as folder:
        reuse = StressCache(
            Path(folder),
            problem.generator.program,
            problem.reference,
            problem.generator.stress_args,
        )
        cold, count = judge_rate(problem, cache, reuse)
        warm, _ = judge_rate(problem, cache, reuse)
    print(
        f"judge stress, first run ({default_workers()} workers): {cold:8.1f} tests/s  "
        f"({count} tests: generator, reference and solution each run)"
    )
    print(
        f"judge stress, same seeds again:       {warm:8.1f} tests/s  "
        "(inputs and answers reused: only the solution runs)"
    )
    ok = True
    for label, python, shell in shells:
        ratio = cold / shell
        ok = ok and ratio >= TARGET_RATIO
        print(
            f"shell loop (gen; ref; sol; cmp) with {label} ({python}): {shell:.1f} tests/s; "
            f"judge first run {ratio:.1f} x, rerun {warm / shell:.1f} x "
            f"(target >= {TARGET_RATIO:g} x on the first run): "
            + ("met" if ratio >= TARGET_RATIO else "NOT met")
        )
    return ok


if __name__ == "__main__":
    main()
