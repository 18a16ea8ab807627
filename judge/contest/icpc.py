"""Pass-fail standings, as the CCS requirements (ccs-specs, "Scoring") define them.

A solved problem costs the minute of the team's first accepted submission plus the contest's
penalty time for each earlier submission rejected with a verdict that carries a penalty. Teams
are ordered by problems solved (more first), total penalty time (less first), then the minute of
their last solve (earlier first); teams equal on all three share a rank. Pending submissions
(not judged, Judging Error, or after the freeze on a frozen board) have no effect on scoring.

The caller gives only submissions that count: practice after a team's window is left out
before this function sees it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from judge.contest.board import Rules, hidden_team, is_pending, made_standings, minutes
from judge.contest.model import (
    Cell, Contest, ContestProblem, JudgedSubmission, Row, Standings, Team, View,
)
from judge.verdicts.verdict import Verdict

# Judge responses without a penalty (CCS requirements, "Judge Responses"): Compile Error. AC
# solves; JE is pending. Every other rejection (WA, TLE, RE, MLE, OLE, PE, and PA should a
# pass-fail problem ever give it) costs penalty time.
NO_PENALTY = frozenset({Verdict.CE})


@dataclass(frozen=True)
class Tally:
    """One team's submissions on one problem, read up to and including its first solve."""

    judged: int = 0  # judged submissions that count: rejections with a penalty, and the solve
    pending: int = 0
    tries: int = 0  # rejections that carry a penalty, before the solve
    solved_at: timedelta | None = None  # contest time of the first accepted submission
    first_pending_at: timedelta | None = None  # contest time of the first pending submission


def icpc_standings(contest: Contest, submissions: Iterable[JudgedSubmission], view: View,
                   thawed: bool = False) -> Standings:
    return made_standings(RULES, contest, submissions, view, thawed)


def board_key(row: Row) -> tuple[int, int, int]:
    """What ranks a team: problems solved (more first), penalty time, the last solve's minute."""
    return (-row.num_solved, row.total_time, row.last_time or 0)


def tally(submissions: list[JudgedSubmission], cut: datetime | None) -> Tally:
    judged = pending = tries = 0
    solved_at = first_pending_at = None
    for submission in submissions:
        if (cut is not None and submission.submitted_at >= cut) or is_pending(submission):
            pending += 1
            if first_pending_at is None:
                first_pending_at = submission.contest_time
        elif submission.verdict is Verdict.AC:
            judged += 1
            solved_at = submission.contest_time
            break  # nothing after the first solve counts, neither judged nor pending
        elif submission.verdict not in NO_PENALTY:
            judged += 1
            tries += 1
    return Tally(judged, pending, tries, solved_at, first_pending_at)


def first_to_solve(contest: Contest, tallies: dict[tuple[str, str], Tally]
                   ) -> frozenset[tuple[str, str]]:
    """The (team, problem) cells that were first to solve their problem.

    The Contest API's first-to-solve award goes to "the team(s)" that solved first, and "implies
    that no unjudged submission made earlier remains": a pending submission before the earliest
    solve (a freeze's hidden one included) withholds it until it is judged. "Earliest" is by the
    submissions' contest time as given (to the second or finer, as the CCS keeps timestamps):
    two teams tie only on the same instant, not on the same minute. Hidden teams, on the jury's
    board, are never first to solve and do not withhold it: they are not in the contest's results.
    """
    ranked = {team.id for team in contest.teams if not hidden_team(team, contest)}
    earliest: dict[str, timedelta] = {}
    for (team_id, problem_id), cell in tallies.items():
        if team_id in ranked and cell.solved_at is not None:
            known = earliest.get(problem_id)
            earliest[problem_id] = cell.solved_at if known is None else min(known, cell.solved_at)
    withheld = {problem_id for (team_id, problem_id), cell in tallies.items()
                if team_id in ranked and problem_id in earliest
                and cell.first_pending_at is not None
                and cell.first_pending_at < earliest[problem_id]}
    for problem_id in withheld:
        del earliest[problem_id]
    return frozenset((team_id, problem_id) for (team_id, problem_id), cell in tallies.items()
                     if team_id in ranked and cell.solved_at is not None
                     and cell.solved_at == earliest.get(problem_id))


def team_row(contest: Contest, team: Team, problems: list[ContestProblem],
             tallies: dict[tuple[str, str], Tally],
             firsts: frozenset[tuple[str, str]]) -> Row:
    cells = []
    solved = total = 0
    last = None
    for problem in problems:
        cell = tallies.get((team.id, problem.id), Tally())
        time = None if cell.solved_at is None else minutes(cell.solved_at)
        if time is not None:
            solved += 1
            total += time + contest.penalty_time * cell.tries
            last = time if last is None else max(last, time)
        cells.append(Cell(problem_id=problem.id, num_judged=cell.judged, num_pending=cell.pending,
                          solved=time is not None, time=time,
                          first_to_solve=(team.id, problem.id) in firsts))
    return Row(rank=0, team_id=team.id, num_solved=solved, total_time=total, cells=tuple(cells),
               last_time=last)


def _cell(contest: Contest, problem: ContestProblem, submissions: list[JudgedSubmission],
          cut: datetime | None) -> Tally:
    return tally(submissions, cut)


RULES = Rules(cell=_cell, awards=first_to_solve, row=team_row,
              key=lambda contest: board_key)
