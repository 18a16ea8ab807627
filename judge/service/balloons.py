"""Balloons: the first accepted submission of each team on each problem, in time order, for
the runners who bring them; a runner marks each one done.

The freeze, as DOMjudge does it, by the contest's `balloons_after_freeze` (DOMjudge's
`show_balloons_postfreeze`): off, as by default, a submission sent after the scoreboard froze
makes no balloon, so that the room does not learn what the board hides; after the thaw too,
since the awards ceremony reveals those. On, every first accepted submission makes one. Practice
(after a team's window) never makes one; a team's accepted submission after a pending or
failed one is still its first accepted. "First to solve" is the jury's board's: the first
accepted submission of the problem, withheld while an earlier one is still pending.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from judge.contest import model
from judge.contest.standings import standings
from judge.service.contest_board import judged_submissions, with_max_scores
from judge.service.contests import load_contest
from judge.service.models import BalloonDone, ContestAccount, User, utcnow
from judge.verdicts.verdict import Verdict


@dataclass(frozen=True)
class Balloon:
    submission_id: int
    team_id: str
    team: str  # as the board shows it
    problem: str
    label: str
    color: str | None
    rgb: str | None
    submitted_at: datetime  # aware UTC
    first_to_solve: bool
    done: bool


def contest_balloons(session: Session, contest: model.Contest) -> list[Balloon]:
    """The contest's balloons in the order they were earned."""
    submissions = judged_submissions(session, contest)
    firsts: dict[tuple[str, str], model.JudgedSubmission] = {}
    for judged in submissions:
        if judged.verdict is not Verdict.AC:
            continue
        key = (judged.team_id, judged.problem_id)
        best = firsts.get(key)
        if best is None or (judged.contest_time, judged.submitted_at) < (
            best.contest_time, best.submitted_at
        ):
            firsts[key] = judged
    # First to solve as the jury's board has it: withheld while an earlier submission is
    # pending, never a hidden team's.
    board = standings(with_max_scores(session, contest), submissions, model.View.JURY,
                      thawed=True)
    first_cells = {
        (row.team_id, cell.problem_id)
        for row in board.rows for cell in row.cells if cell.first_to_solve
    }
    cut = None if contest.balloons_after_freeze else contest.freeze_time
    problems = {problem.id: problem for problem in contest.problems}
    teams = {team.id: team for team in contest.teams}
    done = set(session.scalars(select(BalloonDone.submission_id).where(
        BalloonDone.submission_id.in_([int(j.id) for j in firsts.values()])
    )))
    balloons = []
    for judged in sorted(firsts.values(), key=lambda j: (j.submitted_at, int(j.id))):
        if judged.problem_id not in problems or (cut is not None and judged.submitted_at >= cut):
            continue
        problem, team = problems[judged.problem_id], teams[judged.team_id]
        balloons.append(Balloon(
            int(judged.id), team.id, team.display_name or team.name, problem.id, problem.label,
            problem.color, problem.rgb, judged.submitted_at,
            (judged.team_id, judged.problem_id) in first_cells, int(judged.id) in done,
        ))
    return balloons


def balloons_of(session: Session, contest_id: str) -> list[Balloon] | None:
    """None: no such contest."""
    contest = load_contest(session, contest_id)
    return None if contest is None else contest_balloons(session, contest)


def mark_done(session: Session, contest_id: str, submission_id: int, user: User, done: bool
              ) -> Balloon | None:
    """Mark a balloon brought (or not); None when the submission is no balloon of the contest."""
    balloon = next(
        (b for b in balloons_of(session, contest_id) or () if b.submission_id == submission_id),
        None,
    )
    if balloon is None:
        return None
    row = session.get(BalloonDone, submission_id)
    if done and row is None:
        session.add(BalloonDone(submission_id=submission_id, user_id=user.id, done_at=utcnow()))
    elif not done and row is not None:
        session.delete(row)
    session.flush()
    return Balloon(**{**balloon.__dict__, "done": done})


def may_run_balloons(session: Session, contest_id: str, user: User) -> bool:
    """The jury, and the contest's staff accounts (balloon runners)."""
    if user.role.sees_everything:
        return True
    staff = session.scalar(select(ContestAccount.id).where(
        ContestAccount.contest_id == contest_id, ContestAccount.username == user.name,
        ContestAccount.type == model.AccountType.STAFF.value,
    ))
    return staff is not None
