"""A contest's CLICS event feed, kept in the database (contest_events), one log per view: "jury"
(everything), "public" (what the public sees: no hidden teams, no runs, and no judgement of a
submission made after the freeze until the thaw) and "team:<id>" (the public's, and the team's
own judgements and account).

`update_feed` brings logs up to date: it rebuilds each log from its stored events
(judge.contest.clics_feed.FeedLog), compares it with the contest as it stands now, and stores
the events the difference brings. With the logs and the contest's record kept in memory
(FeedLogs, judge.service.clics_live), a change of a few submissions reads those again and
compares their objects alone; the contest is read whole when anything else may have changed
or a log is not kept in step with the record. The jury's and the public's logs are updated
after each change
(a submission made, a test or a result reported) and by their readers as time passes (the
contest starts, freezes, ends); a team's only when the team reads it, so that a change costs two
logs, not one per team. A team's log begun late opens with the contest as it stands, which the
spec allows: it promises each change notified after it happened, not every passing state.

Events are never rewritten, so a token stays valid across restarts; tokens start with the
contest's creation time, so that a token of a contest deleted and made again is refused rather
than taken for a place in the new history.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Collection
from contextlib import AbstractContextManager, nullcontext
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from judge.contest.clics_access import ENDPOINTS
from judge.contest.clics_board import state_object
from judge.contest.clics_feed import Event, FeedLog, Snapshot, UnknownToken
from judge.contest.clics_snapshot import ContestRecord, snapshot
from judge.contest.model import AccountType
from judge.problem.spec import Problem
from judge.service.clics_live import WHOLE_KINDS, LiveRecord, read_record
from judge.service.clics_record import contest_record, settled_at
from judge.service.contests import aware, contest_head
from judge.service.db import Database
from judge.service.feed_logs import FeedLogs
from judge.service.models import Contest, ContestEvent, utcnow

log = logging.getLogger("judge.service")
SHARED = ("jury", "public")
# Endpoints the spec lets a CCS leave out, which this judge does not have (yet): not in
# `access`, not in the feed, 404.
NOT_SERVED: frozenset[str] = frozenset()


def feed_view(viewer: AccountType | None, team_id: str | None = None) -> str:
    if viewer in (AccountType.ADMIN, AccountType.JUDGE):
        return "jury"
    return f"team:{team_id}" if viewer is AccountType.TEAM and team_id else "public"


def _viewer(view: str) -> tuple[AccountType | None, str | None]:
    if view == "jury":
        return AccountType.ADMIN, None
    if view.startswith("team:"):
        return AccountType.TEAM, view.removeprefix("team:")
    return None, None


def served(objects: dict) -> dict:
    return {kind: found for kind, found in objects.items() if kind not in NOT_SERVED}


def token_prefix(row: Contest) -> str:
    return f"{row.created_at:%Y%m%d%H%M%S%f}-"


def _stored(session: Session, contest_id: str, view: str, after: int = 0) -> list:
    """The rows (position, type, object_id, data), read as plain rows: a log has tens of
    thousands, and ORM objects cost four times as much to make."""
    return list(session.execute(
        select(ContestEvent.position, ContestEvent.type, ContestEvent.object_id,
               ContestEvent.data)
        .where(ContestEvent.contest_id == contest_id, ContestEvent.view == view,
               ContestEvent.position > after)
        .order_by(ContestEvent.position)
    ).all())


def _event(prefix: str, row) -> Event:
    return Event(f"{prefix}{row.position}", row.type, row.object_id, row.data)


def ended(events: list[Event]) -> bool:
    """Whether the last of `events` ends the feed (state with end_of_updates)."""
    last = events[-1] if events else None
    return bool(last and last.type == "state" and last.data and last.data.get("end_of_updates"))


def record_changes(session: Session, row: Contest, record: ContestRecord | None,
                   now: datetime, views: tuple[str, ...] = SHARED, logs: FeedLogs | None = None,
                   done: list | None = None, live: LiveRecord | None = None) -> int:
    """Store each of `views`' new events for the contest as `record` (or `live`'s record)
    shows it at `now` (aware); how many were stored. `logs`: logs kept from earlier updates;
    the updated ones are added to `done` as (key, position, log, synced), for the caller to
    keep once committed. A log kept in step with `live`, in the contest's state it shows,
    compares the objects of what changed since alone. A team's log holds the public's
    objects where they are the same, rather than copies (most are)."""
    prefix = token_prefix(row)
    stored_now = utcnow()
    count = 0
    public = None
    if logs is not None and "public" not in views:
        public = logs.objects((row.id, "public", prefix), _position(session, row.id, "public"))
    for view in views:
        viewer, team_id = _viewer(view)
        key = (row.id, view, prefix)
        last = _position(session, row.id, view)
        kept = logs.take(key, last) if logs is not None else None
        feed, synced = kept if kept is not None else (None, None)
        if feed is None:
            events = [_event(prefix, event) for event in _stored(session, row.id, view)]
            feed = FeedLog(tuple(events), prefix=prefix)
        now_synced = None if live is None else (live.lineage, live.generation)
        if ended(list(feed.events[-1:])):
            if done is not None:
                done.append((key, last, feed, synced))  # kept all the same: its readers read it
            continue  # the contest's updates are over: nothing more is sent
        shared = public if team_id is not None else None
        if live is not None and synced is not None and synced[0] is live.lineage and _same_state(
                feed, live.base, now):
            new = _record_touched(feed, live, viewer, team_id, synced[1], shared)
        else:
            if record is None:
                record = live.record()
            new = feed.record(served(snapshot(record, viewer, now, team_id)), shared=shared)
            if logs is not None:
                logs.whole_views += 1
        if view == "public":
            public = feed.objects
        for position, event in enumerate(new, last + 1):
            session.add(ContestEvent(
                contest_id=row.id, view=view, position=position, type=event.type,
                object_id=event.id, data=event.data, created_at=stored_now,
            ))
        count += len(new)
        if done is not None:
            done.append((key, last + len(new), feed, now_synced))
    return count


def _same_state(feed: FeedLog, record: ContestRecord, now: datetime) -> bool:
    """Whether the contest's state at `now` is the log's last: what a viewer sees of every
    submission (the freeze's embargo) and of the problems depends on it."""
    state = state_object(record.contest, now, thawed_at=record.thawed_at,
                         finalized_at=record.finalized_at,
                         end_of_updates_at=record.end_of_updates_at)
    return feed.objects.get("state", {}).get(None) == state


def _record_touched(feed: FeedLog, live: LiveRecord, viewer: AccountType | None,
                    team_id: str | None, generation: int,
                    shared: Snapshot | None) -> list[Event]:
    """The log's events for what changed in `live` after `generation`: the submissions
    changed since (their judgements and runs), the clarifications and the awards."""
    kinds = set(served(dict.fromkeys((*ENDPOINTS[viewer], "contest", "state"))))
    state = feed.objects["state"][None]
    objects, touched = live.touched_objects(viewer, team_id, state,
                                            live.changed_since(generation), kinds)
    for kind in WHOLE_KINDS:
        if kind in kinds:
            made = objects.get(kind, {})
            touched[kind] = [*made, *(key for key in feed.objects.get(kind, {})
                                      if key not in made)]
    return feed.record({kind: objects.get(kind, {}) for kind in kinds}, touched, shared)


def update_feed(
    database: Database,
    contest_id: str,
    problem: Callable[[str], Problem],
    now: datetime,
    views: tuple[str, ...] = SHARED,
    teams: Collection[str] = (),
    logs: FeedLogs | None = None,
    changed: Collection[int] | None = None,
) -> int:
    """Bring the contest's feed up to date at `now` (naive UTC, as the service's clock gives
    it); how many events were added. `teams`: teams whose own logs (those begun) are brought
    up with `views`. `changed`: the only submissions that changed since the
    last update of this process (None: anything may have); with `logs`, which keep the
    contest's record, they alone are read again. Two updates at once on PostgreSQL may both
    try to add the same events: the one that loses tries again over what the other added
    (which it may have read the contest before a later change, so losing is not enough to be
    current)."""
    for _ in range(3):
        done: list = []
        try:
            with _turn(logs, contest_id), database.writing() as session:
                row = session.get(Contest, contest_id)
                if row is None:
                    return 0
                # The teams' own changes, in their logs if they have any.
                wanted = views + tuple(f"team:{team_id}" for team_id in sorted(teams)
                                       if _position(session, contest_id, f"team:{team_id}"))
                record, live = None, None
                if logs is None:
                    record = contest_record(session, contest_id, problem)
                else:
                    if not _in_step(session, row, wanted, logs):
                        changed = None
                    live = _live_record(session, contest_id, problem, logs, changed)
                if record is None and live is None:
                    return 0
                count = record_changes(session, row, record, aware(now), wanted, logs, done,
                                       live)
        except IntegrityError:
            continue
        except Exception:
            if logs is not None:  # whatever went wrong, the next update reads the contest whole
                logs.keep_record(contest_id, None)
            raise
        if logs is not None:
            for key, position, feed, synced in done:
                logs.keep(key, position, feed, synced)
        return count
    return 0


def _turn(logs: FeedLogs | None, contest_id: str) -> AbstractContextManager:
    return logs.updating(contest_id) if logs is not None else nullcontext()


def _in_step(session: Session, row: Contest, views: tuple[str, ...], logs: FeedLogs) -> bool:
    """Whether each of `views`' logs is kept, as stored, in step with the contest's kept
    record: else the contest is read whole, so that no log is brought back to what a record
    older than it says (another process added to it, or it is new to this one)."""
    kept = logs.record(row.id)
    if kept is None:
        return False
    prefix = token_prefix(row)
    for view in views:
        position = _position(session, row.id, view)
        if (logs.lineage((row.id, view, prefix), position) is not kept.lineage
                and kept.positions.get(view, 0) != position):
            return False  # nor as long as when the record was read whole: nobody added since
    return True


def _live_record(session: Session, contest_id: str, problem: Callable[[str], Problem],
                 logs: FeedLogs, changed: Collection[int] | None) -> LiveRecord | None:
    """The contest's kept record brought up to date (read whole when it must be)."""
    kept = logs.record(contest_id)
    logs.keep_record(contest_id, None)  # half brought up to date, it is read whole next time
    live = read_record(session, contest_id, problem, kept, changed)
    if live is not None and live is not kept:
        logs.whole_reads += 1
        live.positions = dict(session.execute(
            select(ContestEvent.view, func.max(ContestEvent.position))
            .where(ContestEvent.contest_id == contest_id).group_by(ContestEvent.view)).all())
    logs.keep_record(contest_id, live)
    return live


def _position(session: Session, contest_id: str, view: str) -> int:
    """The position of the view's last event (0: it has none)."""
    return session.scalar(
        select(func.max(ContestEvent.position))
        .where(ContestEvent.contest_id == contest_id, ContestEvent.view == view)
    ) or 0


def stale(session: Session, contest_id: str, view: str, now: datetime,
          public_seen: int) -> bool:
    """Whether the view's log may lag behind the contest, cheaply (a streaming reader asks
    every poll): the contest's state at `now` is not the log's last state (the clock moved it
    on, or the jury thawed or finalized), or, for a team, the public log grew since it was
    `public_seen` long (a team's log follows the public's, and its own changes)."""
    row = session.get(Contest, contest_id)
    thawed, finalized = aware(row.thawed_at), aware(row.finalized_at)
    state = state_object(contest_head(row), aware(now), thawed_at=thawed,
                         finalized_at=finalized, end_of_updates_at=settled_at(thawed, finalized))
    last = session.scalar(
        select(ContestEvent.data)
        .where(ContestEvent.contest_id == contest_id, ContestEvent.view == view,
               ContestEvent.type == "state")
        .order_by(ContestEvent.position.desc()).limit(1))
    if last != state:
        return True
    return view.startswith("team:") and _position(session, contest_id, "public") != public_seen


def public_position(session: Session, contest_id: str) -> int:
    return _position(session, contest_id, "public")


def view_position(session: Session, contest_id: str, view: str) -> int:
    return _position(session, contest_id, view)


def events_after(
    session: Session, contest_id: str, view: str, token: str | None
) -> tuple[list[Event], int]:
    """The view's events after `token` (all for None) and the position of the last one; an
    UnknownToken when the feed never issued `token`."""
    row = session.get(Contest, contest_id)
    prefix = token_prefix(row)
    after = 0
    if token is not None:
        number = token[len(prefix):] if token.startswith(prefix) else ""
        after = int(number) if number.isdigit() else 0
        if not 1 <= after <= _position(session, contest_id, view) or f"{prefix}{after}" != token:
            raise UnknownToken(f"unknown since_token {token!r}")
    return events_from(session, contest_id, view, after)


def events_from(
    session: Session, contest_id: str, view: str, after: int
) -> tuple[list[Event], int]:
    """The view's events after position `after`, and the position of the last one."""
    prefix = token_prefix(session.get(Contest, contest_id))
    rows = _stored(session, contest_id, view, after)
    return [_event(prefix, event) for event in rows], rows[-1].position if rows else after


class FeedUpdates:
    """The shared logs brought up to date off the request path: a submission or a worker's
    result only marks its contest (its team, and the submissions it changed) here, and one
    thread of the service's does the updates, several changes of a contest in one, reading
    again only the submissions they name. An update that must read the contest whole takes
    seconds on a contest of thousands of submissions: a worker posting a result must not wait
    for it. Readers do not wait for it either: a reader brings its own log up to date when it
    opens the feed and whenever the log may lag (`stale`)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._settled_now = threading.Condition(self._lock)
        self._wake = threading.Event()
        self._pending: dict[str, set[str]] = {}  # contest -> teams whose own log to update too
        # contest -> the submissions changed (None: anything may have; read it all again)
        self._changed: dict[str, set[int] | None] = {}
        # Changes marked and changes recorded, counted per contest: a reader opening the feed
        # waits for the update in flight instead of making the contest's objects itself.
        self._touched: dict[str, int] = {}
        self._settled: dict[str, int] = {}
        self._thread: threading.Thread | None = None
        self.logs = FeedLogs()
        # (contest, view) -> what its last update by a reader saw (judge.service.feed_views)
        self._seen: dict[tuple[str, str], tuple] = {}

    def contests(self) -> list[str]:
        """The contests whose feeds this process has updated or served."""
        with self._lock:
            return sorted(set(self._touched) | {contest for contest, _ in self._seen})

    def seen(self, contest_id: str, view: str) -> tuple | None:
        with self._lock:
            return self._seen.get((contest_id, view))

    def mark_seen(self, contest_id: str, view: str, seen: tuple) -> None:
        with self._lock:
            self._seen[(contest_id, view)] = seen

    def touch(self, database: Database, problem: Callable[[str], Problem],
              clock: Callable[[], datetime], closing: threading.Event, contest_id: str,
              team_id: str | None = None, submissions: Collection[int] | None = None) -> None:
        """The contest changed: `submissions` alone (their judgements, runs), and the
        clarifications, which are read again in any case; None: anything may have."""
        with self._lock:
            self._touched[contest_id] = self._touched.get(contest_id, 0) + 1
            teams = self._pending.setdefault(contest_id, set())
            if team_id is not None:
                teams.add(team_id)
            changed = self._changed.setdefault(contest_id, set())
            if changed is not None and submissions is not None:
                changed.update(submissions)
            else:
                self._changed[contest_id] = None
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, args=(database, problem, clock, closing),
                    name="contest-feed", daemon=True)
                self._thread.start()
        self._wake.set()

    def _run(self, database: Database, problem: Callable[[str], Problem],
             clock: Callable[[], datetime], closing: threading.Event) -> None:
        while not closing.is_set():
            if not self._wake.wait(timeout=1.0):
                continue
            self._wake.clear()
            with self._lock:
                pending, self._pending = self._pending, {}
                changes, self._changed = self._changed, {}
                marked = {contest_id: self._touched[contest_id] for contest_id in pending}
            for contest_id, teams in pending.items():
                try:
                    update_feed(database, contest_id, problem, clock(), SHARED, teams,
                                self.logs, changes.get(contest_id))
                except Exception:  # noqa: BLE001 - a stopped database, a bug: the next change retries
                    log.exception("updating the event feed of contest %s", contest_id)
                with self._lock:  # settled even when it failed: readers must not wait for it
                    self._settled[contest_id] = marked[contest_id]
                    self._settled_now.notify_all()

    def settle(self, contest_id: str, timeout: float) -> bool:
        """Wait until every change marked in this process so far is in the shared logs (at
        most `timeout` seconds; later changes are not waited for); whether it is."""
        with self._lock:
            marked = self._touched.get(contest_id, 0)
            return self._settled_now.wait_for(
                lambda: self._settled.get(contest_id, 0) >= marked, timeout)
