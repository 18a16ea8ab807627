"""Running jobs on all cores, each worker thread with a sandbox of its own.

Runs are separate processes, so threads are enough for parallelism; a sandbox (which may hold a
fork server) is not shared between threads.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar
from collections.abc import Callable, Iterable

if TYPE_CHECKING:  # `judge submit` imports this module before its first sandbox opens
    from judge.sandbox.api import Sandbox

T = TypeVar("T")
R = TypeVar("R")


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)))


class SandboxPerThread:
    """Hands each thread its own sandbox, created on first use (the first thread to ask may be
    handed `first`, the caller's, which stays open); closes the ones it made at the end."""

    def __init__(self, factory: Callable[[], Sandbox], first: Sandbox | None = None) -> None:
        self._factory = factory
        self._first = first
        self._local = threading.local()
        self._created: list[Sandbox] = []
        self._handed: list[Sandbox] = []  # every one a thread has, `first` among them
        self._interrupted = False
        self._lock = threading.Lock()

    def get(self) -> Sandbox:
        sandbox = getattr(self._local, "sandbox", None)
        if sandbox is None:
            with self._lock:
                sandbox, self._first = self._first, None
            if sandbox is None:
                sandbox = self._factory()
                with self._lock:
                    self._created.append(sandbox)
            with self._lock:
                self._handed.append(sandbox)
                interrupted = self._interrupted
            if interrupted:  # a thread that was still opening its sandbox: it runs nothing
                sandbox.interrupt()
            self._local.sandbox = sandbox
        return sandbox

    def interrupt(self) -> None:
        """The command is interrupted: the runs going in the threads' sandboxes end now, and
        none is started or tried again (the sandboxes serve no run after it)."""
        with self._lock:
            self._interrupted = True
            handed = list(self._handed)
        for sandbox in handed:
            sandbox.interrupt()

    def close(self) -> None:
        with self._lock:
            for sandbox in self._created:
                sandbox.close()
            self._created.clear()

    def map(
        self,
        job: Callable[[Sandbox, T], R],
        items: Iterable[T],
        workers: int,
        on_done: Callable[[R], None] | None = None,
    ) -> list[R]:
        """job(sandbox, item) for every item, in parallel; results in the order of `items`.

        `on_done` sees each result as soon as it is ready (for progress bars)."""

        def run(item: T) -> R:
            result = job(self.get(), item)
            if on_done is not None:
                on_done(result)
            return result

        from concurrent.futures import ThreadPoolExecutor  # with logging: for parallel runs only

        pool = ThreadPoolExecutor(max_workers=max(1, workers))
        try:
            return list(pool.map(run, items))
        except KeyboardInterrupt:  # Ctrl-C, SIGTERM (cli.Terminated)
            self.interrupt()  # else a run the interruption stopped would be run again
            raise
        finally:
            # On an interruption (Ctrl-C, SIGTERM) the jobs not started yet are dropped: only
            # those running are waited for, before their sandboxes close.
            pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> SandboxPerThread:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class SandboxesOpening:
    """`count` sandboxes opened ahead, each in a thread of its own, while the caller goes on
    (a fork server takes some 30 ms to start: the workers of a submission then start together,
    and the first one while `judge submit` still loads the problem). `take` hands one out,
    waiting for it if need be, or opens a new one once all are taken; `close` closes those
    never taken. An error opening one is raised by the `take` that gets it."""

    def __init__(self, factory: Callable[[], Sandbox], count: int) -> None:
        self._factory = factory
        self._lock = threading.Lock()
        self._pending = deque(_Opening(factory) for _ in range(count))

    def take(self) -> Sandbox:
        with self._lock:
            opening = self._pending.popleft() if self._pending else None
        if opening is None:
            return self._factory()
        try:
            opening.wait()
        except BaseException:  # interrupted while it opens: `close` still closes it
            with self._lock:
                self._pending.appendleft(opening)
            raise
        return opening.result()

    def close(self) -> None:
        with self._lock:
            untaken, self._pending = list(self._pending), deque()
        for opening in untaken:
            try:
                sandbox = opening.result()
            except Exception:  # noqa: BLE001 - it never opened: nothing to close
                continue
            sandbox.close()

    def __enter__(self) -> SandboxesOpening:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _Opening:
    """One sandbox opening in a thread of its own. A plain thread, not a thread pool:
    concurrent.futures (and logging with it) cost some 10 ms to import, a tenth of the start-up
    of a `judge submit` on one test."""

    def __init__(self, factory: Callable[[], Sandbox]) -> None:
        self._sandbox: Sandbox | None = None
        self._error: BaseException | None = None
        # An event, not Thread.join: a join interrupted by Ctrl-C takes the thread for ended
        # (Python 3.11), and the next would not wait for the sandbox.
        self._done = threading.Event()
        threading.Thread(target=self._open, args=(factory,), name="sandbox-opening").start()

    def _open(self, factory: Callable[[], Sandbox]) -> None:
        try:
            self._sandbox = factory()
        except BaseException as exc:  # noqa: BLE001 - raised again in the thread that takes it
            self._error = exc
        finally:
            self._done.set()

    def wait(self) -> None:
        self._done.wait()

    def result(self) -> Sandbox:
        """The sandbox, once open (waiting for it); or the error that stopped it opening."""
        self.wait()
        if self._error is not None:
            raise self._error
        return self._sandbox


def map_with_sandboxes(
    factory: Callable[[], Sandbox],
    job: Callable[[Sandbox, T], R],
    items: Iterable[T],
    workers: int,
    on_done: Callable[[R], None] | None = None,
) -> list[R]:
    """SandboxPerThread.map with sandboxes of its own, closed when all jobs are done."""
    with SandboxPerThread(factory) as sandboxes:
        return sandboxes.map(job, items, workers, on_done)


@dataclass(frozen=True)
class ReadySandboxes:
    """Sandboxes opening ahead of a command, for the environment `key` stands for
    (AppContext.sandbox_key): a command of another cache folder opens its own."""

    key: tuple[str, ...]
    opening: SandboxesOpening

    def take(self, key: tuple[str, ...]) -> Sandbox | None:
        return self.opening.take() if key == self.key else None

    def close(self) -> None:
        self.opening.close()
