"""Verifying a problem package: tests valid, every bundled solution gets the verdict its folder
promises, and the time limit is safe.

Rules, per solution folder (Kattis convention):
- accepted/ and the reference: AC on every test. The slowest of them should use at most half
  of the time limit (a warning otherwise: the limit is not safe on a noisy machine).
- any other folder promising verdict V: at least one test gets V and no test gets anything but
  AC or V. A solution that has shown TLE is not run on the remaining tests (they would only
  cost time), and its first TLE test is run again with twice the time limit: if it then
  finishes, it did not exceed the limit clearly, which is an error.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable

from judge.errors import JudgeError, ProblemError
from judge.languages import CompileFailure, UnknownLanguage, detect_language
from judge.parallel import SandboxPerThread
from judge.programs import SetterPrograms
from judge.root import inside_root
from judge.runner import (
    JudgeOptions,
    Report,
    judge_case,
    judge_submission,
    prepare_checker,
    prepare_submission,
)
from judge.sandbox.api import Sandbox
from judge.spec import Problem
from judge.testdata import TestCase, discover_tests, file_sha256, read_manifest
from judge.verdict import EXPECTED_BY_FOLDER, Verdict
from judge.verify_scores import SCORE_TAG, declared_score, group_errors, score_errors

SAFE_TIME_SHARE = 0.5
TLE_MARGIN = 2.0


@dataclass(frozen=True)
class BundledSolution:
    path: Path
    label: str  # e.g. "wrong_answer/no_parity.py"
    expected: Verdict
    expected_score: float | None = None  # declared in the source: @EXPECTED_SCORE@: 40


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

    @property
    def ok(self) -> bool:
        return not self.errors and not self.invalid_tests and all(s.ok for s in self.solutions)


def find_solutions(problem: Problem) -> tuple[tuple[BundledSolution, ...], tuple[str, ...]]:
    """The reference plus every program in a verdict folder; also the layout errors found."""
    found = [BundledSolution(problem.reference, "reference", Verdict.AC)]
    errors = []
    folder = problem.solutions
    for child in sorted(folder.iterdir()) if folder.is_dir() else ():
        if child.is_file():
            continue
        expected = EXPECTED_BY_FOLDER.get(child.name)
        if expected is None:
            errors.append(
                f"{child}: unknown folder; expected one of " + ", ".join(EXPECTED_BY_FOLDER)
            )
            continue
        if expected is Verdict.PA and not problem.scored:
            errors.append(f"{child}: only a scored problem (groups with points) has this folder")
            continue
        for path in sorted(child.iterdir()):
            if not path.is_file() or path.name.startswith("."):
                continue
            try:
                inside_root(path, problem.root)
            except ProblemError as exc:
                errors.append(str(exc))
                continue
            try:
                detect_language(path, None)
            except UnknownLanguage as exc:
                errors.append(f"{path}: {exc}")
                continue
            score = declared_score(path)
            if expected is Verdict.PA and score is None:
                errors.append(f"{path}: declares no score; expected a line with {SCORE_TAG} N")
                continue
            found.append(BundledSolution(path, f"{child.name}/{path.name}", expected, score))
    return tuple(found), tuple(errors)


def verify_problem(
    problem: Problem,
    programs: SetterPrograms,
    sandboxes: SandboxPerThread,
    cache_dir: Path,
    workers: int,
    on_solution: Callable[[SolutionCheck], None] | None = None,
) -> Verification:
    tests = discover_tests(problem)
    invalid = _invalid_tests(programs, sandboxes.get(), tests)
    solutions, layout_errors = find_solutions(problem)
    errors = layout_errors + manifest_errors(problem, tests) + group_errors(problem, tests)

    def check(sandbox: Sandbox, solution: BundledSolution) -> SolutionCheck:
        return check_solution(problem, solution, sandbox, cache_dir, tests)

    checks = tuple(sandboxes.map(check, solutions, workers, on_solution))
    warnings = _time_limit_warnings(problem, checks)
    return Verification(problem, tests, invalid, checks, errors, warnings)


def manifest_errors(problem: Problem, tests: tuple[TestCase, ...]) -> tuple[str, ...]:
    """The manifest must parse, name only tests that exist, and hash generated inputs right."""
    try:
        entries = read_manifest(problem)
    except ProblemError as exc:
        return (str(exc),)
    by_name = {case.name: case for case in tests}
    errors = []
    for entry in entries:
        case = by_name.get(entry.name)
        if case is None:
            errors.append(f"manifest names test '{entry.name}', which is not on disk")
        elif entry.sha256 and entry.sha256 != file_sha256(case.input_path):
            errors.append(
                f"manifest sha256 of '{entry.name}' does not match {case.input_path.name}"
            )
    return tuple(errors)


def _invalid_tests(
    programs: SetterPrograms, sandbox: Sandbox, tests
) -> tuple[tuple[str, str], ...]:
    if programs.validator is None:
        return ()
    invalid = []
    for case in tests:
        group = programs.problem.group_named(case.group)
        args = group.validator_args if group is not None else ()
        validation = programs.validate(sandbox, path=case.input_path, args=args)
        if not validation.valid:
            invalid.append((case.name, validation.message))
    return tuple(invalid)


def check_solution(
    problem: Problem,
    solution: BundledSolution,
    sandbox: Sandbox,
    cache_dir: Path,
    tests: tuple[TestCase, ...],
) -> SolutionCheck:
    # A solution shown to be too slow need not run on; one that must earn a score must run on.
    runs_on = solution.expected in (Verdict.AC, Verdict.PA)
    stop_on = frozenset() if runs_on else frozenset({Verdict.TLE})
    try:
        report = judge_submission(
            problem, solution.path, sandbox, cache_dir, JudgeOptions(stop_on=stop_on), tests=tests
        )
    except JudgeError as exc:
        raise JudgeError(f"{solution.label}: {exc}") from None
    errors = list(_verdict_errors(solution.expected, report))
    errors += score_errors(solution.expected, solution.expected_score, report)
    if solution.expected is Verdict.TLE and not errors:
        errors.extend(_tle_margin_errors(problem, solution, sandbox, cache_dir, report, tests))
    return SolutionCheck(solution, report, tuple(errors))


def _verdict_errors(expected: Verdict, report: Report) -> list[str]:
    if report.verdict is Verdict.CE:
        return [] if expected is Verdict.CE else ["does not compile"]
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


def _tle_margin_errors(problem, solution, sandbox, cache_dir, report, tests) -> list[str]:
    first = next(case for case in report.tests if case.verdict is Verdict.TLE)
    limits = problem.limits
    relaxed_limits = dataclasses.replace(
        limits, time_ms=int(limits.time_ms * TLE_MARGIN), wall_ms=int(limits.wall_ms * TLE_MARGIN)
    )
    relaxed = dataclasses.replace(problem, limits=relaxed_limits)
    submission = prepare_submission(relaxed, solution.path, sandbox, cache_dir, None)
    if isinstance(submission, CompileFailure):
        return [f"does not compile ({submission.verdict.value})"]
    case = next(t for t in tests if t.name == first.name)
    rerun = judge_case(
        relaxed, submission, prepare_checker(relaxed, sandbox, cache_dir), sandbox, case
    )
    if rerun.verdict is Verdict.TLE:
        return []
    return [
        f"{case.name}: finishes in {rerun.time_ms:.0f} ms under a {TLE_MARGIN:g}x limit: "
        f"it does not exceed {limits.time_ms} ms clearly"
    ]


def _time_limit_warnings(problem: Problem, checks: tuple[SolutionCheck, ...]) -> tuple[str, ...]:
    accepted = [c for c in checks if c.solution.expected is Verdict.AC and c.report.tests]
    if not accepted:
        return ("no accepted solution",)
    slowest = max(accepted, key=lambda c: c.report.max_time_ms)
    share = slowest.report.max_time_ms / problem.limits.time_ms
    if share > SAFE_TIME_SHARE:
        return (
            f"slowest accepted solution {slowest.solution.label} uses "
            f"{slowest.report.max_time_ms:.0f} ms = {share:.0%} of the time limit "
            f"(more than {SAFE_TIME_SHARE:.0%}: not safe on a noisy machine)",
        )
    return ()
