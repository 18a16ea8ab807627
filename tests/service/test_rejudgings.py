"""Rejudging as a set, on SQLite and on a real PostgreSQL, with real judging: the chosen
submissions are judged again apart, their results and the board untouched until the admin
applies; cancelling changes nothing; a submission is in one open rejudging at most."""

from __future__ import annotations

from datetime import timedelta

import pytest

from judge.contest.model import View
from judge.service.contest_board import contest_board
from judge.service.auth import remove_user
from judge.service.contests import store_contest
from judge.service.models import Priority, Submission
from judge.service.rejudgings import rejudging_view
from judge.service.store import Job
from tests.service.conftest import Api, judging_for
from tests.service.test_access import WRONG
from tests.service.test_contest_window import CUP, REFERENCE, START, Clock


@pytest.fixture
def cup(project_root, db_url, cache):
    app = Api(project_root, db_url, cache, clock=Clock(START + timedelta(minutes=30)),
              rate_limit=50)
    app.parts.packages.recheck_seconds = 0  # the test changes the test data
    with app.database.writing() as session:
        store_contest(session, CUP)  # alice is on t1, bob on t2
    try:
        yield app
    finally:
        app.close()


@pytest.fixture
def judge(cup, cache, tmp_path):
    with judging_for(cup, cache, tmp_path) as job:
        yield job


def judged(api, judge, who, source) -> int:
    body = {"problem": "sum", "language": "python", "source": source, "contest": "cup"}
    response = api.post("/api/submissions", who, json=body)
    assert response.status_code == 202, response.text
    judge(Job(response.json()["id"], 1))
    return response.json()["id"]


def verdict(api, submission_id, who="admin"):
    return api.get(f"/api/submissions/{submission_id}", who).json()["verdict"]


def solved(api) -> dict[str, int]:
    with api.database.session() as session:
        board = contest_board(session, "cup", View.JURY)
    return {row.team_id: row.num_solved for row in board.standings.rows}


def judge_queued(api, judge, count):
    for _ in range(count):
        judge(Job(0, 0))  # the server says which job: the rejudging's copies
    assert api.get("/api/submissions", "admin", params={"status": "queued"}).json()["total"] == 0


@pytest.fixture
def contest(cup, judge, project_root):
    """alice's WA and bob's AC; then the test data is corrected so that they swap."""
    wrong = judged(cup, judge, "alice", WRONG)
    right = judged(cup, judge, "bob", REFERENCE)
    assert (verdict(cup, wrong), verdict(cup, right)) == ("WA", "AC")
    assert solved(cup) == {"t1": 0, "t2": 1}
    # -5 3: WRONG prints -8; now that is the answer, and the reference's -2 is wrong.
    (project_root / "testdata" / "sum" / "hand-01-negative.ans").write_text("-8\n")
    return wrong, right


def rejudging(api, **selection):
    response = api.post("/api/rejudgings", "admin", json=selection)
    assert response.status_code == 201, response.text
    return response.json()


def test_new_results_stay_apart_until_applied_and_then_change_the_board(cup, judge, contest):
    wrong, right = contest
    made = rejudging(cup, contest="cup", problem="sum", reason="answer of test 2 corrected")
    assert (made["state"], made["pending"]) == ("open", 2)
    with cup.database.session() as session:
        copies = session.query(Submission).filter(Submission.rejudging_id == made["id"]).all()
        assert {c.priority for c in copies} == {int(Priority.REJUDGE)}
    judge_queued(cup, judge, 2)
    seen = cup.get(f"/api/rejudgings/{made['id']}", "admin").json()
    assert seen["pending"] == 0 and seen["changed"] == 2
    assert [(s["submission"], s["old_verdict"], s["new_verdict"], s["current_verdict"])
            for s in seen["submissions"]] == [(wrong, "WA", "AC", "WA"), (right, "AC", "WA", "AC")]
    # nothing changed yet: the submissions, the board, the lists
    assert (verdict(cup, wrong, "alice"), verdict(cup, right, "bob")) == ("WA", "AC")
    assert solved(cup) == {"t1": 0, "t2": 1}
    assert cup.get("/api/submissions", "admin").json()["total"] == 2  # copies are not listed
    copy_id = copies[0].id
    assert cup.get(f"/api/submissions/{copy_id}", "alice").status_code == 404
    applied = cup.post(f"/api/rejudgings/{made['id']}/apply", "admin")
    assert applied.status_code == 200 and applied.json()["state"] == "applied"
    assert (verdict(cup, wrong, "alice"), verdict(cup, right, "bob")) == ("AC", "WA")
    assert solved(cup) == {"t1": 1, "t2": 0}
    again = cup.post(f"/api/rejudgings/{made['id']}/apply", "admin")
    assert again.status_code == 409 and "applied already" in again.json()["message"]


def test_cancelling_changes_nothing_and_frees_the_submissions(cup, judge, contest):
    wrong, right = contest
    made = rejudging(cup, submissions=[wrong])
    early = cup.post(f"/api/rejudgings/{made['id']}/apply", "admin")
    assert early.status_code == 409 and "not finished" in early.json()["message"]
    judge_queued(cup, judge, 1)
    cancelled = cup.post(f"/api/rejudgings/{made['id']}/cancel", "admin").json()
    assert cancelled["state"] == "cancelled" and cancelled["submissions"][0]["new_verdict"] == "AC"
    assert verdict(cup, wrong) == "WA" and solved(cup) == {"t1": 0, "t2": 1}
    assert rejudging(cup, submissions=[wrong])["state"] == "open"  # free again
    with cup.database.writing() as session:  # its maker may go; the rejudging stays
        remove_user(session, "admin")
    with cup.database.session() as session:
        assert rejudging_view(session, made["id"]).user == "(removed)"


def test_a_submission_is_in_one_open_rejudging_at_most(cup, judge, contest):
    wrong, right = contest
    first = rejudging(cup, verdict="WA")
    assert [s["submission"] for s in first["submissions"]] == [wrong]
    second = cup.post("/api/rejudgings", "admin", json={"submissions": [right, wrong]})
    assert second.status_code == 409
    assert f"{wrong} (rejudging {first['id']})" in second.json()["message"]
    alone = cup.post(f"/api/submissions/{wrong}/rejudge", "admin")
    assert alone.status_code == 409 and "open rejudging" in alone.json()["message"]
    # the queued copy waits for its worker; cancelling leaves it unjudged
    cup.post(f"/api/rejudgings/{first['id']}/cancel", "admin")
    assert rejudging(cup, submissions=[right, wrong])["pending"] == 2


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({}, 422, "choose the submissions"),
        ({"submissions": [999]}, 404, "no such submission"),
        ({"problem": "other"}, 422, "no submission matches"),
    ],
)
def test_a_selection_that_cannot_be_rejudged_says_why(cup, body, status, message):
    refused = cup.post("/api/rejudgings", "admin", json=body)
    assert refused.status_code == status and message in refused.json()["message"]
    assert cup.post("/api/rejudgings", "setter", json={"problem": "sum"}).status_code == 403
