"""The pages of `judge serve` as a browser would use them (an HTTP client keeping cookies):
signing in and out, CSRF on every form, and the API's access rules on every page, with
submissions judged for real (the worker's job, a real sandbox). What a browser makes of the
pages is checked in tests/browser/test_site.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from judge.service.models import Submission
from judge.service.sessions import csrf_token
from judge.service.store import Job
from judge.web.site import install_site
from tests.service.conftest import Api, judging_for
from tests.service.test_access import HIDDEN_INPUTS, LEAKY, WRONG
from tests.judging.test_interactive import KATTIS_SUM_INTERACTOR, sum_project
from tests.judging.test_scored_problems import SCORED_SOLUTIONS, scored_project

RIGHT = "a, b = map(int, input().split())\nprint(a + b)\n"
# The hidden tests' answers as a page would quote them (a bare "-2" is in "line-2").
HIDDEN_DATA = ("2000000000", "&#39;-2&#39;", "-2\n", ">-2<")
CSRF = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')


@contextmanager
def open_site(root: Path, folder: Path, cache) -> Iterator[Api]:
    """The service with its pages over the project at `root`, its database in `folder`."""
    app = Api(root, f"sqlite:///{folder / 'site.db'}", cache, extensions=[install_site])
    try:
        yield app
    finally:
        app.close()


@pytest.fixture
def site(project_root, tmp_path, cache):
    with open_site(project_root, tmp_path, cache) as app:
        yield app


@pytest.fixture
def judge(site, cache, tmp_path):
    with judging_for(site, cache, tmp_path) as job:
        yield job


class Browser:
    """A browser's cookie jar on the site (TestClient keeps cookies between requests)."""

    def __init__(self, site: Api, https: bool = False):
        base = "https://testserver" if https else "http://testserver"
        self.http = TestClient(site.client.app, base_url=base, follow_redirects=False)

    def csrf(self, path: str = "/signin") -> str:
        return CSRF.search(self.http.get(path).text).group(1)

    def sign_in(self, token: str):
        return self.http.post("/signin", data={"token": token, "csrf_token": self.csrf()})

    def submit(self, csrf: str | None, source: str, language: str = "python", **extra):
        fields = {"problem": "sum", "language": language, "source": source, **extra}
        if csrf is not None:
            fields["csrf_token"] = csrf
        return self.http.post("/submissions", data=fields, files={"file": ("", b"")})


def counts(front_page: str) -> tuple[str, str]:
    """The sum problem's solved / tried counts on the front page."""
    found = re.search(r'"accepted">(\d+)</span> / <span data-field="attempted">(\d+)', front_page)
    return found.groups()


def signed_in(site: Api, name: str) -> Browser:
    browser = Browser(site)
    assert browser.sign_in(site.tokens[name]).status_code == 303
    return browser


def sent(browser: Browser, source: str) -> int:
    """Submitted through the form; the new submission's id."""
    response = browser.submit(browser.csrf("/problems/sum"), source)
    assert response.status_code == 303, response.text
    return int(response.headers["location"].rsplit("/", 1)[1])


def submitted(browser: Browser, judge, source: str) -> int:
    submission_id = sent(browser, source)
    judge(Job(submission_id, 1))
    return submission_id


def test_signing_in_opens_a_session_and_signing_out_ends_it(site):
    browser = Browser(site)
    form = browser.http.get("/signin?next=/submissions")
    anonymous = form.headers["set-cookie"]
    assert "judge_csrf=" in anonymous and "HttpOnly" in anonymous and "SameSite=lax" in anonymous
    csrf = CSRF.search(form.text).group(1)
    unknown = browser.http.post("/signin", data={"token": "nope", "csrf_token": csrf})
    assert unknown.status_code == 401 and "No user has this token" in unknown.text
    worker = browser.http.post("/signin", data={"token": site.tokens["worker"], "csrf_token": csrf})
    assert worker.status_code == 401 and "Worker tokens cannot sign in" in worker.text
    answer = browser.http.post(
        "/signin",
        data={"token": site.tokens["alice"], "csrf_token": csrf, "next": "/submissions"},
    )
    assert answer.status_code == 303 and answer.headers["location"] == "/submissions"
    cookie = answer.headers["set-cookie"]
    assert "judge_session=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # plain http here
    secret = browser.http.cookies["judge_session"]
    assert secret != site.tokens["alice"]  # the API token itself never goes in a cookie
    page = browser.http.get("/submissions")
    assert page.status_code == 200 and 'id="who"' in page.text and "alice" in page.text

    assert browser.http.post("/signout").status_code == 403  # no CSRF token
    out = browser.http.post("/signout", data={"csrf_token": CSRF.search(page.text).group(1)})
    assert out.status_code == 303 and "judge_session" not in browser.http.cookies
    browser.http.cookies.set("judge_session", secret)  # a copy of the cookie is dead too
    assert browser.http.get("/submissions").headers["location"] == "/signin?next=/submissions"


def test_over_https_the_cookies_are_secure(site):
    browser = Browser(site, https=True)
    assert "Secure" in browser.http.get("/signin").headers["set-cookie"]
    answer = browser.sign_in(site.tokens["bob"])
    assert answer.status_code == 303 and "Secure" in answer.headers["set-cookie"]


def test_no_form_posts_without_the_csrf_token_of_its_own_session(site):
    anonymous = Browser(site)
    anonymous.http.get("/signin")
    refused = anonymous.http.post("/signin", data={"token": site.tokens["alice"]})
    assert refused.status_code == 403 and "judge_session" not in anonymous.http.cookies
    forged = anonymous.http.post(
        "/signin", data={"token": site.tokens["alice"], "csrf_token": "f" * 64}
    )
    assert forged.status_code == 403

    alice, admin = signed_in(site, "alice"), signed_in(site, "admin")
    assert alice.submit(None, RIGHT).status_code == 403
    assert alice.submit("0" * 64, RIGHT).status_code == 403
    assert alice.submit(admin.csrf("/"), RIGHT).status_code == 403  # another session's token
    with site.database.session() as session:
        assert session.query(Submission).count() == 0  # nothing was stored
    accepted = alice.submit(alice.csrf("/problems/sum"), RIGHT)
    assert accepted.status_code == 303 and accepted.headers["location"] == "/submissions/1"
    # Every other form too: rejudging, verify runs, signing out.
    for path in ("/submissions/1/rejudge", "/problems/sum/rejudge", "/problems/sum/verify"):
        assert admin.http.post(path).status_code == 403
        assert admin.http.post(path, data={"csrf_token": alice.csrf("/")}).status_code == 403
    assert alice.http.post("/signout").status_code == 403
    # The JSON API with the cookie alone changes nothing; with the header it may.
    body = {"problem": "sum", "language": "python", "source": RIGHT}
    assert alice.http.post("/api/submissions", json=body).status_code == 403
    with_header = {"X-CSRF-Token": alice.csrf("/")}
    assert alice.http.post("/api/submissions", json=body, headers=with_header).status_code == 202


def test_pages_apply_the_api_access_rules(site, judge):
    alice, bob, setter = (signed_in(site, name) for name in ("alice", "bob", "setter"))
    leaky = submitted(alice, judge, LEAKY)
    wrong = submitted(alice, judge, WRONG)
    for submission_id in (leaky, wrong):
        page = bob.http.get(f"/submissions/{submission_id}")
        assert page.status_code == 404 and f"no submission {submission_id}" in page.text
        assert "input was" not in page.text and "print(a - b" not in page.text
    assert bob.http.get("/submissions?user=alice").status_code == 403
    assert f"/submissions/{wrong}" not in bob.http.get("/submissions").text
    assert bob.http.get("/submissions/999").status_code == 404

    for submission_id in (leaky, wrong):
        mine = alice.http.get(f"/submissions/{submission_id}").text
        assert 'id="test-test3"' in mine  # hidden tests as verdicts, by their place
        assert "hand-02-large" not in mine and "hand-01-negative" not in mine
        for data in HIDDEN_INPUTS + HIDDEN_DATA:
            assert data not in mine, data
    mine = alice.http.get(f"/submissions/{leaky}").text
    assert "input was 1 2" in mine  # the sample's stderr, in full
    assert '<span class="k">raise</span>' in mine  # its own source, highlighted
    assert 'class="row-v-WA"' in alice.http.get(f"/submissions/{wrong}").text
    full = setter.http.get(f"/submissions/{leaky}").text
    assert "input was -5 3" in full  # setters see hidden tests in full
    assert "rejudge" not in full  # only admins rejudge
    listing = alice.http.get("/submissions").text
    assert listing.count('<tr data-id="') == 2
    assert 'data-feed-url="/api/submissions/events?' in listing

    problem = Browser(site).http.get("/problems/sum").text  # public, samples only
    assert "Read two integers" in problem and "sample-1.in" in problem
    for data in HIDDEN_INPUTS:
        assert data not in problem
    assert 'id="submit-form"' not in problem and "Sign in</a> to submit" in problem


def test_front_page_lists_problems_with_counts_from_the_database(site, judge):
    assert counts(Browser(site).http.get("/").text) == ("0", "0")
    alice, bob = signed_in(site, "alice"), signed_in(site, "bob")
    submitted(alice, judge, WRONG)
    submitted(alice, judge, RIGHT)
    submitted(bob, judge, WRONG)
    front = Browser(site).http.get("/")
    assert front.status_code == 200 and "Sum of two numbers" in front.text
    assert counts(front.text) == ("1", "2")  # users: alice solved it, bob tried


def test_a_refused_submission_shows_the_form_again_with_the_reason(site):
    alice = signed_in(site, "alice")
    csrf = alice.csrf("/problems/sum")
    no_language = alice.submit(csrf, "print(1)\n", language="")
    assert no_language.status_code == 422
    assert 'id="form-error"' in no_language.text and "language: missing" in no_language.text
    assert "print(1)" in no_language.text  # what was pasted is kept
    both = alice.http.post(
        "/submissions",
        data={"problem": "sum", "language": "", "source": "print(2)\n", "csrf_token": csrf},
        files={"file": ("sol.py", b"print(3)\n")},
    )
    assert both.status_code == 422 and "both a file and pasted text" in both.text
    upload = alice.http.post(
        "/submissions",
        data={"problem": "sum", "language": "", "source": "", "csrf_token": csrf},
        files={"file": ("sol.py", RIGHT.encode())},
    )
    assert upload.status_code == 303  # the language from the file's extension
    unknown = alice.http.post("/submissions", data={"problem": "nope", "csrf_token": csrf})
    assert unknown.status_code == 404 and "<html" in unknown.text  # a page, not JSON
    ended = Browser(site)  # a session that ended while its form was open
    ended.http.cookies.set("judge_session", "gone")
    again = ended.submit(csrf_token("gone"), RIGHT)
    assert again.status_code == 401 and 'id="signin-form"' in again.text


def test_a_broken_package_tells_only_setters_why(site):
    (site.settings.root / "problems/sum/problem.yaml").write_text("id: [unclosed\n")
    public = Browser(site).http.get("/problems/sum")
    assert public.status_code == 404 and "problem.yaml" not in public.text
    assert "sum" not in Browser(site).http.get("/").text.split("<main>")[1].split("</main>")[0]
    setter = signed_in(site, "setter").http.get("/problems/sum")
    assert setter.status_code == 404 and "problem.yaml" in setter.text


def test_a_problem_kept_broken_by_its_import_is_marked_for_setters(site):
    spec = site.settings.root / "problems/sum/problem.yaml"
    spec.write_text(spec.read_text() + "broken: the reference gets WA on test secret-2\n")
    setter = signed_in(site, "setter").http.get("/").text
    assert "broken: the reference gets WA on test secret-2" in setter
    public = Browser(site).http.get("/").text
    assert 'href="/problems/sum"' in public and "secret-2" not in public


def test_a_verify_run_judges_every_bundled_solution_through_the_queue(site, judge):
    solutions = site.settings.root / "solutions" / "sum"
    for label, source in [("wrong_answer/wa.py", WRONG), ("runtime_error/crash.py", LEAKY)]:
        (solutions / label).parent.mkdir(exist_ok=True)
        (solutions / label).write_text(source)
    admin, setter = signed_in(site, "admin"), signed_in(site, "setter")
    assert signed_in(site, "alice").http.get("/problems/sum/verify").status_code == 403
    assert "No verify run yet" in setter.http.get("/problems/sum/verify").text
    started = setter.http.post("/problems/sum/verify", data={"csrf_token": setter.csrf("/")})
    assert started.status_code == 303
    with site.database.session() as session:
        runs = session.query(Submission).filter(Submission.verify_run_id.isnot(None)).all()
        jobs = [Job(s.id, s.attempt) for s in runs]
        assert [(s.filename, s.expected) for s in runs] == [
            ("reference", "AC"),
            ("runtime_error/crash.py", "RE"),
            ("wrong_answer/wa.py", "WA"),
        ]
    pending = site.get("/api/problems/sum/verify", "setter").json()
    assert pending["run"]["complete"] is False and pending["ok"] is False
    assert [entry["verdict"] for entry in pending["solutions"]] == [None, None, None]
    judging = setter.http.get("/problems/sum/verify").text
    assert 'http-equiv="refresh"' in judging and "3 of 3 solutions to go" in judging
    for job in jobs:
        judge(job)
    document = site.get("/api/problems/sum/verify", "admin").json()
    assert document["run"]["complete"] is True and document["run"]["pending"] == 0
    got = [(e["solution"], e["verdict"], e["ok"]) for e in document["solutions"]]
    assert got == [
        ("reference", "AC", True),
        ("runtime_error/crash.py", "RE", True),
        ("wrong_answer/wa.py", "WA", True),
    ]
    wrong = document["solutions"][2]
    assert wrong["tests"] == {"sample-1": "AC", "hand-01-negative": "WA", "hand-02-large": "AC"}
    assert set(wrong["times_ms"]) == set(wrong["tests"])
    # The loose files beside the folders are warned about, as `judge verify` does.
    assert any("ignored: a solution belongs in a verdict folder" in w for w in document["warnings"])
    page = admin.http.get("/problems/sum/verify").text
    assert 'id="matrix-sum"' in page and 'id="chart-margin-sum"' in page
    assert 'id="rejudge-problem"' in page and 'http-equiv="refresh"' not in page
    assert f'href="/submissions/{jobs[2].submission_id}">wrong_answer/wa.py' in page
    # Verify runs are not contest submissions: not listed, not counted.
    assert '<tr data-id="' not in admin.http.get("/submissions").text
    assert counts(Browser(site).http.get("/").text) == ("0", "0")


def test_every_bundled_problem_has_its_page(tmp_path, cache):
    repo = Path(__file__).resolve().parents[2]
    with open_site(repo, tmp_path, cache) as site:
        visitor = Browser(site)
        front = visitor.http.get("/").text
        problem_ids = re.findall(r'<tr data-problem="([\w-]+)"', front)
        assert "sightseeing" in problem_ids and 'id="broken"' not in front
        for problem_id in problem_ids:
            page = visitor.http.get(f"/problems/{problem_id}")
            assert page.status_code == 200, (problem_id, page.text[-500:])
            assert 'id="statement"' in page.text and 'data-sample="sample-1"' in page.text


def group_rows(page: str) -> list[tuple[str, str, str, str]]:
    """Each group's name, verdict, tests judged and score, as the groups table shows them."""
    row = re.compile(
        r'<tr id="group-([\w-]+)".*?data-verdict="(\w*)">.*?data-field="judged">(\d+)</span>'
        r' / \d+</td>\s*<td class="num"><span data-field="score">([^<]*)</span> / ([^<]*)</td>',
        re.S,
    )
    return [
        (name, verdict, judged, f"{score} / {most}")
        for name, verdict, judged, score, most in row.findall(page)
    ]


def test_a_scored_submission_shows_each_groups_score_and_the_total(tmp_path, cache):
    root = scored_project(tmp_path / "project")
    with open_site(root, tmp_path, cache) as site, judging_for(site, cache, tmp_path) as judge:
        alice = signed_in(site, "alice")
        submission_id = sent(alice, SCORED_SOLUTIONS["under_thousand.py"])
        queued = alice.http.get(f"/submissions/{submission_id}").text
        assert group_rows(queued) == [
            ("samples", "", "0", "- / 0"),
            ("small", "", "0", "- / 30"),
            ("pairs", "", "0", "- / 30"),
            ("big", "", "0", "- / 40"),
        ]
        judge(Job(submission_id, 1))
        judged = alice.http.get(f"/submissions/{submission_id}").text
        assert group_rows(judged) == [
            ("samples", "AC", "1", "0 / 0"),
            ("small", "AC", "2", "30 / 30"),
            ("pairs", "WA", "2", "15 / 30"),
            ("big", "WA", "1", "0 / 40"),
        ]
        assert '<span data-field="score">45</span> / 100' in judged
        assert "judging stopped after test6 (WA)" in judged  # big-1, by its place
        # Wrong on small: big, which depends on it, is never judged.
        submission_id = submitted(alice, judge, SCORED_SOLUTIONS["no_negatives.py"])
        page = alice.http.get(f"/submissions/{submission_id}").text
        assert group_rows(page)[1:] == [
            ("small", "WA", "2", "0 / 30"),
            ("pairs", "AC", "2", "30 / 30"),
            ("big", "", "0", "0 / 40"),
        ]
        big = page[page.index('id="group-big"') :]
        assert big.index('title="not judged">–') < big.index("depends on group &#39;small&#39;")


def test_an_interactive_submission_has_its_page(tmp_path, cache):
    root = sum_project(tmp_path / "project", "kattis", KATTIS_SUM_INTERACTOR)
    with open_site(root, tmp_path, cache) as site, judging_for(site, cache, tmp_path) as judge:
        alice = signed_in(site, "alice")
        problem = alice.http.get("/problems/sum").text
        assert "interactive (kattis)" in problem and 'id="submit-form"' in problem
        page = alice.http.get(f"/submissions/{submitted(alice, judge, RIGHT)}")
        assert page.status_code == 200
        assert 'id="summary" data-verdict="AC"' in page.text and 'id="groups"' not in page.text


def test_a_verify_run_holds_each_solution_to_the_score_it_declares(tmp_path, cache):
    under_thousand = SCORED_SOLUTIONS["under_thousand.py"]
    root = scored_project(
        tmp_path / "project",
        solutions={
            "reference.py": SCORED_SOLUTIONS["reference.py"],
            "partially_accepted/right.py": "# @EXPECTED_SCORE@: 45\n" + under_thousand,
            "partially_accepted/wrong.py": "# @EXPECTED_SCORE@: 60\n" + under_thousand,
        },
    )
    with open_site(root, tmp_path, cache) as site, judging_for(site, cache, tmp_path) as judge:
        setter = signed_in(site, "setter")
        setter.http.post("/problems/sum/verify", data={"csrf_token": setter.csrf("/")})
        with site.database.session() as session:
            runs = session.query(Submission).filter(Submission.verify_run_id.isnot(None)).all()
            jobs = [Job(s.id, s.attempt) for s in runs]
        for job in jobs:
            judge(job)
        document = site.get("/api/problems/sum/verify", "setter").json()
    got = {e["solution"]: (e["ok"], e["errors"]) for e in document["solutions"]}
    assert got["partially_accepted/right.py"] == (True, [])
    assert got["partially_accepted/wrong.py"] == (False, ["scores 45 of 100, but declares 60"])
    assert document["ok"] is False
