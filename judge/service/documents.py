"""What the API returns: the result document of `judge submit --json` plus id, user, status and
times, and the one place that decides what of it a viewer may see."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from typing import Literal

from pydantic import BaseModel, ConfigDict

from judge.present.schema import (
    CaseDocument,
    LimitsDocument,
    ReportDocument,
    SandboxDocument,
    VerdictName,
)
from judge.problem.testdata import TestCase
from judge.service.models import Status, Submission, User

SAMPLE_GROUP = "samples"  # tests of this group are shown in full to everyone
HIDDEN_NAME = "hidden test"  # a hidden test no longer in the problem
# What a contestant sees of a hidden test: how it went, never what it was or what it printed.
HIDDEN_CASE_FIELDS = frozenset(
    {"name", "group", "verdict", "time_ms", "wall_ms", "memory_kb", "memory_gross_kb"}
    | {"exit_code", "signal", "reruns"}
)
# Messages the judge writes from the limits alone; any other message may quote data.
LIMIT_VERDICTS = frozenset({"TLE", "MLE", "OLE"})

StatusName = Literal["queued", "judging", "done", "failed"]


class SubmissionDocument(ReportDocument):
    """A submission: the report document (partial until done) with the service's fields."""

    id: int
    user: str
    status: StatusName
    attempt: int
    submitted_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    error: str | None  # why the judge could not judge it (status failed)
    judging_ms: float | None  # how long the runner took on the worker (the rest is the service's)
    # A submission to a contest: the contest, the team it counts for, and whether it came after
    # the team's window (practice: judged, off the official board).
    contest: str | None = None
    team: str | None = None
    practice: bool = False
    # Until the submission is judged, its report is not complete:
    verdict: VerdictName | None  # type: ignore[assignment]
    limits: LimitsDocument | None  # type: ignore[assignment]
    baseline_kb: int | None  # type: ignore[assignment]
    max_time_ms: float | None  # type: ignore[assignment]
    max_memory_kb: int | None  # type: ignore[assignment]
    sandbox: SandboxDocument | None  # type: ignore[assignment]
    total_tests: int | None  # type: ignore[assignment]
    skipped_tests: int | None  # type: ignore[assignment]


class SubmissionPage(BaseModel):
    model_config = ConfigDict(frozen=True)

    items: tuple[SubmissionDocument, ...]
    total: int
    offset: int
    limit: int


class SubmissionSummary(BaseModel):
    """One line of a submission list: how it stands, nothing of its tests' data."""

    model_config = ConfigDict(frozen=True)

    id: int
    user: str
    problem: str
    language: str
    solution: str  # the file name, a label
    status: StatusName
    attempt: int
    verdict: VerdictName | None
    submitted_at: datetime
    max_time_ms: float | None
    max_memory_kb: int | None
    tests_judged: int  # so far, while judging
    score: float | None = None  # scored problems, once done
    max_score: float | None = None


def submission_summary(submission: Submission, judged_so_far: int = 0) -> SubmissionSummary:
    result = submission.result if submission.status is Status.DONE else None
    return SubmissionSummary(
        id=submission.id,
        user=submission.user.name,
        problem=submission.problem,
        language=submission.language,
        solution=submission.filename,
        status=submission.status.value,
        attempt=submission.attempt,
        verdict=submission.verdict if result is not None else None,
        submitted_at=_utc(submission.submitted_at),
        max_time_ms=result["max_time_ms"] if result else None,
        max_memory_kb=result["max_memory_kb"] if result else None,
        tests_judged=len(result["tests"]) if result else judged_so_far,
        score=result.get("score") if result else None,
        max_score=result.get("max_score") if result else None,
    )


def submission_document(
    submission: Submission, progress: tuple[CaseDocument, ...] = ()
) -> SubmissionDocument:
    """The full document; `progress` are the tests finished so far while it is judged."""
    service = {
        "id": submission.id,
        "user": submission.user.name,
        "status": submission.status.value,
        "attempt": submission.attempt,
        "submitted_at": _utc(submission.submitted_at),
        "started_at": _utc(submission.started_at),
        "finished_at": _utc(submission.finished_at),
        "error": submission.error,
        "judging_ms": submission.judging_ms,
        "contest": submission.contest_id,
        "team": submission.team_id,
        "practice": submission.practice,
    }
    if submission.status is Status.DONE and submission.result is not None:
        report = ReportDocument.model_validate(submission.result)
        return SubmissionDocument.model_validate({**dict(report), **service})
    return SubmissionDocument(
        **service,
        problem=submission.problem,
        solution=submission.filename,
        language=submission.language,
        verdict=None,
        limits=None,
        baseline_kb=None,
        max_time_ms=None,
        max_memory_kb=None,
        compile_message=None,
        sandbox=None,
        total_tests=None,
        skipped_tests=None,
        skipped=(),
        tests=progress,
    )


def hidden_labels(tests: Sequence[TestCase]) -> dict[str, str]:
    """What a contestant calls each hidden test: its place among the problem's tests in
    judging order ("test7"), never its name (names such as "hand-03-disconnected" tell what
    the test is)."""
    return {
        case.name: f"test{place}"
        for place, case in enumerate(tests, 1)
        if case.group != SAMPLE_GROUP
    }


def visible(
    document: SubmissionDocument, viewer: User, labels: Mapping[str, str]
) -> SubmissionDocument:
    """The document as `viewer` may see it: setters and admins see all; a contestant sees the
    samples in full and, of every other test, its label (`labels`, from hidden_labels), the
    verdict, time and memory only."""
    if viewer.role.sees_everything:
        return document
    groups = tuple(
        group.model_copy(update={"skipped": relabel(group.skipped, labels)})
        for group in document.groups
    )
    return document.model_copy(
        update={
            "tests": tuple(visible_case(case, labels) for case in document.tests),
            "skipped": tuple(labels.get(name, name) for name in document.skipped),
            "groups": groups,
        }
    )


def visible_case(case: CaseDocument, labels: Mapping[str, str]) -> CaseDocument:
    """A test as a contestant sees it (a sample in full)."""
    if case.group == SAMPLE_GROUP:
        return case
    hidden = {name: None for name in CaseDocument.model_fields if name not in HIDDEN_CASE_FIELDS}
    hidden["message"] = case.message if case.verdict in LIMIT_VERDICTS else ""
    hidden["name"] = labels.get(case.name, HIDDEN_NAME)
    return case.model_copy(update=hidden)


def relabel(text: str | None, labels: Mapping[str, str]) -> str | None:
    """`text` (why a group's tests were not judged) with hidden tests' names as labels."""
    if not text:
        return text
    for name, label in labels.items():
        if name in text:
            # "after test hand-02" reads "after test3", not "after test test3"
            text = re.sub(rf"(?:\btest )?(?<![\w-]){re.escape(name)}(?![\w-])", label, text)
    return text


def may_read(viewer: User, submission: Submission) -> bool:
    return viewer.role.sees_everything or submission.user_id == viewer.id


def _utc(moment: datetime | None) -> datetime | None:
    return None if moment is None else moment.replace(tzinfo=timezone.utc)
