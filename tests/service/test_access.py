"""Who sees what: tokens, roles, and hidden tests, with submissions judged for real by the
worker's job (the runner and a real sandbox) through the API."""

from __future__ import annotations

import json


from judge.service.store import Job

# Prints its input to stderr and dies: the exception line quotes the test's input.
LEAKY = "import sys\ndata = sys.stdin.read()\nraise ValueError('input was ' + data)\n"
WRONG = "a, b = map(int, input().split())\nprint(a - b if a < 0 else a + b)\n"
HIDDEN_INPUTS = ("-5 3", "1000000000 1000000000")
HIDDEN_ANSWERS = ("-2", "2000000000")


def judged(api, judge_job, source: str, as_user: str = "alice") -> int:
    body = {"problem": "sum", "language": "python", "source": source}
    submission_id = api.post("/api/submissions", as_user, json=body).json()["id"]
    judge_job(Job(submission_id, 1))
    return submission_id


def test_contestant_sees_samples_in_full_and_hidden_tests_as_verdicts(api, judge_job):
    leaky = judged(api, judge_job, LEAKY)
    wrong = judged(api, judge_job, WRONG)
    for submission_id, verdicts in [(leaky, ["RE", "RE", "RE"]), (wrong, ["AC", "WA", "AC"])]:
        mine = api.get(f"/api/submissions/{submission_id}", "alice").json()
        assert mine["status"] == "done"
        assert [t["verdict"] for t in mine["tests"]] == verdicts
        sample, *hidden = mine["tests"]
        assert sample["name"] == "sample-1"
        for test in hidden:
            assert test["details"] is None and test["message"] == ""
            assert test["time_ms"] >= 0 and test["memory_kb"] >= 0
        text = json.dumps(mine)
        for data in HIDDEN_INPUTS + HIDDEN_ANSWERS:
            assert data not in text, data
    sample = api.get(f"/api/submissions/{leaky}", "alice").json()["tests"][0]
    assert "input was 1 2" in sample["message"]  # samples show everything
    full = api.get(f"/api/submissions/{wrong}", "setter").json()
    assert "-2" in full["tests"][1]["message"] + (full["tests"][1]["details"] or "")
    leaked = api.get(f"/api/submissions/{leaky}", "admin").json()
    assert "input was -5 3" in leaked["tests"][1]["message"]


def test_event_stream_hides_the_same(api, judge_job):
    submission_id = judged(api, judge_job, LEAKY)
    with api.client.stream(
        "GET", f"/api/submissions/{submission_id}/events", headers=api.headers("alice")
    ) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        text = "".join(response.iter_text())
    assert "event: done" in text
    for data in HIDDEN_INPUTS:
        assert data not in text


def test_tokens_are_required_and_checked(api):
    assert api.client.get("/api/problems").status_code == 401
    wrong = api.client.get("/api/problems", headers={"Authorization": "Bearer not-a-token"})
    assert wrong.status_code == 401 and wrong.json()["error"] == "unauthorized"
    basic = api.client.get("/api/problems", headers={"Authorization": "Basic YWxpY2U6eA=="})
    assert basic.status_code == 401


def test_contestants_stay_in_their_lane(api, judge_job):
    submission_id = judged(api, judge_job, WRONG, as_user="alice")
    # Another user's submission is as unknown as one that does not exist: ids tell nothing.
    theirs = api.get(f"/api/submissions/{submission_id}", "bob")
    nobodys = api.get("/api/submissions/999999", "bob")
    assert theirs.status_code == nobodys.status_code == 404
    assert theirs.json()["message"] == f"no submission {submission_id}"
    events = api.get(f"/api/submissions/{submission_id}/events", "bob")
    assert events.status_code == 404
    assert api.get("/api/submissions?user=alice", "bob").status_code == 403
    assert api.post(f"/api/submissions/{submission_id}/rejudge", "bob").status_code == 403
    assert api.post("/api/problems/sum/rejudge", "setter").status_code == 403
    # Worker routes serve test data: no contestant (or setter) gets there.
    claim = api.post("/api/worker/claim", "bob", json={"worker": "x", "languages": ["python"]})
    assert claim.status_code == 403
    with api.database.session() as session:
        from judge.service.models import Submission

        package = session.get(Submission, submission_id).package
    assert api.get(f"/api/worker/packages/{package}", "alice").status_code == 403
    assert api.get(f"/api/worker/packages/{package}", "worker").status_code == 200
    assert api.post("/api/submissions", "worker", json={}).status_code == 403


def test_a_worker_token_reaches_the_worker_routes_only(api, judge_job):
    submission_id = judged(api, judge_job, WRONG)
    for path in ("/api/submissions", f"/api/submissions/{submission_id}", "/api/problems",
                 "/api/problems/sum", f"/api/submissions/{submission_id}/events"):
        refused = api.get(path, "worker")
        assert refused.status_code == 403, path
        assert "/api/worker/" in refused.json()["message"]
    assert api.get("/api/worker/hello", "worker").status_code == 200

def test_one_result_per_attempt_and_rejudge_starts_a_new_one(api, judge_job):
    submission_id = judged(api, judge_job, WRONG)
    worker = api.headers("worker")
    path = f"/api/worker/jobs/{submission_id}"
    claim = {"worker": "w", "languages": ["python"]}
    again = api.client.post("/api/worker/claim", headers=worker, json=claim)
    assert again.status_code == 204  # done: nothing left to claim
    first = api.get(f"/api/submissions/{submission_id}", "setter").json()
    assert first["verdict"] == "WA" and first["attempt"] == 1
    assert first["judging_ms"] > 0  # the runner's own time on the worker

    assert api.post(f"/api/submissions/{submission_id}/rejudge", "admin").status_code == 202
    queued = api.get(f"/api/submissions/{submission_id}", "setter").json()
    assert queued["status"] == "queued" and queued["attempt"] == 2 and queued["verdict"] is None
    late = api.client.post(f"{path}/result", headers=worker, json={"attempt": 1, "error": "late"})
    assert late.status_code == 409  # the old attempt cannot overwrite the new one
    judge_job(Job(submission_id, 2))
    judge_job(Job(submission_id, 2))  # a duplicate delivery changes nothing
    second = api.get(f"/api/submissions/{submission_id}", "setter").json()
    assert second["status"] == "done" and second["attempt"] == 2 and second["verdict"] == "WA"
    assert api.post("/api/problems/sum/rejudge", "admin").json()["submissions"] == 1


def test_a_problem_broken_after_submitting_fails_the_submission_with_the_reason(api):
    body = {"problem": "sum", "language": "python", "source": WRONG}
    submission_id = api.post("/api/submissions", json=body).json()["id"]
    (api.settings.root / "problems" / "sum" / "problem.yaml").write_text("id: [unclosed\n")
    claim = api.post("/api/worker/claim", "worker", json={"worker": "w", "languages": ["python"]})
    assert claim.status_code == 204  # nothing judgeable: it failed instead
    document = api.get(f"/api/submissions/{submission_id}").json()
    assert document["status"] == "failed" and "problem.yaml" in document["error"]
