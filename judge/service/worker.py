"""Judging processes on a queue: the remote `judge worker` and the judge inside `judge serve`.

Judging runs in processes of its own, never in the threads of the process that serves the web
pages (whose load would starve it): the pool starts `processes` judging processes (spawned:
fresh interpreters, nothing inherited from a threaded server), each with a sandbox of its own
and one job at a time. In the pool's own process, one queue thread per judging process takes a
message (prefetch 1 each) and hands it to an idle judging process through a pipe; the message
is acknowledged when that process says the result is stored.

A judging process reports itself to the server at start and every few seconds (host,
languages, sandbox; judge.service.workers). It ignores SIGINT and SIGTERM: the pool decides
when it stops (after the job in hand). When the pool's process is gone (killed: it had no say)
the judging process ends at once, as if it had been killed with it; its sandbox ends with it,
and the job's lease runs out on the server.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import multiprocessing
import os
import queue
import signal
import socket
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from multiprocessing.connection import Connection

import dramatiq
from dramatiq import Worker

from judge.cache import Cache
from judge.judging.host_gate import HostGate
from judge.sandbox import check_isolation
from judge.sandbox.api import Sandbox, SandboxInfo
from judge.sandbox.owned_folders import OwnedFolders
from judge.service.client import ServiceClient
from judge.service.judging import JOB_FOLDER_PREFIX, JudgeJob
from judge.service.packages import PackageCache
from judge.service.queue import declare_judge_actor
from judge.service.store import Job
from judge.service.workers import HEARTBEAT_SECONDS

log = logging.getLogger("judge.service")
SandboxFactory = Callable[[Cache], Sandbox]
# While a process judges, its idle consumer polls Redis with a backoff that grows up to this; a
# short cap means the next job is fetched soon after the last one is done (Dramatiq's default,
# 1 s, added half a second to every job).
POLL_MS = 50
STOP_TIMEOUT_MS = 30_000
ORPHAN_CHECK_SECONDS = 0.5


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


def describe_sandbox(info: SandboxInfo) -> str:
    """As the queue page shows it: "jail, cgroup v2, isolated"."""
    parts = [info.kind]
    if info.cgroup_version:
        parts.append(f"cgroup v{info.cgroup_version}")
    parts.append("isolated" if info.isolated else "not isolated")
    return ", ".join(parts)


@dataclass(frozen=True)
class ProcessSpec:
    """What a judging process needs (it crosses into a new interpreter: plain data)."""

    server_url: str
    token: str
    cache: Cache
    sandbox_factory: SandboxFactory
    unavailable: Mapping[str, str] = dataclasses.field(default_factory=dict)  # id -> why


BEAT_SANDBOX_CHARS = 128  # what the server keeps of a heartbeat's sandbox text


class JudgingProcessDied(RuntimeError):
    """The judging process ended in the middle of a job: the message is retried, and the
    submission judged again once its lease runs out."""


class JudgingProcess:
    """One judging process and the pipe to it."""

    def __init__(self, spec: ProcessSpec, slot: int):
        self.spec = spec
        self.slot = slot
        self._process: multiprocessing.process.BaseProcess | None = None
        self._pipe: Connection | None = None

    def start(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._pipe, theirs = context.Pipe()
        self._process = context.Process(
            target=judging_process, args=(theirs, self.spec, self.slot), name=f"judge-{self.slot}"
        )
        self._process.start()
        theirs.close()

    def judge(self, job: Job) -> None:
        """Have the process do one job; raises when it could not (the queue retries)."""
        if self._process is None or not self._process.is_alive():
            self.start()
        try:
            self._pipe.send((job.submission_id, job.attempt))
            failure = self._pipe.recv()
        except (EOFError, OSError):
            self._process.join(timeout=5)
            code = self._process.exitcode
            self._process = None
            raise JudgingProcessDied(f"judging process {self.slot} ended ({code})") from None
        if failure is not None:
            raise RuntimeError(failure)

    def stop(self, timeout: float) -> None:
        if self._process is None:
            return
        try:
            self._pipe.send(None)
        except OSError:
            pass
        self._process.join(timeout)
        if self._process.is_alive():  # still on a job: its lease runs out on the server
            self._process.kill()
            self._process.join()
        self._pipe.close()


class JudgingPool:
    """`processes` judging processes consuming `broker`, reporting to the server."""

    def __init__(self, broker: dramatiq.Broker, spec: ProcessSpec, processes: int):
        self.processes = [JudgingProcess(spec, slot) for slot in range(processes)]
        self._idle: queue.SimpleQueue[JudgingProcess] = queue.SimpleQueue()
        declare_judge_actor(broker, self._handle)
        self.worker = Worker(broker, worker_threads=processes, worker_timeout=POLL_MS)
        # Prefetch one message per judging process: a job waits in the queue, where any idle
        # worker can take it, rather than behind a busy one here.
        self.worker.queue_prefetch = processes
        self.stopped = False
        self._lock = threading.Lock()  # a start and a stop from two threads never interleave

    def start(self, unavailable: Mapping[str, str] | None = None) -> None:
        """Take jobs from now on, never in the languages `unavailable` names (those that failed
        their self-test, with why). Once stopped, a pool never starts."""
        with self._lock:
            if self.stopped:
                return
            for process in self.processes:
                if unavailable is not None:
                    process.spec = dataclasses.replace(process.spec,
                                                       unavailable=dict(unavailable))
                process.start()
                self._idle.put(process)
            self.worker.start()

    def _handle(self, job: Job) -> None:
        process = self._idle.get()
        try:
            process.judge(job)
        finally:
            self._idle.put(process)

    def stop(self) -> None:
        """Finish the jobs in hand, then stop; unstarted prefetched jobs go back to the queue.

        A job still running after STOP_TIMEOUT_MS is abandoned: its lease runs out on the
        server and another process judges it."""
        with self._lock:
            if self.stopped:
                return
            self.stopped = True
        try:
            self.worker.stop(timeout=STOP_TIMEOUT_MS)
        finally:
            for process in self.processes:
                process.stop(timeout=5)


def judging_process(pipe: Connection, spec: ProcessSpec, slot: int) -> None:
    """The judging process's life: a job from the pipe, judged, answered, until told to stop
    or the pool's process is gone."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_IGN)
    threading.Thread(target=_end_with, args=(os.getppid(),), daemon=True).start()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)
    host = socket.gethostname()
    name = f"{host[:64]}:{os.getpid()}:{slot}"
    client = ServiceClient(spec.server_url, spec.token)
    sandbox = spec.sandbox_factory(spec.cache)
    folders = None
    try:
        # Named for this process: what a job killed with it leaves, the next worker removes.
        folders = OwnedFolders(JOB_FOLDER_PREFIX)
        job = JudgeJob(
            client,
            PackageCache(spec.cache.root / "packages"),
            lambda: sandbox,
            folders,
            spec.unavailable,
            name,
            HostGate(spec.cache.root / "gate"),
        )
        alive = threading.Event()
        beat = functools.partial(_heartbeat, client, name, host, job,
                                 describe_sandbox(sandbox.info))
        threading.Thread(target=_heartbeats, args=(beat, alive), daemon=True).start()
        _serve(pipe, job)
        alive.set()
    finally:
        if folders is not None:
            folders.close()
        sandbox.close()
        client.close()


def _serve(pipe: Connection, job: JudgeJob) -> None:
    while True:
        try:
            message = pipe.recv()
        except (EOFError, OSError):
            return  # the pool's process is gone
        if message is None:
            return
        try:
            job(Job(*message))
            answer = None
        except Exception as exc:  # noqa: BLE001 - the pool's queue retries the message
            log.warning("job failed, to be retried: %s", exc)
            answer = f"{type(exc).__name__}: {exc}"
        try:
            pipe.send(answer)
        except OSError:
            return


def _heartbeat(client: ServiceClient, name: str, host: str, job: JudgeJob, sandbox: str) -> None:
    """A worker whose sandbox is broken says so where operators look (the queue page), and
    offers no languages."""
    if job.health.broken:
        reason = f"{sandbox}; takes no jobs: {job.health.broken}"
        client.heartbeat(name, host, [], reason[:BEAT_SANDBOX_CHARS])
    else:
        client.heartbeat(name, host, job.languages, sandbox)


def _end_with(parent: int) -> None:
    """Kill this process once `parent` is gone (it is then no longer our parent)."""
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK_SECONDS)
    os.kill(os.getpid(), signal.SIGKILL)


def _heartbeats(beat: Callable[[], None], stopped: threading.Event) -> None:
    while True:
        try:
            beat()
        except Exception as exc:  # noqa: BLE001 - the server away for a moment: next beat
            log.info("heartbeat not sent: %s", exc)
        if stopped.wait(HEARTBEAT_SECONDS):
            return
