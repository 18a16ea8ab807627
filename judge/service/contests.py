"""Contests in the database: a judge.contest.model.Contest stored as rows and loaded back,
and the import of a contest package (its accounts become users with tokens).

Storing a contest again under its id replaces its problems, organizations, groups, teams and
accounts; what the contest has lived through stays: a team's start of its own window, and the
submissions (which name their contest and team, not these rows).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from datetime import datetime, timedelta, timezone

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from judge.contest import model
from judge.errors import JudgeError
from judge.service.auth import USER_NAME, add_user, password_hash, password_matches
from judge.service.models import (
    Contest,
    ContestAccount,
    ContestGroup,
    ContestOrganization,
    ContestProblem,
    ContestTeam,
    Priority,
    Role,
    TeamMember,
    User,
    utcnow,
)

# What a package's account may do here. A staff account (a balloon runner) only looks.
ROLES = {
    model.AccountType.TEAM: Role.CONTESTANT,
    model.AccountType.JUDGE: Role.SETTER,
    model.AccountType.ADMIN: Role.ADMIN,
    model.AccountType.ANALYST: Role.SETTER,
    model.AccountType.STAFF: Role.CONTESTANT,
}
CHILDREN = (ContestProblem, ContestOrganization, ContestGroup, ContestTeam, ContestAccount)


@dataclass(frozen=True)
class ContestEntry:
    """What a submission to a contest is stored with (judge.service.api.contest_entry decides)."""

    contest_id: str
    team_id: str
    practice: bool  # after the team's window: judged, off the official board
    priority: Priority


@dataclass(frozen=True)
class Imported:
    contest_id: str
    updated: bool  # the contest was there already and is replaced
    tokens: tuple[tuple[str, str], ...]  # (user name, token) of each user created now
    existing_users: tuple[str, ...]  # accounts whose user was there already (token unchanged)


@dataclass(frozen=True)
class ContestSummary:
    id: str
    name: str
    start_time: datetime | None  # aware UTC
    duration: timedelta
    problems: int
    teams: int


def import_contest(session: Session, contest: model.Contest, keep_passwords: bool = False
                   ) -> Imported:
    """Create a user for each account that has none (a token each, as `judge user add`
    gives), then store the contest and who is on which team (`keep_passwords`: as
    store_contest)."""
    for account in contest.accounts:
        if not USER_NAME.match(account.username):
            raise JudgeError(
                f"account {account.id}: username {account.username!r} cannot be a user name "
                "here (1-64 letters, digits, '.', '_' or '-', starting with a letter or digit)"
            )
    tokens, existing = [], []
    there = _user_ids(session, [account.username for account in contest.accounts])
    for account in contest.accounts:
        if account.username in there:
            existing.append(account.username)
            continue
        tokens.append((account.username, add_user(session, account.username, ROLES[account.type])))
    session.flush()
    updated = store_contest(session, contest, keep_passwords)
    return Imported(contest.id, updated, tuple(tokens), tuple(existing))


def store_contest(session: Session, contest: model.Contest, keep_passwords: bool = False
                  ) -> bool:
    """Store `contest` (replacing one with its id: True); team accounts whose user exists
    make that user a member of the account's team. `keep_passwords`: an account given without
    a password keeps the one stored for its user name (a contest edited on the pages, which
    never see passwords), rather than losing it (a package that no longer gives one)."""
    row = session.get(Contest, contest.id)
    updated = row is not None
    now = utcnow()
    started: dict[str, datetime | None] = {}
    kept: dict[str, str] = {}
    if row is None:
        row = Contest(id=contest.id, created_at=now)
        session.add(row)
    else:
        started = dict(
            session.execute(
                select(ContestTeam.id, ContestTeam.started_at).where(
                    ContestTeam.contest_id == contest.id
                )
            ).all()
        )
        kept = dict(
            session.execute(
                select(ContestAccount.username, ContestAccount.password_hash).where(
                    ContestAccount.contest_id == contest.id,
                    ContestAccount.password_hash.is_not(None),
                )
            ).all()
        )
        session.execute(delete(TeamMember).where(TeamMember.contest_id == contest.id))
        for table in CHILDREN:
            session.execute(delete(table).where(table.contest_id == contest.id))
    row.name = contest.name
    row.formal_name = contest.formal_name
    row.start_time = _naive(contest.start_time)
    row.duration_ms = _ms(contest.duration)
    row.freeze_ms = _ms(contest.scoreboard_freeze_duration)
    row.penalty_time = contest.penalty_time
    row.scoreboard_type = contest.scoreboard_type.value
    row.score_mode = contest.score_mode.value
    row.time_tiebreak = contest.time_tiebreak
    row.team_duration_ms = _ms(contest.team_duration)
    row.balloons_after_freeze = contest.balloons_after_freeze
    row.medals = asdict(contest.medals) if contest.medals is not None else None
    row.updated_at = now
    session.flush()
    session.add_all(_children(contest, started, kept, keep_passwords))
    session.flush()
    session.add_all(_members(session, contest))
    return updated


def contest_head(row: Contest) -> model.Contest:
    """The contest's own fields, without its problems, teams and the rest (what deciding a
    submission's window needs, cheaply, whatever the number of teams)."""
    return model.Contest(
        id=row.id,
        name=row.name,
        formal_name=row.formal_name,
        start_time=aware(row.start_time),
        duration=_length(row.duration_ms),
        scoreboard_freeze_duration=_length(row.freeze_ms),
        penalty_time=row.penalty_time,
        scoreboard_type=model.ScoreboardType(row.scoreboard_type),
        score_mode=model.ScoreMode(row.score_mode),
        time_tiebreak=row.time_tiebreak,
        team_duration=_length(row.team_duration_ms),
        balloons_after_freeze=bool(row.balloons_after_freeze),
        medals=model.Medals(**row.medals) if row.medals is not None else None,
    )


def load_contest(session: Session, contest_id: str) -> model.Contest | None:
    row = session.get(Contest, contest_id)
    if row is None:
        return None

    def rows(table, order):
        return session.scalars(
            select(table).where(table.contest_id == contest_id).order_by(order)
        ).all()

    return replace(
        contest_head(row),
        problems=tuple(
            model.ContestProblem(p.problem, p.label, p.ordinal, p.name, p.color, p.rgb)
            for p in rows(ContestProblem, ContestProblem.ordinal)
        ),
        organizations=tuple(
            model.Organization(o.id, o.name, o.formal_name, o.country)
            for o in rows(ContestOrganization, ContestOrganization.position)
        ),
        groups=tuple(
            model.Group(g.id, g.name, g.hidden) for g in rows(ContestGroup, ContestGroup.position)
        ),
        teams=tuple(team_of_row(t) for t in rows(ContestTeam, ContestTeam.position)),
        accounts=tuple(
            model.Account(a.id, a.username, model.AccountType(a.type), a.team_id, a.name)
            for a in rows(ContestAccount, ContestAccount.position)
        ),
    )


def team_of_row(row: ContestTeam) -> model.Team:
    return model.Team(
        id=row.id,
        name=row.name,
        display_name=row.display_name,
        organization_id=row.organization_id,
        group_ids=tuple(row.group_ids),
        hidden=row.hidden,
        extra_time=timedelta(milliseconds=row.extra_time_ms),
    )


def list_contests(session: Session) -> list[ContestSummary]:
    def count(table):
        return (
            select(func.count())
            .select_from(table)
            .where(table.contest_id == Contest.id)
            .scalar_subquery()
        )

    query = select(Contest, count(ContestProblem), count(ContestTeam)).order_by(
        Contest.start_time.is_(None), Contest.start_time, Contest.id
    )
    return [
        ContestSummary(
            row.id, row.name, aware(row.start_time), _length(row.duration_ms), problems, teams
        )
        for row, problems, teams in session.execute(query).all()
    ]


def _children(
    contest: model.Contest, started: dict[str, datetime | None], kept: dict[str, str],
    keep_passwords: bool,
) -> list:
    out: list = [
        ContestProblem(
            contest_id=contest.id, problem=p.id, label=p.label, ordinal=p.ordinal,
            name=p.name, color=p.color, rgb=p.rgb,
        )
        for p in contest.problems
    ]
    out += [
        ContestOrganization(
            contest_id=contest.id, id=o.id, position=i, name=o.name,
            formal_name=o.formal_name, country=o.country,
        )
        for i, o in enumerate(contest.organizations)
    ]
    out += [
        ContestGroup(contest_id=contest.id, id=g.id, position=i, name=g.name, hidden=g.hidden)
        for i, g in enumerate(contest.groups)
    ]
    out += [
        ContestTeam(
            contest_id=contest.id, id=t.id, position=i, name=t.name,
            display_name=t.display_name, organization_id=t.organization_id,
            group_ids=list(t.group_ids), hidden=t.hidden, extra_time_ms=_ms(t.extra_time),
            started_at=started.get(t.id),
        )
        for i, t in enumerate(contest.teams)
    ]
    out += [
        ContestAccount(
            contest_id=contest.id, id=a.id, position=i, username=a.username,
            type=a.type.value, team_id=a.team_id, name=a.name,
            password_hash=(kept.get(a.username) if keep_passwords and a.password is None
                           else _password_hash(a.password, kept.get(a.username))),
        )
        for i, a in enumerate(contest.accounts)
    ]
    return out


def _password_hash(password: str | None, kept: str | None) -> str | None:
    """The hash of `password`; the one stored before when it still matches (hashing costs
    some 50 ms, and a contest is stored again whenever its package changes)."""
    if password is None:
        return None
    if kept is not None and password_matches(kept, password):
        return kept
    return password_hash(password)


def _members(session: Session, contest: model.Contest) -> list[TeamMember]:
    on_teams = [
        account
        for account in contest.accounts
        if account.type is model.AccountType.TEAM and account.team_id is not None
    ]
    ids = _user_ids(session, [account.username for account in on_teams])
    members: dict[int, TeamMember] = {}
    for account in on_teams:
        user_id = ids.get(account.username)
        if user_id is not None and user_id not in members:
            members[user_id] = TeamMember(
                contest_id=contest.id, user_id=user_id, team_id=account.team_id
            )
    return list(members.values())


def _user_ids(session: Session, names: list[str]) -> dict[str, int]:
    """The ids of the users among `names` (one query per thousand: a contest has hundreds)."""
    found: dict[str, int] = {}
    for start in range(0, len(names), 1000):
        query = select(User.name, User.id).where(User.name.in_(names[start : start + 1000]))
        found.update(dict(session.execute(query).all()))
    return found


def _ms(length: timedelta | None) -> int | None:
    return None if length is None else length // timedelta(milliseconds=1)


def _length(ms: int | None) -> timedelta | None:
    return None if ms is None else timedelta(milliseconds=ms)


def _naive(moment: datetime | None) -> datetime | None:
    """As every time here is stored: naive UTC (models.utcnow)."""
    return None if moment is None else moment.astimezone(timezone.utc).replace(tzinfo=None)


def aware(moment: datetime | None) -> datetime | None:
    """A stored (naive UTC) time as the contest model has times: aware, in UTC."""
    return None if moment is None else moment.replace(tzinfo=timezone.utc)
