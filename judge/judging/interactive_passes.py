"""One test of an interactive multi-pass problem: the submission meets the interactor again.

The Kattis rule (problem package format 2025-09, `type: [interactive, multi-pass]`; legacy
`validation: custom interactive multi-pass`) is the plain multi-pass one (judge.judging.multi_pass)
with the interactor as the validator: each pass is one interactive run (judge.judging.interactive);
if the interactor accepts and wrote `nextpass.in` in its feedback folder, the submission starts
again, against the interactor given that file as the pass's input. The feedback folder is kept
between passes, so that the interactor can remember earlier passes. The first pass that is not
accepted decides the test; an accepted pass without nextpass.in ends it accepted; at most
`interactive.passes` passes. Limits apply to each pass; the test shows the largest figures.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from pathlib import Path

from judge.checkers.base import CheckResult
from judge.judging.interactive import PairOutcome, run_interactive
from judge.judging.multi_pass import NEXT_PASS, after_pass, in_pass
from judge.judging.runner import CaseResult, case_result
from judge.languages.build import Prepared
from judge.problem.spec import InteractiveSpec, Limits
from judge.problem.testdata import TestCase
from judge.sandbox.api import RunRequest, Sandbox
from judge.verdicts.verdict import Verdict


def judge_interactive_passes(
    sandbox: Sandbox,
    spec: InteractiveSpec,
    interactor: Prepared,
    submission: RunRequest,
    limits: Limits,
    baseline_kb: int,
    case: TestCase,
    out_of_memory: tuple[str, ...],
) -> CaseResult:
    """The test's result over its passes (at most spec.passes)."""
    outcomes: list[PairOutcome] = []
    with tempfile.TemporaryDirectory(prefix="judge-interactive-passes-") as scratch:
        feedback = Path(scratch) / "feedback"
        feedback.mkdir()
        given = case.input_path
        for number in range(1, spec.passes + 1):
            outcome = run_interactive(
                sandbox, spec, interactor, submission, limits, baseline_kb, given,
                case.answer_path, out_of_memory, feedback,
            )
            outcomes.append(outcome)
            asked = feedback / NEXT_PASS
            checked = after_pass(outcome.decided, asked.exists(), number, spec.passes,
                                 "interactor", "interactive.passes")
            if checked.verdict is not Verdict.AC or not asked.exists():
                return _result(case, outcomes, in_pass(checked, number))
            # nextpass.in leaves the feedback folder: the next pass's input, nothing else.
            given = Path(scratch) / f"pass-{number + 1}.in"
            os.replace(asked, given)
    raise AssertionError("unreachable: the last pass returns")


def _result(case: TestCase, outcomes: list[PairOutcome], checked: CheckResult) -> CaseResult:
    """The last pass's result, with the most time, wall time and memory any pass took."""
    last = outcomes[-1]
    result = case_result(case, last.submission, last.memory_kb, checked)
    return dataclasses.replace(
        result,
        time_ms=round(max(o.submission.cpu_ms for o in outcomes), 1),
        wall_ms=round(max(o.submission.wall_ms for o in outcomes), 1),
        memory_kb=max(o.memory_kb for o in outcomes),
        memory_gross_kb=max(o.submission.peak_memory_kb for o in outcomes),
    )
