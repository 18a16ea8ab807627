"""A contest submission's judgements before its current one. The CLICS Contest API keeps every
judgement: a rejudge adds one (a new id) and the old stays, in the judgements endpoint and in
the event feed, whose readers (a resolver, a shadow CCS) must never see history rewritten. The
submission row holds only its current attempt, so an attempt's judgement is kept here just
before a new attempt replaces it: a rejudge of the submission or its problem, a rejudging
applied, a dead worker's attempt sent again.

judge.service.clics_record reads them back as judgements `<submission>-<attempt>`, listed before
the current one: a submission's current judgement is its last.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from judge.service.models import PastJudgement, Progress, Status, Submission, utcnow

CASE_FIELDS = ("name", "verdict", "wall_ms", "time_ms")


def keep_judgement(session: Session, submission: Submission, now: datetime | None = None) -> None:
    """Keep the submission's current attempt as a past judgement, if it is one: a contest's
    submission (not a rejudging's copy) that a worker started on. An attempt cut short (still
    judging, or failed) is a JE: the judge's side went wrong, and JE is not final."""
    if (submission.contest_id is None or submission.rejudging_id is not None
            or submission.started_at is None or submission.status is Status.QUEUED):
        return
    done = submission.status is Status.DONE
    if done and submission.result is not None:
        cases = list(submission.result.get("tests") or ())
    else:
        cases = list(session.scalars(
            select(Progress.case)
            .where(Progress.submission_id == submission.id,
                   Progress.attempt == submission.attempt)
            .order_by(Progress.position)))
    ended = submission.finished_at if submission.status in (Status.DONE, Status.FAILED) else None
    session.add(PastJudgement(
        submission_id=submission.id,
        attempt=submission.attempt,
        started_at=submission.started_at,
        finished_at=max(ended or now or utcnow(), submission.started_at),
        verdict=(submission.verdict or "JE") if done else "JE",
        score=submission.score if done else None,
        max_time_ms=(submission.result or {}).get("max_time_ms") if done else None,
        tests=[{name: case.get(name) for name in CASE_FIELDS} for case in cases],
    ))


def past_judgements(session: Session, contest_id: str,
                    only: Collection[int] | None = None) -> dict[int, list[PastJudgement]]:
    """submission id -> its past judgements, oldest first (of the submissions `only`, when
    given)."""
    where = [Submission.contest_id == contest_id]
    if only is not None:
        where.append(PastJudgement.submission_id.in_(list(only)))
    rows = session.scalars(
        select(PastJudgement)
        .join(Submission, Submission.id == PastJudgement.submission_id)
        .where(*where)
        .order_by(PastJudgement.submission_id, PastJudgement.attempt))
    found: dict[int, list[PastJudgement]] = {}
    for row in rows:
        found.setdefault(row.submission_id, []).append(row)
    return found
