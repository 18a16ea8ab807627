"""What a contest package's objects name must exist in it: a team's organization and groups,
an account's team; and a username is given once. Checked after the files are read, so the
error is located by finding the offending object's line again.
"""

from __future__ import annotations

from pathlib import Path

from judge.contest.model import Contest
from judge.contest.records import json_list, yaml_list
from judge.errors import ProblemError, did_you_mean
from judge.problem.yamlnodes import compose_file


def check_references(folder: Path, contest: Contest) -> None:
    """Teams name organizations and groups that exist; accounts name teams that exist."""
    organizations = sorted(o.id for o in contest.organizations)
    groups = sorted(g.id for g in contest.groups)
    teams = sorted(t.id for t in contest.teams)
    for team in contest.teams:
        if team.organization_id is not None and team.organization_id not in organizations:
            raise _dangling(folder / "teams.json", team.id, "organization_id",
                            team.organization_id, organizations, "organization")
        for group in team.group_ids:
            if group not in groups:
                raise _dangling(folder / "teams.json", team.id, "group_ids", group, groups,
                                "group")
    accounts_file = folder / "accounts.json"
    if not accounts_file.exists():
        accounts_file = folder / "accounts.yaml"
    usernames: set[str] = set()
    for account in contest.accounts:
        if account.team_id is not None and account.team_id not in teams:
            raise _dangling(accounts_file, account.id, "team_id", account.team_id, teams,
                            "team")
        if account.username in usernames:
            path, line = _locate(accounts_file, account.id)
            raise ProblemError(path, f"username {account.username!r} is given twice",
                               line=line, key="username")
        usernames.add(account.username)


def _dangling(
    path: Path, object_id: str, key: str, named: str, known: list[str], kind: str
) -> ProblemError:
    where, line = _locate(path, object_id)
    message = f"{object_id}: no {kind} {named!r} in the package" + did_you_mean(named, known)
    return ProblemError(where, message, line=line, key=key)


def _locate(path: Path, object_id: str) -> tuple[Path, int | None]:
    """Where the object with this id starts in its file (for errors found after reading)."""
    if not path.exists():
        teams_tsv = path.with_suffix(".tsv")
        return (teams_tsv if teams_tsv.exists() else path), None
    records = json_list(path) if path.suffix == ".json" else yaml_list(path, compose_file(path))
    for record in records:
        if record.values.get("id", record.values.get("username")) == object_id:
            return path, record.line
    return path, None
