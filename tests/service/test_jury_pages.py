"""The pages around a contest as a browser uses them: a team asks on the clarifications page
and sees only its own; the jury answers there; a runner marks a balloon done; an admin makes,
reads and applies a rejudging from its pages (CSRF on every form)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from judge.service.auth import add_user
from judge.service.contests import store_contest
from judge.service.models import Role
from judge.web.site import install_site
from tests.service.conftest import Api
from tests.service.test_balloons import BALLOON_CUP, send
from tests.service.test_pages import Browser


@pytest.fixture
def site(project_root, db_url, cache):
    app = Api(project_root, db_url, cache, extensions=[install_site], rate_limit=50)
    with app.database.writing() as session:
        app.tokens["runner"] = add_user(session, "runner", Role.CONTESTANT)
        store_contest(session, BALLOON_CUP)
    try:
        yield app
    finally:
        app.close()


def browser(site, name) -> Browser:
    b = Browser(site)
    assert b.sign_in(site.tokens[name]).status_code == 303
    return b


def test_a_team_asks_on_the_page_and_the_jury_answers_there(site):
    alice, bob, setter = browser(site, "alice"), browser(site, "bob"), browser(site, "setter")
    page = "/contests/cup/clarifications"
    asked = alice.http.post(page, data={"text": "Is the input <b>one line</b>?",
                                        "problem": "sum", "csrf_token": alice.csrf(page)})
    assert asked.status_code == 303
    mine = alice.http.get(page).text
    assert "Is the input &lt;b&gt;one line&lt;/b&gt;?" in mine and 'data-events="/api/' in mine
    assert "one line" not in bob.http.get(page).text  # another team's question
    no_csrf = bob.http.post(page, data={"text": "hello"})
    assert no_csrf.status_code == 403
    jury = setter.http.get(page).text
    assert "one line" in jury and "answers #" in jury
    setter.http.post(page, data={"text": "Yes, one line.", "reply_to": "1", "to": "all",
                                 "csrf_token": setter.csrf(page)})
    theirs = bob.http.get(page).text
    assert "Yes, one line." in theirs and "one line</b>?" not in theirs  # quoted, escaped
    assert "Is the input &lt;b&gt;one line&lt;/b&gt;?" in theirs
    refused = alice.http.post(page, data={"text": " ", "csrf_token": alice.csrf(page)})
    assert refused.status_code == 422 and "the text is empty" in refused.text


def test_a_runner_marks_a_balloon_done_on_the_page(site):
    balloon = send(site, "t1", "sum", 10, "AC")
    runner = browser(site, "runner")
    page = runner.http.get("/contests/cup/balloons").text
    assert f'data-submission="{balloon}" data-done="no"' in page and "first to solve A" in page
    runner.http.post(f"/contests/cup/balloons/{balloon}",
                     data={"done": "yes", "csrf_token": runner.csrf("/contests/cup/balloons")})
    assert f'data-submission="{balloon}" data-done="yes"' in runner.http.get(
        "/contests/cup/balloons").text
    assert browser(site, "alice").http.get("/contests/cup/balloons").status_code == 403


def test_the_balloon_page_follows_the_contests_freeze_setting(site):
    during = send(site, "t2", "sum", 250, "AC")  # the freeze starts at 4:00
    runner = browser(site, "runner")
    page = runner.http.get("/contests/cup/balloons").text
    assert f'data-submission="{during}"' not in page
    assert "none for what was sent during the freeze" in page
    with site.database.writing() as session:
        store_contest(session, replace(BALLOON_CUP, balloons_after_freeze=True))
    page = runner.http.get("/contests/cup/balloons").text
    assert f'data-submission="{during}"' in page
    assert "also for what was sent during the freeze" in page


def test_an_admin_makes_and_cancels_a_rejudging_from_its_pages(site):
    wrong = send(site, "t1", "sum", 10, "WA")
    admin = browser(site, "admin")
    made = admin.http.post("/admin/rejudgings", data={
        "submissions": str(wrong), "reason": "checker fixed",
        "csrf_token": admin.csrf("/admin/rejudgings")})
    assert made.status_code == 303
    page = admin.http.get(made.headers["location"]).text
    assert f'data-submission="{wrong}"' in page and ">queued<" in page and 'id="cancel"' in page
    assert 'id="apply"' not in page  # not judged yet
    listing = admin.http.get("/admin/rejudgings").text
    assert "checker fixed" in listing
    again = admin.http.post("/admin/rejudgings", data={
        "submissions": str(wrong), "csrf_token": admin.csrf("/admin/rejudgings")})
    assert again.status_code == 422 and "open rejudging" in again.text
    admin.http.post(made.headers["location"] + "/cancel",
                    data={"csrf_token": admin.csrf("/admin/rejudgings")})
    assert '<span id="state">cancelled</span>' in admin.http.get(made.headers["location"]).text
    assert browser(site, "setter").http.get("/admin/rejudgings").status_code == 403
