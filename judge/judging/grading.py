"""Judging tests group by group: dependencies, `on_reject`, early stops, and group results.

The runner hands in a function that judges one test; this module decides which tests are judged and
in which order, and grades each group (judge.judging.scoring). It starts no process itself, so its
rules are tested with a fake judge function.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from judge.problem.groups import Group, OnReject
from judge.judging.scoring import GroupResult, CaseShare, grade_group, unmet_dependency
from judge.problem.testdata import TestCase
from judge.verdicts.verdict import Verdict


class JudgedTest(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def verdict(self) -> Verdict: ...

    @property
    def fraction(self) -> float | None: ...

    @property
    def points(self) -> float | None: ...


R = TypeVar("R", bound=JudgedTest)


@dataclass(frozen=True)
class Batch(Generic[R]):
    """Judging several tests at once, and the result after which to start doing so."""

    judge: Callable[[list[TestCase]], list[R]]  # results in the order of the tests given
    after: Callable[[R], bool]


# A test that gets one of these is rejected; a partially accepted one is not: a `min` group
# may still lose more on a later test, so `on_reject: break` goes on after it.
NOT_REJECTED = (Verdict.AC, Verdict.PA)


def judge_groups(
    groups: Sequence[Group],
    cases: Sequence[TestCase],
    judge: Callable[[TestCase], R],
    stop: Callable[[R], bool],
    batch: Batch | None = None,
) -> tuple[list[R], list[GroupResult]]:
    """Judge `cases` in group order; `stop(result)` ends all judging after that test.

    With `batch`, once a result asks for it (`batch.after(result)`), the tests still to judge
    go to `batch.judge` a group at a time (it may run them in parallel); within a group the
    results are then read in order as if judged one by one, and those after a stop or an
    `on_reject: break` are dropped. Groups without tests are left out of a pass/fail
    problem's results; a scored group without tests still shows (it can earn nothing).
    """
    results: list[R] = []
    graded: dict[str, GroupResult] = {}
    stopped_at = ""
    batched = False
    for group in (*groups, *_unlisted_groups(groups, cases)):
        members = [case for case in cases if case.group == group.name]
        if not members and group.points is None:
            continue
        reason = f"judging stopped after test {stopped_at}" if stopped_at else ""
        reason = reason or unmet_dependency(group, graded)
        judged: list[R] = []
        pending = [] if reason else list(members)
        while pending:
            if batched:
                fresh, pending = batch.judge(pending), []
            else:
                fresh = [judge(pending.pop(0))]
            for result in fresh:
                judged.append(result)
                batched = batched or (batch is not None and batch.after(result))
                rejected = result.verdict not in NOT_REJECTED
                if stop(result) or (group.on_reject is OnReject.BREAK and rejected):
                    stopped_at = result.name if stop(result) else stopped_at
                    pending = []
                    break
        if not reason and len(judged) < len(members):
            last = judged[-1]
            reason = f"judging stopped after test {last.name} ({last.verdict.value})"
        results.extend(judged)
        shares = [CaseShare(r.verdict, r.fraction, r.points) for r in judged]
        graded[group.name] = grade_group(group, len(members), shares, reason)
    return results, list(graded.values())


def _unlisted_groups(groups: Sequence[Group], cases: Sequence[TestCase]) -> list[Group]:
    """Groups that tests name but problem.yaml does not (e.g. a stress run's own cases)."""
    known = {group.name for group in groups}
    names = dict.fromkeys(case.group for case in cases if case.group not in known)
    return [Group(name, "*") for name in names]
