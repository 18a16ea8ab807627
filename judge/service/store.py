"""What happens to a submission, each step one database transaction's worth of work.

The lifecycle: stored `queued` (before anything is sent to the queue) -> claimed `judging` by one
worker for one attempt, under a lease that each reported test renews -> `done` with exactly one
result, or `failed` with a reason. Every step names the attempt, so a job that was delivered twice,
or a worker that comes back after its lease ran out, changes nothing.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from judge.service.models import Progress, Status, Submission, User, utcnow
from judge.service.settings import QueueSettings


@dataclass(frozen=True)
class Job:
    """What travels on the queue: a submission id and the attempt the job is for."""

    submission_id: int
    attempt: int


class Finish(enum.Enum):
    STORED = "stored"
    ALREADY_STORED = "already stored"  # the same attempt's result came twice: kept the first
    SUPERSEDED = "superseded"  # the attempt is no longer current (rejudged or re-queued)


@dataclass(frozen=True)
class SubmissionFilter:
    problem: str | None = None
    user: str | None = None
    verdict: str | None = None
    status: Status | None = None


def create_submission(
    session: Session, user: User, problem: str, language: str, filename: str, source: bytes
) -> Submission:
    now = utcnow()
    submission = Submission(
        user_id=user.id,
        problem=problem,
        language=language,
        filename=filename,
        source=source,
        status=Status.QUEUED,
        attempt=1,
        submitted_at=now,
        queued_at=now,
    )
    session.add(submission)
    session.flush()  # assigns the id
    return submission


def recent_submission_count(session: Session, user: User, window_seconds: float) -> int:
    since = utcnow() - timedelta(seconds=window_seconds)
    query = select(func.count(Submission.id)).where(
        Submission.user_id == user.id, Submission.submitted_at >= since
    )
    return session.scalar(query) or 0


def claim(
    session: Session, job: Job, worker: str, lease_seconds: float, package: str
) -> Submission | None:
    """Mark the submission `judging` for this job, if the job is still wanted: its attempt is
    current and it is queued, or judging under a lease that ran out. One UPDATE decides."""
    now = utcnow()
    claimed = session.execute(
        update(Submission)
        .where(
            Submission.id == job.submission_id,
            Submission.attempt == job.attempt,
            (Submission.status == Status.QUEUED)
            | ((Submission.status == Status.JUDGING) & (Submission.lease_until < now)),
        )
        .values(
            status=Status.JUDGING,
            worker=worker[:128],
            started_at=now,
            lease_until=now + timedelta(seconds=lease_seconds),
            package=package,
        )
        .execution_options(synchronize_session=False)
    )
    if claimed.rowcount != 1:
        return None
    # A new holder of the attempt starts its progress afresh.
    session.execute(
        delete(Progress).where(
            Progress.submission_id == job.submission_id, Progress.attempt == job.attempt
        )
    )
    return session.get(Submission, job.submission_id, populate_existing=True)


def record_progress(
    session: Session, job: Job, cases: list[tuple[int, dict]], lease_seconds: float
) -> bool:
    """Store finished tests (position, case document) and renew the lease; False if the job
    no longer holds the submission."""
    now = utcnow()
    renewed = session.execute(
        update(Submission)
        .where(
            Submission.id == job.submission_id,
            Submission.attempt == job.attempt,
            Submission.status == Status.JUDGING,
        )
        .values(lease_until=now + timedelta(seconds=lease_seconds))
        .execution_options(synchronize_session=False)
    )
    if renewed.rowcount != 1:
        return False
    known = set(
        session.scalars(
            select(Progress.position).where(
                Progress.submission_id == job.submission_id, Progress.attempt == job.attempt
            )
        )
    )
    for position, case in cases:
        if position not in known:
            session.add(
                Progress(
                    submission_id=job.submission_id,
                    attempt=job.attempt,
                    position=position,
                    case=case,
                )
            )
            known.add(position)
    return True


def finish(
    session: Session,
    job: Job,
    result: dict | None,
    verdict: str | None,
    error: str = "",
    judging_ms: float | None = None,
):
    """Store the attempt's result (status done), or its failure (status failed) when `result`
    is None. Only the current attempt, while judging, can finish; a repeat is recognised."""
    status = Status.DONE if result is not None else Status.FAILED
    stored = session.execute(
        update(Submission)
        .where(
            Submission.id == job.submission_id,
            Submission.attempt == job.attempt,
            Submission.status == Status.JUDGING,
        )
        .values(
            status=status,
            result=result,
            verdict=verdict,
            error=error or None,
            judging_ms=judging_ms,
            finished_at=utcnow(),
            lease_until=None,
        )
        .execution_options(synchronize_session=False)
    )
    if stored.rowcount == 1:
        return Finish.STORED
    current = session.get(Submission, job.submission_id)
    if (
        current is not None
        and current.attempt == job.attempt
        and current.status in (Status.DONE, Status.FAILED)
    ):
        return Finish.ALREADY_STORED
    return Finish.SUPERSEDED


def fail_unclaimed(session: Session, job: Job, error: str) -> bool:
    """Give up on a queued job before anyone judges it (its problem can no longer be loaded)."""
    failed = session.execute(
        update(Submission)
        .where(
            Submission.id == job.submission_id,
            Submission.attempt == job.attempt,
            Submission.status == Status.QUEUED,
        )
        .values(status=Status.FAILED, error=error, finished_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    return failed.rowcount == 1


def requeue(session: Session, submission: Submission, now: datetime | None = None) -> Job:
    """A new attempt for `submission`: back to queued, result cleared (rejudge, dead worker)."""
    submission.attempt += 1
    submission.status = Status.QUEUED
    submission.result = None
    submission.verdict = None
    submission.error = None
    submission.judging_ms = None
    submission.worker = None
    submission.started_at = None
    submission.finished_at = None
    submission.lease_until = None
    submission.queued_at = now or utcnow()
    return Job(submission.id, submission.attempt)


def jobs_to_resend(
    session: Session, queue: QueueSettings, *, all_queued: bool = False, all_judging: bool = False
) -> list[Job]:
    """The safety net, run periodically and at start: the jobs to send (again).

    - judging with a lease that ran out (the worker died or hangs): a new attempt, or `failed`
      after `max_attempts`; with `all_judging` (at the start of an embedded judge, which held
      every lease itself) every judging submission is treated so;
    - queued and sent long ago (the broker may have lost the message), or with `all_queued`
      every queued one: the same job again.
    """
    now = utcnow()
    jobs = []
    expired = Submission.status == Status.JUDGING
    if not all_judging:
        expired = expired & (Submission.lease_until < now)
    for submission in session.scalars(
        select(Submission).where(expired).with_for_update(of=Submission)
    ):
        if submission.attempt >= queue.max_attempts:
            submission.status = Status.FAILED
            submission.error = f"judging was interrupted {submission.attempt} times; giving up"
            submission.finished_at = now
            submission.lease_until = None
        else:
            jobs.append(requeue(session, submission, now))
    stale = Submission.status == Status.QUEUED
    if not all_queued:
        stale = stale & (Submission.queued_at < now - timedelta(seconds=queue.resend_after_seconds))
    for submission in session.scalars(
        select(Submission).where(stale).with_for_update(of=Submission)
    ):
        if not any(job.submission_id == submission.id for job in jobs):
            submission.queued_at = now
            jobs.append(Job(submission.id, submission.attempt))
    return jobs


def list_submissions(
    session: Session, where: SubmissionFilter, offset: int, limit: int
) -> tuple[list[Submission], int]:
    """Newest first, with the total count for paging."""
    query = select(Submission)
    if where.problem is not None:
        query = query.where(Submission.problem == where.problem)
    if where.user is not None:
        query = query.join(User, Submission.user_id == User.id).where(User.name == where.user)
    if where.verdict is not None:
        query = query.where(Submission.verdict == where.verdict)
    if where.status is not None:
        query = query.where(Submission.status == where.status)
    total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
    rows = session.scalars(query.order_by(Submission.id.desc()).offset(offset).limit(limit))
    return list(rows.unique()), total


def progress_cases(session: Session, submission: Submission, after: int = -1) -> list[dict]:
    """The tests the current attempt has finished so far, past position `after`."""
    rows = session.scalars(
        select(Progress)
        .where(
            Progress.submission_id == submission.id,
            Progress.attempt == submission.attempt,
            Progress.position > after,
        )
        .order_by(Progress.position)
    )
    return [row.case for row in rows]
