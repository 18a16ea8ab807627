"""What an operator needs during a contest: users and tokens (the CLI and the admin page),
the queue and its workers, /healthz, /metrics; and the API's answers to numbers and bodies
no client should send (4xx, never 500), hidden tests' names, the API browser offline."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from judge.cli import cli
from judge.web.site import install_site
from tests.service.conftest import Api
from tests.service.test_access import WRONG, judged
from tests.service.test_pages import signed_in

HUGE = 2**63


def test_numbers_no_database_holds_are_refused_not_500(api):
    for path in (f"/api/submissions/{HUGE}", f"/api/submissions/{10**30}/events",
                 "/api/submissions/0", "/api/submissions/-1"):
        answer = api.get(path, "setter")
        assert answer.status_code == 404, (path, answer.text)
    assert api.post(f"/api/submissions/{HUGE}/rejudge", "admin").status_code == 404
    for offset in (HUGE, 10**30):
        answer = api.get(f"/api/submissions?offset={offset}", "setter")
        assert answer.status_code == 422, answer.text
    result = {"attempt": 1, "error": "x"}
    answer = api.post(f"/api/worker/jobs/{HUGE}/result", "worker", json=result)
    assert answer.status_code == 422


def test_json_nested_thousands_deep_is_a_bad_request(api):
    deep = b"[" * 2000 + b"]" * 2000
    headers = api.headers("alice") | {"content-type": "application/json"}
    answer = api.client.post("/api/submissions", content=deep, headers=headers)
    assert answer.status_code == 400 and "nested too deep" in answer.json()["message"]
    body = b'{"attempt": 1, "cases": ' + deep + b"}"
    worker = api.headers("worker") | {"content-type": "application/json"}
    answer = api.client.post("/api/worker/jobs/1/progress", content=body, headers=worker)
    assert 400 <= answer.status_code < 500


def test_contestants_see_hidden_tests_by_their_place_not_their_name(api, judge_job):
    submission_id = judged(api, judge_job, WRONG)
    mine = api.get(f"/api/submissions/{submission_id}", "alice").json()
    assert [t["name"] for t in mine["tests"]] == ["sample-1", "test2", "test3"]
    assert "hand-01-negative" not in json.dumps(mine) and "hand-02" not in json.dumps(mine)
    full = api.get(f"/api/submissions/{submission_id}", "setter").json()
    assert [t["name"] for t in full["tests"]] == ["sample-1", "hand-01-negative", "hand-02-large"]
    with api.client.stream(
        "GET", f"/api/submissions/{submission_id}/events", headers=api.headers("alice")
    ) as response:
        text = "".join(response.iter_text())
    assert '"test2"' in text and "hand-01" not in text


def test_a_lazy_submission_names_the_tests_it_did_not_run(tmp_path, cache):
    from tests.conftest import write_project
    from tests.service.conftest import judging_for

    root = write_project(tmp_path / "lazy")  # pass-fail, no `judging: all_tests`
    api = Api(root, f"sqlite:///{tmp_path / 'lazy.db'}", cache, extensions=[install_site])
    try:
        with judging_for(api, cache, tmp_path) as job:
            submission_id = judged(api, job, WRONG)
        mine = api.get(f"/api/submissions/{submission_id}", "alice").json()
        assert [t["verdict"] for t in mine["tests"]] == ["AC", "WA"]
        assert mine["skipped"] == ["test3"] and mine["total_tests"] == 3
        setter = api.get(f"/api/submissions/{submission_id}", "setter").json()
        assert setter["skipped"] == ["hand-02-large"]
        page = signed_in(api, "alice").http.get(f"/submissions/{submission_id}").text
        row = page[page.index('id="test-test3"'):]
        assert 'title="not judged">–' in row.split("</tr>")[0]
        assert ">not run</td>" in row.split("</tr>")[0]
    finally:
        api.close()


def test_the_api_browser_works_offline(api):
    page = api.client.get("/api/docs")
    assert page.status_code == 200
    scripts = re.findall(r'src="([^"]+)"', page.text) + re.findall(r'href="([^"]+)"', page.text)
    assert scripts and all(url.startswith("/api/") for url in scripts), scripts
    for url in scripts:
        assert api.client.get(url).status_code == 200, url


def test_healthz_and_metrics(api, judge_job):
    health = api.client.get("/healthz")
    assert health.status_code == 200
    assert health.json() == {"status": "ok", "database": "ok", "queue": "ok"}
    judged(api, judge_job, WRONG)
    text = api.client.get("/metrics").text
    assert 'judge_submissions_total{language="python3"} 1.0' in text
    assert 'judge_results_total{language="python3",verdict="WA"} 1.0' in text
    assert 'judge_judging_seconds_count{language="python3"} 1.0' in text
    assert "judge_queue_wait_seconds_count 1.0" in text


def test_user_list_remove_and_a_new_token_on_the_command_line(project_root, tmp_path):
    db = ["--db", f"sqlite:///{tmp_path / 'users.db'}"]
    runner = CliRunner()

    def judge(*args, **kwargs):
        return runner.invoke(cli, ["--root", str(project_root), "user", *args, *db], **kwargs)

    old = judge("add", "carol").stdout.strip().splitlines()[-1]
    judge("add", "dave", "--role", "setter")
    listing = judge("list")
    assert listing.exit_code == 0
    assert re.search(r"^carol\s+contestant\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+0$",
                     listing.stdout, re.M), listing.stdout  # fmt: skip
    assert old not in listing.stdout
    shown = judge("token", "carol")
    assert shown.exit_code == 2 and "--rotate" in shown.output
    rotated = judge("token", "carol", "--rotate")
    new = rotated.stdout.strip().splitlines()[-1]
    assert rotated.exit_code == 0 and new != old
    from judge.service.auth import user_for_token
    from judge.service.db import Database

    database = Database(db[1])
    try:
        with database.session() as session:
            assert user_for_token(session, old) is None
            assert user_for_token(session, new).name == "carol"
    finally:
        database.close()
    assert judge("remove", "nobody").exit_code == 2
    removed = judge("remove", "carol")
    assert removed.exit_code == 0 and "removed, with 0 submissions" in removed.stdout
    assert "carol" not in judge("list").stdout


def test_removing_a_user_with_submissions_asks_first(project_root, tmp_path, cache):
    url = f"sqlite:///{tmp_path / 'j.db'}"
    api = Api(project_root, url, cache, rate_limit=5)
    try:
        api.post("/api/submissions", "bob",
                 json={"problem": "sum", "language": "python", "source": WRONG})  # fmt: skip
    finally:
        api.close()
    args = ["--root", str(project_root), "user", "remove", "bob", "--db", url]
    refused = CliRunner().invoke(cli, args, input="n\n")
    assert refused.exit_code == 1 and "has 1 submissions" in refused.output
    done = CliRunner().invoke(cli, [*args, "--yes"])
    assert done.exit_code == 0 and "with 1 submissions" in done.stdout


def test_admins_manage_users_on_a_page(tmp_path, project_root, cache):
    api = Api(project_root, f"sqlite:///{tmp_path / 'admin.db'}", cache,
              extensions=[install_site])  # fmt: skip
    try:
        assert signed_in(api, "setter").http.get("/admin/users").status_code == 403
        admin = signed_in(api, "admin")
        page = admin.http.get("/admin/users")
        assert page.status_code == 200 and 'data-user="alice"' in page.text
        csrf = admin.csrf("/admin/users")
        added = admin.http.post("/admin/users", data={"name": "erin", "role": "contestant",
                                                       "csrf_token": csrf})  # fmt: skip
        token = re.search(r'<pre id="token" data-user="erin">([^<]+)</pre>', added.text).group(1)
        assert api.client.get("/api/problems", headers=_bearer(token)).status_code == 200
        bad = admin.http.post("/admin/users", data={"name": "../x", "csrf_token": csrf})
        assert bad.status_code == 422 and "user name" in bad.text

        old = api.tokens["alice"]
        rotated = admin.http.post("/admin/users/alice/token", data={"csrf_token": csrf})
        new = re.search(r'data-user="alice">([^<]+)</pre>', rotated.text).group(1)
        assert api.client.get("/api/problems", headers=_bearer(old)).status_code == 401
        assert api.client.get("/api/problems", headers=_bearer(new)).status_code == 200

        gone = admin.http.post("/admin/users/bob/remove", data={"csrf_token": csrf})
        assert gone.status_code == 303
        bob = api.client.get("/api/problems", headers=api.headers("bob"))
        assert bob.status_code == 401
        assert 'data-user="bob"' not in admin.http.get("/admin/users").text
        assert admin.http.post("/admin/users/bob/remove", data={"csrf_token": csrf}).status_code \
            == 404
    finally:
        api.close()


def test_the_queue_page_shows_what_is_next_and_every_judging_process(tmp_path, project_root,
                                                                     cache):  # fmt: skip
    api = Api(project_root, f"sqlite:///{tmp_path / 'queue.db'}", cache,
              extensions=[install_site], rate_limit=50)  # fmt: skip
    try:
        body = {"problem": "sum", "language": "python", "source": WRONG}
        alice = [api.post("/api/submissions", "alice", json=body).json()["id"] for _ in range(3)]
        bob = api.post("/api/submissions", "bob", json=body).json()["id"]
        beat = {"worker": "box:42:0", "host": "box", "languages": ["python", "cpp"],
                "sandbox": "jail, cgroup v1, isolated"}  # fmt: skip
        assert api.post("/api/worker/heartbeat", "worker", json=beat).status_code == 200
        claim = api.post("/api/worker/claim", "worker",
                         json={"worker": "box:42:0", "languages": ["python"]})  # fmt: skip
        assert claim.json()["submission_id"] == alice[0]
        admin = signed_in(api, "admin")
        page = admin.http.get("/admin/queue").text
        order = re.findall(r'<tr data-id="(\d+)">', page)
        assert order == [str(bob), str(alice[1]), str(alice[2])]  # bob's turn comes first
        worker = page[page.index('data-worker="worker/box:42:0"'):].split("</tr>")[0]
        assert 'data-state="alive"' in worker and "python, cpp" in worker
        assert "jail, cgroup v1, isolated" in worker
        assert f'href="/submissions/{alice[0]}">#{alice[0]}' in worker  # judging it now
        assert 'data-field="queued">3</span> queued (practice 3)' in page
        assert signed_in(api, "setter").http.get("/admin/queue").status_code == 403
    finally:
        api.close()


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}

