"""Group results and scores, from the verdicts of the tests judged. Pure: data in, data out.

A test earns a share of its group's value: 1 when accepted, the checker's fraction when it gave
partial points (PA), 0 otherwise, and 0 when it was not judged. A `min` group earns its points
times the smallest share (an IOI subtask: all or nothing unless a checker gives partial points);
a `sum` group earns its points times the mean share. A group is fully accepted when every one of
its tests was judged and accepted; a group that depends on one that is not earns nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judge.problem.groups import Aggregation, Group
from judge.verdicts.verdict import Verdict, overall_verdict

SCORE_DIGITS = 6  # scores are rounded so that 3 x 33.333333 prints as 100, not 99.999999


@dataclass(frozen=True)
class CaseShare:
    """What one judged test contributes to its group."""

    verdict: Verdict
    fraction: float | None = None  # the checker's partial points, for PA

    @property
    def earned(self) -> float:
        if self.verdict is Verdict.AC:
            return 1.0
        if self.verdict is Verdict.PA and self.fraction is not None:
            return self.fraction
        return 0.0


@dataclass(frozen=True)
class GroupResult:
    name: str
    verdict: Verdict | None  # the first test that is not accepted decides; None: nothing judged
    tests: int  # tests in the group
    judged: int  # tests of it that were judged
    score: float | None = None  # None for pass/fail problems
    max_score: float | None = None
    skipped: str = ""  # why some or all of its tests were not judged

    @property
    def fully_accepted(self) -> bool:
        return self.judged == self.tests and self.verdict is Verdict.AC


def grade_group(
    group: Group, tests: int, shares: Sequence[CaseShare], skipped: str = ""
) -> GroupResult:
    """The result of `group`, which has `tests` tests, of which `shares` were judged."""
    verdict = overall_verdict([s.verdict for s in shares]) if shares else None
    score = None
    if group.points is not None:
        earned = [s.earned for s in shares] + [0.0] * (tests - len(shares))
        if not earned:
            part = 0.0
        elif group.aggregation is Aggregation.MIN:
            part = min(earned)
        else:
            part = sum(earned) / len(earned)
        score = round(group.points * part, SCORE_DIGITS)
    return GroupResult(
        name=group.name,
        verdict=verdict,
        tests=tests,
        judged=len(shares),
        score=score,
        max_score=group.points,
        skipped=skipped,
    )


def unmet_dependency(group: Group, finished: dict[str, GroupResult]) -> str:
    """Why `group` must not be judged (a group it depends on is not fully accepted), or ''."""
    for name in group.depends_on:
        done = finished.get(name)
        if done is None or not done.fully_accepted:
            return f"depends on group '{name}', which is not fully accepted"
    return ""


def total_score(groups: Sequence[GroupResult]) -> float | None:
    """The sum of the groups' scores; None for pass/fail problems."""
    scores = [g.score for g in groups if g.score is not None]
    if len(scores) != len(groups) or not groups:
        return None
    return round(sum(scores), SCORE_DIGITS)
