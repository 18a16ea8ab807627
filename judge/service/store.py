"""What happens to a submission, each step one database transaction's worth of work.

The lifecycle: stored `queued` (before anything is sent to the queue) -> claimed `judging` by one
worker for one attempt, under a lease that each reported test renews -> `done` with exactly one
result, or `failed` with a reason. Every step names the attempt, so a job that was delivered twice,
or a worker that comes back after its lease ran out, changes nothing.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import and_, case as when, delete, func, or_, select, update
from sqlalchemy.orm import Session

from judge.service import scheduling
from judge.service.changes import Change, change_of
from judge.service.contests import ContestEntry
from judge.service.judgement_history import keep_judgement
from judge.service.models import Priority, Progress, Status, Submission, User, utcnow
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
    # Submissions of one verify run; None: every submission outside verify runs.
    verify_run: int | None = None


@dataclass(frozen=True)
class ProblemCounts:
    accepted: int  # users with an accepted submission
    attempted: int  # users with any submission


def create_submission(
    session: Session,
    user: User,
    problem: str,
    language: str,
    filename: str,
    source: bytes,
    priority: Priority = Priority.PRACTICE,
    contest: ContestEntry | None = None,
    now: datetime | None = None,
) -> Submission:
    """A new queued submission; to a contest (`contest`), with the contest's priority.
    `now`: when it came (the service's clock), else the current time."""
    now = now or utcnow()
    if contest is not None:
        priority = contest.priority
    submission = Submission(
        priority=int(priority),
        contest_id=contest.contest_id if contest else None,
        team_id=contest.team_id if contest else None,
        practice=contest.practice if contest else False,
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
        Submission.user_id == user.id,
        Submission.submitted_at >= since,
        Submission.verify_run_id.is_(None),
        Submission.rejudging_id.is_(None),
    )
    return session.scalar(query) or 0


def claim_next(
    session: Session,
    worker: str,
    lease_seconds: float,
    languages: list[str],
    package_of: Callable[[Submission], str | None],
) -> Submission | None:
    """Mark the next queued submission (judge.service.scheduling decides which) `judging`
    for `worker`, under a lease; None when nothing is queued in `languages`.

    `package_of(submission)` is the sha256 of the package to judge it with, or None when its
    problem cannot be loaded any more: that submission is `failed` and the next one taken."""
    while True:
        candidates = scheduling.next_candidates(session, languages)
        if not candidates:
            return None
        for submission_id in candidates:
            submission = session.get(Submission, submission_id)
            if submission is None or submission.status is not Status.QUEUED:
                continue
            package = package_of(submission)
            if package is None:
                continue  # failed by package_of
            now = utcnow()
            values = {
                "worker": worker[:128],
                "started_at": now,
                "lease_until": now + timedelta(seconds=lease_seconds),
                "package": package,
            }
            if scheduling.take(session, submission_id, values):
                # A new holder of the attempt starts its progress afresh.
                session.execute(
                    delete(Progress).where(
                        Progress.submission_id == submission_id,
                        Progress.attempt == submission.attempt,
                    )
                )
                return session.get(Submission, submission_id, populate_existing=True)


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
            score=result.get("score") if result else None,
            group_scores=_group_scores(result),
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


def _group_scores(result: dict | None) -> list | None:
    """A scored result's points per group, in the problem's order (None: pass-fail)."""
    if not result or result.get("score") is None:
        return None
    return [group.get("score") or 0.0 for group in result.get("groups") or ()]


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


def requeue(
    session: Session,
    submission: Submission,
    now: datetime | None = None,
    priority: Priority | None = None,
) -> Job:
    """A new attempt for `submission`: back to queued, result cleared (a rejudge, with its
    own `priority`; a dead worker, keeping the submission's)."""
    if priority is not None:
        submission.priority = int(priority)
    keep_judgement(session, submission, now)  # the Contest API keeps every judgement
    submission.attempt += 1
    submission.status = Status.QUEUED
    submission.result = None
    submission.verdict = None
    submission.score = None
    submission.group_scores = None
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
) -> tuple[list[Job], list[Change]]:
    """The safety net, run periodically and at start: the jobs to send (again).

    - judging with a lease that ran out (the worker died or hangs): a new attempt, or `failed`
      after `max_attempts`; with `all_judging` (at the start of an embedded judge, which held
      every lease itself) every judging submission is treated so;
    - queued and sent long ago (the broker may have lost the message), or with `all_queued`
      every queued one: the same job again.

    Also the changes to publish: the submissions that went back to the queue or failed.
    """
    now = utcnow()
    jobs, changed = [], []
    expired = Submission.status == Status.JUDGING
    if not all_judging:
        expired = expired & (Submission.lease_until < now)
    for submission in session.scalars(
        select(Submission).where(expired).with_for_update(of=Submission)
    ):
        changed.append(change_of(submission))
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
    return jobs, changed


def list_submissions(
    session: Session, where: SubmissionFilter, offset: int, limit: int
) -> tuple[list[Submission], int]:
    """Newest first, with the total count for paging."""
    # A rejudging's copies are read through their rejudging only (judge.service.rejudgings).
    query = select(Submission).where(
        Submission.verify_run_id.is_(where.verify_run), Submission.rejudging_id.is_(None)
    )
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


def progress_counts(session: Session, submissions: list[Submission]) -> dict[int, int]:
    """How many tests the current attempt of each judging submission has finished."""
    judging = [s for s in submissions if s.status is Status.JUDGING]
    if not judging:
        return {}
    current = or_(
        *(and_(Progress.submission_id == s.id, Progress.attempt == s.attempt) for s in judging)
    )
    rows = session.execute(
        select(Progress.submission_id, func.count(Progress.id))
        .where(current)
        .group_by(Progress.submission_id)
    )
    return {submission_id: count for submission_id, count in rows}


def problem_counts(session: Session) -> dict[str, ProblemCounts]:
    """Per problem: how many users solved it and how many tried (verify runs do not count)."""
    solved = when((Submission.verdict == "AC", Submission.user_id))
    rows = session.execute(
        select(
            Submission.problem,
            func.count(func.distinct(solved)),
            func.count(func.distinct(Submission.user_id)),
        )
        .where(Submission.verify_run_id.is_(None), Submission.rejudging_id.is_(None))
        .group_by(Submission.problem)
    )
    return {problem: ProblemCounts(accepted, attempted) for problem, accepted, attempted in rows}
