"""Scores and the order of judging, as pure functions: aggregation, dependencies, on_reject."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from judge.judging.grading import Batch, judge_groups
from judge.problem.groups import Aggregation, Group, OnReject
from judge.judging.scoring import CaseShare, grade_group, total_score, unmet_dependency
from judge.problem.testdata import TestCase as Case
from judge.verdicts.verdict import Verdict

AC, PA, WA, TLE = Verdict.AC, Verdict.PA, Verdict.WA, Verdict.TLE


def shares(*items) -> list[CaseShare]:
    return [item if isinstance(item, CaseShare) else CaseShare(item) for item in items]


@pytest.mark.parametrize(
    "aggregation, judged, tests, expected",
    [
        (Aggregation.MIN, [AC, AC, AC], 3, 30),
        (Aggregation.MIN, [AC, WA, AC], 3, 0),
        (Aggregation.MIN, [AC, CaseShare(PA, 0.5), AC], 3, 15),
        (Aggregation.MIN, [AC, AC], 3, 0),  # a test not judged earns nothing
        (Aggregation.SUM, [AC, AC, AC], 3, 30),
        (Aggregation.SUM, [AC, WA, AC], 3, 20),
        (Aggregation.SUM, [AC, CaseShare(PA, 0.25), TLE], 3, 12.5),
        (Aggregation.SUM, [AC], 3, 10),
    ],
)
def test_group_scores(aggregation, judged, tests, expected):
    group = Group("g", "g-*", points=30, aggregation=aggregation)
    result = grade_group(group, tests, shares(*judged))
    assert result.score == pytest.approx(expected)
    assert result.max_score == 30


@pytest.mark.parametrize(
    "aggregation, points, expected",
    [
        # Kattis' graders over a validator's points 6, 9 and 3 (score.txt)
        (Aggregation.SUM, [6, 9, 3], 18),  # sum: each test worth 30 / 3, shares 0.6, 0.9, 0.3
        (Aggregation.AVG, [6, 9, 3], 6),  # avg: the mean
        (Aggregation.MIN, [6, 9, 3], 3),
        (Aggregation.MAX, [6, 9, 3], 9),
        (Aggregation.SUM, [6, 9], 15),  # a test not judged earns nothing
        (Aggregation.AVG, [50, 45, 40], 45),  # above the group's points: counted as given
    ],
)
def test_a_validators_points_aggregate_as_kattis_graders_do(aggregation, points, expected):
    group = Group("g", "g-*", points=30, aggregation=aggregation)
    judged = [CaseShare(AC, points=p) for p in points]
    assert grade_group(group, 3, judged).score == pytest.approx(expected)


def test_avg_and_max_of_accepted_tests():
    assert grade_group(Group("g", "*", 30, Aggregation.AVG), 3, shares(AC, WA, AC)).score == 20
    assert grade_group(Group("g", "*", 30, Aggregation.MAX), 3, shares(WA, AC, WA)).score == 30
    assert grade_group(Group("g", "*", 30, Aggregation.MAX), 2, shares(WA, WA)).score == 0


def test_shares_of_a_sum_group_round_to_whole_points():
    group = Group("g", "*", points=100, aggregation=Aggregation.SUM)
    assert grade_group(group, 3, shares(AC, AC, AC)).score == 100
    assert grade_group(group, 3, shares(AC, AC, WA)).score == 66.666667


def test_pass_fail_groups_have_no_score():
    result = grade_group(Group("rest", "*"), 2, shares(AC, WA))
    assert result.score is None and result.verdict is WA
    assert total_score([result]) is None


def test_a_dependency_must_be_fully_accepted():
    needs = Group("full", "*", points=50, depends_on=("small",))
    small = Group("small", "s*", points=50)
    assert unmet_dependency(needs, {"small": grade_group(small, 2, shares(AC, AC))}) == ""
    for judged in ([AC, WA], [AC], [AC, CaseShare(PA, 0.9)]):
        finished = {"small": grade_group(small, 2, shares(*judged))}
        assert "depends on group 'small'" in unmet_dependency(needs, finished)


@dataclass(frozen=True)
class FakeResult:
    name: str
    verdict: Verdict
    fraction: float | None = None
    points: float | None = None


def run(groups, verdicts: dict[str, Verdict], stop=lambda r: False):
    """judge_groups over tests named in `verdicts` ('group-n'), with a fake judge function."""
    cases = [
        Case(name, name.split("-")[0], Path(name + ".in"), Path(name + ".ans")) for name in verdicts
    ]
    judged = []

    def judge(case: Case) -> FakeResult:
        judged.append(case.name)
        return FakeResult(case.name, verdicts[case.name])

    results, graded = judge_groups(groups, cases, judge, stop)
    assert [r.name for r in results] == judged
    return judged, {g.name: g for g in graded}


def test_on_reject_break_stops_the_group_but_not_the_next_one():
    groups = [
        Group("a", "a-*", points=50, on_reject=OnReject.BREAK),
        Group("b", "b-*", points=50, aggregation=Aggregation.SUM),
    ]
    judged, graded = run(groups, {"a-1": AC, "a-2": WA, "a-3": AC, "b-1": AC, "b-2": WA})
    assert judged == ["a-1", "a-2", "b-1", "b-2"]
    assert graded["a"].judged == 2 and graded["a"].score == 0
    assert "stopped after test a-2 (WA)" in graded["a"].skipped
    assert graded["b"].score == 25


def test_on_reject_break_goes_on_after_partial_points():
    groups = [Group("a", "a-*", points=10, on_reject=OnReject.BREAK)]
    judged, _ = run(groups, {"a-1": PA, "a-2": AC})
    assert judged == ["a-1", "a-2"]


def test_a_group_whose_dependency_failed_is_not_judged():
    groups = [
        Group("small", "small-*", points=40),
        Group("full", "full-*", points=60, depends_on=("small",)),
    ]
    judged, graded = run(groups, {"small-1": WA, "full-1": AC})
    assert judged == ["small-1"]
    assert graded["full"].judged == 0 and graded["full"].score == 0
    assert graded["full"].verdict is None
    assert graded["full"].skipped == "depends on group 'small', which is not fully accepted"


def test_a_stop_ends_every_later_group():
    groups = [Group("a", "a-*"), Group("b", "b-*")]
    judged, graded = run(
        groups, {"a-1": WA, "a-2": AC, "b-1": AC}, stop=lambda r: not r.verdict.accepted
    )
    assert judged == ["a-1"]
    assert graded["b"].judged == 0 and "stopped after test a-1" in graded["b"].skipped


def test_empty_groups_show_only_when_scored():
    _, graded = run([Group("samples", "sample*"), Group("rest", "*")], {"rest-1": AC})
    assert list(graded) == ["rest"]
    _, graded = run([Group("a", "a-*", points=10), Group("b", "b-*", points=90)], {"b-1": AC})
    assert graded["a"].score == 0 and graded["b"].score == 90


def test_after_a_tle_the_rest_of_each_group_goes_to_a_batch():
    groups = [
        Group("a", "a-*", points=50, on_reject=OnReject.BREAK),
        Group("b", "b-*", points=50, depends_on=("a",)),
        Group("c", "c-*", points=0),
    ]
    verdicts = {"a-1": TLE, "a-2": AC, "b-1": AC, "c-1": AC, "c-2": WA, "c-3": AC}
    cases = [Case(n, n.split("-")[0], Path(n + ".in"), Path(n + ".ans")) for n in verdicts]
    one_by_one, batches = [], []

    def judge(case: Case) -> FakeResult:
        one_by_one.append(case.name)
        return FakeResult(case.name, verdicts[case.name])

    def judge_batch(rest: list[Case]) -> list[FakeResult]:
        batches.append([case.name for case in rest])
        return [FakeResult(case.name, verdicts[case.name]) for case in rest]

    batch = Batch(judge_batch, after=lambda result: result.verdict is TLE)
    results, graded = judge_groups(groups, cases, judge, lambda r: False, batch)
    assert one_by_one == ["a-1"]
    # group a stopped at its TLE (on_reject: break), b depends on a, c went as one batch
    assert batches == [["c-1", "c-2", "c-3"]]
    assert [r.name for r in results] == ["a-1", "c-1", "c-2", "c-3"]
    assert graded[1].skipped.startswith("depends on group 'a'")


@pytest.mark.parametrize(
    "on_reject, judged",
    [
        (OnReject.CONTINUE, ["a-1", "a-2", "a-3", "a-4"]),
        (OnReject.BREAK, ["a-1", "a-2", "a-3"]),  # a-4 was judged in the batch, then dropped
    ],
)
def test_a_batch_is_read_in_order_as_if_judged_one_by_one(on_reject, judged):
    verdicts = {"a-1": AC, "a-2": AC, "a-3": WA, "a-4": AC}
    cases = [Case(n, "a", Path(n + ".in"), Path(n + ".ans")) for n in verdicts]

    def judge(case: Case) -> FakeResult:
        return FakeResult(case.name, verdicts[case.name])

    batch = Batch(lambda rest: [judge(case) for case in rest], after=lambda result: True)
    group = Group("a", "a-*", points=10, on_reject=on_reject)
    results, _ = judge_groups([group], cases, judge, lambda r: False, batch)
    assert [r.name for r in results] == judged
