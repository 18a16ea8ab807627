"""Reference solutions on their hardest tests: CPU time and memory against the limits.

Target (problem packages): the reference needs at most 25% of the time limit on the maximal
tests and stays within the memory limit. Every test is run once; the three slowest are run
twice more and the best of three CPU times counts (the rest is noise from a shared machine).
"""

from __future__ import annotations

from bench.common import ROOT, bench_cache, print_header
from judge.judging.runner import judge_case, prepare_checker, prepare_submission
from judge.sandbox import open_sandbox
from judge.problem.spec import list_problem_ids, load_problem
from judge.problem.testdata import discover_tests

SLOWEST = 3
REPEATS = 3
TIME_SHARE_TARGET = 0.25


def main() -> bool:
    print_header("reference solutions on their slowest tests (best of 3 runs)")
    cache = bench_cache()
    sandbox = open_sandbox(cache)
    ok = True
    try:
        print(
            f"{'problem':<14}{'test':<26}{'size KB':>8}{'cpu ms':>9}{'limit':>8}{'share':>8}"
            f"{'net KB':>9}{'limit KB':>10}  verdict"
        )
        for problem_id in list_problem_ids(ROOT):
            problem = load_problem(ROOT, problem_id)
            submission = prepare_submission(problem, problem.reference, sandbox, None)
            checker = prepare_checker(problem, sandbox)
            first = {
                case: judge_case(problem, submission, checker, sandbox, case)
                for case in discover_tests(problem)
            }
            for case in sorted(first, key=lambda case: first[case].time_ms)[-SLOWEST:]:
                runs = [first[case]] + [
                    judge_case(problem, submission, checker, sandbox, case)
                    for _ in range(REPEATS - 1)
                ]
                best = min(runs, key=lambda r: r.time_ms)
                share = best.time_ms / problem.limits.time_ms
                memory = max(r.memory_kb for r in runs)
                good = (
                    share <= TIME_SHARE_TARGET
                    and memory <= problem.limits.memory_kb
                    and all(r.verdict.accepted for r in runs)
                )
                ok &= good
                print(
                    f"{problem_id:<14}{case.name:<26}{case.input_path.stat().st_size / 1024:>8.0f}"
                    f"{best.time_ms:>9.0f}{problem.limits.time_ms:>8}{share:>8.0%}"
                    f"{memory:>9}{problem.limits.memory_kb:>10}  {best.verdict.value}"
                    + ("" if good else "  <-- over target")
                )
    finally:
        sandbox.close()
    print(
        f"target: at most {TIME_SHARE_TARGET:.0%} of the time limit, within the memory limit: "
        + ("met" if ok else "NOT met")
    )
    return ok


if __name__ == "__main__":
    main()
