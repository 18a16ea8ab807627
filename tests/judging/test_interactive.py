"""Interactive problems: problem.yaml keys, sample transcripts, and judging with real processes."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.errors import ProblemError
from judge.problem.spec import load_problem
from judge.problem.testdata import discover_tests
from judge.problem.transcript import Direction, read_transcript
from tests.conftest import SUM_YAML, write_project
from tests.library.helpers import ROOT

INTERACTIVE_YAML = SUM_YAML + (
    "interactive:\n  protocol: kattis\n  program: problems/sum/interactor.py\n"
)
TRANSCRIPT = "<1 2\n>3\n<correct\n"


def interactive_project(tmp_path, yaml_text=INTERACTIVE_YAML, tests=None, transcript=TRANSCRIPT):
    root = write_project(
        tmp_path,
        problem_yaml=yaml_text,
        tests=tests,
        problem_files={"interactor.py": "import sys\nsys.exit(42)\n"},
    )
    if transcript is not None:
        (root / "testdata/sum/sample-1.interaction").write_text(transcript)
    return root


def test_interactive_keys_load(tmp_path):
    root = interactive_project(tmp_path, INTERACTIVE_YAML + "  time_ms: 2500\n")
    problem = load_problem(root, "sum")
    assert problem.interactive.protocol == "kattis"
    assert problem.interactive.program == root / "problems/sum/interactor.py"
    assert problem.interactive.time_ms == 2500
    assert (
        load_problem(
            interactive_project(tmp_path / "plain", SUM_YAML, transcript=None), "sum"
        ).interactive
        is None
    )


@pytest.mark.parametrize(
    "yaml_text, fragment",
    [
        (INTERACTIVE_YAML.replace("kattis", "polygon"), "expected one of testlib, kattis"),
        (INTERACTIVE_YAML.replace("  protocol: kattis\n", ""), "'interactive.protocol': missing"),
        (
            INTERACTIVE_YAML.replace("  program: problems/sum/interactor.py\n", ""),
            "'interactive.program': missing; expected the path of the interactor program",
        ),
        (INTERACTIVE_YAML.replace("interactor.py", "nothing.py"), "file not found"),
        (INTERACTIVE_YAML + "  limits: 3\n", "'interactive.limits': unknown key"),
        (
            INTERACTIVE_YAML.replace("kattis", "testlib") + "  passes: 2\n",
            "'interactive.passes': multi-pass needs the kattis protocol",
        ),
        (INTERACTIVE_YAML + "  passes: 0\n", "'interactive.passes': expected an integer"),
        (
            INTERACTIVE_YAML + "checker:\n  name: exact\n",
            "an interactive problem is judged by its interactor; remove 'checker'",
        ),
    ],
)
def test_interactive_keys_are_checked(tmp_path, yaml_text, fragment):
    root = interactive_project(tmp_path, yaml_text)
    with pytest.raises(ProblemError) as caught:
        load_problem(root, "sum")
    assert fragment in str(caught.value) and caught.value.line is not None


def test_a_sample_transcript_belongs_to_its_test(tmp_path):
    root = interactive_project(tmp_path)
    cases = {case.name: case for case in discover_tests(load_problem(root, "sum"))}
    assert cases["sample-1"].interaction == root / "testdata/sum/sample-1.interaction"
    assert cases["hand-01-negative"].interaction is None
    transcript = read_transcript(cases["sample-1"].interaction)
    assert [(e.direction, e.text) for e in transcript.exchanges] == [
        (Direction.TO_SUBMISSION, "1 2"),
        (Direction.FROM_SUBMISSION, "3"),
        (Direction.TO_SUBMISSION, "correct"),
    ]


@pytest.mark.parametrize(
    "yaml_text, name, text, fragment",
    [
        (INTERACTIVE_YAML, "sample-1", "<1 2\n3\n", "sample-1.interaction:2: expected '<'"),
        (INTERACTIVE_YAML, "sample-1", "", "empty transcript"),
        (INTERACTIVE_YAML, "sample-9", TRANSCRIPT, "has no input file sample-9.in"),
        (SUM_YAML, "sample-1", TRANSCRIPT, "a transcript, but the problem is not interactive"),
    ],
)
def test_broken_transcripts_are_located(tmp_path, yaml_text, name, text, fragment):
    root = interactive_project(tmp_path, yaml_text, transcript=None)
    (root / f"testdata/sum/{name}.interaction").write_text(text)
    with pytest.raises(ProblemError) as caught:
        for case in discover_tests(load_problem(root, "sum")):
            if case.interaction is not None:
                read_transcript(case.interaction)
    assert fragment in str(caught.value)


def test_show_prints_the_sample_interaction(tmp_path):
    root = interactive_project(tmp_path)
    result = CliRunner().invoke(cli, ["--root", str(root), "show", "sum"])
    assert result.exit_code == 0, result.output
    assert "checker interactive: kattis interactor interactor.py" in result.stdout
    assert "Sample interaction sample-1" in result.stdout
    lines = result.stdout.splitlines()
    start = lines.index("Sample interaction sample-1")
    assert lines[start + 1 : start + 6] == [
        "read      write",  # what the submission reads, and what it writes
        "-------   -----",
        "1 2",
        "          3",
        "correct",
    ]


# ---------------------------------------------------------------- judging with real processes

GUESS_SOLUTIONS = ROOT / "solutions" / "guess"


def submit_guess(path, *extra: str) -> dict:
    result = CliRunner().invoke(
        cli, ["--root", str(ROOT), "submit", str(path), "guess", "--json", *extra]
    )
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def first_failure(document: dict) -> dict:
    return next(t for t in document["tests"] if t["verdict"] != "AC")


def test_the_reference_wins_every_game():
    document = submit_guess(GUESS_SOLUTIONS / "reference.py")
    assert document["verdict"] == "AC"
    assert all(t["time_ms"] < 1000 for t in document["tests"])


def test_over_the_query_limit_the_interactor_rejects_first():
    test = first_failure(
        submit_guess(GUESS_SOLUTIONS / "wrong_answer/linear_search.py", "--fail-fast")
    )
    assert test["verdict"] == "WA"
    assert "was not found in" in test["message"]


def test_a_malformed_query_is_a_wrong_answer_though_the_submission_then_crashes():
    test = first_failure(
        submit_guess(GUESS_SOLUTIONS / "wrong_answer/malformed_query.py", "--fail-fast")
    )
    assert test["verdict"] == "WA"
    assert "expected 'guess Y', got '? 5'" in test["message"]
    # What the submission does once the interactor left (EOFError, or waiting until the grace
    # period is over) is noted after the verdict, and does not change it.
    assert "(then the submission got " in test["message"]


def solution(tmp_path, source: str):
    path = tmp_path / "solution.py"
    path.write_text(source)
    return path


def test_the_interactor_rejects_first_and_the_submission_hangs(tmp_path):
    source = "print('? 1', flush=True)\nwhile True:\n    pass\n"
    test = first_failure(submit_guess(solution(tmp_path, source), "--fail-fast"))
    assert test["verdict"] == "WA"
    assert "expected 'guess Y'" in test["message"]


def test_a_submission_that_waits_forever_gets_the_wall_clock_backstop():
    test = first_failure(
        submit_guess(GUESS_SOLUTIONS / "time_limit_exceeded/waits_for_a_hint.py", "--fail-fast")
    )
    assert test["verdict"] == "TLE"
    assert "wall-clock" in test["message"]
    assert test["time_ms"] < 500  # it slept: no CPU time passed


def test_a_submission_that_exits_early_is_rejected_by_the_interactor(tmp_path):
    source = "input()\ninput()\nprint('guess 5', flush=True)\n"  # one guess, then it leaves
    test = first_failure(submit_guess(solution(tmp_path, source), "--fail-fast"))
    assert test["verdict"] == "WA"
    # the interactor finds it gone when it reads the next guess, or already when it answers
    assert "the submission's output ended" in test["message"] or (
        "the submission stopped reading its input" in test["message"]
    )


def test_a_slow_submission_gets_tle_from_its_cpu_time():
    document = submit_guess(
        GUESS_SOLUTIONS / "time_limit_exceeded/candidate_scan.py", "--fail-fast"
    )
    test = first_failure(document)
    assert test["verdict"] == "TLE"  # by CPU time, or by the backstop on a crowded machine


# A fixture problem: the interactor tells the submission two numbers and expects their sum.
KATTIS_SUM_INTERACTOR = """
import sys
given, answer, feedback = sys.argv[1:4]
a, b = map(int, open(given).read().split())
print(a, b, flush=True)
line = sys.stdin.readline()
verdict = 42 if line.strip() == str(a + b) else 43
open(feedback + "judgemessage.txt", "w").write(f"read {line.strip()!r}")
sys.exit(verdict)
"""

TESTLIB_SUM_INTERACTOR = """
import sys
given, log, answer = sys.argv[1:4]
a, b = map(int, open(given).read().split())
print(a, b, flush=True)
line = sys.stdin.readline().strip()
open(log, "w").write(line + "\\n")
if line == str(a + b):
    sys.exit(0)
if line == f"{a}+{b}":
    sys.stderr.write("points 0.5 not worked out\\n")
    sys.exit(7)
sys.stderr.write(f"wrong answer expected {a + b}, read {line!r}\\n")
sys.exit(1)
"""

SUM_SOLUTIONS = {
    "reference.py": "a, b = map(int, input().split())\nprint(a + b)\n",
    "lazy.py": "a, b = map(int, input().split())\nprint(f'{a}+{b}')\n",
    "wrong.py": "input()\nprint(0)\n",
}


def sum_project(tmp_path, protocol: str, interactor: str, extra_yaml: str = ""):
    yaml_text = SUM_YAML + (
        f"interactive:\n  protocol: {protocol}\n  program: problems/sum/interactor.py\n"
        + extra_yaml
    )
    return write_project(
        tmp_path,
        problem_yaml=yaml_text,
        solutions=SUM_SOLUTIONS,
        problem_files={"interactor.py": interactor},
    )


def submit(root, name: str) -> dict:
    path = root / "solutions/sum" / name
    result = CliRunner().invoke(cli, ["--root", str(root), "submit", str(path), "sum", "--json"])
    return json.loads(result.stdout)


@pytest.mark.parametrize(
    "protocol, interactor", [("kattis", KATTIS_SUM_INTERACTOR), ("testlib", TESTLIB_SUM_INTERACTOR)]
)
def test_both_conventions(tmp_path, protocol, interactor):
    root = sum_project(tmp_path, protocol, interactor)
    assert submit(root, "reference.py")["verdict"] == "AC"
    wrong = submit(root, "wrong.py")
    assert wrong["verdict"] == "WA"
    assert [t["verdict"] for t in wrong["tests"]] == ["WA", "WA", "WA"]


def test_testlib_interactor_gives_partial_points(tmp_path):
    root = sum_project(tmp_path, "testlib", TESTLIB_SUM_INTERACTOR)
    test = submit(root, "lazy.py")["tests"][0]
    assert test["verdict"] == "PA" and "0.5 of the test's points" in test["message"]


def test_an_interactor_asking_for_a_pass_beyond_the_limit_is_a_judge_error(tmp_path):
    # It accepts every pass and always writes nextpass.in: the submission is right each time,
    # and the test is still not accepted.
    asks_again = KATTIS_SUM_INTERACTOR.replace(
        "sys.exit(verdict)",
        'open(feedback + "nextpass.in", "w").write(open(given).read())\nsys.exit(verdict)',
    )
    root = sum_project(tmp_path, "kattis", asks_again, "  passes: 2\n")
    document = submit(root, "reference.py")
    assert document["verdict"] == "JE"
    assert (
        "pass 2: the interactor wrote nextpass.in after pass 2, the last of the 2 passes "
        "allowed (interactive.passes)" in document["tests"][0]["message"]
    )
    # Without `passes` the same interactor judges one pass, as before.
    plain = sum_project(tmp_path / "plain", "kattis", asks_again)
    assert submit(plain, "reference.py")["verdict"] == "AC"


@pytest.mark.parametrize(
    "interactor, message",
    [
        (
            "raise RuntimeError('interactor bug')\n",
            "interactor crashed: RuntimeError: interactor bug",
        ),
        ("import sys\nsys.exit(3)\n", "interactor exited 3, outside the kattis convention"),
        ("while True:\n    pass\n", "interactor exceeded its time limit"),
    ],
)
def test_a_broken_interactor_is_a_judge_error_never_accepted(tmp_path, interactor, message):
    root = sum_project(tmp_path, "kattis", interactor, "  time_ms: 500\n")
    # The submission waits for the interactor: its own backstop must not come first, however
    # little of a core the spinning interactor gets on a busy machine.
    problem_yaml = root / "problems/sum/problem.yaml"
    problem_yaml.write_text(
        problem_yaml.read_text().replace("  output_kb: 64\n", "  output_kb: 64\n  wall_ms: 60000\n")
    )
    document = submit(root, "reference.py")
    assert document["verdict"] == "JE"
    assert message in document["tests"][0]["message"]


def stress_guess(tmp_path, name: str, *extra: str):
    """`judge stress` of a guess solution, on a copy of the package (stress saves failures)."""
    root = tmp_path / "project"
    for folder in ("problems", "solutions", "testdata"):
        shutil.copytree(ROOT / folder / "guess", root / folder / "guess")
    path = root / "solutions/guess" / name
    args = ["stress", str(path), "guess", "--json", "--workers", "2", "--no-cache", *extra]
    return CliRunner().invoke(cli, ["--root", str(root), *args])


def test_stress_finds_the_planted_bug_in_an_interactive_solution(tmp_path):
    name = "wrong_answer/higher_keeps_the_guess.py"
    result = stress_guess(tmp_path, name, "--iterations", "60", "--shrink-time", "20")
    assert result.exit_code == 1, result.output
    outcome = json.loads(result.stdout)
    assert outcome["verdict"] == "WA"
    assert "was not found in" in outcome["message"]
    n, x = map(int, outcome["shrunk_input"].split()[1:3])
    assert (n, x) in {(2, 2), (3, 3), (4, 4)}  # the smallest games it loses


def test_stress_passes_a_correct_interactive_solution(tmp_path):
    result = stress_guess(tmp_path, "accepted/upper_middle.py", "--iterations", "20")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["verdict"] == "AC"


# Reads the submission's answer; when its output ends instead, it takes half a second before it
# rejects, so that which program ended first is plain, not a matter of a millisecond.
SLOW_TO_REJECT_INTERACTOR = """
import os, sys, time
given, answer, feedback = sys.argv[1:4]
a, b = map(int, open(given).read().split())
try:
    print(a, b, flush=True)
    line = sys.stdin.readline()
except BrokenPipeError:  # the submission is gone already
    line = ""
if not line:
    time.sleep(0.5)
os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # a broken pipe must not fail the final flush
sys.exit(42 if line.strip() == str(a + b) else 43)
"""


@pytest.mark.parametrize(
    "source, verdict, message",
    [
        ("raise SystemExit(3)\n", "RE", "exit code 3"),
        ("import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n", "RE", "SIGSEGV"),
        ("a = bytearray(500 * 1024 * 1024)\nprint(len(a))\n", "MLE", "memory"),
        ("input()\n", "WA", ""),  # it exited cleanly without answering: the interactor decides
    ],
)
def test_a_submission_that_fails_while_the_interactor_waits_gets_its_own_verdict(
    tmp_path, source, verdict, message
):
    root = sum_project(tmp_path, "kattis", SLOW_TO_REJECT_INTERACTOR)
    (root / "solutions/sum/failing.py").write_text(source)
    test = submit(root, "failing.py")["tests"][0]
    assert test["verdict"] == verdict and message in test["message"], test
