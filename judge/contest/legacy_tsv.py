"""The tab-separated team and group files of older contest packages (teams.tsv, groups.tsv, as
DOMjudge and the 2021 CCS tools import them), read when a package has no teams.json or
groups.json.

    groups.tsv   "groups<TAB>1", then: group id, name
    teams.tsv    "teams<TAB>1" (or "File_Version<TAB>2"), then: team number, external id,
                 group id, team name, institution name, institution short name, country code,
                 institution external id (optional)

The team number is the team's id; an institution becomes an organization, its id being its
external id (else its short name, made an identifier).
"""

from __future__ import annotations

import re
from pathlib import Path

from judge.contest.model import Group, Organization, Team
from judge.contest.records import IDENTIFIER
from judge.errors import ProblemError

TEAM_FIELDS = (
    "team number", "external id", "group id", "team name", "institution name",
    "institution short name", "country code", "institution external id",
)


def read_groups_tsv(path: Path) -> list[Group]:
    groups = []
    for line, fields in _rows(path, "groups"):
        _need(path, line, fields, 2, ("group id", "name"))
        groups.append(Group(id=_identifier(path, line, fields[0], "group id"), name=fields[1]))
    return groups


def read_teams_tsv(path: Path) -> tuple[list[Team], list[Organization]]:
    teams: list[Team] = []
    organizations: dict[str, Organization] = {}
    for line, fields in _rows(path, "teams"):
        _need(path, line, fields, 4, TEAM_FIELDS)
        fields = fields + [""] * (len(TEAM_FIELDS) - len(fields))
        number, _external, group, name, long_name, short_name, country, org_id = fields[:8]
        organization_id = None
        if short_name or long_name or org_id:
            organization_id = org_id or _slug(short_name or long_name)
            organization_id = _identifier(path, line, organization_id, "institution external id")
            organizations.setdefault(
                organization_id,
                Organization(
                    id=organization_id,
                    name=short_name or long_name,
                    formal_name=long_name or None,
                    country=country or None,
                ),
            )
        teams.append(
            Team(
                id=_identifier(path, line, number, "team number"),
                name=name,
                organization_id=organization_id,
                group_ids=(_identifier(path, line, group, "group id"),) if group else (),
            )
        )
    return teams, list(organizations.values())


def _rows(path: Path, kind: str) -> list[tuple[int, list[str]]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ProblemError(path, f"cannot read: {exc}") from None
    head = lines[0].split("\t") if lines else []
    if not head or head[0].strip() not in (kind, "File_Version"):
        raise ProblemError(path, f"expected a first line '{kind}<TAB>1'", line=1)
    return [
        (number, [field.strip() for field in text.split("\t")])
        for number, text in enumerate(lines[1:], start=2)
        if text.strip()
    ]


def _need(path: Path, line: int, fields: list[str], count: int, names: tuple[str, ...]) -> None:
    if len(fields) < count:
        raise ProblemError(
            path,
            f"expected at least {count} tab-separated fields ({', '.join(names[:count])}), "
            f"got {len(fields)}",
            line=line,
        )
    for index in range(count):
        if not fields[index]:
            raise ProblemError(path, "empty", line=line, key=names[index])


def _identifier(path: Path, line: int, value: str, key: str) -> str:
    if not IDENTIFIER.match(value):
        raise ProblemError(path, f"expected an identifier, got {value!r}", line=line, key=key)
    return value


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-.")[:36] or "organization"
