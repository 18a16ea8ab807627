"""Rejudging as a set: judge chosen submissions again without touching their results, look
at old and new side by side, then apply (the new results become the submissions') or cancel
(nothing changes).

Each chosen submission is copied into a hidden submission (`rejudging_id` set) that the
workers claim, judge and report on exactly as any other, under Priority.REJUDGE: the worker
protocol and the store's attempt rules stay as they are, and the copy's result is stored on
the copy, never on the submission. Copies are never listed, never on a board, and readable
by the jury only. Applying copies each result onto its submission under a new attempt (so
that a late result of the old attempt is refused), which is when the scoreboard changes.

A submission is in at most one open rejudging: `rejudging_items.open_submission_id` is
unique and set while the rejudging is open, so the database itself refuses a second.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from judge.service.changes import Change, change_of
from judge.service.judgement_history import keep_judgement
from judge.service.models import (
    Priority,
    Rejudging,
    RejudgingItem,
    RejudgingState,
    Status,
    Submission,
    User,
    utcnow,
)
from judge.service.store import Job

MAX_SUBMISSIONS = 5000  # one rejudging; a larger set is several
RESULT_FIELDS = (
    "status", "verdict", "result", "score", "group_scores", "error", "judging_ms", "package",
    "worker", "started_at", "finished_at",
)
FINISHED = (Status.DONE, Status.FAILED)


class RejudgingRefused(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Selection:
    """Which submissions: all the filters at once; at least one is given."""

    contest: str | None = None
    problem: str | None = None
    verdict: str | None = None
    ids: tuple[int, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.contest or self.problem or self.verdict or self.ids)


@dataclass(frozen=True)
class ItemView:
    submission_id: int
    problem: str
    user: str
    team_id: str | None
    old_verdict: str | None  # when the rejudging was made
    current_verdict: str | None  # the submission's now (the new one, once applied)
    new_status: Status  # the copy's
    new_verdict: str | None

    @property
    def changed(self) -> bool:
        return self.new_status in FINISHED and self.new_verdict != self.old_verdict


@dataclass(frozen=True)
class RejudgingView:
    id: int
    user: str
    reason: str
    state: RejudgingState
    created_at: datetime
    closed_at: datetime | None
    items: tuple[ItemView, ...]

    @property
    def pending(self) -> int:
        return sum(item.new_status not in FINISHED for item in self.items)


def create_rejudging(
    session: Session, user: User, selection: Selection, reason: str = "",
    now: datetime | None = None,
) -> tuple[Rejudging, list[Job]]:
    """A new open rejudging of the selected finished submissions, and the jobs to send."""
    chosen = _select(session, selection)
    busy = session.execute(
        select(RejudgingItem.submission_id, RejudgingItem.rejudging_id).where(
            RejudgingItem.open_submission_id.in_([s.id for s in chosen])
        )
    ).all()
    if busy:
        named = ", ".join(f"{sid} (rejudging {rid})" for sid, rid in busy[:10])
        raise RejudgingRefused(
            409, f"already in an open rejudging: {named}; apply or cancel it first"
        )
    now = now or utcnow()
    rejudging = Rejudging(
        user_id=user.id, reason=reason.strip()[:255], state=RejudgingState.OPEN, created_at=now
    )
    session.add(rejudging)
    session.flush()
    # All copies in one statement, then all items (a ten-thousand-row rejudging would take
    # seconds row by row on PostgreSQL); the ids come back in the order the rows went in.
    copy_ids = session.scalars(
        insert(Submission).returning(Submission.id, sort_by_parameter_order=True),
        [
            {
                "user_id": submission.user_id, "problem": submission.problem,
                "language": submission.language, "filename": submission.filename,
                "source": submission.source, "status": Status.QUEUED, "attempt": 1,
                "submitted_at": submission.submitted_at, "queued_at": now,
                "priority": int(Priority.REJUDGE), "rejudging_id": rejudging.id,
                "practice": False,
            }
            for submission in chosen
        ],
    ).all()
    items = [
        {
            "rejudging_id": rejudging.id, "submission_id": submission.id, "copy_id": copy_id,
            "old_verdict": submission.verdict, "open_submission_id": submission.id,
        }
        for submission, copy_id in zip(chosen, copy_ids, strict=True)
    ]
    try:
        session.execute(insert(RejudgingItem), items)
    except IntegrityError:  # another rejudging took one of them since the check above
        raise RejudgingRefused(
            409, "another rejudging took some of these submissions just now; try again"
        ) from None
    jobs = [Job(copy_id, 1) for copy_id in copy_ids]
    return rejudging, jobs


def _select(session: Session, selection: Selection) -> list[Submission]:
    if selection.empty:
        raise RejudgingRefused(
            422, "choose the submissions: a contest, a problem, a verdict or their ids"
        )
    query = select(Submission).where(
        Submission.rejudging_id.is_(None), Submission.verify_run_id.is_(None)
    )
    if selection.contest is not None:
        query = query.where(Submission.contest_id == selection.contest)
    if selection.problem is not None:
        query = query.where(Submission.problem == selection.problem)
    if selection.verdict is not None:
        query = query.where(Submission.verdict == selection.verdict)
    if selection.ids:
        query = query.where(Submission.id.in_(selection.ids))
    found = list(session.scalars(query.order_by(Submission.id).limit(MAX_SUBMISSIONS + 1)))
    if len(found) > MAX_SUBMISSIONS:
        raise RejudgingRefused(422, f"more than {MAX_SUBMISSIONS} submissions: choose fewer")
    missing = sorted(set(selection.ids) - {s.id for s in found})
    if missing:
        raise RejudgingRefused(
            404, f"no such submission (or not matching the other filters): "
            f"{', '.join(map(str, missing[:10]))}"
        )
    unfinished = [s.id for s in found if s.status not in FINISHED]
    if unfinished:
        raise RejudgingRefused(
            409, f"still queued or being judged: {', '.join(map(str, unfinished[:10]))}; "
            "rejudge them once judged"
        )
    if not found:
        raise RejudgingRefused(422, "no submission matches")
    return found


def rejudging_view(session: Session, rejudging_id: int) -> RejudgingView | None:
    rejudging = session.get(Rejudging, rejudging_id)
    if rejudging is None:
        return None
    items = session.execute(
        select(RejudgingItem, Submission)
        .join(Submission, Submission.id == RejudgingItem.submission_id)
        .where(RejudgingItem.rejudging_id == rejudging_id)
        .order_by(RejudgingItem.submission_id)
    ).unique().all()
    copies = {
        c.id: c for c in session.scalars(
            select(Submission).where(Submission.rejudging_id == rejudging_id)
        ).unique()
    }
    views = []
    for item, submission in items:
        copy = copies[item.copy_id]
        views.append(ItemView(
            submission.id, submission.problem, submission.user.name, submission.team_id,
            item.old_verdict, submission.verdict, copy.status, copy.verdict,
        ))
    return RejudgingView(
        rejudging.id, rejudging.user.name if rejudging.user else "(removed)",
        rejudging.reason, rejudging.state,
        rejudging.created_at, rejudging.closed_at, tuple(views),
    )


def list_rejudgings(session: Session) -> list[Rejudging]:
    return list(session.scalars(select(Rejudging).order_by(Rejudging.id.desc())).unique())


def apply_rejudging(session: Session, rejudging_id: int) -> list[Change]:
    """The new results become the submissions' (each under a new attempt); the changes to
    publish. Refused while a copy is still judged, and once closed."""
    rejudging, items = _open(session, rejudging_id)
    copies = {item.copy_id: session.get(Submission, item.copy_id) for item in items}
    pending = [item.submission_id for item in items if copies[item.copy_id].status not in FINISHED]
    if pending:
        raise RejudgingRefused(
            409, f"rejudging {rejudging_id} is not finished: {len(pending)} submissions are "
            "still queued or being judged"
        )
    changes = []
    for item in items:
        submission = session.get(Submission, item.submission_id, with_for_update=True)
        copy = copies[item.copy_id]
        if submission.status not in FINISHED:
            raise RejudgingRefused(
                409, f"submission {submission.id} is being judged again on its own; "
                "apply once it is done"
            )
        keep_judgement(session, submission)  # the Contest API keeps every judgement
        submission.attempt += 1  # a late result of the old attempt is now refused
        for name in RESULT_FIELDS:
            setattr(submission, name, getattr(copy, name))
        submission.lease_until = None
        item.open_submission_id = None
        changes.append(change_of(submission))
    rejudging.state = RejudgingState.APPLIED
    rejudging.closed_at = utcnow()
    return changes


def cancel_rejudging(session: Session, rejudging_id: int) -> None:
    """Close it with nothing changed; copies not judged yet never are (a worker's result for
    one being judged is refused as no longer current, and the sweeper leaves it alone)."""
    rejudging, items = _open(session, rejudging_id)
    for item in items:
        copy = session.get(Submission, item.copy_id)
        if copy.status not in FINISHED:
            copy.status = Status.FAILED
            copy.error = f"rejudging {rejudging_id} was cancelled"
            copy.finished_at = utcnow()
            copy.lease_until = None
        item.open_submission_id = None
    rejudging.state = RejudgingState.CANCELLED
    rejudging.closed_at = utcnow()


def in_open_rejudging(session: Session, submission_id: int) -> int | None:
    return session.scalar(
        select(RejudgingItem.rejudging_id).where(RejudgingItem.open_submission_id == submission_id)
    )


def _open(session: Session, rejudging_id: int) -> tuple[Rejudging, list[RejudgingItem]]:
    rejudging = session.get(Rejudging, rejudging_id, with_for_update=True)
    if rejudging is None:
        raise RejudgingRefused(404, f"no rejudging {rejudging_id}")
    if rejudging.state is not RejudgingState.OPEN:
        raise RejudgingRefused(409, f"rejudging {rejudging_id} is {rejudging.state.value} already")
    items = list(session.scalars(
        select(RejudgingItem).where(RejudgingItem.rejudging_id == rejudging_id)
    ))
    return rejudging, items
