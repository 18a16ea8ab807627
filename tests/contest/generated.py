"""A generated pass-fail or score contest: every verdict in a contest's usual mix, some not
judged yet, a one-hour freeze, three subtasks a problem. For the consistency tests and the
scoreboard benchmark."""

from __future__ import annotations

import random
from datetime import timedelta

from judge.contest.model import Contest, ContestProblem, JudgedSubmission, Team
from judge.verdicts.verdict import Verdict
from tests.contest.golden import START

PROBLEMS = 12
VERDICTS = {Verdict.AC: 25, Verdict.WA: 38, Verdict.TLE: 12, Verdict.RE: 8, Verdict.CE: 7,
            Verdict.MLE: 2, Verdict.OLE: 1, Verdict.PE: 2, Verdict.JE: 1, None: 4}
SUBTASKS = (20.0, 30.0, 50.0)


def generated_contest(rng: random.Random, teams: int, submissions: int
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
