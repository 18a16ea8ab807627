"""Live updates pushed, never polled: a change to a submission wakes the streams that show it.

Whatever changes a submission (stored, claimed, a test judged, its result, a rejudge, the
sweeper) publishes a `Change` once its transaction is committed. The event streams
(judge.service.api.events) wait on a `Watch` and read the database only when woken, so an
idle stream costs a sleeping coroutine and a keep-alive line every so often.

The embedded default delivers changes inside the process. With a broker, changes go through
Redis publish/subscribe, so that every server process behind one database sees every change;
one relay thread per process listens and wakes its own watches. When Redis cannot be reached
the change is delivered in this process (its streams still see it), and when the relay
connects again every watch is woken once, to read what it may have missed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass

from judge.service.models import Submission

CHANNEL = "judge:changes"
RELAY_RETRY_SECONDS = 2.0
log = logging.getLogger("judge.service")


@dataclass(frozen=True)
class Change:
    """What changed: one submission, with what the lists filter on (and its contest, whose
    board is then made again: judge.service.board_cache); or, with `clarifications` set (and
    submission_id 0, which no submission has), a contest's clarifications."""

    submission_id: int
    user: str
    problem: str
    verify_run: int | None = None
    contest: str | None = None
    # False when nothing a contest's board shows changed (a claim, a test judged: pending
    # either way), so that the board is not made again for each of a submission's tests.
    board: bool = True
    clarifications: str | None = None  # the contest whose clarifications changed


def clarifications_changed(contest_id: str) -> Change:
    return Change(0, "", "", None, board=False, clarifications=contest_id)


def change_of(submission: Submission, board: bool = True) -> Change:
    return Change(
        submission.id,
        submission.user.name,
        submission.problem,
        submission.verify_run_id,
        submission.contest_id,
        board,
    )


class Watch:
    """A stream's wake-up call: set by any thread, awaited on the server's event loop.
    Changes that come while the stream is busy are folded into one wake-up."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._event = asyncio.Event()

    def wake(self) -> None:
        try:
            self._loop.call_soon_threadsafe(self._event.set)
        except RuntimeError:  # the loop is closed: the stream is gone
            pass

    async def wait(self, timeout: float) -> bool:
        """True when woken, False after `timeout` seconds without a change."""
        try:
            await asyncio.wait_for(self._event.wait(), timeout)
        except asyncio.TimeoutError:  # noqa: UP041 - not TimeoutError before Python 3.11
            return False
        self._event.clear()
        return True


class ChangeHub:
    """Publishes changes and wakes the watches they concern (in this process, or through
    Redis at `redis_url`)."""

    def __init__(self, redis_url: str | None = None) -> None:
        self._lock = threading.Lock()
        self._by_submission: dict[int, set[Watch]] = {}
        self._feeds: dict[Watch, Callable[[Change], bool]] = {}
        # Called with each change delivered here, and with None when changes may have been
        # missed (the relay connected again): caches that must forget what a change alters.
        self._listeners: list[Callable[[Change | None], None]] = []
        self._redis_url = redis_url
        self._redis = None
        self._stop = threading.Event()
        self._relay: threading.Thread | None = None
        if redis_url is not None:
            import redis

            self._redis = redis.Redis.from_url(redis_url, socket_timeout=5)

    # -- publishing (any thread)

    def publish(self, change: Change) -> None:
        if self._redis is None:
            self.deliver(change)
            return
        try:
            self._redis.publish(CHANNEL, json.dumps(asdict(change)))
        except Exception as exc:  # noqa: BLE001 - redis-py's many connection errors
            log.info("change of submission %s not published (%s)", change.submission_id, exc)
            self.deliver(change)  # this process's streams see it all the same

    def publish_all(self, changes: list[Change]) -> None:
        for change in changes:
            self.publish(change)

    def deliver(self, change: Change) -> None:
        """Wake the watches of this process that `change` concerns."""
        with self._lock:
            woken = list(self._by_submission.get(change.submission_id, ()))
            woken += [watch for watch, wanted in self._feeds.items() if wanted(change)]
            listeners = list(self._listeners)
        for listener in listeners:
            listener(change)
        for watch in woken:
            watch.wake()

    def wake_all(self) -> None:
        with self._lock:
            woken = [w for watches in self._by_submission.values() for w in watches]
            woken += list(self._feeds)
            listeners = list(self._listeners)
        for listener in listeners:
            listener(None)
        for watch in woken:
            watch.wake()

    def listen(self, listener: Callable[[Change | None], None]) -> None:
        """Call `listener` (on the delivering thread; it must be quick) with every change
        delivered in this process, and with None when some may have been missed."""
        with self._lock:
            self._listeners.append(listener)

    # -- watching (on the event loop)

    @contextmanager
    def submission(self, submission_id: int) -> Iterator[Watch]:
        watch = Watch(asyncio.get_running_loop())
        with self._lock:
            self._by_submission.setdefault(submission_id, set()).add(watch)
        try:
            yield watch
        finally:
            with self._lock:
                watches = self._by_submission.get(submission_id, set())
                watches.discard(watch)
                if not watches:
                    self._by_submission.pop(submission_id, None)

    @contextmanager
    def feed(self, wanted: Callable[[Change], bool]) -> Iterator[Watch]:
        watch = Watch(asyncio.get_running_loop())
        with self._lock:
            self._feeds[watch] = wanted
        try:
            yield watch
        finally:
            with self._lock:
                self._feeds.pop(watch, None)

    def watching(self) -> int:
        """How many streams wait for changes now."""
        with self._lock:
            return sum(map(len, self._by_submission.values())) + len(self._feeds)

    # -- the Redis relay

    def start(self) -> None:
        if self._redis is not None and self._relay is None:
            self._relay = threading.Thread(target=self._listen, name="changes", daemon=True)
            self._relay.start()

    def close(self) -> None:
        self._stop.set()
        self.wake_all()  # streams see the server closing
        if self._relay is not None:
            self._relay.join(timeout=10)
        if self._redis is not None:
            self._redis.close()

    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(CHANNEL)
                self.wake_all()  # what was published while we were away
                while not self._stop.is_set():
                    message = pubsub.get_message(timeout=1.0)
                    if message is not None:
                        self.deliver(Change(**json.loads(message["data"])))
                pubsub.close()
            except Exception as exc:  # noqa: BLE001 - Redis away: try again shortly
                log.info("changes relay: %s; again in %s s", exc, RELAY_RETRY_SECONDS)
                self._stop.wait(RELAY_RETRY_SECONDS)


class OpenStreams:
    """Event streams open per user, at most a limit each: one user's 200 open pages must
    not cost the server what everyone else's do."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[int, int] = {}

    def open(self, user_id: int, limit: int) -> bool:
        with self._lock:
            count = self._open.get(user_id, 0)
            if count >= limit:
                return False
            self._open[user_id] = count + 1
            return True

    def close(self, user_id: int) -> None:
        with self._lock:
            count = self._open.get(user_id, 0) - 1
            if count > 0:
                self._open[user_id] = count
            else:
                self._open.pop(user_id, None)

    def total(self) -> int:
        with self._lock:
            return sum(self._open.values())
