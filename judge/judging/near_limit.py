"""Runs that end near the time limit are run again: the verdict must not depend on a noisy host.

Noise only ever adds CPU time (another process on the core, a cold cache, an interrupt), never
takes it away. So a run that ran out of CPU time is run again, at most RERUNS times, and the
run with the smallest CPU time counts (its verdict, its output, its figures). A re-run may go
on to (1 + MARGIN) x the limit before it is stopped: one stopped there is clearly over the
limit and is not run a third time, so a program that loops for ever costs 1 + (1 + MARGIN)
limits, not three. Measured here: the same program on the same test read 717-759 ms in six
runs and 1173 ms in another, on a host shared with other judges.

A busy host can also keep a program from the CPU for so long that the wall-clock backstop
stops it (a program that needs 240 ms of a 300 ms limit was stopped at 1600 ms of wall time
here, with 183 ms of CPU time, while ten other processes ran on the two cores). A run stopped
by the wall clock after it had used at least BUSY_SHARE of its CPU limit was computing, not
sleeping or blocked: it is run again the same way. Among the attempts, one stopped by the wall
clock counts only when every attempt was.

A run stopped by the wall clock with little CPU time used may be a sleeper, or a program that a
loaded host (the web server, other judges) never let run: 49 ms of CPU in a 3 s backstop was
seen under a burst of submissions. It is not believed at once either: it runs once more, alone
(no other run of the judge goes on meanwhile) and with WALL_FACTOR times the backstop. A
sleeper is stopped again and is TLE; a starved program finishes. Either way the report says
how many runs it took.

Re-runs cost judging time, so a whole submission may spend at most a `Budget` of them: a
program that loops for ever on every test pays for its first re-runs, then each test's first
run is believed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Protocol, TypeVar

RERUNS = 2
MARGIN = 0.25
BUSY_SHARE = 0.5  # of the CPU limit, used before a wall-clock stop: a starved run, not a sleeper
WALL_FACTOR = 2  # the backstop of the re-run of a run stopped by the wall clock, idle


@dataclass(frozen=True)
class Caps:
    """What one run may use: CPU time and wall-clock time, in milliseconds."""

    cpu_ms: int
    wall_ms: int


class Budget:
    """Re-runs a whole submission may still spend (None: any number); shared by its tests,
    which may be judged side by side."""

    def __init__(self, reruns: int | None = None) -> None:
        self._left = reruns
        self._lock = threading.Lock()

    def take(self) -> bool:
        with self._lock:
            if self._left is None:
                return True
            if self._left <= 0:
                return False
            self._left -= 1
            return True


class Attempt(Protocol):
    """What this module needs of a run: its CPU time and whether it ran out of CPU time or
    of wall-clock time."""

    @property
    def cpu_ms(self) -> float: ...

    @property
    def out_of_cpu(self) -> bool: ...

    @property
    def out_of_wall(self) -> bool: ...


A = TypeVar("A", bound=Attempt)


def rerun_cap_ms(limit_ms: int) -> int:
    """The CPU cap of a re-run: the limit and its margin."""
    return int(limit_ms * (1 + MARGIN))


def near_limit(attempt: Attempt, limit_ms: int) -> bool:
    """Whether `attempt` ran out of CPU time but not by more than the margin, or ran out of
    wall-clock time while computing (a busy host starved it)."""
    if attempt.out_of_cpu:
        return attempt.cpu_ms <= rerun_cap_ms(limit_ms)
    return attempt.out_of_wall and attempt.cpu_ms >= BUSY_SHARE * limit_ms


def rerun_caps(attempts: list[Attempt], first: Caps) -> Caps | None:
    """The caps of the next run, or None when the last attempt is to be believed."""
    last = attempts[-1]
    if near_limit(last, first.cpu_ms):
        cpu_ms = rerun_cap_ms(first.cpu_ms)
        return Caps(cpu_ms, max(first.wall_ms, cpu_ms))
    if last.out_of_wall and len(attempts) == 1:  # idle when the wall clock stopped it
        return Caps(rerun_cap_ms(first.cpu_ms), WALL_FACTOR * first.wall_ms)
    return None


def run_near_limit(
    run: Callable[[Caps], A],
    first: Caps,
    reruns: int = RERUNS,
    alone: Callable[[], AbstractContextManager[object]] = nullcontext,
    budget: Budget | None = None,
) -> tuple[A, int]:
    """(the attempt with the smallest CPU time, how many re-runs it took).

    `run(caps)` runs the program once with those caps (`first`, then a re-run's). Re-runs run
    inside `alone()`: no other run goes on meanwhile, of the submission where its tests run
    side by side (judge.judging.lookahead), of the judge where its processes share a host
    (judge.judging.host_gate). `budget` bounds the re-runs of the whole submission.
    """
    attempts = [run(first)]
    while len(attempts) <= reruns:
        caps = rerun_caps(attempts, first)
        if caps is None or (budget is not None and not budget.take()):
            break
        with alone():
            attempts.append(run(caps))
    return min(attempts, key=lambda a: (a.out_of_wall, a.cpu_ms)), len(attempts) - 1
