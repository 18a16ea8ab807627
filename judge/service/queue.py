"""The queue: Dramatiq on Redis across machines, or Dramatiq's in-memory broker in one process.

Only job ids travel (submission id and attempt); the database holds everything else. The server
sends, workers run the one actor; the embedded judge runs the same actor on the in-memory broker.
A message is acknowledged when the actor returns, which it does only once the result is stored
on the server; an actor that raises (the server unreachable) is retried with backoff.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import dramatiq
from dramatiq.brokers.redis import RedisBroker
from dramatiq.brokers.stub import StubBroker
from dramatiq.middleware import Retries

from judge.service.settings import QueueSettings
from judge.service.store import Job

QUEUE_NAME = "judge"
ACTOR_NAME = "judge_submission"
MAX_RETRIES = 1000  # the server being away for a while must not drop a job
# Redis commands per million after which a consumer also returns the messages of dead workers.
MAINTENANCE_CHANCE = 50_000

log = logging.getLogger("judge.service")


def open_broker(url: str | None, queue: QueueSettings) -> dramatiq.Broker:
    middleware = [Retries(max_retries=MAX_RETRIES, min_backoff=500, max_backoff=15_000)]
    if url is None:
        broker: dramatiq.Broker = StubBroker(middleware=middleware)
    else:
        broker = RedisBroker(
            url=url,
            middleware=middleware,
            heartbeat_timeout=queue.heartbeat_timeout_ms,
            maintenance_chance=MAINTENANCE_CHANCE,
        )
    broker.declare_queue(QUEUE_NAME)
    return broker


def warn_if_unreachable(broker: dramatiq.Broker, url: str | None) -> None:
    """Say at start when Redis cannot be reached. Not fatal: it may be restarting, and jobs
    wait in the database (server) or are fetched once it is back (worker)."""
    if isinstance(broker, RedisBroker):
        try:
            broker.client.ping()
        except Exception as exc:  # noqa: BLE001 - redis-py's many connection errors
            log.warning("queue %s unreachable for now: %s", url, exc)


def declare_judge_actor(broker: dramatiq.Broker, handle: Callable[[Job], None]) -> None:
    """Register the actor that judges one job; the worker's threads run it."""

    def judge_submission(submission_id: int, attempt: int) -> None:
        handle(Job(submission_id, attempt))

    dramatiq.actor(
        judge_submission,
        actor_name=ACTOR_NAME,
        queue_name=QUEUE_NAME,
        broker=broker,
        max_retries=MAX_RETRIES,
    )


class Sender:
    """Sends jobs; a broker that is down loses nothing: the job stays queued in the database
    and the sweeper sends it again later."""

    def __init__(self, broker: dramatiq.Broker):
        self.broker = broker

    def send(self, job: Job) -> bool:
        message = dramatiq.Message(
            queue_name=QUEUE_NAME,
            actor_name=ACTOR_NAME,
            args=(job.submission_id, job.attempt),
            kwargs={},
            options={},
        )
        try:
            self.broker.enqueue(message)
        except Exception as exc:  # noqa: BLE001 - any broker failure: the sweeper resends
            log.warning("queue unavailable, submission %s stays queued: %s", job.submission_id, exc)
            return False
        return True

    def reachable(self) -> bool:
        """Whether the broker answers (the in-memory one always does)."""
        if not isinstance(self.broker, RedisBroker):
            return True
        try:
            return bool(self.broker.client.ping())
        except Exception:  # noqa: BLE001 - redis-py's many connection errors
            return False

    def close(self) -> None:
        self.broker.close()
