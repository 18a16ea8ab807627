"""Judging spread over worker processes on a real Redis, results in a real PostgreSQL: workers
killed, Redis and the server restarted, a burst; every submission ends done, exactly once, with
the verdict that `judge submit` gives here."""

from __future__ import annotations

import collections
import os
import subprocess

import pytest

from tests.service.processes import JUDGE
from tests.service.stack import Stack, local_verdicts, write_quick_project

# Short safety nets so that the tests see them work: a worker silent for 6 s loses its job.
QUEUE_FLAGS = ("--lease", "6", "--resend-after", "5")


@pytest.fixture
def cluster(tmp_path, service_env, isolation_flags, redis, postgres):
    root = write_quick_project(tmp_path / "project")
    db_url = postgres.fresh_database(f"cluster_{os.getpid()}_{tmp_path.name}".lower()[:60])
    stack = Stack(root, db_url, service_env, tmp_path / "logs", isolation_flags)
    stack.broker = redis.url
    try:
        yield stack
    finally:
        stack.stop()


def assert_judged_once(stack: Stack, submissions: list[dict], expected: dict[int, tuple]):
    for submission in submissions:
        assert submission["status"] == "done", (submission, stack.logs_text())
        verdicts = submission["verdict"], [t["verdict"] for t in submission["tests"]]
        assert verdicts == expected[submission["id"]], (submission, stack.logs_text()[-4000:])


def test_a_worker_killed_in_the_middle_of_judging(cluster):
    cluster.start_server(*QUEUE_FLAGS, broker=cluster.broker)
    refused = subprocess.run(
        [*JUDGE, "--root", str(cluster.root), "worker", "--broker", cluster.broker,
         "--server", cluster.server.url, "--token", "not-a-token", *cluster.flags],
        env=cluster.env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert refused.returncode == 2 and "401" in refused.stderr
    victim = cluster.start_worker()
    submission_id = cluster.submit("accepted/slow.py")
    judging = cluster.wait_status(submission_id, "judging", timeout=60)
    victim.kill()  # kill -9
    survivor = cluster.start_worker()
    done = cluster.wait_status(submission_id, "done", timeout=120)
    assert done["verdict"] == "AC" and len(done["tests"]) == 3
    assert done["attempt"] >= 2 and judging["attempt"] == 1
    assert survivor.process.poll() is None
    [only] = cluster.all_submissions()
    assert only["id"] == submission_id and only["status"] == "done"


def test_redis_and_server_restarts_lose_and_duplicate_nothing(cluster, redis):
    cluster.start_server(*QUEUE_FLAGS, broker=cluster.broker)
    cluster.start_worker()
    solutions = ["reference.py", "wrong_answer/wa.py", "runtime_error/re.py"] * 10
    ids = [cluster.submit(solution) for solution in solutions[:15]]
    redis.stop()  # and back empty: the messages it held are gone
    ids += [cluster.submit(solution) for solution in solutions[15:20]]  # stored, not sent
    redis.start()
    cluster.server.stop()  # restarted with submissions queued
    cluster.start_server()
    ids += [cluster.submit(solution) for solution in solutions[20:]]
    finished = cluster.wait_finished(len(solutions), timeout=180)
    assert [s["id"] for s in finished] == sorted(ids)  # none lost, none duplicated
    local = {s: local_verdicts(cluster.root, s) for s in set(solutions)}
    assert_judged_once(
        cluster, finished, dict(zip(ids, (local[s] for s in solutions), strict=True))
    )


@pytest.mark.slow
def test_a_burst_of_500_on_two_workers_matches_local_judging(cluster):
    cluster.start_server(broker=cluster.broker)
    cluster.start_worker()
    cluster.start_worker()
    mix = (
        ["reference.py"] * 8
        + ["accepted/ac.c"] * 2
        + ["wrong_answer/wa.py"] * 5
        + ["compile_error/ce.py"] * 2
        + ["runtime_error/re.py"] * 2
        + ["time_limit_exceeded/tle.py"]
    )  # 20: 5% time out (each costs 3 x 300 ms of CPU)
    solutions = (mix * 25)[:500]
    ids = [cluster.submit(solution) for solution in solutions]
    finished = cluster.wait_finished(len(ids), timeout=600)
    local = {s: local_verdicts(cluster.root, s) for s in set(solutions)}
    assert_judged_once(
        cluster, finished, dict(zip(ids, (local[s] for s in solutions), strict=True))
    )
    verdicts = collections.Counter(s["verdict"] for s in finished)
    assert set(verdicts) == {"AC", "WA", "CE", "RE", "TLE"}
