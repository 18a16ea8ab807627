"""The online judge under a contest's load, on loopback only, bounded in time.

CONTESTANTS simulated contestants (200) for SECONDS (300) submit a mix of programs to the
sightseeing problem (accepted, wrong answer, time limit, runtime error and compile error; C++
and Python; every source made unique by a comment, so that nothing is served from a cache)
and hold live pages open: each its own submission list's event stream for the whole run, and
each submission's event stream until its verdict; now and then each loads a page. Then the
judge drains what is queued (at most DRAIN_SECONDS). Twice: on the embedded default (SQLite,
`judge serve` judging in its own processes, one per core) and on PostgreSQL + Redis + two
`judge worker`s of one judging process each.

Checked: every verdict (and each judged test's verdict) equals local judging of the same
program here; every submission judged exactly once (attempt 1, and as many results stored as
submissions, from /metrics); none lost. Reported: p50/p95 of page latency, of the time from
submission to verdict (as the contestant's stream shows it), and the judging throughput
against the sum of the programs' own judging time. Then, with every contestant's list still
open and nothing to judge, what the idle streams cost the web server (its CPU time).

JUDGE_BENCH_LOAD_SECONDS, JUDGE_BENCH_LOAD_CONTESTANTS, JUDGE_BENCH_LOAD_EVERY (mean seconds
between one contestant's submissions) and JUDGE_BENCH_LOAD_SETUPS (embedded,cluster) make it
shorter while developing.
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from bench.common import ROOT, bench_cache, print_header
from judge.judging.runner import JudgeOptions, judge_submission
from judge.problem.spec import load_problem
from judge.sandbox import open_sandbox
from judge.service.auth import add_user
from judge.service.db import Database
from judge.service.models import Role
from tests.service.processes import JudgeProcess, JudgeServer, PostgresServer, RedisServer

SECONDS = float(os.environ.get("JUDGE_BENCH_LOAD_SECONDS", "300"))
CONTESTANTS = int(os.environ.get("JUDGE_BENCH_LOAD_CONTESTANTS", "200"))
SUBMIT_EVERY = float(os.environ.get("JUDGE_BENCH_LOAD_EVERY", "120"))
SETUPS = os.environ.get("JUDGE_BENCH_LOAD_SETUPS", "embedded,cluster").split(",")
PAGE_EVERY = 20.0  # mean seconds between one contestant's page loads
DRAIN_SECONDS = 900.0
# Idle connections are dropped before the server's keep-alive timeout (uvicorn: 5 s) ends
# them: a request sent on a connection the server is closing fails for no fault of either.
KEEPALIVE_SECONDS = 4.0
IDLE_SECONDS = 10.0
PROBLEM = "sightseeing"
SOLUTIONS = ROOT / "solutions" / PROBLEM
# name -> (source, weight): what a contest's submissions look like, roughly.
PROGRAMS = {
    "AC.py": ((SOLUTIONS / "reference.py").read_text(), 25),
    "AC.cpp": ((SOLUTIONS / "accepted" / "dinic.cpp").read_text(), 15),
    "WA.py": ((SOLUTIONS / "wrong_answer" / "greedy_flips.py").read_text(), 14),
    "WA.cpp": ('#include <cstdio>\nint main() { std::puts("impossible"); }\n', 6),
    "TLE.py": ((SOLUTIONS / "time_limit_exceeded" / "orientation_search.py").read_text(), 8),
    "RE.py": ((SOLUTIONS / "runtime_error" / "recursive_tour.py").read_text(), 8),
    "RE.cpp": ("int main() { volatile int *p = nullptr; return *p; }\n", 4),
    "CE.cpp": ("int main() { return undeclared; }\n", 10),
    "CE.py": ("def broken(:\n    pass\n", 10),
}


@dataclass(frozen=True)
class Local:
    verdict: str
    tests: tuple[str, ...]
    seconds: float  # how long judging it took here, alone


@dataclass
class Run:
    """What the simulated contestants saw."""

    submitted: dict[int, str] = field(default_factory=dict)  # id -> program name
    to_verdict: list[float] = field(default_factory=list)  # seconds
    pages: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    refused: Counter = field(default_factory=Counter)
    feed_events: int = 0
    started: float = 0.0
    last_verdict: float = 0.0
    judging_ms: float = 0.0  # as the workers measured it


def main() -> bool:
    print_header(f"online judge under load: {CONTESTANTS} contestants, {SECONDS:.0f} s")
    # Absolute times follow whatever else the machine runs: say how busy it was.
    print(f"  load average of the machine now: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    local = judge_locally()
    ok = True
    for setup in SETUPS:
        with tempfile.TemporaryDirectory(prefix=f"judge-bench-load-{setup}-") as scratch:
            ok = run_setup(setup, Path(scratch), local) and ok
    return ok


def judge_locally() -> dict[str, Local]:
    """Each program judged here, as the service judges it (stopping at the first rejected
    test): the verdicts to match, and the program's own judging time."""
    problem = load_problem(ROOT, PROBLEM)
    results = {}
    sandbox = open_sandbox(bench_cache())
    try:
        with tempfile.TemporaryDirectory(prefix="judge-bench-load-local-") as scratch:
            for name, (source, _) in PROGRAMS.items():
                path = Path(scratch) / f"solution{Path(name).suffix}"
                path.write_text(unique(source, name, f"local {time.time_ns()}"))
                started = time.perf_counter()
                report = judge_submission(problem, path, sandbox, JudgeOptions(fail_fast=True))
                seconds = time.perf_counter() - started
                verdicts = tuple(case.verdict.value for case in report.tests)
                results[name] = Local(report.verdict.value, verdicts, seconds)
                print(f"  local {name:7} {report.verdict.value:4} {len(verdicts):2} tests "
                      f"{seconds * 1000:6.0f} ms")  # fmt: skip
    finally:
        sandbox.close()
    return results


def unique(source: str, name: str, tag: str) -> str:
    comment = "#" if name.endswith(".py") else "//"
    return f"{source}\n{comment} {tag}\n"


def run_setup(setup: str, folder: Path, local: dict[str, Local]) -> bool:
    env = dict(os.environ, JUDGE_CACHE_DIR=str(bench_cache().root))
    services: list = []
    processes: list[JudgeProcess] = []
    try:
        if setup == "embedded":
            db_url, broker, judging = f"sqlite:///{folder / 'judge.db'}", None, os.cpu_count()
        else:
            postgres, redis = PostgresServer(), RedisServer(folder / "redis")
            services += [postgres, redis]
            postgres.start()
            redis.start()
            db_url, broker, judging = postgres.fresh_database("load"), redis.url, 2
        tokens, admin, worker = make_users(db_url)
        extra = ["--broker", broker] if broker else []
        server = JudgeServer(ROOT, db_url, env, folder / "serve.log", *extra)
        processes.append(server)
        server.start()
        if broker:
            for number in range(2):
                processes.append(start_worker(server, broker, worker, env, folder, number))
        run = asyncio.run(contest(server.url, tokens, admin))
        idle = idle_cost(server, tokens)
        return report(setup, judging, run, check(server.url, admin, run, local), idle, local)
    finally:
        for process in reversed(processes):
            process.stop()
        for service in reversed(services):
            service.stop()
        keep = os.environ.get("JUDGE_BENCH_LOAD_LOGS")
        if keep:  # the servers' logs, to read after the folder is gone
            target = Path(keep) / setup
            target.mkdir(parents=True, exist_ok=True)
            for log in folder.glob("*.log"):
                shutil.copy(log, target / log.name)


def make_users(db_url: str) -> tuple[list[str], str, str]:
    database = Database(db_url)
    try:
        database.migrate()
        with database.writing() as session:
            tokens = [add_user(session, f"c{n:03d}", Role.CONTESTANT) for n in range(CONTESTANTS)]
            admin = add_user(session, "admin", Role.ADMIN)
            worker = add_user(session, "worker", Role.WORKER)
    finally:
        database.close()
    return tokens, admin, worker


def start_worker(server, broker, token, env, folder, number) -> JudgeProcess:
    worker = JudgeProcess(
        ["--root", str(ROOT), "worker", "--broker", broker, "--server", server.url,
         "--processes", "1"],
        env | {"JUDGE_TOKEN": token},
        folder / f"worker-{number}.log",
    )  # fmt: skip
    worker.start()
    return worker


async def contest(url: str, tokens: list[str], admin: str) -> Run:
    run = Run()
    limits = httpx.Limits(
        max_connections=None, max_keepalive_connections=None, keepalive_expiry=KEEPALIVE_SECONDS
    )
    timeout = httpx.Timeout(60.0, read=None)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=timeout) as http:
        run.started = time.monotonic()
        deadline = run.started + SECONDS
        pending: set[asyncio.Task] = set()
        feeds = [asyncio.create_task(feed(http, token, run)) for token in tokens]
        players = [
            asyncio.create_task(contestant(http, n, token, deadline, run, pending))
            for n, token in enumerate(tokens)
        ]
        await asyncio.gather(*players)
        if pending:
            await asyncio.wait(pending, timeout=DRAIN_SECONDS)
        for task in feeds:
            task.cancel()
        await asyncio.gather(*feeds, return_exceptions=True)
    return run


async def contestant(http, number, token, deadline, run: Run, pending: set) -> None:
    rng = random.Random(number)
    headers = {"Authorization": f"Bearer {token}"}
    names = list(PROGRAMS)
    weights = [PROGRAMS[name][1] for name in names]
    next_submit = time.monotonic() + rng.expovariate(1 / SUBMIT_EVERY)
    next_page = time.monotonic() + rng.expovariate(1 / PAGE_EVERY)
    count = 0
    while True:
        now = time.monotonic()
        if min(next_submit, next_page) >= deadline:
            return
        if next_page < next_submit:
            await asyncio.sleep(max(0.0, next_page - now))
            await load_page(http, headers, rng, run)
            next_page = time.monotonic() + rng.expovariate(1 / PAGE_EVERY)
            continue
        await asyncio.sleep(max(0.0, next_submit - now))
        name = rng.choices(names, weights)[0]
        count += 1
        source = unique(PROGRAMS[name][0], name, f"contestant {number}, submission {count}")
        body = {"problem": PROBLEM, "source": source, "filename": f"sol{Path(name).suffix}"}
        started = time.monotonic()
        try:
            answer = await http.post("/api/submissions", json=body, headers=headers)
        except httpx.HTTPError as exc:
            run.refused[f"submit: {type(exc).__name__}"] += 1
            answer = None
        if answer is not None and answer.status_code != 202:
            run.refused[answer.status_code] += 1
        elif answer is not None:
            submission_id = answer.json()["id"]
            run.submitted[submission_id] = name
            task = asyncio.create_task(follow(http, headers, submission_id, started, run))
            pending.add(task)
            task.add_done_callback(pending.discard)
        next_submit = time.monotonic() + rng.expovariate(1 / SUBMIT_EVERY)


async def follow(http, headers, submission_id: int, started: float, run: Run) -> None:
    """The submission's page, live: its event stream until the verdict (followed again
    should the stream break, as a browser's EventSource does)."""
    path = f"/api/submissions/{submission_id}/events"
    while True:
        try:
            async with http.stream("GET", path, headers=headers) as stream:
                if stream.status_code != 200:
                    run.refused[f"stream {stream.status_code}"] += 1
                    return
                async for line in stream.aiter_lines():
                    if line == "event: done":
                        now = time.monotonic()
                        run.to_verdict.append(now - started)
                        run.last_verdict = max(run.last_verdict, now)
                        return
        except httpx.HTTPError as exc:
            run.refused[f"stream broken: {type(exc).__name__}"] += 1
            await asyncio.sleep(1.0)


async def feed(http, token: str, run: Run, opened: asyncio.Event | None = None) -> None:
    """The contestant's submission list, live, for the whole run (and the idle time after);
    `opened` is set once the list has come."""
    headers = {"Authorization": f"Bearer {token}"}
    try:
        async with http.stream("GET", "/api/submissions/events", headers=headers) as stream:
            async for line in stream.aiter_lines():
                if line.startswith("event:"):
                    run.feed_events += 1
                elif line == "" and opened is not None:
                    opened.set()
    except (httpx.HTTPError, asyncio.CancelledError):
        pass


async def load_page(http, headers, rng: random.Random, run: Run) -> None:
    mine = list(run.submitted)[-50:]
    kind = rng.choice(["problem", "list", "submission"] if mine else ["problem", "list"])
    path = {
        "problem": f"/problems/{PROBLEM}",
        "list": "/submissions",
        "submission": f"/submissions/{rng.choice(mine)}" if mine else "",
    }[kind]
    started = time.monotonic()
    try:
        answer = await http.get(path, headers=headers)
    except httpx.HTTPError as exc:
        run.refused[f"page: {type(exc).__name__}"] += 1
        return
    if answer.status_code == 200:
        run.pages[kind].append(time.monotonic() - started)
    elif answer.status_code != 404:  # another contestant's submission: not theirs to see
        run.refused[f"page {answer.status_code}"] += 1


def idle_cost(server: JudgeServer, tokens: list[str]) -> float:
    """The web server's CPU share while every contestant's list stays open, nothing to do."""
    ticks = os.sysconf("SC_CLK_TCK")

    def cpu() -> float:
        fields = Path(f"/proc/{server.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / ticks

    async def hold() -> float:
        # One stream per contestant again (the contest's ended with its client).
        async with httpx.AsyncClient(
            base_url=server.url, timeout=httpx.Timeout(30.0, read=None),
            limits=httpx.Limits(max_connections=None, max_keepalive_connections=None),
        ) as http:  # fmt: skip
            run = Run()
            opened = [asyncio.Event() for _ in tokens]
            tasks = [
                asyncio.create_task(feed(http, token, run, event))
                for token, event in zip(tokens, opened, strict=True)
            ]
            # Every list open and sent (its submissions, as when the contest ended).
            await asyncio.wait_for(asyncio.gather(*(e.wait() for e in opened)), 120)
            await asyncio.sleep(1.0)
            before = cpu()
            await asyncio.sleep(IDLE_SECONDS)
            used = cpu() - before
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            return used / IDLE_SECONDS

    return asyncio.run(hold())


def check(url: str, admin: str, run: Run, local: dict[str, Local]) -> list[str]:
    """What went wrong: lost, judged twice, or a verdict other than local judging's."""
    headers = {"Authorization": f"Bearer {admin}"}
    problems = []
    with httpx.Client(base_url=url, headers=headers, timeout=120) as http:
        judged, offset = {}, 0
        while True:
            page = http.get(f"/api/submissions?limit=200&offset={offset}").json()
            judged.update({item["id"]: item for item in page["items"]})
            offset += len(page["items"])
            if not page["items"] or offset >= page["total"]:
                break
        results = _metric(http.get("/metrics").text, "judge_results_total")
    for submission_id, name in run.submitted.items():
        document = judged.get(submission_id)
        if document is None:
            problems.append(f"#{submission_id} ({name}) lost")
            continue
        tests = tuple(test["verdict"] for test in document["tests"])
        if document["status"] != "done" or document["attempt"] != 1:
            problems.append(f"#{submission_id} ({name}) {document['status']}, attempt "
                            f"{document['attempt']}: {document['error']}")  # fmt: skip
        elif (document["verdict"], tests) != (local[name].verdict, local[name].tests):
            problems.append(f"#{submission_id} ({name}) {document['verdict']} {tests}, "
                            f"locally {local[name].verdict} {local[name].tests}")  # fmt: skip
    extra = set(judged) - set(run.submitted)
    if extra:
        problems.append(f"{len(extra)} submissions nobody sent")
    if results != len(run.submitted):
        problems.append(f"{results:.0f} results stored for {len(run.submitted)} submissions")
    run.judging_ms = sum(judged[i]["judging_ms"] or 0 for i in run.submitted if i in judged)
    return problems


def _metric(text: str, name: str) -> float:
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith(name + "{") or line.startswith(name + " ")
    )


def report(setup, judging, run: Run, problems, idle: float, local: dict[str, Local]) -> bool:
    span = (run.last_verdict or time.monotonic()) - run.started
    mix = Counter(run.submitted.values())
    own = sum(local[name].seconds for name in run.submitted.values())
    pages = [t for times in run.pages.values() for t in times]
    print(f"\n{setup} (machine load average {os.getloadavg()[1]:.1f} over the last 5 min): "
          f"{len(run.submitted)} submissions in {SECONDS:.0f} s "
          f"({', '.join(f'{n} {c}' for n, c in sorted(mix.items()))}); "
          f"refused: {dict(run.refused) or 'none'}")  # fmt: skip
    print(f"  page latency ({len(pages)} pages): p50 {_p(pages, 50) * 1000:.0f} ms, "
          f"p95 {_p(pages, 95) * 1000:.0f} ms; "
          + ", ".join(f"{kind} p95 {_p(times, 95) * 1000:.0f} ms"
                      for kind, times in sorted(run.pages.items())))  # fmt: skip
    print(f"  submission to verdict ({len(run.to_verdict)}): p50 {_p(run.to_verdict, 50):.1f} s, "
          f"p95 {_p(run.to_verdict, 95):.1f} s")  # fmt: skip
    print(f"  throughput: {len(run.submitted) / span * 60:.1f} judged a minute over {span:.0f} s "
          f"(first submission to last verdict); the programs' own judging time (local, alone) "
          f"adds up to {own:.0f} s = {own / span:.2f} x the span with {judging} judging "
          f"processes ({own / span / judging:.0%} each); judging time on the workers "
          f"{run.judging_ms / 1000:.0f} s")  # fmt: skip
    print(f"  live lists: {run.feed_events} updates pushed; idle, {CONTESTANTS} open lists cost "
          f"the web server {idle:.1%} of a core")  # fmt: skip
    for problem in problems[:20]:
        print(f"  WRONG: {problem}")
    print(f"  every verdict as local judging, none lost or judged twice: "
          f"{'yes' if not problems else f'NO ({len(problems)})'}")  # fmt: skip
    return not problems


def _p(values: list[float], percentile: int) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(percentile / 100 * len(ordered)) - 1))]
