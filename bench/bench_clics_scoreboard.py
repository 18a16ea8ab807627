"""The CLICS scoreboard endpoint on a 500-team contest of 5,000 judged submissions (SQLite, the
app in this process): what one GET /api/contests/{id}/scoreboard costs, for the public and for
the jury, when nothing changed since the last request and right after a verdict changed.

The same run also times the board made from scratch for each request (the contest's
submissions read and scored: contest_board, then the CLICS object), so that the endpoint's
figures compare with it as a ratio on the same (shared, loaded) machine.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from datetime import timezone
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import insert, select, update

from bench.bench_contest_feed import SUBMISSIONS, TEAMS, begun_contest, judged_rows
from bench.common import ROOT, bench_cache, print_header
from judge.contest.clics_board import scoreboard_object, state_object
from judge.contest.model import View
from judge.service.api import create_app
from judge.service.api.deps import Services
from judge.service.auth import add_user
from judge.service.changes import change_of
from judge.service.contest_board import contest_board
from judge.service.contests import contest_head, store_contest
from judge.service.db import Database
from judge.service.models import Contest as ContestRow
from judge.service.models import Role, Submission, User, utcnow
from judge.service.packages import PackageStore
from judge.service.queue import Sender, open_broker
from judge.service.settings import QueueSettings, ServiceSettings

REQUESTS = int(os.environ.get("JUDGE_BENCH_CLICS_BOARD_REQUESTS", "20"))
CHANGES = int(os.environ.get("JUDGE_BENCH_CLICS_BOARD_CHANGES", "10"))
URL = "/api/contests/{}/scoreboard"


def main() -> bool:
    print_header(f"CLICS scoreboard endpoint: {TEAMS} teams, {SUBMISSIONS} judged submissions, "
                 "SQLite, the app in this process")
    with tempfile.TemporaryDirectory(prefix="judge-bench-clicsboard-") as folder:
        db_url = f"sqlite:///{Path(folder) / 'judge.db'}"
        settings = ServiceSettings(root=ROOT, cache=bench_cache(), db_url=db_url,
                                   queue=QueueSettings(), rate_limit=100_000)
        database = Database(db_url)
        database.migrate()
        contest_id, admin = fill(database)
        broker = open_broker(None, settings.queue)
        parts = Services(settings, database, Sender(broker), PackageStore())
        client = TestClient(create_app(parts))
        try:
            measure(client, parts, contest_id, admin)
        finally:
            client.close()
            database.close()
    return True


def fill(database: Database) -> tuple[str, str]:
    contest, made = begun_contest()
    with database.writing() as session:
        store_contest(session, contest)
        admin = add_user(session, "admin", Role.ADMIN)
        session.flush()
        team = session.scalar(select(User).where(User.name == "admin"))
        session.execute(insert(Submission), judged_rows(contest, made, team.id))
    return contest.id, admin


def measure(client: TestClient, parts: Services, contest_id: str, admin: str) -> None:
    url = URL.format(contest_id)
    viewers = {"public": {}, "jury": {"Authorization": f"Bearer {admin}"}}
    for who, headers in viewers.items():
        first = timed(get, client, url, headers)
        print(f"{who}: first request {first * 1000:.0f} ms")
    with parts.database.session() as session:
        ids = list(session.scalars(select(Submission.id).where(
            Submission.contest_id == contest_id).order_by(Submission.id)))
    for who, headers in viewers.items():
        quiet = [timed(get, client, url, headers) for _ in range(REQUESTS)]
        changed = []
        for number in range(CHANGES):
            judge_again(parts, ids[number * 97], "TLE" if number % 2 else "AC")
            changed.append(timed(get, client, url, headers))
        scratch = [timed(from_scratch, parts, contest_id, who)
                   for _ in range(max(3, REQUESTS // 4))]
        print(f"{who}: unchanged {median_ms(quiet)}, after a verdict {median_ms(changed)}; "
              f"the board made from scratch {median_ms(scratch)} (ratio unchanged/scratch "
              f"{statistics.median(quiet) / statistics.median(scratch):.2f}, after a verdict "
              f"{statistics.median(changed) / statistics.median(scratch):.2f})")


def judge_again(parts: Services, submission_id: int, verdict: str) -> None:
    """A new verdict stored and its change published, as the service does for a result."""
    with parts.database.writing() as session:
        session.execute(update(Submission).where(Submission.id == submission_id).values(
            verdict=verdict, result={"verdict": verdict, "tests": []}))
        change = change_of(session.get(Submission, submission_id))
    parts.changes.publish(change)


def from_scratch(parts: Services, contest_id: str, who: str) -> dict:
    """The board made for one request, from the contest's submissions read and scored."""
    now = utcnow().replace(tzinfo=timezone.utc)
    with parts.database.session() as session:
        board = contest_board(session, contest_id, View.JURY if who == "jury" else View.PUBLIC)
        head = contest_head(session.get(ContestRow, contest_id))
    return scoreboard_object(board.contest, board.standings, time=now,
                             state=state_object(head, now))


def get(client: TestClient, url: str, headers: dict) -> None:
    response = client.get(url, headers=headers)
    assert response.status_code == 200, response.text


def timed(call, *args) -> float:
    began = time.perf_counter()
    call(*args)
    return time.perf_counter() - began


def median_ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:.0f} ms"


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)
