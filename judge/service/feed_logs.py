"""The event feed's logs and each contest's record, kept in memory between the feed's updates
(judge.service.contest_feed): rebuilding a log from its stored events, or reading the contest
whole, costs more than the rest of an update."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from judge.contest.clics_feed import FeedLog, Snapshot
from judge.service.clics_live import LiveRecord

Synced = tuple[object, int] | None  # a log's record (its lineage) and generation


class FeedLogs:
    """Logs rebuilt from their stored events, kept for the next update: rebuilding one costs
    more than the rest of an update. A log is taken out while it is updated and put back with
    its new length only once the update is committed, and is used only if its length is the
    stored one (nobody else added events since), so it is never ahead of or behind the
    database. Each log is kept with the record (judge.service.clics_live) and generation it
    was last brought up to date from, and each contest's record with them: an update of a few
    submissions compares their objects alone. Updates of one contest take turns."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._logs: dict[tuple[str, str, str], tuple[int, FeedLog, Synced]] = {}
        # The objects of each log as last kept, still there while the log is taken out for
        # an update: an update replaces a log's objects, it never changes them.
        self._served: dict[tuple[str, str, str], tuple[int, Snapshot]] = {}
        self._records: dict[str, LiveRecord] = {}
        self._updating: dict[str, threading.Lock] = {}
        # Records read whole and views' objects made whole so far (tests and the benchmark
        # count them: a change of a few submissions should cost neither).
        self.whole_reads = 0
        self.whole_views = 0

    def take(self, key: tuple[str, str, str], position: int) -> tuple[FeedLog, Synced] | None:
        with self._lock:
            kept = self._logs.pop(key, None)
        return kept[1:] if kept is not None and kept[0] == position else None

    def keep(self, key: tuple[str, str, str], position: int, feed: FeedLog,
             synced: Synced = None) -> None:
        with self._lock:
            self._logs[key] = (position, feed, synced)
            self._served[key] = (position, feed.objects)

    def lineage(self, key: tuple[str, str, str], position: int) -> object | None:
        """The record lineage the log kept `position` long was last made from (None: none,
        or it is not kept at that length)."""
        with self._lock:
            kept = self._logs.get(key)
        if kept is None or kept[0] != position or kept[2] is None:
            return None
        return kept[2][0]

    def objects(self, key: tuple[str, str, str], position: int) -> Snapshot | None:
        """The objects of the log as it was kept `position` long, even while it is taken out
        for an update (FeedLog.objects); None if it was not kept at that length."""
        with self._lock:
            kept = self._served.get(key)
        return kept[1] if kept is not None and kept[0] == position else None

    @contextmanager
    def updating(self, contest_id: str) -> Iterator[None]:
        """The contest's update's turn, with its kept record (`record`, `keep_record`)."""
        with self._lock:
            turn = self._updating.setdefault(contest_id, threading.Lock())
        with turn:
            yield

    def record(self, contest_id: str) -> LiveRecord | None:
        with self._lock:
            return self._records.get(contest_id)

    def keep_record(self, contest_id: str, record: LiveRecord | None) -> None:
        with self._lock:
            if record is None:
                self._records.pop(contest_id, None)
            else:
                self._records[contest_id] = record
