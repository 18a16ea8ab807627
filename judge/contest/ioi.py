"""Score standings, as the IOI ranks: points per problem, summed; equal totals share a rank,
unless the contest breaks ties by the time of each team's last gain (earlier first).

A problem's points are, per the contest's score mode, the best single submission's score
(ScoreMode.BEST_SUBMISSION, the IOI until 2016) or the sum over subtasks of each subtask's best
score over all the team's submissions (ScoreMode.SUBTASK_SUM, the IOI since 2017): two
submissions that each solve half the subtasks make the full score under the second rule only.
Pending submissions and the freeze are read as on a pass-fail board (see board.py, icpc.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from judge.contest.board import Rules, is_pending, made_standings, minutes, no_awards
from judge.contest.model import (
    Cell, Contest, ContestProblem, JudgedSubmission, Row, ScoreMode, Standings, Team, View,
)
from judge.verdicts.verdict import Verdict

# Sums of float points taken in different orders differ in the last bits; ranks compare totals
# to this many decimals so that equal scores tie.
DECIMALS = 6


@dataclass(frozen=True)
class Points:
    """One team's result on one problem."""

    judged: int = 0  # judged submissions, up to and including the first with full marks
    pending: int = 0
    score: float = 0.0
    gained_at: int | None = None  # the minute of the submission that last raised the score


NOTHING = Points()  # a problem the team sent nothing to


def ioi_standings(contest: Contest, submissions: Iterable[JudgedSubmission], view: View,
                  thawed: bool = False) -> Standings:
    return made_standings(RULES, contest, submissions, view, thawed)


def board_key(row: Row, contest: Contest) -> tuple:
    """What ranks a team: its total (more first); with the time tie-break, then the minute of
    its last gain (earlier first)."""
    total = -round(row.score or 0.0, DECIMALS)
    return (total, row.last_time or 0) if contest.time_tiebreak else (total,)


def problem_points(mode: ScoreMode, problem: ContestProblem,
                   submissions: list[JudgedSubmission], cut: datetime | None) -> Points:
    judged = pending = 0
    score = 0.0
    best_parts: list[float] = []
    gained_at = None
    for submission in submissions:
        if (cut is not None and submission.submitted_at >= cut) or is_pending(submission):
            pending += 1
            continue
        if submission.verdict is Verdict.CE:
            continue  # no points and, as on a pass-fail board, not a try
        judged += 1
        if mode is ScoreMode.SUBTASK_SUM:
            parts = subtask_points(submission)
            best_parts.extend([0.0] * (len(parts) - len(best_parts)))
            for index, part in enumerate(parts):
                best_parts[index] = max(best_parts[index], part)
            now = math.fsum(best_parts)
        else:
            now = max(score, submission_points(submission))
        if round(now, DECIMALS) > round(score, DECIMALS):
            score, gained_at = now, minutes(submission.contest_time)
        if full_marks(problem, score):
            break  # nothing after full marks can change the cell (as nothing after a solve)
    return Points(judged, pending, score, gained_at)


def subtask_points(submission: JudgedSubmission) -> tuple[float, ...]:
    """A submission's points per subtask; a problem without subtasks is one subtask."""
    if submission.subtask_scores:
        return tuple(submission.subtask_scores)
    return (submission.score or 0.0,)


def submission_points(submission: JudgedSubmission) -> float:
    if submission.score is not None:
        return submission.score
    return math.fsum(submission.subtask_scores)


def full_marks(problem: ContestProblem, score: float) -> bool:
    return problem.max_score is not None and round(score, DECIMALS) >= round(problem.max_score,
                                                                            DECIMALS)


def team_row(contest: Contest, team: Team, problems: list[ContestProblem],
             points: dict[tuple[str, str], Points], awards: frozenset[tuple[str, str]] = frozenset()
             ) -> Row:
    cells = []
    for problem in problems:
        cell = points.get((team.id, problem.id), NOTHING)
        cells.append(Cell(problem_id=problem.id, num_judged=cell.judged, num_pending=cell.pending,
                          solved=full_marks(problem, cell.score),
                          time=cell.gained_at if cell.score > 0 else None, score=cell.score))
    gains = [cell.time for cell in cells if cell.time is not None]
    last = max(gains) if gains else None
    return Row(rank=0, team_id=team.id, num_solved=sum(cell.solved for cell in cells),
               total_time=last or 0, cells=tuple(cells),
               score=math.fsum(cell.score or 0.0 for cell in cells), last_time=last)


def _cell(contest: Contest, problem: ContestProblem, submissions: list[JudgedSubmission],
          cut: datetime | None) -> Points:
    return problem_points(contest.score_mode, problem, submissions, cut)


RULES = Rules(cell=_cell, awards=no_awards, row=team_row,
              key=lambda contest: lambda row: board_key(row, contest))
