"""`judge new`: a package that verify accepts at once, whose programs work as the docs say."""

from __future__ import annotations

import json

from tests.formats.helpers import empty_project, run


def test_a_new_problem_verifies_and_its_generator_and_validator_work(tmp_path):
    root = empty_project(tmp_path)
    result = run(root, "new", "pairs", "--title", "Pairs")
    assert result.exit_code == 0, result.output
    assert "generated tests: gen-001, gen-002, gen-003, gen-004, gen-005" in result.output
    for path in (
        "problems/pairs/problem.yaml",
        "problems/pairs/statement.md",
        "problems/pairs/generator.py",
        "problems/pairs/validator.py",
        "solutions/pairs/reference.py",
        "solutions/pairs/wrong_answer/positive_only.py",
        "testdata/pairs/sample-1.in",
        "testdata/pairs/manifest.yaml",
    ):
        assert (root / path).is_file(), path
    verification = run(root, "verify", "pairs", "--json")
    assert verification.exit_code == 0, verification.stdout
    problem = json.loads(verification.stdout)["problems"][0]
    assert {s["solution"]: s["verdict"] for s in problem["solutions"]} == {
        "reference": "AC",
        "wrong_answer/positive_only.py": "WA",
    }
    assert not problem["warnings"]
    selftests = {t["name"]: t["ok"] for t in problem["selftests"]}
    assert len(selftests) >= 5 and all(selftests.values()), selftests
    assert {name.split("/")[0] for name in selftests} == {
        "invalid_input", "invalid_answer", "invalid_output", "valid_output"
    }
    assert (root / "problems/pairs/statement.md").read_text().startswith("# Pairs\n")
    assert run(root, "generate", "pairs", "--check").exit_code == 0
    bad = tmp_path / "bad.in"
    bad.write_text("2\n1  2\n")
    rejected = run(root, "validate", "pairs", str(bad))
    assert rejected.exit_code == 1 and "line 2: expected 2 integers" in rejected.output


def test_stress_finds_the_wrong_solution_of_a_new_problem(tmp_path):
    root = empty_project(tmp_path)
    assert run(root, "new", "pairs").exit_code == 0
    solution = root / "solutions/pairs/wrong_answer/positive_only.py"
    result = run(root, "stress", str(solution), "pairs", "--time", "60", "--json")
    document = json.loads(result.stdout)
    assert result.exit_code == 1 and document["verdict"] == "WA"
    assert "-" in document["shrunk_input"]  # a negative number spoils the sum


def test_new_refuses_a_bad_or_taken_id(tmp_path):
    root = empty_project(tmp_path)
    assert run(root, "new", "Bad Id").exit_code == 2
    assert run(root, "new", "pairs").exit_code == 0
    again = run(root, "new", "pairs")
    assert again.exit_code == 2 and "already exists" in again.output



# Wrong on negative numbers, and spinning past the time limit when every number is 0 (which the
# generator's first seeds never give, and shrinking towards smaller numbers reaches): the WA
# found must shrink into a WA, never slide into that TLE, however slow the machine.
WRONG_AND_SLOW = """import sys

n, *numbers = map(int, sys.stdin.read().split())
while all(x == 0 for x in numbers):
    pass
print(sum(x for x in numbers if x > 0))
"""


def test_stress_shrinks_a_wrong_answer_into_a_wrong_answer_not_a_timeout(tmp_path):
    root = empty_project(tmp_path)
    assert run(root, "new", "pairs").exit_code == 0
    solution = root / "solutions/pairs/wrong_answer/wrong_and_slow.py"
    solution.write_text(WRONG_AND_SLOW)
    result = run(root, "stress", str(solution), "pairs", "--iterations", "20", "--json")
    document = json.loads(result.stdout)
    assert result.exit_code == 1, result.output
    assert document["verdict"] == "WA" and document["shrunk_verdict"] == "WA", document
    assert "-" in document["shrunk_input"]
