"""The awards read off a board (judge.contest.clics_awards): boards made by the scoring rules
from judged submissions, every award held to the 2023-06 award schema."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone

from judge.contest.clics_awards import awards
from judge.contest.clics_objects import award_object
from judge.contest.model import (
    Contest,
    ContestProblem,
    Group,
    JudgedSubmission,
    Medals,
    ScoreboardType,
    Team,
    View,
)
from judge.contest.standings import standings
from judge.verdicts.verdict import Verdict
from tests.contest.clics_schemas import errors

START = datetime(2026, 12, 4, 10, 0, tzinfo=timezone.utc)
CONTEST = Contest(
    id="medals", name="Medals", start_time=START, duration=timedelta(hours=5),
    problems=(ContestProblem("a", "A", 0), ContestProblem("b", "B", 1)),
    groups=(Group("north", "North"), Group("south", "South"), Group("staff", "Staff", True)),
    teams=tuple(Team(f"t{n}", f"Team {n}", group_ids=("north",) if n % 2 else ("south",))
                for n in range(1, 7)) + (Team("s", "Staff team", group_ids=("staff",)),),
)


def solve(team: str, problem: str, minutes: int, verdict: Verdict = Verdict.AC):
    return JudgedSubmission(f"{team}-{problem}-{minutes}", team, problem,
                            START + timedelta(minutes=minutes), timedelta(minutes=minutes),
                            verdict)


def given(contest: Contest, submissions, medals: Medals | None = None,
          view: View = View.JURY) -> dict[str, tuple[str, ...]]:
    contest = replace(contest, medals=medals)
    found = awards(contest, standings(contest, submissions, view))
    for award in found:
        assert not errors("award.json", award_object(award))
    assert not errors("awards.json", [award_object(award) for award in found])
    return {award.id: tuple(sorted(award.team_ids)) for award in found}


def test_medals_go_by_place_and_teams_that_tie_share_one():
    board = [
        solve("s", "a", 1), solve("s", "b", 2),  # hidden: ranks first, wins nothing
        solve("t1", "a", 10), solve("t1", "b", 20),
        solve("t2", "a", 10), solve("t2", "b", 20),  # ties with t1 for first place
        solve("t3", "a", 30), solve("t3", "b", 40),
        solve("t4", "a", 50),
        solve("t5", "a", 60, Verdict.WA),  # no score: no medal, whatever the counts
    ]
    found = given(CONTEST, board, Medals(gold=1, silver=1, bronze=2))
    assert found == {
        "winner": ("t1", "t2"),
        "gold-medal": ("t1", "t2"),  # place 1, shared
        "silver-medal": (),  # place 2 is nobody's: t3 is third
        "bronze-medal": ("t3", "t4"),  # places 3 and 4
        "first-to-solve-a": ("t1", "t2"),  # the same instant
        "first-to-solve-b": ("t1", "t2"),
        "group-winner-north": ("t1",),
        "group-winner-south": ("t2",),
    }


def test_before_anyone_scores_every_award_is_there_and_empty():
    found = given(CONTEST, [solve("t1", "a", 5, Verdict.WA)], Medals(gold=4))
    assert found == {"winner": (), "gold-medal": (), "first-to-solve-a": (),
                     "first-to-solve-b": (), "group-winner-north": (),
                     "group-winner-south": ()}


def test_a_frozen_board_gives_the_awards_the_public_may_know():
    frozen = replace(CONTEST, scoreboard_freeze_duration=timedelta(hours=1))
    board = [solve("t1", "a", 30), solve("t2", "a", 250), solve("t2", "b", 260)]
    assert given(frozen, board, view=View.PUBLIC)["winner"] == ("t1",)
    assert given(frozen, board, view=View.JURY)["winner"] == ("t2",)
    assert given(frozen, board, view=View.PUBLIC)["first-to-solve-b"] == ()


def test_a_score_contest_has_winners_but_no_first_to_solve():
    scored = replace(CONTEST, scoreboard_type=ScoreboardType.SCORE)
    board = [JudgedSubmission("1", "t3", "a", START, timedelta(0), Verdict.PA, score=40),
             JudgedSubmission("2", "t4", "a", START, timedelta(0), Verdict.PA, score=30)]
    found = given(scored, board, Medals(silver=1))
    assert found == {"winner": ("t3",), "silver-medal": ("t3",),
                     "group-winner-north": ("t3",), "group-winner-south": ("t4",)}
