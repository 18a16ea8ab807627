"""The offline HTML reports in a real browser: what a person opening the file sees."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from judge.cli import cli
from tests.browser.conftest import PHONE
from tests.conftest import write_project
from tests.setter.test_produce import CLAMPED, SLOW, make_project

ROW_COLOURS = """return Array.from(document.querySelectorAll('#tests tbody tr'),
    r => [r.dataset.test, r.dataset.verdict, getComputedStyle(r).backgroundColor])"""
CHART_POINTS = (
    "const c = Chart.getChart(arguments[0]); return c ? c.data.datasets[0].data.length : -1"
)


def run(root: Path, *args: str):
    return CliRunner().invoke(cli, ["--root", str(root), *args])


def chart_drawn(browser, canvas_id: str) -> bool:
    """Chart.js drew something: the canvas has pixels that are not transparent."""
    return browser.js(
        "const c = document.getElementById(arguments[0]);"
        "const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
        "for (let i = 3; i < d.length; i += 4) if (d[i]) return true; return false;",
        canvas_id,
    )


def test_wrong_answer_report(browser, project, tmp_path):
    out = tmp_path / "wa.html"
    run(project, "submit", str(project / "solutions/sum/wa.py"), "sum", "--html", str(out))
    browser.open(out)
    assert browser.find("#summary .badge").text.startswith("WA")
    assert "Wrong Answer" in browser.find("#summary").text
    rows = browser.js(ROW_COLOURS)
    assert [r[:2] for r in rows] == [
        ["sample-1", "AC"],
        ["hand-01-negative", "WA"],
        ["hand-02-large", "AC"],
    ]
    colours = {verdict: colour for _, verdict, colour in rows}
    assert colours["WA"] != colours["AC"]  # the failing row stands out
    for canvas in ("chart-time", "chart-memory"):
        assert browser.js(CHART_POINTS, canvas) == 3
        assert chart_drawn(browser, canvas)
    browser.find("#test-hand-01-negative td.message a").click()
    assert browser.js("return location.hash") == "#explain-hand-01-negative"
    explanation = browser.find("#explain-hand-01-negative").text
    assert "expected '-2', got '-8'" in explanation and ">   1 | -8" in explanation
    assert browser.find("#source .highlight .k").text == "if"
    browser.screenshot("desktop")
    browser.open(out, PHONE)
    assert browser.js("return document.documentElement.scrollWidth") <= PHONE[0]
    browser.screenshot("phone", PHONE[0])


def test_presentation_error_report_shows_the_hint(browser, project, tmp_path):
    out = tmp_path / "pe.html"
    run(project, "submit", str(project / "solutions/sum/pe.py"), "sum", "--html", str(out))
    browser.open(out)
    hints = [item.text for item in browser.find_all("#explain-sample-1 .hints li")]
    assert hints == ["extra blank line (1 blank, expected 0)"]
    browser.screenshot("desktop")


def test_runtime_error_and_compile_error_reports(browser, tmp_path):
    root = write_project(
        tmp_path / "p",
        solutions={
            "reference.py": "print(sum(map(int, input().split())))\n",
            "crash.py": "raise ValueError('bad <input>')\n",
            "broken.c": "int main( { return 0; }\n",
        },
    )
    crash, broken = tmp_path / "crash.html", tmp_path / "broken.html"
    run(root, "submit", str(root / "solutions/sum/crash.py"), "sum", "--html", str(crash))
    run(root, "submit", str(root / "solutions/sum/broken.c"), "sum", "--html", str(broken))
    browser.open(crash)
    assert "ValueError: bad <input>" in browser.find("#explain-sample-1 pre.stderr").text
    browser.screenshot("runtime-error")
    browser.open(broken)
    assert browser.find("#summary .badge").text.startswith("CE")
    assert "error" in browser.find("#compile-error pre").text
    assert browser.find_all("canvas") == []
    browser.screenshot("compile-error")


def test_verify_report_matrix_and_time_margin(browser, tmp_path):
    root = make_project(
        tmp_path, {"wrong_answer/clamped.py": CLAMPED, "time_limit_exceeded/slow.py": SLOW}
    )
    run(root, "generate", "maxnum", "--count", "3", "--seed", "5", "--", "--max", "1000")
    out = tmp_path / "verify.html"
    run(root, "verify", "maxnum", "--html", str(out))
    browser.open(out)
    rows = browser.find_all("#matrix-maxnum tbody tr")
    assert [r.get_attribute("data-solution") for r in rows] == [
        "reference",
        "time_limit_exceeded/slow.py",
        "wrong_answer/clamped.py",
    ]
    slow_cells = rows[1].find_elements("css selector", ".cell")
    assert slow_cells[0].get_attribute("data-verdict") == "TLE"
    title = slow_cells[0].get_attribute("title")
    assert title.startswith("sample-1: TLE, ") and title.endswith(" ms")
    assert all("not-run" in c.get_attribute("class") for c in slow_cells[1:])  # TLE stops it
    wrong = [
        c.get_attribute("data-verdict") for c in rows[2].find_elements("css selector", ".cell")
    ]
    assert "WA" in wrong
    assert browser.js(CHART_POINTS, "chart-margin-maxnum") == 3
    assert chart_drawn(browser, "chart-margin-maxnum")
    margins = browser.find(".margins").text
    assert "slowest accepted" in margins and "time_limit_exceeded/slow.py" in margins
    browser.screenshot("desktop")
    browser.screenshot("phone", PHONE[0])


def test_stress_report_copies_the_shrunk_input_and_replay_command(browser, tmp_path):
    root = make_project(tmp_path, {"wrong_answer/clamped.py": CLAMPED})
    out = tmp_path / "stress.html"
    solution = root / "solutions/maxnum/wrong_answer/clamped.py"
    result = run(
        root,
        "stress",
        str(solution),
        "maxnum",
        "--iterations",
        "20",
        "--shrink-time",
        "20",
        "--workers",
        "1",
        "--html",
        str(out),
    )
    assert result.exit_code == 1
    browser.open(out)
    browser.grant_clipboard()
    assert browser.find("#summary .badge").text.startswith("WA")
    browser.find("#smallest .input button.copy").click()
    browser.wait_for("document.querySelector('#smallest .input button.copy.copied')")
    assert browser.clipboard_text() == "1\n101\n"
    browser.find("#replay button.copy").click()
    replay = browser.clipboard_text()
    assert replay.startswith("judge stress ") and replay.endswith("shrunk.in")
    assert browser.find("#smallest .got pre").text == "100"
    browser.screenshot("desktop")
    browser.screenshot("phone", PHONE[0])


STATEMENT = r"""# Pairs

Count pairs $(i, j)$ with $1 \le i < j \le n$ and $a_i + a_j = k$.

$$
\sum_{i<j} [a_i + a_j = k]
$$

| n | limit |
|---|-------|
| small | $n \le 10$ |
"""
# Exact bytes a copy must keep: a leading blank line, trailing spaces, a CR LF, no final newline.
SAMPLE_INPUT = b"\n3 4  \r\n1 2 3\t"


def test_problem_page_typesets_math_and_copies_sample_bytes(browser, tmp_path):
    root = write_project(tmp_path / "p", tests={"sample-1": ("x", "1\n"), "hand-1": ("y", "2\n")})
    (root / "problems/sum/statement.md").write_text(STATEMENT)
    (root / "testdata/sum/sample-1.in").write_bytes(SAMPLE_INPUT)
    out = tmp_path / "problem.html"
    assert run(root, "show", "sum", "--html", str(out)).exit_code == 0
    browser.open(out)
    assert len(browser.find_all("#statement .math .katex")) == 5
    assert browser.find_all("#statement .math.block .katex-display")
    assert browser.js_async(
        "const done = arguments[0];"
        "document.fonts.ready.then(() => done(document.fonts.check('16px KaTeX_Main')))"
    )
    assert browser.find("#statement table td").text == "small"
    assert [s.get_attribute("data-sample") for s in browser.find_all("[data-sample]")] == [
        "sample-1"
    ]
    browser.grant_clipboard()
    browser.find("[data-sample='sample-1'] .input button.copy").click()
    browser.wait_for("document.querySelector('.input button.copy.copied')")
    assert browser.clipboard_text().encode() == SAMPLE_INPUT
    browser.screenshot("desktop")
    browser.screenshot("phone", PHONE[0])


def test_bundled_problem_page(browser, tmp_path):
    out = tmp_path / "sightseeing.html"
    repo = Path(__file__).resolve().parents[2]
    assert run(repo, "show", "sightseeing", "--html", str(out)).exit_code == 0
    browser.open(out)
    assert browser.find("h1").text == "Sightseeing tour"
    browser.grant_clipboard()
    browser.find("[data-sample='sample-1'] .answer button.copy").click()
    browser.wait_for("document.querySelector('.answer button.copy.copied')")
    expected = (repo / "testdata/sightseeing/sample-1.ans").read_text()
    assert browser.clipboard_text() == expected
    browser.screenshot("phone", PHONE[0])
