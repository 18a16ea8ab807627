"""The setter's first hour: validating and answering hand-made tests, generating without
losing the manifest's comments, stress output that fits, and what verify flags."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.present.stress_report import head
from judge.judging.runner import CaseResult
from judge.verdicts.verdict import Verdict
from judge.setter.verify import tle_margin_errors
from tests.conftest import SUM_YAML, write_project
from tests.setter.test_produce import CLAMPED, MAX_YAML, make_project


def run(root: Path, *args: str):
    return CliRunner().invoke(cli, ["--root", str(root), *args])


def test_validate_takes_paths_relative_to_the_current_folder(tmp_path, monkeypatch):
    root = make_project(tmp_path)
    monkeypatch.chdir(root)
    result = run(root, "validate", "maxnum", "testdata/maxnum/sample-1.in")
    assert result.exit_code == 0, result.output
    assert "1 valid, 0 invalid" in result.stdout
    missing = run(root, "validate", "maxnum", "testdata/maxnum/sample-9.in")
    assert missing.exit_code == 2
    assert "file 'testdata/maxnum/sample-9.in' does not exist" in missing.stderr
    assert "validator" not in missing.stderr


HAND_MANIFEST = """\
# maxnum tests: the samples come from the statement.
sample-1:
  origin: sample   # copied from the statement
hand-01-equal:
  note: 'all numbers equal'
  origin: hand
"""


def test_generate_keeps_the_manifest_as_written(tmp_path):
    root = make_project(tmp_path)
    data = root / "testdata/maxnum"
    (data / "hand-01-equal.in").write_text("2\n4\n4\n")
    (data / "hand-01-equal.ans").write_text("4\n")
    (data / "manifest.yaml").write_text(HAND_MANIFEST)
    result = run(root, "generate", "maxnum", "--count", "2", "--seed", "5")
    assert result.exit_code == 0, result.output
    text = (data / "manifest.yaml").read_text()
    assert text.startswith(HAND_MANIFEST)
    added = text[len(HAND_MANIFEST) :]
    assert added.startswith("gen-001:\n  origin: generated\n  args: [--n, \"6\"]\n  seed: 5\n")
    assert run(root, "generate", "maxnum", "--check").exit_code == 0


def test_generate_check_without_generated_tests_fails(tmp_path):
    root = make_project(tmp_path)
    result = run(root, "generate", "maxnum", "--check")
    assert result.exit_code == 1
    assert "nothing to check" in result.stdout and "lists no generated tests" in result.stdout


def test_answer_writes_the_references_answer_for_valid_hand_made_inputs(tmp_path, monkeypatch):
    root = make_project(tmp_path)
    hand_group = '  - name: hand\n    glob: "hand-*"\n  - name: generated'
    (root / "problems/maxnum/problem.yaml").write_text(
        MAX_YAML.replace("  - name: generated", hand_group)
    )
    data = root / "testdata/maxnum"
    (data / "hand-01-big.in").write_text("3\n999\n1000\n7\n")
    (data / "hand-02-broken.in").write_text("3\n1\n")
    elsewhere = tmp_path / "try.in"
    elsewhere.write_text("1\n5\n")
    monkeypatch.chdir(root)
    result = run(
        root, "answer", "maxnum", "testdata/maxnum/hand-01-big.in",
        "testdata/maxnum/hand-02-broken.in", str(elsewhere), "--note", "the largest is 1000",
    )
    assert result.exit_code == 1, result.output
    assert (data / "hand-01-big.ans").read_text() == "1000\n"
    assert not (data / "hand-02-broken.ans").exists()
    assert "invalid testdata/maxnum/hand-02-broken.in: expected 4 lines, got 2" in result.stdout
    assert elsewhere.with_suffix(".ans").read_text() == "5\n"
    manifest = (data / "manifest.yaml").read_text()
    assert 'hand-01-big:\n  origin: hand\n  note: "the largest is 1000"\n' in manifest
    assert "hand-02-broken" not in manifest and "try" not in manifest
    (data / "hand-02-broken.in").write_text("1\n3\n")
    again = run(root, "answer", "maxnum", "testdata/maxnum/hand-02-broken.in")
    assert again.exit_code == 0 and (data / "hand-02-broken.ans").read_text() == "3\n"
    assert run(root, "verify", "maxnum").exit_code == 0


def test_a_new_hand_made_test_joins_the_other_hand_made_ones(tmp_path):
    root = make_project(tmp_path)
    data = root / "testdata/maxnum"
    before = "sample-1: {origin: sample}\nhand-01: {origin: hand}  # kept\n"
    after = "gen-001:\n  origin: generated\n  seed: 3\n"
    (data / "manifest.yaml").write_text(before + after)
    (data / "hand-02.in").write_text("1\n9\n")
    assert run(root, "answer", "maxnum", str(data / "hand-02.in")).exit_code == 0
    new = "hand-02:\n  origin: hand\n"
    assert (data / "manifest.yaml").read_text() == before + new + after


def test_verify_flags_a_test_without_a_manifest_entry(tmp_path):
    root = make_project(tmp_path)
    (root / "testdata/maxnum/gen-001.in").write_text("1\n5\n")
    (root / "testdata/maxnum/gen-001.ans").write_text("5\n")
    result = run(root, "verify", "maxnum")
    assert result.exit_code == 1
    assert "test 'gen-001' has no manifest entry" in result.stdout


def test_verify_warns_about_a_solution_outside_the_verdict_folders(tmp_path):
    root = make_project(tmp_path, {"stray.py": CLAMPED})
    result = run(root, "verify", "maxnum", "--json")
    warnings = json.loads(result.stdout)["problems"][0]["warnings"]
    assert any("stray.py: ignored: a solution belongs in a verdict folder" in w for w in warnings)


def test_verify_checks_the_statement_sample_against_the_sample_test(tmp_path):
    root = make_project(tmp_path)
    statement = root / "problems/maxnum/statement.md"
    statement.write_text(statement.read_text().replace("```\n7\n```", "```\n8\n```"))
    result = run(root, "verify", "maxnum")
    assert result.exit_code == 1
    assert "statement.md:14: sample 1: the output differs from sample-1.ans" in result.stdout


def test_a_checker_of_no_known_language_is_a_problem_error(tmp_path):
    checker = "checker:\n  name: testlib\n  program: problems/sum/check.scala\n"
    root = write_project(tmp_path, SUM_YAML + checker, problem_files={"check.scala": "exit 0\n"})
    result = run(root, "submit", str(root / "solutions/sum/reference.py"), "sum")
    assert result.exit_code == 2
    assert "cannot tell the language of problems/sum/check.scala" in result.stderr


def test_stress_without_stress_args_says_what_it_uses(tmp_path):
    root = make_project(tmp_path)
    spec = root / "problems/maxnum/problem.yaml"
    spec.write_text(MAX_YAML.replace('  stress_args: [--n, "8"]\n', ""))
    solution = str(root / "solutions/maxnum/reference.py")
    result = run(root, "stress", solution, "maxnum", "--iterations", "3")
    assert result.exit_code == 0
    assert "has no generator.stress_args" in result.stderr
    assert 'using its default_args: --n 6' in result.stderr


def test_stress_shows_the_head_of_a_long_input():
    data = b"".join(b"%d\n" % i for i in range(2370))
    shown = head(data, Path("/saved/failing.in")).splitlines()
    assert len(shown) == 21
    assert shown[-1] == "... 2350 more lines; all of it in /saved/failing.in"


def test_stress_keeps_the_failures_of_two_solutions_on_one_seed(tmp_path):
    also_clamped = CLAMPED.replace("100", "100 ")
    root = make_project(tmp_path, {"clamped.py": CLAMPED, "other/clamped.py": also_clamped})
    folders = []
    for path in ("clamped.py", "other/clamped.py"):
        solution = str(root / "solutions/maxnum" / path)
        result = run(root, "stress", solution, "maxnum", "--iterations", "50", "--json",
                     "--shrink-time", "0")
        saved = json.loads(result.stdout)["saved"]
        folders.append(Path(saved["failing_input"]).parent)
    assert folders[0] != folders[1]
    assert folders[0].name == folders[1].name  # the same seed
    assert all(folder.is_dir() for folder in folders)


def test_stress_keeps_a_failure_it_cannot_save_in_the_project(tmp_path):
    """A project whose .judge cannot be written (here a file in its place; another user's
    checkout, a read-only mount) loses no failure: it is saved elsewhere, and the user told."""
    root = make_project(tmp_path, {"clamped.py": CLAMPED})
    (root / ".judge").write_text("not a folder")
    solution = str(root / "solutions/maxnum/clamped.py")
    result = run(root, "stress", solution, "maxnum", "--iterations", "50", "--json",
                 "--shrink-time", "0")
    assert result.exit_code == 1, result.output
    saved = json.loads(result.stdout)["saved"]
    failing = Path(saved["failing_input"])
    assert failing.is_file() and not failing.is_relative_to(root)
    assert f"saved under {failing.parents[5]} instead" in result.stderr, result.stderr
    assert "internal error" not in result.stderr
    shutil.rmtree(failing.parents[5])


def test_stress_refuses_an_invalid_input(tmp_path):
    root = make_project(tmp_path, {"clamped.py": CLAMPED})
    bad = tmp_path / "bad.in"
    bad.write_text("9\n1\n")
    solution = str(root / "solutions/maxnum/clamped.py")
    result = run(root, "stress", solution, "maxnum", "--input", str(bad))
    assert result.exit_code == 2
    assert "is not a valid input for maxnum: line 1: n=9 outside 1..8" in result.stderr


def _case(name: str, verdict: Verdict, time_ms: float) -> CaseResult:
    return CaseResult(name, "hand", verdict, time_ms, time_ms, 0, 0, 0, None)


@pytest.mark.parametrize(
    "results, error",
    [
        ((_case("a", Verdict.AC, 1300), _case("b", Verdict.TLE, 2000)), None),
        ((_case("a", Verdict.AC, 5), _case("b", Verdict.AC, 1300)), "never clearly"),
        ((_case("a", Verdict.AC, 5),), None),  # no TLE at all: the verdict rule reports it
    ],
)
def test_a_tle_must_be_clear_on_some_test_not_the_first(results, error):
    errors = tle_margin_errors(results, 1000)
    assert (error is None) == (not errors)
    if error:
        assert error in errors[0] and "b" in errors[0]


# Accepted while n <= 4, spins for ever above: the sample and gen-001 pass, gen-002 never ends.
SPINS_ON_BIG_INPUTS = (
    "import sys\nn = int(sys.stdin.readline())\nwhile n > 4:\n    pass\nprint(n)\n"
)


def test_verify_accepts_a_tle_solution_that_spins_on_a_later_test(tmp_path):
    spins = SPINS_ON_BIG_INPUTS.replace("print(n)", "print(max(map(int, sys.stdin)))")
    root = make_project(tmp_path, {"time_limit_exceeded/spins.py": spins})
    data = root / "testdata/maxnum"
    (data / "gen-001.in").write_text("2\n1\n2\n")
    (data / "gen-001.ans").write_text("2\n")
    (data / "gen-002.in").write_text("6\n1\n2\n3\n4\n5\n6\n")
    (data / "gen-002.ans").write_text("6\n")
    manifest = data / "manifest.yaml"
    entries = "gen-001:\n  origin: hand\ngen-002:\n  origin: hand\n"
    manifest.write_text(manifest.read_text() + entries)
    result = run(root, "verify", "maxnum", "--json")
    assert result.exit_code == 0, result.stdout
    checks = json.loads(result.stdout)["problems"][0]["solutions"]
    spinning = next(c for c in checks if c["solution"] == "time_limit_exceeded/spins.py")
    assert spinning["tests"] == {"sample-1": "AC", "gen-001": "AC", "gen-002": "TLE"}


NEW_PROBLEM_YAML = """\
id: halves
title: Halves
source: a new problem
limits:
  time_ms: 1000
  memory_kb: 65536
checker:
  name: float
  abs_tol: 1e-6
  rel_tol: 1e-6
generator:
  program: problems/halves/generator.py
  default_args: [--max, "1000"]
  stress_args: [--max, "10"]
groups:
  - name: samples
    glob: "sample*"
  - name: hand
    glob: "hand-*"
  - name: generated
    glob: "gen-*"
"""

NEW_STATEMENT = """\
# Halves

Read n numbers, one a line after n itself; print each halved.

## Sample

```
2
3
4
```

```
1.5
2.0
```
"""

HALVES_VALIDATOR = """
import sys
lines = sys.stdin.read().split("\\n")
if lines[-1] == "":
    lines.pop()
if not lines or not lines[0].isdigit() or not 1 <= int(lines[0]) <= 5:
    print("line 1: expected n in 1..5")
    sys.exit(1)
if len(lines) != int(lines[0]) + 1 or not all(x.isdigit() for x in lines[1:]):
    print("expected n numbers, one a line")
    sys.exit(1)
"""

HALVES_GENERATOR = """
import argparse, random
parser = argparse.ArgumentParser()
parser.add_argument("--max", type=int, default=1000)
parser.add_argument("--seed", type=int, required=True)
args = parser.parse_args()
rng = random.Random(args.seed)
n = rng.randint(1, 5)
print(n)
for _ in range(n):
    print(rng.randint(0, args.max))
"""

HALVES = "import sys\nfor x in sys.stdin.read().split()[1:]:\n    print(int(x) / 2)\n"
FLOORED = "import sys\nfor x in sys.stdin.read().split()[1:]:\n    print(int(x) // 2)\n"


PACKAGE_FOLDERS = ("problems", "solutions", "testdata")


def test_a_new_problem_from_the_docs_alone(tmp_path, monkeypatch):
    """The steps of docs/problem-format.md, "Adding a problem", on an empty project."""
    root = tmp_path / "new"
    problem, solutions, data = (root / kind / "halves" for kind in PACKAGE_FOLDERS)
    for folder in (problem, solutions / "wrong_answer", data):
        folder.mkdir(parents=True)
    (problem / "problem.yaml").write_text(NEW_PROBLEM_YAML)
    (problem / "statement.md").write_text(NEW_STATEMENT)
    (problem / "validator.py").write_text(HALVES_VALIDATOR)
    (problem / "generator.py").write_text(HALVES_GENERATOR)
    (solutions / "reference.py").write_text(HALVES)
    (solutions / "wrong_answer/floored.py").write_text(FLOORED)
    (data / "sample-1.in").write_text("2\n3\n4\n")
    (data / "hand-01-odd.in").write_text("1\n7\n")
    (data / "hand-02-ones.in").write_text("3\n1\n1\n1\n")
    monkeypatch.chdir(root)
    inputs = ["testdata/halves/sample-1.in", "testdata/halves/hand-01-odd.in",
              "testdata/halves/hand-02-ones.in"]
    answered = CliRunner().invoke(cli, ["answer", "halves", *inputs])
    assert answered.exit_code == 0, answered.output
    assert (data / "sample-1.ans").read_text() == "1.5\n2.0\n"
    assert CliRunner().invoke(cli, ["generate", "halves", "--count", "3"]).exit_code == 0
    verified = CliRunner().invoke(cli, ["verify", "halves", "--json"])
    document = json.loads(verified.stdout)["problems"][0]
    assert verified.exit_code == 0, verified.stdout
    assert document["warnings"] == [] and document["errors"] == []
    shown = CliRunner().invoke(cli, ["show", "halves"])
    assert "checker float (abs_tol 1e-06, rel_tol 1e-06)" in shown.stdout
