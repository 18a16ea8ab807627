"""Verifying a problem package: tests valid and recorded, the statement's samples right, every
bundled solution gets the verdict its folder promises, and the time limit is safe. The
validators, answer validators and checker meet their self-tests (judge.setter.selftests).

Rules, per solution folder (Kattis convention):
- accepted/ and the reference: AC on every test.
- any other folder promising verdict V: at least one test gets V and no test gets anything but
  AC or V.
- time_limit_exceeded/: the solution runs with TLE_MARGIN times the time limit, and must run out
  of even that on some test (Kattis: exceed the limit by the safety margin). A test that finishes
  above the real limit but within the margin counts as TLE at the real limit, but does not prove
  anything by itself: timing on a busy host varies by tens of percent. Tests after the first
  clear TLE are not run (they would only cost time).
- every solution that is not expected to run out of time should use at most SAFE_TIME_SHARE of
  the limit on every test (a warning otherwise: it may run out of time on a busier machine).
- every solution promising a failing verdict other than TLE should be caught by at least
  FIXED_CATCHES tests that are not generated (samples and hand-made tests; a warning otherwise:
  a regenerated test set could let it through).
"""

from __future__ import annotations

import dataclasses
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from judge.errors import JudgeError
from judge.setter.package_checks import (
    BundledSolution,
    Findings,
    find_solutions,
    manifest_findings,
    sample_findings,
)
from judge.judging.parallel import SandboxPerThread
from judge.setter.programs import SetterPrograms
from judge.judging.interactive import replay_transcript
from judge.judging.runner import CaseResult, JudgeOptions, Report, judge_submission, prepare_checker
from judge.sandbox.api import Sandbox
from judge.problem.expectations import SolutionExpectation
from judge.problem.spec import Problem
from judge.wording import plural
from judge.problem.manifest import read_manifest_or_none
from judge.judging.near_limit import RERUNS
from judge.problem.testdata import TestCase, discover_tests
from judge.verdicts.verdict import Verdict, overall_verdict
from judge.setter.bounds import Bound, combine, read_reports
from judge.setter.selftests import SelfTestResult, invalid_answers, run_selftests
from judge.setter.verify_scores import group_errors, score_errors

SAFE_TIME_SHARE = 0.5
TLE_MARGIN = 2.0
# The wall-clock backstop (for programs that sleep) is widened to this many times the CPU limit:
# on a host busy with other work a program may get a small share of a core, and a package check
# must not fail because of it. The CPU limit still decides every verdict of a busy program.
WALL_FACTOR = 10
FIXED_CATCHES = 2


@dataclass(frozen=True)
class SolutionCheck:
    solution: BundledSolution
    report: Report
    errors: tuple[str, ...]
    warnings: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass(frozen=True)
class Verification:
    problem: Problem
    tests: tuple[TestCase, ...]
    invalid_tests: tuple[tuple[str, str], ...]  # (test name, validator message)
    solutions: tuple[SolutionCheck, ...]
    errors: tuple[str, ...]
    warnings: tuple[str, ...]
    selftests: tuple[SelfTestResult, ...] = ()  # invalid_input/ ... valid_output/ cases
    bounds: tuple[Bound, ...] = ()  # what the validators reported (judge.setter.bounds)

    @property
    def ok(self) -> bool:
        return (
            not self.errors
            and not self.invalid_tests
            and all(s.ok for s in self.solutions)
            and all(s.ok for s in self.selftests)
        )


def verify_problem(
    problem: Problem,
    programs: SetterPrograms,
    sandboxes: SandboxPerThread,
    workers: int,
    on_solution: Callable[[SolutionCheck], None] | None = None,
) -> Verification:
    tests = discover_tests(problem)
    invalid, bounds = _invalid_tests(problem, programs, sandboxes.get(), tests)
    invalid += tuple(
        (f"{name}.ans", message)
        for name, message in invalid_answers(problem, programs, sandboxes.get(), tests)
    )
    selftests = run_selftests(problem, programs, sandboxes.get())
    solutions, static = static_findings(problem, tests)
    static += Findings(transcript_errors(problem, sandboxes, tests))

    def check(sandbox: Sandbox, solution: BundledSolution) -> SolutionCheck:
        return check_solution(problem, solution, sandbox, tests)

    checks = tuple(sandboxes.map(check, solutions, workers, on_solution))
    warnings = static.warnings + solution_warnings(problem, checks)
    return Verification(
        problem, tests, invalid, checks, static.errors, warnings, selftests, bounds
    )


def static_findings(
    problem: Problem, tests: tuple[TestCase, ...]
) -> tuple[tuple[BundledSolution, ...], Findings]:
    """The bundled solutions, and what is wrong with the package without running anything."""
    solutions, layout = find_solutions(problem)
    found = layout + manifest_findings(problem, tests) + sample_findings(problem, tests)
    return solutions, found + Findings(group_errors(problem, tests))


def solution_warnings(problem: Problem, checks: tuple[SolutionCheck, ...]) -> tuple[str, ...]:
    """Solutions too near the time limit, failing ones too few fixed tests catch."""
    generated = {e.name for e in read_manifest_or_none(problem) if e.origin == "generated"}
    return time_limit_warnings(problem, checks) + weakly_caught(checks, generated)


def transcript_errors(
    problem: Problem, sandboxes: SandboxPerThread, tests: tuple[TestCase, ...]
) -> tuple[str, ...]:
    """Each sample transcript of an interactive problem, played against its interactor."""
    cases = [case for case in tests if case.interaction is not None]
    if not cases:
        return ()
    sandbox = sandboxes.get()
    interactor = prepare_checker(problem, sandbox)
    if interactor.program is None:
        return (interactor.broken,)
    replayed = (replay_transcript(sandbox, problem, interactor.program, case) for case in cases)
    return tuple(error for error in replayed if error)


def _invalid_tests(
    problem: Problem, programs: SetterPrograms, sandbox: Sandbox, tests
) -> tuple[tuple[tuple[str, str], ...], tuple[Bound, ...]]:
    """The tests the validators reject, and the bounds they reported on the valid ones."""
    if programs.validator is None:
        return (), ()
    invalid, reports = [], []
    with tempfile.TemporaryDirectory(prefix="judge-bounds-") as scratch:
        for number, case in enumerate(tests):
            args = problem.validator_args(case.group)
            report = Path(scratch) / str(number)
            validation = programs.validate(
                sandbox, path=case.input_path, args=args, bounds_file=report
            )
            if not validation.valid:
                invalid.append((case.name, validation.message))
            else:
                reports += read_reports(report, case.name)
    return tuple(invalid), combine(reports)


def check_solution(
    problem: Problem,
    solution: BundledSolution,
    sandbox: Sandbox,
    tests: tuple[TestCase, ...],
) -> SolutionCheck:
    expects_tle = solution.expected is Verdict.TLE
    judged_as = for_verification(problem, TLE_MARGIN if expects_tle else 1.0)
    # A solution shown to be too slow need not run on; one that must earn a score must run on.
    # A declared expectation may speak of every test: all of them run.
    runs_on = solution.expected in (Verdict.AC, Verdict.PA) or solution.declared is not None
    stop_on = frozenset() if runs_on else frozenset({Verdict.TLE})
    # A re-run near the limit can only take a TLE away: one that must run out of time is held
    # to a clear TLE (TLE_MARGIN) instead, and is not run again.
    options = JudgeOptions(stop_on=stop_on, near_limit_reruns=0 if expects_tle else RERUNS)
    try:
        report = judge_submission(judged_as, solution.path, sandbox, options, tests=tests)
    except JudgeError as exc:
        raise JudgeError(f"{solution.label}: {exc}") from None
    errors = []
    if expects_tle and report.verdict is not Verdict.CE:
        errors += tle_margin_errors(report.tests, problem.limits.time_ms)
    report = at_real_limit(report, problem)
    errors = expectation_errors(solution, report) + errors
    return SolutionCheck(solution, report, tuple(errors))


def for_verification(problem: Problem, time_factor: float) -> Problem:
    """The problem with its time limit times `time_factor` and a wide wall-clock backstop."""
    limits = problem.limits
    time_ms = int(limits.time_ms * time_factor)
    wall_ms = max(int(limits.wall_ms * time_factor), WALL_FACTOR * time_ms)
    return dataclasses.replace(
        problem, limits=dataclasses.replace(limits, time_ms=time_ms, wall_ms=wall_ms)
    )


def tle_margin_errors(results: tuple[CaseResult, ...], limit_ms: int) -> list[str]:
    """`results` come from a run with TLE_MARGIN x the limit: one TLE there is a clear TLE."""
    if any(case.verdict is Verdict.TLE for case in results):
        return []
    over = [case for case in results if case.time_ms > limit_ms]
    if not over:
        return []  # no TLE at all: the verdict rule says so
    slowest = max(over, key=lambda case: case.time_ms)
    return [
        f"over the {limit_ms} ms limit on {', '.join(c.name for c in over)} but never clearly: "
        f"the slowest, {slowest.name}, finishes in {slowest.time_ms:.0f} ms under a "
        f"{TLE_MARGIN:g}x limit; make it run out of time on some test by far"
    ]


def at_real_limit(report: Report, problem: Problem) -> Report:
    """The report of a run with wider limits, as seen at the real ones: a test that took longer
    than the time limit is TLE there, whatever its output."""
    limit_ms = problem.limits.time_ms
    tests = tuple(
        case
        if case.verdict is Verdict.TLE or case.time_ms <= limit_ms
        else dataclasses.replace(
            case,
            verdict=Verdict.TLE,
            message=f"CPU time over {limit_ms} ms ({case.time_ms:.0f} ms; "
            f"within {TLE_MARGIN:g}x the limit)",
            details="",
        )
        for case in report.tests
    )
    return dataclasses.replace(
        report,
        limits=problem.limits,
        tests=tests,
        verdict=overall_verdict([case.verdict for case in tests]),
    )


def weakly_caught(checks: tuple[SolutionCheck, ...], generated: set[str]) -> tuple[str, ...]:
    """Failing solutions that fewer than FIXED_CATCHES tests outside `generated` reject."""
    warnings = []
    for check in checks:
        if check.solution.expected in (Verdict.AC, Verdict.PA, Verdict.TLE, Verdict.CE):
            continue
        caught = [
            case.name
            for case in check.report.tests
            if not case.verdict.accepted and case.name not in generated
        ]
        if len(caught) < FIXED_CATCHES:
            which = f" ({', '.join(caught)})" if caught else ""
            warnings.append(
                f"{check.solution.label} is caught by {plural(len(caught), 'test')} that "
                f"{'is' if len(caught) == 1 else 'are'} not generated{which}: a regenerated "
                f"test set could let it through; add hand-made tests aimed at it"
            )
    return tuple(warnings)


def expectation_errors(solution: BundledSolution, report: Report) -> list[str]:
    """What `report` breaks of what the solution's folder (or what is declared of it: its
    submissions.yaml entry, its @EXPECTED_RESULTS@ tag) and its declared score expect."""
    if solution.declared is not None:
        return declared_errors(solution.declared, report) + score_errors(
            solution.expected, solution.expected_score, report
        )
    return verdict_errors(solution.expected, report) + score_errors(
        solution.expected, solution.expected_score, report
    )


def declared_errors(declared: SolutionExpectation, report: Report) -> list[str]:
    if report.compile_message or report.verdict is Verdict.CE:
        if report.verdict is Verdict.CE and declared.overall.permitted in (None, {Verdict.CE}):
            return []
        return [f"does not compile ({report.verdict.value}): {report.compile_message[:300]}"]
    results = [(case.name, case.group, case.verdict) for case in report.tests]
    return declared.errors(results, report.score)[:3]


def verdict_errors(expected: Verdict, report: Report) -> list[str]:
    if report.compile_message or report.verdict is Verdict.CE:  # CE, or JE: a broken toolchain
        if report.verdict is Verdict.CE and expected is Verdict.CE:
            return []
        return [f"does not compile ({report.verdict.value}): {report.compile_message[:300]}"]
    got = [case.verdict for case in report.tests]
    if expected is Verdict.PA:
        # Any verdict but a judge error: a partial solution fails some tests by design.
        return [
            f"{case.name}: JE {case.message}".rstrip()
            for case in report.tests
            if case.verdict is Verdict.JE
        ][:1]
    if expected is Verdict.AC:
        return [
            f"{case.name}: {case.verdict.value} {case.message}".rstrip()
            for case in report.tests
            if not case.verdict.accepted
        ][:3]
    errors = []
    if expected not in got:
        errors.append(
            f"expected {expected.value} on at least one test, got "
            + (", ".join(sorted({v.value for v in got})) or "no tests")
        )
    for case in report.tests:
        if case.verdict not in (Verdict.AC, expected):
            errors.append(
                f"{case.name}: {case.verdict.value} where only AC or "
                f"{expected.value} is expected {case.message}".rstrip()
            )
            break
    return errors


def time_limit_warnings(problem: Problem, checks: tuple[SolutionCheck, ...]) -> tuple[str, ...]:
    accepted = [c for c in checks if c.solution.expected is Verdict.AC and c.report.tests]
    warnings = [] if accepted else ["no accepted solution"]
    limit_ms = problem.limits.time_ms
    for check in checks:
        if check.solution.expected is Verdict.TLE or not check.report.tests:
            continue
        slowest = max(check.report.tests, key=lambda case: case.time_ms)
        share = slowest.time_ms / limit_ms
        if share > SAFE_TIME_SHARE and slowest.verdict is not Verdict.TLE:
            warnings.append(
                f"{check.solution.label} uses {slowest.time_ms:.0f} ms = {share:.0%} of the time "
                f"limit on {slowest.name} (more than {SAFE_TIME_SHARE:.0%}: it may run out of "
                "time on a busier machine)"
            )
    return tuple(warnings)
