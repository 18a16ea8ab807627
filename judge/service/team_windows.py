"""A team's own window in a contest with a team_duration (CMS's per_user_time): it begins when
one of the team's members presses start (judge.contest.window decides whether it may), and
the moment is kept on the team's row.

Two members may press at once: only the first press is stored (an update of a row that has no
start yet), and both see the window that began then.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import update
from sqlalchemy.orm import Session

from judge.contest.window import start_of_window
from judge.errors import JudgeError
from judge.service.contests import aware, contest_head, team_of_row
from judge.service.models import Contest, ContestTeam, TeamMember, User


def start_team_window(session: Session, contest_id: str, user: User, now: datetime) -> datetime:
    """Start the window of `user`'s team at `now` (naive UTC); when it began (naive UTC). A
    JudgeError says why it does not."""
    row = session.get(Contest, contest_id)
    if row is None:
        raise JudgeError(f"no contest {contest_id!r}")
    member = session.get(TeamMember, (contest_id, user.id))
    if member is None:
        raise JudgeError(f"{user.name} is on no team of contest {contest_id!r}")
    team_row = session.get(ContestTeam, (contest_id, member.team_id))
    start_of_window(contest_head(row), team_of_row(team_row), aware(team_row.started_at),
                    aware(now))
    session.execute(
        update(ContestTeam)
        .where(ContestTeam.contest_id == contest_id, ContestTeam.id == member.team_id,
               ContestTeam.started_at.is_(None))
        .values(started_at=now)
    )
    session.refresh(team_row)
    return team_row.started_at
