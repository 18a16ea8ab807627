"""Multi-pass problems end to end (judge.judging.multi_pass): a Kattis validator writes
nextpass.in, the submission runs again on it, the feedback folder is kept between passes."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge.cli import cli
from tests.conftest import write_project

# Counting up: each pass's output must be its input plus one; the validator asks for another
# pass while the number is below 3 (so a test starting at 0 takes 4 passes). It checks that the
# feedback folder kept what it wrote in earlier passes (one line per pass, from the test's first
# number, which the answer file holds) and fails otherwise.
# With the argument `reject-with-next` it writes nextpass.in and rejects: a broken validator.
VALIDATOR = """\
import os
import sys

input_file, answer_file, feedback = sys.argv[1:4]
mode = sys.argv[4] if len(sys.argv) > 4 else ""
number = int(open(input_file).read())
seen_path = os.path.join(feedback, "seen.txt")
seen = open(seen_path).read().split() if os.path.exists(seen_path) else []
if seen != [str(n) for n in range(int(open(answer_file).read()), number)]:
    sys.exit(f"the feedback folder lost earlier passes: {seen}, now {number}")
if sys.stdin.read().split() != [str(number + 1)]:
    with open(os.path.join(feedback, "judgemessage.txt"), "a") as message:
        message.write(f"expected {number + 1}")
    if mode == "reject-with-next":
        open(os.path.join(feedback, "nextpass.in"), "w").write("0\\n")
    sys.exit(43)
with open(seen_path, "a") as out:
    out.write(f"{number}\\n")
if number < 3:
    with open(os.path.join(feedback, "nextpass.in"), "w") as out:
        out.write(f"{number + 1}\\n")
sys.exit(42)
"""

YAML = """\
id: count
title: Count up
source: fixture
limits:
  time_ms: 2000
  memory_kb: 65536
checker:
  name: kattis
  program: problems/count/validate.py
  passes: {passes}
  args: [{args}]
reference: solutions/count/reference.py
"""

SOLUTIONS = {
    "reference.py": "print(int(input()) + 1)\n",
    "stubborn.py": "n = int(input())\nprint(n + 1 if n < 2 else 0)\n",  # wrong in pass 3
    "crashes.py": "n = int(input())\nif n == 1:\n    raise SystemExit(3)\nprint(n + 1)\n",
}


def count_project(tmp_path, passes: int = 4, args: str = ""):
    return write_project(
        tmp_path / "project",
        problem_yaml=YAML.format(passes=passes, args=args),
        tests={"sample-1": ("0\n", "0\n"), "hand-1": ("1\n", "1\n")},
        solutions=SOLUTIONS,
        problem_files={"validate.py": VALIDATOR},
        problem_id="count",
    )


def judged(root, solution: str) -> list[tuple[str, str]]:
    path = root / "solutions/count" / solution
    result = CliRunner().invoke(cli, ["--root", str(root), "submit", str(path), "count", "--json"])
    document = json.loads(result.stdout)
    return [(test["verdict"], test["message"]) for test in document["tests"]]


def test_each_pass_runs_on_the_last_ones_nextpass_and_the_feedback_folder_is_kept(tmp_path):
    root = count_project(tmp_path)
    assert judged(root, "reference.py") == [("AC", "4 passes"), ("AC", "3 passes")]
    # stubborn is wrong from input 2 on: pass 3 of a test from 0, pass 2 of one from 1
    assert judged(root, "stubborn.py") == [
        ("WA", "pass 3: expected 3"),
        ("WA", "pass 2: expected 3"),
    ]
    assert judged(root, "crashes.py")[0][0] == "RE"
    assert judged(root, "crashes.py")[0][1].startswith("pass 2: exit code 3")


def test_asking_for_a_pass_beyond_the_limit_is_a_judge_error(tmp_path):
    root = count_project(tmp_path, passes=3)
    assert judged(root, "reference.py")[0] == (
        "JE",
        "pass 3: the output validator wrote nextpass.in after pass 3, the last of the 3 passes "
        "allowed (checker.passes)",
    )


def test_nextpass_with_a_rejection_is_a_judge_error_not_a_wrong_answer(tmp_path):
    root = count_project(tmp_path, args="reject-with-next")
    verdict, message = judged(root, "stubborn.py")[0]
    assert verdict == "JE" and message.startswith(
        "pass 3: the output validator wrote nextpass.in but did not accept (WA"
    )


@pytest.mark.parametrize("passes", ["0", "many"])
def test_passes_must_be_a_positive_integer(tmp_path, passes):
    root = count_project(tmp_path, passes=passes)
    result = CliRunner().invoke(cli, ["--root", str(root), "list"])
    assert result.exit_code == 2 and "checker.passes" in " ".join(result.output.split())
