"""How much of a submission the service judges: lazy evaluation, and a bounded cost.

A pass-fail problem's verdict is its first rejected test's (POJ style), so the service stops
there by default, as DOMjudge's lazy evaluation does: a `while True: pass` costs one test at
the limit (and its re-runs), not every test. The tests after it are reported as not run. A
scored problem judges every test (its groups decide what counts), and so does a problem whose
problem.yaml asks for it (`judging: {all_tests: true}`) or a contest that does.

Re-runs near the time limit (judge.judging.near_limit) are bounded per submission.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.problem.spec import Problem

RERUN_BUDGET = 4  # re-runs near the limit one submission may spend, over all its tests


@dataclass(frozen=True)
class JudgingPlan:
    all_tests: bool  # False: stop at the first rejected test
    rerun_budget: int


def judging_plan(problem: Problem, every_test: bool = False) -> JudgingPlan:
    """The plan for a submission to `problem`; `every_test`: the submission asks for every
    test whatever the problem says (its contest does, or it belongs to a verify run)."""
    all_tests = problem.scored or problem.all_tests or every_test
    return JudgingPlan(all_tests=all_tests, rerun_budget=RERUN_BUDGET)
