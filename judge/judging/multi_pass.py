"""One test of a multi-pass problem: the submission runs again on what the validator writes.

The Kattis rule (problem package format 2025-09, "Multi-pass validation"; legacy `validation:
custom multi-pass`): after each pass the output validator checks the output against that pass's
input. If it accepts (exit 42) and wrote `nextpass.in` in its feedback folder, the submission
runs again with that file as its input; the feedback folder is kept between passes (only
nextpass.in is taken out of it). A pass that fails (a run that is not accepted, a rejected
output) decides the test; an accepted pass without nextpass.in ends it accepted. A validator that
writes nextpass.in and does not accept, or asks for more passes than the problem allows
(`checker.passes`), is a judge error. Time and memory limits apply to each pass on its own; the
test shows the largest of each.

Each pass is one run (judge.judging.launch) and one check, as a single-pass test is.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path

from judge.checkers.base import CheckResult
from judge.judging import near_limit
from judge.judging.launch import Alone, Launch, Submission, launch
from judge.judging.runner import CaseResult, Checker, case_result
from judge.problem.spec import Problem
from judge.problem.testdata import TestCase
from judge.sandbox.api import Sandbox
from judge.verdicts.verdict import Verdict

NEXT_PASS = "nextpass.in"


def judge_passes(
    problem: Problem,
    submission: Submission,
    checker: Checker,
    sandbox: Sandbox,
    case: TestCase,
    reruns: int = near_limit.RERUNS,
    keep_output: Callable[[bytes], None] | None = None,
    alone: Alone = nullcontext,
    budget: near_limit.Budget | None = None,
) -> CaseResult:
    """The test's result over its passes (at most problem.checker.passes)."""
    allowed = problem.checker.passes
    runs: list[Launch] = []
    with tempfile.TemporaryDirectory(prefix="judge-passes-") as scratch:
        feedback = Path(scratch) / "feedback"
        feedback.mkdir()
        given = case.input_path
        for number in range(1, allowed + 1):
            launched = launch(problem, submission, sandbox, stdin_path=given, reruns=reruns,
                              alone=alone, budget=budget)
            runs.append(launched)
            if keep_output is not None and number == 1:
                keep_output(launched.run.stdout)
            if launched.verdict is not Verdict.AC:
                checked = CheckResult(launched.verdict, launched.message)
                return _result(case, runs, in_pass(checked, number))
            checked = _check(checker, sandbox, case, given, launched.run.stdout, feedback)
            asked = feedback / NEXT_PASS
            checked = after_pass(checked, asked.exists(), number, allowed, "output validator",
                                 "checker.passes")
            if checked.verdict is not Verdict.AC or not asked.exists():
                return _result(case, runs, in_pass(checked, number))
            # nextpass.in leaves the feedback folder: the next pass's input, nothing else.
            given = Path(scratch) / f"pass-{number + 1}.in"
            os.replace(asked, given)
    raise AssertionError("unreachable: the last pass returns")


def _check(
    checker: Checker, sandbox: Sandbox, case: TestCase, given: Path, output: bytes, feedback: Path
) -> CheckResult:
    """The validator on one pass: that pass's input, the test's answer, the kept feedback."""
    if checker.program is None:
        return CheckResult(Verdict.JE, checker.broken or "a multi-pass problem needs a validator")
    from judge.checkers.programs import run_checker_program

    spec = checker.problem.checker
    return run_checker_program(
        sandbox, spec, checker.program, given, output, case.answer_path, feedback
    )


def after_pass(
    checked: CheckResult, asked: bool, number: int, allowed: int, who: str, setting: str
) -> CheckResult:
    """A pass's result under the multi-pass rule (`asked`: the `who` wrote nextpass.in; `setting`:
    the problem.yaml key of the limit): asking for another pass without accepting, or beyond the
    last allowed, is the judge's fault."""
    if asked and checked.verdict is not Verdict.AC:
        return CheckResult(
            Verdict.JE,
            f"the {who} wrote {NEXT_PASS} but did not accept "
            f"({checked.verdict.value} {checked.message})".rstrip(),
        )
    if asked and number == allowed:
        return CheckResult(
            Verdict.JE,
            f"the {who} wrote {NEXT_PASS} after pass {number}, the last "
            f"of the {allowed} passes allowed ({setting})",
        )
    return checked


def in_pass(checked: CheckResult, number: int) -> CheckResult:
    """The result saying the pass that decided it: how many passes an accepted test took, in
    which pass a failing one failed."""
    if checked.verdict is Verdict.AC:
        said = f"{number} pass{'es' if number > 1 else ''}"
    else:
        said = f"pass {number}"
    message = f"{said}: {checked.message}" if checked.message else said
    return dataclasses.replace(checked, message=message)


def _result(case: TestCase, runs: list[Launch], checked: CheckResult) -> CaseResult:
    """The last pass's result, with the most time, wall time and memory any pass took."""
    last = runs[-1]
    result = case_result(case, last.run, last.memory_kb, checked,
                         sum(run.reruns for run in runs))
    return dataclasses.replace(
        result,
        time_ms=round(max(run.run.cpu_ms for run in runs), 1),
        wall_ms=round(max(run.run.wall_ms for run in runs), 1),
        memory_kb=max(run.memory_kb for run in runs),
        memory_gross_kb=max(run.run.peak_memory_kb for run in runs),
    )
