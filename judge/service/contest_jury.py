"""Where a contest stands (scheduled, running, frozen, over, final) and the jury's two acts on
its board: the thaw (the public sees what the freeze hid) and the finalization (the results are
official; nothing changes on the board any more). `judge contest thaw|finalize` and the contest
page's admin forms both come here."""

from __future__ import annotations

import enum
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.contest import model
from judge.errors import JudgeError
from judge.service.models import Contest, Status, Submission
from judge.verdicts.verdict import Verdict


class State(enum.Enum):
    SCHEDULED = "scheduled"  # not started (or not scheduled at all)
    RUNNING = "running"
    FROZEN = "frozen"  # running, the public board frozen
    OVER = "over"  # ended, not finalized yet
    FINAL = "final"  # finalized: the results are official


def state_of(contest: model.Contest, finalized_at: datetime | None, now: datetime) -> State:
    """`now` and the contest's times aware UTC."""
    if finalized_at is not None:
        return State.FINAL
    if contest.start_time is None or now < contest.start_time:
        return State.SCHEDULED
    if now >= contest.end_time:
        return State.OVER
    freeze = contest.freeze_time
    return State.FROZEN if freeze is not None and now >= freeze else State.RUNNING


def thaw(session: Session, contest_id: str, now: datetime) -> datetime:
    """Show the public board unfrozen from `now` (naive UTC) on; when it was thawed."""
    row = _contest(session, contest_id)
    if row.thawed_at is not None:
        raise JudgeError(f"contest {contest_id!r} was thawed already, at {_utc(row.thawed_at)}")
    if row.freeze_ms is None:
        raise JudgeError(f"contest {contest_id!r} has no freeze: its board is never frozen")
    row.thawed_at = now
    return now


def finalize(session: Session, contest_id: str, now: datetime) -> datetime:
    """Make the results official: only once the contest is over and nothing of it is pending
    (queued, judging, failed, or a judge error), since the board would still change."""
    row = _contest(session, contest_id)
    if row.finalized_at is not None:
        raise JudgeError(f"contest {contest_id!r} was finalized already, at "
                         f"{_utc(row.finalized_at)}")
    if row.start_time is None:
        raise JudgeError(f"contest {contest_id!r} is not scheduled: it cannot be finalized")
    end = row.start_time + timedelta(milliseconds=row.duration_ms)
    if now < end:
        raise JudgeError(f"contest {contest_id!r} ends at {_utc(end)}: it can be finalized "
                         "only after its end")
    pending = pending_count(session, contest_id)
    if pending:
        raise JudgeError(f"contest {contest_id!r} has {pending} submission(s) not judged yet "
                         "(queued, judging, failed or a judge error): judge or rejudge them, "
                         "then finalize")
    row.finalized_at = now
    return now


def pending_count(session: Session, contest_id: str) -> int:
    """The contest's official submissions whose verdict the board still waits for."""
    waiting = (Submission.status != Status.DONE) | (Submission.verdict.is_(None)) | (
        Submission.verdict == Verdict.JE.value)
    return session.scalar(
        select(func.count()).select_from(Submission)
        .where(Submission.contest_id == contest_id, Submission.practice.is_(False), waiting)
    ) or 0


def _contest(session: Session, contest_id: str) -> Contest:
    row = session.get(Contest, contest_id, with_for_update=True)
    if row is None:
        raise JudgeError(f"no contest {contest_id!r}")
    return row


def _utc(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC")
