"""The CLICS event feed under its readers, on PostgreSQL: does following the feed slow judging?

A 500-team contest (the generated contest of bench_scoreboard: 12 problems, 5,000 judged
submissions of three tests each, stored with their judgements) plus the sightseeing problem,
served by a real `judge serve` on a Redis broker, judged by one `judge worker` (one judging
process), all on this machine. A team's member submits the sightseeing reference to the
contest over the service's API, a batch of BATCH at once; the batch is timed from its first
POST to its last result (throughput), and each submission from its claim to its stored result
(judging as the service sees it: the worker's run plus its posts of tests and result).

Each batch is judged twice in a round: once with READERS clients following the event feed
(streaming, from the last event, half the public's view and half the jury's, each on its own
connection, reading every line), once without; the order alternates from round to round, so
that a drift of the machine's load falls on both. Each batch is over once the feed shows its
last verdict (the service's updates of the feed are not carried into the next batch), and
every reader must have got every new judgement. The ratios of the wall times are printed with
their spread; on this machine, shared by other engineers' test runs (load 10 to 20 on two
cores), the same batch takes from 8 to 40 s, which no 5 % can be read from. So the target is
read from CPU time, which the load does not move: before each batch, with nothing judged, the
server's CPU over IDLE_SECONDS, with the readers connected and without. What the readers take
at rest (their coroutines waking, the tail thread's queries) is the most they can take from
a judging process that has a core of its own on a machine with no core to spare. Target: at
most 0.05 of a core (the median over the rounds), i.e. judging slowed by 5 % at most.

Also what opening the feed and reading an endpoint cost on this contest, the feed's log kept
(made once, then served from memory).
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import threading
import time
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import httpx
from sqlalchemy import insert, select

from bench.common import ROOT, bench_cache, print_header
from judge.contest.model import Contest, ContestProblem, JudgedSubmission
from judge.service.contests import store_contest
from judge.service.db import Database
from judge.service.models import Priority, Status, Submission, TeamMember, User, utcnow
from tests.contest.generated import generated_contest
from tests.service.processes import (
    JudgeProcess,
    JudgeServer,
    PostgresServer,
    RedisServer,
    add_user,
    wait_until,
)

TEAMS, SUBMISSIONS = 500, 5_000
READERS = int(os.environ.get("JUDGE_BENCH_FEED_READERS", "200"))
BATCH = int(os.environ.get("JUDGE_BENCH_FEED_BATCH", "6"))
ROUNDS = int(os.environ.get("JUDGE_BENCH_FEED_ROUNDS", "4"))
TARGET = 0.05
CATCH_UP_SECONDS = 300  # a loaded machine makes the contest's objects again slowly
PAUSE_SECONDS = 5.0  # before each batch: what the previous steps started is over
IDLE_SECONDS = 10.0
SOLUTION = ROOT / "solutions" / "sightseeing" / "reference.py"
FEED = "/api/contests/bench/event-feed"


def main() -> bool:
    print_header(f"contest event feed: {READERS} streaming readers on a {TEAMS}-team contest "
                 f"({SUBMISSIONS} judged submissions) while submissions are judged; PostgreSQL, "
                 "`judge serve` + Redis + one `judge worker`")
    with tempfile.TemporaryDirectory(prefix="judge-bench-feed-") as folder:
        return run(Path(folder))


def run(folder: Path) -> bool:
    postgres, redis = PostgresServer(), RedisServer(folder / "redis")
    server = worker = None
    env = dict(os.environ, JUDGE_CACHE_DIR=str(bench_cache().root))
    try:
        postgres.start()
        redis.start()
        db_url = postgres.fresh_database("feed")
        database = Database(db_url)
        database.migrate()
        tokens = {name: add_user(ROOT, db_url, name, role, env) for name, role in
                  (("team", "contestant"), ("admin", "admin"), ("worker", "worker"))}
        fill(database)
        database.close()
        server = JudgeServer(ROOT, db_url, env, folder / "serve.log", "--broker", redis.url,
                             "--rate-limit", "100000")
        server.start()
        worker = JudgeProcess(
            ["--root", str(ROOT), "worker", "--broker", redis.url, "--server", server.url,
             "--processes", "1"],
            env | {"JUDGE_TOKEN": tokens["worker"]}, folder / "worker.log")
        worker.start()
        judging = Judging(server.url, tokens)
        try:
            opening = open_costs(judging)
            judging.batch(2)  # the worker is up, the package cached
            cpu = ServerCpu(server.process.pid)
            rounds = [one_round(judging, server.url, tokens["admin"], number, cpu)
                      for number in range(ROUNDS)]
        finally:
            judging.close()
        return report(opening, rounds)
    finally:
        for process in (worker, server):
            if process is not None:
                process.stop()
        redis.stop()
        postgres.stop()


def fill(database: Database) -> None:
    """The generated contest, begun two hours ago, its submissions judged (three tests each)
    within those two hours, and the team account on team t0."""
    contest, made = begun_contest()
    with database.writing() as session:
        store_contest(session, contest)
        team = session.scalar(select(User).where(User.name == "team"))
        session.add(TeamMember(contest_id=contest.id, user_id=team.id, team_id="t0"))
        session.execute(insert(Submission), judged_rows(contest, made, team.id))


def begun_contest() -> tuple[Contest, list[JudgedSubmission]]:
    """The generated contest of TEAMS teams and SUBMISSIONS submissions, begun two hours ago,
    with the sightseeing problem (M) that the benches judge for real."""
    contest, made = generated_contest(random.Random(25), TEAMS, SUBMISSIONS)
    start = (utcnow() - timedelta(hours=2)).replace(microsecond=0)
    problems = (*contest.problems, ContestProblem("sightseeing", "M", len(contest.problems)))
    return replace(contest, start_time=start.replace(tzinfo=contest.start_time.tzinfo),
                   problems=problems), made


def judged_rows(contest: Contest, made: list[JudgedSubmission], user_id: int) -> list[dict]:
    """The submission rows of `made`, each judged (three tests) within the contest's first two
    hours, all sent by the user `user_id`."""
    start = contest.start_time.replace(tzinfo=None)
    rows = []
    for one in made:
        at = start + one.contest_time * 0.4
        verdict = one.verdict.value if one.verdict else "WA"
        tests = [{"name": f"t{i}", "verdict": "AC", "wall_ms": 40, "time_ms": 30}
                 for i in range(3)]
        rows.append({
            "user_id": user_id, "problem": one.problem_id, "language": "python",
            "filename": "a.py", "source": b"", "attempt": 1, "status": Status.DONE,
            "verdict": verdict, "result": {"verdict": verdict, "tests": tests},
            "submitted_at": at, "queued_at": at, "started_at": at + timedelta(seconds=2),
            "finished_at": at + timedelta(seconds=4), "priority": int(Priority.CONTEST),
            "contest_id": contest.id, "team_id": one.team_id, "practice": False,
        })
    return rows


class Judging:
    """The team submitting the reference to the contest, and the results as stored."""

    def __init__(self, url: str, tokens: dict[str, str]) -> None:
        self.http = httpx.Client(base_url=url, timeout=120)
        self.team = {"Authorization": f"Bearer {tokens['team']}"}
        self.admin = {"Authorization": f"Bearer {tokens['admin']}"}
        self.source = SOLUTION.read_text()

    def batch(self, count: int) -> tuple[float, list[float]]:
        """(seconds from the first POST to the last result, each claim-to-result in s)."""
        started = time.perf_counter()
        ids = []
        for _ in range(count):
            response = self.http.post("/api/submissions", headers=self.team, json={
                "problem": "sightseeing", "source": self.source, "filename": "reference.py",
                "contest": "bench"})
            response.raise_for_status()
            ids.append(response.json()["id"])
        documents = {}

        def done() -> bool:
            for submission_id in ids:
                if submission_id in documents:
                    continue
                document = self.http.get(f"/api/submissions/{submission_id}",
                                         headers=self.admin).json()
                if document["status"] == "failed":
                    raise RuntimeError(f"submission {submission_id}: {document['error']}")
                if document["status"] != "done":
                    return False
                documents[submission_id] = document
            return True

        wait_until(done, 3600, f"{count} submissions", interval=0.1)
        elapsed = time.perf_counter() - started
        spans = [(moment(d["finished_at"]) - moment(d["started_at"])).total_seconds()
                 for d in documents.values()]
        self.settled(ids)
        return elapsed, spans

    def settled(self, ids: list[int]) -> None:
        """Until the feed shows every verdict of the batch: the service's updates of the feed
        (the contest's objects made again, seconds each on a loaded machine) are over, and do
        not fall on the next batch."""
        def shown() -> bool:
            judgements = self.http.get("/api/contests/bench/judgements",
                                       headers=self.admin).json()
            verdicts = {j["submission_id"] for j in judgements if j["judgement_type_id"]}
            return {str(submission_id) for submission_id in ids} <= verdicts

        wait_until(shown, CATCH_UP_SECONDS, "the batch's verdicts in the feed", interval=0.5)

    def timed(self, path: str, rounds: int = 5) -> list[float]:
        times = []
        for _ in range(rounds):
            begun = time.perf_counter()
            response = self.http.get(path, headers=self.admin)
            response.raise_for_status()
            times.append(time.perf_counter() - begun)
        return times

    def close(self) -> None:
        self.http.close()


def moment(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def open_costs(judging: Judging) -> dict[str, list[float]]:
    """The jury's feed opened from the start (made once, then kept), after its last event,
    and one judgement: seconds each."""
    first = judging.timed(FEED + "?stream=false", rounds=1)
    whole = judging.http.get(FEED + "?stream=false", headers=judging.admin).text
    last = whole.rstrip("\n").rsplit("\n", 1)[-1]
    token = httpx.Response(200, content=last).json()["token"]
    return {
        "first opening (the log made)": first,
        "the whole feed again": judging.timed(FEED + "?stream=false", rounds=3),
        "after the last event": judging.timed(f"{FEED}?stream=false&since_token={token}"),
        "one judgement": judging.timed("/api/contests/bench/judgements/100-1"),
        "the state": judging.timed("/api/contests/bench/state"),
    }


class Readers:
    """READERS streaming connections to the feed, in a thread of their own (an event loop),
    each counting the judgements with a verdict it was sent."""

    def __init__(self, url: str, admin: str, tokens: dict[bool, str]) -> None:
        parsed = httpx.URL(url)
        self.host, self.port, self.admin, self.tokens = parsed.host, parsed.port, admin, tokens
        self.verdicts = [0] * READERS
        self.errors = 0
        self.connected = threading.Event()
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(),), daemon=True)

    def start(self) -> None:
        self._thread.start()
        if not self.connected.wait(120):
            raise RuntimeError("the feed readers did not all connect within 120 s")

    def wait_for(self, verdicts: int, timeout: float) -> float | None:
        """Seconds until every reader has `verdicts` judgements with a verdict (None: not
        within `timeout`): how far the feed lags behind the last result."""
        begun = time.perf_counter()
        while time.perf_counter() - begun < timeout:
            if min(self.verdicts) >= verdicts:
                return time.perf_counter() - begun
            time.sleep(0.1)
        return None

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(60)

    async def _main(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        opened = [0]
        tasks = [asyncio.create_task(self._read(number, opened)) for number in range(READERS)]
        await self._stop.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _read(self, number: int, opened: list[int]) -> None:
        jury = number % 2 == 1
        auth = f"Authorization: Bearer {self.admin}\r\n" if jury else ""
        try:
            reader, writer = await asyncio.open_connection(self.host, self.port)
        except OSError:
            self.errors += 1
            return
        try:
            writer.write((f"GET {FEED}?since_token={self.tokens[jury]} HTTP/1.1\r\n"
                          f"Host: {self.host}\r\n{auth}\r\n").encode())
            head = await reader.readuntil(b"\r\n\r\n")
            if b" 200 " not in head.split(b"\r\n", 1)[0]:
                self.errors += 1
                return
            opened[0] += 1
            if opened[0] == READERS:
                self.connected.set()
            pending = b""
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    return
                pending += chunk
                # Counted without parsing the JSON (the readers share the machine with the
                # judge): a judgement event with a verdict names its judgement type.
                *whole, pending = pending.split(b"\n")
                self.verdicts[number] += sum(b'"type":"judgements"' in line and
                                             b'"judgement_type_id":"' in line for line in whole)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            self.errors += 1
        finally:
            writer.close()


def last_tokens(judging: Judging) -> dict[bool, str]:
    """The last token of the public's feed (False) and of the jury's (True)."""
    tokens = {}
    for jury in (False, True):
        whole = judging.http.get(FEED + "?stream=false",
                                 headers=judging.admin if jury else {}).text
        last = whole.rstrip("\n").rsplit("\n", 1)[-1]
        tokens[jury] = httpx.Response(200, content=last).json()["token"]
    return tokens


class ServerCpu:
    """The CPU time `judge serve` has used (all its threads), in seconds."""

    def __init__(self, pid: int) -> None:
        self.path = Path(f"/proc/{pid}/stat")
        self.ticks = os.sysconf("SC_CLK_TCK")

    def __call__(self) -> float:
        fields = self.path.read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / self.ticks


def one_round(judging: Judging, url: str, admin: str, number: int, cpu: ServerCpu) -> dict:
    """One batch judged without readers and one with, in the order the round number says;
    before each, the server's CPU over IDLE_SECONDS with nothing judged (the readers' own cost
    at rest, which the wall times on a shared machine cannot resolve)."""
    result = {}
    for with_readers in ((False, True) if number % 2 == 0 else (True, False)):
        readers = None
        tokens = last_tokens(judging)  # both ways, so that both batches follow the same work
        if with_readers:
            readers = Readers(url, admin, tokens)
            readers.start()
        time.sleep(PAUSE_SECONDS)
        before = cpu()
        time.sleep(IDLE_SECONDS)
        idle = (cpu() - before) / IDLE_SECONDS
        load = os.getloadavg()[0]
        before = cpu()
        elapsed, spans = judging.batch(BATCH)
        busy = cpu() - before
        lag = None
        if readers is not None:
            lag = readers.wait_for(BATCH, 10)  # the feed settled: a poll or two more
            readers.stop()
        result[with_readers] = {"elapsed": elapsed, "spans": spans, "load": load,
                                "readers": readers, "lag": lag, "idle": idle, "busy": busy}
    return result


def report(opening: dict[str, list[float]], rounds: list[dict]) -> bool:
    ms = 1000
    print("opening the jury's feed, the log kept (median of the tries):")
    for name, times in opening.items():
        print(f"    {name}: {statistics.median(times) * ms:.0f} ms")
    ratios, span_ratios, at_rest, complete = [], [], [], True
    for number, found in enumerate(rounds, 1):
        without, with_ = found[False], found[True]
        ratio = with_["elapsed"] / without["elapsed"]
        span_ratio = statistics.median(with_["spans"]) / statistics.median(without["spans"])
        ratios.append(ratio)
        span_ratios.append(span_ratio)
        readers = with_["readers"]
        got = sorted(set(readers.verdicts))
        complete &= readers.errors == 0 and min(readers.verdicts) >= BATCH
        lag = "not within 10 s" if with_["lag"] is None else f"{with_['lag']:.1f} s"
        at_rest.append(with_["idle"] - without["idle"])
        print(f"round {number}: server CPU at rest {without['idle']:.3f} cores without readers, "
              f"{with_['idle']:.3f} with; over the batch {without['busy']:.1f} s vs "
              f"{with_['busy']:.1f} s")
        print(f"round {number}: {BATCH} judged in {without['elapsed']:.1f} s without readers, "
              f"{with_['elapsed']:.1f} s with {READERS} (x{ratio:.3f}); claim to result median "
              f"{statistics.median(without['spans']) * ms:.0f} ms vs "
              f"{statistics.median(with_['spans']) * ms:.0f} ms (x{span_ratio:.3f}); judgements "
              f"with a verdict each reader got: {got} ({lag} after the feed had them); "
              f"reader errors {readers.errors}; load {without['load']:.1f} / "
              f"{with_['load']:.1f}")
    median, spread = statistics.median(ratios), (min(ratios), max(ratios))
    print(f"judging with {READERS} feed readers / without: median x{median:.3f} over "
          f"{len(ratios)} rounds (spread x{spread[0]:.3f} .. x{spread[1]:.3f}); claim to result "
          f"x{statistics.median(span_ratios):.3f} (spread x{min(span_ratios):.3f} .. "
          f"x{max(span_ratios):.3f}); target <= x{1 + TARGET:.2f}; machine: "
          f"{os.cpu_count()} cores, shared")
    rest = statistics.median(at_rest)
    print(f"{READERS} readers at rest cost the server {rest:.3f} of a core (median over the "
          f"rounds; spread {min(at_rest):.3f} .. {max(at_rest):.3f}): the most they can take "
          f"from a judging process that has a core, on a machine with none to spare "
          f"(target <= {TARGET:.2f}); the wall times above move with the machine's load")
    met = rest <= TARGET and complete
    print("targets met" if met else "TARGET NOT MET")
    return met


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(ROOT))
    sys.exit(0 if main() else 1)
