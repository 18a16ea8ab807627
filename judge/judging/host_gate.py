"""Runs of several judging processes on one host, and a re-run that must be measured alone.

The service judges in several processes at once on one machine (judge.service.worker). A run
that ran out of time near the limit, or that the wall clock stopped, is run again alone
(judge.judging.near_limit): then no other process of the judge may run a program meanwhile.
This gate does for processes what judge.judging.lookahead's Gate does for threads, with two
lock files: every run holds the `room` shared; a run to be measured alone takes the
`turnstile`, which holds back runs that would start, then the room to itself, once the runs
in progress are done (so it does not starve behind a stream of new ones).

Processes that share a folder share the gate: `judge serve` and `judge worker` use one in
their cache, so judges of one machine that share a cache keep out of each other's re-runs.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from judge.sandbox.wrapping import SandboxWrapper
from judge.sandbox.api import PairResult, RunRequest, RunResult, Sandbox


class HostGate:
    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.turnstile = folder / "turnstile.lock"
        self.room = folder / "room.lock"
        self._alone = False  # this process measures a run alone: its own runs pass

    @contextmanager
    def shared(self) -> Iterator[None]:
        if self._alone:
            yield
            return
        with _locked(self.turnstile, fcntl.LOCK_EX):
            pass  # waits while a run waits to be alone
        with _locked(self.room, fcntl.LOCK_SH):
            yield

    @contextmanager
    def alone(self) -> Iterator[None]:
        with _locked(self.turnstile, fcntl.LOCK_EX), _locked(self.room, fcntl.LOCK_EX):
            self._alone = True
            try:
                yield
            finally:
                self._alone = False


@contextmanager
def _locked(path: Path, how: int) -> Iterator[None]:
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(descriptor, how)
        yield
    finally:
        os.close(descriptor)  # releases the lock


@dataclass
class HostGatedSandbox(SandboxWrapper):
    """A sandbox whose runs pass a HostGate."""

    inner: Sandbox
    gate: HostGate

    def run(self, request: RunRequest) -> RunResult:
        with self.gate.shared():
            return self.inner.run(request)

    def run_pair(
        self, submission: RunRequest, interactor: RunRequest, grace_ms: int = 1000
    ) -> PairResult:
        with self.gate.shared():
            return self.inner.run_pair(submission, interactor, grace_ms)
