"""A submission page filling in live from an event stream (static/js/live.js), the way the
web service will serve it: linked static files, the pending document, then real results."""

from __future__ import annotations

import json

from click.testing import CliRunner

from judge.cli import cli
from judge.present.report import pending_report_dict
from judge.problem.spec import load_problem
from judge.problem.testdata import discover_tests
from judge.web.assets import STATIC_DIR, LinkedAssets
from judge.web.environment import make_environment, render
from judge.web.pages import submission_page
from tests.browser.conftest import PHONE
from tests.browser.event_server import EventServer

VERDICTS = "return Array.from(document.querySelectorAll('#tests tbody tr'), r => r.dataset.verdict)"


def judged(project, solution: str) -> dict:
    path = project / "solutions" / "sum" / solution
    result = CliRunner().invoke(cli, ["--root", str(project), "submit", str(path), "sum", "--json"])
    return json.loads(result.stdout)


def test_rows_fill_in_as_results_arrive_without_reload(browser, project):
    report = judged(project, "wa.py")
    problem = load_problem(project, "sum")
    pending = pending_report_dict(problem, discover_tests(problem), report["solution"], "python")
    page = submission_page(pending, problem_title=problem.title, live_url="/events")
    html = render(make_environment(), page, LinkedAssets("/static"))
    with EventServer(html, STATIC_DIR) as server:
        browser.open(server.url + "/")
        browser.wait_for("document.getElementById('submission').dataset.state === 'following'")
        browser.js("window.notReloaded = true")
        assert browser.js(VERDICTS) == ["", "", ""]
        first, second, third = report["tests"]

        server.send("test", first)
        browser.wait_for("document.querySelector('#test-sample-1').dataset.verdict === 'AC'")
        assert browser.js(VERDICTS) == ["AC", "", ""]
        assert browser.find("#summary [data-field=passed]").text == "1"
        browser.screenshot("judging")

        server.send("test", second)
        browser.wait_for("document.getElementById('explain-hand-01-negative')")
        assert browser.find("#test-hand-01-negative").get_attribute("class") == "row-v-WA"
        explanation = browser.find("#explain-hand-01-negative").text
        assert "expected '-2', got '-8'" in explanation
        bars = browser.js("return Chart.getChart('chart-time').data.datasets[0].data")
        assert bars[1] == second["time_ms"] and bars[2] is None
        assert browser.find("#summary [data-field=first_failing]").text == "hand-01-negative"

        server.send("test", third)
        server.send("done", report)
        browser.wait_for("document.getElementById('submission').dataset.state === 'done'")
        assert browser.js(VERDICTS) == ["AC", "WA", "AC"]
        assert browser.find("#summary .badge").text.startswith("WA")
        assert browser.find("#summary").get_attribute("data-verdict") == "WA"
        assert browser.js("return window.notReloaded") is True
        browser.find("#summary [data-field=first_failing] a").click()
        assert browser.js("return location.hash") == "#test-hand-01-negative"
        browser.screenshot("done")
        browser.screenshot("done-phone", PHONE[0])


def test_text_from_the_stream_is_never_markup(browser, project):
    problem = load_problem(project, "sum")
    pending = pending_report_dict(problem, discover_tests(problem), "/x/evil.py", "python")
    page = submission_page(pending, live_url="/events")
    html = render(make_environment(), page, LinkedAssets("/static"))
    hostile = "<img src=x onerror=alert(1)>"
    case = {
        **pending["tests"][0],
        "verdict": "WA",
        "time_ms": 1.0,
        "memory_kb": 1,
        "message": hostile,
        "details": f"got:\n{hostile}\nhint: {hostile}",
    }
    with EventServer(html, STATIC_DIR) as server:
        browser.open(server.url + "/")
        server.send("test", case)
        browser.wait_for("document.getElementById('explain-sample-1')")
        assert browser.find_all("img") == []
        assert hostile in browser.find("#explain-sample-1 .hints").text


def test_a_new_attempt_judges_every_test_again(browser, project):
    """A rejudge (or a worker that died) while the page is open: the stream says so with a
    status event of a new attempt, and the rows go back to pending before the new results."""
    report = judged(project, "wa.py")
    problem = load_problem(project, "sum")
    pending = pending_report_dict(problem, discover_tests(problem), report["solution"], "python")
    page = submission_page(pending, live_url="/events")
    html = render(make_environment(), page, LinkedAssets("/static"))
    first, second, third = report["tests"]
    with EventServer(html, STATIC_DIR) as server:
        browser.open(server.url + "/")
        server.send("status", {"status": "judging", "attempt": 1})
        server.send("test", first)
        server.send("test", second)
        browser.wait_for("document.getElementById('explain-hand-01-negative')")
        server.send("status", {"status": "queued", "attempt": 2})
        browser.wait_for("!document.getElementById('explain-hand-01-negative')")
        assert browser.js(VERDICTS) == ["", "", ""]
        assert browser.find("#summary [data-field=passed]").text == "0"
        assert browser.js("return Chart.getChart('chart-time').data.datasets[0].data[1]") is None
        for case in (first, second, third):
            server.send("test", case)
        server.send("done", report)
        browser.wait_for("document.getElementById('submission').dataset.state === 'done'")
        assert browser.js(VERDICTS) == ["AC", "WA", "AC"]
