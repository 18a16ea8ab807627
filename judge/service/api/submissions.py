"""Submissions: submit, read, list, rejudge. Stored first, then queued; never half-stored."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from judge.present.schema import CaseDocument
from judge.service import store
from judge.service.api.deps import Services, current_user, db_session, require_role, services
from judge.service.api.contest_entry import contest_entry
from judge.service.api.errors import ApiError
from judge.service.api.intake import NewSubmission, SubmissionRequest, read_submission
from judge.service.documents import (
    SubmissionDocument,
    SubmissionPage,
    SubmissionSummary,
    may_read,
    submission_document,
    submission_summary,
    visible,
)
from judge.service.changes import change_of
from judge.service.models import Priority, Role, Status, Submission, User
from judge.service.rejudgings import in_open_rejudging
from judge.service.store import Job
from judge.verdicts.verdict import Verdict

router = APIRouter(prefix="/api", tags=["submissions"])
MAX_PAGE = 200
MAX_ID = 2**63 - 1  # the largest id SQLite and PostgreSQL store
MAX_OFFSET = 2**31  # further than any list goes
VERDICT_PATTERN = "^(" + "|".join(verdict.value for verdict in Verdict) + ")$"


class Accepted(BaseModel):
    id: int
    status: str
    attempt: int
    url: str


@router.post(
    "/submissions",
    status_code=202,
    response_model=Accepted,
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {"schema": SubmissionRequest.model_json_schema()},
                "multipart/form-data": {
                    "schema": {
                        "type": "object",
                        "required": ["problem"],
                        "properties": {
                            "problem": {"type": "string"},
                            "language": {"type": "string"},
                            "source": {"type": "string"},
                            "file": {"type": "string", "format": "binary"},
                            "contest": {"type": "string"},
                        },
                    }
                },
            },
        }
    },
)
async def submit(
    request: Request,
    user: User = Depends(current_user),
    parts: Services = Depends(services),
) -> Accepted:
    """Submit a program: stored `queued` at once, then judged; poll it or follow its events."""
    check_may_submit(user)  # before the body is read
    new = await read_submission(request, parts.settings.source_limit)
    # Off the event loop: storing waits for the database's write lock, and every other
    # request and event stream of the server would wait with it.
    job = await run_in_threadpool(accept_submission, parts, user, new)
    return accepted(job)


def accept_submission(parts: Services, user: User, new: NewSubmission) -> Job:
    """Store a checked submission and queue it (the API and the pages' form both come here)."""
    check_may_submit(user)
    # 404 before anything is stored. A submission to a contest is refused before the team's
    # window (contest_entry), and within it the problem is the team's to see.
    problem = (parts.problem(new.problem) if new.contest is not None
               else parts.problem_for(user, new.problem))
    language = new.for_problem(problem.language_preferences)
    settings = parts.settings
    with parts.database.writing() as session:
        if user.role is not Role.ADMIN:
            count = store.recent_submission_count(session, user, settings.rate_window_seconds)
            if count >= settings.rate_limit:
                raise ApiError(
                    429,
                    f"rate limit: {settings.rate_limit} submissions per "
                    f"{settings.rate_window_seconds:.0f} s",
                    {"Retry-After": str(int(settings.rate_window_seconds))},
                )
        now = parts.clock()
        entry = None
        if new.contest is not None:
            entry = contest_entry(session, new.contest, user, new.problem, now)
        submission = store.create_submission(
            session, user, new.problem, language.id, new.filename, new.source,
            contest=entry, now=now,
        )
        job = store.Job(submission.id, submission.attempt)
        change = change_of(submission)
    # After the commit: a job never names a submission that is not stored.
    parts.changes.publish(change)
    parts.sender.send(job)
    parts.metrics.submissions.labels(new.language.id).inc()
    if entry is not None:
        parts.feed_changed(entry.contest_id, entry.team_id, (change.submission_id,))
    return job


def check_may_submit(user: User) -> None:
    if user.role is Role.WORKER:
        raise ApiError(403, "workers do not submit")


def accepted(job: Job) -> Accepted:
    return Accepted(
        id=job.submission_id,
        status=Status.QUEUED.value,
        attempt=job.attempt,
        url=f"/api/submissions/{job.submission_id}",
    )


@router.get("/submissions/{submission_id}", response_model=SubmissionDocument)
def get_submission(
    submission_id: int,
    user: User = Depends(current_user),
    session: Session = Depends(db_session),
    parts: Services = Depends(services),
) -> SubmissionDocument:
    """The submission's document: the `judge submit --json` result plus id, user, status and
    times. While it is judged, `tests` holds the tests finished so far."""
    submission = readable_submission(session, submission_id, user)
    return visible(document_now(session, submission), user, parts.labels(submission.problem))


@router.get("/submissions", response_model=SubmissionPage)
def list_submissions(
    problem: str | None = None,
    user_name: str | None = Query(None, alias="user"),
    verdict: str | None = Query(None, pattern=VERDICT_PATTERN),
    status: Status | None = None,
    offset: int = Query(0, ge=0, le=MAX_OFFSET),
    limit: int = Query(50, ge=1, le=MAX_PAGE),
    user: User = Depends(current_user),
    session: Session = Depends(db_session),
    parts: Services = Depends(services),
) -> SubmissionPage:
    """Newest first. Contestants list their own submissions only."""
    where = listing_filter(user, problem, user_name, verdict, status)
    rows, total = store.list_submissions(session, where, offset, limit)
    items = tuple(
        visible(submission_document(row), user, parts.labels(row.problem)) for row in rows
    )
    return SubmissionPage(items=items, total=total, offset=offset, limit=limit)


def submission_summaries(
    session: Session, where: store.SubmissionFilter, offset: int, limit: int
) -> tuple[list[SubmissionSummary], int]:
    """A page of a submission list as its lines (the pages' lists and their event stream)."""
    rows, total = store.list_submissions(session, where, offset, limit)
    judged = store.progress_counts(session, rows)
    return [submission_summary(row, judged.get(row.id, 0)) for row in rows], total


def listing_filter(
    viewer: User,
    problem: str | None = None,
    user_name: str | None = None,
    verdict: str | None = None,
    status: Status | None = None,
) -> store.SubmissionFilter:
    """What `viewer` asks to list, within what it may see: a contestant its own only (asking
    for another user's is 403)."""
    if not viewer.role.sees_everything:
        if user_name not in (None, viewer.name):
            raise ApiError(403, "contestants see their own submissions only")
        user_name = viewer.name
    return store.SubmissionFilter(problem=problem, user=user_name, verdict=verdict, status=status)


@router.post("/submissions/{submission_id}/rejudge", status_code=202, response_model=Accepted)
def rejudge_submission(
    submission_id: int,
    user: User = Depends(require_role(Role.ADMIN)),
    parts: Services = Depends(services),
) -> Accepted:
    """Judge again under a new attempt (admin); a result of the old attempt is then ignored."""
    return accepted(rejudge(parts, submission_id))


def rejudge(parts: Services, submission_id: int) -> Job:
    with parts.database.writing() as session:
        submission = existing_submission(session, submission_id)
        open_rejudging = in_open_rejudging(session, submission_id)
        if open_rejudging is not None:
            raise ApiError(
                409, f"submission {submission_id} is in open rejudging {open_rejudging}: "
                "apply or cancel that first"
            )
        job = store.requeue(session, submission, priority=Priority.REJUDGE)
        change = change_of(submission)
        contest = submission.contest_id, submission.team_id
    parts.changes.publish(change)
    parts.sender.send(job)
    if contest[0] is not None:  # a new judgement will come, after the old one
        parts.feed_changed(*contest, submissions=(change.submission_id,))
    return job


def existing_submission(session: Session, submission_id: int) -> Submission:
    """The submission, or 404 (also for ids no database could hold)."""
    submission = None
    if 0 < submission_id <= MAX_ID:
        submission = session.get(Submission, submission_id)
    if submission is None:
        raise ApiError(404, f"no submission {submission_id}")
    return submission


def readable_submission(session: Session, submission_id: int, user: User) -> Submission:
    """The submission if `user` may read it; another user's is as unknown as one that does
    not exist (404), so that ids tell a contestant nothing of others' submissions."""
    submission = existing_submission(session, submission_id)
    hidden_copy = submission.rejudging_id is not None and not user.role.sees_everything
    if hidden_copy or not may_read(user, submission):
        raise ApiError(404, f"no submission {submission_id}")
    return submission


def document_now(session: Session, submission: Submission) -> SubmissionDocument:
    progress = ()
    if submission.status is Status.JUDGING:
        progress = tuple(
            CaseDocument.model_validate(case) for case in store.progress_cases(session, submission)
        )
    return submission_document(submission, progress)
