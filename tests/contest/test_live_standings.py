"""Standings kept up to date cell by cell (judge.contest.live) are, after every change, the
standings the rules make from scratch of the submissions as they are then: new submissions
pending, then judged, rejudged, moved off the board; before and during the freeze, thawed, on
the public and the jury's board, pass-fail and scored, with hidden teams."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta

import pytest

from judge.contest.live import LiveStandings
from judge.contest.model import Group, JudgedSubmission, ScoreboardType, ScoreMode, View
from judge.contest.standings import rules_of, standings
from judge.verdicts.verdict import Verdict
from tests.contest.generated import SUBTASKS, generated_contest

CHANGES = 150


def order(submission: JudgedSubmission) -> tuple:
    return submission.submitted_at, int(submission.id)


def contest_and_submissions(kind: str):
    contest, made = generated_contest(random.Random(3), 30, 400)
    # Two hidden teams (one hidden itself, one through its group): never first to solve.
    teams = list(contest.teams)
    teams[0] = replace(teams[0], hidden=True)
    teams[1] = replace(teams[1], group_ids=("staff",))
    contest = replace(contest, teams=tuple(teams), groups=(Group("staff", "Staff", True),))
    if kind == "subtask-sum":
        contest = replace(contest, scoreboard_type=ScoreboardType.SCORE)
    elif kind == "best-submission":
        contest = replace(contest, scoreboard_type=ScoreboardType.SCORE,
                          score_mode=ScoreMode.BEST_SUBMISSION, time_tiebreak=True)
    return contest, made


def changed(rng: random.Random, contest, current: dict[str, JudgedSubmission],
            next_id: int) -> tuple[list[JudgedSubmission], list[JudgedSubmission]]:
    """One change as the service sees it: (the submissions as they were, as they are now)."""
    what = rng.random()
    if what < 0.35 or not current:  # a new one, not judged yet (some at the very same instant)
        team = rng.choice(contest.teams).id
        problem = rng.choice(contest.problems).id
        if rng.random() < 0.1 and current:
            at = rng.choice(list(current.values())).contest_time
        else:
            at = timedelta(seconds=rng.uniform(0, 5 * 3600))
        return [], [JudgedSubmission(str(next_id), team, problem, contest.start_time + at, at,
                                     None)]
    old = rng.choice(list(current.values()))
    if what < 0.9:  # judged, or rejudged
        verdict = rng.choice([Verdict.AC, Verdict.WA, Verdict.TLE, Verdict.CE, Verdict.JE, None])
        parts = tuple(rng.choice((0.0, points)) if verdict is not Verdict.AC else points
                      for points in SUBTASKS)
        return [old], [replace(old, verdict=verdict, score=sum(parts), subtask_scores=parts)]
    return [old], []  # off the board (its team left the contest, say)


@pytest.mark.parametrize("kind", ["pass-fail", "subtask-sum", "best-submission"])
@pytest.mark.parametrize(("view", "thawed"), [(View.PUBLIC, False), (View.PUBLIC, True),
                                              (View.JURY, False)])
def test_live_standings_equal_the_rules_after_every_change(kind, view, thawed):
    contest, made = contest_and_submissions(kind)
    current = {s.id: s for s in made}
    live = LiveStandings(rules_of(contest), contest, view, thawed, sorted(made, key=order),
                         order)
    assert live.standings == standings(contest, sorted(made, key=order), view, thawed)
    rng = random.Random(f"{kind}{view}{thawed}")
    frozen_seen = set()
    for number in range(CHANGES):
        gone, came = changed(rng, contest, current, 10_000 + number)
        for submission in gone:
            del current[submission.id]
        for submission in came:
            current[submission.id] = submission
        got = live.update(gone, came)
        expected = standings(contest, sorted(current.values(), key=order), view, thawed)
        assert got == expected, f"after change {number}: {gone} -> {came}"
        frozen_seen.add(got.frozen)
    assert frozen_seen == ({True} if view is View.PUBLIC and not thawed else {False})


def test_a_change_off_the_board_leaves_the_standings_as_they_were():
    contest, made = contest_and_submissions("pass-fail")
    live = LiveStandings(rules_of(contest), contest, View.PUBLIC, False,
                         sorted(made, key=order), order)
    before = live.standings
    hidden = contest.teams[0].id  # not on the public board
    stranger = JudgedSubmission("99999", hidden, contest.problems[0].id, contest.start_time,
                                timedelta(0), Verdict.AC)
    assert live.update([], [stranger]) is before
    nobody = replace(stranger, team_id="not-a-team")
    assert live.update([], [nobody]) is before


def test_first_to_solve_moves_to_an_earlier_solve_and_back():
    contest, _ = contest_and_submissions("pass-fail")
    a, b = contest.teams[5].id, contest.teams[6].id
    problem = contest.problems[0].id
    late = JudgedSubmission("1", a, problem, contest.start_time + timedelta(minutes=50),
                            timedelta(minutes=50), Verdict.AC)
    live = LiveStandings(rules_of(contest), contest, View.JURY, False, [late], order)

    def firsts():
        return {(row.team_id, cell.problem_id) for row in live.standings.rows
                for cell in row.cells if cell.first_to_solve}

    assert firsts() == {(a, problem)}
    early = JudgedSubmission("2", b, problem, contest.start_time + timedelta(minutes=10),
                             timedelta(minutes=10), None)
    live.update([], [early])
    assert firsts() == set()  # an earlier submission, not judged yet, withholds it
    live.update([early], [replace(early, verdict=Verdict.AC)])
    assert firsts() == {(b, problem)}
    live.update([replace(early, verdict=Verdict.AC)], [replace(early, verdict=Verdict.WA)])
    assert firsts() == {(a, problem)}
    top = live.standings.rows[0]
    assert (top.team_id, top.rank, top.num_solved, top.total_time) == (a, 1, 1, 50)


def test_teams_outside_the_view_are_not_rows():
    contest, made = contest_and_submissions("pass-fail")
    live = LiveStandings(rules_of(contest), contest, View.PUBLIC, False,
                         sorted(made, key=order), order)
    listed = {row.team_id for row in live.standings.rows}
    assert listed == {team.id for team in contest.teams} - {"t0", "t1"}
