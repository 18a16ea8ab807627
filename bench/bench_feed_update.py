"""What one change costs the CLICS event feed's update: the server CPU of `update_feed` after
one submission's result changes, on a 500-team contest of 5,000 judged submissions (SQLite).

The feed's shared logs are built once and kept (as the service keeps them); then, CHANGES
times, one submission's verdict is changed in the database and the shared logs brought up to
date, told which submission changed as the service's change notifications tell its feed
thread, each update timed in CPU seconds of this process (time.process_time), which the
machine's load moves much less than wall time. This is the cost every judged submission puts
on the service's feed thread: the feed lags a busy contest by it.

Measured here (2 cores shared with other work): the whole contest read and compared after each
change cost a median of 0.93 s; reading the changed submission alone and comparing its objects
(judge.service.clics_live), about 0.02 s. The first build reads everything, as before.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from sqlalchemy import insert, select, update

from bench.bench_contest_feed import SUBMISSIONS, TEAMS, begun_contest, judged_rows
from bench.common import ROOT, print_header
from judge.service.contest_feed import update_feed
from judge.service.contests import store_contest
from judge.service.db import Database
from judge.service.feed_logs import FeedLogs
from judge.service.models import Role, Submission, User, utcnow
from judge.service.problems import ProblemCatalog

CHANGES = int(os.environ.get("JUDGE_BENCH_FEED_CHANGES", "10"))
TARGET_SECONDS = 0.1  # CPU per change: a busy contest's feed lags by a fraction of a second


def main() -> bool:
    print_header(f"contest event feed: CPU of one update after one judged submission, "
                 f"{TEAMS} teams, {SUBMISSIONS} judged submissions, SQLite")
    with tempfile.TemporaryDirectory(prefix="judge-bench-feedupdate-") as folder:
        database = Database(f"sqlite:///{Path(folder) / 'judge.db'}")
        database.migrate()
        contest_id = fill(database)
        catalog = ProblemCatalog()

        def problem(problem_id: str):
            return catalog.load(ROOT, problem_id)

        logs = FeedLogs()
        began = time.process_time()
        first = update_feed(database, contest_id, problem, utcnow(), logs=logs)
        print(f"first build: {time.process_time() - began:.2f} s CPU, {first} events")
        with database.session() as session:
            ids = list(session.scalars(select(Submission.id).where(
                Submission.contest_id == contest_id).order_by(Submission.id)))
        costs, added = [], []
        whole = logs.whole_reads, logs.whole_views
        for number in range(CHANGES):
            changed = ids[number * 97]
            with database.writing() as session:
                session.execute(update(Submission).where(Submission.id == changed)
                                .values(verdict="TLE", result={"verdict": "TLE", "tests": []}))
            began = time.process_time()
            added.append(update_feed(database, contest_id, problem, utcnow(), logs=logs,
                                     changed={changed}))
            costs.append(time.process_time() - began)
        print(f"per change: median {statistics.median(costs):.3f} s CPU "
              f"(min {min(costs):.3f}, max {max(costs):.3f}) over {CHANGES} changes; "
              f"events added per change: {sorted(set(added))}; contest read whole "
              f"{logs.whole_reads - whole[0]} times, views made whole "
              f"{logs.whole_views - whole[1]} times")
        database.close()
    met = statistics.median(costs) <= TARGET_SECONDS and logs.whole_reads == whole[0]
    print(f"target: median <= {TARGET_SECONDS} s CPU, nothing read whole: "
          f"{'met' if met else 'MISSED'}")
    return met


def fill(database: Database) -> str:
    """bench_contest_feed's contest, begun two hours ago, its submissions judged."""
    contest, made = begun_contest()
    with database.writing() as session:
        store_contest(session, contest)
        user = User(name="team", role=Role.CONTESTANT, token_hash="0" * 64, created_at=utcnow())
        session.add(user)
        session.flush()
        session.execute(insert(Submission), judged_rows(contest, made, user.id))
    return contest.id


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)
