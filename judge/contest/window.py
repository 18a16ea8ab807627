"""When a team may submit to a contest: its window, and where a moment falls in it.

A team's window is the contest's, lengthened by the team's extra time. A contest with a
team_duration (CMS's per_user_time) gives each team its own window instead: from when the
team starts it (it presses "start", at a moment of its choosing within the contest) for
team_duration, cut at the contest's end, then lengthened by the team's extra time. Until it
starts, the team neither submits nor sees the problems. The caller passes the moment; nothing
here reads a clock.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime

from judge.contest.model import Contest, Team
from judge.errors import JudgeError


class Phase(enum.Enum):
    UNSCHEDULED = "unscheduled"  # the contest has no start time yet
    BEFORE = "before"  # too early: refused
    NOT_STARTED = "not started"  # a team_duration team that may start its window now
    RUNNING = "running"  # within the team's window: counts
    AFTER = "after"  # the window is over: practice, off the official board


@dataclass(frozen=True)
class Window:
    start: datetime
    end: datetime


def team_window(contest: Contest, team: Team, team_start: datetime | None) -> Window | None:
    """The team's window; None when the contest is unscheduled. `team_start`: when a team of
    a team_duration contest began (None: it has not, and would begin now)."""
    if contest.start_time is None or contest.end_time is None:
        return None
    if contest.team_duration is None:
        return Window(contest.start_time, contest.end_time + team.extra_time)
    start = team_start if team_start is not None else contest.start_time
    end = min(start + contest.team_duration, contest.end_time)
    return Window(start, end + team.extra_time)


def phase_at(contest: Contest, team: Team, team_start: datetime | None, now: datetime) -> Phase:
    """Where `now` falls for the team. A team_duration team that has not started is
    NOT_STARTED while the contest runs, AFTER once the contest is over (its time is gone)."""
    window = team_window(contest, team, team_start)
    if window is None:
        return Phase.UNSCHEDULED
    if now < contest.start_time:
        return Phase.BEFORE
    if contest.team_duration is not None and team_start is None:
        return Phase.NOT_STARTED if now < contest.end_time else Phase.AFTER
    return Phase.RUNNING if now < window.end else Phase.AFTER


def start_of_window(contest: Contest, team: Team, team_start: datetime | None,
                    now: datetime) -> datetime:
    """When the team's own window begins if it presses start at `now`; a JudgeError says why
    it cannot (no team windows in this contest, too early, too late, started already)."""
    if contest.team_duration is None:
        raise JudgeError(f"contest {contest.id!r} has one window for every team: there is "
                         "nothing to start")
    if team_start is not None:
        raise JudgeError(f"team {team.id} started its window already, at "
                         f"{team_start:%Y-%m-%d %H:%M:%S} UTC")
    phase = phase_at(contest, team, team_start, now)
    if phase is Phase.UNSCHEDULED:
        raise JudgeError(f"contest {contest.id!r} has no start time yet")
    if phase is Phase.BEFORE:
        raise JudgeError(f"contest {contest.id!r} starts at "
                         f"{contest.start_time:%Y-%m-%d %H:%M:%S} UTC; a team starts its "
                         "window after that")
    if phase is Phase.AFTER:
        raise JudgeError(f"contest {contest.id!r} is over: its windows cannot start any more")
    return now
