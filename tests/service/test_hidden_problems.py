"""A problem of a contest that has not started is the jury's alone, on SQLite and on a real
PostgreSQL, by the service's clock (set by the test): contestants and visitors find it nowhere
(the lists, its page, its API document, the contest's CLICS problems) and cannot submit to it,
until the contest starts; a contest of team windows opens them to a team when it presses start.
A problem in no contest stays public."""

from __future__ import annotations

import dataclasses
import json
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from judge.service.contests import store_contest
from judge.service.models import Submission
from judge.web.site import install_site
from tests.conftest import SUM_YAML, write_project
from tests.service.conftest import Api
from tests.service.test_contest_window import CUP, REFERENCE, START, Clock

HOUR = timedelta(hours=1)


@pytest.fixture
def clock() -> Clock:
    return Clock(START - HOUR)


@pytest.fixture
def api(project_root, db_url, cache, clock):
    """Problems: sum (contest cup, at START), other (in no contest), third (contest open, of
    team windows, at START); alice is on team t1 and bob on t2 of both contests."""
    for problem_id in ("other", "third"):
        write_project(project_root, SUM_YAML.replace("id: sum", f"id: {problem_id}"),
                      problem_id=problem_id)
    app = Api(project_root, db_url, cache, clock=clock, extensions=[install_site],
              rate_limit=50)
    with app.database.writing() as session:
        store_contest(session, CUP)
        store_contest(session, dataclasses.replace(
            CUP, id="open", duration=5 * HOUR, team_duration=HOUR,
            problems=(dataclasses.replace(CUP.problems[0], id="third"),)))
    try:
        yield app
    finally:
        app.close()


def listed(api, user: str) -> list[str]:
    response = api.get("/api/problems", user)
    assert response.status_code == 200, response.text
    return [item["id"] for item in response.json()["items"]]


def get(api, path: str, user: str | None):
    """As `user`; None: a visitor, who sends no token."""
    return api.get(path, user) if user is not None else api.client.get(path)


def submit(api, user: str, problem: str, contest: str | None = None):
    body = {"problem": problem, "language": "python", "source": REFERENCE, "contest": contest}
    return api.post("/api/submissions", user, json=body)


def submissions(api) -> int:
    with api.database.session() as session:
        return session.scalar(select(func.count(Submission.id)))


def clics_problems(api, user: str | None, contest: str = "cup") -> list[str]:
    response = get(api, f"/api/contests/{contest}/problems", user)
    assert response.status_code == 200, response.text
    return [problem["id"] for problem in response.json()]


def fed_problems(api, user: str | None, contest: str = "cup") -> list[str]:
    """The problems the viewer's event feed holds (its last event of each)."""
    response = get(api, f"/api/contests/{contest}/event-feed?stream=false", user)
    assert response.status_code == 200, response.text
    held: dict[str, bool] = {}
    for line in response.text.splitlines():
        event = json.loads(line)
        if event["type"] == "problems":
            held[event["id"]] = event["data"] is not None
    return sorted(problem for problem, present in held.items() if present)


def test_before_the_start_contestants_and_visitors_find_it_nowhere(api):
    assert listed(api, "alice") == ["other"]
    unknown = get(api, "/api/problems/nosuch", "alice")
    hidden = get(api, "/api/problems/sum", "alice")
    assert hidden.status_code == 404 == unknown.status_code
    # as if it did not exist: the message of an unknown id, naming no hidden problem
    assert hidden.json()["message"] == unknown.json()["message"].replace("nosuch", "sum")
    assert "third" not in unknown.json()["message"]
    for user in ("alice", None):
        assert get(api, "/problems/sum", user).status_code == 404
        assert get(api, "/problems/other", user).status_code == 200
        front = get(api, "/", user)
        assert front.status_code == 200
        assert "/problems/other" in front.text and "/problems/sum" not in front.text
        page = get(api, "/contests/cup", user).text
        assert "/problems/sum" not in page
        assert "The problems are shown when the contest starts." in page
        assert clics_problems(api, user) == [] == fed_problems(api, user)
        assert get(api, "/api/contests/cup/problems/sum", user).status_code == 404
    filters = get(api, "/submissions", "alice")  # the problem filter's choices
    assert '<option value="other"' in filters.text and '<option value="sum"' not in filters.text
    assert '<option value="sum"' in get(api, "/submissions", "setter").text


def test_before_the_start_nobody_but_the_jury_submits_to_it(api):
    refused = submit(api, "alice", "sum")
    assert refused.status_code == 404
    assert refused.json()["message"].startswith("unknown problem 'sum'")
    early = submit(api, "alice", "sum", contest="cup")
    assert early.status_code == 409 and "submissions open then" in early.json()["message"]
    assert submissions(api) == 0
    assert submit(api, "alice", "other").status_code == 202  # in no contest: public
    assert submit(api, "setter", "sum").status_code == 202
    assert submissions(api) == 2


def test_the_jury_sees_it_before_the_start(api):
    for user in ("setter", "admin"):
        assert listed(api, user) == ["other", "sum", "third"]
        assert get(api, "/api/problems/sum", user).status_code == 200
        assert get(api, "/problems/sum", user).status_code == 200
        assert "/problems/sum" in get(api, "/contests/cup", user).text
    assert clics_problems(api, "admin") == ["sum"] == fed_problems(api, "admin")
    assert get(api, "/api/contests/cup/problems/sum", "admin").status_code == 200


def test_after_the_start_everyone_sees_it(api, clock):
    clock.now = START + timedelta(minutes=1)
    assert listed(api, "alice") == ["other", "sum"]  # third: its teams' own windows
    document = get(api, "/api/problems/sum", "alice")
    assert document.status_code == 200 and document.json()["title"] == "Sum of two numbers"
    for user in ("alice", None):
        assert get(api, "/problems/sum", user).status_code == 200
        assert "/problems/sum" in get(api, "/", user).text
        assert "/problems/sum" in get(api, "/contests/cup", user).text
        assert clics_problems(api, user) == ["sum"] == fed_problems(api, user)
        assert get(api, "/api/contests/cup/problems/sum", user).status_code == 200
    assert submit(api, "alice", "sum").status_code == 202
    assert submit(api, "alice", "sum", contest="cup").status_code == 202


def test_a_team_window_opens_the_problems_to_its_team_only(api, clock):
    clock.now = START + HOUR  # the contest runs; nobody has pressed start
    for user in ("alice", "bob", None):
        assert clics_problems(api, user, "open") == [] == fed_problems(api, user, "open")
        assert get(api, "/api/contests/open/problems/third", user).status_code == 404
        assert get(api, "/problems/third", user).status_code == 404
    assert clics_problems(api, "admin", "open") == ["third"]
    pressed = api.post("/contests/open/start", "alice", follow_redirects=False)
    assert pressed.status_code == 303
    assert clics_problems(api, "alice", "open") == ["third"] == fed_problems(api, "alice", "open")
    assert get(api, "/api/problems/third", "alice").status_code == 200
    assert "/problems/third" in get(api, "/contests/open", "alice").text
    assert clics_problems(api, "bob", "open") == [] == fed_problems(api, "bob", "open")
    assert get(api, "/api/problems/third", "bob").status_code == 404
    assert submit(api, "bob", "third").status_code == 404
    clock.now = START + 5 * HOUR  # over: everyone's time is gone, the problems are public
    assert clics_problems(api, None, "open") == ["third"] == fed_problems(api, None, "open")
    assert "third" in listed(api, "bob")


def test_a_contest_without_a_start_time_hides_its_problems(api):
    with api.database.writing() as session:
        store_contest(session, dataclasses.replace(CUP, id="someday", start_time=None))
    assert listed(api, "alice") == ["other"]
    assert clics_problems(api, "alice", "someday") == []


def test_a_problem_open_in_one_contest_is_open_in_every_one(api, clock):
    clock.now = START + timedelta(minutes=1)
    with api.database.writing() as session:  # sum again, in a contest a day later
        store_contest(session, dataclasses.replace(CUP, id="later", start_time=CUP.start_time
                                                   + timedelta(days=1)))
    assert "sum" in listed(api, "alice")
    assert clics_problems(api, "alice", "later") == []  # that contest's own list waits
