"""A contest and what its scoreboard is made of, as plain immutable data.

Ids are strings, as the CLICS Contest API has them. Times are aware datetimes in UTC; lengths
of time are timedeltas; contest times on a scoreboard are whole minutes, rounded down, as the
CCS requirements count them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from judge.verdicts.verdict import Verdict


class ScoreboardType(enum.Enum):
    PASS_FAIL = "pass-fail"  # ICPC: solved problems, then penalty time
    SCORE = "score"  # IOI: points


class ScoreMode(enum.Enum):
    """How a scored problem's points are taken from a team's submissions (IOI rules)."""

    BEST_SUBMISSION = "best-submission"  # the best single submission (IOI until 2016)
    SUBTASK_SUM = "subtask-sum"  # each subtask's best over all submissions, summed (IOI 2017 on)


class AccountType(enum.Enum):
    TEAM = "team"
    JUDGE = "judge"
    ADMIN = "admin"
    ANALYST = "analyst"
    STAFF = "staff"


class View(enum.Enum):
    """Who looks at a scoreboard: the public (and teams) see the freeze; the jury never does."""

    PUBLIC = "public"
    JURY = "jury"


@dataclass(frozen=True)
class ContestProblem:
    id: str  # the problem's id in this project (problems/<id>), also its CLICS id
    label: str  # A, B, ... as the scoreboard shows it
    ordinal: int  # its place on the scoreboard, from 0
    name: str | None = None  # as the package names it; else the problem's own title
    color: str | None = None  # a colour's name, for balloons
    rgb: str | None = None  # "#rrggbb"
    # SCORE contests: the problem's full marks, when known (the sum of its groups' points), so
    # that a cell can say "solved"; None: never shown as solved, its score is all there is.
    max_score: float | None = None


@dataclass(frozen=True)
class Organization:
    id: str
    name: str
    formal_name: str | None = None
    country: str | None = None  # ISO 3166-1 alpha-3


@dataclass(frozen=True)
class Group:
    id: str
    name: str
    hidden: bool = False  # its teams are left off the public scoreboard


@dataclass(frozen=True)
class Team:
    id: str
    name: str
    display_name: str | None = None
    organization_id: str | None = None
    group_ids: tuple[str, ...] = ()
    hidden: bool = False
    extra_time: timedelta = timedelta(0)  # added to the team's window (and only to its own)


@dataclass(frozen=True)
class Account:
    id: str
    username: str
    type: AccountType
    team_id: str | None = None  # a team account's team
    name: str | None = None
    password: str | None = None  # as the package gives it (CLICS accounts carry one)


@dataclass(frozen=True)
class Medals:
    """How many places of the final standings get each medal (0: none of that kind)."""

    gold: int = 0
    silver: int = 0
    bronze: int = 0


@dataclass(frozen=True)
class Contest:
    id: str
    name: str
    duration: timedelta
    start_time: datetime | None = None  # None: not scheduled yet
    formal_name: str | None = None
    scoreboard_freeze_duration: timedelta | None = None  # before the end; None: no freeze
    penalty_time: int = 20  # minutes per rejected try that carries a penalty
    scoreboard_type: ScoreboardType = ScoreboardType.PASS_FAIL
    score_mode: ScoreMode = ScoreMode.SUBTASK_SUM  # for SCORE contests
    time_tiebreak: bool = False  # SCORE contests: equal scores ranked by time of the last gain
    # CMS's per_user_time: each team starts its own window of this length when it chooses,
    # within [start_time, end_time]. None: everyone's window is the contest's.
    team_duration: timedelta | None = None
    # DOMjudge's show_balloons_postfreeze: off (its default), a submission sent during the
    # freeze makes no balloon, so that the room does not learn what the board hides.
    balloons_after_freeze: bool = False
    medals: Medals | None = None  # None: the contest gives none (the Contest API's awards)
    problems: tuple[ContestProblem, ...] = ()
    teams: tuple[Team, ...] = ()
    organizations: tuple[Organization, ...] = ()
    groups: tuple[Group, ...] = ()
    accounts: tuple[Account, ...] = ()

    @property
    def end_time(self) -> datetime | None:
        return None if self.start_time is None else self.start_time + self.duration

    @property
    def freeze_time(self) -> datetime | None:
        """When the public board stops showing results (start + duration - freeze)."""
        if self.start_time is None or self.scoreboard_freeze_duration is None:
            return None
        return self.start_time + self.duration - self.scoreboard_freeze_duration


@dataclass(frozen=True)
class JudgedSubmission:
    """One submission as the scoring rules read it. The caller leaves out what is not on the
    official board (practice after a team's window, hidden teams on a public board)."""

    id: str
    team_id: str
    problem_id: str
    submitted_at: datetime  # absolute: compared with the freeze time
    contest_time: timedelta  # since the team's own start: what penalty and ties count
    verdict: Verdict | None  # None: not judged yet (JE is read as pending by the rules too)
    score: float | None = None  # SCORE problems: the submission's points
    subtask_scores: tuple[float, ...] = ()  # SCORE problems: points per subtask, in order


@dataclass(frozen=True)
class Cell:
    """One team's result on one problem, as the CLICS scoreboard has it."""

    problem_id: str
    num_judged: int  # submissions that count (CE and JE do not; nor anything after the solve)
    num_pending: int  # not judged yet, JE, or hidden by the freeze
    solved: bool
    time: int | None = None  # minutes: the solve (pass-fail) or the last gain (score)
    first_to_solve: bool = False
    score: float | None = None  # SCORE contests


@dataclass(frozen=True)
class Row:
    rank: int  # teams that tie share one
    team_id: str
    num_solved: int
    total_time: int  # minutes: penalty (pass-fail) or the tie-break time (score)
    cells: tuple[Cell, ...]
    score: float | None = None  # SCORE contests
    last_time: int | None = None  # minutes of the last solve or gain, the last tie-breaker


@dataclass(frozen=True)
class Standings:
    rows: tuple[Row, ...]
    view: View
    frozen: bool  # results after the freeze are hidden from this view
    problems: tuple[ContestProblem, ...] = field(default=())
