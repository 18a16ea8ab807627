"""Scoreboard: the standings of a large contest computed from scratch, as a page or the Contest
API asks for them when nothing is cached.

A generated contest (fixed seed): 500 teams, 12 problems, 20,000 submissions over five hours
with a one-hour freeze, verdicts in a contest's usual mix (some not judged yet). Timed: one full
standings() computation for the public board (frozen), the jury's board, and the same
submissions scored as an IOI contest (each subtask's best). No target: the figures are printed.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace

from bench.common import print_header
from judge.contest.model import ScoreboardType, ScoreMode, View
from judge.contest.standings import standings
from tests.contest.generated import PROBLEMS, generated_contest

TEAMS, SUBMISSIONS = 500, 20_000
ROUNDS = 7


def main() -> bool:
    print_header(f"scoreboard: standings of {TEAMS} teams x {PROBLEMS} problems x "
                 f"{SUBMISSIONS} submissions")
    contest, submissions = generated_contest(random.Random(25), TEAMS, SUBMISSIONS)
    scored = replace(contest, scoreboard_type=ScoreboardType.SCORE,
                     score_mode=ScoreMode.SUBTASK_SUM)
    print(f"{'board':<28} {'median ms':>10} {'best ms':>8}  ({ROUNDS} computations each)")
    for name, board_contest, view in (("pass-fail, public (frozen)", contest, View.PUBLIC),
                                      ("pass-fail, jury", contest, View.JURY),
                                      ("score (subtask sum), jury", scored, View.JURY)):
        times = []
        for _ in range(ROUNDS):
            started = time.perf_counter()
            board = standings(board_contest, submissions, view)
            times.append(time.perf_counter() - started)
        assert len(board.rows) == TEAMS
        print(f"{name:<28} {statistics.median(times) * 1000:>10.1f} {min(times) * 1000:>8.1f}")
    return True


if __name__ == "__main__":
    main()
