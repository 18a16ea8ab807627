"""`judge export kattis`: Kattis' own checker (problemtools' verifyproblem) accepts the export of
every bundled problem and of imported ones; export then import gives the same tests, limits and
verdicts.

verifyproblem runs with two settings, both problemtools' own: `-t` with the package's time limit
(the legacy format keeps it in .timelimit, which verifyproblem does not read by itself), and
Python 3 as CPython through problemtools' languages.yaml override. The bundled problems' limits
and verdicts are made for CPython, which this judge runs; under problemtools' default PyPy,
sightseeing's runtime_error/recursive_tour.py recurses deeper than CPython allows and is
accepted (docs/formats.md).

Both checks of a bundled problem read one export of it, made once per test session (per
worker): the export is shared, and the bundled problems' own verdicts come from their folders
(`judge verify --all` proves them) rather than from a second verification here.
"""

from __future__ import annotations

import collections
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from judge.cli import cli
from judge.verdicts.verdict import EXPECTED_BY_FOLDER

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "kattis"
BUNDLED = sorted(p.parent.name for p in (ROOT / "problems").glob("*/problem.yaml"))
VERIFYPROBLEM = Path(sys.executable).parent / "verifyproblem"
CPYTHON_LANGUAGE = """\
python3:
    name: 'Python 3 (CPython)'
    compile: 'python3 -m py_compile {files}'
    run: 'python3 "{mainfile}"'
"""

needs_problemtools = pytest.mark.skipif(
    sys.version_info < (3, 11) or not VERIFYPROBLEM.exists(),
    reason="problemtools (the dev extra) needs Python 3.11",
)


def run(root: Path, *args: str):
    return CliRunner().invoke(cli, ["--root", str(root), *args])


def verifyproblem(package: Path, tmp_path: Path) -> tuple[int, str]:
    """verifyproblem's error count and its output."""
    config = tmp_path / "problemtools-config"
    (config / "problemtools").mkdir(parents=True, exist_ok=True)
    (config / "problemtools" / "languages.yaml").write_text(CPYTHON_LANGUAGE)
    timelimit = (package / ".timelimit").read_text().strip()
    result = subprocess.run(
        [str(VERIFYPROBLEM), "-t", timelimit, package.name],
        cwd=package.parent,
        env={
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": str(tmp_path),
            "XDG_CONFIG_HOME": str(config),
        },
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    output = result.stdout + result.stderr
    found = re.search(r"tested: (\d+) errors?", output)
    assert found, output[-3000:]
    return int(found.group(1)), output


def export(root: Path, problem_id: str, out: Path) -> str:
    result = run(root, "export", "kattis", problem_id, str(out))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """The export of a bundled problem, made once and shared by the tests that read it."""
    made: dict[str, Path] = {}

    def export_of(problem_id: str) -> Path:
        if problem_id not in made:
            package = tmp_path_factory.mktemp("export") / re.sub(r"[-_]", "", problem_id)
            export(ROOT, problem_id, package)
            made[problem_id] = package
        return made[problem_id]

    return export_of


@needs_problemtools
@pytest.mark.slow
@pytest.mark.parametrize("problem_id", BUNDLED)
def test_verifyproblem_accepts_the_export_of_every_bundled_problem(
    tmp_path, exported, problem_id
):
    errors, output = verifyproblem(exported(problem_id), tmp_path)
    assert errors == 0, "\n".join(line for line in output.splitlines() if "ERROR" in line)


def import_fixture(root: Path, name: str) -> None:
    (root / "problems").mkdir(parents=True, exist_ok=True)
    result = run(root, "import", "kattis", str(FIXTURES / name))
    assert result.exit_code == 0, result.output


@needs_problemtools
@pytest.mark.parametrize("name", ["pairsum", "hello", "circlearea"])
def test_verifyproblem_accepts_the_export_of_an_imported_package(tmp_path, name):
    root = tmp_path / "project"
    import_fixture(root, name)
    export(root, name, tmp_path / name)
    errors, output = verifyproblem(tmp_path / name, tmp_path)
    assert errors == 0, "\n".join(line for line in output.splitlines() if "ERROR" in line)


@needs_problemtools
@pytest.mark.parametrize(
    "name, scores",
    [
        ("closeguess", {"fifty.py": 77, "ten_above.py": 90}),  # validator points, avg grader
        ("testscores", {"small_only.py": 90, "positive_only.py": 65}),  # sum, min, max graders
        ("groupscores", {"small_only.py": 30, "positive_only.py": 50}),  # per-group reading
        ("draftscores", {"small_only.py": 65, "positive_only.py": 70}),  # draft group scores
    ],
)
def test_problemtools_gives_the_export_of_a_scoring_import_the_same_scores(
    tmp_path, name, scores
):
    """problemtools judges the export's partially accepted submissions with its own graders:
    the scores this judge gave on import (tests/formats/test_import_kattis_scores.py)."""
    root = tmp_path / "project"
    import_fixture(root, name)
    export(root, name, tmp_path / name)
    errors, output = verifyproblem(tmp_path / name, tmp_path)
    assert errors == 0, "\n".join(line for line in output.splitlines() if "ERROR" in line)
    found = dict(re.findall(r"partially_accepted/(\S+) \(.*?\) OK: AC \(([\d.]+)\)", output))
    assert {sub: round(float(score)) for sub, score in found.items()} == scores


def test_the_export_is_the_kattis_layout_and_says_what_it_leaves_out(tmp_path):
    output = export(ROOT, "sightseeing", tmp_path / "sightseeing")
    assert "memory_limit_exceeded/street_node_matrices.py: Kattis has no memory_limit_exceeded" in (
        output
    )
    package = tmp_path / "sightseeing"
    metadata = yaml.safe_load((package / "problem.yaml").read_text())
    assert metadata["name"] == "Sightseeing tour" and metadata["validation"] == "default"
    assert metadata["validator_flags"] == "case_sensitive"
    assert metadata["limits"] == {"memory": 10 + 1024, "output": 1}
    assert (package / ".timelimit").read_text() == "1\n"
    tex = (package / "problem_statement/problem.en.tex").read_text()
    assert tex.startswith("\\problemname{Sightseeing tour}") and "\\section*{Input}" in tex
    assert "impossible\npossible" not in tex  # the sample data is left to Kattis
    assert (package / "data/sample/sample-1.in").is_file()
    assert (package / "data/secret/hand/hand-01-single-junction.desc").is_file()
    validator = (package / "input_validators/validator/validator.py").read_text()
    assert "sys.exit(42 if code in (0, 42) else 43)" in validator
    assert sorted(p.name for p in (package / "submissions").iterdir()) == [
        "accepted",
        "run_time_error",
        "time_limit_exceeded",
        "wrong_answer",
    ]
    again = run(ROOT, "export", "kattis", "sightseeing", str(package))
    assert again.exit_code == 2 and "not empty" in again.output


def contents(root: Path, problem_id: str) -> collections.Counter:
    """The tests as a multiset of (input, answer) digests, with the group's size beside each."""
    data = root / "testdata" / problem_id
    return collections.Counter(
        (
            hashlib.sha256(p.read_bytes()).hexdigest(),
            hashlib.sha256(p.with_suffix(".ans").read_bytes()).hexdigest(),
        )
        for p in data.glob("*.in")
    )


def verify(root: Path, problem_id: str) -> dict:
    result = run(root, "verify", problem_id, "--json")
    assert result.exit_code == 0, result.stdout
    return json.loads(result.stdout)["problems"][0]


def solution_verdicts(problem: dict) -> dict[str, str]:
    """Each solution's verdict by file name ("reference" for the reference, whichever it is)."""
    return {s["solution"].split("/")[-1]: s["verdict"] for s in problem["solutions"]}


def exported_verdicts(problem_id: str, package: Path) -> dict[str, str]:
    """The verdict each exported solution promises by its folder here (the reference: AC)."""
    exported = {p.name for p in (package / "submissions").rglob("*") if p.is_file()}
    solutions = ROOT / "solutions" / problem_id
    promised = {"reference": "AC"}
    for path in solutions.rglob("*"):
        folder = path.parent.name
        if path.is_file() and path.name in exported and folder in EXPECTED_BY_FOLDER:
            promised[path.name] = EXPECTED_BY_FOLDER[folder].value
    return promised


@pytest.mark.parametrize("problem_id", ["sightseeing", "bridges"])
def test_export_then_import_gives_the_same_tests_limits_and_verdicts(
    tmp_path, exported, problem_id
):
    package = exported(problem_id)
    root = tmp_path / "project"
    (root / "problems").mkdir(parents=True)
    result = run(root, "import", "kattis", str(package))
    assert result.exit_code == 0, result.output
    original = yaml.safe_load((ROOT / "problems" / problem_id / "problem.yaml").read_text())
    imported = yaml.safe_load((root / "problems" / problem_id / "problem.yaml").read_text())
    expected_limits = dict(original["limits"])
    expected_limits.setdefault("memory_basis", "net")
    expected_limits.setdefault("wall_ms", 2 * expected_limits["time_ms"] + 1000)
    assert imported["limits"] == expected_limits
    assert contents(root, problem_id) == contents(ROOT, problem_id)
    promised = exported_verdicts(problem_id, package)
    after = verify(root, problem_id)
    imported_verdicts = solution_verdicts(after)
    # The same solutions with the same verdicts; another accepted one may now be the reference.
    assert sorted(promised.values()) == sorted(imported_verdicts.values())
    for name, verdict in promised.items():
        assert imported_verdicts.get(name, "AC") == verdict, name
    assert len(after["tests"]) == len(list((ROOT / "testdata" / problem_id).glob("*.in")))


@needs_problemtools
def test_verifyproblem_accepts_the_export_of_a_new_problem(tmp_path):
    root = tmp_path / "project"
    (root / "problems").mkdir(parents=True)
    assert run(root, "new", "fresh").exit_code == 0
    export(root, "fresh", tmp_path / "fresh")
    errors, output = verifyproblem(tmp_path / "fresh", tmp_path)
    assert errors == 0, "\n".join(line for line in output.splitlines() if "ERROR" in line)



def test_a_multi_pass_problem_is_exported_as_multi_pass_and_imports_back(tmp_path):
    root = tmp_path / "project"
    import_fixture(root, "doubling")
    (root / "problems/doubling/problem.yaml").write_text(
        (root / "problems/doubling/problem.yaml").read_text().replace("passes: 2", "passes: 3")
    )
    export(root, "doubling", tmp_path / "doubling")
    metadata = yaml.safe_load((tmp_path / "doubling/problem.yaml").read_text())
    assert metadata["validation"] == "custom multi-pass"
    assert metadata["limits"]["validation_passes"] == 3
    again = tmp_path / "again"
    (again / "problems").mkdir(parents=True)
    result = run(again, "import", "kattis", str(tmp_path / "doubling"))
    assert result.exit_code == 0, result.output
    imported = yaml.safe_load((again / "problems/doubling/problem.yaml").read_text())
    assert imported["checker"]["passes"] == 3
    assert solution_verdicts(verify(again, "doubling")) == {"reference": "AC", "once.py": "WA"}


def test_an_interactive_multi_pass_problem_is_exported_as_such_and_imports_back(tmp_path):
    root = tmp_path / "project"
    import_fixture(root, "echodouble")
    export(root, "echodouble", tmp_path / "echodouble")
    metadata = yaml.safe_load((tmp_path / "echodouble/problem.yaml").read_text())
    assert metadata["validation"] == "custom interactive multi-pass"
    assert "validation_passes" not in metadata["limits"]  # 2, the default
    again = tmp_path / "again"
    (again / "problems").mkdir(parents=True)
    result = run(again, "import", "kattis", str(tmp_path / "echodouble"))
    assert result.exit_code == 0, result.output
    imported = yaml.safe_load((again / "problems/echodouble/problem.yaml").read_text())
    assert imported["interactive"]["passes"] == 2
    assert solution_verdicts(verify(again, "echodouble")) == {"reference": "AC", "echo.py": "WA"}
