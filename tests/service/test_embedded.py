"""`judge serve` alone is a complete judge: real processes, the default SQLite database in the
project, judging in-process; `judge submit --server` shows what a local run shows."""

from __future__ import annotations

import json
import re
import signal
import sqlite3
import subprocess
from pathlib import Path

import httpx
import pytest

from judge.service.client import ServiceClient
from tests.service.processes import JUDGE, add_user
from tests.service.stack import Stack, local_verdicts, write_quick_project


@pytest.fixture
def embedded(tmp_path, service_env, isolation_flags):
    root = write_quick_project(tmp_path / "project")
    stack = Stack(root, None, service_env, tmp_path / "logs", isolation_flags)  # default db
    try:
        yield stack
    finally:
        stack.stop()


def remote_submit(stack: Stack, solution: str, *extra: str) -> subprocess.CompletedProcess:
    path = stack.root / "solutions" / "quick" / solution
    return subprocess.run(
        [*JUDGE, "submit", str(path), "quick", "--server", stack.server.url, *extra],
        env=stack.env | {"JUDGE_TOKEN": stack.token},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_submit_to_the_server_gives_the_local_verdicts_and_exit_status(embedded):
    embedded.start_server("--processes", "2")
    for solution in ("reference.py", "wrong_answer/wa.py", "compile_error/ce.py"):
        verdict, tests = local_verdicts(embedded.root, solution)
        result = remote_submit(embedded, solution, "--json")
        assert result.returncode == (0 if verdict == "AC" else 1), result.stderr
        document = json.loads(result.stdout)
        remote = document["verdict"], [t["verdict"] for t in document["tests"]]
        assert remote == (verdict, tests)
        assert document["status"] == "done" and document["user"] == "contestant"
    table = remote_submit(embedded, "wrong_answer/wa.py")
    assert table.returncode == 1
    assert "verdict: WA Wrong Answer" in table.stdout
    assert "sample-1" in table.stderr  # live progress, one line per test
    refused = remote_submit(embedded, "reference.py", "--token", "wrong")
    assert refused.returncode == 2 and "401" in refused.stderr
    # The embedded default keeps everything in SQLite inside the project, in WAL mode.
    with sqlite3.connect(embedded.root / ".judge" / "judge.db") as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        rows = connection.execute("SELECT verdict FROM submissions ORDER BY id").fetchall()
    assert rows == [("AC",), ("WA",), ("CE",), ("WA",)]


def test_a_restarted_server_finishes_what_was_queued_and_judging(embedded):
    embedded.start_server("--processes", "1")
    ids = [embedded.submit("accepted/slow.py") for _ in range(3)]
    ids.append(embedded.submit("wrong_answer/wa.py"))
    embedded.wait_status(ids[0], "judging", timeout=60)
    embedded.server.kill()  # in the middle of judging, with the rest queued
    embedded.start_server()
    finished = embedded.wait_finished(len(ids), timeout=180)
    assert [s["status"] for s in finished] == ["done"] * 4, embedded.logs_text()
    assert [s["verdict"] for s in finished] == ["AC", "AC", "AC", "WA"]
    assert finished[0]["attempt"] == 2  # judged again after the restart
    for submission in finished[:3]:
        assert len(submission["tests"]) == 3
    # Lazy evaluation: the wrong answer's judging stopped at its first rejected test.
    wrong = finished[3]
    assert [t["verdict"] for t in wrong["tests"]] == ["AC", "WA"]
    assert wrong["skipped"] == ["hand-02"] and wrong["total_tests"] == 3
    # The judging processes start once the server listens: nothing failed to reach it.
    log = embedded.logs_text()
    assert "Traceback" not in log and "not posted" not in log and "job failed" not in log, log


def test_progress_streams_test_by_test_while_judging(embedded):
    embedded.start_server("--processes", "1")
    submission_id = embedded.submit("accepted/slow.py")  # a second per test
    with ServiceClient(embedded.server.url, embedded.token) as client:
        events = list(client.events(submission_id))
    names = [name for name, _ in events]
    assert names[-1] == "done" and names.count("done") == 1
    assert ("status", {"status": "judging", "attempt": 1}) in events
    tests = [data["name"] for name, data in events if name == "test"]
    # A contestant: hidden tests by their place, never their names.
    assert tests and tests == ["sample-1", "test2", "test3"][: len(tests)]
    assert names.index("test") < names.index("done")  # seen before the end
    assert events[-1][1]["verdict"] == "AC"


def test_stopping_ends_the_open_event_streams_cleanly(embedded):
    """A page left open holds a stream that never ends by itself: stopping the server ends it
    as a finished response, not after uvicorn's grace period with a cancelled task's
    traceback in the log."""
    embedded.start_server("--processes", "1")
    embedded.wait_status(embedded.submit("reference.py"), "done", timeout=60)
    headers = {"Authorization": f"Bearer {embedded.token}"}
    url = f"{embedded.server.url}/api/submissions/events"
    with httpx.stream("GET", url, headers=headers, timeout=60) as stream:
        lines = stream.iter_lines()
        assert next(lines) == "event: submission"
        embedded.server.process.send_signal(signal.SIGTERM)
        rest = list(lines)  # ends when the server ends the response; an error if cut
    assert all(line == "" or line.startswith(("event:", "data:", ":")) for line in rest)
    embedded.server.process.wait(30)
    log = embedded.logs_text()
    assert "graceful shutdown exceeded" not in log and "Traceback" not in log, log


def test_stopping_in_the_middle_of_judging_finishes_the_job_in_hand(embedded):
    """The embedded judge posts its results to this very server: stopping finishes the
    submission being judged while the server still answers, quietly, instead of retrying
    against a stopped server and logging a traceback."""
    embedded.start_server("--processes", "1")
    submission_id = embedded.submit("accepted/slow.py")  # a second per test
    embedded.wait_status(submission_id, "judging", timeout=60)
    embedded.server.process.send_signal(signal.SIGTERM)
    embedded.server.process.wait(60)
    log = embedded.logs_text()
    assert "Traceback" not in log, log
    with sqlite3.connect(embedded.root / ".judge" / "judge.db") as connection:
        row = connection.execute(
            "SELECT status, verdict FROM submissions WHERE id = ?", (submission_id,)
        ).fetchone()
    assert row == ("done", "AC"), log


def test_one_user_cannot_occupy_the_judge(embedded):
    """Thirty slow submissions of one user, then one of another, with one judging process:
    the second user's is judged next, whatever the timing: of the first user's, at most one
    starts between its arrival and its judging (when neither user had been served yet, the
    older submission goes first), so its verdict comes before the first user's third.
    Judging runs in a process of its own, a child of the server."""
    embedded.start_server("--processes", "1")
    other = add_user(embedded.root, None, "other", "contestant", embedded.env)
    many = [embedded.submit("accepted/slow.py") for _ in range(30)]  # 3 s each
    source = (embedded.root / "solutions" / "quick" / "reference.py").read_text()
    answer = embedded.http.post(
        embedded.server.url + "/api/submissions",
        headers={"Authorization": f"Bearer {other}"},
        json={"problem": "quick", "source": source, "filename": "reference.py"},
    )
    one = answer.json()["id"]
    mine = embedded.wait_status(one, "done", timeout=120)
    theirs = [embedded.document(i) for i in many[:3]]
    started_meanwhile = [
        d["id"] for d in theirs
        if d["started_at"] and mine["submitted_at"] < d["started_at"] < mine["started_at"]
    ]
    assert len(started_meanwhile) <= 1, (mine, theirs)
    assert theirs[2]["finished_at"] is None or mine["finished_at"] < theirs[2]["finished_at"]
    assert theirs[2]["started_at"] is None or mine["started_at"] < theirs[2]["started_at"]
    queue = embedded.http.get(
        embedded.server.url + "/admin/queue",
        headers={"Authorization": f"Bearer {embedded.admin_token}"},
    ).text
    [(host, pid)] = re.findall(r'data-worker="~embedded-worker/([^:"]+):(\d+):0"', queue)
    assert int(pid) != embedded.server.process.pid
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    assert int(stat[1]) == embedded.server.process.pid  # its parent: the server
    embedded.server.kill()  # the rest need not be judged
