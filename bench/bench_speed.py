"""Speed: `judge submit` against a shell loop over the real interpreter, and beside its peers.

1. 200 one-line tests of a trivial Python solution: the command `judge submit` (start-up
   included) against a shell loop that calls the interpreter `python3` on PATH runs (as a file:
   no version manager's shim) and cmp, timed pair by pair (each round runs both). Target:
   judge / loop <= 0.10, against that loop, the one the target was set with; where it is not
   the system's interpreter, the ratio to a loop over the system's is printed too. Start-up
   (interpreter and imports, fork server start, calibration) and the cost per test are
   measured apart: the cost per test is (judge on 200 tests - judge on 1 test) / 199.
2. The same on 100 tests beside online-judge-tools (`oj test`) and DMOJ (`dmoj-cli submit`),
   pair by pair: each one's time as a ratio to the loop's in the same round.
"""

from __future__ import annotations

import compileall
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import (JUDGE, bench_cache, loop_python, print_header, real_python,
                          tiny_project)
from bench.peers import Contender, dmoj_submit, judge_submit, oj_test, shell_loop
import judge
from judge.cache import Cache
from judge.judging.runner import prepare_submission
from judge.sandbox import open_sandbox
from judge.sandbox.api import python_interpreter
from judge.problem.spec import load_problem

TESTS = 200
PEER_TESTS = 100
ROUNDS = 3
TARGET_RATIO = 0.10
BEST_OF = 5


def main() -> bool:
    print_header(f"speed: judge submit on {TESTS} tiny tests against a shell loop, and peers")
    compile_the_judge()
    print(f"shell loop interpreter: {real_python()} (and the system's, {loop_python()}); "
          f"judge's: {python_interpreter()}")
    with tempfile.TemporaryDirectory(prefix="judge-bench-speed-") as scratch:
        root = tiny_project(Path(scratch) / "loop", TESTS)
        start_up(root, Path(scratch) / "fresh-cache")
        met = against_the_loop(root)
        beside_peers(tiny_project(Path(scratch) / "peers", PEER_TESTS))
    return met


def compile_the_judge() -> None:
    """The judge's modules byte-compiled, as an installed package has them: an editable install
    in an environment with PYTHONDONTWRITEBYTECODE set would compile them at every start, and
    the bench would time that."""
    compileall.compile_dir(str(Path(judge.__file__).parent), quiet=1)


def best_wall(command: tuple[str, ...], cwd: Path | None = None) -> float:
    times = []
    for _ in range(BEST_OF):
        started = time.perf_counter()
        subprocess.run(command, cwd=cwd, capture_output=True, check=True)
        times.append(time.perf_counter() - started)
    return min(times)


def start_up(root: Path, fresh: Path) -> None:
    """What `judge submit` costs before its first test, part by part (best of 5 each)."""
    interpreter = best_wall((sys.executable, "-c", "pass"))
    # The command's module, and what `submit` imports as it runs (its first fork server starts
    # before the judging code is imported).
    imports = best_wall((sys.executable, "-c", "import judge.cli, judge.commands.submit, "
                         "judge.sandbox, judge.judging.runner, judge.present.report, "
                         "judge.problem.testdata"))
    server = []
    for _ in range(BEST_OF):
        started = time.perf_counter()
        open_sandbox(bench_cache()).close()
        server.append(time.perf_counter() - started)
    problem = load_problem(root, "tiny")
    solution = root / "solutions/tiny/reference.py"
    sandbox = open_sandbox(Cache(fresh))
    try:
        started = time.perf_counter()
        prepare_submission(problem, solution, sandbox, None)  # compile, measure the baseline
        first = time.perf_counter() - started
        started = time.perf_counter()
        prepare_submission(problem, solution, sandbox, None)  # both cached now
        cached = time.perf_counter() - started
    finally:
        sandbox.close()
    one = best_wall((str(JUDGE), "submit", "solutions/tiny/reference.py", "tiny", "--test",
                     "t000"), root)
    print("start-up (best of 5):")
    print(f"  interpreter                      {interpreter * 1000:6.0f} ms")
    print(f"  imports (judge.cli + submit's)   {(imports - interpreter) * 1000:6.0f} ms")
    print(f"  fork server start (and host)     {min(server) * 1000:6.0f} ms")
    print(f"  calibration (compile + baseline) {first * 1000:6.0f} ms the first time, "
          f"{cached * 1000:.0f} ms once cached")
    print(f"  judge submit on one test         {one * 1000:6.0f} ms (all of the above, cached, "
          "and one test)")
    START_UP["one_test"] = one


START_UP: dict[str, float] = {}


def rounds(contenders: list[Contender]) -> tuple[dict[str, list[float]], dict[str, str]]:
    """Every contender once a round, ROUNDS rounds, in turn (the order rotates each round).
    A contender that fails is dropped from the rounds after; (times, why each one failed)."""
    times: dict[str, list[float]] = {c.name: [] for c in contenders}
    failed: dict[str, str] = {}
    for number in range(ROUNDS):
        turn = contenders[number % len(contenders):] + contenders[:number % len(contenders)]
        for contender in turn:
            if contender.name in failed:
                continue
            try:
                times[contender.name].append(contender.seconds())
            except RuntimeError as exc:
                failed[contender.name] = str(exc)
    return times, failed


def against_the_loop(root: Path) -> bool:
    """The target against the loop over the interpreter `python3` on PATH runs, the loop it was
    set with; where that is not the system's (pyenv's, as root here: a start of about 38 ms
    against 12), the ratio to the system's interpreter's loop is printed first, without one."""
    loop, judge = shell_loop(root, real_python()), judge_submit(root)
    contenders = [loop, judge]
    if real_python() != loop_python():
        contenders.insert(0, shell_loop(root))
        contenders[0] = Contender("system's loop", contenders[0].command, contenders[0].cwd)
    times, failed = rounds(contenders)
    if failed:
        for why in failed.values():
            print(f"  {why}")
        return False
    if real_python() != loop_python():
        print(f"against the loop over the system's {loop_python()}:")
        report_ratio(times, "system's loop", judge.name, START_UP["one_test"], target=None)
        print(f"against the loop over {real_python()}, `python3` on PATH:")
    return report_ratio(times, loop.name, judge.name, START_UP["one_test"])


def report_ratio(times: dict[str, list[float]], loop: str, judge: str, one_test_s: float,
                 target: float | None = TARGET_RATIO) -> bool:
    """Print the judge's time against the loop's, round by round, and whether the median ratio
    meets `target` (None: no target here); `one_test_s`: the judge's time for one test (its
    start-up)."""
    ratios = [j / s for j, s in zip(times[judge], times[loop], strict=True)]
    ratio = statistics.median(ratios)
    judge_s, loop_s = statistics.median(times[judge]), statistics.median(times[loop])
    per_test = (judge_s - one_test_s) / (TESTS - 1)
    print(f"{TESTS} tests, {ROUNDS} rounds (median):")
    print(f"  shell loop    {loop_s:6.2f} s  ({loop_s / TESTS * 1000:5.1f} ms a test)")
    print(f"  judge submit  {judge_s:6.2f} s  ({judge_s / TESTS * 1000:5.1f} ms a test, start-up "
          f"included; {per_test * 1000:.1f} ms a test beyond start-up)")
    met = target is None or ratio <= target
    verdict = "" if target is None else f" (target <= {target}): {'met' if met else 'NOT met'}"
    print(f"  judge / loop per round: {', '.join(f'{r:.3f}' for r in ratios)}; median "
          f"{ratio:.3f}{verdict}")
    return met


def beside_peers(root: Path) -> None:
    contenders = [shell_loop(root), judge_submit(root), oj_test(root), dmoj_submit(root)]
    for contender in contenders:
        if contender.missing:
            print(f"  {contender.name}: not timed: {contender.missing}")
    present = [c for c in contenders if not c.missing]
    times, failed = rounds(present)
    for name, why in failed.items():
        print(f"  {name}: not timed: {why}")
    if "shell loop" in failed:
        return
    loop = times["shell loop"]
    print(f"{PEER_TESTS} tests, {ROUNDS} rounds, each one's time over the loop's in its round:")
    for contender in (c for c in present if c.name not in failed):
        ratios = [t / s for t, s in zip(times[contender.name], loop, strict=True)]
        print(f"  {contender.name:<13} {statistics.median(times[contender.name]):6.2f} s  "
              f"x{statistics.median(ratios):.2f} the loop  "
              f"(rounds: {', '.join(f'{r:.2f}' for r in ratios)})")


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
