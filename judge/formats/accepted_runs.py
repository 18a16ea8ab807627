"""An import never accepts a problem it has just seen fail: the reference and every solution
the package declares accepted must get AC on the package's own tests.

The import has run them already when it measured the time limit (judge.formats.timelimit);
those reports are reused. A problem with a stated limit has its accepted solutions run here,
under that limit. A failure stops the import (the project is left as it was), unless the user
keeps the problem anyway: then problem.yaml says `broken: REASON`, which `judge list` shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from judge.judging.runner import JudgeOptions, Report, judge_submission
from judge.problem.spec import Problem
from judge.problem.testdata import discover_tests
from judge.sandbox.api import Sandbox
from judge.setter.package_checks import BundledSolution, find_solutions
from judge.verdicts.verdict import Verdict


@dataclass(frozen=True)
class AcceptedFailure:
    """An accepted solution that is not accepted here: on which test, with what, and why."""

    solution: str  # its label and file: "reference (double.py)", "accepted/slow.py"
    test: str  # "" when it does not compile
    verdict: Verdict
    reason: str

    def __str__(self) -> str:
        where = f"on test {self.test}" if self.test else "before any test"
        reason = f": {self.reason}" if self.reason else ""
        return f"{self.solution} gets {self.verdict.value} {where}{reason}"


def accepted_failures(
    problem: Problem, sandbox: Sandbox, judged: Mapping[str, Report] = {}
) -> tuple[AcceptedFailure, ...]:
    """The first failure of each accepted solution; `judged` holds reports already made, by
    solution label (a solution judged there is not run again)."""
    tests = discover_tests(problem)
    failures = []
    for solution in _accepted(problem):
        report = judged.get(solution.label)
        if report is None:
            options = JudgeOptions(fail_fast=True)
            report = judge_submission(problem, solution.path, sandbox, options, tests=tests)
        failure = first_failure(solution, report)
        if failure is not None:
            failures.append(failure)
    return tuple(failures)


def _accepted(problem: Problem) -> list[BundledSolution]:
    return [s for s in find_solutions(problem)[0] if s.expected is Verdict.AC]


def first_failure(solution: BundledSolution, report: Report) -> AcceptedFailure | None:
    name = solution.label
    if name == "reference":
        name = f"the reference ({solution.path.name})"
    if report.compile_message or report.verdict is Verdict.CE:
        return AcceptedFailure(name, "", report.verdict, _one_line(report.compile_message))
    for case in report.tests:
        if not case.verdict.accepted:
            said = _one_line(case.stderr) if case.verdict is Verdict.RE else ""
            reason = case.message if said in case.message else f"{case.message}: {said}"
            return AcceptedFailure(name, case.name, case.verdict, reason)
    return None


def _one_line(text: str, width: int = 200) -> str:
    """The last non-empty line of `text` (an exception's own line), cut to `width`."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:width] if lines else ""


def refusal(failures: tuple[AcceptedFailure, ...]) -> str:
    """Why the import stops: each failing accepted solution, and what to do."""
    listed = "; ".join(str(failure) for failure in failures)
    return (
        f"the package's accepted solutions fail on its own tests: {listed}. Nothing was "
        "imported; fix the package, or pass --keep-broken to import it marked as broken"
    )
