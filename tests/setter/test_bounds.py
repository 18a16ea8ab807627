"""Bounds reached: `judge verify` shows, per variable a validator reports, the smallest and
largest value the tests reach against its bounds, and warns where a bound is never reached.
Real validator runs on the fixture of tests/fixtures/selftest."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from judge.setter.bounds import Bound, Report, combine
from tests.formats.helpers import run

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "selftest"


def project(tmp_path: Path) -> Path:
    return shutil.copytree(FIXTURE, tmp_path / "project")


def test_verify_reports_the_values_reached_and_warns_about_a_bound_never_reached(tmp_path):
    root = project(tmp_path)
    result = run(root, "verify", "addtwo", "--json")
    assert result.exit_code == 0, result.stdout
    bounds = {b["name"]: b for b in json.loads(result.stdout)["problems"][0]["bounds"]}
    assert bounds["a"] == {"name": "a", "low": 1, "high": 1000, "smallest": 1, "largest": 1000,
                           "low_reached": True, "high_reached": True}
    assert (bounds["b"]["smallest"], bounds["b"]["largest"]) == (1, 999)
    assert isinstance(bounds["b"]["largest"], int)  # 999, not 999.0
    assert not bounds["b"]["high_reached"]
    shown = " ".join(run(root, "verify", "addtwo").stdout.split())
    assert "bounds reached: a [1, 1000] of [1, 1000], b [1, 999] of [1, 1000]" in shown
    assert "warning: bound never reached: b is checked in [1, 1000], the tests reach [1, 999]; " \
        "no test has the highest 1000" in shown


def test_the_html_report_shows_the_bound_and_a_failing_self_test(tmp_path):
    root = project(tmp_path)
    (root / "testdata/addtwo/valid_output/spaces.out").write_text("x\n")
    page = tmp_path / "verify.html"
    assert run(root, "verify", "addtwo", "--html", str(page)).exit_code == 1
    html = page.read_text()
    assert "warning: bound never reached: b reaches [1, 999] of [1, 1000]" in html
    assert "self-test valid_output/spaces: the checker rejects it (WA" in html


def test_a_test_at_the_bound_silences_the_warning(tmp_path):
    root = project(tmp_path)
    data = root / "testdata/addtwo"
    (data / "hand-03-b-largest.in").write_text("1 1000\n")
    (data / "hand-03-b-largest.ans").write_text("1001\n")
    with (data / "manifest.yaml").open("a") as manifest:
        manifest.write("hand-03-b-largest:\n  origin: hand\n")
    result = run(root, "verify", "addtwo")
    assert result.exit_code == 0, result.stdout
    assert "bound never reached" not in result.stdout


def test_a_validator_that_reports_nothing_shows_no_bounds(tmp_path):
    root = project(tmp_path)
    (root / "problems/addtwo/validator.py").write_text("import sys\nsys.stdin.read()\n")
    document = json.loads(run(root, "verify", "addtwo", "--json").stdout)["problems"][0]
    assert document["bounds"] == []


def test_a_malformed_report_is_an_error_naming_the_test(tmp_path):
    root = project(tmp_path)
    validator = root / "problems/addtwo/validator.py"
    validator.write_text(validator.read_text().replace('f"{name} {value} {low} {high}\\n"',
                                                       'f"{name}={value}\\n"'))
    result = run(root, "verify", "addtwo")
    assert result.exit_code == 2
    assert "the validator's bounds report on sample-1, line 1: expected NAME VALUE LOW HIGH, " \
        "got 'a=2'" in " ".join(result.output.split())


@pytest.mark.parametrize(
    ("reports", "expected"),
    [
        # a subtask's narrower bounds widen to the widest; values over all tests
        ([Report("n", 5, 1, 10), Report("n", 80, 1, 100), Report("n", 1, 1, 10)],
         Bound("n", 1, 100, 1, 80)),
        ([Report("x", -0.5, -1.5, 1.5)], Bound("x", -1.5, 1.5, -0.5, -0.5)),
    ],
)
def test_reports_combine_into_the_widest_bounds_and_the_extreme_values(reports, expected):
    (bound,) = combine(reports)
    assert bound == expected
    assert bound.warning().startswith(f"bound never reached: {expected.name}")
