"""The checker registry: one table of names, each either built in or a program's convention, that
problem.yaml's parser, the runner, interactors and `judge show` all read."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.checkers.base import CheckerSpec
from judge.checkers.conventions import JudgingFiles, interpret
from judge.checkers.registry import CHECKERS, CONVENTIONS, checker_kind, taken_by
from judge.sandbox.api import RunResult, Termination
from judge.problem.spec import load_problem
from judge.verdicts.verdict import Verdict
from tests.conftest import SUM_YAML, write_project


def test_every_checker_is_built_in_or_a_programs_convention():
    for kind in CHECKERS.values():
        assert (kind.compare is None) != (kind.convention is None), kind.name
        assert ("program" in kind.settings) == (kind.convention is not None), kind.name


def test_interactors_follow_the_conventions_checker_programs_follow():
    assert set(CONVENTIONS) == {"testlib", "kattis"}
    assert all(checker_kind(name).convention is CONVENTIONS[name] for name in CONVENTIONS)


@pytest.mark.parametrize("name", sorted(CHECKERS))
def test_problem_yaml_takes_every_registered_name(tmp_path, name):
    kind = checker_kind(name)
    block = f"checker:\n  name: {name}\n"
    programs = {}
    if kind.convention is not None:
        block += "  program: problems/sum/check.py\n"
        programs = {"check.py": "import sys\nsys.exit(0)\n"}
    root = write_project(tmp_path, problem_yaml=SUM_YAML + block, problem_files=programs)
    assert load_problem(root, "sum").checker.name == name


def test_a_key_names_the_checkers_that_take_it():
    assert taken_by("abs_tol") == "only the float checker takes 'abs_tol'"
    assert taken_by("program") == "only testlib, kattis checkers take 'program'"


def test_judge_show_describes_a_checker_by_its_kind():
    assert checker_kind("float").describe(CheckerSpec("float", abs_tol=0.01)) == (
        "float (abs_tol 0.01, rel_tol 1e-06)")
    program = CheckerSpec("testlib", program=Path("/p/check.py"), time_ms=500)
    assert checker_kind("testlib").describe(program) == (
        "testlib program check.py (time limit 500 ms)")
    assert checker_kind("tokens").describe(CheckerSpec("tokens")) == "tokens"


def exited(code: int, stdout: bytes = b"") -> RunResult:
    return RunResult(termination=Termination.EXITED, exit_code=code, signal=None, cpu_ms=5.0,
                     wall_ms=6.0, peak_memory_kb=1000, stdout=stdout, stderr=b"")


@pytest.mark.parametrize("role", ["checker", "interactor"])
def test_testlib_exit_3_reads_failed_never_a_verdict_on_the_submission(tmp_path, role):
    files = JudgingFiles(tmp_path / "in", tmp_path / "ans", tmp_path / "out", tmp_path / "fb")
    said = interpret(exited(3, b"answer file is empty\n"), CONVENTIONS["testlib"], files, role)
    assert said.verdict is Verdict.JE
    assert said.message == f"{role} failed: answer file is empty"
    kattis = interpret(exited(3), CONVENTIONS["kattis"], files, role)
    assert kattis.verdict is Verdict.JE and "outside the kattis convention" in kattis.message
