"""problem.yaml loading: good packages load into frozen data; every mistake is located."""

import dataclasses

import pytest

from judge.errors import JudgeError, ProblemError
from judge.spec import MemoryBasis, load_problem
from judge.testdata import discover_tests
from tests.conftest import SUM_YAML, write_project


def test_loads_fixture_problem(project):
    problem = load_problem(project, "sum")
    assert problem.title == "Sum of two numbers"
    assert problem.limits.time_ms == 1000
    assert problem.limits.wall_ms == 3000
    assert problem.limits.memory_basis is MemoryBasis.NET
    assert problem.checker.name == "tokens"
    assert problem.reference == project / "solutions/sum/reference.py"
    with pytest.raises(dataclasses.FrozenInstanceError):
        problem.title = "changed"


def test_tests_run_samples_first_then_by_name(project):
    names = [case.name for case in discover_tests(load_problem(project, "sum"))]
    assert names == ["sample-1", "hand-01-negative", "hand-02-large"]


@pytest.mark.parametrize(
    "edit, line, fragment",
    [
        (lambda y: y + "colour: blue\n", 9, "key 'colour': unknown key"),
        (
            lambda y: y.replace("  time_ms: 1000", "  time_ms: fast"),
            5,
            "key 'limits.time_ms': expected an integer >= 1, got 'fast'",
        ),
        (
            lambda y: y.replace("  memory_kb: 65536\n", ""),
            5,
            "key 'limits.memory_kb': missing; expected an integer",
        ),
        (lambda y: y.replace("id: sum", "id: other"), 1, "must equal the folder name 'sum'"),
        (
            lambda y: y.replace("title: Sum of two numbers", "title: [a, b]"),
            2,
            "expected a single value",
        ),
        (lambda y: y + "checker:\n  name: fuzzy\n", 10, "expected one of tokens, exact, float"),
        (lambda y: y + "checker:\n  name: testlib\n", 10, "key 'checker.program': missing"),
        (
            lambda y: y + "checker:\n  name: tokens\n  abs_tol: 0.1\n",
            11,
            "only the float checker takes 'abs_tol'",
        ),
        (
            lambda y: y.replace(
                "reference: solutions/sum/reference.py", "reference: solutions/sum/missing.py"
            ),
            8,
            "file not found",
        ),
        (lambda y: y + "limits:\n  time_ms: 5\n", 9, "duplicate key"),
        (lambda y: y.replace("  output_kb: 64", "  output_kb: [64"), 8, "invalid YAML"),
        (lambda y: y + "groups:\n  - name: all\n", 10, "key 'groups[0].glob': missing"),
    ],
)
def test_errors_name_file_line_and_key(tmp_path, edit, line, fragment):
    root = write_project(tmp_path, problem_yaml=edit(SUM_YAML), problem_id="sum")
    with pytest.raises(ProblemError) as caught:
        load_problem(root, "sum")
    message = str(caught.value)
    assert message.startswith(str(root / "problems/sum/problem.yaml"))
    assert fragment in message
    assert caught.value.line == line


def test_empty_file_is_an_error(tmp_path):
    root = write_project(tmp_path)
    (root / "problems/sum/problem.yaml").write_text("")
    with pytest.raises(ProblemError, match="must hold a mapping"):
        load_problem(root, "sum")


def test_unknown_problem_lists_known_ones(project):
    with pytest.raises(JudgeError, match=r"unknown problem 'nope' \(known problems: sum\)"):
        load_problem(project, "nope")


def test_input_without_answer_is_an_error(tmp_path):
    root = write_project(tmp_path)
    (root / "testdata/sum/extra.in").write_text("1 1\n")
    with pytest.raises(ProblemError, match=r"extra.in: has no answer file extra.ans"):
        discover_tests(load_problem(root, "sum"))


def test_empty_test_folder_is_an_error(tmp_path):
    root = write_project(tmp_path, tests={})
    with pytest.raises(ProblemError, match="no tests"):
        discover_tests(load_problem(root, "sum"))


def test_test_outside_every_group_is_an_error(tmp_path):
    yaml_text = SUM_YAML + "groups:\n  - name: samples\n    glob: 'sample*'\n"
    root = write_project(tmp_path, problem_yaml=yaml_text)
    with pytest.raises(ProblemError, match="matches no group"):
        discover_tests(load_problem(root, "sum"))


def test_unreadable_test_file_is_an_error(tmp_path):
    root = write_project(tmp_path)
    (root / "testdata/sum/odd.in").mkdir()  # unreadable as a file, even for root
    (root / "testdata/sum/odd.ans").write_text("1\n")
    with pytest.raises(ProblemError, match=r"odd.in: cannot read: Is a directory"):
        discover_tests(load_problem(root, "sum"))


def test_compile_limits_default_to_ten_seconds_and_512_mb(tmp_path):
    problem = load_problem(write_project(tmp_path), "sum")
    assert (problem.compile_limits.time_ms, problem.compile_limits.memory_kb) == (10_000, 524_288)


def test_compile_limits_come_from_the_compile_block(tmp_path):
    root = write_project(tmp_path, problem_yaml=SUM_YAML + "compile:\n  time_ms: 2500\n")
    limits = load_problem(root, "sum").compile_limits
    assert (limits.time_ms, limits.memory_kb) == (2500, 524_288)
    bad = write_project(tmp_path / "bad", problem_yaml=SUM_YAML + "compile:\n  cpu: 2500\n")
    with pytest.raises(ProblemError, match="problem.yaml:10: key 'compile.cpu': unknown key"):
        load_problem(bad, "sum")
