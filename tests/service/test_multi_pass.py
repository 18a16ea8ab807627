"""A multi-pass problem judged by the worker's job (the same runner, a real sandbox) through
the API: the passes travel with the package and decide the verdicts as `judge submit`'s do."""

from __future__ import annotations

import pytest

from judge.service.store import Job
from tests.judging.test_multi_pass import SOLUTIONS, count_project


@pytest.fixture
def project_root(tmp_path):
    return count_project(tmp_path)


def test_the_worker_runs_every_pass_of_a_multi_pass_problem(api, judge_job):
    verdicts = {}
    for name in ("reference.py", "stubborn.py"):
        body = {"problem": "count", "language": "python", "source": SOLUTIONS[name]}
        submission_id = api.post("/api/submissions", "alice", json=body).json()["id"]
        judge_job(Job(submission_id, 1))
        judged = api.get(f"/api/submissions/{submission_id}", "admin").json()
        verdicts[name] = [(t["verdict"], t["message"]) for t in judged["tests"]]
    assert verdicts["reference.py"][0] == ("AC", "4 passes")
    assert verdicts["stubborn.py"][0] == ("WA", "pass 3: expected 3")
