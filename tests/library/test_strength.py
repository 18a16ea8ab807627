"""The bundled library's tests are strong without their generated part: every bundled solution
that must fail (WA, RE, MLE) is caught by at least two samples or hand-made tests, which no
regeneration of the random tests can lose."""

from __future__ import annotations

import functools

import pytest

from judge.setter.package_checks import find_solutions
from judge.judging.parallel import SandboxPerThread
from judge.sandbox import open_sandbox
from judge.problem.spec import list_problem_ids, load_problem
from judge.problem.manifest import read_manifest
from judge.problem.testdata import discover_tests
from judge.verdicts.verdict import Verdict
from judge.setter.verify import check_solution, weakly_caught
from tests.library.helpers import ROOT


@pytest.mark.parametrize("problem_id", list_problem_ids(ROOT))
def test_every_failing_solution_is_caught_by_two_fixed_tests(problem_id, cache):
    problem = load_problem(ROOT, problem_id)
    generated = {e.name for e in read_manifest(problem) if e.origin == "generated"}
    fixed = tuple(case for case in discover_tests(problem) if case.name not in generated)
    solutions, _ = find_solutions(problem)
    failing = [s for s in solutions if s.expected not in (Verdict.AC, Verdict.TLE)]
    assert failing, f"{problem_id} bundles no failing solution"
    with SandboxPerThread(functools.partial(open_sandbox, cache)) as sandboxes:
        checks = tuple(
            sandboxes.map(
                lambda sandbox, solution: check_solution(
                    problem, solution, sandbox, fixed
                ),
                failing,
                2,
            )
        )
    assert weakly_caught(checks, set()) == ()
    assert all(check.ok for check in checks), [c.errors for c in checks if not c.ok]
