"""An admin creates a contest on the pages of `judge serve` in a real browser: the form's
fields, a problem and a team with members typed into its rows, a mistake shown beside its
field with nothing typed lost, the new member's token, and the contest on /contests. Then a
team member of the contest (its window per team) presses start and only then sees the
problem."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import pytest

from tests.browser.test_site import shoot
from tests.conftest import write_project
from tests.service.processes import JudgeServer, add_user
from tests.service.stack import QUICK_TESTS, QUICK_YAML


@dataclass(frozen=True)
class Served:
    url: str
    tokens: dict[str, str]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = tmp_path_factory.mktemp("contest-admin")
    root = write_project(folder / "project", problem_yaml=QUICK_YAML, tests=QUICK_TESTS,
                         problem_id="quick")
    env = dict(os.environ, JUDGE_CACHE_DIR=str(tmp_path_factory.getbasetemp() / "judge-cache"))
    env.pop("JUDGE_TOKEN", None)
    env.pop("JUDGE_ROOT", None)
    tokens = {name: add_user(root, None, name, role, env)
              for name, role in {"root": "admin", "alice": "contestant"}.items()}
    # Nothing here is judged: the service need not prove its sandbox first.
    server = JudgeServer(root, None, env, folder / "serve.log", "--unsandboxed")
    try:
        server.start()
        yield Served(server.url, tokens)
    finally:
        server.stop()


def sign_in(browser, served: Served, name: str, start: str) -> None:
    browser.driver.delete_all_cookies()
    browser.open(served.url + "/signin?next=" + start)
    browser.find("#token").send_keys(served.tokens[name])
    browser.find("#signin-button").click()
    browser.wait_for(f"document.getElementById('who') && location.pathname === '{start}'")


def type_into(browser, fields: dict[str, str]) -> None:
    for field_id, value in fields.items():
        element = browser.find(f"#{field_id}")
        element.clear()
        element.send_keys(value)


def test_an_admin_creates_a_contest_and_a_team_starts_its_window(browser, served: Served):
    sign_in(browser, served, "root", "/contests")
    browser.find("#new-contest").click()
    browser.wait_for("document.getElementById('contest-form')")
    start = (datetime.now(timezone.utc) - timedelta(hours=1)).strftime("%Y-%m-%d %H:%M")
    type_into(browser, {
        "id": "spring", "name": "Spring Cup", "start_time": start,
        "duration": "5 hours",  # a mistake: not h:mm:ss
        "freeze": "1:00:00", "team_duration": "2:00:00",
        "problem-0-label": "A", "problem-0-problem": "quick", "problem-0-color": "green",
        "problem-0-rgb": "#008000",
        "team-0-id": "t1", "team-0-name": "Alpha", "team-0-members": "alice carol",
        "team-0-extra_time": "0:10:00",
    })
    browser.find("#save-contest").click()
    browser.wait_for("document.getElementById('error-duration')")
    browser.expect_status(422)
    assert browser.find("#error-duration").text == "a length as h:mm:ss"
    # beside its field, and everything typed still there
    assert browser.js("return document.getElementById('error-duration').parentElement"
                      ".querySelector('input').id") == "duration"
    kept = {key: browser.find(f"#{key}").get_attribute("value")
            for key in ("name", "problem-0-problem", "team-0-members", "team-0-extra_time")}
    assert kept == {"name": "Spring Cup", "problem-0-problem": "quick",
                    "team-0-members": "alice carol", "team-0-extra_time": "0:10:00"}
    shoot(browser, "contest-form-refused")
    type_into(browser, {"duration": "5:00:00"})
    browser.find("#save-contest").click()
    browser.wait_for("document.getElementById('tokens')")
    assert browser.find("#tokens").text.startswith("carol ")  # alice was a user already
    browser.open(served.url + "/contests")
    row = browser.find("#contests tr[data-contest='spring']")
    assert "Spring Cup" in row.text and "5:00:00" in row.text and "running" in row.text
    browser.open(served.url + "/contests/spring")
    assert browser.find("#contest-problems tr[data-problem='quick']").text.startswith("A")

    sign_in(browser, served, "alice", "/contests/spring")
    assert browser.find_all("#problems-hidden") and not browser.find_all("#contest-problems")
    browser.find("#start-window").click()
    browser.wait_for("document.querySelector(\"#contest-problems tr[data-problem='quick']\")")
    assert browser.find_all("#submit-form")
    # two hours from the press, then the team's ten extra minutes
    text = browser.find("#team-window").text
    begin, end = re.search(r"window: (\S+ \S+) to (\S+ \S+) UTC", text).groups()
    assert datetime.fromisoformat(end) - datetime.fromisoformat(begin) == timedelta(hours=2,
                                                                                  minutes=10)
    shoot(browser, "contest-team-started")
