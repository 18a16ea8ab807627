"""Clarifications in a real browser against `judge serve`: a team's page shows an answer to
all the moment the jury sends it, without a reload, and never another team's question."""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass

import httpx
import pytest

from tests.browser.test_site import sign_in
from tests.conftest import write_project
from tests.service.processes import JUDGE, JudgeServer, add_user
from tests.service.stack import QUICK_SOLUTIONS, QUICK_TESTS, QUICK_YAML

CONTEST_YAML = "id: cup\nname: Cup\nstart_time: 2026-01-01T09:00:00Z\nduration: 9000:00:00\n"
PROBLEMS_YAML = "- id: quick\n  label: A\n  color: red\n  rgb: '#ff0000'\n"
TEAMS = [{"id": "t1", "name": "Alpha"}, {"id": "t2", "name": "Beta"}]
ACCOUNTS = [
    {"id": "alice", "username": "alice", "type": "team", "team_id": "t1"},
    {"id": "bob", "username": "bob", "type": "team", "team_id": "t2"},
]


@dataclass(frozen=True)
class Served:
    url: str
    tokens: dict[str, str]

    def clarify(self, user: str, **body) -> dict:
        answer = httpx.post(
            self.url + "/api/clarifications",
            headers={"Authorization": f"Bearer {self.tokens[user]}"},
            json={"contest": "cup"} | body,
            timeout=30,
        )
        assert answer.status_code == 201, answer.text
        return answer.json()


@pytest.fixture(scope="module")
def served(tmp_path_factory, isolation_flags):
    folder = tmp_path_factory.mktemp("jury")
    root = write_project(folder / "project", problem_yaml=QUICK_YAML, tests=QUICK_TESTS,
                         solutions=QUICK_SOLUTIONS, problem_id="quick")
    env = dict(os.environ, JUDGE_CACHE_DIR=str(tmp_path_factory.getbasetemp() / "judge-cache"))
    env.pop("JUDGE_TOKEN", None)
    env.pop("JUDGE_ROOT", None)
    roles = {"alice": "contestant", "bob": "contestant", "root": "admin"}
    tokens = {name: add_user(root, None, name, role, env) for name, role in roles.items()}
    package = folder / "cup"
    package.mkdir()
    (package / "contest.yaml").write_text(CONTEST_YAML)
    (package / "problems.yaml").write_text(PROBLEMS_YAML)
    (package / "teams.json").write_text(json.dumps(TEAMS))
    (package / "accounts.json").write_text(json.dumps(ACCOUNTS))
    subprocess.run([*JUDGE, "--root", str(root), "contest", "import", str(package)],
                   env=env, check=True, capture_output=True, text=True)
    server = JudgeServer(root, None, env, folder / "serve.log", *isolation_flags)
    try:
        server.start()
        yield Served(server.url, tokens)
    finally:
        server.stop()


def test_a_team_sees_the_answer_to_all_arrive_live(browser, served: Served):
    question = served.clarify("alice", text="May n be 0?", problem="quick")
    served.clarify("bob", text="A question of team Beta")
    sign_in(browser, served, "alice")
    browser.open(served.url + "/contests/cup/clarifications")
    browser.wait_for("document.getElementById('clarifications').dataset.state === 'following'")
    browser.js("window.notReloaded = true;")
    assert "May n be 0?" in browser.find("#clarifications").text
    served.clarify("root", text="No: n is at least 1.", reply_to=question["id"], to="all")
    served.clarify("root", text="The contest ends at 14:00.")
    browser.wait_for(
        "document.getElementById('clarifications').textContent.includes('ends at 14:00')"
    )
    shown = browser.find("#clarifications").text
    assert browser.js("return window.notReloaded === true")
    assert "No: n is at least 1." in shown and "team Beta" not in shown
    browser.screenshot("clarifications")
