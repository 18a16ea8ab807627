"""Contests written by others: the submissions of DOMjudge's scoreboard integration test
(webapp/tests/Unit/Integration/ScoreboardIntegrationTest.php), and the ranks, solves, penalty
times and first-to-solve marks it expects, written in this project's golden notation.

Translated: DOMjudge's no-output is a rejection with a penalty (WA here); a submission it marks
invalid is ignored, so the caller leaves it out (the CCS requirements' "Ignoring submissions");
its freeze times (start + 0:30, 1:00, 1:10, 1:20 in a two-hour contest) are freeze lengths here.
DOMjudge's expected scores name team 0 and team 1 only; team 2 made no submission.
"""

from __future__ import annotations

import pytest

from judge.contest.icpc import icpc_standings
from judge.contest.model import View
from tests.contest.golden import Case, assert_board, contest_of, submissions_of

TEAMS = "team0\nteam1\nteam2"

DEFAULT = """
    team0 A 0:53:15.053 WA
    team0 A 0:53:57.240 -
    team1 A 1:01:00 CE
    team1 A 1:09:00 AC
    team1 A 1:12:07.824 WA
    team1 B 1:12:39.733 WA
    team1 B 1:12:59.999 AC
    team1 B 1:19:00 WA
    team1 C 1:24:42 -
"""

# No freeze, and the jury at any freeze: team 1 first; A has no first to solve (team 0's
# unjudged submission is earlier), B is team 1's.
LIVE = """
    rank team   solved time  A     B      C
    1    team1  2      161   1@69  2@72*  0?1
    2    team0  0      0     1?1   .      .
    2    team2  0      0     .     .      .
"""


@pytest.mark.parametrize("freeze", [None, "1:30:00", "1:00:00", "0:40:00"])
def test_the_jury_board_does_not_depend_on_the_freeze(freeze):
    case = Case("DOMjudge default submissions", teams=TEAMS, duration="2:00:00", freeze=freeze,
                submissions=DEFAULT)
    assert_board(icpc_standings(contest_of(case), submissions_of(case), View.JURY), LIVE)
    if freeze is None:
        assert_board(icpc_standings(contest_of(case), submissions_of(case), View.PUBLIC), LIVE)


def test_the_public_board_frozen_at_one_hour_ten():
    # Only A's solve (1:09) is before the freeze; B's solve is after it, so no first to solve.
    case = Case("DOMjudge public freeze", teams=TEAMS, duration="2:00:00", freeze="0:50:00",
                submissions=DEFAULT)
    assert_board(icpc_standings(contest_of(case), submissions_of(case), View.PUBLIC), """
        rank team   solved time  A     B    C
        1    team1  1      69    1@69  0?3  0?1
        2    team0  0      0     1?1   .    .
        2    team2  0      0     .     .    .
    """)


@pytest.mark.parametrize("freeze", [None, "1:00:00", "0:40:00"])
@pytest.mark.parametrize("view", [View.PUBLIC, View.JURY])
def test_one_single_first_to_solve_by_a_millisecond(freeze, view):
    # A: team 0 solves 1 ms before team 1, in the same minute; B: team 1 solves first.
    case = Case("DOMjudge one single FTS", teams=TEAMS, duration="2:00:00", freeze=freeze,
                submissions="""
                    team0 A 0:53:15.053 AC
                    team0 A 0:53:57.240 -
                    team0 A 0:53:59.841 WA
                    team0 B 1:01:00 AC
                    team1 A 0:53:15.054 AC
                    team1 B 0:59:59.999 AC
                """)
    board = icpc_standings(contest_of(case), submissions_of(case), view)
    firsts = {(row.team_id, cell.problem_id) for row in board.rows for cell in row.cells
              if cell.first_to_solve}
    assert firsts == {("team0", "a"), ("team1", "b")}
