"""The CLICS Contest API served by the service, on SQLite and on a real PostgreSQL: a contest
imported from a package, its teams submitting real programs (over the CLICS API and the
service's own) that a real worker job judges, then every endpoint and every event-feed line
validated against the official 2023-06 schemas, the feed against the endpoints, the scoreboard
against one recomputed here from the submissions and judgements alone, through a freeze, a thaw
and the end of updates, and across a restart of the app."""

from __future__ import annotations

import asyncio
import base64
import io
import json
import zipfile
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from judge.contest.model import (
    Account,
    AccountType,
    Contest,
    ContestProblem,
    Group,
    Organization,
    Team,
)
from judge.contest.package import read_contest
from judge.contest.package_write import write_contest
from judge.service.api import create_app
from judge.service.api.clics_routes import feed_lines
from judge.service.api.deps import Services
from judge.service.contest_feed import events_after, update_feed
from judge.service.contests import import_contest
from judge.service.db import Database
from judge.service.models import Contest as ContestRow
from judge.service.models import ContestAccount
from judge.service.models import Submission
from judge.service.packages import PackageStore
from judge.service.queue import Sender
from judge.service.store import Job
from tests.conftest import SUM_YAML, write_project
from tests.contest.clics_schemas import dangling, errors
from tests.service.conftest import Api, judging_for

START = datetime(2026, 12, 5, 9, 0)  # naive UTC, as the service's clock gives it
CORRECT = "a, b = map(int, input().split())\nprint(a + b)\n"
WRONG = "a, b = map(int, input().split())\nprint(a - b)\n"
BROKEN = "this is not python(\n"
WRONG_ON_NEGATIVES = "a, b = map(int, input().split())\nprint(a - b if a < 0 else a + b)\n"
PASSWORDS = {"team1": "pw-one", "team2": "pw-two", "team3": "pw-three", "jury": "pw-jury"}
CUP = Contest(
    id="cup",
    name="Cup",
    start_time=START.replace(tzinfo=timezone.utc),
    duration=timedelta(hours=5),
    scoreboard_freeze_duration=timedelta(hours=1),
    penalty_time=20,
    problems=(ContestProblem("sum", "A", 0), ContestProblem("other", "B", 1)),
    organizations=(Organization("uni", "Uni", "The University", "NLD"),),
    groups=(Group("students", "Students"), Group("guests", "Guests", hidden=True)),
    teams=(
        Team("t1", "Alpha", organization_id="uni", group_ids=("students",)),
        Team("t2", "Beta", organization_id="uni", group_ids=("students",)),
        Team("t3", "Gamma", group_ids=("guests",)),
    ),
    accounts=(
        Account("team1", "team1", AccountType.TEAM, "t1", password=PASSWORDS["team1"]),
        Account("team2", "team2", AccountType.TEAM, "t2", password=PASSWORDS["team2"]),
        Account("team3", "team3", AccountType.TEAM, "t3", password=PASSWORDS["team3"]),
        Account("jury", "jury", AccountType.ADMIN, password=PASSWORDS["jury"]),
    ),
)
SINGLE = {"contest": "contest.json", "state": "state.json",
          "judgement-types": "judgement-type.json", "languages": "language.json",
          "problems": "problem.json", "groups": "group.json",
          "organizations": "organization.json", "teams": "team.json",
          "accounts": "account.json", "submissions": "submission.json",
          "judgements": "judgement.json", "runs": "run.json",
          "clarifications": "clarification.json", "awards": "award.json"}
COLLECTIONS = ("judgement-types", "languages", "problems", "groups", "organizations", "teams",
               "accounts", "submissions", "judgements", "runs", "clarifications", "awards")


class Clock:
    def __init__(self, now: datetime):
        self.now = now

    def __call__(self) -> datetime:
        return self.now


class Contestants:
    """The app, the clock, and requests as a package account (HTTP basic auth) or nobody."""

    def __init__(self, api: Api, clock: Clock, cache, folder):
        self.api, self.clock, self.cache, self.folder = api, clock, cache, folder

    def get(self, path: str, who: str | None = None, client: TestClient | None = None, **kw):
        auth = (who, PASSWORDS[who]) if who else None
        return (client or self.api.client).get(path, auth=auth, **kw)

    def json(self, path: str, who: str | None = None, client: TestClient | None = None):
        response = self.get(path, who, client)
        assert response.status_code == 200, response.text
        return response.json()

    def submit(self, who: str, problem: str, source: str, minutes: int) -> str:
        """A submission over the CLICS API at `minutes` into the contest, judged for real."""
        self.clock.now = START + timedelta(minutes=minutes)
        files = io.BytesIO()
        with zipfile.ZipFile(files, "w") as archive:
            archive.writestr("solution.py", source)
        body = {"problem_id": problem, "language_id": "python3", "entry_point": "solution.py",
                "files": [{"data": base64.b64encode(files.getvalue()).decode()}]}
        response = self.api.client.post("/api/contests/cup/submissions", json=body,
                                        auth=(who, PASSWORDS[who]))
        assert response.status_code == 201, response.text
        submission_id = response.json()["id"]
        self.judge(int(submission_id), minutes)
        return submission_id

    def judge(self, submission_id: int, minutes: int, attempt: int = 1) -> None:
        with judging_for(self.api, self.cache, self.folder) as job:
            job(Job(submission_id, attempt))
        # The worker stamps its start and end with the machine's time; the contest here runs
        # on the test's clock, so its judging is moved to a minute after the submission.
        moment = START + timedelta(minutes=minutes)
        with self.api.database.writing() as session:
            session.execute(update(Submission).where(Submission.id == submission_id).values(
                started_at=moment + timedelta(seconds=20),
                finished_at=moment + timedelta(seconds=40)))


@pytest.fixture
def contestants(project_root, db_url, cache, tmp_path):
    write_project(project_root, SUM_YAML.replace("id: sum", "id: other"), problem_id="other")
    clock = Clock(START - timedelta(hours=1))
    api = Api(project_root, db_url, cache, clock=clock, rate_limit=50,
              feed_keepalive_seconds=0.2, feed_poll_seconds=0.05)
    write_contest(CUP, tmp_path / "package")
    package = read_contest(tmp_path / "package", ["sum", "other"])
    with api.database.writing() as session:
        import_contest(session, package.contest)
    try:
        yield Contestants(api, clock, cache, tmp_path)
    finally:
        api.close()


def restarted(api: Api) -> tuple[TestClient, Database]:
    """A new app over the same database, as after a restart of the server."""
    database = Database(api.settings.db_url)
    parts = Services(api.settings, database, Sender(api.broker), PackageStore(),
                     clock=api.parts.clock)
    return TestClient(create_app(parts), raise_server_exceptions=False), database


def endpoints(c: Contestants, who: str | None) -> dict:
    """Every endpoint's objects as `who` reads them: type -> id -> object."""
    access = c.json("/api/contests/cup/access", who)
    served = [endpoint["type"] for endpoint in access["endpoints"]]
    found = {"contest": {None: c.json("/api/contests/cup", who)},
             "state": {None: c.json("/api/contests/cup/state", who)}}
    for kind in COLLECTIONS:
        if kind in served:
            found[kind] = {obj["id"]: obj for obj in c.json(f"/api/contests/cup/{kind}", who)}
    return found


def feed(c: Contestants, who: str | None, since: str | None = None,
         client: TestClient | None = None) -> list[dict]:
    query = "?stream=false" + (f"&since_token={since}" if since else "")
    response = c.get(f"/api/contests/cup/event-feed{query}", who, client)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/x-ndjson")
    lines = response.text.split("\n")
    assert lines[-1] == ""
    return [json.loads(line) for line in lines[:-1]]


def replay(events: list[dict]) -> dict:
    """The objects a reader holds after applying `events` in order; a reference to an object
    it does not hold yet fails here."""
    state: dict = {}
    for event in events:
        objects = state.setdefault(event["type"], {})
        if event["data"] is None:
            objects.pop(event["id"], None)
        else:
            objects[event["id"]] = event["data"]
            assert not dangling(state), (event, dangling(state))
    return state


def check_schemas(c: Contestants, who: str | None) -> dict:
    """Every endpoint `who` may read and every line of its feed against the schemas."""
    objects = endpoints(c, who)
    for kind, found in objects.items():
        for obj in found.values():
            assert not errors(SINGLE[kind], obj), (kind, obj, errors(SINGLE[kind], obj))
            if kind not in ("contest", "state"):
                one = c.json(f"/api/contests/cup/{kind}/{obj['id']}", who)
                assert one == obj
    assert not errors("contests.json", c.json("/api/contests", who), nonempty=True)
    assert not errors("access.json", c.json("/api/contests/cup/access", who))
    assert not errors("scoreboard.json", c.json("/api/contests/cup/scoreboard", who))
    assert not errors("api_information.json", c.json("/api", who))
    events = feed(c, who)
    for event in events:
        assert not errors("event-feed.json", event), (event, errors("event-feed.json", event))
    # The feed agrees with the endpoints: the last event of each object is the object.
    # (An empty collection has no event.)
    assert replay(events) == {kind: found for kind, found in objects.items() if found}
    assert not dangling(objects)
    return objects


def recomputed_board(objects: dict, contest: dict) -> dict[str, tuple]:
    """team -> (rank, solved, total time, ((problem, solved, judged, pending), ...)) under the
    CCS rules, from the submissions and judgements alone (the judgement types say which solve
    and which cost penalty; JE and no judgement are pending)."""
    types = objects["judgement-types"]
    latest: dict[str, dict] = {}
    for judgement in objects["judgements"].values():
        if judgement["judgement_type_id"] is not None:
            latest[judgement["submission_id"]] = judgement
    problems = sorted(objects["problems"].values(), key=lambda p: p["ordinal"])
    penalty = contest["penalty_time"]
    rows = {}
    for team in objects["teams"].values():
        solved = total = 0
        last = 0
        cells = []
        for problem in problems:
            subs = sorted((s for s in objects["submissions"].values()
                           if s["team_id"] == team["id"] and s["problem_id"] == problem["id"]),
                          key=lambda s: s["time"])
            judged = pending = tries = 0
            solved_at = None
            for sub in subs:
                judgement = latest.get(sub["id"])
                kind = types[judgement["judgement_type_id"]] if judgement else None
                if kind is None or kind["id"] == "JE":
                    pending += 1
                elif kind["solved"]:
                    judged += 1
                    hours, minutes, _ = sub["contest_time"].split(":")
                    solved_at = int(hours) * 60 + int(minutes)
                    break
                elif kind["penalty"]:
                    judged += 1
                    tries += 1
            if solved_at is not None:
                solved += 1
                total += solved_at + penalty * tries
                last = max(last, solved_at)
            cells.append((problem["id"], solved_at is not None, judged, pending))
        rows[team["id"]] = (solved, total, last, tuple(cells))
    keys = {team: (-row[0], row[1], row[2]) for team, row in rows.items()}
    return {team: (1 + sum(other < keys[team] for other in keys.values()), *row[:2], row[3])
            for team, row in rows.items()}


def served_board(board: dict) -> dict[str, tuple]:
    return {row["team_id"]: (row["rank"], row["score"]["num_solved"], row["score"]["total_time"],
                             tuple((cell["problem_id"], cell["solved"], cell["num_judged"],
                                    cell["num_pending"]) for cell in row["problems"]))
            for row in board["rows"]}


def test_a_judged_contest_through_freeze_thaw_and_end_of_updates(contestants):
    c = contestants
    before = check_schemas(c, None)
    assert before["state"][None]["started"] is None
    assert before["submissions"] == {}

    c.submit("team1", "sum", WRONG, 10)
    solved_early = c.submit("team1", "sum", CORRECT, 30)
    c.submit("team2", "other", BROKEN, 40)
    c.submit("team3", "sum", CORRECT, 50)  # a hidden group's team
    late = c.submit("team2", "sum", CORRECT, 250)  # after the freeze at 4:00
    c.submit("team1", "other", WRONG, 260)
    c.clock.now = START + timedelta(hours=5, minutes=10)  # ended, not thawed

    public = check_schemas(c, None)
    team2 = check_schemas(c, "team2")
    jury = check_schemas(c, "jury")
    assert solved_early in {j["submission_id"] for j in public["judgements"].values()}
    assert late not in {j["submission_id"] for j in public["judgements"].values()}
    assert late in {j["submission_id"] for j in team2["judgements"].values()}  # its own
    assert "t3" not in public["teams"] and "t3" in jury["teams"]
    assert "runs" not in public and len(jury["runs"]) >= 6
    assert set(team2["accounts"]) == {"team2"}
    assert all("password" not in account for account in jury["accounts"].values())

    # The scoreboards, frozen for the public, and whole for the jury.
    for who, objects in ((None, public), ("jury", jury)):
        board = c.json("/api/contests/cup/scoreboard", who)
        assert served_board(board) == recomputed_board(objects, objects["contest"][None])
    frozen = served_board(c.json("/api/contests/cup/scoreboard"))
    assert frozen["t2"][1] == 0 and frozen["t2"][3][0][3] == 1  # its late solve is pending
    assert frozen["t1"][1:3] == (1, 30 + 20)
    assert "t3" not in frozen

    # A restart: a reader that had the feed up to some event reconnects with its token.
    events = feed(c, None)
    token = events[len(events) // 2]["token"]
    client, database = restarted(c.api)
    try:
        with c.api.database.writing() as session:
            session.execute(update(ContestRow).values(thawed_at=c.clock.now))
        c.clock.now += timedelta(minutes=5)
        missed = feed(c, None, since=token, client=client)
        whole = feed(c, None, client=client)
        assert whole[: len(events)] == events
        assert missed == whole[len(events) // 2 + 1:]
        thawed_judgements = {e["data"]["submission_id"] for e in missed
                             if e["type"] == "judgements"}
        assert late in thawed_judgements  # withheld until the thaw, then sent
        public = check_schemas(c, None)
        board = c.json("/api/contests/cup/scoreboard")
        assert served_board(board) == recomputed_board(public, public["contest"][None])
        assert served_board(board)["t2"][1] == 1
        assert c.get(f"/api/contests/cup/event-feed?since_token={token}x").status_code == 400
    finally:
        client.close()
        database.close()

    # Finalized: the feed ends with the state that ends the updates.
    with c.api.database.writing() as session:
        session.execute(update(ContestRow).values(finalized_at=c.clock.now))
    c.clock.now += timedelta(minutes=1)
    for who in (None, "jury"):
        events = feed(c, who)
        assert events[-1]["type"] == "state" and events[-1]["data"]["end_of_updates"]
        check_schemas(c, who)
    streamed = c.get("/api/contests/cup/event-feed")  # streaming, and still it ends
    assert [json.loads(line) for line in streamed.text.split("\n") if line] == feed(c, None)


def judgements_of(objects: dict, submission_id: str) -> list[tuple[str, str | None]]:
    return [(j["id"], j["judgement_type_id"]) for j in objects["judgements"].values()
            if j["submission_id"] == submission_id]


def test_a_rejudge_adds_judgements_and_the_feed_keeps_the_old_ones(contestants, project_root):
    """A rejudging judged for real and applied, then one submission rejudged on its own: each
    rejudge is a new judgement, listed after the ones it replaced, which stay in the endpoints
    and in every feed; the scoreboard follows each submission's last judgement."""
    c = contestants
    c.api.parts.packages.recheck_seconds = 0  # the test data changes below
    odd = c.submit("team1", "sum", WRONG_ON_NEGATIVES, 10)
    right = c.submit("team2", "sum", CORRECT, 20)
    c.clock.now = START + timedelta(minutes=30)
    before = {who: feed(c, who) for who in (None, "jury")}
    assert judgements_of(check_schemas(c, "jury"), odd) == [(f"{odd}-1", "WA")]

    # The answer of -5 3 corrected to -8: the odd one is right now, the sum wrong.
    (project_root / "testdata" / "sum" / "hand-01-negative.ans").write_text("-8\n")
    made = c.api.post("/api/rejudgings", "admin", json={"contest": "cup", "problem": "sum"})
    assert made.status_code == 201, made.text
    with judging_for(c.api, c.cache, c.folder) as job:
        for _ in range(2):
            job(Job(0, 0))  # the server hands out the rejudging's copies
    applied = c.api.post(f"/api/rejudgings/{made.json()['id']}/apply", "admin")
    assert applied.status_code == 200, applied.text

    jury, public = check_schemas(c, "jury"), check_schemas(c, None)
    assert judgements_of(jury, odd) == [(f"{odd}-1", "WA"), (f"{odd}-2", "AC")]
    assert judgements_of(jury, right) == [(f"{right}-1", "AC"), (f"{right}-2", "WA")]
    assert judgements_of(public, odd) == judgements_of(jury, odd)
    assert {r["judgement_id"] for r in jury["runs"].values()} >= {f"{odd}-1", f"{odd}-2"}
    for who, objects in ((None, public), ("jury", jury)):
        events = feed(c, who)
        assert events[:len(before[who])] == before[who]  # history is never rewritten
        assert not [e for e in events if e["data"] is None]  # nothing deleted
        board = served_board(c.json("/api/contests/cup/scoreboard", who))
        assert board == recomputed_board(objects, objects["contest"][None])
        assert (board["t1"][1], board["t2"][1]) == (1, 0)

    # One submission rejudged on its own: a third judgement, from the start to its verdict.
    assert c.api.post(f"/api/submissions/{right}/rejudge", "admin").status_code == 202
    c.judge(int(right), 20, attempt=3)
    jury = check_schemas(c, "jury")
    assert judgements_of(jury, right) == [
        (f"{right}-1", "AC"), (f"{right}-2", "WA"), (f"{right}-3", "WA")]
    assert c.json(f"/api/contests/cup/judgements?submission_id={right}", "jury")[-1] == (
        jury["judgements"][f"{right}-3"])


def test_a_quiet_feed_sends_keep_alive_newlines_until_the_end_of_updates(contestants):
    """The streaming response's own line source, pulled chunk by chunk (the test client reads
    a response whole): no waiting on the test's side, so no race with a loaded machine."""
    c = contestants
    c.clock.now = START + timedelta(hours=6)
    update_feed(c.api.database, "cup", c.api.parts.problem, c.clock.now, ("jury",))
    with c.api.database.session() as session:
        first, position = events_after(session, "cup", "jury", None)

    async def pulled() -> tuple[bytes, list[bytes], bytes]:
        lines = feed_lines(c.api.parts, "cup", "jury", first, position, stream=True)
        opening = await anext(lines)
        quiet = [await anext(lines), await anext(lines)]  # 0.2 s each without an event
        with c.api.database.writing() as session:  # a frozen contest's updates end once thawed
            session.execute(update(ContestRow).values(thawed_at=c.clock.now,
                                                      finalized_at=c.clock.now))
        rest = b"".join([chunk async for chunk in lines])  # ends after the end of updates
        return opening, quiet, rest

    opening, quiet, rest = asyncio.run(pulled())
    assert [json.loads(line)["token"] for line in opening.split(b"\n") if line] == [
        event.token for event in first]
    assert quiet == [b"\n", b"\n"]
    events = [json.loads(line) for line in rest.split(b"\n") if line]
    assert events[-1]["type"] == "state" and events[-1]["data"]["end_of_updates"]
    assert rest.endswith(b"\n")


def test_two_hundred_streaming_readers_share_one_tail(contestants):
    """Readers of a view wait on one tail that one thread follows: a change reaches every
    reader, exactly once each, in the order of the feed."""
    c = contestants
    c.clock.now = START + timedelta(minutes=5)
    update_feed(c.api.database, "cup", c.api.parts.problem, c.clock.now)
    with c.api.database.session() as session:
        first, position = events_after(session, "cup", "public", None)

    async def reader() -> list[dict]:
        lines = feed_lines(c.api.parts, "cup", "public", first, position, stream=True)
        await anext(lines)  # what was stored
        got: list[dict] = []
        while not any(e["type"] == "judgements" and e["data"]["judgement_type_id"]
                      for e in got):
            chunk = await anext(lines)
            got += [json.loads(line) for line in chunk.split(b"\n") if line]
        await lines.aclose()
        return got

    async def read(count: int) -> list[list[dict]]:
        readers = [asyncio.create_task(reader()) for _ in range(count)]
        await asyncio.sleep(0)  # each reader has taken what was stored and waits on the tail
        assert c.api.parts.tails.following() == [("cup", "public")]
        await asyncio.to_thread(c.submit, "team1", "sum", CORRECT, 6)
        got = await asyncio.wait_for(asyncio.gather(*readers), 60)
        assert c.api.parts.tails.following() == []
        return got

    got = asyncio.run(read(200))
    with c.api.database.session() as session:
        stored, _ = events_after(session, "cup", "public", first[-1].token)
    for lines in got:
        assert [e["token"] for e in lines] == [e.token for e in stored[:len(lines)]]
    assert {e["type"] for e in got[0]} >= {"submissions", "judgements"}


def test_basic_auth_filters_and_errors(contestants):
    c = contestants
    c.submit("team1", "sum", CORRECT, 10)
    wrong_one = c.submit("team2", "sum", WRONG, 20)
    c.submit("team2", "other", CORRECT, 30)

    # A rejudge is a new judgement of the submission, after the old one, which stays.
    assert c.api.post(f"/api/submissions/{wrong_one}/rejudge", "admin").status_code == 202
    c.judge(int(wrong_one), 20, attempt=2)
    judged = c.json(f"/api/contests/cup/judgements?submission_id={wrong_one}", "jury")
    assert [(j["id"], j["judgement_type_id"]) for j in judged] == [
        (f"{wrong_one}-1", "WA"), (f"{wrong_one}-2", "WA")]
    events = feed(c, "jury")
    assert not [e for e in events if e["data"] is None]
    assert replay(events)["judgements"] == {j["id"]: j for j in c.json(
        "/api/contests/cup/judgements", "jury")}
    assert c.get("/api/contests/cup/state", "team1").status_code == 200
    wrong = c.api.client.get("/api/contests/cup/state", auth=("team1", "nope"))
    assert wrong.status_code == 401
    assert wrong.headers["www-authenticate"].startswith("Basic")
    assert c.api.client.get("/api/contests/cup/state", auth=("nobody", "x")).status_code == 401
    # A token works as well as the password.
    tokens = c.api.client.get("/api/contests/cup/accounts", headers=c.api.headers("admin"))
    assert {a["id"] for a in tokens.json()} == {"team1", "team2", "team3", "jury"}

    mine = c.json("/api/contests/cup/submissions?team_id=t2&problem_id=sum", "jury")
    assert [(s["team_id"], s["problem_id"]) for s in mine] == [("t2", "sum")]
    assert len(c.json("/api/contests/cup/submissions?team_id=t2", "jury")) == 2
    assert c.json("/api/contests/cup/teams?group_ids=students") and all(
        "students" in t["group_ids"] for t in c.json("/api/contests/cup/teams?group_ids=students"))
    assert c.json("/api/contests/cup/submissions?team_id=t9") == []
    assert c.get("/api/contests/cup/submissions?name=x").status_code == 400
    assert c.get("/api/contests/cup/submissions?time=x").status_code == 400
    assert c.get("/api/contests/cup/event-feed?since_token=nonsense").status_code == 400
    assert c.get("/api/contests/nope").status_code == 404
    assert c.get("/api/contests/nope/teams").status_code == 404
    assert c.get("/api/contests/cup/teams/t9").status_code == 404
    assert c.get("/api/contests/cup/clarifications").json() == []  # the jury's to all only
    assert c.get("/api/contests/cup/runs").status_code == 404  # not the public's
    assert c.get("/api/contests/cup/accounts").status_code == 404

    # A team submits only for itself; an admin on behalf of a team; files as a base64 zip.
    files = io.BytesIO()
    with zipfile.ZipFile(files, "w") as archive:
        archive.writestr("sol.py", CORRECT)
    body = {"problem_id": "other", "language_id": "python3", "team_id": "t1",
            "files": [{"data": base64.b64encode(files.getvalue()).decode()}]}
    url = "/api/contests/cup/submissions"
    assert c.api.client.post(url, json=body, auth=("team2", PASSWORDS["team2"])).status_code \
        == 403
    made = c.api.client.post(url, json=body, auth=("jury", PASSWORDS["jury"]))
    assert made.status_code == 201, made.text
    assert made.json()["team_id"] == "t1" and made.json()["problem_id"] == "other"
    zipped = c.get(f"/api/contests/cup/submissions/{made.json()['id']}/files", "team1")
    assert zipfile.ZipFile(io.BytesIO(zipped.content)).read("sol.py").decode() == CORRECT
    assert c.get(f"/api/contests/cup/submissions/{made.json()['id']}/files",
                 "team2").status_code == 404
    bad = dict(body, files=[{"data": "not base64!"}])
    assert c.api.client.post(url, json=bad, auth=("jury", PASSWORDS["jury"])).status_code == 400
    c.clock.now = START - timedelta(minutes=5)
    early = c.api.client.post(url, json=dict(body, team_id=None),
                              auth=("team1", PASSWORDS["team1"]))
    assert early.status_code == 409  # the window's rules, as for the service's own submissions
    with c.api.database.session() as session:
        assert session.scalar(select(Submission.team_id).where(
            Submission.id == int(made.json()["id"]))) == "t1"


def test_a_package_imported_again_keeps_or_replaces_each_password(contestants):
    c = contestants
    with c.api.database.session() as session:
        stored = dict(session.execute(select(ContestAccount.username,
                                             ContestAccount.password_hash)).all())
    assert all(h.startswith("scrypt$") and PASSWORDS[name] not in h
               for name, h in stored.items())
    changed = replace(CUP, accounts=tuple(
        replace(a, password="new-one") if a.username == "team1" else a for a in CUP.accounts))
    with c.api.database.writing() as session:
        import_contest(session, changed)
    with c.api.database.session() as session:
        again = dict(session.execute(select(ContestAccount.username,
                                            ContestAccount.password_hash)).all())
    assert again["team2"] == stored["team2"] and again["team1"] != stored["team1"]
    c.api.parts.users.forget()
    state = "/api/contests/cup/state"
    assert c.api.client.get(state, auth=("team1", "new-one")).status_code == 200
    assert c.api.client.get(state, auth=("team1", PASSWORDS["team1"])).status_code == 401
