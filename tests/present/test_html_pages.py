"""HTML pages and offline reports: rendered from the --json documents, escaped, self-contained.

What a browser makes of them is checked in tests/browser; here, the HTML itself.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.present.report import pending_report_dict
from judge.problem.spec import load_problem
from judge.problem.testdata import discover_tests
from judge.web.assets import Bundle, InlineAssets, LinkedAssets
from judge.web.environment import make_environment, render
from judge.web.pages import submission_page, time_margin
from judge.web.statement import render_statement

HOSTILE = "<script>alert(1)</script>"


def run(root: Path, *args: str):
    return CliRunner().invoke(cli, ["--root", str(root), *args])


def external_references(html: str) -> list[str]:
    """src= and href= attributes that would make a browser fetch something."""
    return [
        ref
        for ref in re.findall(r'(?:src|href)="([^"]*)"', html)
        if not ref.startswith(("#", "data:"))
    ]


def test_submit_html_is_one_self_contained_file_with_every_test(project, tmp_path):
    out = tmp_path / "report.html"
    result = run(project, "submit", str(project / "solutions/sum/wa.py"), "sum", "--html", str(out))
    assert result.exit_code == 1, result.output
    html = out.read_text()
    assert external_references(html) == []
    assert '<link rel="stylesheet"' not in html and "<script src" not in html
    assert "Chart.js v4" in html  # the vendored library is inside
    rows = re.findall(r'<tr id="test-([\w-]+)" class="row-v-(\w+)"', html)
    assert rows == [("sample-1", "AC"), ("hand-01-negative", "WA"), ("hand-02-large", "AC")]
    assert 'id="explain-hand-01-negative"' in html
    assert "expected &#39;-2&#39;, got &#39;-8&#39;" in html
    assert '<span class="k">if</span>' in html  # the source, highlighted on the server


def test_submit_html_for_a_compile_error_shows_the_compiler_message(project, tmp_path):
    source = project / "solutions/sum/broken.py"
    source.write_text("a = (\n")
    out = tmp_path / "ce.html"
    result = run(project, "submit", str(source), "sum", "--html", str(out))
    assert result.exit_code == 1
    html = out.read_text()
    assert 'id="compile-error"' in html and "was never closed" in html
    assert 'id="tests"' not in html and "Chart.js" not in html  # no tests, no charts


def test_submit_html_to_an_unwritable_place_is_a_clear_error(project, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = run(
        project,
        "submit",
        str(project / "solutions/sum/reference.py"),
        "sum",
        "--html",
        str(blocker / "report.html"),
    )
    assert result.exit_code == 2
    assert "cannot write the HTML report" in result.output


def test_what_the_submission_controls_is_escaped(project):
    problem = load_problem(project, "sum")
    report = pending_report_dict(problem, discover_tests(problem), "/x/sol.py", "python")
    report["verdict"] = "WA"
    report["tests"][0] |= {
        "verdict": "WA",
        "time_ms": 1.0,
        "wall_ms": 2.0,
        "memory_kb": 3,
        "memory_gross_kb": 4,
        "message": HOSTILE,
        "details": f"got:\n{HOSTILE}\nhint: {HOSTILE}",
    }
    page = submission_page(report, source=f"print('{HOSTILE}')", problem_title=HOSTILE)
    html = render(make_environment(), page, LinkedAssets("/static"))
    assert HOSTILE not in html
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;") >= 4


def test_pending_document_renders_rows_for_live_updates(project):
    problem = load_problem(project, "sum")
    report = pending_report_dict(problem, discover_tests(problem), "/x/sol.py", "python")
    assert report["verdict"] is None and all(t["verdict"] is None for t in report["tests"])
    assert set(report["tests"][0]) == {
        "name",
        "group",
        "verdict",
        "time_ms",
        "wall_ms",
        "memory_kb",
        "memory_gross_kb",
        "exit_code",
        "signal",
        "message",
        "details",
        "fraction",
        "stderr",
        "reruns",
    }
    page = submission_page(report, live_url="/submissions/7/events")
    assert page.bundles == frozenset({Bundle.CHARTS, Bundle.LIVE})
    html = render(make_environment(), page, LinkedAssets("/static"))
    assert 'data-live-url="/submissions/7/events"' in html
    assert html.count('class="row-v-pending"') == 3
    assert '<script src="/static/js/live.js"></script>' in html
    assert 'id="explanation-template"' in html


def test_linked_and_inlined_assets_name_the_same_files():
    bundles = frozenset({Bundle.CHARTS, Bundle.MATH})
    linked = LinkedAssets("/static").scripts(bundles)
    assert re.findall(r'src="/static/([^"]+)"', linked) == [
        "js/copy.js",
        "vendor/chart.js/chart.umd.min.js",
        "js/charts.js",
        "vendor/katex/katex.min.js",
        "js/math.js",
    ]
    styles = InlineAssets().styles(bundles)
    assert "url(fonts/" not in styles  # KaTeX's fonts travel as data URIs
    assert styles.count("data:font/woff2;base64,") == 20


def test_statement_markdown_tables_math_and_code_with_exact_copy():
    statement = render_statement(
        "Sum of $a_i$ for $1 \\le i \\le n$; costs $5 or $6.\n\n"
        "$$\n\\sum a_i\n$$\n\n"
        "| n | answer |\n|---|---|\n| 1 | 2 |\n\n"
        "```\n\n3 4  \n```\n\n<b>raw</b>\n"
    )
    html = str(statement.html)
    assert statement.has_math
    assert '<span class="math inline">a_i</span>' in html
    assert "1 \\le i \\le n" in html and "$5 or $6" in html
    assert '<div class="math block">' in html
    assert "<table>" in html and "<td>2</td>" in html
    assert 'data-copy-b64="CjMgNCAgCg=="' in html  # base64 of "\n3 4  \n"
    assert "<b>raw</b>" not in html and "&lt;b&gt;raw&lt;/b&gt;" in html
    assert not render_statement("no formulas, $5 only").has_math


def test_show_html_has_the_statement_and_sample_bytes(project, tmp_path):
    out = tmp_path / "problem.html"
    assert run(project, "show", "sum", "--html", str(out)).exit_code == 0
    html = out.read_text()
    assert "Read two integers, print their sum." in html
    assert 'data-sample="sample-1"' in html
    assert 'data-copy-b64="MSAyCg=="' in html  # "1 2\n"
    assert "katex" not in html.lower()  # no math on the page: no KaTeX in the file


def test_verification_document_has_limits_and_times_for_the_pages(tmp_path):
    from tests.setter.test_produce import CLAMPED, make_project

    root = make_project(tmp_path, {"wrong_answer/clamped.py": CLAMPED})
    out = tmp_path / "verify.html"
    result = run(root, "verify", "maxnum", "--json", "--html", str(out))
    document = json.loads(result.stdout)
    problem = document["problems"][0]
    assert problem["limits"]["time_ms"] == 1000
    for solution in problem["solutions"]:
        assert set(solution["times_ms"]) == set(solution["tests"])
    margin = time_margin(problem)
    assert margin["slowest_accepted"]["solution"] == "reference"
    assert margin["fastest_tle"] is None
    html = out.read_text()
    assert html.count('class="cell v-') == 2  # two solutions x one test
    assert 'title="sample-1: AC, ' in html


@pytest.mark.parametrize("command", ["submit", "verify", "stress", "show"])
def test_every_offline_report_command_offers_html(command):
    result = CliRunner().invoke(cli, [command, "--help"])
    assert "--html" in result.output
