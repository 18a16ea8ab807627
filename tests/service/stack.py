"""A whole judge in real processes: `judge serve`, optional `judge worker`s, users, and a
small fixture problem whose example solutions get every kind of verdict quickly."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
from click.testing import CliRunner

from judge.cli import cli
from judge.sandbox.owned_folders import OwnedFolders
from judge.service.judging import JOB_FOLDER_PREFIX
from judge.service.client import no_delay_transport
from tests.conftest import write_project
from tests.service.processes import JudgeProcess, JudgeServer, add_user, wait_until

QUICK_YAML = """\
id: quick
title: Sum, quickly
source: fixture
limits:
  time_ms: 300
  memory_kb: 65536
  output_kb: 64
  wall_ms: 5000
reference: solutions/quick/reference.py
"""
QUICK_TESTS = {
    "sample-1": ("1 2\n", "3\n"),
    "hand-01": ("-5 3\n", "-2\n"),
    "hand-02": ("7 8\n", "15\n"),
}
SUM = "a, b = map(int, input().split())\n"
QUICK_SOLUTIONS = {
    "reference.py": SUM + "print(a + b)\n",
    "accepted/ac.c": '#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);'
    'printf("%ld\\n",a+b);return 0;}\n',
    "wrong_answer/wa.py": SUM + "print(a - b if a < 0 else a + b)\n",
    "time_limit_exceeded/tle.py": "while True:\n    pass\n",
    "compile_error/ce.py": "def broken(:\n",
    "runtime_error/re.py": SUM + "print(a // (b - b))\n",
    # Far from every limit (1 s of sleep per test, wall limit 5 s): slow enough to be caught
    # in the middle of judging.
    "accepted/slow.py": "import time\ntime.sleep(1.0)\n" + SUM + "print(a + b)\n",
}
TERMINAL = ("done", "failed")


def write_quick_project(root: Path) -> Path:
    return write_project(
        root,
        problem_yaml=QUICK_YAML,
        tests=QUICK_TESTS,
        solutions=QUICK_SOLUTIONS,
        problem_id="quick",
    )


def local_verdicts(root: Path, solution: str) -> tuple[str, list[str]]:
    """What `judge submit --json` says here, through the CLI, stopping at the first rejected
    test as the service does for a pass-fail problem."""
    path = root / "solutions" / "quick" / solution
    result = CliRunner().invoke(
        cli, ["--root", str(root), "submit", str(path), "quick", "--json", "--fail-fast"]
    )
    document = json.loads(result.stdout)
    return document["verdict"], [test["verdict"] for test in document["tests"]]


class Stack:
    def __init__(self, root: Path, db_url: str | None, env: dict, logs: Path, flags: list[str]):
        self.root = root
        self.db_url = db_url
        self.env = env
        self.logs = logs
        self.flags = flags  # --unsandboxed where the host cannot isolate
        self.broker: str | None = None
        self.server: JudgeServer | None = None
        self.workers: list[JudgeProcess] = []
        self.token = add_user(root, db_url, "contestant", "contestant", env)
        self.admin_token = add_user(root, db_url, "admin", "admin", env)
        self.worker_token = ""
        logs.mkdir(parents=True, exist_ok=True)
        self.http = httpx.Client(timeout=30, transport=no_delay_transport())

    def start_server(self, *extra: str, broker: str | None = None) -> None:
        self.broker = broker
        args = [*extra, "--rate-limit", "100000", *self.flags]
        if broker:
            args += ["--broker", broker]
        if self.server is None:
            self.server = JudgeServer(
                self.root, self.db_url, self.env, self.logs / "serve.log", *args
            )
        self.server.start()

    def start_worker(self, processes: int = 1) -> JudgeProcess:
        assert self.server is not None and self.broker is not None
        if not self.worker_token:
            self.worker_token = add_user(self.root, self.db_url, "worker", "worker", self.env)
        number = len(self.workers)
        worker = JudgeProcess(
            [
                "--root", str(self.root), "worker", "--broker", self.broker,
                "--server", self.server.url, "--processes", str(processes), *self.flags,
            ],
            self.env | {"JUDGE_TOKEN": self.worker_token},
            self.logs / f"worker-{number}.log",
        )  # fmt: skip
        worker.start()
        self.workers.append(worker)
        return worker

    def submit(self, solution: str) -> int:
        source = (self.root / "solutions" / "quick" / solution).read_text()
        response = self.http.post(
            self.server.url + "/api/submissions",
            headers={"Authorization": f"Bearer {self.token}"},
            json={"problem": "quick", "source": source, "filename": Path(solution).name},
        )
        assert response.status_code == 202, response.text
        return response.json()["id"]

    def document(self, submission_id: int) -> dict:
        response = self.http.get(
            f"{self.server.url}/api/submissions/{submission_id}",
            headers={"Authorization": f"Bearer {self.admin_token}"},
        )
        assert response.status_code == 200, response.text
        return response.json()

    def all_submissions(self) -> list[dict]:
        items, offset = [], 0
        while True:
            page = self.http.get(
                f"{self.server.url}/api/submissions?limit=200&offset={offset}",
                headers={"Authorization": f"Bearer {self.admin_token}"},
            ).json()
            items += page["items"]
            offset += len(page["items"])
            if offset >= page["total"] or not page["items"]:
                return items

    def count(self, query: str = "") -> int:
        page = self.http.get(
            f"{self.server.url}/api/submissions?limit=1&{query}",
            headers={"Authorization": f"Bearer {self.admin_token}"},
        )
        return page.json()["total"]

    def wait_finished(self, count: int, timeout: float) -> list[dict]:
        """Every submission finished (done or failed); returned by id."""

        def finished():
            try:
                unfinished = self.count("status=queued") + self.count("status=judging")
                return unfinished == 0 and self.count() == count
            except httpx.HTTPError:
                return False

        try:
            wait_until(finished, timeout, f"{count} submissions judged", interval=0.5)
        except AssertionError:
            states = [(s["id"], s["status"], s["attempt"]) for s in self.all_submissions()]
            raise AssertionError(f"not judged in time: {states}\n{self.logs_text()}") from None
        return sorted(self.all_submissions(), key=lambda s: s["id"])

    def wait_status(self, submission_id: int, status: str, timeout: float) -> dict:
        return wait_until(
            lambda: (d := self.document(submission_id))["status"] == status and d,
            timeout,
            f"submission {submission_id} {status}",
            interval=0.05,
        )

    def stop(self) -> None:
        self.http.close()
        for worker in self.workers:
            worker.stop()
        if self.server is not None:
            self.server.stop()
        # What the job of a process the test killed left: swept as the next worker would.
        OwnedFolders(JOB_FOLDER_PREFIX).close()

    def logs_text(self) -> str:
        parts = []
        for path in sorted(self.logs.glob("*.log")):
            parts.append(f"--- {path.name}\n{path.read_text(errors='replace')[-3000:]}")
        return "\n".join(parts)
