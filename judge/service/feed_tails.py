"""The event feed's streaming readers, served from one shared tail per view of a contest.

A reader first gets what is stored (from the database, once), then waits for what comes. Each
waiting reader used to poll the database itself, on a thread of the server's pool: two hundred
readers asked 600 queries a second and held every thread of the pool, which the workers' posts
of their results need too. Now one thread of the service's follows each view that has
streaming readers, once per poll (feed_poll_seconds): a query or three when nothing moved, the
new events read once, as NDJSON lines. The readers are coroutines on the event loop that take those
lines from memory: a view's readers cost the database what one reader costs, and each event
is serialised once.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from judge.contest.clics_feed import event_line
from judge.service.contest_feed import ended, events_from, public_position, stale, update_feed
from judge.service.contests import aware

if TYPE_CHECKING:
    from judge.service.api.deps import Services

log = logging.getLogger("judge.service")


class Tail:
    """The lines of one view's feed after `start`, as the following thread reads them. Only
    that thread appends (one list.extend, whole under the GIL); readers slice."""

    def __init__(self, start: int) -> None:
        self.start = start  # the position of the event before lines[0]
        self.lines: list[bytes] = []
        self.ended = False  # the last line is the state that ends the updates
        self.readers = 0
        self.public_seen = -1  # the public log's length when a team's log was last brought up

    @property
    def position(self) -> int:
        return self.start + len(self.lines)

    def after(self, position: int) -> list[bytes]:
        """The lines after `position` (at least `start`) that the tail has."""
        return self.lines[position - self.start:]


class FeedTails:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tails: dict[tuple[str, str], Tail] = {}
        self._thread: threading.Thread | None = None

    @contextmanager
    def reading(self, parts: Services, contest_id: str, view: str,
                position: int) -> Iterator[Tail]:
        """The view's tail, for a reader that has the events up to `position`; a tail begun
        now begins there. The last reader of a view gone, nobody follows it."""
        key = (contest_id, view)
        with self._lock:
            tail = self._tails.get(key)
            if tail is None:
                tail = self._tails[key] = Tail(position)
            tail.readers += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, args=(parts,),
                                                name="contest-feed-tails", daemon=True)
                self._thread.start()
        try:
            yield tail
        finally:
            with self._lock:
                tail.readers -= 1
                if tail.readers == 0 and self._tails.get(key) is tail:
                    del self._tails[key]

    def following(self) -> list[tuple[str, str]]:
        """The (contest, view)s that have streaming readers now."""
        with self._lock:
            return sorted(self._tails)

    def _run(self, parts: Services) -> None:
        while not parts.closing.wait(parts.settings.feed_poll_seconds):
            with self._lock:
                followed = list(self._tails.items())
            for (contest_id, view), tail in followed:
                try:
                    self._follow(parts, contest_id, view, tail)
                except Exception:  # noqa: BLE001 - a stopped database, a bug: the next poll retries
                    log.exception("following the event feed of contest %s (%s)", contest_id, view)

    @staticmethod
    def _follow(parts: Services, contest_id: str, view: str, tail: Tail) -> None:
        """The view's new events into its tail. The changes of the contest are recorded by the
        service's feed thread (judge.service.contest_feed.FeedUpdates), which this one never
        waits for nor does again: it updates the log itself only when time alone moved the
        contest on (its start, the freeze, the end; a thaw or a finalization by the jury) or,
        for a team's log, when the public's grew."""
        if tail.ended:
            return
        now = parts.clock()
        with parts.database.session() as session:
            public = public_position(session, contest_id)
            lagging = stale(session, contest_id, view, aware(now), tail.public_seen)
        if lagging:
            update_feed(parts.database, contest_id, parts.load_problem, now, (view,),
                        logs=parts.feeds.logs, changed=())  # as judge.service.feed_views
        tail.public_seen = public
        with parts.database.session() as session:
            events, _ = events_from(session, contest_id, view, tail.position)
        if events:
            tail.lines.extend([event_line(event) for event in events])
            tail.ended = ended(events)  # after the lines: a reader that sees it has them
