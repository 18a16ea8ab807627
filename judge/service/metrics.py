"""Prometheus metrics of the service (GET /metrics), with the standard client library.

Counters and histograms are kept as things happen (a result stored, a submission accepted);
the state of the queue and of the workers is read from the database when Prometheus scrapes,
so it is never stale and costs nothing between scrapes. Each app has a registry of its own
(no module state): two servers in one process, as in the tests, keep their own figures.
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from judge.service.models import Priority

JUDGING_BUCKETS = (0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 60, 120, 300)
WAIT_BUCKETS = (0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.submissions = Counter(
            "judge_submissions", "Submissions accepted", ["language"], registry=self.registry
        )
        self.results = Counter(
            "judge_results",
            "Results stored: a verdict, or failed (the judge could not judge it)",
            ["verdict", "language"],
            registry=self.registry,
        )
        self.judging = Histogram(
            "judge_judging_seconds",
            "Time the runner took on the worker, per submission",
            ["language"],
            buckets=JUDGING_BUCKETS,
            registry=self.registry,
        )
        self.waiting = Histogram(
            "judge_queue_wait_seconds",
            "Time from submission (or rejudge) to the start of judging",
            buckets=WAIT_BUCKETS,
            registry=self.registry,
        )

    def watch_state(self, read: Callable[[], State]) -> None:
        """Read the queue and the workers through `read` at every scrape."""
        self.registry.register(_StateCollector(read))

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


class State:
    """The queue and the workers as the database has them at a scrape."""

    def __init__(
        self,
        queued: dict[int, int],
        judging: int,
        workers_alive: int,
        workers_known: int,
        streams: int,
    ):
        self.queued = queued  # by priority
        self.judging = judging
        self.workers_alive = workers_alive
        self.workers_known = workers_known
        self.streams = streams


class _StateCollector(Collector):
    def __init__(self, read: Callable[[], State]) -> None:
        self.read = read

    def collect(self):
        state = self.read()
        queue = GaugeMetricFamily(
            "judge_queue_length", "Submissions waiting to be judged", labels=["priority"]
        )
        for level in Priority:
            queue.add_metric([level.name.lower()], state.queued.get(int(level), 0))
        yield queue
        yield GaugeMetricFamily(
            "judge_judging", "Submissions being judged now", value=state.judging
        )
        workers = GaugeMetricFamily(
            "judge_workers", "Judging processes by state", labels=["state"]
        )
        workers.add_metric(["alive"], state.workers_alive)
        workers.add_metric(["lost"], state.workers_known - state.workers_alive)
        yield workers
        yield GaugeMetricFamily(
            "judge_event_streams", "Live pages' event streams open", value=state.streams
        )

    def describe(self):
        return []
