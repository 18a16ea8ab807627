"""A worker whose sandbox fails: no JE stored as a verdict, submissions end `failed` with the
reason, and after a few such jobs the worker stops taking jobs and says why."""

from __future__ import annotations

import pytest

from judge.sandbox import open_sandbox
from judge.service.client import ServiceClient
from judge.service.judging import JOB_FOLDER_PREFIX, JudgeJob, SandboxBroken
from judge.sandbox.owned_folders import OwnedFolders
from judge.service.packages import PackageCache
from judge.service.sandbox_faults import FAILING_JOBS
from judge.service.store import Job
from tests.service.conftest import Api

REFERENCE = "a, b = map(int, input().split())\nprint(a + b)\n"


def test_a_failing_sandbox_fails_submissions_with_the_reason_then_the_worker_stops(
    project_root, db_url, cache, tmp_path
):
    from fastapi.testclient import TestClient

    api = Api(project_root, db_url, cache, rate_limit=FAILING_JOBS + 2)
    http = TestClient(api.client.app, base_url="http://testserver")
    broken = open_sandbox(cache)
    broken.close()  # every run it is asked for now fails in the sandbox, not in the program
    folders = OwnedFolders(JOB_FOLDER_PREFIX, tmp_path)
    try:
        body = {"problem": "sum", "language": "python3", "source": REFERENCE}
        ids = [api.post("/api/submissions", json=body).json()["id"]
               for _ in range(FAILING_JOBS + 1)]
        client = ServiceClient("http://testserver", api.tokens["worker"], http=http)
        job = JudgeJob(client, PackageCache(tmp_path / "packages"), lambda: broken, folders)
        for submission_id in ids[:FAILING_JOBS]:
            job(Job(submission_id, 1))
            document = api.get(f"/api/submissions/{submission_id}", "admin").json()
            assert document["status"] == "failed", document
            assert document["verdict"] is None
            assert "sandbox" in document["error"] and "closed" in document["error"], document
        assert job.health.broken.startswith(f"the sandbox failed {FAILING_JOBS} jobs in a row")
        with pytest.raises(SandboxBroken, match="takes no jobs"):
            job(Job(ids[-1], 1))
        last = api.get(f"/api/submissions/{ids[-1]}", "admin").json()
        assert last["status"] == "queued", last  # left for a worker whose sandbox works
    finally:
        folders.close()
        http.close()
        api.close()
