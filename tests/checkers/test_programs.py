"""Checker programs in both conventions, and checkers that misbehave: never AC, always JE."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge.cli import cli
from tests.conftest import SUM_YAML, write_project

# Accepts any output whose single number equals the answer; "3.0" is PE, to exercise exit code 2.
TESTLIB_CHECKER = """
import sys
given, output, answer = (open(p).read() for p in sys.argv[1:4])
if output.strip() == answer.strip():
    sys.exit(0)
try:
    same = float(output) == float(answer)
except ValueError:
    same = False
print("expected", answer.strip(), "got", output.strip()[:20])
sys.exit(2 if same else 1)
"""

KATTIS_CHECKER = """
import sys
given, answer, feedback = sys.argv[1:4]
output = sys.stdin.read()
if output.split() == open(answer).read().split():
    sys.exit(42)
with open(feedback + "judgemessage.txt", "w") as note:
    note.write("numbers differ")
sys.exit(43)
"""

BROKEN_CHECKERS = {
    "crash": "raise RuntimeError('checker bug')\n",
    "hang": "import time\ntime.sleep(60)\n",
    "odd_exit": "import sys\nsys.exit(7)\n",
}


def project_with_checker(tmp_path, convention: str, source: str, extra: str = ""):
    yaml_text = SUM_YAML + (
        f"checker:\n  name: {convention}\n  program: problems/sum/checker.py\n{extra}"
    )
    solutions = {
        "reference.py": "a, b = map(int, input().split())\nprint(a + b)\n",
        "float.py": "a, b = map(int, input().split())\nprint(float(a + b))\n",
        "wrong.py": "print(0)\n",
    }
    return write_project(
        tmp_path, problem_yaml=yaml_text, solutions=solutions, problem_files={"checker.py": source}
    )


def judge(root, solution):
    result = CliRunner().invoke(
        cli,
        ["--root", str(root), "submit", str(root / "solutions/sum" / solution), "sum", "--json"],
    )
    return result.exit_code, json.loads(result.stdout)


def test_testlib_convention(tmp_path):
    root = project_with_checker(tmp_path, "testlib", TESTLIB_CHECKER)
    assert judge(root, "reference.py")[1]["verdict"] == "AC"
    assert judge(root, "float.py")[1]["verdict"] == "PE"
    code, document = judge(root, "wrong.py")
    assert code == 1 and document["verdict"] == "WA"
    assert document["tests"][0]["message"].startswith("expected 3 got 0")


def test_kattis_convention_with_feedback(tmp_path):
    root = project_with_checker(tmp_path, "kattis", KATTIS_CHECKER)
    assert judge(root, "reference.py")[1]["verdict"] == "AC"
    code, document = judge(root, "wrong.py")
    assert document["verdict"] == "WA"
    assert document["tests"][0]["message"] == "numbers differ"


# The Kattis convention's additional arguments: a tolerance the checker reads after feedback_dir.
TOLERANT_CHECKER = """
import sys
given, answer, feedback, flag, tolerance = sys.argv[1:6]
assert flag == "tolerance"
ok = abs(float(sys.stdin.read()) - float(open(answer).read())) <= float(tolerance)
sys.exit(42 if ok else 43)
"""


def test_kattis_checker_gets_the_problems_checker_arguments(tmp_path):
    extra = "  args: [tolerance, '2']\n"
    root = project_with_checker(tmp_path, "kattis", TOLERANT_CHECKER, extra=extra)
    (root / "solutions/sum/near.py").write_text(
        "a, b = map(int, input().split())\nprint(a + b + 1.5)\n"
    )
    assert judge(root, "near.py")[1]["verdict"] == "AC"
    assert judge(root, "wrong.py")[1]["tests"][0]["verdict"] == "WA"


@pytest.mark.parametrize("convention", ["testlib", "kattis"])
@pytest.mark.parametrize("kind", sorted(BROKEN_CHECKERS))
def test_misbehaving_checker_is_judge_error(tmp_path, convention, kind):
    root = project_with_checker(
        tmp_path, convention, BROKEN_CHECKERS[kind], extra="  time_ms: 500\n"
    )
    code, document = judge(root, "reference.py")
    assert document["verdict"] == "JE" and code == 1
    message = document["tests"][0]["message"]
    expected = {
        "crash": "checker crashed: RuntimeError: checker bug",
        "hang": "checker",
        "odd_exit": "exited 7",
    }[kind]
    assert expected in message


def test_testlib_failure_code_3_is_judge_error(tmp_path):
    root = project_with_checker(
        tmp_path, "testlib", "import sys\nprint('bad answer file')\nsys.exit(3)\n"
    )
    document = judge(root, "reference.py")[1]
    assert document["verdict"] == "JE"
    assert document["tests"][0]["message"] == "checker failed: bad answer file"
