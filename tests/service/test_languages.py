"""Languages in the service: a file name's language is the problem's choice for its family, and
a worker never judges in a language that failed its self-test there."""

from __future__ import annotations

from judge.service.store import Job
from tests.conftest import SUM_YAML, write_project
from tests.service.conftest import Api, judging_for

REFERENCE = "a, b = map(int, input().split())\nprint(a + b)\n"


def test_a_py_file_gets_the_problems_default_python(tmp_path, db_url, cache):
    root = write_project(tmp_path / "project", SUM_YAML + "default_python: pypy3\n")
    api = Api(root, db_url, cache)
    try:
        by_name = api.post("/api/submissions", json={"problem": "sum", "source": REFERENCE,
                                                     "filename": "sol.py"})
        named = api.post("/api/submissions", json={"problem": "sum", "source": REFERENCE,
                                                   "filename": "sol.py", "language": "python3"})
        for response, language in ((by_name, "pypy3"), (named, "python3")):
            assert response.status_code == 202, response.text
            assert api.get(response.json()["url"]).json()["language"] == language
    finally:
        api.close()


def test_a_worker_never_judges_in_a_language_that_failed_its_self_test(api, cache, tmp_path):
    body = {"problem": "sum", "language": "python", "source": REFERENCE}  # the id of old
    submission_id = api.post("/api/submissions", json=body).json()["id"]
    reason = "its self-test failed: exited (exit code 1)"
    with judging_for(api, cache, tmp_path, unavailable={"python3": reason}) as job:
        assert "python3" not in job.languages and "python" not in job.languages
        job(Job(submission_id, 1))  # it asks for jobs in its other languages only
    document = api.get(f"/api/submissions/{submission_id}", "admin").json()
    assert document["status"] == "queued" and document["tests"] == [], document
    with judging_for(api, cache, tmp_path / "able") as job:  # a worker that can
        job(Job(submission_id, 1))
    document = api.get(f"/api/submissions/{submission_id}", "admin").json()
    assert document["status"] == "done" and document["verdict"] == "AC", document


def test_the_language_list_says_which_languages_a_live_worker_judges(api):
    before = api.get("/api/languages").json()["items"]
    assert {"python3", "cpp", "java"} <= {item["id"] for item in before}
    assert not any(item["available"] for item in before)  # no worker has said it is alive
    beat = {"worker": "box:1:0", "host": "box", "languages": ["python3", "cpp"],
            "sandbox": "test"}  # fmt: skip
    assert api.post("/api/worker/heartbeat", "worker", json=beat).status_code == 200
    after = {item["id"]: item for item in api.get("/api/languages").json()["items"]}
    assert after["python3"]["available"] and after["python3"]["workers"] == 1
    assert after["cpp"]["available"] and ".cpp" in after["cpp"]["extensions"]
    assert not after["java"]["available"] and after["java"]["workers"] == 0
    assert "python" in after["python3"]["aliases"]


def test_the_language_list_needs_a_signed_in_user(api):
    assert api.client.get("/api/languages").status_code == 401
