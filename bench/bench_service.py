"""The online judge's throughput and overhead, on this machine, with real processes.

1. Submissions judged per minute: the sightseeing reference, with 1 and with 2 workers
   (`judge serve --broker` on a Redis started here, `judge worker --processes 1` each).
2. Service overhead under a burst of 200 (2 workers), two ways:
   - paired: for each submission, the time from its claim by a worker to its stored result,
     minus the time the runner took on that worker for that very submission (`judging_ms`),
     as a fraction of the latter (target: p50 and p99 <= 5%). Both figures come from the same
     moment on the same core, so load from elsewhere on a shared machine cancels out;
   - against local judging: claim to result minus `judge_submission` run here, two at once on
     the two cores (the same load as two workers; a judging keeps more than one core busy).
     This one drifts with whatever else the machine runs.
   Also, with the judge idle: from POST to the result, minus the same two references.
3. Queue latency under the burst: from POST to the claim by a worker, p50 and p99.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from datetime import datetime
from pathlib import Path

import httpx

from bench.common import ROOT, bench_cache, print_header
from judge.judging.parallel import SandboxPerThread
from judge.judging.runner import judge_submission
from judge.sandbox import open_sandbox
from judge.service.client import no_delay_transport
from judge.problem.spec import load_problem
from tests.service.processes import JudgeProcess, JudgeServer, RedisServer, add_user, wait_until

SOLUTION = ROOT / "solutions" / "sightseeing" / "reference.py"
THROUGHPUT_SUBMISSIONS = int(os.environ.get("JUDGE_BENCH_THROUGHPUT", "16"))
BURST = int(os.environ.get("JUDGE_BENCH_BURST", "200"))
IDLE_SAMPLES = 8
TARGET_OVERHEAD = 0.05


def main() -> bool:
    print_header("service: submissions per minute, overhead, queue latency (sightseeing)")
    local_ms = _local_judging_ms(threads=1)
    local_2_ms = _local_judging_ms(threads=2)
    print(f"local judging of the reference: {local_ms:.0f} ms alone, {local_2_ms:.0f} ms two at "
          f"once (medians; {2 * 60_000 / local_2_ms:.1f} per minute)")  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="judge-bench-service-") as scratch:
        cluster = _Cluster(Path(scratch))
        try:
            cluster.start()
            cluster.add_worker()
            rate_1 = cluster.rate(THROUGHPUT_SUBMISSIONS)
            idle = cluster.idle(IDLE_SAMPLES)
            cluster.add_worker()
            rate_2 = cluster.rate(THROUGHPUT_SUBMISSIONS * 2)
            burst = cluster.burst(BURST)
        finally:
            cluster.stop()
    print(f"judged per minute: 1 worker {rate_1:.1f}, 2 workers {rate_2:.1f} "
          f"(x{rate_2 / rate_1:.2f})")  # fmt: skip
    idle_paired = [total - judging for total, judging in idle]
    idle_local = [total - local_ms for total, _ in idle]
    print(f"idle judge, POST to result minus judging: p50 {_p(idle_paired, 50):.0f} ms paired "
          f"({_p(idle_paired, 50) / local_ms:.1%}), {_p(idle_local, 50):.0f} ms against local "
          f"judging")  # fmt: skip
    paired = [(span - judging) / judging for _, span, judging in burst]
    local = [(span - local_2_ms) / local_2_ms for _, span, _ in burst]
    queue = [wait for wait, _, _ in burst]
    p50, p99 = _p(paired, 50), _p(paired, 99)
    print(f"burst of {len(burst)}, 2 workers: overhead (claim to result minus judging) paired "
          f"p50 {p50:.1%} p99 {p99:.1%} (target <= {TARGET_OVERHEAD:.0%}); against local "
          f"judging p50 {_p(local, 50):.1%} p99 {_p(local, 99):.1%}")  # fmt: skip
    print(f"burst of {len(burst)}: queue latency (POST to claim) p50 {_p(queue, 50):.0f} ms "
          f"p99 {_p(queue, 99):.0f} ms")  # fmt: skip
    return p50 <= TARGET_OVERHEAD and p99 <= TARGET_OVERHEAD


def _local_judging_ms(threads: int, rounds: int = 3) -> float:
    """Median wall time of one judging, with `threads` judging at once."""
    problem = load_problem(ROOT, "sightseeing")

    def judge(sandbox, _item) -> float:
        started = time.perf_counter()
        judge_submission(problem, SOLUTION, sandbox)
        return (time.perf_counter() - started) * 1000

    with SandboxPerThread(lambda: open_sandbox(bench_cache())) as sandboxes:
        sandboxes.map(judge, range(threads), threads)  # warm the caches and the servers
        times = sandboxes.map(judge, range(threads * rounds), threads)
    return statistics.median(times)


class _Cluster:
    """Redis, `judge serve --broker` (SQLite) and `judge worker`s, all on this machine."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.env = dict(os.environ, JUDGE_CACHE_DIR=str(bench_cache().root))
        self.redis = RedisServer(folder / "redis")
        self.db_url = f"sqlite:///{folder / 'judge.db'}"
        self.server: JudgeServer | None = None
        self.workers: list[JudgeProcess] = []
        self.http = httpx.Client(timeout=60, transport=no_delay_transport())
        self.source = SOLUTION.read_text()

    def start(self) -> None:
        self.redis.start()
        self.token = add_user(ROOT, self.db_url, "bench", "contestant", self.env)
        self.admin = add_user(ROOT, self.db_url, "admin", "admin", self.env)
        self.worker_token = add_user(ROOT, self.db_url, "worker", "worker", self.env)
        self.server = JudgeServer(
            ROOT, self.db_url, self.env, self.folder / "serve.log",
            "--broker", self.redis.url, "--rate-limit", "100000",
        )  # fmt: skip
        self.server.start()

    def add_worker(self) -> None:
        worker = JudgeProcess(
            ["--root", str(ROOT), "worker", "--broker", self.redis.url,
             "--server", self.server.url, "--processes", "1"],
            self.env | {"JUDGE_TOKEN": self.worker_token},
            self.folder / f"worker-{len(self.workers)}.log",
        )  # fmt: skip
        worker.start()
        self.workers.append(worker)
        self._wait([self._submit()])  # up, with its package cached

    def rate(self, count: int) -> float:
        started = time.monotonic()
        self._wait([self._submit() for _ in range(count)])
        return count / (time.monotonic() - started) * 60

    def idle(self, samples: int) -> list[tuple[float, float]]:
        """(POST to result ms, the worker's judging ms), one submission at a time."""
        measured = []
        for _ in range(samples):
            started = time.monotonic()
            submission_id = self._submit()
            self._wait([submission_id], interval=0.005)
            total = (time.monotonic() - started) * 1000
            measured.append((total, self._document(submission_id)["judging_ms"]))
        return measured

    def burst(self, count: int) -> list[tuple[float, float, float]]:
        """(queue latency ms, claim-to-result ms, judging ms) of each submission of a burst."""
        ids = [self._submit() for _ in range(count)]
        self._wait(ids)
        timings = []
        for submission_id in ids:
            document = self._document(submission_id)
            submitted, started, finished = (
                datetime.fromisoformat(document[key].replace("Z", "+00:00"))
                for key in ("submitted_at", "started_at", "finished_at")
            )
            timings.append(
                (
                    (started - submitted).total_seconds() * 1000,
                    (finished - started).total_seconds() * 1000,
                    document["judging_ms"],
                )
            )
        return timings

    def _submit(self) -> int:
        response = self.http.post(
            self.server.url + "/api/submissions",
            headers={"Authorization": f"Bearer {self.token}"},
            json={"problem": "sightseeing", "source": self.source, "filename": "reference.py"},
        )
        response.raise_for_status()
        return response.json()["id"]

    def _document(self, submission_id: int) -> dict:
        response = self.http.get(
            f"{self.server.url}/api/submissions/{submission_id}",
            headers={"Authorization": f"Bearer {self.admin}"},
        )
        response.raise_for_status()
        return response.json()

    def _wait(self, ids: list[int], interval: float = 0.2) -> None:
        pending = set(ids)

        def finished() -> bool:
            for submission_id in list(pending):
                document = self._document(submission_id)
                if document["status"] == "failed":
                    raise RuntimeError(f"submission {submission_id} failed: {document['error']}")
                if document["status"] == "done":
                    pending.discard(submission_id)
                else:
                    return False
            return True

        wait_until(finished, 3600, f"{len(ids)} submissions", interval=interval)

    def stop(self) -> None:
        self.http.close()
        for worker in self.workers:
            worker.stop()
        if self.server is not None:
            self.server.stop()
        self.redis.stop()


def _p(values: list[float], percentile: int) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(percentile / 100 * len(ordered)) - 1))
    return ordered[index]
