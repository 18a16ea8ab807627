"""The one entry point dispatches on the scoreboard type; a group's board (a division, a site)
lists only its teams, ranked among themselves, as the Contest API's scoreboard?group_id= does."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from judge.contest.model import ScoreboardType, View
from judge.contest.standings import filter_group, standings
from judge.errors import JudgeError
from tests.contest.generated import generated_contest
from tests.contest.golden import Case, assert_board, contest_of, submissions_of

DIVISIONS = Case(
    "two divisions and the staff",
    teams="""
        alpha groups=d1
        bravo groups=d2
        charlie groups=d1
        delta groups=d2
        echo groups=d1,staff
    """,
    groups="""
        d1
        d2
        staff hidden
    """,
    submissions="""
        bravo A 0:10:00 AC
        bravo B 0:20:00 AC
        alpha A 0:30:00 AC
        charlie A 0:30:00 AC
        delta B 0:40:00 WA
        echo A 0:01:00 AC
    """,
)


def board(case: Case, view: View):
    return standings(contest_of(case), submissions_of(case), view)


def test_a_division_is_ranked_among_its_own_teams():
    division = filter_group(board(DIVISIONS, View.PUBLIC), contest_of(DIVISIONS), "d1")
    assert_board(division, """
        rank team     solved time  A      B      C
        1    alpha    1      30    1@30   .      .
        1    charlie  1      30    1@30   .      .
    """)
    # first to solve stays the contest's: bravo's, on the other division's board
    assert_board(filter_group(board(DIVISIONS, View.PUBLIC), contest_of(DIVISIONS), "d2"), """
        rank team   solved time  A      B      C
        1    bravo  2      30    1@10*  1@20*  .
        2    delta  0      0     .      1      .
    """)


def test_the_jury_sees_hidden_teams_on_a_group_board_and_hidden_groups():
    contest = contest_of(DIVISIONS)
    assert_board(filter_group(board(DIVISIONS, View.JURY), contest, "d1"), """
        rank team     solved time  A      B  C
        1    echo     1      1     1@1    .  .
        2    alpha    1      30    1@30   .  .
        2    charlie  1      30    1@30   .  .
    """)
    assert [row.team_id for row in filter_group(board(DIVISIONS, View.JURY), contest,
                                                 "staff").rows] == ["echo"]


def test_a_hidden_group_is_no_group_on_the_public_board():
    with pytest.raises(JudgeError, match="no group 'staff'"):
        filter_group(board(DIVISIONS, View.PUBLIC), contest_of(DIVISIONS), "staff")


def test_an_unknown_group_is_named_with_the_groups_the_view_may_see():
    with pytest.raises(JudgeError, match=r"no group 'd3' \(known: d1, d2\)"):
        filter_group(board(DIVISIONS, View.PUBLIC), contest_of(DIVISIONS), "d3")


def test_standings_dispatch_on_the_scoreboard_type():
    case = Case("one of each", scoring=ScoreboardType.SCORE, problems="A=100",
                submissions="alpha A 0:10:00 PA 40")
    scored = board(case, View.PUBLIC)
    assert (scored.rows[0].score, scored.rows[0].cells[0].score) == (40.0, 40.0)
    pass_fail = board(DIVISIONS, View.PUBLIC)
    assert pass_fail.rows[0].score is None and pass_fail.rows[0].num_solved == 2


def test_a_score_division_is_ranked_by_score():
    case = Case("score divisions", scoring=ScoreboardType.SCORE, problems="A",
                teams="alpha groups=d1\nbravo groups=d2\ncharlie groups=d1", groups="d1\nd2",
                submissions="""
                    bravo A 0:10:00 PA 90
                    alpha A 0:10:00 PA 10
                    charlie A 0:20:00 PA 50
                """)
    division = filter_group(board(case, View.PUBLIC), contest_of(case), "d1")
    assert_board(division, """
        rank team     score  A
        1    charlie  50     50@20
        2    alpha    10     10@10
    """)


def test_the_thawed_public_board_is_the_jurys_without_the_hidden_teams():
    # A generated contest with every verdict, pending ones and a freeze (the benchmark's, small).
    contest, submissions = generated_contest(random.Random(7), teams=40, submissions=1500)
    contest = replace(contest, teams=tuple(replace(team, hidden=index % 9 == 0)
                                           for index, team in enumerate(contest.teams)))
    for scoring in ScoreboardType:
        scored = replace(contest, scoreboard_type=scoring)
        jury = standings(scored, submissions, View.JURY)
        thawed = standings(scored, submissions, View.PUBLIC, thawed=True)
        hidden = {team.id for team in contest.teams if team.hidden}
        public_rows = [(row.team_id, row.cells) for row in jury.rows if row.team_id not in hidden]
        assert [(row.team_id, row.cells) for row in thawed.rows] == public_rows
        assert standings(scored, submissions, View.PUBLIC).frozen and not thawed.frozen
        ranks = [row.rank for row in thawed.rows]
        assert ranks == sorted(ranks) and ranks[0] == 1
