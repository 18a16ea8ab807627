"""Pass-fail standings, case by case from the CCS requirements ("Scoring", "Judge Responses",
"Freezing the Scoreboard") and the Contest API's scoreboard and first-to-solve award.
Each case is a small contest: its submissions, and the boards they must give (golden.py)."""

from __future__ import annotations

import pytest

from judge.contest.icpc import icpc_standings
from judge.contest.model import View
from tests.contest.golden import Case, assert_board, contest_of, submissions_of

CASES = [
    Case(
        "a solve costs its minute plus 20 for each earlier WA, TLE, RE, MLE, OLE or PE",
        submissions="""
            alpha A 0:10:00 WA
            alpha A 0:11:00 TLE
            alpha A 0:12:00 RE
            alpha A 0:13:00 MLE
            alpha A 0:14:00 OLE
            alpha A 0:15:00 PE
            alpha A 0:20:00 AC
            bravo A 0:30:00 AC
        """,
        public="""
            rank team     solved time  A       B  C
            1    bravo    1      30    1@30    .  .
            2    alpha    1      140   7@20*   .  .
            3    charlie  0      0     .       .  .
        """,
    ),
    Case(
        "Compile Error costs no penalty and is not a try; Judging Error is pending, not scored",
        submissions="""
            alpha A 0:05:00 CE
            alpha A 0:06:00 CE
            alpha A 0:10:00 AC
            bravo B 0:05:00 JE
            bravo B 0:07:00 WA
            bravo B 0:09:00 AC
        """,
        public="""
            rank team     solved time  A      B        C
            1    alpha    1      10    1@10*  .        .
            2    bravo    1      29    .      2@9?1    .
            3    charlie  0      0     .      .        .
        """,
    ),
    Case(
        "nothing after the first accepted submission counts: no penalty, no try, no pending",
        submissions="""
            alpha A 0:10:00 AC
            alpha A 0:11:00 WA
            alpha A 0:12:00 AC
            alpha A 0:13:00 -
            alpha A 0:14:00 JE
        """,
        public="""
            rank team     solved time  A      B  C
            1    alpha    1      10    1@10*  .  .
            2    bravo    0      0     .      .  .
            2    charlie  0      0     .      .  .
        """,
    ),
    Case(
        "tries on a problem never solved cost nothing",
        submissions="""
            alpha A 0:10:00 WA
            alpha A 0:20:00 WA
            alpha B 0:30:00 AC
            bravo B 0:29:00 AC
        """,
        public="""
            rank team     solved time  A  B      C
            1    bravo    1      29    .  1@29*  .
            2    alpha    1      30    2  1@30   .
            3    charlie  0      0     .  .      .
        """,
    ),
    Case(
        "contest time is in minutes rounded down: 0:00:59 is minute 0, 0:01:59 is minute 1",
        submissions="""
            alpha A 0:00:59 AC
            bravo A 0:01:59 AC
            charlie A 0:59:59.999 AC
        """,
        public="""
            rank team     solved time  A      B  C
            1    alpha    1      0     1@0*   .  .
            2    bravo    1      1     1@1    .  .
            3    charlie  1      59    1@59   .  .
        """,
    ),
    Case(
        "the penalty per try is the contest's penalty time (here 7 minutes)",
        penalty=7,
        submissions="""
            alpha A 0:10:00 WA
            alpha A 0:20:00 WA
            alpha A 0:30:00 AC
        """,
        public="""
            rank team     solved time  A      B  C
            1    alpha    1      44    3@30*  .  .
            2    bravo    0      0     .      .  .
            2    charlie  0      0     .      .  .
        """,
    ),
    Case(
        "more problems solved ranks first, whatever the penalty",
        submissions="""
            alpha A 4:00:00 AC
            alpha B 4:10:00 AC
            bravo A 0:01:00 AC
        """,
        public="""
            rank team     solved time  A      B       C
            1    alpha    2      490   1@240  1@250*  .
            2    bravo    1      1     1@1*   .       .
            3    charlie  0      0     .      .       .
        """,
    ),
    Case(
        "equal solved and penalty: the earlier last solve ranks higher",
        submissions="""
            alpha A 0:10:00 AC
            alpha B 1:30:00 AC
            bravo A 0:30:00 AC
            bravo B 1:10:00 AC
        """,
        public="""
            rank team     solved time  last  A      B      C
            1    bravo    2      100   70    1@30   1@70*  .
            2    alpha    2      100   90    1@10*  1@90   .
            3    charlie  0      0     -     .      .      .
        """,
    ),
    Case(
        "teams equal on solved, penalty and last solve share a rank; the next rank is skipped",
        teams="""
            t1 name=Delta
            t2 name=alpha
            t3 name=Charlie
            t4 name=Bravo
        """,
        submissions="""
            t1 A 0:10:00 AC
            t2 A 0:20:00 AC
            t3 A 0:20:30 AC
            t4 A 0:40:00 AC
        """,
        public="""
            rank team  solved time  A      B  C
            1    t1    1      10    1@10*  .  .
            2    t2    1      20    1@20   .  .
            2    t3    1      20    1@20   .  .
            4    t4    1      40    1@40   .  .
        """,
    ),
    Case(
        "teams with nothing solved all share the rank after the last solver, listed by name",
        teams="""
            z1 name=Zulu
            y1 name=Yankee
            x1 name=Xray
        """,
        submissions="""
            z1 A 0:10:00 WA
            y1 A 0:20:00 AC
        """,
        public="""
            rank team  solved time  A      B  C
            1    y1    1      20    1@20*  .  .
            2    x1    0      0     .      .  .
            2    z1    0      0     1      .  .
        """,
    ),
    Case(
        "first to solve: the earliest solve, to the second, even within one minute",
        submissions="""
            bravo A 0:12:40 AC
            alpha A 0:12:10 AC
            charlie B 0:50:00 AC
        """,
        public="""
            rank team     solved time  A      B      C
            1    alpha    1      12    1@12*  .      .
            1    bravo    1      12    1@12   .      .
            3    charlie  1      50    .      1@50*  .
        """,
    ),
    Case(
        "first to solve: two solves at the same instant are both first",
        submissions="""
            alpha A 0:12:10 AC
            bravo A 0:12:10 AC
        """,
        public="""
            rank team     solved time  A      B  C
            1    alpha    1      12    1@12*  .  .
            1    bravo    1      12    1@12*  .  .
            3    charlie  0      0     .      .  .
        """,
    ),
    Case(
        "first to solve waits while a submission made before the earliest solve is pending",
        submissions="""
            bravo A 0:05:00 -
            alpha A 0:10:00 AC
            alpha B 0:10:00 AC
            charlie B 0:20:00 -
        """,
        public="""
            rank team     solved time  A      B      C
            1    alpha    2      20    1@10   1@10*  .
            2    bravo    0      0     0?1    .      .
            2    charlie  0      0     .      0?1    .
        """,
    ),
    Case(
        "not yet judged and JE are pending: counted as pending, no result, no penalty",
        submissions="""
            alpha A 0:10:00 -
            alpha A 0:11:00 JE
            alpha B 0:12:00 WA
            alpha B 0:13:00 -
        """,
        public="""
            rank team     solved time  A    B    C
            1    alpha    0      0     0?2  1?1  .
            1    bravo    0      0     .    .    .
            1    charlie  0      0     .    .    .
        """,
    ),
    Case(
        "the freeze: from start + duration - freeze on, the public sees tries as pending; "
        "the jury sees everything; the thaw shows everything",
        freeze="1:00:00",
        submissions="""
            alpha A 3:59:59 AC
            bravo A 4:00:00 AC
            bravo B 4:10:00 WA
            bravo B 4:20:00 AC
            charlie C 4:30:00 AC
            charlie A 2:00:00 WA
            charlie A 4:40:00 CE
        """,
        public="""
            rank team     solved time  A       B    C
            1    alpha    1      239   1@239*  .    .
            2    bravo    0      0     0?1     0?2  .
            2    charlie  0      0     1?1     .    0?1
        """,
        jury="""
            rank team     solved time  A       B       C
            1    bravo    2      520   1@240   2@260*  .
            2    alpha    1      239   1@239*  .       .
            3    charlie  1      270   1       .       1@270*
        """,
        thawed="""
            rank team     solved time  A       B       C
            1    bravo    2      520   1@240   2@260*  .
            2    alpha    1      239   1@239*  .       .
            3    charlie  1      270   1       .       1@270*
        """,
    ),
    Case(
        "without a freeze the public board is the jury's",
        submissions="""
            alpha A 4:59:00 AC
            bravo A 4:30:00 WA
        """,
        public="""
            rank team     solved time  A       B  C
            1    alpha    1      299   1@299*  .  .
            2    bravo    0      0     1       .  .
            2    charlie  0      0     .       .  .
        """,
        jury="""
            rank team     solved time  A       B  C
            1    alpha    1      299   1@299*  .  .
            2    bravo    0      0     1       .  .
            2    charlie  0      0     .       .  .
        """,
    ),
    Case(
        "hidden teams and teams of hidden groups are on the jury's board only, "
        "and never first to solve",
        teams="""
            alpha
            bravo hidden
            charlie groups=staff
            delta groups=d1
        """,
        groups="""
            staff hidden
            d1
        """,
        submissions="""
            bravo A 0:01:00 AC
            charlie A 0:02:00 AC
            alpha A 0:03:00 AC
            delta A 0:04:00 AC
            charlie B 0:02:00 -
            alpha B 0:10:00 AC
        """,
        public="""
            rank team   solved time  A     B      C
            1    alpha  2      13    1@3*  1@10*  .
            2    delta  1      4     1@4   .      .
        """,
        jury="""
            rank team     solved time  A     B      C
            1    alpha    2      13    1@3*  1@10*  .
            2    bravo    1      1     1@1   .      .
            3    charlie  1      2     1@2   0?1    .
            4    delta    1      4     1@4   .      .
        """,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_golden_contest(case: Case):
    contest, submissions = contest_of(case), submissions_of(case)
    boards = {"public": (View.PUBLIC, False), "jury": (View.JURY, False),
              "thawed": (View.PUBLIC, True)}
    checked = 0
    for name, (view, thawed) in boards.items():
        expected = getattr(case, name)
        if expected is not None:
            assert_board(icpc_standings(contest, submissions, view, thawed), expected)
            checked += 1
    assert checked, "a golden case gives at least one board"


def test_a_board_says_it_is_frozen_only_when_the_freeze_hides_something():
    case = next(case for case in CASES if case.freeze)
    contest, submissions = contest_of(case), submissions_of(case)
    assert icpc_standings(contest, submissions, View.PUBLIC).frozen
    assert not icpc_standings(contest, submissions, View.PUBLIC, thawed=True).frozen
    assert not icpc_standings(contest, submissions, View.JURY).frozen
    before_the_freeze = [s for s in submissions if s.submitted_at < contest.freeze_time]
    assert not icpc_standings(contest, before_the_freeze, View.PUBLIC).frozen


def test_practice_is_left_out_by_the_caller_so_whatever_is_given_counts():
    # The rules read only the official submissions; the service drops practice (after a team's
    # window) before calling. A submission after the end that is given counts like any other.
    case = Case("after the end", submissions="alpha A 5:30:00 AC")
    board = icpc_standings(contest_of(case), submissions_of(case), View.JURY)
    assert board.rows[0].team_id == "alpha" and board.rows[0].num_solved == 1
