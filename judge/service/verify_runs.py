"""Verify runs: `judge verify` through the service's queue.

A setter starts a run; every bundled solution of the problem (the reference and each program in a
verdict folder, judge.setter.package_checks.find_solutions) becomes a submission of that setter,
marked with the run and the verdict its folder promises, and the workers judge it like any other, at
the problem's real limits. The run's document is `judge verify --json`'s entry for the problem
(judge.present.verify_report.verification_to_dict), built from the stored results with the same
rules (judge.setter.verify), plus what a run has that a local verify has not:

    "run": {"id", "user", "started_at", "pending": N, "complete": bool}
    each solution: "submission": its id; "status": queued | judging | done | failed

The checks of `judge verify` that need programs run on the server itself are left to it: the
validator on every test (and the bounds it reports), the answer validators, the self-tests
(invalid_input/ ...), and time_limit_exceeded/ solutions at twice the limit.
"""

from __future__ import annotations

from datetime import timezone

from sqlalchemy import select
from sqlalchemy.orm import Session

from judge.errors import JudgeError, ProblemError
from judge.languages.registry import UnknownLanguage, detect_language
from judge.setter.package_checks import BundledSolution
from judge.present.schema import ReportDocument
from judge.service import store
from judge.service.models import Priority, Status, Submission, User, VerifyRun, utcnow
from judge.problem.expectations import expectation_of, read_submissions_file
from judge.problem.spec import Problem
from judge.problem.testdata import discover_tests
from judge.verdicts.verdict import Verdict
from judge.setter.verify import (
    SolutionCheck,
    Verification,
    expectation_errors,
    solution_warnings,
    static_findings,
)
from judge.present.verify_report import verification_to_dict
from judge.setter.verify_scores import score_declared_in

MAX_LABEL = 128  # Submission.filename


def start_run(session: Session, problem: Problem, user: User) -> tuple[VerifyRun, list[store.Job]]:
    """Store a run and one queued submission per bundled solution; the caller sends the jobs
    once this transaction is committed."""
    solutions, _ = static_findings(problem, discover_tests(problem))
    sources = [(solution, _source(solution, problem)) for solution in solutions]
    run = VerifyRun(problem=problem.id, user_id=user.id, started_at=utcnow())
    session.add(run)
    session.flush()
    jobs = []
    for solution, (language, source) in sources:
        submission = store.create_submission(
            session,
            user,
            problem.id,
            language,
            solution.label[:MAX_LABEL],
            source,
            priority=Priority.VERIFY,
        )
        submission.verify_run_id = run.id
        submission.expected = solution.expected.value
        jobs.append(store.Job(submission.id, submission.attempt))
    return run, jobs


def _source(solution: BundledSolution, problem: Problem) -> tuple[str, bytes]:
    """The solution's language id (a .py file's: the problem's default Python) and source."""
    try:
        language = detect_language(solution.path, None, problem.language_preferences)
        return language.id, solution.path.read_bytes()
    except UnknownLanguage as exc:
        raise JudgeError(f"{solution.label}: {exc}") from None
    except OSError as exc:
        raise JudgeError(f"{solution.label}: cannot read {solution.path}: {exc.strerror}") from None


def latest_run(session: Session, problem_id: str) -> VerifyRun | None:
    return session.scalar(
        select(VerifyRun)
        .where(VerifyRun.problem == problem_id)
        .order_by(VerifyRun.id.desc())
        .limit(1)
    )


def run_document(session: Session, problem: Problem, run: VerifyRun) -> dict:
    """The run as `judge verify --json` shows a problem, with the run's own fields."""
    tests = discover_tests(problem)
    _, static = static_findings(problem, tests)
    submissions = list(
        session.scalars(
            select(Submission).where(Submission.verify_run_id == run.id).order_by(Submission.id)
        )
    )
    checks = {s.id: _check(s, problem) for s in submissions if s.status is Status.DONE}
    complete = all(s.status in (Status.DONE, Status.FAILED) for s in submissions)
    warnings = static.warnings
    if complete:
        warnings += solution_warnings(problem, tuple(checks.values()))
    verification = Verification(problem, tests, (), tuple(checks.values()), static.errors, warnings)
    document = verification_to_dict(verification)
    judged = iter(document["solutions"])
    entries = []
    for submission in submissions:
        entry = next(judged) if submission.id in checks else _unjudged(submission)
        entries.append({**entry, "submission": submission.id, "status": submission.status.value})
    pending = sum(1 for s in submissions if s.status in (Status.QUEUED, Status.JUDGING))
    return {
        **document,
        "ok": document["ok"] and complete and all(entry["ok"] for entry in entries),
        "solutions": entries,
        "run": {
            "id": run.id,
            "user": run.user.name,
            "started_at": run.started_at.replace(tzinfo=timezone.utc).isoformat(),
            "pending": pending,
            "complete": complete,
        },
    }


def _check(submission: Submission, problem: Problem) -> SolutionCheck:
    report = ReportDocument.model_validate(submission.result).to_report(problem.title)
    expected = Verdict(submission.expected)
    label = submission.filename
    # The score it declares as it was sent, not as the file on disk may read now.
    text = submission.source.decode("utf-8", errors="replace")
    declared = score_declared_in(text)
    path = problem.solutions / label
    # What submissions.yaml or the source's @EXPECTED_RESULTS@ declare, read as verify reads
    # it (the reference, which is no folder's, declares nothing).
    try:
        entries = read_submissions_file(problem.solutions)
        results = None if "/" not in label else expectation_of(label, path, entries, text)
    except ProblemError as exc:
        solution = BundledSolution(path, label, expected, declared)
        return SolutionCheck(solution, report, (str(exc),))
    solution = BundledSolution(path, label, expected, declared, results)
    return SolutionCheck(solution, report, tuple(expectation_errors(solution, report)))


def _unjudged(submission: Submission) -> dict:
    """A solution still in the queue (verdict None), or one the judge could not judge (JE)."""
    failed = submission.status is Status.FAILED
    return {
        "solution": submission.filename,
        "expected": submission.expected,
        "verdict": Verdict.JE.value if failed else None,
        "ok": False if failed else None,
        "max_time_ms": None,
        "max_memory_kb": None,
        "tests": {},
        "times_ms": {},
        "errors": [f"not judged: {submission.error}"] if failed else [],
    }
