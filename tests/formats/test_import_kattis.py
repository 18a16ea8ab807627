"""`judge import kattis`: real Kattis packages (tests/fixtures/kattis) imported, then verified
with real processes: every submission must get its folder's verdict."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml
from tests.formats.helpers import empty_project, run

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "kattis"


def import_kattis(root: Path, package: Path, *extra: str):
    result = run(root, "import", "kattis", str(package), *extra)
    assert result.exit_code == 0, result.output
    return result.output


def verdicts(root: Path, problem_id: str) -> dict[str, str]:
    """Each bundled solution's verdict after `judge verify`, which must pass."""
    result = run(root, "verify", problem_id, "--json")
    document = json.loads(result.stdout)
    assert result.exit_code == 0, result.stdout
    problem = document["problems"][0]
    assert not problem["invalid_tests"] and not problem["errors"]
    return {s["solution"]: s["verdict"] for s in problem["solutions"]}


def spec(root: Path, problem_id: str) -> dict:
    return yaml.safe_load((root / "problems" / problem_id / "problem.yaml").read_text())


def test_legacy_package_with_custom_output_validator_and_three_input_validators(tmp_path):
    root = empty_project(tmp_path)
    output = import_kattis(root, FIXTURES / "pairsum")
    assert "input_validators/format.ctd: Checktestdata converted to format_ctd.py" in output
    assert "LaTeX converted to Markdown with pandoc" in output or "LaTeX kept" in output
    assert "by the Kattis rule" in output and "x 5 (legacy time_multiplier)" in output
    problem = spec(root, "pairsum")
    assert problem["limits"] == {
        "time_ms": 1000,
        "memory_kb": 256 * 1024,
        "output_kb": 8 * 1024,
        "memory_basis": "gross",
    }
    assert problem["checker"] == {
        "name": "kattis",
        "program": "problems/pairsum/output_validators/pairchecker/pairchecker.py",
        "args": ["distinct"],
    }
    assert [v["program"].split("/")[-1] for v in problem["validator"]] == [
        "format_ctd.py",
        "range.cpp",
        "validate.py",
    ]
    assert problem["source"].startswith("Fixture Contest 2024")
    assert verdicts(root, "pairsum") == {
        "reference": "AC",
        "accepted/pair.py": "AC",
        "runtime_error/reads_two.py": "RE",
        "time_limit_exceeded/search.py": "TLE",
        "wrong_answer/halves.py": "WA",
    }
    manifest = yaml.safe_load((root / "testdata/pairsum/manifest.yaml").read_text())
    assert manifest["secret.01-smallest"] == {"origin": "hand", "note": "the smallest c"}
    assert manifest["sample-1"] == {"origin": "sample", "note": "data/sample/1"}
    assert (root / "problems/pairsum/extras/attachments/README.txt").is_file()


@pytest.mark.parametrize(
    "text, rejecting",
    [
        ("0\n", "format_ctd.py"),  # out of range: the first validator already rejects it
        ("5", "format_ctd.py"),  # no newline
        ("5 \n", "format_ctd.py"),  # trailing space
    ],
)
def test_each_imported_validator_runs(tmp_path, text, rejecting):
    root = empty_project(tmp_path)
    import_kattis(root, FIXTURES / "pairsum")
    bad = tmp_path / "bad.in"
    bad.write_text(text)
    result = run(root, "validate", "pairsum", str(bad))
    assert result.exit_code == 1 and f"INVALID  {bad}: {rejecting}:" in result.output


def test_the_cpp_and_python_validators_reject_what_they_check(tmp_path):
    root = empty_project(tmp_path)
    import_kattis(root, FIXTURES / "pairsum")
    problem = root / "problems/pairsum/problem.yaml"
    bad = tmp_path / "bad.in"
    bad.write_text("1001\n")
    for dropped, message in (
        ("format_ctd.py", "range.cpp: c must be an integer in [1, 1000]"),
        ("range/range.cpp", "bad.in: c = 1001 outside 1..1000"),  # one left: no name
    ):
        line = f"- program: problems/pairsum/input_validators/{dropped}\n"
        problem.write_text(problem.read_text().replace(line, ""))
        result = run(root, "validate", "pairsum", str(bad))
        assert result.exit_code == 1 and message in result.output


def test_no_input_problem_with_the_default_validator_ignoring_letter_case(tmp_path):
    root = empty_project(tmp_path)
    import_kattis(root, FIXTURES / "hello")
    problem = spec(root, "hello")
    assert problem["checker"] == {"name": "kattis-default"}
    assert problem["limits"]["time_ms"] == 1000 and problem["limits"]["memory_kb"] == 512 * 1024
    assert (root / "testdata/hello/secret.1.in").read_bytes() == b""
    assert verdicts(root, "hello") == {
        "reference": "AC",
        "accepted/hello.py": "AC",
        "accepted/shouting.py": "AC",
        "wrong_answer/no_bang.py": "WA",
    }
    statement = (root / "problems/hello/statement.md").read_text()
    assert statement.startswith("# Hello World!\n") and "## Sample" in statement


def test_float_tolerance_nested_groups_and_a_shared_test(tmp_path):
    root = empty_project(tmp_path)
    import_kattis(root, FIXTURES / "circlearea")
    problem = spec(root, "circlearea")
    assert problem["checker"] == {"name": "kattis-default", "args": ["float_tolerance", "1e-6"]}
    assert problem["groups"] == [
        {"name": "sample", "glob": "sample-*"},
        {"name": "secret/1-small", "glob": "secret.1-small.*", "validator_args": ["--max", "10"]},
        {"name": "secret/2-large", "glob": "secret.2-large.*"},
    ]
    data = root / "testdata/circlearea"
    shared = data / "secret.2-large.03-shared.in"
    assert not shared.is_symlink() and shared.read_text() == "10\n"
    assert verdicts(root, "circlearea") == {
        "reference": "AC",
        "accepted/exact.py": "AC",
        "wrong_answer/pi_is_three.py": "WA",
    }
    statement = (root / "problems/circlearea/statement.md").read_text()
    # The samples follow the text, where judge verify compares them with sample-1 and so on.
    assert "{{nextsample}}" not in statement
    assert statement.index("has area $\\pi$") < statement.index("## Sample\n\nInput 1:")


def zip_folder(folder: Path, archive: Path, top: str | None) -> Path:
    """A zip of `folder` that stores symlinks as symlinks, as `zip -y` does."""
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in sorted(folder.rglob("*")):
            name = path.relative_to(folder).as_posix()
            name = f"{top}/{name}" if top else name
            if path.is_symlink():
                info = zipfile.ZipInfo(name)
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                zipped.writestr(info, os.readlink(path))
            elif path.is_file():
                zipped.write(path, name)
    return archive


@pytest.mark.parametrize("top", [None, "circlearea"])
def test_a_zipped_package_imports_like_the_folder(tmp_path, top):
    root = empty_project(tmp_path)
    archive = zip_folder(FIXTURES / "circlearea", tmp_path / "circlearea.kpp", top)
    import_kattis(root, archive)
    data = root / "testdata/circlearea"
    assert (data / "secret.2-large.03-shared.in").read_text() == "10\n"
    assert len(list(data.glob("*.in"))) == 6


def test_a_symlink_out_of_the_package_is_refused(tmp_path):
    package = shutil.copytree(FIXTURES / "hello", tmp_path / "hello", symlinks=True)
    secret = tmp_path / "secret.txt"
    secret.write_text("not for the package\n")
    (package / "data/secret/2.in").symlink_to(secret)
    (package / "data/secret/2.ans").write_text("Hello World!\n")
    root = empty_project(tmp_path)
    result = run(root, "import", "kattis", str(package))
    assert result.exit_code == 2
    assert "data/secret/2.in" in result.output and "leads out of the package" in result.output
    assert not (root / "problems/hello").exists()


def test_a_zip_member_that_climbs_out_is_refused(tmp_path):
    archive = zip_folder(FIXTURES / "hello", tmp_path / "hello.zip", None)
    with zipfile.ZipFile(archive, "a") as zipped:
        zipped.writestr("../evil.txt", "x")
    root = empty_project(tmp_path)
    result = run(root, "import", "kattis", str(archive))
    assert result.exit_code == 2 and "would land outside the package" in result.output
    assert not (tmp_path / "evil.txt").exists()


def test_what_is_not_supported_is_listed_and_kept(tmp_path):
    package = shutil.copytree(FIXTURES / "hello", tmp_path / "hello", symlinks=True)
    (package / "include/default").mkdir(parents=True)
    (package / "include/default/grader.py").write_text("# a grader\n")
    (package / "input_validators/syntax.viva").write_text("{ EOF }\n")
    (package / "submissions/brute_force").mkdir()
    (package / "submissions/brute_force/nothing.py").write_text("pass\n")
    (package / "submissions/accepted/Hello.scala").write_text("object Hello\n")
    (package / "data/secret/1.files").mkdir()
    (package / "data/secret/1.files/extra.txt").write_text("x\n")
    (package / "problem.yaml").write_text(
        (package / "problem.yaml").read_text() + "mystery_key: 1\n"
    )
    root = empty_project(tmp_path)
    output = import_kattis(root, package)
    for expected in (
        "include/default: added to every submission without a folder of its language",
        "input_validators/syntax.viva: a VIVA validator needs the VIVA tool",
        "submissions/brute_force/nothing.py: no verdict folder here for 'brute_force'",
        "submissions/accepted/Hello.scala: cannot tell the language",
        "data/secret/1.files: not used for judging here",
        "problem.yaml: mystery_key: unknown key, ignored",
    ):
        assert expected in output
    extras = root / "problems/hello/extras"
    assert (root / "problems/hello/include/default/grader.py").is_file()
    for kept in (
        "input_validators/syntax.viva",
        "submissions/brute_force/nothing.py",
        "submissions/accepted/Hello.scala",
        "data/secret/1.files/extra.txt",
    ):
        assert (extras / kept).is_file(), kept
    assert verdicts(root, "hello")["wrong_answer/no_bang.py"] == "WA"


def test_py3_is_python_3_and_unread_group_keys_are_listed_and_answer_validators_run(tmp_path):
    package = shutil.copytree(FIXTURES / "hello", tmp_path / "hello")
    (package / "submissions/accepted/hello.py").rename(package / "submissions/accepted/hi.py3")
    (package / "data/secret/test_group.yaml").write_text("full_feedback: true\n")
    (package / "data/testdata.yaml").write_text("mystery_setting: 3\n")
    (package / "answer_validators").mkdir()
    (package / "answer_validators/check.py").write_text("import sys\nsys.exit(42)\n")
    root = empty_project(tmp_path)
    output = import_kattis(root, package)
    for expected in (
        "data/secret/test_group.yaml: full_feedback: not used here",
        "data/testdata.yaml: mystery_setting: not used here",
    ):
        assert expected in output
    assert spec(root, "hello")["answer_validator"] == "problems/hello/answer_validators/check.py"
    assert verdicts(root, "hello")["accepted/hi.py"] == "AC"


def test_an_output_validator_with_build_scripts_is_refused_naming_them(tmp_path):
    package = shutil.copytree(FIXTURES / "pairsum", tmp_path / "pairsum")
    build = package / "output_validators/pairchecker/build"
    build.write_text("#!/bin/sh\ncp pairchecker.py run\n")
    result = run(empty_project(tmp_path), "import", "kattis", str(package))
    assert result.exit_code == 2, result.output
    assert "listed above" not in result.output
    assert "cannot run the output validator: a program built or run by its own scripts " \
        "(output_validators/pairchecker/build) is not supported" in " ".join(result.output.split())


def test_an_existing_problem_is_replaced_only_when_asked(tmp_path):
    root = empty_project(tmp_path)
    import_kattis(root, FIXTURES / "hello")
    again = run(root, "import", "kattis", str(FIXTURES / "hello"))
    assert again.exit_code == 2 and "already exists" in again.output
    import_kattis(root, FIXTURES / "hello", "--id", "greeting")
    assert spec(root, "greeting")["id"] == "greeting"
    import_kattis(root, FIXTURES / "hello", "--replace")


@pytest.mark.parametrize(
    ("fixture", "failure"),
    [
        # a legacy package: the failure is seen while the time limit is measured
        ("wrongref", "the reference (doubles.py) gets WA on test secret.2: line 1 token 1: "
         "expected '25', got '10'"),
        # a 2025-09 package with a stated limit: its accepted submissions are run for this
        ("python2ref", "the reference (echo.py) gets RE on test sample-1: exit code 1: "
         "NameError: name 'raw_input' is not defined"),
    ],
)
def test_an_import_whose_accepted_solution_fails_stops_unless_kept_broken(
    tmp_path, fixture, failure
):
    root = empty_project(tmp_path)
    refused = run(root, "import", "kattis", str(FIXTURES / fixture))
    assert refused.exit_code == 2, refused.output
    assert failure in refused.output and "--keep-broken" in refused.output
    assert sorted(p.name for p in root.iterdir()) == ["problems"]  # nothing half-imported
    assert not any((root / "problems").iterdir())
    output = import_kattis(root, FIXTURES / fixture, "--keep-broken")
    assert f"broken (--keep-broken): {failure}" in output
    assert spec(root, fixture)["broken"] == failure
    listed = run(root, "list")
    assert listed.exit_code == 0 and "broken: the reference" in " ".join(listed.output.split())
    assert run(root, "verify", fixture).exit_code == 1


def test_a_package_without_secret_data_is_an_error(tmp_path):
    package = shutil.copytree(FIXTURES / "hello", tmp_path / "hello")
    shutil.rmtree(package / "data/secret")
    result = run(empty_project(tmp_path), "import", "kattis", str(package))
    assert result.exit_code == 2 and "no data/secret folder" in result.output


def test_stress_works_on_an_imported_package_by_replaying_its_tests(tmp_path):
    root = empty_project(tmp_path)
    output = import_kattis(root, FIXTURES / "pairsum")
    assert "generator.py replays the package's own tests" in output
    solution = root / "solutions/pairsum/wrong_answer/halves.py"
    result = run(root, "stress", str(solution), "pairsum", "--time", "60", "--json")
    document = json.loads(result.stdout)
    assert result.exit_code == 1 and document["verdict"] == "WA"
    assert int(document["shrunk_input"]) % 2 == 0  # halves of an even c are equal
    accepted = root / "solutions/pairsum/accepted/pair.py"
    passing = run(root, "stress", str(accepted), "pairsum", "--iterations", "20", "--json")
    assert passing.exit_code == 0 and json.loads(passing.stdout)["verdict"] == "AC"


def test_test_folders_whose_flat_names_overlap_still_keep_their_tests(tmp_path):
    package = shutil.copytree(FIXTURES / "hello", tmp_path / "hello")
    for folder, name in (("g1", "a"), ("g1.x", "b")):
        (package / "data/secret" / folder).mkdir()
        (package / "data/secret" / folder / f"{name}.in").write_text("")
        (package / "data/secret" / folder / f"{name}.ans").write_text("Hello World!\n")
    (package / "data/secret/1.big.in").write_text("")
    (package / "data/secret/1.big.ans").write_text("Hello World!\n")
    root = empty_project(tmp_path)
    import_kattis(root, package)
    groups = [g["name"] for g in spec(root, "hello")["groups"]]
    assert groups == ["sample", "secret/g1.x", "secret/g1", "secret"]
    result = run(root, "verify", "hello", "--json")
    problem = json.loads(result.stdout)["problems"][0]
    assert result.exit_code == 0 and len(problem["tests"]) == 5


def test_a_program_that_links_out_of_the_package_is_refused(tmp_path):
    package = shutil.copytree(FIXTURES / "hello", tmp_path / "hello")
    outside = tmp_path / "private.py"
    outside.write_text("print('Hello World!')\n")
    (package / "submissions/accepted/linked.py").symlink_to(outside)
    root = empty_project(tmp_path)
    result = run(root, "import", "kattis", str(package))
    assert result.exit_code == 2 and "leads out of the package" in result.output
    assert not (root / "problems/hello").exists()


def test_a_validator_next_to_its_header_keeps_it(tmp_path):
    package = shutil.copytree(FIXTURES / "hello", tmp_path / "hello")
    (package / "input_validators/empty.h").write_text("#pragma once\nconst int EXPECTED = 0;\n")
    (package / "input_validators/empty.cpp").write_text(
        '#include <cstdio>\n#include "empty.h"\n'
        "int main() { return std::getchar() == EOF && EXPECTED == 0 ? 42 : 43; }\n"
    )
    root = empty_project(tmp_path)
    output = import_kattis(root, package)
    assert "empty.h" not in output  # a header is no program of its own
    assert [v["program"] for v in spec(root, "hello")["validator"]] == [
        "problems/hello/input_validators/empty.cpp",
        "problems/hello/input_validators/empty.py",
    ]
    assert verdicts(root, "hello")["accepted/hello.py"] == "AC"
    # The compiled validator follows its header: a changed header is a new program.
    header = root / "problems/hello/input_validators/empty.h"
    header.write_text("#pragma once\nconst int EXPECTED = 1;\n")
    assert "INVALID" in run(root, "validate", "hello").output


def test_a_scoring_package_with_subtasks_and_symlinked_tests(tmp_path):
    root = empty_project(tmp_path)
    output = import_kattis(root, FIXTURES / "maxsubarray")
    assert "partially_accepted/positive_only.py: earned 30 of 100 here" in output
    groups = spec(root, "maxsubarray")["groups"]
    assert [(g["name"], g["points"], g["aggregation"]) for g in groups[1:]] == [
        ("secret/group1", 30, "min"),
        ("secret/group2", 70, "min"),
    ]
    assert groups[0] == {"name": "sample", "glob": "sample-*", "points": 0}
    assert groups[2]["validator_args"] == ["--max-n", "1000"]
    data = root / "testdata/maxsubarray"
    shared = (data / "secret.group2.01-single.in").read_bytes()
    assert shared == (data / "secret.group1.01-single.in").read_bytes()
    result = run(root, "verify", "maxsubarray", "--json")
    assert result.exit_code == 0, result.stdout
    solutions = json.loads(result.stdout)["problems"][0]["solutions"]
    assert {s["solution"]: s["score"] for s in solutions} == {
        "reference": 100,
        "partially_accepted/brute_small.py": 30,
        "partially_accepted/positive_only.py": 30,
        "wrong_answer/empty_allowed.py": 0,
    }


TEST_GROUPS_2025 = {
    "data/sample/test_group.yaml": "",
    "data/secret/test_group.yaml": "score_aggregation: sum\n",
    "data/secret/group1/test_group.yaml": (
        "max_score: 30\nscore_aggregation: min\ninput_validator_args: [--max-n, '10']\n"
    ),
    "data/secret/group2/test_group.yaml": (
        "max_score: 70\nrequire_pass: secret/group1\ninput_validator_args: [--max-n, '1000']\n"
    ),
}


def test_a_2025_09_scoring_package_with_max_scores_and_required_groups(tmp_path):
    package = shutil.copytree(FIXTURES / "maxsubarray", tmp_path / "maxsubarray", symlinks=True)
    for path in package.glob("data/**/testdata.yaml"):
        path.unlink()
    for name, text in TEST_GROUPS_2025.items():
        (package / name).write_text(text)
    (package / "problem_statement").rename(package / "statement")
    (package / "problem.yaml").write_text(
        "problem_format_version: 2025-09\nname: Maximum Subarray\ntype: scoring\n"
        "uuid: 3f0bfb2e-8c16-4bd2-9a8e-6f3f1c2d4b55\nlimits:\n  time_limit: 1\n"
    )
    root = empty_project(tmp_path)
    import_kattis(root, package)
    groups = spec(root, "maxsubarray")["groups"]
    assert groups[2] == {
        "name": "secret/group2",
        "glob": "secret.group2.*",
        "points": 70,
        "aggregation": "min",
        "depends_on": ["secret/group1"],
        "validator_args": ["--max-n", "1000"],
    }
    result = run(root, "verify", "maxsubarray", "--json")
    assert result.exit_code == 0, result.stdout


def test_an_interactive_package_maps_its_interactor_and_transcripts(tmp_path):
    package = shutil.copytree(FIXTURES / "guessnumber", tmp_path / "guessnumber")
    (package / ".timelimit").write_text("1\n")  # so that the import need not measure
    root = empty_project(tmp_path)
    import_kattis(root, package)
    problem = spec(root, "guessnumber")
    assert problem["interactive"] == {
        "protocol": "kattis",
        "program": "problems/guessnumber/output_validators/interactor/interactor.py",
    }
    assert "checker" not in problem
    data = root / "testdata/guessnumber"
    transcript = (package / "data/sample/1.interaction").read_bytes()
    assert (data / "sample-1.interaction").read_bytes() == transcript
    assert (data / "secret.777.ans").read_bytes() == b""
    statement = (root / "problems/guessnumber/statement.md").read_text()
    assert "## Example interaction" in statement and ">? 500" in statement


def test_an_interactor_in_cpp_answers_a_submission_that_left_and_python_2_is_listed(tmp_path):
    root = empty_project(tmp_path)
    output = import_kattis(root, FIXTURES / "highlow")
    assert "submissions/wrong_answer/python_two.py: not Python 3" in output
    assert "data/secret/03-middle.ans: missing: the test gets an empty answer" in output
    problem = spec(root, "highlow")
    assert problem["interactive"] == {
        "protocol": "kattis",
        "program": "problems/highlow/output_validators/highlow/highlow.cc",
    }
    assert (root / "problems/highlow/output_validators/highlow/feedback.h").is_file()
    # one_guess.py leaves while the interactor still replies: its verdict, never a judge error.
    assert verdicts(root, "highlow") == {"reference": "AC", "wrong_answer/one_guess.py": "WA"}


def test_a_validator_that_rejects_by_assert_says_invalid_with_its_message(tmp_path):
    root = empty_project(tmp_path)
    import_kattis(root, FIXTURES / "highlow")
    (tmp_path / "zero.in").write_text("pick 0\n")
    result = run(root, "validate", "highlow", str(tmp_path / "zero.in"))
    assert result.exit_code == 1, result.output
    assert "INVALID" in result.output and "AssertionError: expected 'pick N'" in result.output


def test_a_2025_09_package_with_folders_inside_groups_and_args_per_validator(tmp_path):
    root = empty_project(tmp_path)
    output = import_kattis(root, FIXTURES / "wordecho")
    assert "run_time_error/hoards.py: runs out of memory here" in output
    groups = spec(root, "wordecho")["groups"]
    assert groups[1:] == [
        {
            "name": "secret/1-five",
            "glob": "secret.1-five.*",
            "points": 20,
            "aggregation": "min",
            "validator_args": ["five=1"],
        },
        {
            "name": "secret/2-any",
            "glob": "secret.2-any.*",
            "points": 80,
            "aggregation": "min",
            "depends_on": ["secret/1-five"],
        },
    ]
    data = root / "testdata/wordecho"
    assert (data / "secret.2-any.long.03-nine.in").is_file()  # the folder's test is the group's
    shared = data / "secret.2-any.02-shared.in"
    assert shared.read_bytes() == (data / "secret.1-five.02.in").read_bytes()
    assert verdicts(root, "wordecho") == {
        "reference": "AC",
        "memory_limit_exceeded/hoards.py": "MLE",
        "partially_accepted/five_only.py": "WA",
        "wrong_answer/even_words.py": "WA",
    }


def test_stress_shrinks_past_inputs_a_cpp_validator_rejects_by_assert(tmp_path):
    root = empty_project(tmp_path)
    import_kattis(root, FIXTURES / "wordecho")
    solution = FIXTURES / "wordecho/submissions/partially_accepted/five_only.py"
    result = run(root, "stress", str(solution), "wordecho", "--iterations", "5")
    assert result.exit_code == 1, result.output
    assert "shrunk in" in result.output and "error" not in result.output


def test_a_package_without_solutions_with_top_level_float_flags_and_an_html_statement(tmp_path):
    root = empty_project(tmp_path)
    output = import_kattis(root, FIXTURES / "thirds")
    assert "the reference (replay_answers.py) knows the answers of the package's own tests" in (
        output
    )
    assert "problem.yaml: output_validator_flags: applies to every test group" in output
    problem = spec(root, "thirds")
    assert problem["checker"] == {"name": "kattis-default", "args": ["float_tolerance", "1e-6"]}
    assert problem["limits"]["time_ms"] == 10_000  # said, and to be set by hand
    assert [(g["name"], g["points"]) for g in problem["groups"]] == [
        ("secret/large", 20),
        ("secret/small", 1),
    ]
    statement = (root / "problems/thirds/statement.md").read_text()
    if "HTML converted" in output:
        assert "$N$, print a third of it, $\\frac{N}{3}$" in statement
        assert "](statement/thirds.png)" in statement
    assert verdicts(root, "thirds") == {"reference": "AC"}
    rounded = tmp_path / "rounded.py"
    rounded.write_text(
        "import sys\n"
        "numbers = sys.stdin.read().split()[1:]\n"
        "for case, n in enumerate(numbers, 1):\n"
        "    print(f'Case #{case}: {int(n) / 3:.7f}')\n"
    )
    result = run(root, "submit", str(rounded), "thirds")
    assert result.exit_code == 0 and "AC Accepted" in result.output, result.output


def test_a_link_to_a_folder_above_is_not_followed_and_one_beside_shares_its_tests(tmp_path):
    package = shutil.copytree(FIXTURES / "wordecho", tmp_path / "wordecho", symlinks=True)
    (package / "data/secret/2-any/long/up").symlink_to("../..")
    (package / "data/secret/2-any/five").symlink_to("../1-five")
    root = empty_project(tmp_path)
    output = import_kattis(root, package)
    assert "data/secret/2-any/long/up: a link to a folder above it: not followed" in output
    data = root / "testdata/wordecho"
    assert (data / "secret.2-any.five.01.in").read_bytes() == (
        data / "secret.1-five.01.in"
    ).read_bytes()


MULTI_PASS_METADATA = {
    "legacy": None,  # the fixture's own: validation: custom multi-pass, validation_passes: 2
    "2023-07": "problem_format_version: 2023-07-draft\nname: Doubling Twice\ntype: multi-pass\n",
    "2025-09": "problem_format_version: 2025-09\nname: Doubling Twice\n"
    "type: [pass-fail, multi-pass]\nlimits:\n  validation_passes: 3\n",
}


@pytest.mark.parametrize("dialect", sorted(MULTI_PASS_METADATA))
def test_a_multi_pass_package_runs_its_passes_and_its_submissions_get_their_verdicts(
    tmp_path, dialect
):
    # Judged in one pass, doubling's wrong submission (right in pass 1 only) got AC.
    package = shutil.copytree(FIXTURES / "doubling", tmp_path / "doubling")
    if MULTI_PASS_METADATA[dialect] is not None:
        (package / "problem.yaml").write_text(MULTI_PASS_METADATA[dialect])
    root = empty_project(tmp_path)
    import_kattis(root, package)
    checker = spec(root, "doubling")["checker"]
    assert checker["passes"] == (3 if dialect == "2025-09" else 2)
    assert verdicts(root, "doubling") == {"reference": "AC", "wrong_answer/once.py": "WA"}
    wrong = root / "solutions/doubling/wrong_answer/once.py"
    result = run(root, "submit", str(wrong), "doubling")
    assert result.exit_code == 1
    assert "secret.1: WA pass 2: pass 2: expected 240, got 121" in result.output


def test_an_interactive_multi_pass_package_meets_its_interactor_again_on_nextpass_in(tmp_path):
    # Each test takes two passes: the wrong submission is right in pass 1, and gets AC if the
    # interactor's nextpass.in is ignored; the interactor also fails (a JE) if the feedback
    # folder is not kept from pass 1 to pass 2.
    root = empty_project(tmp_path)
    import_kattis(root, FIXTURES / "echodouble")
    problem = spec(root, "echodouble")
    assert problem["interactive"] == {
        "protocol": "kattis",
        "program": "problems/echodouble/output_validators/quiz/quiz.py",
        "passes": 2,
    }
    assert verdicts(root, "echodouble") == {"reference": "AC", "wrong_answer/echo.py": "WA"}
    # The sample transcript shows both passes, separated by `---`: verify plays each in turn.
    shown = run(root, "show", "echodouble").output
    assert "--- next pass ---" in shown and "double 7" in shown
    transcript = root / "testdata/echodouble/sample-1.interaction"
    for text, fragment in [
        ("<echo 7\n>7\n---\n<double 7\n>15\n", "pass 2: played as written, the interactor "
         "says WA expected 14, got '15'"),
        ("<echo 7\n>7\n", "sample-1.interaction: the interactor asked for another pass"),
    ]:
        transcript.write_text(text)
        result = run(root, "verify", "echodouble")
        assert result.exit_code != 0 and fragment in result.output, result.output
    wrong = FIXTURES / "echodouble/submissions/wrong_answer/echo.py"
    result = run(root, "submit", str(wrong), "echodouble")
    assert result.exit_code == 1
    assert "WA pass 2: expected 42, got '21'" in result.output, result.output
    right = FIXTURES / "echodouble/submissions/accepted/double.py"
    result = run(root, "submit", str(right), "echodouble", "--json")
    assert result.exit_code == 0, result.output
    tests = json.loads(result.stdout)["tests"]
    assert {t["verdict"] for t in tests} == {"AC"} and len(tests) == 3
    assert all(t["message"].startswith("2 passes") for t in tests), tests


def test_a_legacy_interactive_multi_pass_package_says_its_passes(tmp_path):
    package = shutil.copytree(FIXTURES / "echodouble", tmp_path / "echodouble")
    (package / "problem.yaml").write_text(
        "name: Echo, then Double\nvalidation: custom interactive multi-pass\n"
        "limits:\n  validation_passes: 3\n"
    )
    (package / ".timelimit").write_text("2\n")  # so that the import need not measure
    root = empty_project(tmp_path)
    import_kattis(root, package)
    assert spec(root, "echodouble")["interactive"]["passes"] == 3
    shown = run(root, "show", "echodouble").output
    assert "kattis interactor quiz.py (time limit 10000 ms, up to 3 passes)" in shown
    assert verdicts(root, "echodouble") == {"reference": "AC", "wrong_answer/echo.py": "WA"}


def bapc_seed(command: str, salt: str) -> int:
    """BAPCtools' {seed}, worked out here as its doc/generators.yaml states it."""
    return int(hashlib.sha512((salt + command).encode()).hexdigest(), 16) % 2**31


def test_a_generators_yaml_package_gets_its_tests_from_its_seeded_generators(tmp_path):
    root = empty_project(tmp_path)
    output = import_kattis(root, FIXTURES / "generated")
    assert "made the tests: 4 generated" in output and "visualizers are not run" in output
    testdata = root / "testdata" / "generated"
    manifest = yaml.safe_load((testdata / "manifest.yaml").read_text())
    seed = bapc_seed("gen.py 5 {seed}", "fixture")
    assert manifest["secret.small.1-random"]["args"] == ["5", str(seed)]
    assert manifest["secret.small.1-random"]["seed"] == seed
    assert manifest["secret.small.2-random"]["seed"] == bapc_seed("gen.py 5 {seed:2}", "fixture")
    assert manifest["secret.large.wide"]["args"][2] == "wide"  # {name}
    assert manifest["secret.large.fixed"] == {
        "origin": "generated",
        "program": "generators/gen.py",
        "args": ["40", "17"],
        "sha256": hashlib.sha256((testdata / "secret.large.fixed.in").read_bytes()).hexdigest(),
        "note": "generators.yaml: gen.py 40 17",
    }
    assert manifest["secret.small.3"] == {"origin": "hand", "note": "all zeros"}  # copied
    assert manifest["secret.large.hand"] == {"origin": "hand"}  # the package's own data/
    assert (testdata / "secret.large.hand.ans").read_text() == "0\n"
    assert "generators/generators.yaml: parallel: not read by this judge" in output
    generator = root / "problems" / "generated" / "generators" / "gen.py"
    direct = subprocess.run(
        [sys.executable, str(generator), "5", str(seed)], capture_output=True, check=True
    )
    assert (testdata / "secret.small.1-random.in").read_bytes() == direct.stdout
    numbers = direct.stdout.split()[1:]
    assert (testdata / "secret.small.1-random.ans").read_text() == f"{sum(map(int, numbers))}\n"
    assert (testdata / "secret.single.in").read_text() == "1\n7\n"
    assert (testdata / "secret.small.3.in").read_text() == "4\n0 0 0 0\n"
    groups = {g["name"]: g for g in spec(root, "generated")["groups"]}
    assert groups["secret/small"]["validator_args"] == ["max=1000"]  # testdata.yaml, inherited
    assert set(groups) == {"sample", "secret", "secret/small", "secret/large"}
    assert verdicts(root, "generated") == {"reference": "AC", "wrong_answer/first.py": "WA"}
    rebuilt = run(root, "generate", "generated", "--check")
    assert rebuilt.exit_code == 0 and "4 of 4 generated tests rebuild" in rebuilt.output
    (testdata / "secret.small.2-random.in").write_text("1\n5\n")
    drifted = run(root, "generate", "generated", "--check")
    assert drifted.exit_code == 1 and "input changed secret.small.2-random" in drifted.output


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("- random: gen.py 5 {seed}\n", "- random:\n              generate: gen.py 5\n"
          "              count: 3\n"),
         "key 'data.secret.data.small.data[0].random.count': not supported"),
        (("fixed: gen.py 40 17", "fixed: gen.py 40"),
         "key 'data.secret.data.large.data.fixed': generator failed on gen.py 40"),
        (("fixed: gen.py 40 17", "fixed: missing.py 40"),
         "key 'data.secret.data.large.data.fixed.generate': no generator generators/missing.py"),
        (("solution: /submissions/accepted/total.py", "solution: /total.py"),
         "key 'solution': no file total.py"),
    ],
)
def test_what_a_generators_yaml_reader_cannot_build_is_refused_naming_the_key(
    tmp_path, change, message
):
    package = shutil.copytree(FIXTURES / "generated", tmp_path / "generated")
    plan = package / "generators" / "generators.yaml"
    text = plan.read_text()
    assert change[0] in text
    plan.write_text(text.replace(*change))
    root = empty_project(tmp_path)
    result = run(root, "import", "kattis", str(package))
    assert result.exit_code == 2, result.output
    assert f"{plan}: {message}" in " ".join(result.output.split())
    assert not any((root / "problems").iterdir())


def test_submissions_yaml_and_expected_results_tags_are_what_verify_checks(tmp_path):
    root = empty_project(tmp_path)
    output = import_kattis(root, FIXTURES / "declared")
    assert "submissions/submissions.yaml: what each submission must get" in output
    assert "submissions/submissions.yaml: run_time_error/*.message: not checked" in output
    assert spec(root, "declared")["reference"] == "solutions/declared/double.py"
    assert verdicts(root, "declared") == {
        "reference": "AC",
        "accepted/small_only.py": "WA",  # accepted/, but declared right on the small tests only
        "wrong_answer/exact.py": "AC",  # wrong_answer/, but declared accepted
        "runtime_error/big_fails.py": "RE",  # a pattern of run_time_error/, renamed
        "wrong_answer/crash_or_wrong.py": "RE",  # @EXPECTED_RESULTS@: WRONG_ANSWER, RUN_TIME_ERROR
        "rejected/negated.py": "WA",  # rejected/: not accepted
        "mixed/slow_large.py": "AC",  # a folder of no verdict: @EXPECTED_RESULTS@: ACCEPTED, TLE
    }
    declared = root / "solutions" / "declared" / "submissions.yaml"
    declared.write_text(declared.read_text().replace(
        "secret/large: wrong answer", "secret/large: accepted"
    ))
    result = run(root, "verify", "declared")
    assert result.exit_code == 1
    said = " ".join(result.output.split())
    assert "secret.large.1: WA where submissions.yaml: accepted/small_only.py (secret/large) " \
        "permits AC" in said


def test_our_own_submissions_yaml_names_tests_and_groups_of_the_project(tmp_path):
    root = empty_project(tmp_path)
    import_kattis(root, FIXTURES / "declared")
    declared = root / "solutions" / "declared" / "submissions.yaml"
    declared.write_text(
        "accepted/small_only.py:\n  permitted: [AC, WA]\n  secret.large.*: {required: [WA]}\n"
        "  sample-*: accepted\n"
        "wrong_answer/exact.py: accepted\n"
        "runtime_error/big_fails.py: {secret/small: accepted, secret/large: {required: [TLE]}}\n"
    )
    result = run(root, "verify", "declared", "--json")
    assert result.exit_code == 1
    checks = {s["solution"]: s for s in json.loads(result.stdout)["problems"][0]["solutions"]}
    assert checks["runtime_error/big_fails.py"]["errors"] == [
        "submissions.yaml: runtime_error/big_fails.py (secret/large) requires TLE on some test, "
        "got RE"
    ]
    assert checks["accepted/small_only.py"]["ok"] and checks["accepted/small_only.py"][
        "expected"] == "WA"
    assert checks["wrong_answer/exact.py"]["ok"] and checks["wrong_answer/exact.py"][
        "expected"] == "AC"


@pytest.mark.parametrize(
    ("change", "failure"),
    [
        # accepted/ again, as its folder says: it fails on the large test
        (("accepted/small_only.py:\n  sample: accepted\n  secret/small: accepted\n"
          "  secret/large: wrong answer\n", ""),
         "accepted/small_only.py gets WA on test secret.large.1"),
        # filed as wrong, declared accepted: it must pass
        (("wrong_answer/exact.py: accepted", "wrong_answer/crash_or_wrong.py: accepted"),
         "wrong_answer/crash_or_wrong.py gets RE on test sample-1"),
    ],
)
def test_a_submission_declared_accepted_must_pass_at_import(tmp_path, change, failure):
    package = shutil.copytree(FIXTURES / "declared", tmp_path / "declared")
    declared = package / "submissions" / "submissions.yaml"
    assert change[0] in declared.read_text()
    declared.write_text(declared.read_text().replace(*change))
    root = empty_project(tmp_path)
    result = run(root, "import", "kattis", str(package))
    assert result.exit_code == 2, result.output
    assert failure in " ".join(result.output.split())


def test_a_generators_yaml_without_solution_has_its_answers_written_by_the_reference(tmp_path):
    package = shutil.copytree(FIXTURES / "generated", tmp_path / "generated")
    plan = package / "generators" / "generators.yaml"
    plan.write_text(plan.read_text().replace("solution: /submissions/accepted/total.py\n", ""))
    root = empty_project(tmp_path)
    output = import_kattis(root, package)
    assert "submissions/accepted/total.py wrote the answers" in output
    testdata = root / "testdata" / "generated"
    numbers = (testdata / "secret.large.wide.in").read_text().split()[1:]
    assert (testdata / "secret.large.wide.ans").read_text() == f"{sum(map(int, numbers))}\n"
