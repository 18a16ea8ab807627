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
from datetime import UTC, datetime, timedelta

from bench.common import print_header
from judge.contest.model import (
    Contest, ContestProblem, JudgedSubmission, ScoreboardType, ScoreMode, Team, View,
)
from judge.contest.standings import standings
from judge.verdicts.verdict import Verdict

TEAMS, PROBLEMS, SUBMISSIONS = 500, 12, 20_000
ROUNDS = 7
START = datetime(2026, 1, 1, 10, 0, tzinfo=UTC)
VERDICTS = {Verdict.AC: 25, Verdict.WA: 38, Verdict.TLE: 12, Verdict.RE: 8, Verdict.CE: 7,
            Verdict.MLE: 2, Verdict.OLE: 1, Verdict.PE: 2, Verdict.JE: 1, None: 4}
SUBTASKS = (20.0, 30.0, 50.0)


def main() -> bool:
    print_header(f"scoreboard: standings of {TEAMS} teams x {PROBLEMS} problems x "
                 f"{SUBMISSIONS} submissions")
    contest, submissions = generated_contest(random.Random(25))
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


def generated_contest(rng: random.Random, teams: int = TEAMS, submissions: int = SUBMISSIONS
                      ) -> tuple[Contest, list[JudgedSubmission]]:
    problems = tuple(ContestProblem(id=f"p{index}", label=chr(ord("A") + index), ordinal=index,
                                    max_score=sum(SUBTASKS)) for index in range(PROBLEMS))
    on_board = tuple(Team(id=f"t{index}", name=f"Team {index:03d}") for index in range(teams))
    contest = Contest(id="bench", name="Benchmark", start_time=START,
                      duration=timedelta(hours=5), scoreboard_freeze_duration=timedelta(hours=1),
                      problems=problems, teams=on_board)
    verdicts, weights = list(VERDICTS), list(VERDICTS.values())
    made = []
    for number in range(submissions):
        at = timedelta(seconds=rng.uniform(0, 5 * 3600))
        verdict = rng.choices(verdicts, weights)[0]
        parts = tuple(rng.choice((0.0, points)) if verdict is not Verdict.AC else points
                      for points in SUBTASKS)
        made.append(JudgedSubmission(
            id=str(number), team_id=rng.choice(on_board).id, problem_id=rng.choice(problems).id,
            submitted_at=START + at, contest_time=at, verdict=verdict,
            score=sum(parts), subtask_scores=parts))
    return contest, made


if __name__ == "__main__":
    main()
