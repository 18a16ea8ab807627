"""The tests of one submission on all cores: judged ahead of the caller, taken in test order.

A test's time is its own run's CPU time, so the tests of a submission may run side by side, each in
a sandbox of its own. What side by side adds is noise (a shared cache, a busy memory bus, a
hyperthread sibling), and noise only ever adds time: a run that runs out of time near the limit is
run again (judge.judging.near_limit) alone, with no other run of the submission going on, through
the `Gate` every run passes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from judge.judging.parallel import SandboxPerThread
from judge.sandbox.wrapping import SandboxWrapper
from judge.sandbox.api import PairResult, RunRequest, RunResult, Sandbox

if TYPE_CHECKING:
    from concurrent.futures import Future

T = TypeVar("T")
R = TypeVar("R")


class Gate:
    """Runs pass it together; a run to be measured alone waits until the runs in progress are
    done, and holds new ones back until it is (they wait behind it, so it does not starve)."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._running = 0
        self._alone: int | None = None  # the thread whose run is measured alone
        self._waiting = 0  # threads waiting to run alone

    @contextmanager
    def shared(self) -> Iterator[None]:
        if self._alone == threading.get_ident():  # its own run, alone: it passes
            yield
            return
        with self._changed:
            self._changed.wait_for(lambda: self._alone is None and not self._waiting)
            self._running += 1
        try:
            yield
        finally:
            with self._changed:
                self._running -= 1
                self._changed.notify_all()

    @contextmanager
    def alone(self) -> Iterator[None]:
        with self._changed:
            self._waiting += 1
            self._changed.wait_for(lambda: self._alone is None and not self._running)
            self._waiting -= 1
            self._alone = threading.get_ident()
        try:
            yield
        finally:
            with self._changed:
                self._alone = None
                self._changed.notify_all()


@dataclass
class GatedSandbox(SandboxWrapper):
    """A sandbox whose runs pass a Gate."""

    inner: Sandbox
    gate: Gate

    def run(self, request: RunRequest) -> RunResult:
        with self.gate.shared():
            return self.inner.run(request)

    def run_pair(
        self, submission: RunRequest, interactor: RunRequest, grace_ms: int = 1000
    ) -> PairResult:
        with self.gate.shared():
            return self.inner.run_pair(submission, interactor, grace_ms)


class Lookahead(Generic[T, R]):
    """job(sandbox, item, alone) for every item, `workers` at a time, each worker thread with a
    sandbox of its own (`first`, then made by `factory`), in the order of `items`; `result(i)`
    waits for item i's. `alone` is the Gate's: a job measures a run alone inside it. `close`
    drops the jobs not started yet and waits for those running."""

    def __init__(
        self,
        job: Callable[[Sandbox, T, Callable[[], object]], R],
        items: Sequence[T],
        workers: int,
        first: Sandbox,
        factory: Callable[[], Sandbox],
    ) -> None:
        from concurrent.futures import ThreadPoolExecutor  # with logging: for parallel runs only

        gate = Gate()
        self._sandboxes = SandboxPerThread(factory, first=first)
        self._pool = ThreadPoolExecutor(max_workers=max(1, workers))

        def run(item: T) -> R:
            return job(GatedSandbox(self._sandboxes.get(), gate), item, gate.alone)

        self._futures: list[Future[R]] = [self._pool.submit(run, item) for item in items]

    def result(self, index: int) -> R:
        return self._futures[index].result()

    def close(self) -> None:
        try:
            self._pool.shutdown(wait=True, cancel_futures=True)
        finally:
            self._sandboxes.close()

    def __enter__(self) -> Lookahead[T, R]:
        return self

    def __exit__(self, kind, *exc) -> None:
        if kind is not None and issubclass(kind, KeyboardInterrupt):  # Ctrl-C, SIGTERM
            self._sandboxes.interrupt()  # the runs going end now, none is run again
        self.close()
