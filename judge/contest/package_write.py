"""A Contest written as a CLICS contest package (the layout judge.contest.package reads).

Only what differs from a default is written, so that an exported package reads like one a
person wrote; reading what this writes gives the same Contest back.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import timedelta
from pathlib import Path

import yaml

from judge.contest.model import Account, Contest, ContestProblem, Group, Organization, Team
from judge.contest.model import ScoreMode
from judge.contest.times import format_abstime, format_reltime


def write_contest(contest: Contest, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    _yaml(folder / "contest.yaml", _contest(contest))
    _yaml(folder / "problems.yaml", [_problem(p) for p in contest.problems])
    for name, items, shape in [
        ("organizations.json", contest.organizations, _organization),
        ("groups.json", contest.groups, _group),
        ("teams.json", contest.teams, _team),
        ("accounts.json", contest.accounts, _account),
    ]:
        path = folder / name
        if items:
            text = json.dumps([shape(item) for item in items], indent=2, ensure_ascii=False)
            path.write_text(text + "\n", encoding="utf-8")
        elif path.exists():
            path.unlink()  # an export over an older one: no stale teams


def _contest(contest: Contest) -> dict:
    out: dict = {"id": contest.id, "name": contest.name}
    if contest.formal_name is not None:
        out["formal_name"] = contest.formal_name
    out["start_time"] = format_abstime(contest.start_time) if contest.start_time else None
    out["duration"] = format_reltime(contest.duration)
    if contest.scoreboard_freeze_duration is not None:
        out["scoreboard_freeze_duration"] = format_reltime(contest.scoreboard_freeze_duration)
    out["penalty_time"] = contest.penalty_time
    out["scoreboard_type"] = contest.scoreboard_type.value
    if contest.score_mode is not ScoreMode.SUBTASK_SUM:
        out["score_mode"] = contest.score_mode.value
    if contest.time_tiebreak:
        out["time_tiebreak"] = True
    if contest.team_duration is not None:
        out["team_duration"] = format_reltime(contest.team_duration)
    if contest.balloons_after_freeze:
        out["balloons_after_freeze"] = True
    if contest.medals is not None:
        out["medals"] = asdict(contest.medals)
    return out


def _problem(problem: ContestProblem) -> dict:
    out = {"id": problem.id, "label": problem.label, "ordinal": problem.ordinal}
    return out | _present(name=problem.name, color=problem.color, rgb=problem.rgb)


def _organization(organization: Organization) -> dict:
    return {"id": organization.id, "name": organization.name} | _present(
        formal_name=organization.formal_name, country=organization.country
    )


def _group(group: Group) -> dict:
    return {"id": group.id, "name": group.name} | ({"hidden": True} if group.hidden else {})


def _team(team: Team) -> dict:
    out = {"id": team.id, "name": team.name} | _present(
        display_name=team.display_name, organization_id=team.organization_id
    )
    if team.group_ids:
        out["group_ids"] = list(team.group_ids)
    if team.hidden:
        out["hidden"] = True
    if team.extra_time != timedelta(0):
        out["extra_time"] = format_reltime(team.extra_time)
    return out


def _account(account: Account) -> dict:
    out = {"id": account.id, "username": account.username, "type": account.type.value}
    return out | _present(team_id=account.team_id, name=account.name, password=account.password)


def _present(**values: str | None) -> dict:
    return {key: value for key, value in values.items() if value is not None}


def _yaml(path: Path, data: object) -> None:
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False)
    path.write_text(text, encoding="utf-8")
