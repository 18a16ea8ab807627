"""A contest's scoreboard as the service serves it: the contest's submissions read from the
database and given to the scoring rules (judge.contest.standings) for one view.

Left off the board: practice (sent after the team's window) and anything of no team of the
contest. Pending: a submission queued or being judged, and one the judge could not judge (a
failed job, or JE: the CCS requirements count a judge error as pending). Contest time runs from
the team's own start (a team_duration contest's team windows), else the contest's.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.contest import model
from judge.contest.standings import standings
from judge.service.contests import aware, load_contest
from judge.service.models import Contest, ContestTeam, Status, Submission
from judge.verdicts.verdict import Verdict


VERDICTS = {verdict.value: verdict for verdict in Verdict}  # Verdict(x) costs 20 times more


@dataclass(frozen=True)
class Board:
    contest: model.Contest
    standings: model.Standings
    thawed_at: datetime | None  # aware UTC
    finalized_at: datetime | None


def contest_board(session: Session, contest_id: str, view: model.View) -> Board | None:
    """The contest's board for `view`, or None when there is no such contest."""
    row = session.get(Contest, contest_id)
    contest = load_contest(session, contest_id)
    if row is None or contest is None:
        return None
    submissions = judged_submissions(session, contest)
    contest = with_max_scores(session, contest)
    return board_of(contest, submissions, view, aware(row.thawed_at), aware(row.finalized_at))


def board_of(contest: model.Contest, submissions: Iterable[model.JudgedSubmission],
             view: model.View, thawed_at: datetime | None,
             finalized_at: datetime | None) -> Board:
    """The board from what was read already (the board cache keeps the submissions)."""
    board = standings(contest, submissions, view, thawed=thawed_at is not None)
    return Board(contest, board, thawed_at, finalized_at)


def judged_submissions(session: Session, contest: model.Contest,
                       only: Collection[int] | None = None) -> list[model.JudgedSubmission]:
    """The contest's official submissions as the scoring rules read them, oldest first (of
    the ids `only`, when given: what changed since they were read)."""
    starts = team_starts(session, contest)
    where = [Submission.contest_id == contest.id, Submission.practice.is_(False)]
    if only is not None:
        where.append(Submission.id.in_(list(only)))
    rows = session.execute(
        select(Submission.id, Submission.team_id, Submission.problem, Submission.submitted_at,
               Submission.status, Submission.verdict, Submission.score,
               Submission.group_scores)
        .where(*where)
        .order_by(Submission.submitted_at, Submission.id)
    ).all()
    return [judged_submission(row, starts[row.team_id]) for row in rows
            if row.team_id in starts]  # else a team no longer in the contest (re-imported)


def judged_submission(row, start: datetime) -> model.JudgedSubmission:
    """A stored submission (a row, or the columns read above) as the scoring rules read it;
    `start`: where its team's contest time starts (team_starts)."""
    submitted = aware(row.submitted_at)
    return model.JudgedSubmission(
        id=str(row.id),
        team_id=row.team_id,
        problem_id=row.problem,
        submitted_at=submitted,
        contest_time=max(submitted - start, timedelta(0)),
        verdict=stored_verdict(row.status, row.verdict),
        score=row.score,
        subtask_scores=tuple(row.group_scores or ()),
    )


def stored_verdict(status: Status, verdict: str | None) -> Verdict | None:
    """A stored submission's verdict for the board: None while it is pending."""
    if status is not Status.DONE or verdict is None:
        return None
    return VERDICTS.get(verdict)  # an unknown one (a newer judge's) counts as pending


def team_starts(session: Session, contest: model.Contest) -> dict[str, datetime]:
    """Where each team's contest time starts: its own start in a team_duration contest (the
    contest's until it has one), else the contest's."""
    if contest.start_time is None:
        return {}
    if contest.team_duration is None:
        return {team.id: contest.start_time for team in contest.teams}
    started = dict(session.execute(
        select(ContestTeam.id, ContestTeam.started_at).where(ContestTeam.contest_id == contest.id)
    ).all())
    return {team.id: aware(started.get(team.id)) or contest.start_time for team in contest.teams}


def with_max_scores(session: Session, contest: model.Contest) -> model.Contest:
    """A score contest's problems with their most points (from the newest stored result of
    each: the problem's groups decide it), so that full marks show as solved. One query for
    every problem."""
    if contest.scoreboard_type is not model.ScoreboardType.SCORE:
        return contest
    newest = (
        select(func.max(Submission.id))
        .where(Submission.contest_id == contest.id, Submission.status == Status.DONE,
               Submission.score.is_not(None))
        .group_by(Submission.problem)
    )
    most = dict(session.execute(
        select(Submission.problem, Submission.result["max_score"].as_float())
        .where(Submission.id.in_(newest))
    ).all())
    problems = tuple(replace(problem, max_score=most[problem.id])
                     if most.get(problem.id) is not None else problem
                     for problem in contest.problems)
    return replace(contest, problems=problems)
