"""A contest's history on disk, in the CLICS contest package layout that archives a contest
(ccs-specs 2023-06, Contest Package / Contest Archive): each endpoint's JSON as `<endpoint>.json`,
the event feed as `event-feed.ndjson`, `api.json`, and each submission's files as
`submissions/<id>/files.zip`, beside the package's own configuration (contest.yaml,
problems.yaml, organizations.json, groups.json, teams.json, accounts.json: judge.contest.package,
which carry this judge's own keys and read back exactly).

`write_archive` writes what the service's API shows the jury; `read_history` reads back what a
contest lived through (submissions with their files, their judgements, clarifications), which
`judge contest import` stores. The scoreboard, awards, runs, state and feed are what those
facts give, so they are written for other tools and not read back.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from judge.contest.clics_input import Clarification, Judgement, Submission
from judge.contest.clics_types import verdict_of
from judge.contest.records import Record, json_list
from judge.errors import ProblemError
from judge.verdicts.verdict import Verdict

# Endpoints whose file is the package's own (judge.contest.package_write), not the API's JSON.
PACKAGE_ENDPOINTS = ("contest", "problems", "organizations", "groups", "teams", "accounts")
HISTORY_FILES = ("submissions.json", "judgements.json", "clarifications.json")
# Written for other tools; what they say follows from the history and is not read back.
DERIVED_FILES = ("api.json", "state.json", "judgement-types.json", "languages.json",
                 "runs.json", "awards.json", "scoreboard.json", "event-feed.ndjson")
FILES_ZIP = "files.zip"
_EPOCH = (1980, 1, 1, 0, 0, 0)  # a fixed zip date: the same contest gives the same archive


@dataclass(frozen=True)
class Archive:
    """What the API showed the jury: `endpoints` maps an endpoint to its JSON (a list, or an
    object for the singletons), `events` are the event feed's lines, `files` a submission's
    id to its (file name, content)."""

    api: dict
    endpoints: Mapping[str, object]
    events: tuple[dict, ...]
    files: Mapping[str, tuple[str, bytes]]


@dataclass(frozen=True)
class ArchivedSubmission:
    submission: Submission
    filename: str
    source: bytes


@dataclass(frozen=True)
class History:
    submissions: tuple[ArchivedSubmission, ...]
    judgements: tuple[Judgement, ...]  # the latest finished one of each judged submission
    clarifications: tuple[Clarification, ...]


def write_archive(archive: Archive, folder: Path) -> None:
    """Into `folder`, which holds the contest's package already (package_write)."""
    folder.mkdir(parents=True, exist_ok=True)
    _json(folder / "api.json", archive.api)
    _labelled(folder / "teams.json", archive.endpoints.get("teams") or [])
    for endpoint, found in archive.endpoints.items():
        if endpoint not in PACKAGE_ENDPOINTS:
            _json(folder / f"{endpoint}.json", found)
    lines = (json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n"
             for event in archive.events)
    (folder / "event-feed.ndjson").write_text("".join(lines), encoding="utf-8")
    for submission_id, (filename, source) in archive.files.items():
        where = folder / "submissions" / submission_id
        where.mkdir(parents=True, exist_ok=True)
        (where / FILES_ZIP).write_bytes(_zipped(filename, source))


def _labelled(path: Path, teams: list) -> None:
    """The package's teams with the label the API gives them, which the API requires of a
    team (and which the package leaves out, a label here being the team's id)."""
    if not path.exists():
        return
    labels = {team["id"]: team["label"] for team in teams if "label" in team}
    objects = json.loads(path.read_text(encoding="utf-8"))
    for team in objects:
        if team.get("id") in labels:
            team["label"] = labels[team["id"]]
    path.write_text(json.dumps(objects, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def has_history(folder: Path) -> bool:
    return (folder / "submissions.json").is_file()


def read_history(folder: Path) -> History:
    """The submissions, judgements and clarifications archived in `folder`; every error names
    the file, the line and the key."""
    submissions = tuple(_submission(folder, record)
                        for record in json_list(folder / "submissions.json"))
    known = {archived.submission.id for archived in submissions}
    types = _foreign_types(folder)
    latest: dict[str, Judgement] = {}
    if (folder / "judgements.json").exists():
        for record in json_list(folder / "judgements.json"):
            judgement = _judgement(record, known, types)
            if judgement is None:
                continue  # still judging when archived: the submission is pending
            kept = latest.get(judgement.submission_id)
            if kept is None or kept.start_time <= judgement.start_time:
                latest[judgement.submission_id] = judgement
    clarifications = ()
    if (folder / "clarifications.json").exists():
        clarifications = tuple(_clarification(record)
                               for record in json_list(folder / "clarifications.json"))
    return History(submissions, tuple(latest.values()), clarifications)


def _submission(folder: Path, record: Record) -> ArchivedSubmission:
    submission_id = record.identifier("id")
    submission = Submission(
        id=submission_id,
        team_id=record.identifier("team_id"),
        problem_id=record.identifier("problem_id"),
        language_id=record.identifier("language_id"),
        time=_time(record, "time"),
        entry_point=record.optional_string("entry_point"),
    )
    filename, source = _unzipped(folder / "submissions" / submission_id / FILES_ZIP, record)
    return ArchivedSubmission(submission, filename, source)


def _foreign_types(folder: Path) -> dict[str, Verdict]:
    """Another system's judgement types (DOMjudge's `NO`, ...) by what they mean to the
    scoring rules, from the archive's judgement-types.json: solved is accepted, a penalty a
    wrong answer, neither a compile error (no penalty, not final)."""
    path = folder / "judgement-types.json"
    if not path.exists():
        return {}
    types = {}
    for record in json_list(path):
        type_id = record.identifier("id")
        if verdict_of(type_id) is None:
            solved, penalty = record.boolean("solved", False), record.boolean("penalty", True)
            types[type_id] = Verdict.AC if solved else Verdict.WA if penalty else Verdict.CE
    return types


def _judgement(record: Record, submissions: set[str],
               types: Mapping[str, Verdict]) -> Judgement | None:
    submission_id = record.identifier("submission_id")
    if submission_id not in submissions:
        raise record.error("submission_id", f"no submission {submission_id!r} in "
                                            "submissions.json")
    type_id = record.optional_string("judgement_type_id")
    if type_id is None:
        return None
    verdict = verdict_of(type_id) or types.get(type_id)
    if verdict is None:
        raise record.error("judgement_type_id", f"a judgement type neither this judge nor the "
                                                f"archive's judgement-types.json knows: "
                                                f"{type_id!r}")
    score = record.values.get("score")
    run_time = record.values.get("max_run_time")
    return Judgement(
        id=record.identifier("id"),
        submission_id=submission_id,
        start_time=_time(record, "start_time"),
        end_time=_time(record, "end_time"),
        verdict=verdict,
        score=float(score) if isinstance(score, (int, float)) else None,
        max_run_time=float(run_time) if isinstance(run_time, (int, float)) else None,
    )


def _clarification(record: Record) -> Clarification:
    return Clarification(
        id=record.identifier("id"),
        time=_time(record, "time"),
        text=record.string("text"),
        from_team_id=record.optional_identifier("from_team_id"),
        to_team_id=record.optional_identifier("to_team_id"),
        reply_to_id=record.optional_identifier("reply_to_id"),
        problem_id=record.optional_identifier("problem_id"),
    )


def _time(record: Record, key: str):
    moment = record.abstime(key)
    if moment is None:
        raise record.error(key, "missing; expected a time (RFC 3339)")
    return moment


def _zipped(filename: str, source: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(zipfile.ZipInfo(filename, _EPOCH), source)
    return buffer.getvalue()


def _unzipped(path: Path, record: Record) -> tuple[str, bytes]:
    """The one file of a submission's zip (this judge judges single-file programs)."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = [info for info in archive.infolist() if not info.is_dir()]
            if len(members) != 1:
                raise ProblemError(path, f"holds {len(members)} files; this judge takes "
                                         "submissions of one file")
            return Path(members[0].filename).name, archive.read(members[0])
    except FileNotFoundError:
        raise record.error("files", f"{path} not found: the submission's files") from None
    except (OSError, zipfile.BadZipFile) as exc:
        raise ProblemError(path, f"not a zip: {exc}") from None


def _json(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
