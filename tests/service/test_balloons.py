"""Balloons, on SQLite and on a real PostgreSQL: the first accepted submission per team and
problem in time order, first to solve, practice and the freeze left out, the done toggle, and
who may see them (the jury and the contest's staff)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from sqlalchemy import select

from judge.contest.model import Account, AccountType
from judge.service.auth import add_user
from judge.service.contests import ContestEntry, load_contest, store_contest
from judge.service.models import Priority, Role, Status, User
from judge.service.store import Job, create_submission, finish
from tests.service.conftest import Api
from tests.service.test_contest_board import CUP, START

BALLOON_CUP = replace(
    CUP,
    problems=tuple(replace(p, color=c, rgb=r) for p, c, r in
                   zip(CUP.problems, ("red", "blue"), ("#ff0000", "#0000ff"), strict=True)),
    accounts=(
        Account("alice", "alice", AccountType.TEAM, "t1"),
        Account("bob", "bob", AccountType.TEAM, "t2"),
        Account("runner", "runner", AccountType.STAFF),
    ),
)


@pytest.fixture
def cup(project_root, db_url, cache):
    app = Api(project_root, db_url, cache, rate_limit=50)
    with app.database.writing() as session:
        app.tokens["runner"] = add_user(session, "runner", Role.CONTESTANT)
        store_contest(session, BALLOON_CUP)
    try:
        yield app
    finally:
        app.close()


def send(api, team, problem, minutes, verdict, practice=False) -> int:
    """A submission of `team` at `minutes` into the contest, judged `verdict` (None: queued)."""
    with api.database.writing() as session:
        user = session.scalar(select(User).where(User.name == "alice"))
        row = create_submission(
            session, user, problem, "python", "a.py", b"",
            contest=ContestEntry("cup", team, practice, Priority.CONTEST),
            now=START + timedelta(minutes=minutes),
        )
        if verdict is None:
            return row.id
        row.status = Status.JUDGING
        session.flush()
        finish(session, Job(row.id, row.attempt), {"verdict": verdict, "groups": []}, verdict)
        return row.id


def balloons(api, who="runner"):
    response = api.get("/api/balloons", who, params={"contest": "cup"})
    assert response.status_code == 200, response.text
    return response.json()


def test_first_accepted_per_team_and_problem_in_time_order(cup):
    send(cup, "t1", "sum", 10, "WA")
    beta_sum = send(cup, "t2", "sum", 20, "AC")
    alpha_sum = send(cup, "t1", "sum", 25, "AC")
    send(cup, "t1", "sum", 30, "AC")  # solved already: no second balloon
    alpha_flow = send(cup, "t1", "flow", 35, "AC")
    send(cup, "t3", "flow", 36, "AC", practice=True)  # practice: none
    send(cup, "t3", "flow", 250, "AC")  # sent during the freeze (from 4:00): none
    found = balloons(cup)
    assert [(b["submission"], b["team_id"], b["label"], b["color"], b["first_to_solve"])
            for b in found] == [
        (beta_sum, "t2", "A", "red", True),
        (alpha_sum, "t1", "A", "red", False),
        (alpha_flow, "t1", "B", "blue", True),
    ]
    assert found[0]["team"] == "Beta" and found[0]["rgb"] == "#ff0000"
    assert found[0]["time"].startswith("2026-12-05T09:20:00")
    assert balloons(cup, "admin") == found and balloons(cup, "setter") == found


def test_first_to_solve_waits_for_an_earlier_pending_submission(cup):
    send(cup, "t2", "sum", 5, None)  # still queued: it may yet be the first solve
    send(cup, "t1", "sum", 10, "AC")
    assert [(b["team_id"], b["first_to_solve"]) for b in balloons(cup)] == [("t1", False)]


def test_a_runner_marks_a_balloon_done_and_undone(cup):
    balloon = send(cup, "t1", "sum", 10, "AC")
    marked = cup.post("/api/balloons/done", "runner",
                      json={"contest": "cup", "submission": balloon})
    assert marked.status_code == 200 and marked.json()["done"] is True
    assert [b["done"] for b in balloons(cup, "admin")] == [True]
    cup.post("/api/balloons/done", "runner",
             json={"contest": "cup", "submission": balloon, "done": False})
    assert [b["done"] for b in balloons(cup)] == [False]
    wrong = send(cup, "t2", "sum", 12, "WA")
    refused = cup.post("/api/balloons/done", "runner",
                       json={"contest": "cup", "submission": wrong})
    assert refused.status_code == 422 and "no balloon of 'cup'" in refused.json()["message"]


def test_teams_see_no_balloons(cup):
    refused = cup.get("/api/balloons", "alice", params={"contest": "cup"})
    assert refused.status_code == 403 and "jury and the staff" in refused.json()["message"]
    assert cup.get("/api/balloons", "admin", params={"contest": "nope"}).status_code == 404


def test_balloons_during_the_freeze_follow_the_contests_setting(cup):
    """DOMjudge's show_balloons_postfreeze as a setting of the contest: off by default (the
    freeze hides the result from the room), on for contests that hand them out anyway."""
    before = send(cup, "t1", "sum", 100, "AC")
    during = send(cup, "t2", "sum", 250, "AC")  # the freeze starts at 4:00
    assert [b["submission"] for b in balloons(cup)] == [before]
    with cup.database.writing() as session:
        store_contest(session, replace(BALLOON_CUP, balloons_after_freeze=True))
    assert [b["submission"] for b in balloons(cup)] == [before, during]
    with cup.database.session() as session:
        assert load_contest(session, "cup").balloons_after_freeze is True
