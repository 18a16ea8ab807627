"""Submitting to a contest, on SQLite and on a real PostgreSQL, by the service's clock (set by
the test, so that nothing waits): refused before the team's window, judged first within it,
practice after it; only a team's members submit, and only the contest's problems. A team's own
window (team_duration) begins when the team presses start, not before."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import func, select

from judge.contest.model import Account, AccountType, Contest, ContestProblem, Team
from judge.service.contests import store_contest
from judge.service.models import ContestTeam, Priority, Submission
from judge.web.site import install_site
from tests.conftest import SUM_YAML, write_project
from tests.service.conftest import Api

REFERENCE = "a, b = map(int, input().split())\nprint(a + b)\n"
START = datetime(2026, 12, 5, 9, 0)  # naive UTC, as the service's clock gives it
CUP = Contest(
    id="cup",
    name="Cup",
    start_time=START.replace(tzinfo=timezone.utc),
    duration=timedelta(hours=2),
    problems=(ContestProblem("sum", "A", 0),),
    teams=(Team("t1", "Alpha"), Team("t2", "Beta", extra_time=timedelta(minutes=10))),
    accounts=(
        Account("alice", "alice", AccountType.TEAM, "t1"),
        Account("bob", "bob", AccountType.TEAM, "t2"),
    ),
)


class Clock:
    """The service's clock, moved by the test."""

    def __init__(self, now: datetime):
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(START - timedelta(hours=1))


@pytest.fixture
def contest_api(project_root, db_url, cache, clock):
    write_project(project_root, SUM_YAML.replace("id: sum", "id: other"), problem_id="other")
    app = Api(project_root, db_url, cache, clock=clock, extensions=[install_site],
              rate_limit=50)
    with app.database.writing() as session:
        store_contest(session, CUP)  # alice and bob are users of Api already
    try:
        yield app
    finally:
        app.close()


def submit(api, as_user="alice", **fields):
    body = {"problem": "sum", "language": "python", "source": REFERENCE, "contest": "cup"}
    return api.post("/api/submissions", as_user, json=body | fields)


def stored(api, submission_id: int) -> Submission:
    with api.database.session() as session:
        return session.get(Submission, submission_id)


def count(api) -> int:
    with api.database.session() as session:
        return session.scalar(select(func.count(Submission.id)))


def test_before_the_start_it_is_refused_saying_when(contest_api, clock):
    clock.now = START - timedelta(hours=1, minutes=5)
    response = submit(contest_api)
    assert response.status_code == 409
    assert response.json()["message"] == (
        "contest 'cup' starts at 2026-12-05 09:00:00 UTC (in 1:05:00); submissions open then"
    )
    assert count(contest_api) == 0 and contest_api.queued_messages() == 0


def test_during_the_window_it_counts_and_is_judged_first(contest_api, clock):
    clock.now = START + timedelta(minutes=30)
    response = submit(contest_api)
    assert response.status_code == 202, response.text
    row = stored(contest_api, response.json()["id"])
    assert (row.contest_id, row.team_id, row.practice) == ("cup", "t1", False)
    assert row.priority == Priority.CONTEST
    assert row.submitted_at == clock.now
    assert contest_api.queued_messages() == 1
    document = contest_api.get(f"/api/submissions/{row.id}").json()
    assert (document["contest"], document["team"], document["practice"]) == ("cup", "t1", False)


def test_after_the_window_it_is_practice_and_extra_time_counts(contest_api, clock):
    clock.now = START + timedelta(hours=2, minutes=5)
    late = stored(contest_api, submit(contest_api, "alice").json()["id"])
    assert (late.team_id, late.practice, late.priority) == ("t1", True, Priority.PRACTICE)
    extra = stored(contest_api, submit(contest_api, "bob").json()["id"])  # 10 more minutes
    assert (extra.team_id, extra.practice, extra.priority) == ("t2", False, Priority.CONTEST)
    clock.now = START + timedelta(hours=2, minutes=10)
    ended = stored(contest_api, submit(contest_api, "bob").json()["id"])
    assert ended.practice and ended.status.value == "queued"  # judged all the same
    assert contest_api.get(f"/api/submissions/{ended.id}", "bob").json()["practice"] is True


def test_only_members_of_a_team_submit(contest_api, clock):
    clock.now = START + timedelta(minutes=1)
    for user in ("setter", "admin"):
        response = submit(contest_api, user)
        assert response.status_code == 403
        assert response.json()["message"] == (
            f"{user} is on no team of contest 'cup', so cannot submit to it"
        )
    assert count(contest_api) == 0


def test_only_the_contests_problems_and_known_contests(contest_api, clock):
    clock.now = START + timedelta(minutes=1)
    other = submit(contest_api, problem="other")
    assert other.status_code == 422
    assert other.json()["message"] == "problem 'other' is not in contest 'cup' (it has: A sum)"
    unknown = submit(contest_api, contest="cap")
    assert unknown.status_code == 404 and "no contest 'cap'" in unknown.json()["message"]
    assert submit(contest_api, problem="other", contest=None).status_code == 202
    assert count(contest_api) == 1


def test_the_form_field_contest(contest_api, clock):
    clock.now = START + timedelta(minutes=1)
    fields = {"problem": "sum", "language": "python", "source": REFERENCE}
    counted = contest_api.post("/api/submissions", data=fields | {"contest": "cup"},
                               files={"file": ("", b"", "application/octet-stream")})
    assert counted.status_code == 202, counted.text
    assert stored(contest_api, counted.json()["id"]).contest_id == "cup"
    plain = contest_api.post("/api/submissions", data=fields | {"contest": ""},
                             files={"file": ("", b"", "application/octet-stream")})
    assert plain.status_code == 202, plain.text
    row = stored(contest_api, plain.json()["id"])
    assert (row.contest_id, row.priority) == (None, Priority.PRACTICE)


def start(api, user: str, contest: str = "open"):
    """The team's member presses start (the contest page's form posts here)."""
    return api.post(f"/contests/{contest}/start", user, follow_redirects=False)


def test_a_team_window_starts_when_the_team_presses_start(contest_api, clock):
    hour = timedelta(hours=1)
    own = dataclasses.replace(CUP, id="open", duration=5 * hour, team_duration=hour)
    with contest_api.database.writing() as session:
        store_contest(session, own)
    clock.now = START - timedelta(minutes=1)
    too_early = start(contest_api, "alice")
    assert too_early.status_code == 409 and "starts at 2026-12-05 09:00:00 UTC" in too_early.text
    clock.now = START + 2 * hour
    waiting = submit(contest_api, contest="open")
    assert waiting.status_code == 409
    assert waiting.json()["message"] == (
        "team t1 has not started its window of contest 'open' yet: press start on the "
        "contest's page (/contests/open) first"
    )
    assert count(contest_api) == 0
    assert start(contest_api, "alice").status_code == 303
    again = start(contest_api, "alice")
    assert again.status_code == 409 and "started its window already" in again.text
    with contest_api.database.session() as session:
        assert session.get(ContestTeam, ("open", "t1")).started_at == START + 2 * hour
        assert session.get(ContestTeam, ("open", "t2")).started_at is None  # bob's own
    first = stored(contest_api, submit(contest_api, contest="open").json()["id"])
    assert not first.practice and first.priority == Priority.CONTEST
    clock.now = START + 3 * hour + timedelta(minutes=1)
    assert stored(contest_api, submit(contest_api, contest="open").json()["id"]).practice
    # bob starts late: his hour is cut at the contest's end, then his 10 extra minutes
    clock.now = START + 4 * hour + timedelta(minutes=30)
    assert start(contest_api, "bob").status_code == 303
    assert not stored(contest_api, submit(contest_api, "bob", contest="open").json()["id"]).practice
    clock.now = START + 5 * hour + timedelta(minutes=5)
    assert not stored(contest_api, submit(contest_api, "bob", contest="open").json()["id"]).practice
    clock.now = START + 5 * hour + timedelta(minutes=11)
    assert stored(contest_api, submit(contest_api, "bob", contest="open").json()["id"]).practice


def test_after_the_contest_a_team_that_never_started_sends_practice(contest_api, clock):
    hour = timedelta(hours=1)
    own = dataclasses.replace(CUP, id="open", duration=5 * hour, team_duration=hour)
    with contest_api.database.writing() as session:
        store_contest(session, own)
    clock.now = START + 5 * hour
    late = start(contest_api, "alice")
    assert late.status_code == 409 and "is over" in late.text
    assert stored(contest_api, submit(contest_api, contest="open").json()["id"]).practice
    assert start(contest_api, "admin").status_code == 409  # on no team: nothing to start
    plain = start(contest_api, "alice", contest="cup")
    assert plain.status_code == 409 and "one window for every team" in plain.text


def test_a_contest_without_a_start_time_takes_nothing(contest_api, clock):
    with contest_api.database.writing() as session:
        store_contest(session, dataclasses.replace(CUP, id="someday", start_time=None))
    response = submit(contest_api, contest="someday")
    assert response.status_code == 409
    assert response.json()["message"] == "contest 'someday' has no start time yet"
    assert count(contest_api) == 0
