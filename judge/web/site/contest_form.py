"""The admin's contest form (judge.web.site.contest_admin): what was typed, kept as typed so
that a refused form comes back whole, and read into a judge.contest.model.Contest with an
error per field (the contest.yaml fields, its problems, groups, and teams with members).

Editing keeps what the form does not show: a problem's name, a team's organization, display
name and hidden flag, the contest's organizations, and its accounts other than team members
(judges, staff). A member is a user name; an account of the contest with that user name stays
the member's account (its id and password kept), a new name becomes a new team account.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, fields, replace
from datetime import datetime, timedelta, timezone

from judge.contest import model
from judge.contest.records import IDENTIFIER, RGB
from judge.contest.times import format_abstime, format_reltime, parse_abstime, parse_reltime
from judge.service.auth import USER_NAME

BLANK_ROWS = 2  # empty rows under each list, to add to it
# A start time as people type it: taken as UTC (an RFC 3339 time with an offset is read too).
PLAIN_TIME = re.compile(r"^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d)(:\d\d)?$")


@dataclass(frozen=True)
class ProblemRow:
    label: str = ""
    problem: str = ""
    color: str = ""
    rgb: str = ""


@dataclass(frozen=True)
class GroupRow:
    id: str = ""
    name: str = ""
    hidden: str = ""  # "yes" or ""


@dataclass(frozen=True)
class TeamRow:
    id: str = ""
    name: str = ""
    members: str = ""  # user names, separated by spaces or commas
    groups: str = ""  # group ids, likewise
    extra_time: str = ""  # h:mm:ss


def _blank(row) -> bool:
    return not any(getattr(row, f.name).strip() for f in fields(row))


@dataclass(frozen=True)
class ContestForm:
    id: str = ""
    name: str = ""
    formal_name: str = ""
    start_time: str = ""
    duration: str = "5:00:00"
    freeze: str = "1:00:00"
    penalty_time: str = "20"
    scoreboard_type: str = model.ScoreboardType.PASS_FAIL.value
    score_mode: str = model.ScoreMode.SUBTASK_SUM.value
    time_tiebreak: bool = False
    team_duration: str = ""
    balloons_after_freeze: bool = False
    problems: tuple[ProblemRow, ...] = ()
    groups: tuple[GroupRow, ...] = ()
    teams: tuple[TeamRow, ...] = ()

    @classmethod
    def of_contest(cls, contest: model.Contest) -> ContestForm:
        members: dict[str, list[str]] = {}
        for account in contest.accounts:
            if account.type is model.AccountType.TEAM and account.team_id is not None:
                members.setdefault(account.team_id, []).append(account.username)
        return cls(
            id=contest.id,
            name=contest.name,
            formal_name=contest.formal_name or "",
            start_time=format_abstime(contest.start_time) if contest.start_time else "",
            duration=format_reltime(contest.duration),
            freeze=_length(contest.scoreboard_freeze_duration),
            penalty_time=str(contest.penalty_time),
            scoreboard_type=contest.scoreboard_type.value,
            score_mode=contest.score_mode.value,
            time_tiebreak=contest.time_tiebreak,
            team_duration=_length(contest.team_duration),
            balloons_after_freeze=contest.balloons_after_freeze,
            problems=tuple(ProblemRow(p.label, p.id, p.color or "", p.rgb or "")
                           for p in contest.problems),
            groups=tuple(GroupRow(g.id, g.name, "yes" if g.hidden else "")
                         for g in contest.groups),
            teams=tuple(
                TeamRow(t.id, t.name, " ".join(members.get(t.id, ())), " ".join(t.group_ids),
                        _length(t.extra_time or None))
                for t in contest.teams
            ),
        )

    @classmethod
    def of_fields(cls, form) -> ContestForm:
        """From the posted form (a starlette FormData: lists of rows by field name)."""

        def text(name: str) -> str:
            value = form.get(name)
            return value if isinstance(value, str) else ""

        def rows(kind, prefix: str):
            columns = [[v if isinstance(v, str) else "" for v in form.getlist(f"{prefix}_{f.name}")]
                       for f in fields(kind)]
            count = max((len(column) for column in columns), default=0)
            found = (kind(*(c[i] if i < len(c) else "" for c in columns)) for i in range(count))
            return tuple(row for row in found if not _blank(row))

        return cls(
            id=text("id").strip(), name=text("name"), formal_name=text("formal_name"),
            start_time=text("start_time"), duration=text("duration"), freeze=text("freeze"),
            penalty_time=text("penalty_time"), scoreboard_type=text("scoreboard_type"),
            score_mode=text("score_mode"), time_tiebreak=text("time_tiebreak") == "yes",
            team_duration=text("team_duration"),
            balloons_after_freeze=text("balloons_after_freeze") == "yes",
            problems=rows(ProblemRow, "problem"), groups=rows(GroupRow, "group"),
            teams=rows(TeamRow, "team"),
        )

    def with_blank_rows(self) -> ContestForm:
        return replace(
            self,
            problems=self.problems + (ProblemRow(),) * BLANK_ROWS,
            groups=self.groups + (GroupRow(),) * BLANK_ROWS,
            teams=self.teams + (TeamRow(),) * BLANK_ROWS,
        )


class _Errors(dict):
    def check(self, key: str, ok: bool, message: str) -> bool:
        if not ok and key not in self:
            self[key] = message
        return ok


def contest_of_form(
    form: ContestForm, known_problems: Collection[str], existing: model.Contest | None
) -> tuple[model.Contest | None, dict[str, str]]:
    """The contest the form describes, or None and a message per field (its input's name;
    rows as problem-2-label, team-0-members)."""
    errors = _Errors()
    errors.check("id", bool(IDENTIFIER.match(form.id)),
                 "letters, digits, '_', '-' or '.', at most 36, not ending in '.'")
    errors.check("name", bool(form.name.strip()), "a contest needs a name")
    start = _start_time(form.start_time, errors)
    duration = _reltime(form.duration, "duration", errors, required=True)
    errors.check("duration", duration is None or duration > timedelta(0), "more than 0:00:00")
    freeze = _reltime(form.freeze, "freeze", errors)
    if freeze is not None and duration is not None:
        errors.check("freeze", freeze <= duration, "longer than the contest's duration")
    penalty = form.penalty_time.strip()
    errors.check("penalty_time", penalty.isdigit() and len(penalty) < 6,
                 "whole minutes, 0 or more")
    errors.check("scoreboard_type",
                 form.scoreboard_type in {t.value for t in model.ScoreboardType},
                 "pass-fail or score")
    errors.check("score_mode", form.score_mode in {m.value for m in model.ScoreMode},
                 "subtask-sum or best-submission")
    team_duration = _reltime(form.team_duration, "team_duration", errors)
    errors.check("team_duration", team_duration is None or team_duration > timedelta(0),
                 "more than 0:00:00, or empty for the contest's window")
    problems = _problems(form.problems, known_problems, existing, errors)
    groups = _groups(form.groups, existing, errors)
    teams, members = _teams(form.teams, {g.id for g in groups}, existing, errors)
    if errors:
        return None, dict(errors)
    contest = model.Contest(
        id=form.id, name=form.name.strip(), formal_name=form.formal_name.strip() or None,
        start_time=start, duration=duration, scoreboard_freeze_duration=freeze,
        penalty_time=int(penalty), scoreboard_type=model.ScoreboardType(form.scoreboard_type),
        score_mode=model.ScoreMode(form.score_mode), time_tiebreak=form.time_tiebreak,
        team_duration=team_duration, balloons_after_freeze=form.balloons_after_freeze,
        medals=existing.medals if existing else None,
        problems=problems, groups=groups, teams=teams,
        organizations=existing.organizations if existing else (),
        accounts=_accounts(members, existing),
    )
    return contest, {}


def _start_time(text: str, errors: _Errors) -> datetime | None:
    text = text.strip()
    if not text:
        return None  # not scheduled yet
    plain = PLAIN_TIME.match(text)
    if plain is not None:
        day, minutes, seconds = plain.groups()
        try:
            return datetime.fromisoformat(f"{day}T{minutes}{seconds or ':00'}").replace(
                tzinfo=timezone.utc)
        except ValueError:
            pass
    moment = parse_abstime(text)
    errors.check("start_time", moment is not None,
                 "a time as 2026-12-05 09:00 (UTC) or 2026-12-05T09:00:00+01:00; empty: "
                 "not scheduled yet")
    return moment


def _reltime(text: str, key: str, errors: _Errors, required: bool = False) -> timedelta | None:
    text = text.strip()
    if not text:
        errors.check(key, not required, "a length as h:mm:ss")
        return None
    length = parse_reltime(text)
    errors.check(key, length is not None and length >= timedelta(0), "a length as h:mm:ss")
    return length


def _problems(rows, known: Collection[str], existing: model.Contest | None,
              errors: _Errors) -> tuple[model.ContestProblem, ...]:
    names = {p.id: p.name for p in existing.problems} if existing else {}
    problems, labels, ids = [], set(), set()
    for i, row in enumerate(rows):
        label, problem, rgb = row.label.strip(), row.problem.strip(), row.rgb.strip()
        errors.check(f"problem-{i}-label", bool(label) and len(label) <= 16 and label not in labels,
                     "a label, 1 to 16 characters, once per contest")
        errors.check(f"problem-{i}-problem", problem in known and problem not in ids,
                     "one of this judge's problems, once per contest")
        match = RGB.match(rgb) if rgb else None
        errors.check(f"problem-{i}-rgb", not rgb or match is not None, "a colour as #rrggbb")
        labels.add(label)
        ids.add(problem)
        digits = match.group(1).lower() if match else ""
        wide = "#" + (digits if len(digits) == 6 else "".join(c * 2 for c in digits))
        problems.append(model.ContestProblem(problem, label, i, names.get(problem),
                                             row.color.strip() or None, wide if digits else None))
    return tuple(problems)


def _groups(rows, existing: model.Contest | None, errors: _Errors) -> tuple[model.Group, ...]:
    before = {g.id: g for g in existing.groups} if existing else {}
    groups, ids = [], set()
    for i, row in enumerate(rows):
        group_id, name = row.id.strip(), row.name.strip()
        errors.check(f"group-{i}-id", bool(IDENTIFIER.match(group_id)) and group_id not in ids,
                     "an identifier, once per contest")
        errors.check(f"group-{i}-name", bool(name), "a group needs a name")
        ids.add(group_id)
        group = before.get(group_id, model.Group(group_id, name))
        groups.append(replace(group, name=name, hidden=row.hidden == "yes"))
    return tuple(groups)


def _teams(rows, group_ids: set[str], existing: model.Contest | None, errors: _Errors
           ) -> tuple[tuple[model.Team, ...], dict[str, str]]:
    """The teams, and each member's team (user name: team id)."""
    before = {t.id: t for t in existing.teams} if existing else {}
    teams, ids, members = [], set(), {}
    for i, row in enumerate(rows):
        team_id, name = row.id.strip(), row.name.strip()
        errors.check(f"team-{i}-id", bool(IDENTIFIER.match(team_id)) and team_id not in ids,
                     "an identifier, once per contest")
        errors.check(f"team-{i}-name", bool(name), "a team needs a name")
        ids.add(team_id)
        for user in _words(row.members):
            errors.check(f"team-{i}-members", bool(USER_NAME.match(user)),
                         f"{user!r} cannot be a user name (letters, digits, '.', '_', '-')")
            errors.check(f"team-{i}-members", user not in members,
                         f"{user} is on team {members.get(user)} already")
            members.setdefault(user, team_id)
        groups = tuple(_words(row.groups))
        unknown = [g for g in groups if g not in group_ids]
        errors.check(f"team-{i}-groups", not unknown,
                     f"no group {', '.join(unknown)} (add it under Groups)")
        extra = _reltime(row.extra_time, f"team-{i}-extra_time", errors) or timedelta(0)
        team = before.get(team_id, model.Team(team_id, name))
        teams.append(replace(team, name=name, group_ids=groups, extra_time=extra))
    return tuple(teams), members


def _accounts(members: dict[str, str], existing: model.Contest | None
              ) -> tuple[model.Account, ...]:
    """The contest's accounts: those that are not a team's member as they were; a member's
    own account moved to its team, or a new one."""
    kept, by_name = [], {}
    for account in existing.accounts if existing else ():
        if account.type is model.AccountType.TEAM and account.team_id is not None:
            by_name.setdefault(account.username, account)
        else:
            kept.append(account)
    taken = {account.id for account in kept} | {account.id for account in by_name.values()}
    for user, team_id in members.items():
        account = by_name.get(user)
        if account is None:
            fits = IDENTIFIER.match(user) and user not in taken
            account_id = user if fits else _free_id(user, taken)
            taken.add(account_id)
            account = model.Account(account_id, user, model.AccountType.TEAM)
        kept.append(replace(account, team_id=team_id))
    return tuple(kept)


def _free_id(user: str, taken: set[str]) -> str:
    """An account id (a CLICS identifier: at most 36 characters) for a user name that is
    taken as one already or is too long to be one."""
    base, n = user[:30].rstrip("."), 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def _words(text: str) -> list[str]:
    return [word for word in text.replace(",", " ").split() if word]


def _length(length: timedelta | None) -> str:
    return "" if length is None else format_reltime(length)
