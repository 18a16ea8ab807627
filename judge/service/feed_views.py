"""A view of a contest's CLICS objects served from its event feed's log, kept in memory: opening
the feed and reading an endpoint cost what they send, not making the contest's objects again
(a second or more at 5,000 judgements).

The log of a view (judge.service.contest_feed) holds every object as its last event shows it,
which is what the endpoints serve, so that the two always agree. It is brought up to date here
only when it may lag behind the contest: a change marked in this process and not yet recorded
(the update in flight is waited for, up to SETTLE_SECONDS, rather than done twice), the
contest's state moved on by the clock or the jury (start, freeze, end, thaw, finalization),
the contest imported again (its row's updated_at), a team's log behind the public's, or a log
this process has not read yet (after a restart: rebuilt from its stored events once). Changes
made by another server process reach this one as change notifications (Services.feed_changed).
Bringing it up to date starts from the contest's record that this process keeps up to date
with those changes: a team's log behind the public's costs the objects changed since it was
last brought up, not a reading of the whole contest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from judge.contest.clics_feed import FeedLog, Snapshot
from judge.problem.spec import Problem
from judge.service.contest_feed import (
    FeedUpdates,
    events_from,
    public_position,
    stale,
    token_prefix,
    update_feed,
    view_position,
)
from judge.service.contests import aware
from judge.service.db import Database
from judge.service.models import Contest

SETTLE_SECONDS = 5.0  # an update takes seconds on a large contest; then serve what is stored


@dataclass(frozen=True)
class ViewLog:
    objects: Snapshot  # type -> id -> object, not to be changed
    position: int  # of the log's last event


def view_log(database: Database, feeds: FeedUpdates, contest_id: str,
             problem: Callable[[str], Problem], now: datetime, view: str) -> ViewLog | None:
    """The view's objects as the contest stands at `now` (naive UTC); None: no such contest."""
    feeds.settle(contest_id, SETTLE_SECONDS)
    for _ in range(3):
        with database.session() as session:
            row = session.get(Contest, contest_id)
            if row is None:
                return None
            prefix = token_prefix(row)
            position = view_position(session, contest_id, view)
            public = public_position(session, contest_id) if view.startswith("team:") else 0
            seen = (row.updated_at, public)
            lagging = (position == 0 or feeds.seen(contest_id, view) != seen
                       or stale(session, contest_id, view, aware(now), public))
        if not lagging:
            objects = feeds.logs.objects((contest_id, view, prefix), position)
            if objects is not None:
                return ViewLog(objects, position)
        # From the contest's record as this process keeps it, which its changes keep up to
        # date: read whole only when this log is not kept in step with it.
        update_feed(database, contest_id, problem, now, (view,), logs=feeds.logs, changed=())
        feeds.mark_seen(contest_id, view, seen)
    # Another update took the log each time: read it from the database (its events only).
    with database.session() as session:
        events, position = events_from(session, contest_id, view, 0)
    return ViewLog(FeedLog(tuple(events), prefix=prefix).objects, position)
