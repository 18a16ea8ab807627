"""Problems not shown yet: a problem of a contest that has not started (or has no start time
yet), and of no contest that has, is the jury's alone until one of its contests starts, as
DOMjudge and CMS show a contest's problems only from its start. To anyone else it does not
exist: listed nowhere, a 404 as an unknown problem is, and no submission to it.

A contest of team windows (team_duration) opens its problems to a team once the team has
started its own window, and to everyone else once the contest is over: before that a visitor
would read what a team that has not pressed start may not.

One query per request, by the request's clock; nothing is kept between requests.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import and_, select
from sqlalchemy.orm import Session

from judge.service.models import Contest, ContestProblem, ContestTeam, TeamMember, User


def sees_hidden(user: User | None) -> bool:
    """Setters and admins (the jury) see every problem, whenever."""
    return user is not None and user.role.sees_everything


def contest_open(start: datetime | None, duration_ms: int, team_duration_ms: int | None,
                 team_started: datetime | None, now: datetime) -> bool:
    """Whether a contest's problems may be read at `now` by a viewer whose team began its own
    window at `team_started` (None: no team, or it has not pressed start). Naive UTC times."""
    if start is None or now < start:
        return False
    if team_duration_ms is None or team_started is not None:
        return True
    return now >= start + timedelta(milliseconds=duration_ms)


def hidden_problems(session: Session, user: User | None, now: datetime) -> frozenset[str]:
    """The ids of the problems `user` (None: a visitor) may not see at `now` (naive UTC)."""
    if sees_hidden(user):
        return frozenset()
    query = select(ContestProblem.problem, Contest.start_time, Contest.duration_ms,
                   Contest.team_duration_ms).join(Contest, Contest.id == ContestProblem.contest_id)
    if user is None:
        rows = [(*row, None) for row in session.execute(query).all()]
    else:
        # The user's team in each contest, for when its own window began.
        query = query.add_columns(ContestTeam.started_at).outerjoin(
            TeamMember, and_(TeamMember.contest_id == Contest.id, TeamMember.user_id == user.id)
        ).outerjoin(ContestTeam, and_(ContestTeam.contest_id == TeamMember.contest_id,
                                      ContestTeam.id == TeamMember.team_id))
        rows = session.execute(query).all()
    closed, opened = set(), set()
    for problem, start, duration_ms, team_duration_ms, team_started in rows:
        if contest_open(start, duration_ms, team_duration_ms, team_started, now):
            opened.add(problem)
        else:
            closed.add(problem)
    return frozenset(closed - opened)

