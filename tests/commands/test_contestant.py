"""The contestant's first hour: output that fits where it goes, forgiving command lines, and
the commands that run a subset, run once, or show a whole difference."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from judge.cli import cli
from judge.judging.runner import JudgeOptions, judge_submission
from judge.sandbox import open_sandbox
from judge.problem.spec import load_problem
from tests.conftest import SUM_YAML, write_project

LONG_ID = "a-problem-id-much-longer-than-a-column"


def run(root: Path, *args: str, stdin: bytes | None = None):
    return CliRunner().invoke(cli, ["--root", str(root), *args], input=stdin)


def solution(root: Path, name: str) -> str:
    return str(root / "solutions/sum" / name)


def test_output_that_is_not_a_terminal_is_never_cut(tmp_path):
    problem_yaml = (
        SUM_YAML.replace("id: sum", f"id: {LONG_ID}")
        .replace("solutions/sum/", f"solutions/{LONG_ID}/")
        .replace("source: fixture", "source: a source as long as the ones of real problems")
    )
    root = write_project(tmp_path, problem_yaml, problem_id=LONG_ID)
    listing = run(root, "list")
    assert listing.exit_code == 0, listing.output
    assert LONG_ID in listing.stdout
    assert "a source as long as the ones of real problems" in listing.stdout
    assert "…" not in listing.stdout
    wa = str(root / "solutions" / LONG_ID / "wa.py")
    judged = run(root, "submit", wa, LONG_ID)
    lines = judged.stdout.splitlines()
    assert any(line.startswith("max time: ") and line.rstrip().endswith("KB)") for line in lines)
    assert "hand-01-negative" in judged.stdout and "…" not in judged.stdout


def _in_a_terminal(args: list[str]) -> str:
    """Run the judge with stdout and stderr on a pseudo-terminal; what the terminal shows."""
    main, child = pty.openpty()
    env = {**os.environ, "COLUMNS": "120", "TERM": "xterm"}
    process = subprocess.Popen(
        [sys.executable, "-m", "judge", *args], stdout=child, stderr=child, env=env
    )
    os.close(child)
    shown = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the terminal closed with the last process holding it
            break
        if not chunk:
            break
        shown += chunk
    process.wait(timeout=120)
    os.close(main)
    return shown.decode(errors="replace")


def test_a_terminal_shows_each_test_once(project):
    shown = _in_a_terminal(
        ["--root", str(project), "submit", solution(project, "reference.py"), "sum"]
    )
    assert "Accepted" in shown
    assert shown.count("hand-02-large") == 1


def test_show_prints_the_statement_as_written(tmp_path):
    statement = "# Sum\n\nRead two integers.\n\n## Sample\n\n```\n1 2\n```\n\n```\n3\n```\n"
    root = write_project(tmp_path, SUM_YAML + "checker:\n  name: float\n  abs_tol: 1e-6\n")
    (root / "problems/sum/statement.md").write_text(statement)
    shown = run(root, "show", "sum")
    assert shown.exit_code == 0
    assert shown.stdout.endswith(statement)
    assert not any(line.endswith(" ") for line in shown.stdout.splitlines())
    assert "checker float (abs_tol 1e-06, rel_tol 1e-06)" in shown.stdout
    sample = run(root, "show", "sum", "--sample", "1")
    assert sample.stdout_bytes == b"1 2\n"
    assert run(root, "show", "sum", "--sample", "1", "--answer").stdout_bytes == b"3\n"
    missing = run(root, "show", "sum", "--sample", "2")
    assert missing.exit_code == 2 and "sum has no sample 2" in missing.stderr


def test_root_may_follow_the_command(project, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        cli, ["submit", "--root", str(project), solution(project, "reference.py"), "sum"]
    )
    assert result.exit_code == 0, result.output
    assert CliRunner().invoke(cli, ["list", "--root", str(project)]).exit_code == 0


def test_swapped_arguments_get_a_hint(project):
    result = run(project, "submit", "sum", solution(project, "reference.py"))
    assert result.exit_code == 2
    assert "SOLUTION comes first, then PROBLEM" in result.stderr


def test_a_mistyped_problem_gets_a_suggestion(project):
    result = run(project, "submit", solution(project, "reference.py"), "summ")
    assert result.exit_code == 2
    assert "unknown problem 'summ'; did you mean 'sum'?" in result.stderr


def test_a_root_that_does_not_exist_says_so(monkeypatch, tmp_path):
    monkeypatch.setenv("JUDGE_ROOT", str(tmp_path / "nonexistent"))
    result = CliRunner().invoke(cli, ["list"])
    assert result.exit_code == 2
    assert f"$JUDGE_ROOT {tmp_path / 'nonexistent'} does not exist" in result.stderr


def test_json_with_fail_fast_counts_the_tests_not_run(project):
    result = run(project, "submit", solution(project, "re.py"), "sum", "--json", "--fail-fast")
    document = json.loads(result.stdout)
    assert (document["total_tests"], document["skipped_tests"]) == (3, 2)
    assert document["skipped"] == ["hand-01-negative", "hand-02-large"]
    table = run(project, "submit", solution(project, "re.py"), "sum", "--fail-fast")
    assert "tests: 0/1 accepted, 2 tests not run" in table.stdout


def test_one_is_singular(tmp_path):
    root = write_project(tmp_path, tests={"sample-1": ("1 2\n", "3\n")})
    result = run(root, "verify", "sum")
    assert "sum: 1 test, " in result.stdout


def test_help_shows_whole_command_summaries():
    result = CliRunner().invoke(cli, ["--help"])
    commands = result.stdout.split("Commands:")[1]
    assert "..." not in commands
    for name in ("answer", "diff", "run", "submit", "stress", "verify"):
        assert f"  {name} " in commands


def test_a_subset_of_tests_by_name_glob_or_group(project):
    def names(*selection: str) -> list[str]:
        result = run(project, "submit", solution(project, "reference.py"), "sum", "--json",
                     *selection)
        assert result.exit_code == 0, result.output
        return [test["name"] for test in json.loads(result.stdout)["tests"]]

    assert names("--test", "hand-*") == ["hand-01-negative", "hand-02-large"]
    assert names("--group", "samples") == ["sample-1"]
    assert names("--test", "hand-02-large", "--group", "samples") == ["sample-1", "hand-02-large"]
    wrong = run(project, "submit", solution(project, "reference.py"), "sum", "--test", "hand-1")
    assert wrong.exit_code == 2 and "no test 'hand-1'" in wrong.stderr


def test_run_once_prints_the_output_and_the_status(project, tmp_path, monkeypatch):
    done = run(project, "run", solution(project, "reference.py"), "sum", stdin=b"20 22\n")
    assert done.exit_code == 0 and done.stdout == "42\n"
    assert done.stderr.startswith("OK: exit code 0")
    (tmp_path / "case.in").write_text("1 1\n")
    monkeypatch.chdir(tmp_path)
    from_file = run(project, "run", solution(project, "reference.py"), "sum", "case.in")
    assert from_file.stdout == "2\n"
    spinning = run(project, "run", solution(project, "tle.py"), "sum", stdin=b"")
    assert spinning.exit_code == 1 and spinning.stderr.startswith("TLE: ")
    crashing = run(project, "run", solution(project, "re.py"), "sum", stdin=b"1 1\n")
    assert crashing.exit_code == 1 and "ZeroDivisionError" in crashing.stderr


def test_diff_shows_the_whole_output_of_the_first_failing_test(tmp_path):
    long_wa = (
        "a, b = map(int, input().split())\n"
        "for i in range(30):\n"
        "    print(i if i != 17 else -1)\n"
    )
    answer = "".join(f"{i}\n" for i in range(30))
    root = write_project(
        tmp_path,
        tests={"sample-1": ("1 2\n", answer), "hand-01": ("1 1\n", answer)},
        solutions={"reference.py": "print(3)\n", "long_wa.py": long_wa},
    )
    result = run(root, "diff", solution(root, "long_wa.py"), "sum")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("sample-1: WA")
    assert "-17" in lines and "+-1" in lines
    assert " 0" in lines and " 29" in lines  # every equal line, not a window around the change
    short = run(root, "diff", solution(root, "long_wa.py"), "sum", "hand-01", "--context", "1")
    assert short.stdout.splitlines()[0].startswith("hand-01: WA")
    assert " 29" not in short.stdout.splitlines()
    fine = run(root, "diff", solution(root, "long_wa.py"), "sum", "--test", "x")
    assert fine.exit_code == 2


SPINS_ON_THE_SAMPLE = (
    "a, b = map(int, input().split())\n"
    "while a == 1 and b == 2:\n"
    "    pass\n"
    "print(a + b)\n"
)


def test_tests_after_a_tle_run_in_parallel_with_the_same_verdicts(tmp_path, cache):
    root = write_project(tmp_path, solutions={"reference.py": "print(3)\n",
                                              "spin.py": SPINS_ON_THE_SAMPLE})
    problem = load_problem(root, "sum")
    opened = []

    def factory():
        opened.append(1)
        return open_sandbox(cache)

    sandbox = open_sandbox(cache)
    try:
        report = judge_submission(
            problem, root / "solutions/sum/spin.py", sandbox,
            JudgeOptions(workers_after_tle=2), sandbox_factory=factory,
        )
    finally:
        sandbox.close()
    assert [(c.name, c.verdict.value) for c in report.tests] == [
        ("sample-1", "TLE"), ("hand-01-negative", "AC"), ("hand-02-large", "AC")
    ]
    assert opened  # the two tests after the TLE ran in sandboxes of their own
    assert report.skipped == ()
