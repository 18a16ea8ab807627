"""The event feed kept up to date change by change (judge.service.clics_live), on SQLite and on
a real PostgreSQL: after each real change of a contest (a submission made, judged with its
runs, a rejudge, an attempt cut short, clarifications, the freeze, the end, the thaw), the
logs the service stores for the jury, the public and a team hold exactly the events a whole
rebuild of the contest gives (its record read whole, every view's objects compared), and the
changes of a few submissions were recorded without reading or comparing the whole contest,
but once after a restart."""

from __future__ import annotations

import base64
import io
import zipfile
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import select

from judge.contest.clics_feed import FeedLog
from judge.contest.clics_snapshot import snapshot
from judge.contest.model import (
    Account,
    AccountType,
    Contest,
    ContestProblem,
    Group,
    Team,
)
from judge.service.auth import add_user
from judge.service.clarifications import answer, ask
from judge.service.clics_record import contest_record
from judge.service.contest_feed import (
    events_from,
    served,
    token_prefix,
    update_feed,
    view_position,
)
from judge.service.contest_jury import finalize, thaw
from judge.service.contests import ContestEntry, aware, store_contest
from judge.service.db import Database
from judge.service.feed_logs import FeedLogs
from judge.service.models import Contest as ContestRow
from judge.service.models import Priority, Role, Status, Submission, TeamMember, User
from judge.service.problems import ProblemCatalog
from judge.service.store import Job, create_submission, finish, record_progress, requeue
from tests.conftest import write_project
from tests.service import test_clics_api
from tests.service.conftest import judging_for
from tests.service.test_clics_api import CORRECT, PASSWORDS, WRONG, endpoints, feed

START = datetime(2026, 12, 5, 9, 0)  # naive UTC, as stored; the freeze at 13:00, the end 14:00
CUP = Contest(
    id="cup",
    name="Cup",
    start_time=START.replace(tzinfo=timezone.utc),
    duration=timedelta(hours=5),
    scoreboard_freeze_duration=timedelta(hours=1),
    penalty_time=20,
    problems=(ContestProblem("sum", "A", 0), ContestProblem("flow", "B", 1)),
    groups=(Group("uni", "University"), Group("staff", "Staff", hidden=True)),
    teams=(Team("t1", "Alpha", group_ids=("uni",)), Team("t2", "Beta", group_ids=("uni",)),
           Team("t3", "Gamma"), Team("t4", "Jury's own", group_ids=("staff",))),
    accounts=(Account("team1", "team1", AccountType.TEAM, "t1"),),
)
VIEWS = {"jury": (AccountType.ADMIN, None), "public": (None, None),
         "team:t1": (AccountType.TEAM, "t1")}
contestants = test_clics_api.contestants  # the judged contest, its clock and its requests
CASES = [{"name": name, "verdict": "AC", "wall_ms": 40, "time_ms": 12}
         for name in ("sample-1", "hand-01-negative", "hand-02-large")]


@pytest.fixture
def database(db_url):
    database = Database(db_url)
    database.migrate()
    with database.writing() as session:
        add_user(session, "alice", Role.CONTESTANT)
        add_user(session, "judy", Role.ADMIN)
        store_contest(session, CUP)
        session.flush()
        alice = session.scalar(select(User).where(User.name == "alice"))
        session.add(TeamMember(contest_id="cup", user_id=alice.id, team_id="t1"))
    try:
        yield database
    finally:
        database.close()


class Feeds:
    """The service's logs, brought up to date by the changed submissions alone as its feed
    thread does, next to a reference log per view made by whole rebuilds."""

    def __init__(self, database: Database, root) -> None:
        self.database = database
        catalog = ProblemCatalog()
        self.problem = lambda problem_id: catalog.load(root, problem_id)
        self.logs = FeedLogs()
        self.reference = {view: FeedLog() for view in VIEWS}

    def update(self, now: datetime, changed) -> None:
        """As FeedUpdates does after the change (`changed`: its submissions; None: any)."""
        update_feed(self.database, "cup", self.problem, now, logs=self.logs, changed=changed)
        # The team's log, as its reader brings it up to date from the record read just now.
        update_feed(self.database, "cup", self.problem, now, ("team:t1",), logs=self.logs,
                    changed=())
        with self.database.session() as session:
            record = contest_record(session, "cup", self.problem)
            stored = {view: events_from(session, "cup", view, 0)[0] for view in VIEWS}
        assert self.logs.record("cup").record() == record
        for view, (viewer, team_id) in VIEWS.items():
            self.reference[view].record(served(snapshot(record, viewer, aware(now), team_id)))
            assert _events(stored[view]) == _events(self.reference[view].events), view

    def counts(self) -> tuple[int, int]:
        return self.logs.whole_reads, self.logs.whole_views


def kept_objects(database, logs: FeedLogs, view: str):
    """The view's objects as the logs keep them in memory."""
    with database.session() as session:
        row = session.get(ContestRow, "cup")
        return logs.objects(("cup", view, token_prefix(row)), view_position(session, "cup", view))


def _events(events) -> list[tuple]:
    return [(event.type, event.id, event.data) for event in events]


def submit(database, team, problem, minutes, practice=False) -> int:
    with database.writing() as session:
        user = session.scalar(select(User).where(User.name == "alice"))
        entry = ContestEntry("cup", team, practice, Priority.CONTEST)
        row = create_submission(session, user, problem, "python", "a.py", b"", contest=entry,
                                now=START + timedelta(minutes=minutes))
        return row.id


def start(database, submission_id, runs=0) -> None:
    """A worker takes it and reports its first `runs` tests."""
    with database.writing() as session:
        row = session.get(Submission, submission_id)
        row.status, row.started_at, row.worker = Status.JUDGING, row.submitted_at, "w1"
        attempt = row.attempt
    with database.writing() as session:
        assert record_progress(session, Job(submission_id, attempt),
                               list(enumerate(CASES[:runs], 1)), 60)


def judge(database, submission_id, verdict) -> None:
    start(database, submission_id)
    with database.writing() as session:
        attempt = session.get(Submission, submission_id).attempt
        tests = [dict(case, verdict=verdict) for case in CASES]
        finish(session, Job(submission_id, attempt),
               {"verdict": verdict, "tests": tests, "max_time_ms": 12}, verdict)


def again(database, submission_id) -> None:
    """A rejudge, or a dead worker's attempt sent again: the old judgement stays."""
    with database.writing() as session:
        requeue(session, session.get(Submission, submission_id), priority=Priority.REJUDGE)


def test_the_logs_kept_by_changes_equal_the_whole_rebuild(database, tmp_path):
    feeds = Feeds(database, write_project(tmp_path / "project"))
    now = START + timedelta(minutes=5)
    feeds.update(now, None)  # the logs begin: everything read and compared

    before = feeds.counts()
    first = submit(database, "t1", "sum", 10)
    feeds.update(now := START + timedelta(minutes=11), {first})
    start(database, first, runs=2)  # judging: a judgement without verdict, and its runs
    feeds.update(now, {first})
    with database.writing() as session:
        assert record_progress(session, Job(first, 1), [(3, CASES[2])], 60)
    feeds.update(now, {first})
    judge(database, first, "WA")
    feeds.update(now, {first})
    several = [submit(database, team, problem, minutes)
               for team, problem, minutes in (("t2", "flow", 20), ("t4", "sum", 21),
                                              ("t3", "sum", 22))]
    for submission_id, verdict in zip(several, ("AC", "AC", "TLE"), strict=True):
        judge(database, submission_id, verdict)
    feeds.update(now := START + timedelta(minutes=30), set(several))  # several at once
    second = submit(database, "t1", "sum", 35)
    judge(database, second, "AC")
    feeds.update(now := START + timedelta(minutes=36), {second})
    again(database, first)  # a rejudge: a new judgement after the old one
    feeds.update(now, {first})
    judge(database, first, "AC")
    feeds.update(now, {first})
    start(database, several[2], runs=1)
    again(database, several[2])  # its attempt cut short, kept as a JE
    feeds.update(now, {several[2]})
    with database.writing() as session:
        alice = session.scalar(select(User).where(User.name == "alice"))
        judy = session.scalar(select(User).where(User.name == "judy"))
        question = ask(session, "cup", alice, "Is 0 a number?", "sum",
                       now=START + timedelta(minutes=40))
        session.flush()
        answer(session, "cup", judy, "Yes.", reply_to=question.id,
               now=START + timedelta(minutes=41))
    feeds.update(now := START + timedelta(minutes=42), ())
    practice = submit(database, "t2", "sum", 43, practice=True)  # not the contest's
    judge(database, practice, "AC")
    feeds.update(now, {practice})
    assert feeds.counts() == before  # nothing read whole, no view made whole

    feeds.update(now := START + timedelta(hours=4, minutes=1), ())  # frozen: made whole
    frozen = feeds.counts()
    late = [submit(database, "t1", "sum", 250), submit(database, "t2", "sum", 251)]
    for submission_id in late:
        judge(database, submission_id, "AC")  # the public sees neither; t1 its own
    feeds.update(now := START + timedelta(hours=4, minutes=12), set(late))
    again(database, late[1])
    judge(database, late[1], "WA")
    feeds.update(now, {late[1]})
    assert feeds.counts() == frozen

    feeds.update(now := START + timedelta(hours=5, minutes=1), ())  # the end
    with database.writing() as session:
        thaw(session, "cup", now)
    feeds.update(now, None)  # the jury thawed the board: everything read again
    thawed = feeds.counts()
    again(database, several[0])
    judge(database, several[0], "WA")  # a rejudge after the thaw: the winner changes
    feeds.update(now := START + timedelta(hours=5, minutes=10), {several[0]})
    assert feeds.counts() == thawed

    feeds.logs = FeedLogs()  # a restart: the logs are read back from their stored events
    fourth = submit(database, "t3", "flow", 299)
    judge(database, fourth, "AC")
    feeds.update(now, {fourth})
    assert feeds.counts() == (1, 3)  # read whole once, each view made whole from it
    again(database, fourth)
    feeds.update(now, {fourth})
    assert feeds.counts() == (1, 3)
    for pending in (several[2], fourth):  # the last ones pending
        judge(database, pending, "TLE")
    feeds.update(now, {several[2], fourth})
    with database.writing() as session:
        finalize(session, "cup", now)
    feeds.update(now := now + timedelta(minutes=1), None)  # the updates end
    assert feeds.reference["jury"].events[-1].data["end_of_updates"]
    ended = feeds.counts()
    for _ in range(2):
        feeds.update(now, {several[2]})  # nothing more is sent, nothing read whole for it
    assert feeds.counts() == ended
    public = feeds.reference["public"].objects
    assert public["judgements"][f"{late[0]}-1"]["judgement_type_id"] == "AC"
    # The team's log holds the public's objects themselves where they are the same, not copies.
    kept = {view: kept_objects(database, feeds.logs, view) for view in ("public", "team:t1")}
    for kind in ("teams", "submissions", "judgements", "awards"):
        assert all(kept["team:t1"][kind][key] is obj for key, obj in kept["public"][kind].items())
    assert all(sub["team_id"] != "t4" for sub in public["submissions"].values())
    assert "runs" in feeds.reference["jury"].objects and "runs" not in public


def test_the_service_is_told_each_change_and_reads_nothing_whole(contestants):
    """Through the API, as a contest runs: submissions made over the Contest API and judged by
    a worker over HTTP (claim, tests, result), a rejudge, a clarification. The service's feed
    thread is told the submissions of each change and reads nothing whole after the readers'
    first look; every view's endpoints, served from its log, then equal a whole rebuild."""
    c = contestants
    c.clock.now = START + timedelta(minutes=5)
    views = {None: (None, None), "jury": (AccountType.ADMIN, None),
             "team1": (AccountType.TEAM, "t1")}
    for who in views:
        feed(c, who)  # the logs begin: the contest read whole
    logs = c.api.parts.feeds.logs
    read = logs.whole_reads

    made = []
    for who, source, minutes in (("team1", WRONG, 10), ("team2", CORRECT, 20),
                                 ("team1", CORRECT, 30)):
        c.clock.now = START + timedelta(minutes=minutes)
        made.append(submitted(c, who, source))
        with judging_for(c.api, c.cache, c.folder) as job:
            job(Job(made[-1], 1))
    assert c.api.post(f"/api/submissions/{made[1]}/rejudge", "admin").status_code == 202
    with judging_for(c.api, c.cache, c.folder) as job:
        job(Job(made[1], 2))
    sent = c.api.post("/api/clarifications", "admin",
                      json={"contest": "cup", "text": "Mind the sign.", "to": "all"})
    assert sent.status_code == 201, sent.text
    assert c.api.parts.feeds.settle("cup", 60)

    with c.api.database.session() as session:
        record = contest_record(session, "cup", c.api.parts.load_problem)
    for who, (viewer, team_id) in views.items():
        whole = served(snapshot(record, viewer, aware(c.clock.now), team_id))
        assert endpoints(c, who) == {kind: dict(objects) for kind, objects in whole.items()}
    jury = endpoints(c, "jury")
    assert {j["id"] for j in jury["judgements"].values()} >= {f"{made[1]}-1", f"{made[1]}-2"}
    assert len(jury["runs"]) >= 9 and len(jury["clarifications"]) == 1
    assert logs.whole_reads == read


def submitted(c, who: str, source: str) -> int:
    """A submission over the CLICS API, as team account `who`, not judged yet."""
    files = io.BytesIO()
    with zipfile.ZipFile(files, "w") as archive:
        archive.writestr("solution.py", source)
    body = {"problem_id": "sum", "language_id": "python3", "entry_point": "solution.py",
            "files": [{"data": base64.b64encode(files.getvalue()).decode()}]}
    response = c.api.client.post("/api/contests/cup/submissions", json=body,
                                 auth=(who, PASSWORDS[who]))
    assert response.status_code == 201, response.text
    return int(response.json()["id"])
