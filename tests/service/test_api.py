"""The API on SQLite and on a real PostgreSQL: submitting, reading, listing, refusing."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from judge.service.models import Submission

REFERENCE = "a, b = map(int, input().split())\nprint(a + b)\n"


def submit(api, as_user="alice", **fields):
    body = {"problem": "sum", "language": "python", "source": REFERENCE} | fields
    return api.post("/api/submissions", as_user, json=body)


def stored(api) -> int:
    with api.database.session() as session:
        return session.scalar(select(func.count(Submission.id)))


def test_submission_is_stored_queued_then_readable(api):
    response = submit(api)
    assert response.status_code == 202, response.text
    submission_id = response.json()["id"]
    assert api.queued_messages() == 1
    document = api.get(f"/api/submissions/{submission_id}").json()
    assert document["id"] == submission_id
    assert document["user"] == "alice"
    assert document["status"] == "queued"
    assert document["problem"] == "sum" and document["language"] == "python3"
    assert document["verdict"] is None and document["tests"] == []
    assert document["submitted_at"].endswith(("Z", "+00:00"))


def test_multipart_upload_with_a_path_trick_in_the_file_name(api):
    response = api.post(
        "/api/submissions",
        data={"problem": "sum"},
        files={"file": ("../../etc/passwd.py", REFERENCE.encode(), "text/x-python")},
    )
    assert response.status_code == 202, response.text
    document = api.get(response.json()["url"]).json()
    assert document["solution"] == "passwd.py"  # a label, never a path
    assert document["language"] == "python3"  # from the extension


def test_list_filters_and_pages(api):
    for _ in range(3):
        submit(api, "alice")
    submit(api, "bob")
    page = api.get("/api/submissions?limit=2&offset=0", "setter").json()
    assert page["total"] == 4 and len(page["items"]) == 2
    assert page["items"][0]["id"] > page["items"][1]["id"]  # newest first
    assert api.get("/api/submissions?user=bob", "setter").json()["total"] == 1
    assert api.get("/api/submissions?problem=nothing", "setter").json()["total"] == 0
    mine = api.get("/api/submissions", "bob").json()
    assert mine["total"] == 1 and mine["items"][0]["user"] == "bob"


BAD_INPUT = [
    ("unknown problem", {"problem": "nothing"}, 404),
    ("unknown language", {"language": "cobol"}, 422),
    ("empty source", {"source": "  \n"}, 422),
    ("binary source", {"source": "print(1)\x00\x01"}, 422),
    ("oversized source", {"source": "#" * (64 * 1024 + 1)}, 413),
    ("wrong type", {"problem": 7}, 422),
    ("unknown field", {"priority": "high"}, 422),
    ("path as problem", {"problem": "../../etc"}, 404),
    ("SQL-ish problem", {"problem": "sum'; DROP TABLE submissions; --"}, 404),
]


@pytest.mark.parametrize("what, fields, status", BAD_INPUT, ids=[b[0] for b in BAD_INPUT])
def test_bad_input_is_refused_and_nothing_is_stored(api, what, fields, status):
    response = submit(api, **fields)
    assert response.status_code == status, response.text
    error = response.json()
    assert error["status"] == status and error["message"]
    assert stored(api) == 0 and api.queued_messages() == 0


def test_malformed_bodies_are_refused(api):
    headers = api.headers("alice") | {"content-type": "application/json"}
    cases = [
        (dict(content=b'{"problem": "sum",', headers=headers), 400),
        (dict(content=b"[1, 2]", headers=headers), 422),
        (dict(content=b"problem=sum", headers=api.headers("alice")), 415),
        (
            dict(
                content=b"--x\r\nContent-Disposition: form-data; name=problem\r\n\r\nsum",
                headers=api.headers("alice") | {"content-type": "multipart/form-data"},
            ),
            400,
        ),
    ]
    for kwargs, status in cases:
        response = api.client.post("/api/submissions", **kwargs)
        assert response.status_code == status, (kwargs, response.text)
        assert response.json()["status"] == status
    assert stored(api) == 0


def test_huge_bodies_are_refused_before_they_are_read(api):
    big = b"x" * (api.settings.max_body + 1)
    response = api.post(
        "/api/submissions", data={"problem": "sum"}, files={"file": ("a.py", big, "text/plain")}
    )
    assert response.status_code == 413
    assert response.json()["error"] == "too_large"

    def chunks():  # no Content-Length: counted as it arrives
        for _ in range(40):
            yield b"y" * 16384

    headers = api.headers("alice") | {"content-type": "application/json"}
    response = api.client.post("/api/submissions", content=chunks(), headers=headers)
    assert response.status_code == 413
    assert stored(api) == 0


def test_sql_ish_filters_are_just_values(api):
    submit(api)
    response = api.get("/api/submissions?user=alice' OR '1'='1", "setter")
    assert response.status_code == 200 and response.json()["total"] == 0
    assert stored(api) == 1


def test_rate_limit_per_user(api):
    for _ in range(api.settings.rate_limit):
        assert submit(api, "bob").status_code == 202
    refused = submit(api, "bob")
    assert refused.status_code == 429 and refused.headers["retry-after"]
    assert submit(api, "alice").status_code == 202  # per user
    assert submit(api, "admin").status_code == 202
    assert stored(api) == api.settings.rate_limit + 2


def test_problems_show_statement_limits_and_samples_only(api):
    problems = api.get("/api/problems").json()
    assert [p["id"] for p in problems["items"]] == ["sum"]
    problem = api.get("/api/problems/sum").json()
    assert problem["limits"]["time_ms"] == 1000 and "Sum" in problem["statement"]
    assert problem["samples"] == [{"name": "sample-1", "input": "1 2\n", "answer": "3\n"}]
    assert "1000000000" not in json.dumps(problem)  # a hidden test's data
    assert api.get("/api/problems/nothing").status_code == 404


def test_openapi_schema_describes_the_api(api):
    schema = api.client.get("/api/openapi.json").json()
    paths = schema["paths"]
    for path in (
        "/api/submissions",
        "/api/submissions/{submission_id}",
        "/api/submissions/{submission_id}/events",
        "/api/problems",
        "/api/problems/{problem_id}",
        "/api/submissions/{submission_id}/rejudge",
        "/api/problems/{problem_id}/rejudge",
    ):
        assert path in paths, path
    assert "SubmissionDocument" in schema["components"]["schemas"]


def test_unknown_routes_and_methods_are_json_errors(api):
    missing = api.get("/api/nothing")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
    wrong = api.client.delete("/api/problems", headers=api.headers("alice"))
    assert wrong.status_code == 405 and wrong.json()["status"] == 405
    invalid = api.get("/api/submissions/abc")
    assert invalid.status_code == 422 and invalid.json()["error"] == "invalid"
