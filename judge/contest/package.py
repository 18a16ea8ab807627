"""The CLICS Contest Package (ccs-specs 2023-06) read into a Contest; `package_write` writes it.

    contest.yaml          the contest: id, name, formal_name, start_time, duration,
                          scoreboard_freeze_duration, penalty_time, scoreboard_type; and this
                          judge's own score_mode, time_tiebreak, team_duration,
                          balloons_after_freeze (docs/contests.md)
    problems.yaml         its problems: id (a problem of this project), label, name, color, rgb,
                          ordinal (the 2021 problemset.yaml, letter/short-name, is read too)
    organizations.json    groups.json    teams.json    accounts.json (or accounts.yaml)
                          (the older teams.tsv and groups.tsv are read when the JSON is not there)

Every error names file, line and key. Keys and files this judge has no use for are not an
error (a package exported by another system carries many) but are listed in the result, so
that a misspelt key never vanishes silently.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, fields, replace
from datetime import timedelta
from pathlib import Path

from judge.contest.archive import DERIVED_FILES, HISTORY_FILES
from judge.contest.model import (
    Account,
    AccountType,
    Contest,
    ContestProblem,
    Group,
    Medals,
    Organization,
    ScoreboardType,
    ScoreMode,
    Team,
)
from judge.contest.legacy_tsv import read_groups_tsv, read_teams_tsv
from judge.contest.package_write import write_contest
from judge.contest.references import check_references
from judge.contest.records import (
    IDENTIFIER,
    Record,
    json_list,
    yaml_file_record,
    yaml_list,
    yaml_record,
)
from judge.errors import ProblemError, did_you_mean
from judge.problem.yamlnodes import compose_file

__all__ = ["ContestPackage", "read_contest", "write_contest"]

CONTEST_KEYS = {
    "id", "name", "formal_name", "start_time", "duration", "scoreboard_freeze_duration",
    "penalty_time", "scoreboard_type", "score_mode", "time_tiebreak", "team_duration",
    "balloons_after_freeze", "medals",
    # the 2021 package's spellings
    "short-name", "formal-name", "start-time", "penalty-time", "scoreboard-freeze-duration",
    "scoreboard-freeze-length",
}
PROBLEM_KEYS = {"id", "label", "name", "color", "rgb", "ordinal", "short-name", "letter"}
ORGANIZATION_KEYS = {"id", "name", "formal_name", "country"}
GROUP_KEYS = {"id", "name", "hidden"}
TEAM_KEYS = {"id", "name", "display_name", "organization_id", "group_ids", "hidden", "extra_time"}
ACCOUNT_KEYS = {"id", "username", "password", "name", "type", "team_id"}
KNOWN_FILES = {
    "contest.yaml", "problems.yaml", "problemset.yaml", "organizations.json", "groups.json",
    "teams.json", "accounts.json", "accounts.yaml", "teams.tsv", "groups.tsv",
    *HISTORY_FILES, *DERIVED_FILES,  # an archived contest's (judge.contest.archive)
}


@dataclass(frozen=True)
class ContestPackage:
    contest: Contest
    folder: Path
    ignored: tuple[str, ...] = ()  # "file:line: key 'x' ignored", and files nothing reads


def read_contest(folder: Path, known_problems: Collection[str] | None = None) -> ContestPackage:
    """The contest in `folder`. `known_problems`: the problem ids a contest may use (the
    project's problems/); None leaves them unchecked."""
    if not folder.is_dir():
        raise ProblemError(folder, "not a folder: expected a contest package")
    ignored: list[str] = []
    head = yaml_file_record(folder / "contest.yaml")
    ignored += _ignored(head, CONTEST_KEYS)
    problems = _problems(folder, known_problems, ignored)
    organizations = _read_each(folder / "organizations.json", ORGANIZATION_KEYS,
                               _organization, ignored)
    groups = _read_each(folder / "groups.json", GROUP_KEYS, _group, ignored)
    teams = _read_each(folder / "teams.json", TEAM_KEYS, _team, ignored)
    # The older TSV files, when the JSON ones are not there.
    if _only(folder, "groups.tsv", "groups.json", ignored):
        groups = read_groups_tsv(folder / "groups.tsv")
    if _only(folder, "teams.tsv", "teams.json", ignored):
        teams, institutions = read_teams_tsv(folder / "teams.tsv")
        organizations = organizations or institutions
    accounts_file = folder / "accounts.json"
    if not accounts_file.exists() and (folder / "accounts.yaml").exists():
        accounts_file = folder / "accounts.yaml"
    accounts = tuple(_read_each(accounts_file, ACCOUNT_KEYS, _account, ignored))
    contest = replace(
        _contest(head, folder),
        problems=problems,
        organizations=tuple(organizations),
        groups=tuple(groups),
        teams=tuple(teams),
        accounts=accounts,
    )
    check_references(folder, contest)
    ignored += [
        f"{folder / entry.name}: not part of the package this judge reads"
        for entry in sorted(folder.iterdir())
        if entry.is_file() and entry.name not in KNOWN_FILES
    ]
    return ContestPackage(contest, folder, _summary(ignored))


def _contest(head: Record, folder: Path) -> Contest:
    id_key = head.one_of("id", "short-name")
    contest_id = head.identifier(id_key) if head.has(id_key) else _folder_id(head, folder)
    duration = head.reltime("duration")
    if duration is None:
        raise ProblemError(head.path, "missing; expected a length as h:mm:ss", line=head.line,
                           key="duration")
    if duration <= timedelta(0):
        raise head.error("duration", "expected a length above 0:00:00")
    freeze_key = head.one_of("scoreboard_freeze_duration", "scoreboard-freeze-duration",
                             "scoreboard-freeze-length")
    freeze = head.reltime(freeze_key)
    if freeze is not None and freeze > duration:
        raise head.error(freeze_key, "longer than the contest's duration")
    team_duration = head.reltime("team_duration")
    if team_duration is not None and not team_duration.total_seconds() > 0:
        raise head.error("team_duration", "expected a length above 0:00:00")
    kind = head.choice("scoreboard_type", tuple(t.value for t in ScoreboardType), "pass-fail")
    mode = head.choice("score_mode", tuple(m.value for m in ScoreMode), "subtask-sum")
    return Contest(
        id=contest_id,
        name=head.string("name"),
        formal_name=head.optional_string(head.one_of("formal_name", "formal-name")),
        start_time=head.abstime(head.one_of("start_time", "start-time")),
        duration=duration,
        scoreboard_freeze_duration=freeze,
        penalty_time=head.integer(head.one_of("penalty_time", "penalty-time"), 20),
        scoreboard_type=ScoreboardType(kind),
        score_mode=ScoreMode(mode),
        time_tiebreak=head.boolean("time_tiebreak", False),
        team_duration=team_duration,
        balloons_after_freeze=head.boolean("balloons_after_freeze", False),
        medals=_medals(head),
    )


def _medals(head: Record) -> Medals | None:
    """`medals: {gold: 4, silver: 4, bronze: 4}`: how many places get each medal."""
    given = head.values.get("medals")
    if given is None:
        return None
    kinds = tuple(field.name for field in fields(Medals))
    if not isinstance(given, dict) or set(given) - set(kinds):
        raise head.error("medals", f"expected a mapping of {', '.join(kinds)} to counts, "
                                   f"got {given!r}")
    counts = {kind: given.get(kind, 0) for kind in kinds}
    for kind, count in counts.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise head.error("medals", f"{kind}: expected a count (0 or more), got {count!r}")
    return Medals(**counts)


def _folder_id(head: Record, folder: Path) -> str:
    if not IDENTIFIER.match(folder.name):
        raise ProblemError(head.path, "missing; expected the contest's identifier",
                           line=head.line, key="id")
    return folder.name


def _problems(
    folder: Path, known: Collection[str] | None, ignored: list[str]
) -> tuple[ContestProblem, ...]:
    path = folder / "problems.yaml"
    if not path.exists() and (folder / "problemset.yaml").exists():
        path = folder / "problemset.yaml"
    node = compose_file(path)
    if path.name == "problemset.yaml" and node is not None:
        # 2021: a mapping whose 'problems' is the list
        ignored += _ignored(yaml_record(path, node), {"problems"})
        node = next((v for k, v in node.value if k.value == "problems"), None)
    records = yaml_list(path, node)
    if not records:
        raise ProblemError(path, "no problems: expected a list of {id, label, ...}")
    problems = []
    for ordinal, record in enumerate(records):
        ignored += _ignored(record, PROBLEM_KEYS)
        id_key = record.one_of("id", "short-name")
        problem_id = record.identifier(id_key)
        if known is not None and problem_id not in known:
            raise record.error(
                id_key,
                f"no problem {problem_id!r} in this project's problems/"
                + did_you_mean(problem_id, sorted(known)),
            )
        problems.append(
            ContestProblem(
                id=problem_id,
                label=record.string(record.one_of("label", "letter")),
                ordinal=record.integer("ordinal", ordinal),
                name=record.optional_string("name"),
                color=record.optional_string("color"),
                rgb=record.rgb("rgb"),
            )
        )
        _unique(record, id_key, problem_id, [p.id for p in problems[:-1]])
        _unique(record, "label", problems[-1].label, [p.label for p in problems[:-1]])
    return tuple(problems)


def _organization(record: Record) -> Organization:
    return Organization(
        id=record.identifier("id"),
        name=record.string("name"),
        formal_name=record.optional_string("formal_name"),
        country=record.optional_string("country"),
    )


def _group(record: Record) -> Group:
    return Group(
        id=record.identifier("id"), name=record.string("name"),
        hidden=record.boolean("hidden", False),
    )


def _team(record: Record) -> Team:
    extra = record.reltime("extra_time")
    return Team(
        id=record.identifier("id"),
        name=record.string("name"),
        display_name=record.optional_string("display_name"),
        organization_id=record.optional_identifier("organization_id"),
        group_ids=record.identifiers("group_ids"),
        hidden=record.boolean("hidden", False),
        extra_time=extra if extra is not None else timedelta(0),
    )


def _account(record: Record) -> Account:
    username = record.string("username")
    kind = record.choice("type", tuple(t.value for t in AccountType), "")
    team_id = record.optional_identifier("team_id")
    if kind == AccountType.TEAM.value and team_id is None:
        raise ProblemError(record.path, "missing; a team account names its team",
                           line=record.line, key="team_id")
    return Account(
        id=record.identifier("id") if record.has("id") else username,
        username=username,
        type=AccountType(kind),
        team_id=team_id,
        name=record.optional_string("name"),
        password=record.optional_string("password"),
    )


def _read_each(path: Path, known: set[str], make: Callable[[Record], object],
               ignored: list[str]) -> list:
    """Every object of an optional file, each made by `make`; ids unique within the file."""
    if not path.exists():
        return []
    if path.suffix == ".json":
        records = json_list(path)
    else:
        records = yaml_list(path, compose_file(path))
    made: list = []
    for record in records:
        ignored += _ignored(record, known)
        item = make(record)
        _unique(record, "id", item.id, [m.id for m in made])
        made.append(item)
    return made


def _unique(record: Record, key: str, value: str, earlier: list[str]) -> None:
    if value in earlier:
        raise record.error(key, f"{value!r} is given twice")


def _only(folder: Path, older: str, newer: str, ignored: list[str]) -> bool:
    """Whether the older file `older` is the one to read: there, and `newer` is not."""
    if not (folder / older).exists():
        return False
    if (folder / newer).exists():
        ignored.append(f"{folder / older}: not read, {newer} is")
        return False
    return True


def _ignored(record: Record, known: set[str]) -> list[str]:
    # A team's label that is its id (as an archive's teams carry it) says what this judge
    # shows anyway, its labels being the ids: nothing is lost, so there is nothing to report.
    if known is TEAM_KEYS and record.values.get("label") == record.values.get("id"):
        known = known | {"label"}
    return record.unknown(known)


def _summary(ignored: list[str]) -> tuple[str, ...]:
    """Each ignored key once per file, at its first place, with how often it recurs (every
    team of an exported package has a `label`: one line says so, not three hundred)."""
    first: dict[tuple[str, str], str] = {}
    counts: dict[tuple[str, str], int] = {}
    for message in ignored:
        where, _, what = message.partition(": ")
        group = (where.rsplit(":", 1)[0] if where[-1:].isdigit() else where, what)
        first.setdefault(group, message)
        counts[group] = counts.get(group, 0) + 1
    return tuple(
        first[group] + (f" (and in {counts[group] - 1} more)" if counts[group] > 1 else "")
        for group in first
    )
