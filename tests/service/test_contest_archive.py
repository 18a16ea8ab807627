"""A contest archived and read back: a contest judged for real (test_clics_api's), exported as a
CLICS archive, every file held to the 2023-06 schemas, then imported with `judge contest import`
into a fresh database (SQLite, and a new PostgreSQL database), where it is the same contest:
teams, problems, submissions and their files, judgements, clarifications, awards, and the
jury's and the public's standings."""

from __future__ import annotations

import base64
import io
import json
import os
import zipfile
from datetime import timedelta

from click.testing import CliRunner
from sqlalchemy import select

from judge.cli import cli
from judge.contest.archive import write_archive
from judge.contest.clics_snapshot import snapshot
from judge.contest.model import AccountType, View
from judge.service.clics_record import contest_record
from judge.service.contest_archive import contest_archive
from judge.service.contest_board import contest_board
from judge.service.contests import aware
from judge.service.db import Database
from judge.service.models import Clarification, Submission
from tests.contest.clics_schemas import errors
from tests.service import test_clics_api
from tests.service.test_clics_api import BROKEN, CORRECT, PASSWORDS, START, WRONG, replay

contestants = test_clics_api.contestants  # the judged contest, its clock and its requests
SCHEMAS = {"api.json": "api_information.json", "state.json": "state.json",
           "judgement-types.json": "judgement-types.json", "languages.json": "languages.json",
           "submissions.json": "submissions.json", "judgements.json": "judgements.json",
           "runs.json": "runs.json", "clarifications.json": "clarifications.json",
           "awards.json": "awards.json", "scoreboard.json": "scoreboard.json"}
# The package's own files: the API's types, with this judge's own keys (a hidden group, a
# team's extra time), so not held to the strict form.
PACKAGE = ("organizations.json", "groups.json", "teams.json", "accounts.json")


def lived_through(c) -> str:
    """Submissions judged and one left unjudged, a question and its answer to all; ends
    after the contest, with the freeze still on. The unjudged submission's id."""
    c.submit("team1", "sum", WRONG, 10)
    c.submit("team1", "sum", CORRECT, 30)
    c.submit("team2", "other", BROKEN, 40)
    c.submit("team3", "sum", CORRECT, 50)  # a hidden group's team
    c.submit("team2", "sum", CORRECT, 250)  # after the freeze
    c.clock.now = START + timedelta(minutes=270)
    pending = c.api.client.post("/api/contests/cup/submissions", auth=(
        "team1", PASSWORDS["team1"]), json=submission_body(CORRECT, "other"))
    assert pending.status_code == 201, pending.text
    question = c.api.client.post("/api/contests/cup/clarifications", auth=(
        "team1", PASSWORDS["team1"]), json={"text": "Negative numbers?", "problem_id": "sum"})
    answer = c.api.client.post("/api/contests/cup/clarifications", auth=(
        "jury", PASSWORDS["jury"]), json={"text": "Yes.", "reply_to_id": question.json()["id"],
                                          "time": "2026-12-05T13:35:00Z"})
    assert answer.status_code == 201, answer.text
    noted = c.api.client.put("/api/contests/cup/clarifications/note-1", auth=(
        "jury", PASSWORDS["jury"]), json={"id": "note-1", "text": "Ten minutes to go.",
                                          "time": "2026-12-05T13:50:00Z"})
    assert noted.status_code == 201, noted.text  # an id of the jury's own, kept in the archive
    c.clock.now = START + timedelta(hours=5, minutes=10)
    return pending.json()["id"]


def submission_body(source: str, problem: str) -> dict:
    files = io.BytesIO()
    with zipfile.ZipFile(files, "w") as archive:
        archive.writestr("solution.py", source)
    return {"problem_id": problem, "language_id": "python3",
            "files": [{"data": base64.b64encode(files.getvalue()).decode()}]}


def seen(database: Database, problem, now) -> dict:
    """What the contest is in `database`, as the jury's API and both boards show it."""
    with database.session() as session:
        record = contest_record(session, "cup", problem)
        objects = snapshot(record, AccountType.ADMIN, aware(now))
        boards = {view: contest_board(session, "cup", view).standings for view in View}
        sources = dict(session.execute(select(Submission.id, Submission.source)).all())
    for judgement in objects["judgements"].values():
        judgement.pop("max_run_time", None)  # the result document's, which is not archived
    kinds = ("teams", "problems", "submissions", "judgements", "clarifications", "awards",
             "groups", "organizations", "languages", "judgement-types", "state")
    return {"objects": {kind: objects[kind] for kind in kinds}, "boards": boards,
            "sources": sources}


def fresh_database(db_url: str, request, tmp_path) -> str:
    if db_url.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'fresh.db'}"
    server = request.getfixturevalue("postgres")
    return server.fresh_database(f"judge_{os.getpid()}_archive_{tmp_path.name[-12:]}")


def test_an_archive_imported_into_a_fresh_database_is_the_same_contest(
        contestants, db_url, request, tmp_path):
    c = contestants
    pending = lived_through(c)
    folder = tmp_path / "cup-archive"
    export = CliRunner().invoke(cli, ["--root", str(c.api.settings.root), "contest", "export",
                                      "cup", str(folder), "--db", db_url])
    assert export.exit_code == 0, export.output  # the package's own files
    # The archive beside them, at the test's time (`--archive` takes the machine's).
    with c.api.database.writing() as session:
        archive = contest_archive(session, "cup", c.api.parts.load_problem, aware(c.clock.now))
    write_archive(archive, folder)

    for name, schema in SCHEMAS.items():
        found = json.loads((folder / name).read_text())
        assert not errors(schema, found), (name, errors(schema, found))
    for name in PACKAGE:
        found = json.loads((folder / name).read_text())
        assert not errors(name, found, strict=False), (name, errors(name, found, strict=False))
    events = [json.loads(line) for line in (folder / "event-feed.ndjson").read_text().splitlines()]
    assert events and all(not errors("event-feed.json", event) for event in events)
    # The feed replays to the endpoints' files (those in the API's own form).
    replayed = replay(events)
    for kind in ("judgement-types", "languages", "submissions", "judgements", "runs",
                 "clarifications", "awards"):
        listed = json.loads((folder / f"{kind}.json").read_text())
        assert replayed.get(kind, {}) == {obj["id"]: obj for obj in listed}, kind
    assert replayed["state"][None] == json.loads((folder / "state.json").read_text())
    assert {e["id"] for e in events if e["type"] == "clarifications"} == {
        clar["id"] for clar in json.loads((folder / "clarifications.json").read_text())}
    submissions = json.loads((folder / "submissions.json").read_text())
    for sub in submissions:
        files = folder / "submissions" / sub["id"] / sub["files"][0]["filename"]
        assert zipfile.ZipFile(files).namelist() == ["solution.py"]

    fresh = fresh_database(db_url, request, tmp_path)
    imported = CliRunner().invoke(cli, ["--root", str(c.api.settings.root), "contest",
                                        "import", str(folder), "--db", fresh])
    assert imported.exit_code == 0, imported.output
    assert "history: 6 submissions, 5 judgements, 3 clarifications" in imported.output
    assert "note:" not in imported.output  # every file of the archive is known
    again = Database(fresh)
    try:
        before = seen(c.api.database, c.api.parts.load_problem, c.clock.now)
        after = seen(again, c.api.parts.load_problem, c.clock.now)
        assert after == before
        assert pending not in {j["submission_id"]
                               for j in after["objects"]["judgements"].values()}
        assert after["boards"][View.PUBLIC] != after["boards"][View.JURY]  # still frozen
        # The ids kept are taken: what is made next gets a new one (PostgreSQL's sequences
        # too, which explicit ids do not move).
        with again.writing() as session:
            made = Clarification(contest_id="cup", text="After the import.",
                                 sent_at=c.clock.now)
            session.add(made)
            session.flush()
            assert made.id > max(int(i) for i in after["objects"]["clarifications"]
                                 if i.isdigit())
        assert "note-1" in after["objects"]["clarifications"]
        # Once there, a history is not stored again over itself.
        twice = CliRunner().invoke(cli, ["--root", str(c.api.settings.root), "contest",
                                         "import", str(folder), "--db", fresh])
        assert twice.exit_code != 0 and "has submissions or clarifications already" in (
            twice.output)
        assert "Traceback" not in twice.output
    finally:
        again.close()


def test_an_archive_with_a_mistake_is_refused_saying_where(contestants, tmp_path):
    c = contestants
    lived_through(c)
    folder = tmp_path / "cup-archive"
    CliRunner().invoke(cli, ["--root", str(c.api.settings.root), "contest", "export", "cup",
                             str(folder), "--archive", "--db", c.api.settings.db_url])
    listed = (folder / "submissions.json").read_text()
    (folder / "submissions.json").write_text(listed.replace('"other"', '"another"', 1))
    refused = CliRunner().invoke(cli, ["--root", str(c.api.settings.root), "contest",
                                       "import", str(folder), "--db",
                                       f"sqlite:///{tmp_path / 'other.db'}"])
    assert refused.exit_code != 0 and "no problem 'another' in contest cup" in refused.output
    (folder / "submissions.json").write_text(listed)
    first = json.loads(listed)[0]["id"]
    (folder / "submissions" / first / "files.zip").unlink()
    refused = CliRunner().invoke(cli, ["--root", str(c.api.settings.root), "contest",
                                       "import", str(folder), "--db",
                                       f"sqlite:///{tmp_path / 'other.db'}"])
    assert refused.exit_code != 0
    assert "submissions.json:" in refused.output and "files" in refused.output
    assert "Traceback" not in refused.output
