"""Group results and scores, from the verdicts of the tests judged. Pure: data in, data out.

A test earns a share of its value: 1 when accepted, the checker's fraction when it gave partial
points (PA), its points over its value when a Kattis validator gave points (score.txt), 0
otherwise, and 0 when it was not judged. A test of a `sum` group is worth the group's points over
its tests; in the other groups each test is worth all of the group's points. A `min` group earns
its points times the smallest share (an IOI subtask: all or nothing unless a checker gives partial
points), `sum` and `avg` groups its points times the mean share, a `max` group its points times
the largest. (`sum` and `avg` differ only in what a validator's points are measured against: with
points p1..pn, `sum` earns p1 + ... + pn and `avg` their mean, as Kattis' graders do.) A share
above 1 counts as given: a legacy Kattis package declares no upper bound on a validator's points.
A group is fully accepted when every one of its tests was judged and accepted; a group that
depends on one that is not earns nothing.
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
    points: float | None = None  # a Kattis validator's points for the test (score.txt)

    @property
    def earned(self) -> float:
        """The share of a test worth 1 point (see share())."""
        return self.share(1.0)

    def share(self, value: float) -> float:
        """The part of the test's `value` it earned."""
        if self.verdict is Verdict.AC and self.points is not None:
            return self.points / value if value > 0 else 0.0
        if self.verdict is Verdict.AC:
            # a Kattis score multiplier leaves the test accepted with part of its value
            return 1.0 if self.fraction is None else self.fraction
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
        value = test_value(group, tests)
        earned = [s.share(value) for s in shares] + [0.0] * (tests - len(shares))
        if not earned:
            part = 0.0
        elif group.aggregation is Aggregation.MIN:
            part = min(earned)
        elif group.aggregation is Aggregation.MAX:
            part = max(earned)
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


def test_value(group: Group, tests: int) -> float:
    """What one test of `group` (which has `tests` tests) is worth."""
    points = group.points or 0.0
    if group.aggregation is Aggregation.SUM:
        return points / tests if tests else 0.0
    return points


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
