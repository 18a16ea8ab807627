"""A contest's live board on the web, on PostgreSQL: how fast a verdict reaches the public
board, and what 200 viewers polling it cost.

The generated contest of bench_scoreboard (fixed seed: 500 teams, 12 problems, 20,000
submissions over five hours, a one-hour freeze) stored in a real PostgreSQL, served by a real
`judge serve` with a Redis broker (so it judges nothing itself: this process plays the judging
side, storing results with the service's own store.finish and publishing each change through
Redis, as another server process receiving a worker's result does).

(a) A new verdict reaching the public board: a submission of a team is stored (queued), then
    judged; timed from the commit of its result to the first board.json served that shows it,
    asked for every POLL_SECONDS by a client (the page itself asks every 0.8 s, which adds its
    own wait). Target: p95 < 1 s.
(b) VIEWERS clients polling board.json as the page does (every 0.8 s, with the ETag of the
    board they hold: 304 until it changes) for VIEWERS_SECONDS while a verdict arrives every
    two seconds, so that each viewer downloads each new board once. Target: p95 < 200 ms. Also
    the server's CPU share meanwhile, and with the viewers only (no verdicts).
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import threading
import time
from datetime import timedelta
from pathlib import Path

import httpx
from sqlalchemy import insert, select

from bench.common import ROOT, bench_cache, print_header
from judge.contest.model import View
from judge.service.auth import add_user
from judge.service.changes import ChangeHub, change_of
from judge.service.contest_board import contest_board
from judge.service.contests import ContestEntry, store_contest
from judge.service.db import Database
from judge.service.models import Priority, Role, Status, Submission, User
from judge.service.store import Job, create_submission, finish
from tests.contest.generated import generated_contest
from tests.service.processes import JudgeServer, PostgresServer, RedisServer

TEAMS, SUBMISSIONS = 500, 20_000
VERDICTS = int(os.environ.get("JUDGE_BENCH_BOARD_VERDICTS", "40"))
VIEWERS = int(os.environ.get("JUDGE_BENCH_BOARD_VIEWERS", "200"))
VIEWERS_SECONDS = float(os.environ.get("JUDGE_BENCH_BOARD_SECONDS", "30"))
PAGE_POLL_SECONDS = 0.8  # as static/js/scoreboard.js asks
POLL_SECONDS = 0.02  # the timing client of (a)
VERDICT_TARGET, VIEWER_TARGET = 1.0, 0.2
BOARD = "/contests/bench/board.json"


def main() -> bool:
    print_header(f"contest board on the web: {TEAMS} teams x 12 problems x {SUBMISSIONS} "
                 "submissions in PostgreSQL, `judge serve` + Redis")
    with tempfile.TemporaryDirectory(prefix="judge-bench-board-") as folder:
        return run(Path(folder))


def run(folder: Path) -> bool:
    postgres, redis = PostgresServer(), RedisServer(folder / "redis")
    server = None
    try:
        postgres.start()
        redis.start()
        db_url = postgres.fresh_database("board")
        database = Database(db_url)
        database.migrate()
        contest = fill(database)
        env = dict(os.environ, JUDGE_CACHE_DIR=str(bench_cache().root))
        server = JudgeServer(ROOT, db_url, env, folder / "serve.log", "--broker", redis.url)
        server.start()
        hub = ChangeHub(redis.url)
        judged = Judged(database, hub, contest)
        try:
            with httpx.Client(base_url=server.url, timeout=30) as http:
                first = time.perf_counter()
                response = http.get(BOARD)
                assert response.status_code == 200
                print(f"first board served (made from the database): "
                      f"{(time.perf_counter() - first) * 1000:.0f} ms; {len(response.content)} "
                      f"bytes of JSON, {response.num_bytes_downloaded} gzipped")
                reach = verdicts_reaching(http, judged)
            viewers = asyncio.run(polling(server, judged))
        finally:
            hub.close()
            database.close()
        return report(reach, viewers)
    finally:
        if server is not None:
            server.stop()
        redis.stop()
        postgres.stop()


def fill(database: Database):
    """The generated contest and its submissions, stored (the not-yet-judged ones queued)."""
    contest, submissions = generated_contest(random.Random(25), TEAMS, SUBMISSIONS)
    with database.writing() as session:
        add_user(session, "bench", Role.CONTESTANT)
        store_contest(session, contest)
        user_id = session.scalar(select(User.id).where(User.name == "bench"))
        rows = []
        for made in submissions:
            at = made.submitted_at.replace(tzinfo=None)
            done = made.verdict is not None
            rows.append({
                "user_id": user_id, "problem": made.problem_id, "language": "python",
                "filename": "a.py", "source": b"", "attempt": 1,
                "status": Status.DONE if done else Status.QUEUED,
                "verdict": made.verdict.value if done else None,
                "result": {"verdict": made.verdict.value} if done else None,
                "submitted_at": at, "queued_at": at, "finished_at": at if done else None,
                "priority": int(Priority.CONTEST), "contest_id": contest.id,
                "team_id": made.team_id, "practice": False,
            })
        session.execute(insert(Submission), rows)
    with database.session() as session:
        board = contest_board(session, contest.id, View.PUBLIC)
    assert board is not None and len(board.standings.rows) == TEAMS
    return contest


class Judged:
    """This process as the judging side: submissions stored and judged, each change published
    through Redis once its transaction is committed."""

    def __init__(self, database: Database, hub: ChangeHub, contest) -> None:
        self.database, self.hub, self.contest = database, hub, contest
        self.rng = random.Random(7)
        self.lock = threading.Lock()

    def submit(self, board: dict | None = None) -> tuple[int, str, int]:
        """A new submission of a team, just before the freeze (so the public board shows its
        verdict), still queued: (id, team, problem's index). Given the board, of a problem the
        team has not solved on it (a try after the solve would change nothing)."""
        while True:
            team = f"t{self.rng.randrange(TEAMS)}"
            index = self.rng.randrange(len(self.contest.problems))
            if board is None or not cell_of(board, team, index)["solved"]:
                break
        problem = self.contest.problems[index].id
        at = self.contest.freeze_time.replace(tzinfo=None) - timedelta(minutes=1)
        with self.lock, self.database.writing() as session:
            user = session.scalar(select(User).where(User.name == "bench"))
            row = create_submission(session, user, problem, "python", "a.py", b"",
                                    contest=ContestEntry("bench", team, False, Priority.CONTEST),
                                    now=at)
            session.flush()
            change = change_of(row)
            submission_id = row.id
        self.hub.publish(change)
        return submission_id, team, index

    def judge(self, submission_id: int) -> float:
        """Judged WA (a try more on the board): the moment its result was committed."""
        with self.lock, self.database.writing() as session:
            row = session.get(Submission, submission_id)
            row.status = Status.JUDGING
            session.flush()
            finish(session, Job(row.id, row.attempt), {"verdict": "WA", "groups": []}, "WA")
            change = change_of(row)
        stored = time.perf_counter()
        self.hub.publish(change)
        return stored


def cell_of(document: dict, team: str, index: int) -> dict:
    row = next(r for r in document["rows"] if r["team_id"] == team)
    return row["cells"][index]


def cell(document: dict, team: str, index: int) -> tuple[int, int]:
    found = cell_of(document, team, index)
    return found["tries"], found["pending"]


def wait_for(http: httpx.Client, wanted) -> tuple[float, dict]:
    """Poll board.json (with its ETag) until `wanted(document)`; when it was first served so."""
    etag, document = "", None
    deadline = time.perf_counter() + 30
    while time.perf_counter() < deadline:
        response = http.get(BOARD, headers={"If-None-Match": etag} if etag else {})
        if response.status_code == 200:
            etag, document = response.headers["etag"], response.json()
            if wanted(document):
                return time.perf_counter(), document
        time.sleep(POLL_SECONDS)
    raise AssertionError("the board did not show the change within 30 s")


def verdicts_reaching(http: httpx.Client, judged: Judged) -> list[float]:
    times = []
    for _ in range(VERDICTS):
        before = http.get(BOARD).json()
        submission_id, team, index = judged.submit(before)
        tries, pending = cell(before, team, index)
        queued, done = (tries, pending + 1), (tries + 1, pending)
        wait_for(http, lambda doc, t=team, i=index, want=queued: cell(doc, t, i) == want)
        stored = judged.judge(submission_id)
        shown, _ = wait_for(http, lambda doc, t=team, i=index, want=done: cell(doc, t, i) == want)
        times.append(shown - stored)
    return times


class Viewer:
    """One page polling board.json on its own keep-alive connection, as a browser does. A
    plain HTTP/1.1 client (httpx costs the client more than the 304s cost the server, and
    both share this machine), taking the board gzipped as browsers do."""

    def __init__(self, url: str) -> None:
        parsed = httpx.URL(url)
        self.host, self.port = parsed.host, parsed.port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.etag = ""

    async def poll(self) -> int:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        match = f"If-None-Match: {self.etag}\r\n" if self.etag else ""
        self.writer.write((f"GET {BOARD} HTTP/1.1\r\nHost: {self.host}\r\n"
                           f"Accept-Encoding: gzip\r\n{match}\r\n").encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
        headers = {name.lower(): value for name, value in headers.items()}
        length = int(headers.get("content-length", "0"))
        if length:
            await self.reader.readexactly(length)
        if status == 200:
            self.etag = headers["etag"]
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def polling(server: JudgeServer, judged: Judged) -> dict:
    ticks = os.sysconf("SC_CLK_TCK")

    def cpu() -> float:
        fields = Path(f"/proc/{server.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / ticks

    latencies: list[float] = []
    statuses: dict[int, int] = {}
    errors = 0
    stop = asyncio.Event()
    verdicts_on = asyncio.Event()

    async def viewer(number: int) -> None:
        nonlocal errors
        page = Viewer(server.url)
        await asyncio.sleep(PAGE_POLL_SECONDS * number / VIEWERS)  # spread, as pages are
        while not stop.is_set():
            started = time.perf_counter()
            try:
                status = await page.poll()
                statuses[status] = statuses.get(status, 0) + 1
                latencies.append(time.perf_counter() - started)
            except (OSError, asyncio.IncompleteReadError, ValueError):
                errors += 1
                page.close()
            await asyncio.sleep(PAGE_POLL_SECONDS)
        page.close()

    lags: list[float] = []

    async def lag() -> None:
        """This client's own delay (the machine is shared): how late a 50 ms sleep wakes."""
        while not stop.is_set():
            started = time.perf_counter()
            await asyncio.sleep(0.05)
            lags.append(time.perf_counter() - started - 0.05)

    async def verdicts() -> None:
        await verdicts_on.wait()
        while not stop.is_set():
            submission_id, _, _ = await asyncio.to_thread(judged.submit)
            await asyncio.sleep(1.0)
            await asyncio.to_thread(judged.judge, submission_id)
            await asyncio.sleep(1.0)

    tasks = [asyncio.create_task(viewer(n)) for n in range(VIEWERS)]
    feeder = asyncio.create_task(verdicts())
    lagging = asyncio.create_task(lag())
    await asyncio.sleep(3.0)  # every viewer holds the board
    quiet = min(10.0, VIEWERS_SECONDS / 3)
    latencies.clear()
    before = cpu()
    await asyncio.sleep(quiet)
    idle_cpu = (cpu() - before) / quiet
    idle_latencies, idle_lags = list(latencies), list(lags)
    latencies.clear()
    lags.clear()
    statuses.clear()
    verdicts_on.set()
    before = cpu()
    await asyncio.sleep(VIEWERS_SECONDS)
    busy_cpu = (cpu() - before) / VIEWERS_SECONDS
    stop.set()
    await asyncio.gather(*tasks, feeder, lagging, return_exceptions=True)
    return {"idle": idle_latencies, "busy": latencies, "idle_cpu": idle_cpu,
            "idle_lag": idle_lags, "busy_lag": lags, "load": os.getloadavg()[0],
            "busy_cpu": busy_cpu, "statuses": statuses, "errors": errors}


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def report(reach: list[float], viewers: dict) -> bool:
    ms = 1000
    print(f"(a) verdict stored -> public board.json shows it ({len(reach)} verdicts, polled "
          f"every {POLL_SECONDS * ms:.0f} ms): p50 {p(reach, .5) * ms:.0f} ms, "
          f"p95 {p(reach, .95) * ms:.0f} ms, max {max(reach) * ms:.0f} ms "
          f"(target p95 < {VERDICT_TARGET * ms:.0f} ms)")
    idle, busy = viewers["idle"], viewers["busy"]
    print(f"(b) {VIEWERS} viewers polling every {PAGE_POLL_SECONDS} s with the ETag:")
    print(f"    no verdicts: {len(idle)} polls, p50 {p(idle, .5) * ms:.1f} ms, "
          f"p95 {p(idle, .95) * ms:.1f} ms; server CPU {viewers['idle_cpu']:.2f} cores; "
          f"this client's own lag p95 {p(viewers['idle_lag'], .95) * ms:.0f} ms")
    counts = viewers["statuses"]
    print(f"    a verdict every 2 s: {len(busy)} polls ({counts.get(200, 0)} boards sent, "
          f"{counts.get(304, 0)} not modified, {viewers['errors']} errors), "
          f"p50 {p(busy, .5) * ms:.1f} ms, p95 {p(busy, .95) * ms:.1f} ms, "
          f"max {max(busy, default=0) * ms:.0f} ms; server CPU {viewers['busy_cpu']:.2f} cores; "
          f"this client's own lag p95 {p(viewers['busy_lag'], .95) * ms:.0f} ms "
          f"(target p95 < {VIEWER_TARGET * ms:.0f} ms)")
    print(f"    machine load average meanwhile: {viewers['load']:.1f} on {os.cpu_count()} cores")
    met = p(reach, .95) < VERDICT_TARGET and p(busy, .95) < VIEWER_TARGET and not viewers["errors"]
    print("targets met" if met else "TARGET NOT MET")
    return met


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(ROOT))
    main()
