"""Symbolic links in a package that lead out of the project root are refused, never followed."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.errors import ProblemError
from judge.problem.spec import load_problem
from judge.problem.testdata import discover_tests
from judge.setter.package_checks import find_solutions
from tests.conftest import write_project

ECHO = "import sys\nsys.stderr.write(sys.stdin.read())\nraise SystemExit(1)\n"


@pytest.fixture
def secret(tmp_path):
    path = tmp_path / "outside" / "shadow"
    path.parent.mkdir()
    path.write_text("root:$6$secret-hash:19000:0:99999:7:::\n")
    return path


def test_a_test_linked_out_of_the_root_is_refused_before_anything_runs(tmp_path, secret):
    root = write_project(tmp_path / "project", solutions={"reference.py": "print(3)\n",
                                                          "echo.py": ECHO})
    (root / "testdata/sum/hand-09-shadow.in").symlink_to(secret)
    (root / "testdata/sum/hand-09-shadow.ans").write_text("0\n")
    result = CliRunner().invoke(cli, ["--root", str(root), "submit",
                                      str(root / "solutions/sum/echo.py"), "sum", "--json"])
    assert result.exit_code == 2
    assert "hand-09-shadow.in: is a symbolic link to" in result.stderr
    assert "outside the project root" in result.stderr
    assert "secret-hash" not in result.output + result.stderr


def test_a_test_folder_linked_out_of_the_root_is_refused(tmp_path, secret):
    root = write_project(tmp_path / "project")
    elsewhere = tmp_path / "elsewhere"
    (root / "testdata/sum").rename(elsewhere)
    (root / "testdata/sum").symlink_to(elsewhere)
    with pytest.raises(ProblemError, match="testdata/sum: is a symbolic link to .*refused"):
        discover_tests(load_problem(root, "sum"))


def test_a_package_program_linked_out_of_the_root_is_refused(tmp_path, secret):
    root = write_project(tmp_path / "project")
    (root / "problems/sum/validator.py").symlink_to(secret)
    with pytest.raises(ProblemError, match="validator.py: is a symbolic link to .*outside"):
        load_problem(root, "sum")


def test_a_solution_linked_out_of_the_root_is_a_verify_error(tmp_path, secret):
    root = write_project(tmp_path / "project")
    (root / "solutions/sum/accepted").mkdir()
    (root / "solutions/sum/accepted/stolen.py").symlink_to(secret)
    solutions, findings = find_solutions(load_problem(root, "sum"))
    assert [s.label for s in solutions] == ["reference"]
    errors = findings.errors
    assert len(errors) == 1 and "stolen.py: is a symbolic link" in errors[0]


def test_links_that_stay_inside_the_root_are_followed(tmp_path):
    root = write_project(tmp_path / "project")
    (root / "testdata/sum/hand-03-again.in").symlink_to(root / "testdata/sum/sample-1.in")
    (root / "testdata/sum/hand-03-again.ans").symlink_to("sample-1.ans")
    result = CliRunner().invoke(cli, ["--root", str(root), "submit",
                                      str(root / "solutions/sum/reference.py"), "sum", "--json"])
    document = json.loads(result.stdout)
    assert document["verdict"] == "AC" and len(document["tests"]) == 4
