"""Score standings, case by case from the IOI rules: a problem's points are the best submission's
(IOI until 2016) or the sum of each subtask's best over all submissions (IOI since 2017); equal
totals share a rank unless the contest breaks ties by the time of the last gain."""

from __future__ import annotations

import pytest

from judge.contest.ioi import ioi_standings
from judge.contest.model import ScoreboardType, ScoreMode, View
from tests.contest.golden import Case, assert_board, contest_of, submissions_of

SCORE = ScoreboardType.SCORE

# alpha solves subtask 1 (40) in one submission and subtask 2 (60) in another; bravo's single
# submission gets 40 + 30. Summing each subtask's best gives alpha 100; taking the best
# submission gives alpha only 60, below bravo's 70.
HALVES = """
    alpha A 0:10:00 PA 40+0
    alpha A 0:20:00 PA 0+60
    bravo A 0:15:00 PA 40+30
"""

CASES = [
    Case(
        "subtask sum: each subtask's best over all submissions, summed (IOI since 2017)",
        scoring=SCORE, mode=ScoreMode.SUBTASK_SUM, problems="A=100 B=100",
        submissions=HALVES,
        public="""
            rank team     score  time  A       B
            1    alpha    100    20    100@20  0
            2    bravo    70     15    70@15   0
            3    charlie  0      0     0       0
        """,
    ),
    Case(
        "best submission: the best single submission's score (IOI until 2016)",
        scoring=SCORE, mode=ScoreMode.BEST_SUBMISSION, problems="A=100 B=100",
        submissions=HALVES,
        public="""
            rank team     score  time  A      B
            1    bravo    70     15    70@15  0
            2    alpha    60     20    60@20  0
            3    charlie  0      0     0      0
        """,
    ),
    Case(
        "the total is the sum over problems; equal totals share a rank without a time tie-break",
        scoring=SCORE, problems="A B",
        submissions="""
            alpha A 0:10:00 PA 30
            alpha B 2:00:00 PA 20
            bravo A 0:05:00 PA 50
            charlie B 0:01:00 PA 10
        """,
        public="""
            rank team     score  time  A      B
            1    alpha    50     120   30@10  20@120
            1    bravo    50     5     50@5   0
            3    charlie  10     1     0      10@1
        """,
    ),
    Case(
        "with the time tie-break, the earlier last gain ranks higher among equal totals",
        scoring=SCORE, problems="A B", time_tiebreak=True,
        submissions="""
            alpha A 0:10:00 PA 30
            alpha B 2:00:00 PA 20
            bravo A 0:05:00 PA 50
            charlie B 0:01:00 PA 10
        """,
        public="""
            rank team     score  time  A      B
            1    bravo    50     5     50@5   0
            2    alpha    50     120   30@10  20@120
            3    charlie  10     1     0      10@1
        """,
    ),
    Case(
        "a later submission that gains nothing does not move the time of the last gain",
        scoring=SCORE, problems="A", time_tiebreak=True,
        submissions="""
            alpha A 0:10:00 PA 40+0
            alpha A 0:50:00 PA 40+0
            alpha A 0:55:00 WA 0+0
            bravo A 0:20:00 PA 40+0
        """,
        public="""
            rank team     score  time  A
            1    alpha    40     10    40@10
            2    bravo    40     20    40@20
            3    charlie  0      0     0
        """,
    ),
    Case(
        "full marks is solved; nothing after full marks counts; CE is not a try",
        scoring=SCORE, problems="A=100 B=50",
        submissions="""
            alpha A 0:05:00 CE
            alpha A 0:10:00 AC 100
            alpha A 0:20:00 AC 100
            alpha B 0:30:00 PA 25
            bravo B 0:40:00 AC 50
        """,
        public="""
            rank team     score  solved  time  A       B
            1    alpha    125    1       30    100@10  25@30
            2    bravo    50     1       40    0       50@40
            3    charlie  0      0       0     0       0
        """,
    ),
    Case(
        "pending and frozen submissions score nothing until judged and shown",
        scoring=SCORE, problems="A=100", freeze="1:00:00",
        submissions="""
            alpha A 1:00:00 PA 30
            alpha A 4:30:00 AC 100
            bravo A 2:00:00 -
            bravo A 2:10:00 JE
        """,
        public="""
            rank team     score  time  A
            1    alpha    30     60    30@60?1
            2    bravo    0      0     0?2
            2    charlie  0      0     0
        """,
        jury="""
            rank team     score  time  A
            1    alpha    100    270   100@270
            2    bravo    0      0     0?2
            2    charlie  0      0     0
        """,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_golden_contest(case: Case):
    contest, submissions = contest_of(case), submissions_of(case)
    checked = 0
    for name, view in (("public", View.PUBLIC), ("jury", View.JURY)):
        expected = getattr(case, name)
        if expected is not None:
            assert_board(ioi_standings(contest, submissions, view), expected)
            checked += 1
    assert checked, "a golden case gives at least one board"


def test_full_marks_cannot_be_known_without_a_maximum():
    case = Case("no maximum", scoring=SCORE, problems="A", submissions="alpha A 0:10:00 AC 100")
    cell = ioi_standings(contest_of(case), submissions_of(case), View.JURY).rows[0].cells[0]
    assert (cell.score, cell.solved) == (100.0, False)


def test_float_points_summed_in_any_order_tie():
    case = Case("thirds", scoring=SCORE, problems="A B C", submissions="""
        alpha A 0:10:00 PA 0.1
        alpha B 0:10:00 PA 0.2
        bravo A 0:10:00 PA 0.3
    """)
    board = ioi_standings(contest_of(case), submissions_of(case), View.JURY)
    assert [row.rank for row in board.rows[:2]] == [1, 1]
