"""How much of a submission the service judges: lazy for pass-fail problems, every test when
the problem (or a contest) asks or the problem is scored; re-runs bounded per submission."""

from __future__ import annotations

import pytest

from judge.errors import ProblemError
from judge.problem.spec import load_problem
from judge.service.plans import RERUN_BUDGET, judging_plan
from tests.conftest import SUM_YAML, write_project
from tests.judging.test_scored_problems import scored_project


def test_a_pass_fail_problem_stops_at_its_first_rejected_test(tmp_path):
    plan = judging_plan(load_problem(write_project(tmp_path / "p"), "sum"))
    assert plan.all_tests is False and plan.rerun_budget == RERUN_BUDGET


def test_a_problem_a_contest_or_a_verify_run_may_ask_for_every_test(tmp_path):
    asked = SUM_YAML + "judging:\n  all_tests: true\n"
    problem = load_problem(write_project(tmp_path / "asks", problem_yaml=asked), "sum")
    assert judging_plan(problem).all_tests is True
    plain = load_problem(write_project(tmp_path / "plain"), "sum")
    assert judging_plan(plain, every_test=True).all_tests is True


def test_a_scored_problem_runs_every_test(tmp_path):
    assert judging_plan(load_problem(scored_project(tmp_path / "s"), "sum")).all_tests is True


@pytest.mark.parametrize("block, message", [
    ("judging:\n  all_tests: yes please\n", "expected true or false"),
    ("judging:\n  lazy: false\n", "unknown key"),
])
def test_a_wrong_judging_block_names_the_key(tmp_path, block, message):
    root = write_project(tmp_path / "bad", problem_yaml=SUM_YAML + block)
    with pytest.raises(ProblemError, match=message) as error:
        load_problem(root, "sum")
    assert "problem.yaml" in str(error.value) and "judging." in str(error.value)
