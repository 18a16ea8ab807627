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
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Protocol, TypeVar

RERUNS = 2
MARGIN = 0.25
BUSY_SHARE = 0.5  # of the CPU limit, used before a wall-clock stop: a starved run, not a sleeper


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


def run_near_limit(
    run: Callable[[int], A],
    limit_ms: int,
    reruns: int = RERUNS,
    alone: Callable[[], AbstractContextManager[object]] = nullcontext,
) -> tuple[A, int]:
    """(the attempt with the smallest CPU time, how many re-runs it took).

    `run(cpu_cap_ms)` runs the program once with that CPU cap (the limit, then the re-run cap).
    Re-runs run inside `alone()`: where tests run side by side, no other run goes on meanwhile
    (judge.judging.lookahead).
    """
    attempts = [run(limit_ms)]
    while len(attempts) <= reruns and near_limit(attempts[-1], limit_ms):
        with alone():
            attempts.append(run(rerun_cap_ms(limit_ms)))
    return min(attempts, key=lambda a: (a.out_of_wall, a.cpu_ms)), len(attempts) - 1
