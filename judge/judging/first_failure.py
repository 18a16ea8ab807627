"""The first failing test of a submission, with its whole output, for `judge diff`."""

from __future__ import annotations

from dataclasses import dataclass

from judge.judging.launch import Submission
from judge.judging.runner import CaseResult, Checker, judge_case
from judge.sandbox.api import Sandbox
from judge.problem.spec import Problem
from judge.problem.testdata import TestCase


@dataclass(frozen=True)
class FailingTest:
    case: TestCase
    result: CaseResult
    output: bytes  # what the submission printed
    answer: bytes


def first_failing_test(
    problem: Problem,
    submission: Submission,
    checker: Checker,
    sandbox: Sandbox,
    tests: tuple[TestCase, ...],
) -> tuple[FailingTest | None, tuple[CaseResult, ...]]:
    """Judge the tests in order up to the first that is not accepted; also every result."""
    results = []
    for case in tests:
        kept: list[bytes] = []
        result = judge_case(problem, submission, checker, sandbox, case, keep_output=kept.append)
        results.append(result)
        if not result.verdict.accepted:
            answer = case.answer_path.read_bytes()
            return FailingTest(case, result, kept[0] if kept else b"", answer), tuple(results)
    return None, tuple(results)
