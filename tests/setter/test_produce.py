"""generate, validate, stress (with shrinking) and verify on a small fixture problem."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli
from tests.conftest import write_project

# "Largest number": n, then n lines of one integer each (1 <= n <= 8, 0 <= x <= 1000).
MAX_YAML = """\
id: maxnum
title: Largest number
source: fixture
limits:
  time_ms: 1000
  memory_kb: 65536
checker:
  name: tokens
generator:
  program: problems/maxnum/generator.py
  default_args: [--n, "6"]
  stress_args: [--n, "8"]
validator: problems/maxnum/validator.py
groups:
  - name: samples
    glob: "sample*"
  - name: generated
    glob: "gen-*"
"""

GENERATOR = """
import argparse, random
parser = argparse.ArgumentParser()
parser.add_argument("--n", type=int, default=5)
parser.add_argument("--max", type=int, default=1000)
parser.add_argument("--seed", type=int, required=True)
args = parser.parse_args()
rng = random.Random(args.seed)
n = rng.randint(1, args.n)
print(n)
for _ in range(n):
    print(rng.randint(0, args.max))
"""

VALIDATOR = """
import sys
lines = sys.stdin.read().split("\\n")
if lines and lines[-1] == "":
    lines.pop()
def fail(message):
    print(message)
    sys.exit(1)
if not lines or not lines[0].isdigit():
    fail("line 1: expected n")
n = int(lines[0])
if not 1 <= n <= 8:
    fail(f"line 1: n={n} outside 1..8")
if len(lines) != n + 1:
    fail(f"expected {n + 1} lines, got {len(lines)}")
for number, line in enumerate(lines[1:], start=2):
    if not line.isdigit() or not 0 <= int(line) <= 1000:
        fail(f"line {number}: expected an integer 0..1000, got {line!r}")
"""

REFERENCE = "import sys\nn, *xs = map(int, sys.stdin.read().split())\nprint(max(xs))\n"
# The planted bug: numbers above 100 are clamped. The smallest failing input is "1\\n101\\n".
CLAMPED = "import sys\nn, *xs = map(int, sys.stdin.read().split())\nprint(min(100, max(xs)))\n"
CRASHES = "import sys\nn, *xs = map(int, sys.stdin.read().split())\nprint(max(xs) // (n - n))\n"
SLOW = "while True:\n    pass\n"
SORTED = "import sys\nxs = sorted(map(int, sys.stdin.read().split()[1:]))\nprint(xs[-1])\n"


STATEMENT = """\
# Largest number

Read n, then n integers; print the largest.

## Sample

```
3
5
7
2
```

```
7
```
"""


def make_project(tmp_path: Path, solutions: dict | None = None) -> Path:
    root = write_project(
        tmp_path / "p",
        problem_yaml=MAX_YAML,
        problem_id="maxnum",
        tests={"sample-1": ("3\n5\n7\n2\n", "7\n")},
        solutions={"reference.py": REFERENCE, **(solutions or {})},
        problem_files={"generator.py": GENERATOR, "validator.py": VALIDATOR},
    )
    (root / "problems/maxnum/statement.md").write_text(STATEMENT)
    (root / "testdata/maxnum/manifest.yaml").write_text("sample-1:\n  origin: sample\n")
    return root


def run(root: Path, *args: str):
    return CliRunner().invoke(cli, ["--root", str(root), *args])


def test_generate_writes_validated_answered_tests_and_rebuilds_them(tmp_path):
    root = make_project(tmp_path)
    result = run(root, "generate", "maxnum", "--count", "4", "--seed", "10")
    assert result.exit_code == 0, result.output
    data = root / "testdata/maxnum"
    names = sorted(p.stem for p in data.glob("gen-*.in"))
    assert names[0] == "gen-001" and len(names) >= 3
    manifest = (data / "manifest.yaml").read_text()
    assert "seed: 10" in manifest and "sha256:" in manifest
    for name in names:
        numbers = list(map(int, (data / f"{name}.in").read_text().split()))
        assert int((data / f"{name}.ans").read_text()) == max(numbers[1:])
    assert run(root, "generate", "maxnum", "--check").exit_code == 0
    (data / "gen-001.in").write_text("1\n5\n")
    drift = run(root, "generate", "maxnum", "--check")
    assert drift.exit_code == 1 and "input changed gen-001" in drift.output


def test_generate_refuses_identical_inputs(tmp_path):
    root = make_project(tmp_path)
    run(root, "generate", "maxnum", "--count", "2", "--seed", "1")
    again = run(root, "generate", "maxnum", "--count", "2", "--seed", "1")
    assert again.exit_code == 0
    assert "duplicate" in again.output and "0 written" in again.output


def test_generate_reports_an_invalid_generator_output(tmp_path):
    root = make_project(tmp_path)
    result = run(root, "generate", "maxnum", "--count", "1", "--", "--n", "20", "--max", "5000")
    assert result.exit_code == 1
    assert "invalid" in result.output


def test_validate_names_the_line(tmp_path):
    root = make_project(tmp_path)
    bad = tmp_path / "bad.in"
    bad.write_text("2\n5\nx\n")
    result = run(root, "validate", "maxnum", str(bad))
    assert result.exit_code == 1
    assert "line 3: expected an integer 0..1000, got 'x'" in result.output
    assert run(root, "validate", "maxnum").exit_code == 0


def test_stress_finds_and_shrinks_the_planted_bug(tmp_path):
    root = make_project(tmp_path, {"clamped.py": CLAMPED})
    result = run(
        root,
        "stress",
        str(root / "solutions/maxnum/clamped.py"),
        "maxnum",
        "--iterations",
        "200",
        "--json",
    )
    assert result.exit_code == 1, result.output
    outcome = json.loads(result.stdout)
    assert outcome["verdict"] == "WA"
    assert outcome["shrunk_input"] == "1\n101\n"
    replay = outcome["replay"].split()
    assert replay[:2] == ["judge", "stress"] and "--input" in replay
    again = run(root, *replay[1:])
    assert again.exit_code == 1 and "WA" in again.output, again.output


def test_stress_passes_a_correct_solution(tmp_path):
    root = make_project(tmp_path)
    result = run(
        root,
        "stress",
        str(root / "solutions/maxnum/reference.py"),
        "maxnum",
        "--iterations",
        "30",
        "--json",
    )
    assert result.exit_code == 0
    assert json.loads(result.stdout)["iterations"] == 30


def test_verify_passes_a_correct_package(tmp_path):
    root = make_project(
        tmp_path,
        {
            "accepted/sorted.py": SORTED,
            "wrong_answer/clamped.py": CLAMPED,
            "runtime_error/crash.py": CRASHES,
            "time_limit_exceeded/spin.py": SLOW,
        },
    )
    run(root, "generate", "maxnum", "--count", "6", "--seed", "1", "--", "--n", "8")
    result = run(root, "verify", "maxnum", "--json")
    document = json.loads(result.stdout)
    assert result.exit_code == 0, result.stdout
    assert document["ok"] and not document["problems"][0]["invalid_tests"]


@pytest.mark.parametrize(
    "folder, source, error",
    [
        ("wrong_answer", REFERENCE, "expected WA on at least one test"),
        ("accepted", CLAMPED, "WA"),
        ("time_limit_exceeded", CRASHES, "RE where only AC or TLE is expected"),
        ("runtime_error", SLOW, "TLE where only AC or RE is expected"),
    ],
)
def test_verify_fails_loudly_on_each_wrong_expectation(tmp_path, folder, source, error):
    root = make_project(tmp_path, {f"{folder}/sol.py": source})
    run(root, "generate", "maxnum", "--count", "4", "--seed", "1", "--", "--n", "8")
    result = run(root, "verify", "maxnum")
    assert result.exit_code == 1
    assert error in result.output


def test_verify_rejects_an_invalid_test(tmp_path):
    root = make_project(tmp_path)
    (root / "testdata/maxnum/gen-001.in").write_text("9\n1\n")
    (root / "testdata/maxnum/gen-001.ans").write_text("1\n")
    result = run(root, "verify", "maxnum")
    assert result.exit_code == 1 and "invalid test gen-001" in result.output


def test_verify_rejects_a_broken_manifest(tmp_path):
    root = make_project(tmp_path)
    manifest = root / "testdata/maxnum/manifest.yaml"
    manifest.write_text("sample-1:\n  origin: sample\n  note: a: b\n")
    result = run(root, "verify", "maxnum")
    assert result.exit_code == 1 and "manifest.yaml:3" in result.output
    manifest.write_text("sample-1:\n  origin: sample\ngen-404:\n  origin: hand\n")
    result = run(root, "verify", "maxnum")
    assert result.exit_code == 1 and "manifest names test 'gen-404'" in result.output


def test_stress_reuses_inputs_and_answers_of_an_earlier_run(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    counting = GENERATOR + "\nwith open('generator-calls.log', 'a') as log:\n    log.write('x')\n"
    root = make_project(tmp_path)
    (root / "problems/maxnum/generator.py").write_text(counting)
    solution = str(root / "solutions/maxnum/reference.py")
    calls = root / "generator-calls.log"
    assert run(root, "stress", solution, "maxnum", "--iterations", "12").exit_code == 0
    assert len(calls.read_text()) == 12
    assert run(root, "stress", solution, "maxnum", "--iterations", "12").exit_code == 0
    assert len(calls.read_text()) == 12  # all twelve inputs came from the cache
    assert (
        run(root, "stress", solution, "maxnum", "--iterations", "12", "--no-cache").exit_code == 0
    )
    assert len(calls.read_text()) == 24


CPP_VALIDATOR = """
#include <cstdio>
int main() {
    int n;
    if (scanf("%d", &n) != 1 || n < 1 || n > 8) { puts("line 1: expected n in 1..8"); return 1; }
    for (int i = 0; i < n; i++) {
        int x;
        if (scanf("%d", &x) != 1 || x < 0 || x > 1000) {
            printf("line %d: expected an integer 0..1000\\n", i + 2);
            return 1;
        }
    }
    return 42;  /* the Kattis convention for a valid input */
}
"""


def test_a_cpp_validator_with_the_kattis_exit_code(tmp_path):
    root = make_project(tmp_path)
    (root / "problems/maxnum/validator.cpp").write_text(CPP_VALIDATOR)
    spec = root / "problems/maxnum/problem.yaml"
    spec.write_text(spec.read_text().replace("validator.py", "validator.cpp"))
    assert run(root, "validate", "maxnum").exit_code == 0
    bad = tmp_path / "bad.in"
    bad.write_text("2\n5\n5000\n")
    result = run(root, "validate", "maxnum", str(bad))
    assert result.exit_code == 1 and "line 3: expected an integer 0..1000" in result.output


SHRINKER = """
import json, sys
numbers = sys.stdin.read().split()[1:]
with open("shrinker-calls.log", "a") as log:
    log.write("x")
for number in numbers:  # one number alone: the format's smallest inputs
    print(json.dumps(f"1\\n{number}\\n"))
"""


def test_stress_uses_the_problems_own_shrinker_first(tmp_path):
    root = make_project(tmp_path, {"clamped.py": CLAMPED})
    (root / "problems/maxnum/shrinker.py").write_text(SHRINKER)
    solution = str(root / "solutions/maxnum/clamped.py")
    result = run(root, "stress", solution, "maxnum", "--iterations", "200", "--json")
    outcome = json.loads(result.stdout)
    assert outcome["shrunk_input"] == "1\n101\n"
    assert (root / "shrinker-calls.log").read_text()  # found by its default name


def test_a_shrinker_that_breaks_its_convention_is_a_package_error(tmp_path):
    root = make_project(tmp_path, {"clamped.py": CLAMPED})
    (root / "problems/maxnum/shrinker.py").write_text("print('not json')\n")
    solution = str(root / "solutions/maxnum/clamped.py")
    result = run(root, "stress", solution, "maxnum", "--iterations", "200")
    assert result.exit_code == 2
    assert "shrinker output line 1: expected a JSON string" in result.stderr


# A second validator with a bound given as its own argument; the group adds --strict, which
# makes it also reject a first number above 3.
BOUND_VALIDATOR = """
import sys
args = sys.argv[1:]
bound = int(args[args.index("--max") + 1])
numbers = list(map(int, sys.stdin.read().split()))
if any(x > bound for x in numbers[1:]):
    print(f"a number above {bound}")
    sys.exit(43)
if "--strict" in args and numbers[0] > 3:
    print("strict: n above 3")
    sys.exit(43)
sys.exit(42)
"""


def test_verify_runs_every_validator_with_its_and_its_groups_arguments(tmp_path):
    root = make_project(tmp_path)
    (root / "problems/maxnum/bound.py").write_text(BOUND_VALIDATOR)
    spec = root / "problems/maxnum/problem.yaml"
    spec.write_text(
        spec.read_text()
        .replace(
            "validator: problems/maxnum/validator.py\n",
            "validator:\n  - program: problems/maxnum/validator.py\n"
            "  - program: problems/maxnum/bound.py\n    args: [--max, '500']\n",
        )
        .replace('glob: "gen-*"\n', 'glob: "gen-*"\n    validator_args: [--strict]\n')
    )
    data = root / "testdata/maxnum"
    for name, text in {"gen-001": "2\n5\n600\n", "gen-002": "4\n1\n2\n3\n4\n"}.items():
        (data / f"{name}.in").write_text(text)
        (data / f"{name}.ans").write_text(text.split()[-1] + "\n")
    result = run(root, "verify", "maxnum", "--json")
    invalid = {
        test["name"]: test["message"]
        for test in json.loads(result.stdout)["problems"][0]["invalid_tests"]
    }
    assert invalid == {
        "gen-001": "bound.py: a number above 500",
        "gen-002": "bound.py: strict: n above 3",
    }
    # The sample (4 numbers) is in a group without --strict: valid.
    assert run(root, "validate", "maxnum").output.count("INVALID") == 2
