"""Scores as the Kattis format's dialects define them: packages of tests/fixtures/kattis imported
and verified with real processes. The expected scores are worked out here from the formats'
texts (the legacy grader table, DOMjudge's per-group accept_score, the 2023-07 draft's
`scoring`, 2025-09's result aggregation), and the packages' submissions declare the same."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from tests.formats.helpers import empty_project, run

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "kattis"


def imported(tmp_path: Path, name: str) -> tuple[Path, str]:
    root = empty_project(tmp_path)
    result = run(root, "import", "kattis", str(FIXTURES / name))
    assert result.exit_code == 0, result.output
    return root, result.output


def groups(root: Path, name: str) -> list[tuple]:
    problem = yaml.safe_load((root / "problems" / name / "problem.yaml").read_text())
    return [(g["name"], g["points"], g.get("aggregation")) for g in problem["groups"]]


def scores(root: Path, name: str) -> dict[str, float]:
    """Each bundled solution's score after `judge verify`, which must pass."""
    result = run(root, "verify", name, "--json")
    assert result.exit_code == 0, result.stdout
    solutions = json.loads(result.stdout)["problems"][0]["solutions"]
    return {s["solution"]: s["score"] for s in solutions}


def test_a_validators_score_txt_is_the_tests_points_averaged_by_the_avg_grader(tmp_path):
    # Legacy: "The score is taken from the score.txt files produced by the output validator";
    # the avg grader gives their mean; range 0 100 bounds the group.
    root, output = imported(tmp_path, "closeguess")
    assert "scores are not used" not in output
    problem = yaml.safe_load((root / "problems/closeguess/problem.yaml").read_text())
    assert problem["checker"]["score_file"] == "points"
    assert groups(root, "closeguess") == [("sample", 0, None), ("secret", 100, "avg")]
    # Targets 10, 50, 80: echo scores 100 each; ten_above 90 each; fifty 60, 100, 70.
    assert scores(root, "closeguess") == {
        "reference": 100,
        "partially_accepted/ten_above.py": 90,
        "partially_accepted/fifty.py": round((60 + 100 + 70) / 3, 6),
        "wrong_answer/words.py": 0,
    }


def test_accept_score_read_per_group_when_the_package_declares_that_total(tmp_path):
    # DOMjudge: a group whose tests all pass earns its accept_score once; efficiency averages
    # its three subgroups, robustness takes the minimum of its two.
    root, output = imported(tmp_path, "groupscores")
    assert "accept_score: read per group, as DOMjudge does" in output
    assert "worth 100; read per test, as problemtools does, 120" in output
    assert groups(root, "groupscores") == [
        ("sample", 0, None),
        ("secret/basic", 20, "min"),
        ("secret/efficiency/1-small", 10, "min"),
        ("secret/efficiency/2-medium", 10, "min"),
        ("secret/efficiency/3-large", 10, "min"),
        ("secret/robustness", 50, "min"),
    ]
    assert scores(root, "groupscores") == {
        "reference": 100,
        # right for |n| < 1000: basic 20 + avg(30, 0, 0) + min(0 (-123456), 50)
        "partially_accepted/small_only.py": 30,
        # right for n > 0: basic 20 + avg(30, 30, 30) + min(0, 0)
        "partially_accepted/positive_only.py": 50,
    }


def test_accept_score_read_per_test_with_the_sum_min_and_max_graders(tmp_path):
    # problemtools: every accepted test earns accept_score, the folder's grader adds them up.
    root, output = imported(tmp_path, "testscores")
    assert "accept_score: read per test, as problemtools does" in output
    assert "worth 100; read per group, as DOMjudge does, 80" in output
    assert groups(root, "testscores") == [
        ("sample", 0, None),
        ("secret/g1", 30, "sum"),
        ("secret/g2", 35, "min"),
        ("secret/g3", 35, "max"),
    ]
    assert scores(root, "testscores") == {
        "reference": 100,
        # g1: 1 and 2 right, 3000 wrong: 10 + 10; g2 min 35; g3 max 35
        "partially_accepted/small_only.py": 90,
        # g1 30; g2: -7 wrong, min 0; g3: -100 wrong, 4 right: max 35
        "partially_accepted/positive_only.py": 65,
    }


def test_draft_group_scores_keep_their_declared_total(tmp_path):
    # 2023-07 draft: `scoring: {score: 30, aggregation: min}` makes the group worth 30.
    root, output = imported(tmp_path, "draftscores")
    assert "scoring" not in output  # read, so not listed as unused
    assert groups(root, "draftscores") == [
        ("sample", 0, None),
        ("secret/g1", 30, "min"),
        ("secret/g2", 70, "sum"),
    ]
    assert scores(root, "draftscores") == {
        "reference": 100,
        "partially_accepted/small_only.py": 30 + 35,  # g2's 2000 is wrong: half of 70
        "partially_accepted/positive_only.py": 70,  # g1's -3 is wrong: min is 0
    }


def test_2025_09_test_groups_with_score_multiplier_and_require_pass(tmp_path):
    # 2025-09: a sum group's test is worth max_score / N, score_multiplier.txt multiplies it
    # (the test stays accepted); a min group earns the smallest; group2 requires the sample and
    # group1 to pass.
    root, _ = imported(tmp_path, "groups2025")
    problem = yaml.safe_load((root / "problems/groups2025/problem.yaml").read_text())
    assert problem["groups"][2]["depends_on"] == ["sample", "secret/group1"]
    assert groups(root, "groups2025") == [
        ("sample", 0, None),
        ("secret/group1", 40, "sum"),
        ("secret/group2", 60, "min"),
    ]
    assert scores(root, "groups2025") == {
        "reference": 100,
        # group1: 20 + 0.5 x 20 (n = 8), all accepted; group2: min(1, 0.5 (n = 12)) x 60
        "partially_accepted/off_by_one_above_five.py": 30 + 30,
        # the sample fails: group2 is not judged; group1 earns 40
        "wrong_answer/wrong_sample.py": 40,
    }
