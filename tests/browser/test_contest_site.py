"""A contest on `judge serve` in a real browser: the contest imported with `judge contest
import`, two teams submitting through the contest page and judged by the real sandbox, the
jury's scoreboard changing live without a reload, the public's frozen one, and the thaw (from
the contest page, and one by `judge contest thaw`, another process, reaching an open page).

The contest runs now by the real clock: it started 4.5 hours ago, its last hour (the freeze)
began half an hour ago, and it ends in half an hour."""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

import httpx
import pytest

from tests.browser.test_site import shoot
from tests.conftest import write_project
from tests.service.processes import JUDGE, JudgeServer
from tests.service.stack import QUICK_TESTS, QUICK_YAML

RIGHT = "a, b = map(int, input().split())\nprint(a + b)\n"
WRONG = "a, b = map(int, input().split())\nprint(a * b)\n"
CELL = "return document.querySelector(\"#scoreboard tr[data-team='{team}'] td.cell\").className"


@dataclass(frozen=True)
class Contest:
    url: str
    root: Path
    env: dict[str, str]
    tokens: dict[str, str]

    def judge(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([*JUDGE, "--root", str(self.root), *args], env=self.env,
                              capture_output=True, text=True, timeout=120)

    def api_submit(self, user: str, source: str) -> int:
        answer = httpx.post(
            self.url + "/api/submissions",
            headers={"Authorization": f"Bearer {self.tokens[user]}"},
            json={"problem": "quick", "language": "python", "source": source, "contest": "live"},
            timeout=30,
        )
        assert answer.status_code == 202, answer.text
        return answer.json()["id"]


def package(folder: Path) -> Path:
    folder.mkdir(parents=True)
    start = datetime.now(timezone.utc) - timedelta(hours=4, minutes=30)
    (folder / "contest.yaml").write_text(
        f"id: live\nname: Live Cup\nstart_time: {start.isoformat(timespec='seconds')}\n"
        "duration: 5:00:00\nscoreboard_freeze_duration: 1:00:00\npenalty_time: 20\n"
    )
    (folder / "problems.yaml").write_text("- id: quick\n  label: A\n  rgb: '#2e8b57'\n")
    (folder / "organizations.json").write_text(json.dumps([{"id": "kth", "name": "KTH"}]))
    (folder / "teams.json").write_text(json.dumps([
        {"id": "t1", "name": "Alpha", "organization_id": "kth"},
        {"id": "t2", "name": "Beta", "organization_id": "kth"},
    ]))
    (folder / "accounts.json").write_text(json.dumps([
        {"id": "a1", "username": "team1", "type": "team", "team_id": "t1"},
        {"id": "a2", "username": "team2", "type": "team", "team_id": "t2"},
        {"id": "j", "username": "chief", "type": "admin"},
    ]))
    return folder


@pytest.fixture(scope="module")
def contest(tmp_path_factory, isolation_flags):
    folder = tmp_path_factory.mktemp("contest-site")
    root = write_project(folder / "project", problem_yaml=QUICK_YAML, tests=QUICK_TESTS,
                         problem_id="quick")
    env = dict(os.environ, JUDGE_CACHE_DIR=str(tmp_path_factory.getbasetemp() / "judge-cache"))
    env.pop("JUDGE_TOKEN", None)
    env.pop("JUDGE_ROOT", None)
    imported = subprocess.run(
        [*JUDGE, "--root", str(root), "contest", "import", str(package(folder / "live"))],
        env=env, capture_output=True, text=True, timeout=120)
    assert imported.returncode == 0, imported.stderr
    lines = imported.stdout.split("shown only now", 1)[1].splitlines()[1:]
    tokens = dict(line.split() for line in lines if line.strip())
    server = JudgeServer(root, None, env, folder / "serve.log", "--processes", "2",
                         *isolation_flags)
    try:
        server.start()
        server.wait_judging()
        yield Contest(server.url, root, env, tokens)
    finally:
        server.stop()


def sign_in(browser, contest: Contest, name: str, start: str) -> None:
    browser.driver.delete_all_cookies()
    browser.open(contest.url + "/signin?next=" + start)
    browser.find("#token").send_keys(contest.tokens[name])
    browser.find("#signin-button").click()
    browser.wait_for(f"document.getElementById('who') && location.pathname === '{start}'")


def submit_on_the_page(browser, source: str) -> None:
    """The contest page's form: the contest preselected, the problem chosen by its label."""
    assert browser.find("#submit-form input[name=contest]").get_attribute("value") == "live"
    assert browser.find("#problem option").text.startswith("A · ")
    browser.find("#language").send_keys("Python")
    browser.js("document.getElementById('source').value = arguments[0]", source)
    browser.find("#submit-button").click()
    browser.wait_for("location.pathname.startsWith('/submissions/')")
    browser.wait_for("document.querySelector('#summary') && "
                     "document.getElementById('submission').dataset.state === 'done'",
                     timeout=60)


def test_teams_submit_the_jury_watches_live_the_public_sees_the_freeze_and_the_thaw(
        browser, contest):
    sign_in(browser, contest, "team1", "/contests/live")
    assert "frozen" in browser.find("#contest-state").text
    assert browser.find("#countdown").text.count(":") == 2
    shoot(browser, "contest-page")
    submit_on_the_page(browser, RIGHT)
    browser.open(contest.url + "/contests/live")
    assert len(browser.find_all("#team-submissions tbody tr[data-id]")) == 1

    sign_in(browser, contest, "team2", "/contests/live")
    assert not browser.find_all("#team-submissions tbody tr[data-id]")  # not team1's
    submit_on_the_page(browser, WRONG)

    # The jury: every result, live; a new verdict arrives without a reload.
    sign_in(browser, contest, "chief", "/contests/live/scoreboard")
    assert browser.find("#board-banner").get_attribute("data-kind") == "jury"
    assert "first" in browser.js(CELL.format(team="t1"))
    assert "tried" in browser.js(CELL.format(team="t2"))
    browser.js("window.notReloaded = true")
    contest.api_submit("team2", RIGHT)
    browser.wait_for(f"{CELL.format(team='t2')[len('return '):]}.includes('solved')",
                     timeout=60)
    assert browser.js("return window.notReloaded") is True
    assert browser.find("#scoreboard tr[data-team='t2'] td.cell small").text == "2 tries"
    shoot(browser, "scoreboard-jury")

    # The public: the freeze hides every result since it began.
    browser.driver.delete_all_cookies()
    browser.open(contest.url + "/contests/live/scoreboard")
    assert browser.find("#board-banner").get_attribute("data-kind") == "frozen"
    assert browser.find("#board-banner").text.startswith("Frozen since ")
    assert "pending" in browser.js(CELL.format(team="t1"))
    shoot(browser, "scoreboard-frozen")

    # A thaw by `judge contest thaw` (another process) reaches the open page by itself.
    browser.js("window.notReloaded = true")
    thawed = contest.judge("contest", "thaw", "live")
    assert thawed.returncode == 0, thawed.stderr
    browser.wait_for("document.getElementById('board-banner').dataset.kind === 'none'",
                     timeout=15)
    assert "first" in browser.js(CELL.format(team="t1"))
    assert browser.js("return window.notReloaded") is True
    rows = browser.find_all("#scoreboard tbody tr")
    assert [row.get_attribute("data-team") for row in rows] == ["t1", "t2"]

    # The jury's controls: thawed already, so only finalizing is offered; too early for it.
    sign_in(browser, contest, "chief", "/contests/live")
    assert not browser.find_all("#thaw")
    browser.find("#finalize").click()
    browser.wait_for("document.readyState === 'complete'")
    assert "only after its end" in browser.find("main").text
    browser.expect_status(409)
    browser.open(contest.url + "/contests/live/scoreboard?big=1")
    assert browser.find_all(".scoreboard-page.big")
    shoot(browser, "scoreboard-projector")
