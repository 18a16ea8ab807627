"""The contest pages as a browser uses them (an HTTP client keeping cookies), on SQLite and a
real PostgreSQL, with submissions sent through the contest page's form and judged for real: the
list, a contest's page, its scoreboard for each role (the public's frozen, the jury's live),
board.json with its ETag, the group filter, and the jury's thaw and finalization. The service's
clock is the test's, so that nothing waits for a contest to start or end."""

from __future__ import annotations

import re
import time
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest
from starlette.testclient import TestClient

from judge.contest.model import (
    Account,
    AccountType,
    Contest,
    ContestProblem,
    Group,
    Organization,
    ScoreboardType,
    Team,
)
from judge.service.board_cache import BoardCache
from judge.service.changes import Change, ChangeHub
from judge.service.contest_jury import thaw
from judge.service.contests import store_contest
from judge.service.store import Job
from judge.web.site import install_site
from judge.web.site.board_polls import BoardPolls
from tests.conftest import SUM_YAML, write_project
from tests.service.conftest import Api, judging_for
from tests.service.test_contest_window import Clock
from tests.service.test_pages import Browser

RIGHT = "a, b = map(int, input().split())\nprint(a + b)\n"
WRONG = "print(0)\n"
START = datetime(2026, 12, 5, 9, 0)  # naive UTC, as the service's clock gives it
CUP = Contest(
    id="cup",
    name="Flows Cup",
    start_time=START.replace(tzinfo=timezone.utc),
    duration=timedelta(hours=5),
    scoreboard_freeze_duration=timedelta(hours=1),  # frozen from 13:00
    problems=(ContestProblem("sum", "A", 0, rgb="#ff0000", color="red"),
              ContestProblem("other", "B", 1)),
    organizations=(Organization("kth", "KTH"), Organization("uu", "Uppsala")),
    groups=(Group("div1", "Division 1"), Group("div2", "Division 2")),
    teams=(Team("t1", "Alpha", organization_id="kth", group_ids=("div1",)),
           Team("t2", "Beta", organization_id="uu", group_ids=("div2",))),
    accounts=(Account("alice", "alice", AccountType.TEAM, "t1"),
              Account("bob", "bob", AccountType.TEAM, "t2")),
)
CSRF = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')


@pytest.fixture
def clock() -> Clock:
    return Clock(START + timedelta(minutes=30))


@pytest.fixture
def site(project_root, db_url, cache, clock):
    write_project(project_root, SUM_YAML.replace("id: sum", "id: other"), problem_id="other")
    app = Api(project_root, db_url, cache, clock=clock, extensions=[install_site], rate_limit=50)
    with app.database.writing() as session:
        store_contest(session, CUP)
    try:
        yield app
    finally:
        app.close()


@pytest.fixture
def judge(site, cache, tmp_path):
    with judging_for(site, cache, tmp_path) as job:
        yield job


def browser(site: Api, name: str | None) -> Browser:
    """A browser signed in as `name` (None: a visitor who is not signed in)."""
    found = Browser(site)
    if name is not None:
        assert found.sign_in(site.tokens[name]).status_code == 303
    return found


def send(page: Browser, judge, source: str, problem: str = "sum") -> int:
    """Sent through the contest page's form (its contest field preselected), then judged."""
    html = page.http.get("/contests/cup").text
    assert 'name="contest" value="cup"' in html
    fields = {"problem": problem, "language": "python", "source": source, "contest": "cup",
              "csrf_token": CSRF.search(html).group(1)}
    response = page.http.post("/submissions", data=fields, files={"file": ("", b"")})
    assert response.status_code == 303, response.text
    submission_id = int(response.headers["location"].rsplit("/", 1)[1])
    if judge is not None:
        judge(Job(submission_id, 1))
    return submission_id


def board(page: Browser, query: str = "") -> dict:
    response = page.http.get(f"/contests/cup/board.json{query}")
    assert response.status_code == 200, response.text
    return response.json()


def row(document: dict, team: str) -> dict:
    return next(r for r in document["rows"] if r["team_id"] == team)


def post(page: Browser, path: str):
    token = CSRF.search(page.http.get("/contests/cup").text).group(1)
    return page.http.post(path, data={"csrf_token": token})


def test_the_list_shows_each_contests_window_and_state(site, clock):
    visitor = browser(site, None)
    for now, state in [(START - timedelta(hours=1), "scheduled"),
                       (START + timedelta(hours=1), "running"),
                       (START + timedelta(hours=4, minutes=1), "frozen"),
                       (START + timedelta(hours=6), "over")]:
        clock.now = now
        html = visitor.http.get("/contests").text
        assert 'href="/contests/cup">Flows Cup</a>' in html
        assert "2026-12-05 09:00:00" in html and "2026-12-05 14:00:00" in html
        assert f'data-state="{state}">{state}</span>' in html


def test_a_team_submits_from_the_contest_page_and_sees_only_its_own(site, judge):
    alice, bob = browser(site, "alice"), browser(site, "bob")
    page = alice.http.get("/contests/cup").text
    assert "A · " in page and "B · " in page and "--balloon: #ff0000" in page
    assert 'id="countdown"' in page and "to the end" in page
    submission = send(alice, judge, RIGHT)
    assert f'<a href="/submissions/{submission}">{submission}</a>' in (
        alice.http.get("/contests/cup").text)
    assert f'data-id="{submission}"' not in bob.http.get("/contests/cup").text
    assert bob.http.get(f"/submissions/{submission}").status_code == 404  # nor its source
    alpha = row(board(bob), "t1")
    assert alpha["rank"] == 1 and alpha["solved"] == 1 and alpha["penalty"] == 30
    assert alpha["cells"][0] == {"problem": "sum", "tries": 1, "pending": 0, "solved": True,
                                 "first": True, "time": 30, "score": None}
    html = bob.http.get("/contests/cup/scoreboard").text
    assert 'class="cell first"' in html and "Alpha" in html and "KTH" in html


def test_the_public_sees_the_freeze_the_jury_the_live_board_until_the_thaw(site, judge, clock):
    alice, admin, visitor = browser(site, "alice"), browser(site, "admin"), browser(site, None)
    clock.now = START + timedelta(hours=4, minutes=30)  # frozen since 13:00
    send(alice, judge, WRONG)
    send(alice, judge, RIGHT)
    public = visitor.http.get("/contests/cup/scoreboard").text
    assert "Frozen since 13:00 UTC" in public and "Jury view" not in public
    alpha = row(board(visitor), "t1")
    assert alpha["solved"] == 0 and alpha["cells"][0]["pending"] == 2  # hidden, not lost
    assert row(board(alice), "t1")["solved"] == 0  # the team too sees the frozen board
    jury = admin.http.get("/contests/cup/scoreboard").text
    assert "Jury view" in jury and "Frozen since" not in jury
    assert row(board(admin), "t1")["cells"][0] | {} == {
        "problem": "sum", "tries": 2, "pending": 0, "solved": True, "first": True,
        "time": 270, "score": None}
    assert post(alice, "/contests/cup/thaw").status_code == 403
    assert post(admin, "/contests/cup/thaw").status_code == 303
    assert row(board(visitor), "t1")["solved"] == 1
    assert "Frozen since" not in visitor.http.get("/contests/cup/scoreboard").text
    again = post(admin, "/contests/cup/thaw")
    assert again.status_code == 409 and "thawed already" in again.text


def test_board_json_is_made_once_per_change_and_answers_304_until_then(site, judge):
    alice, visitor = browser(site, "alice"), browser(site, None)
    first = visitor.http.get("/contests/cup/board.json")
    made = site.parts.boards.made
    etag = first.headers["etag"]
    for _ in range(5):
        unchanged = visitor.http.get("/contests/cup/board.json", headers={"If-None-Match": etag})
        assert unchanged.status_code == 304 and unchanged.content == b""
    assert site.parts.boards.made == made  # served from memory
    jury = browser(site, "setter")
    assert row(board(jury), "t1")["solved"] == 0
    send(alice, judge, RIGHT)
    changed = visitor.http.get("/contests/cup/board.json", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["etag"] != etag
    assert changed.headers["content-encoding"] == "gzip"  # made once with the board
    assert row(changed.json(), "t1")["solved"] == 1
    assert row(board(jury), "t1")["solved"] == 1  # each view is made again


def test_a_change_made_by_another_process_reaches_the_board_within_a_second(site, clock):
    """`judge contest thaw` writes the database and tells no server: the board looks at its
    contest row again once it is a second old (here: at once)."""
    visitor = browser(site, None)
    clock.now = START + timedelta(hours=6)
    assert board(visitor)["frozen"]
    site.parts.boards.recheck_seconds = 0
    with site.database.writing() as session:
        thaw(session, "cup", clock.now)
    assert not board(visitor)["frozen"] and board(visitor)["thawed_at"] is not None


def test_the_group_filter_ranks_the_groups_teams_among_themselves(site, judge):
    alice, bob, visitor = browser(site, "alice"), browser(site, "bob"), browser(site, None)
    send(alice, judge, RIGHT)
    send(bob, judge, WRONG)
    division = board(visitor, "?group=div2")
    assert [(r["rank"], r["team_id"]) for r in division["rows"]] == [(1, "t2")]
    html = visitor.http.get("/contests/cup/scoreboard?group=div2&big=1").text
    assert "Beta" in html and "Alpha" not in html and "scoreboard-page big" in html
    unknown = visitor.http.get("/contests/cup/scoreboard?group=div9")
    assert unknown.status_code == 404 and "no group" in unknown.text


def test_finalizing_needs_the_end_and_nothing_pending(site, judge, clock):
    alice, admin = browser(site, "alice"), browser(site, "admin")
    early = post(admin, "/contests/cup/finalize")
    assert early.status_code == 409 and "only after its end" in early.text
    queued = send(alice, None, RIGHT)  # not judged yet
    clock.now = START + timedelta(hours=5, minutes=1)
    pending = post(admin, "/contests/cup/finalize")
    assert pending.status_code == 409 and "1 submission(s) not judged yet" in pending.text
    judge(Job(queued, 1))
    assert post(alice, "/contests/cup/finalize").status_code == 403
    assert post(admin, "/contests/cup/finalize").status_code == 303
    assert board(alice)["state"] == "final"
    assert 'data-state="final">final</span>' in alice.http.get("/contests").text


def test_unknown_contests_are_404(site):
    visitor = browser(site, None)
    for path in ("/contests/nope", "/contests/nope/scoreboard", "/contests/nope/board.json"):
        assert visitor.http.get(path).status_code == 404


def test_a_tests_progress_does_not_make_the_board_again(site):
    visitor = browser(site, None)
    etag = visitor.http.get("/contests/cup/board.json").headers["etag"]
    made = site.parts.boards.made
    site.parts.changes.publish(Change(1, "alice", "sum", contest="cup", board=False))
    assert visitor.http.get("/contests/cup/board.json",
                            headers={"If-None-Match": etag}).status_code == 304
    assert site.parts.boards.made == made
    site.parts.changes.publish(Change(1, "alice", "sum", contest="cup"))
    assert visitor.http.get("/contests/cup/board.json",
                            headers={"If-None-Match": etag}).status_code == 304  # the same
    assert site.parts.boards.made == made + 1


def test_a_change_published_by_another_server_process_reaches_the_cache(redis):
    """With a broker, a result stored by another server process comes through Redis."""
    cache, here, there = BoardCache(), ChangeHub(redis.url), ChangeHub(redis.url)
    here.listen(cache.changed)
    here.start()
    try:
        before = cache._generation("cup")
        deadline = time.monotonic() + 20
        while cache._generation("cup") == before:  # the relay subscribes in its own time
            assert time.monotonic() < deadline, "the change never came through Redis"
            there.publish(Change(7, "alice", "sum", contest="cup"))
            time.sleep(0.2)
    finally:
        here.close()
        there.close()


def test_a_problem_opened_from_its_contest_goes_by_its_label(site, judge):
    alice = browser(site, "alice")
    contest_page = alice.http.get("/contests/cup").text
    assert 'href="/problems/sum?contest=cup">A · ' in contest_page
    page = alice.http.get("/problems/sum?contest=cup").text
    assert "<h1>A · " in page and 'name="contest" value="cup"' in page
    plain = alice.http.get("/problems/sum").text
    assert "<h1>A · " not in plain and 'name="contest"' not in plain
    assert 'name="contest"' not in alice.http.get("/problems/sum?contest=nope").text
    fields = {"problem": "sum", "language": "python", "source": RIGHT, "contest": "cup",
              "csrf_token": CSRF.search(page).group(1)}
    sent = alice.http.post("/submissions", data=fields, files={"file": ("", b"")})
    assert sent.status_code == 303
    judge(Job(int(sent.headers["location"].rsplit("/", 1)[1]), 1))
    assert row(board(alice), "t1")["solved"] == 1


def test_a_score_contest_shows_scores_per_problem_and_the_total(site, judge):
    with site.database.writing() as session:
        store_contest(session, replace(CUP, id="ioi", name="Olympiad",
                                       scoreboard_type=ScoreboardType.SCORE,
                                       scoreboard_freeze_duration=None,
                                       accounts=()))
    page = browser(site, "setter").http.get("/contests/ioi/scoreboard").text
    assert '<th class="num">score</th>' in page and '<th class="num">solved</th>' not in page
    assert '<td class="num total">0</td>' in page and "Jury view" in page
    document = browser(site, None).http.get("/contests/ioi/board.json").json()
    assert document["type"] == "score" and not document["frozen"]


def test_a_team_of_a_team_window_contest_sees_the_problems_once_it_presses_start(site, clock):
    with site.database.writing() as session:
        store_contest(session, replace(CUP, team_duration=timedelta(hours=2)))
    alice, admin, visitor = browser(site, "alice"), browser(site, "admin"), browser(site, None)
    before = alice.http.get("/contests/cup").text
    assert 'id="start-window"' in before and 'id="problems-hidden"' in before
    assert "A · " not in before and 'id="submit-form"' not in before
    assert "A · " not in visitor.http.get("/contests/cup").text
    assert "A · " in admin.http.get("/contests/cup").text
    assert 'id="start-window"' not in admin.http.get("/contests/cup").text
    forged = alice.http.post("/contests/cup/start", data={"csrf_token": "0" * 64})
    assert forged.status_code == 403  # the form's CSRF token, as every form here
    assert post(alice, "/contests/cup/start").status_code == 303
    after = alice.http.get("/contests/cup").text
    assert 'id="start-window"' not in after and 'id="submit-form"' in after and "A · " in after
    # its window: two hours from 09:30, the clock's moment of the press
    assert "Your team's window: 2026-12-05 09:30:00 to 2026-12-05 11:30:00 UTC" in after
    assert 'data-to="2026-12-05T11:30:00Z" data-towards="end of your window">2:00:00<' in after
    assert 'id="start-window"' in browser(site, "bob").http.get("/contests/cup").text
def test_a_visitors_poll_of_a_board_in_memory_is_answered_before_routing(site):
    """BoardPolls answers as the route does; whoever it cannot answer goes on to the route."""
    made = browser(site, None).http.get("/contests/cup/board.json")  # the route makes it
    routed: list[str] = []

    async def route(scope, receive, send):
        routed.append(scope["path"])
        await site.client.app(scope, receive, send)

    polls = BoardPolls(route)

    async def app(scope, receive, send):
        scope["app"] = site.client.app  # as the application sets it for its middleware
        await polls(scope, receive, send)

    client = TestClient(app)
    again = client.get("/contests/cup/board.json")
    assert routed == []
    assert (again.status_code, again.content, dict(again.headers)) == (
        200, made.content, dict(made.headers))
    etag = made.headers["etag"]
    assert client.get("/contests/cup/board.json",
                      headers={"If-None-Match": etag}).status_code == 304
    assert routed == []
    jury = client.get("/contests/cup/board.json",
                      headers={"Authorization": f"Bearer {site.tokens['setter']}"})
    assert jury.json()["view"] == "jury" and routed == ["/contests/cup/board.json"]
    assert client.get("/contests/nope/board.json").status_code == 404
    division = client.get("/contests/cup/board.json?group=div2")  # not made yet: the route
    assert [r["team_id"] for r in division.json()["rows"]] == ["t2"]
    assert routed == ["/contests/cup/board.json", "/contests/nope/board.json",
                      "/contests/cup/board.json"]
    assert client.get("/contests/cup/board.json?group=div2").json() == division.json()
    assert len(routed) == 3  # now in memory
