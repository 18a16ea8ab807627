"""`judge submit` end to end: real programs, real verdicts, through the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import psutil
import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.sandbox.jail import SCRATCH_PREFIX, scratch_parent
from tests.conftest import SUM_YAML, write_project


def submit(root: Path, solution: str, *extra: str, problem: str = "sum"):
    path = root / "solutions" / problem / solution
    return CliRunner().invoke(
        cli, ["--root", str(root), "submit", str(path), problem, "--json", *extra]
    )


def verdicts(result) -> tuple[str, list[str]]:
    document = json.loads(result.stdout)
    return document["verdict"], [t["verdict"] for t in document["tests"]]


@pytest.mark.parametrize(
    "solution, overall, per_test",
    [
        ("reference.py", "AC", ["AC", "AC", "AC"]),
        ("ac_spaces.py", "AC", ["AC", "AC", "AC"]),
        ("wa.py", "WA", ["AC", "WA", "AC"]),
        ("pe.py", "PE", ["PE", "PE", "PE"]),
        ("re.py", "RE", ["RE", "RE", "RE"]),
    ],
)
def test_verdict_per_test_and_overall(project, solution, overall, per_test):
    result = submit(project, solution)
    assert verdicts(result) == (overall, per_test)
    assert result.exit_code == (0 if overall == "AC" else 1)


def test_limit_verdicts_stop_on_first_test_with_fail_fast(project):
    for solution, expected in [
        ("tle.py", "TLE"),
        ("mle.py", "MLE"),
        ("ole.py", "OLE"),
        ("sleep.py", "TLE"),
        ("segv.py", "RE"),
    ]:
        result = submit(project, solution, "--fail-fast")
        assert verdicts(result) == (expected, [expected]), solution
        assert result.exit_code == 1


def test_json_has_documented_fields(project):
    document = json.loads(submit(project, "re.py").stdout)
    assert {"problem", "solution", "language", "verdict", "limits", "tests"} <= document.keys()
    assert document["problem"] == "sum" and document["language"] == "python3"
    assert document["limits"]["time_ms"] == 1000
    test = document["tests"][0]
    assert {
        "name",
        "verdict",
        "time_ms",
        "memory_kb",
        "exit_code",
        "signal",
        "message",
    } <= test.keys()
    assert test["exit_code"] == 1
    assert "ZeroDivisionError" in test["message"]


def test_signal_is_named(project):
    test = json.loads(submit(project, "segv.py", "--fail-fast").stdout)["tests"][0]
    assert test["signal"] == "SIGSEGV"
    assert "SIGSEGV" in test["message"]


def test_compile_error_reports_compiler_message(tmp_path):
    root = write_project(
        tmp_path, solutions={"reference.py": "print(3)\n", "broken.c": "int main( { return 0; }\n"}
    )
    result = submit(root, "broken.c")
    document = json.loads(result.stdout)
    assert document["verdict"] == "CE" and result.exit_code == 1
    assert "error" in document["compile_message"]


def test_table_output_shows_where_the_answer_differs(project):
    path = project / "solutions/sum/wa.py"
    result = CliRunner().invoke(cli, ["--root", str(project), "submit", str(path), "sum"])
    assert result.exit_code == 1
    assert "hand-01-negative" in result.stdout
    assert "expected '-2', got '-8'" in result.stdout
    assert "verdict: WA Wrong Answer" in result.stdout


def test_the_table_has_a_column_each_and_a_line_per_test(project):
    path = project / "solutions/sum/wa.py"
    result = CliRunner().invoke(cli, ["--root", str(project), "submit", str(path), "sum"])
    lines = result.stdout.splitlines()
    header = next(index for index, line in enumerate(lines) if line.startswith("test "))
    columns = lines[header].split("  ")
    assert [c.strip() for c in columns if c.strip()] == [
        "test", "verdict", "time ms", "memory KB", "gross KB", "message"]
    rows = lines[header + 1:header + 4]
    verdict_at, memory_ends = lines[header].index("verdict"), lines[header].index("KB") + 2
    assert [row[verdict_at:verdict_at + 2] for row in rows] == ["AC", "WA", "AC"]
    assert all(row[memory_ends - 1].isdigit() for row in rows)  # figures end under the title
    assert rows[1].split()[0] == "hand-01-negative" and rows[1].endswith("got '-8'")
    assert not any(row.endswith(" ") for row in rows)


def test_malformed_problem_yaml_exits_2_with_location(tmp_path):
    root = write_project(tmp_path, problem_yaml=SUM_YAML.replace("time_ms: 1000", "time_ms: -1"))
    result = submit(root, "reference.py")
    assert result.exit_code == 2
    assert "problem.yaml:5: key 'limits.time_ms': expected an integer from 10" in result.stderr
    assert "Traceback" not in result.output + result.stderr


def _children() -> set[int]:
    return {child.pid for child in psutil.Process().children()
            if child.status() != psutil.STATUS_ZOMBIE}


def test_a_problem_that_fails_to_load_closes_the_sandbox_opened_ahead(project):
    """The first sandbox opens while the problem loads: the problem's error is the one shown,
    as when the sandbox opened after it, and the sandbox's fork server is gone at the end."""
    path = str(project / "solutions/sum/reference.py")
    before = _children()
    unknown = CliRunner().invoke(cli, ["--root", str(project), "submit", path, "nosuch"])
    assert unknown.exit_code == 2
    assert "unknown problem 'nosuch' (known problems: sum)" in unknown.stderr
    assert _children() - before == set()  # stopped, not left to its end of the pipe
    both = CliRunner().invoke(cli, ["--root", str(project), "submit", path, "nosuch"],
                              env={"JUDGE_SANDBOX": "bogus"})
    assert both.exit_code == 2 and "unknown problem 'nosuch'" in both.stderr
    sandbox = CliRunner().invoke(cli, ["--root", str(project), "submit", path, "sum"],
                                 env={"JUDGE_SANDBOX": "bogus"})
    assert sandbox.exit_code == 2
    assert "$JUDGE_SANDBOX='bogus': expected one of auto, plain" in sandbox.stderr
    assert "Traceback" not in unknown.stderr + both.stderr + sandbox.stderr


def test_missing_solution_and_unknown_language_exit_2(project):
    assert submit(project, "absent.py").exit_code == 2
    (project / "solutions/sum/notes.txt").write_text("hello")
    result = submit(project, "notes.txt")
    assert result.exit_code == 2 and ".txt" in result.stderr


def test_root_from_environment_and_from_walking_up(project, monkeypatch):
    path = project / "solutions/sum/reference.py"
    monkeypatch.setenv("JUDGE_ROOT", str(project))
    assert CliRunner().invoke(cli, ["submit", str(path), "sum", "--json"]).exit_code == 0
    monkeypatch.delenv("JUDGE_ROOT")
    monkeypatch.chdir(project / "testdata/sum")
    assert CliRunner().invoke(cli, ["submit", str(path), "sum", "--json"]).exit_code == 0


def test_list_and_show(project):
    listing = CliRunner().invoke(cli, ["--root", str(project), "list"])
    assert listing.exit_code == 0 and "Sum of two numbers" in listing.stdout
    shown = CliRunner().invoke(cli, ["--root", str(project), "show", "sum"])
    assert shown.exit_code == 0 and "Read two integers" in shown.stdout
    assert "1000 ms" in shown.stdout


def test_real_subprocess_exit_codes(project):
    command = [sys.executable, "-m", "judge", "--root", str(project), "submit"]
    good = subprocess.run(
        [*command, str(project / "solutions/sum/reference.py"), "sum"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert good.returncode == 0, good.stderr
    assert "verdict: AC Accepted" in good.stdout
    bad = subprocess.run(
        [*command, str(project / "solutions/sum/wa.py"), "sum"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 1 and "WA" in bad.stdout


def test_a_real_process_leaves_nothing_behind(project):
    """The command line ends without an interpreter teardown: what a normal exit does that can
    be seen must still happen (output flushed, the sandbox's scratch folder removed)."""
    command = [sys.executable, "-m", "judge", "--root", str(project), "submit",
               str(project / "solutions/sum/reference.py"), "sum"]
    judge = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = judge.communicate(timeout=120)
    assert judge.returncode == 0, err
    assert b"verdict: AC Accepted" in out and b"\nsandbox: " in out  # all of the report
    scratch = [path for parent in {scratch_parent(), Path(tempfile.gettempdir())}
               for path in parent.glob(f"{SCRATCH_PREFIX}{judge.pid}-*")]
    assert scratch == []


DEBUGGING = (
    "import sys\n"
    "a, b = map(int, input().split())\n"
    "for i in range(2600):\n"
    "    print(f'debug line {i:05d}: a={a} b={b}', file=sys.stderr)\n"  # about 80 KB
    "print(a + b)\n"
)


def test_stderr_is_not_output_and_is_shown_on_every_verdict(tmp_path):
    root = write_project(tmp_path, solutions={"reference.py": "print(0)\n", "debug.py": DEBUGGING})
    result = submit(root, "debug.py")
    document = json.loads(result.stdout)
    assert verdicts(result) == ("AC", ["AC", "AC", "AC"])  # output limit: 64 KB
    stderr = document["tests"][0]["stderr"]
    assert stderr.startswith("debug line 00000: a=1 b=2\n")
    assert stderr.rstrip().endswith("debug line 02599: a=1 b=2")
    assert "bytes of stderr skipped" in stderr and len(stderr) < 20_000
    table = CliRunner().invoke(
        cli, ["--root", str(root), "submit", str(root / "solutions/sum/debug.py"), "sum"]
    )
    assert "sample-1: AC stderr:" in table.stdout and "debug line 02599" in table.stdout
