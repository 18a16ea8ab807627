"""Whether a submission to a contest is taken, and how: the user must be on a team of the
contest, the problem one of the contest's, and the time not before the team's window. Within
the window it is judged first (Priority.CONTEST); after it, as practice.

In a contest with a team_duration, a team submits only once it has started its own window
(judge.service.team_windows).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from judge.contest.times import format_reltime
from judge.contest.window import Phase, phase_at
from judge.service.api.errors import ApiError
from judge.service.contests import ContestEntry, aware, contest_head, team_of_row
from judge.service.models import (
    Contest,
    ContestProblem,
    ContestTeam,
    Priority,
    TeamMember,
    User,
)


def contest_entry(
    session: Session, contest_id: str, user: User, problem_id: str, now: datetime
) -> ContestEntry:
    """How `user`'s submission of `problem_id` to `contest_id` at `now` (naive UTC) is
    stored; an ApiError says why it is not taken."""
    row = session.get(Contest, contest_id)
    if row is None:
        raise ApiError(404, f"contest: no contest {contest_id!r}")
    member = session.get(TeamMember, (contest_id, user.id))
    if member is None:
        raise ApiError(403, f"{user.name} is on no team of contest {contest_id!r}, so cannot "
                            "submit to it")
    contest = contest_head(row)
    team_row = session.get(ContestTeam, (contest_id, member.team_id))
    started = aware(team_row.started_at)
    moment = aware(now)
    phase = phase_at(contest, team_of_row(team_row), started, moment)
    if phase is Phase.UNSCHEDULED:
        raise ApiError(409, f"contest {contest_id!r} has no start time yet")
    if phase is Phase.BEFORE:
        wait = format_reltime(contest.start_time - moment).split(".")[0]
        raise ApiError(
            409,
            f"contest {contest_id!r} starts at "
            f"{contest.start_time:%Y-%m-%d %H:%M:%S} UTC (in {wait}); submissions open then",
        )
    if phase is Phase.NOT_STARTED:
        raise ApiError(
            409,
            f"team {member.team_id} has not started its window of contest {contest_id!r} "
            f"yet: press start on the contest's page (/contests/{contest_id}) first",
        )
    labels = dict(
        session.execute(
            select(ContestProblem.problem, ContestProblem.label)
            .where(ContestProblem.contest_id == contest_id)
            .order_by(ContestProblem.ordinal)
        ).all()
    )
    if problem_id not in labels:
        listed = ", ".join(f"{label} {problem}" for problem, label in labels.items())
        raise ApiError(
            422, f"problem {problem_id!r} is not in contest {contest_id!r} (it has: {listed})"
        )
    if phase is Phase.AFTER:
        return ContestEntry(contest_id, member.team_id, True, Priority.PRACTICE)
    return ContestEntry(contest_id, member.team_id, False, Priority.CONTEST)
