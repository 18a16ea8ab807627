"""The CLICS event feed across a restart of a real `judge serve` process (SQLite, its embedded
judge): a reader that had the feed up to some event reconnects to the new process with its
since_token and gets exactly the events it missed, those of a submission judged after the
restart included, and none twice."""

from __future__ import annotations

import base64
import io
import json
import zipfile
from datetime import timedelta, timezone

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.contest.model import Account, AccountType, Contest, ContestProblem, Team
from judge.contest.package_write import write_contest
from judge.service.models import utcnow
from tests.service.processes import wait_until
from tests.service.stack import QUICK_SOLUTIONS, Stack, write_quick_project

JURY = ("jury", "pw-jury")
TEAM = ("team1", "pw-one")


def live_contest() -> Contest:
    """Begun an hour ago by the machine's clock, which a real server judges windows by."""
    start = (utcnow() - timedelta(hours=1)).replace(microsecond=0, tzinfo=timezone.utc)
    return Contest(
        id="live", name="Live", start_time=start, duration=timedelta(hours=5),
        scoreboard_freeze_duration=timedelta(hours=1), penalty_time=20,
        problems=(ContestProblem("quick", "A", 0),), teams=(Team("t1", "Alpha"),),
        accounts=(Account("team1", TEAM[0], AccountType.TEAM, "t1", password=TEAM[1]),
                  Account("jury", JURY[0], AccountType.ADMIN, password=JURY[1])))


@pytest.fixture
def served(tmp_path, service_env, isolation_flags):
    root = write_quick_project(tmp_path / "project")
    db_url = f"sqlite:///{tmp_path / 'judge.db'}"
    write_contest(live_contest(), tmp_path / "package")
    imported = CliRunner().invoke(cli, ["--root", str(root), "contest", "import",
                                        str(tmp_path / "package"), "--db", db_url])
    assert imported.exit_code == 0, imported.output
    stack = Stack(root, db_url, service_env, tmp_path / "logs", isolation_flags)
    try:
        yield stack
    finally:
        stack.stop()


def submit(stack: Stack) -> str:
    files = io.BytesIO()
    with zipfile.ZipFile(files, "w") as archive:
        archive.writestr("reference.py", QUICK_SOLUTIONS["reference.py"])
    body = {"problem_id": "quick", "language_id": "python3", "entry_point": "reference.py",
            "files": [{"data": base64.b64encode(files.getvalue()).decode()}]}
    response = stack.http.post(f"{stack.server.url}/api/contests/live/submissions", json=body,
                               auth=TEAM)
    assert response.status_code == 201, response.text
    return response.json()["id"]


def feed(stack: Stack, since: str | None = None) -> list[dict]:
    query = "?stream=false" + (f"&since_token={since}" if since else "")
    response = stack.http.get(f"{stack.server.url}/api/contests/live/event-feed{query}",
                              auth=JURY)
    assert response.status_code == 200, response.text
    return [json.loads(line) for line in response.text.split("\n") if line]


def judged_in_feed(stack: Stack, submission_id: str) -> None:
    def done() -> bool:
        return any(event["type"] == "judgements" and event["data"]
                   and event["data"]["submission_id"] == submission_id
                   and event["data"]["judgement_type_id"] == "AC" for event in feed(stack))

    wait_until(done, 300, f"the judgement of submission {submission_id} in the feed",
               interval=0.5)


def test_a_reader_resumes_after_a_server_restart_with_exactly_what_it_missed(served):
    stack = served
    stack.start_server("--processes", "1")
    judged_in_feed(stack, submit(stack))
    before = feed(stack)
    kept = len(before) // 2  # the reader had the feed up to here when the server went away
    token = before[kept]["token"]

    stack.server.stop()
    stack.server.start()
    later = submit(stack)
    judged_in_feed(stack, later)

    whole = feed(stack)
    missed = feed(stack, since=token)
    assert whole[:len(before)] == before  # the history, tokens and all, survived the restart
    assert missed == whole[kept + 1:]
    assert len({event["token"] for event in whole}) == len(whole)
    assert later in {event["data"]["submission_id"] for event in missed
                     if event["type"] == "judgements"}
