"""The judging processes as the server knows them: what each last reported, and what it judges
now. Every process reports itself at start and every HEARTBEAT_SECONDS after; one not heard
from for LOST_AFTER_SECONDS is shown as lost (its job, if any, goes back to the queue when its
lease runs out)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from judge.service.models import Priority, Status, Submission, User, Worker, utcnow

HEARTBEAT_SECONDS = 10.0
LOST_AFTER_SECONDS = 3 * HEARTBEAT_SECONDS
FORGET_AFTER = timedelta(days=1)  # a process lost this long ago is no longer listed


@dataclass(frozen=True)
class WorkerView:
    name: str
    user: str
    host: str
    languages: tuple[str, ...]
    sandbox: str
    started_at: datetime
    last_seen: datetime
    alive: bool
    current: int | None  # the submission it judges now


@dataclass(frozen=True)
class QueueView:
    queued: dict[int, int]  # by priority
    judging: int
    workers: tuple[WorkerView, ...]

    @property
    def alive(self) -> int:
        return sum(1 for worker in self.workers if worker.alive)


def record_worker(
    session: Session, user: User, name: str, host: str, languages: list[str], sandbox: str
) -> None:
    now = utcnow()
    worker = session.scalar(select(Worker).where(Worker.name == name[:128]))
    if worker is None:
        worker = Worker(name=name[:128], user_id=user.id, started_at=now)
        session.add(worker)
    worker.host, worker.languages, worker.sandbox = host[:128], list(languages), sandbox[:128]
    worker.last_seen = now
    session.execute(delete(Worker).where(Worker.last_seen < now - FORGET_AFTER))


def queue_view(session: Session) -> QueueView:
    now = utcnow()
    counts = session.execute(
        select(Submission.status, Submission.priority, func.count(Submission.id))
        .where(Submission.status.in_((Status.QUEUED, Status.JUDGING)))
        .group_by(Submission.status, Submission.priority)
    )
    queued: dict[int, int] = {}
    judging = 0
    for status, priority, count in counts:
        if status is Status.QUEUED:
            queued[priority] = queued.get(priority, 0) + count
        else:
            judging += count
    current = dict(
        session.execute(
            select(Submission.worker, Submission.id).where(Submission.status == Status.JUDGING)
        ).all()
    )
    rows = session.execute(
        select(Worker, User.name).join(User, Worker.user_id == User.id).order_by(Worker.name)
    )
    lost_before = now - timedelta(seconds=LOST_AFTER_SECONDS)
    workers = tuple(
        WorkerView(
            name=worker.name,
            user=user_name,
            host=worker.host,
            languages=tuple(worker.languages),
            sandbox=worker.sandbox,
            started_at=worker.started_at,
            last_seen=worker.last_seen,
            alive=worker.last_seen >= lost_before,
            current=current.get(worker.name),
        )
        for worker, user_name in rows
    )
    return QueueView(queued=queued, judging=judging, workers=workers)


def priority_name(level: int) -> str:
    try:
        return Priority(level).name.lower()
    except ValueError:
        return str(level)
