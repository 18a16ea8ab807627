"""Scored problems end to end: real programs, group scores, partial points, verify's folders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.errors import ProblemError
from judge.problem.spec import load_problem
from tests.conftest import SUM_YAML, write_project

SCORED_YAML = (
    SUM_YAML
    + """groups:
  - name: samples
    glob: "sample*"
    points: 0
  - name: small
    glob: "small-*"
    points: 30
  - name: pairs
    glob: "pair-*"
    points: 30
    aggregation: sum
  - name: big
    glob: "big-*"
    points: 40
    depends_on: [small]
    on_reject: break
"""
)

SCORED_TESTS = {
    "sample-1": ("1 2\n", "3\n"),
    "small-1": ("2 3\n", "5\n"),
    "small-2": ("-4 9\n", "5\n"),
    "pair-1": ("100 200\n", "300\n"),
    "pair-2": ("5000 5000\n", "10000\n"),
    "big-1": ("1000000000 1000000000\n", "2000000000\n"),
    "big-2": ("999999999 1\n", "1000000000\n"),
}

READ = "a, b = map(int, input().split())\n"
SCORED_SOLUTIONS = {
    "reference.py": READ + "print(a + b)\n",
    # right while both numbers are under a thousand: small and half of pairs, then WA on big
    "under_thousand.py": READ + "print(a + b if max(abs(a), abs(b)) < 1000 else 0)\n",
    # wrong on negative numbers: small fails, so big (which depends on it) is not judged
    "no_negatives.py": READ + "print(abs(a) + abs(b))\n",
}


def scored_project(tmp_path, solutions=None, problem_files=None, yaml_text=SCORED_YAML):
    root = write_project(
        tmp_path,
        problem_yaml=yaml_text,
        tests=SCORED_TESTS,
        solutions=solutions or SCORED_SOLUTIONS,
        problem_files=problem_files,
    )
    (root / "testdata/sum/manifest.yaml").write_text(
        "".join(
            f"{name}:\n  origin: {'sample' if name.startswith('sample') else 'hand'}\n"
            for name in SCORED_TESTS
        )
    )
    return root


def submit(root, solution: str, *extra: str):
    path = root / "solutions/sum" / solution
    return CliRunner().invoke(cli, ["--root", str(root), "submit", str(path), "sum", *extra])


def document(root, solution: str) -> dict:
    return json.loads(submit(root, solution, "--json").stdout)


def groups_of(doc: dict) -> dict[str, tuple]:
    return {g["name"]: (g["score"], g["judged"], g["skipped"]) for g in doc["groups"]}


def test_full_score_for_the_reference(tmp_path):
    doc = document(scored_project(tmp_path), "reference.py")
    assert doc["verdict"] == "AC"
    assert (doc["score"], doc["max_score"]) == (100, 100)
    assert [g["max_score"] for g in doc["groups"]] == [0, 30, 30, 40]


def test_min_and_sum_groups_and_on_reject_break(tmp_path):
    root = scored_project(tmp_path)
    doc = document(root, "under_thousand.py")
    assert doc["verdict"] == "WA" and doc["score"] == 45
    groups = groups_of(doc)
    assert groups["small"] == (30, 2, None)
    assert groups["pairs"] == (15, 2, None)  # sum: one test of two
    assert groups["big"][:2] == (0, 1)  # on_reject: break after big-1
    assert "stopped after test big-1 (WA)" in groups["big"][2]
    assert [t["name"] for t in doc["tests"]][-1] == "big-1"
    assert {t["name"]: t["fraction"] for t in doc["tests"]}["pair-2"] == 0


def test_a_group_whose_dependency_failed_earns_nothing(tmp_path):
    doc = document(scored_project(tmp_path), "no_negatives.py")
    assert doc["score"] == 30
    score, judged, skipped = groups_of(doc)["big"]
    assert (score, judged) == (0, 0)
    assert skipped == "depends on group 'small', which is not fully accepted"
    assert not any(t["name"].startswith("big") for t in doc["tests"])


def test_terminal_report_shows_group_scores_and_the_total(tmp_path):
    result = submit(scored_project(tmp_path), "under_thousand.py")
    assert result.exit_code == 1
    assert "score: 45 / 100" in result.stdout
    for row in ("small", "30 / 30", "15 / 30", "0 / 40"):
        assert row in result.stdout


def test_pass_fail_json_has_null_scores(project):
    doc = document(project, "wa.py")
    assert doc["score"] is None and doc["max_score"] is None
    assert [(g["name"], g["verdict"], g["score"]) for g in doc["groups"]] == [
        ("samples", "AC", None),
        ("rest", "WA", None),
    ]
    assert all(t["fraction"] is None for t in doc["tests"])


# A checker that gives half the points for the answer written as "a+b" (testlib's quitp).
TESTLIB_POINTS_CHECKER = """
import sys
given, output, answer = (open(p).read().split() for p in sys.argv[1:4])
if output == answer:
    sys.exit(0)
a, b = map(int, given)
if output == [f"{a}+{b}"]:
    sys.stderr.write("points 0.5 the sum is not worked out\\n")
    sys.exit(7)
sys.exit(1)
"""

KATTIS_SCORE_CHECKER = """
import sys
given, answer, feedback = sys.argv[1:4]
output = sys.stdin.read().split()
if output == open(answer).read().split():
    sys.exit(42)
a, b = map(int, open(given).read().split())
if output == [f"{a}+{b}"]:
    open(feedback + "score.txt", "w").write("0.5\\n")
    open(feedback + "judgemessage.txt", "w").write("the sum is not worked out")
    sys.exit(42)
sys.exit(43)
"""

LAZY = {"lazy.py": READ + "print(f'{a}+{b}')\n", "reference.py": READ + "print(a + b)\n"}


@pytest.mark.parametrize(
    "convention, checker", [("testlib", TESTLIB_POINTS_CHECKER), ("kattis", KATTIS_SCORE_CHECKER)]
)
def test_partial_points_from_a_checker(tmp_path, convention, checker):
    yaml_text = SCORED_YAML.replace(
        "groups:", f"checker:\n  name: {convention}\n  program: problems/sum/checker.py\ngroups:"
    )
    root = scored_project(tmp_path, LAZY, {"checker.py": checker}, yaml_text)
    doc = document(root, "lazy.py")
    tests = {t["name"]: t for t in doc["tests"]}
    assert tests["small-1"]["verdict"] == "PA"
    assert tests["small-1"]["fraction"] == 0.5
    assert "0.5 of the test's points" in tests["small-1"]["message"]
    assert "the sum is not worked out" in tests["small-1"]["message"]
    groups = groups_of(doc)
    assert groups["small"][0] == 15 and groups["pairs"][0] == 15
    assert groups["big"][:2] == (0, 0)  # a partially accepted group is not fully accepted
    assert doc["verdict"] == "PA" and doc["score"] == 30


@pytest.mark.parametrize(
    "convention, source, message",
    [
        ("testlib", "import sys\nprint('points 3')\nsys.exit(7)\n", "gave points '3'"),
        ("testlib", "import sys\nsys.exit(7)\n", "exited 7 (points) without"),
        (
            "kattis",
            "import sys\nopen(sys.argv[3] + 'score.txt', 'w').write('half')\nsys.exit(42)\n",
            "gave points 'half'",
        ),
    ],
)
def test_points_outside_the_convention_are_a_judge_error(tmp_path, convention, source, message):
    yaml_text = SCORED_YAML.replace(
        "groups:", f"checker:\n  name: {convention}\n  program: problems/sum/checker.py\ngroups:"
    )
    root = scored_project(tmp_path, LAZY, {"checker.py": source}, yaml_text)
    doc = document(root, "reference.py")
    assert {t["verdict"] for t in doc["tests"]} == {"JE"}
    assert message in doc["tests"][0]["message"]


def verify(root) -> tuple[int, dict]:
    result = CliRunner().invoke(cli, ["--root", str(root), "verify", "sum", "--json"])
    return result.exit_code, json.loads(result.stdout)["problems"][0]


def test_verify_checks_declared_scores(tmp_path):
    solutions = {
        "reference.py": SCORED_SOLUTIONS["reference.py"],
        "partially_accepted/under_thousand.py": "# @EXPECTED_SCORE@: 45\n"
        + SCORED_SOLUTIONS["under_thousand.py"],
        "partially_accepted/no_negatives.py": "# @EXPECTED_SCORE@: 30\n"
        + SCORED_SOLUTIONS["no_negatives.py"],
        "wrong_answer/no_negatives.py": "# @EXPECTED_SCORE@: 30\n"
        + SCORED_SOLUTIONS["no_negatives.py"],
    }
    code, result = verify(scored_project(tmp_path, solutions))
    assert code == 0, result
    checks = {s["solution"]: s for s in result["solutions"]}
    assert checks["partially_accepted/under_thousand.py"]["score"] == 45
    assert checks["partially_accepted/under_thousand.py"]["expected_score"] == 45


@pytest.mark.parametrize(
    "name, source, error",
    [
        ("under_thousand.py", "# @EXPECTED_SCORE@: 50\n", "scores 45 of 100, but declares 50"),
        ("under_thousand.py", "", "declares no score"),
        ("reference.py", "# @EXPECTED_SCORE@: 100\n", "partially accepted means more than 0"),
    ],
)
def test_verify_rejects_a_wrong_declared_score(tmp_path, name, source, error):
    solutions = {
        "reference.py": SCORED_SOLUTIONS["reference.py"],
        f"partially_accepted/{name}": source + SCORED_SOLUTIONS[name],
    }
    code, result = verify(scored_project(tmp_path, solutions))
    assert code == 1
    messages = [e for s in result["solutions"] for e in s["errors"]] + result["errors"]
    assert any(error in m for m in messages), messages


def test_partially_accepted_needs_a_scored_problem(tmp_path):
    solutions = {
        "reference.py": SCORED_SOLUTIONS["reference.py"],
        "partially_accepted/x.py": "# @EXPECTED_SCORE@: 1\n" + READ + "print(0)\n",
    }
    root = write_project(tmp_path, solutions=solutions)
    code, result = verify(root)
    assert code == 1
    assert any("only a scored problem" in e for e in result["errors"])


def test_verify_holds_each_group_to_its_validator_args(tmp_path):
    validator = """
import sys
a, b = map(int, sys.stdin.read().split())
limit = int(sys.argv[sys.argv.index("--max") + 1]) if "--max" in sys.argv else 10**9
if max(abs(a), abs(b)) > limit:
    print(f"a number is over {limit}")
    sys.exit(1)
"""
    yaml_text = SCORED_YAML.replace(
        '    glob: "small-*"\n', '    glob: "small-*"\n    validator_args: [--max, "5"]\n'
    )
    root = scored_project(tmp_path, problem_files={"validator.py": validator}, yaml_text=yaml_text)
    code, result = verify(root)
    assert code == 1
    assert result["invalid_tests"] == [{"name": "small-2", "message": "a number is over 5"}]
    checked = CliRunner().invoke(cli, ["--root", str(root), "validate", "sum", "--json"])
    assert checked.exit_code == 1
    invalid = [f for f in json.loads(checked.stdout)["files"] if not f["valid"]]
    assert [(Path(f["file"]).name, f["message"]) for f in invalid] == [
        ("small-2.in", "a number is over 5")
    ]


@pytest.mark.parametrize(
    "edit, fragment",
    [
        (
            lambda y: y.replace("    points: 30\n    aggregation: sum\n", "    aggregation: sum\n"),
            "key 'groups[2].points': missing; expected points on every group",
        ),
        (lambda y: y.replace("[small]", "[full]"), "'full' is not a group listed before"),
        (lambda y: y.replace("on_reject: break", "on_reject: stop"), "expected one of continue"),
        (
            lambda y: y.replace("aggregation: sum", "aggregation: median"),
            "expected one of min, sum, avg, max",
        ),
        (lambda y: y.replace("points: 40", "points: -4"), "expected a non-negative number"),
        (
            lambda y: SUM_YAML + "groups:\n  - name: all\n    glob: '*'\n    aggregation: sum\n",
            "only scored groups (with points) take 'aggregation'",
        ),
    ],
)
def test_scoring_keys_are_checked(tmp_path, edit, fragment):
    root = scored_project(tmp_path, yaml_text=edit(SCORED_YAML))
    with pytest.raises(ProblemError) as caught:
        load_problem(root, "sum")
    assert fragment in str(caught.value)
    assert caught.value.line is not None


def test_html_report_shows_the_score_and_partial_verdicts(tmp_path):
    yaml_text = SCORED_YAML.replace(
        "groups:", "checker:\n  name: testlib\n  program: problems/sum/checker.py\ngroups:"
    )
    root = scored_project(tmp_path, LAZY, {"checker.py": TESTLIB_POINTS_CHECKER}, yaml_text)
    out = tmp_path / "report.html"
    result = submit(root, "lazy.py", "--html", str(out))
    assert result.exit_code == 1, result.output
    html = out.read_text()
    assert '<span data-field="score">30</span> / 100' in html
    assert 'class="row-v-PA"' in html


# A Kattis validator that writes the test's points in score.txt (Kattis' meaning): the sum of
# the two numbers' digits is worth 3 points a test of `pairs`, judged as a fraction of 15 here.
KATTIS_POINTS_CHECKER = """
import sys
given, answer, feedback = sys.argv[1:4]
output = sys.stdin.read().split()
if output != open(answer).read().split():
    if output == ["both"]:
        open(feedback + "score.txt", "w").write("1\\n")
        open(feedback + "score_multiplier.txt", "w").write("1\\n")
        sys.exit(42)
    if output == ["scored-wrong"]:
        open(feedback + "score.txt", "w").write("1\\n")
    sys.exit(43)
open(feedback + "score.txt", "w").write("6\\n" if int(output[0]) < 1000 else "15\\n")
sys.exit(42)
"""


def test_kattis_points_are_the_tests_points_in_its_group(tmp_path):
    yaml_text = SCORED_YAML.replace(
        "groups:",
        "checker:\n  name: kattis\n  program: problems/sum/checker.py\n  score_file: points\n"
        "groups:",
    )
    solutions = {
        "reference.py": SCORED_SOLUTIONS["reference.py"],
        "both.py": "print('both')\n",
        "scored_wrong.py": "print('scored-wrong')\n",
    }
    root = scored_project(tmp_path, solutions, {"checker.py": KATTIS_POINTS_CHECKER}, yaml_text)
    doc = document(root, "reference.py")
    groups = groups_of(doc)
    # pairs (sum of 30 over 2 tests, 15 each): pair-1's sum 300 gets 6 points, pair-2 gets 15
    assert groups["pairs"][0] == 21
    # min groups: each test is worth all 30 (small) or 40 (big) points; 6 and 15 are a share
    assert groups["small"][0] == 6 and groups["big"][0] == 15
    assert {t["verdict"] for t in doc["tests"]} == {"AC"}
    for solution, message in (("both.py", "wrote both"), ("scored_wrong.py", "rejected")):
        doc = document(root, solution)
        assert {t["verdict"] for t in doc["tests"]} == {"JE"}
        assert message in doc["tests"][0]["message"]


def test_a_score_multiplier_is_a_fraction_of_an_accepted_test(tmp_path):
    # Kattis: the test is accepted with half its score, so `big`, which depends on `small`, is
    # judged too (with fractions, as this project's own checkers give them, small is PA and big
    # is skipped: test_partial_points_from_a_checker).
    checker = KATTIS_SCORE_CHECKER.replace("score.txt", "score_multiplier.txt")
    yaml_text = SCORED_YAML.replace(
        "groups:",
        "checker:\n  name: kattis\n  program: problems/sum/checker.py\n  score_file: points\n"
        "groups:",
    )
    root = scored_project(tmp_path, LAZY, {"checker.py": checker}, yaml_text)
    doc = document(root, "lazy.py")
    assert {t["verdict"] for t in doc["tests"]} == {"AC"}
    groups = groups_of(doc)
    assert groups["small"][0] == 15 and groups["pairs"][0] == 15 and groups["big"][0] == 20
    assert doc["score"] == 50
