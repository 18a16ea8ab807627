"""Judging threads on a queue: the remote `judge worker` and the judge inside `judge serve`.

Each judging thread owns a sandbox (a fork server: a process of its own), so N threads judge N
submissions at once on N cores; the queue hands each thread one job at a time (prefetch 1).
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable, Mapping

import dramatiq
from dramatiq import Worker

from judge.cache import Cache
from judge.judging.parallel import SandboxPerThread
from judge.sandbox import check_isolation
from judge.sandbox.api import Sandbox, SandboxInfo
from judge.service.client import ServiceClient
from judge.service.judging import JudgeJob
from judge.service.packages import PackageCache
from judge.service.queue import declare_judge_actor

log = logging.getLogger("judge.service")
SandboxFactory = Callable[[Cache], Sandbox]
# While a thread judges, its idle consumer polls Redis with a backoff that grows up to this; a
# short cap means the next job is fetched soon after the last one is done (Dramatiq's default,
# 1 s, added half a second to every job).
POLL_MS = 50
STOP_TIMEOUT_MS = 30_000


def prove_languages(factory: SandboxFactory, cache: Cache) -> dict[str, str]:
    """Every language's self-test in a sandbox of the kind that judges (compiled and run as a
    submission is), logged one line each; returns the languages that failed, with why, which
    this worker must never judge in."""
    from judge.languages.selftest import self_test_all

    sandbox = factory(cache)
    try:
        results = self_test_all(sandbox)
    finally:
        sandbox.close()
    for result in results:
        if result.available:
            log.info("language %s: %s; self-test %s ms, %s KB", result.language.id,
                     result.version, result.time_ms, result.memory_kb)
        else:
            log.warning("language %s unavailable: %s", result.language.id, result.reason)
    return {r.language.id: r.reason for r in results if not r.available}


def require_isolation(factory: SandboxFactory, cache: Cache, unsandboxed: bool) -> SandboxInfo:
    """Open one sandbox and refuse to go on when it cannot isolate submissions from strangers,
    unless the operator said `--unsandboxed`."""
    sandbox = factory(cache)
    try:
        info = sandbox.info
    finally:
        sandbox.close()
    check_isolation(info, allow_unsandboxed=unsandboxed)
    return info


class JudgingPool:
    """`threads` judging threads consuming `broker`, reporting to the server through `client`."""

    def __init__(
        self,
        broker: dramatiq.Broker,
        client: ServiceClient,
        cache: Cache,
        threads: int,
        sandbox_factory: SandboxFactory,
        unavailable: Mapping[str, str] | None = None,
    ):
        """`unavailable`: the languages that failed their self-test (prove_languages)."""
        self.client = client
        self.sandboxes = SandboxPerThread(functools.partial(sandbox_factory, cache))
        self.job = JudgeJob(client, PackageCache(cache.root / "packages"), self.sandboxes.get,
                            unavailable)
        declare_judge_actor(broker, self.job)
        self.worker = Worker(broker, worker_threads=threads, worker_timeout=POLL_MS)
        # Prefetch one message per judging thread: a job waits in the queue, where any idle
        # worker can take it, rather than behind a busy one here.
        self.worker.queue_prefetch = threads
        self.stopped = False
        self._lock = threading.Lock()  # a start and a stop from two threads never interleave

    def start(self, unavailable: Mapping[str, str] | None = None) -> None:
        """Take jobs from now on; `unavailable`, when given, replaces the languages never
        judged here (a pool whose languages were proved after it was made). Once stopped, a
        pool never starts."""
        with self._lock:
            if self.stopped:
                return
            if unavailable is not None:
                self.job.unavailable = dict(unavailable)
            self.worker.start()

    def stop(self) -> None:
        """Finish the jobs in hand, then stop; unstarted prefetched jobs go back to the queue.

        A job still running after STOP_TIMEOUT_MS is abandoned with the process (its sandbox
        left open, so that it cannot turn into a judge error): its lease runs out on the server
        and another worker judges it."""
        with self._lock:
            if self.stopped:
                return
            self.stopped = True
        try:
            self.worker.stop(timeout=STOP_TIMEOUT_MS)
        finally:
            self.client.close()
            if not any(thread.is_alive() for thread in self.worker.workers):
                self.sandboxes.close()
