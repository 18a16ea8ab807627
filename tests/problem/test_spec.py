"""problem.yaml loading: good packages load into frozen data; every mistake is located."""

import dataclasses

import pytest

from judge.errors import JudgeError, ProblemError
from judge.problem.spec import MemoryBasis, load_problem
from judge.problem.testdata import discover_tests
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
            "key 'limits.time_ms': expected an integer from 10 to 60000, got 'fast'",
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
        (
            lambda y: y.replace("time_ms: 1000", "time_ms: 100000000000000000000"),
            5,
            "key 'limits.time_ms': expected an integer from 10 to 60000",
        ),
        (
            lambda y: y.replace("memory_kb: 65536", "memory_kb: 1"),
            6,
            "key 'limits.memory_kb': expected an integer from 1024 to 16777216, got 1",
        ),
        (
            lambda y: y.replace("output_kb: 64", "output_kb: 0"),
            7,
            "key 'limits.output_kb': expected an integer from 1 to 1048576",
        ),
        (lambda y: y + "checker: testlib\n", 9, "a testlib checker needs a program"),
        (lambda y: y + "checker: fuzzy\n", 9, "key 'checker': expected one of tokens"),
        (lambda y: y + "checker: [float]\n", 9, "'checker' must be a mapping"),
        (
            lambda y: y + "checker:\n  name: float\n  abs_tol: tiny\n",
            11,
            "key 'checker.abs_tol': expected a non-negative number, got 'tiny'",
        ),
        (
            lambda y: y + "checker:\n  name: float\n  rel_tol: .nan\n",
            11,
            "key 'checker.rel_tol': expected a non-negative number",
        ),
        (
            lambda y: y + "checker:\n  name: testlib\n  program: problems/sum/check.scala\n",
            11,
            "cannot tell the language of problems/sum/check.scala from its extension",
        ),
        (
            lambda y: y + "validator: problems/sum/validate.sh\n",
            9,
            "cannot tell the language of problems/sum/validate.sh",
        ),
        (
            lambda y: y + "validator: problems/sum\n",
            9,
            "key 'validator': problems/sum is a folder; expected a program file",
        ),
        (
            lambda y: y + "checker:\n  name: tokens\n  args: [case_sensitive]\n",
            11,
            "only kattis-default, testlib, kattis checkers take 'args'",
        ),
        (
            lambda y: y + "checker:\n  name: kattis-default\n  args: [float_tolerance]\n",
            11,
            "key 'checker.args': flag 'float_tolerance' needs a number",
        ),
        (lambda y: y + "validator: []\n", 9, "a non-empty list of {program, args}"),
        (
            lambda y: y + "validator:\n  - program: problems/sum/nope.py\n",
            10,
            "key 'validator[0].program': file not found",
        ),
    ],
)
def test_errors_name_file_line_and_key(tmp_path, edit, line, fragment):
    programs = {"check.scala": "puts 1\n", "validate.sh": "exit 0\n"}  # of no known language
    root = write_project(tmp_path, problem_yaml=edit(SUM_YAML), problem_files=programs)
    with pytest.raises(ProblemError) as caught:
        load_problem(root, "sum")
    message = str(caught.value)
    assert message.startswith(str(root / "problems/sum/problem.yaml"))
    assert fragment in message
    assert caught.value.line == line


@pytest.mark.parametrize("spelling", ["1e-6", "1E-6", "0.000001", "1.0e-6", "1e-06"])
def test_float_tolerances_take_the_usual_spellings(tmp_path, spelling):
    checker = f"checker:\n  name: float\n  abs_tol: {spelling}\n  rel_tol: {spelling}\n"
    root = write_project(tmp_path, problem_yaml=SUM_YAML + checker)
    problem = load_problem(root, "sum")
    assert problem.checker.abs_tol == problem.checker.rel_tol == pytest.approx(1e-6)


def test_the_checker_may_be_named_alone(tmp_path):
    root = write_project(tmp_path, problem_yaml=SUM_YAML + "checker: float\n")
    checker = load_problem(root, "sum").checker
    assert (checker.name, checker.abs_tol) == ("float", 1e-6)


def test_a_missing_default_reference_is_not_blamed_on_a_key(tmp_path):
    yaml_text = SUM_YAML.replace("reference: solutions/sum/reference.py\n", "")
    root = write_project(tmp_path, problem_yaml=yaml_text, solutions={"other.py": "print(1)\n"})
    with pytest.raises(ProblemError) as caught:
        load_problem(root, "sum")
    assert caught.value.key is None and caught.value.line is None
    assert "no 'reference' key and the default solutions/sum/reference.py does not exist" in str(
        caught.value
    )


def test_a_folder_whose_name_is_not_an_id_says_so(tmp_path):
    root = write_project(tmp_path)
    bad = root / "problems/Bad Name"
    bad.mkdir()
    (bad / "problem.yaml").write_text(SUM_YAML.replace("id: sum", "id: Bad Name"))
    with pytest.raises(ProblemError, match="'Bad Name' is not a valid problem id"):
        load_problem(root, "Bad Name")
    with pytest.raises(JudgeError) as caught:
        load_problem(root, "nope")
    assert "Bad Name" not in str(caught.value)


def test_a_mistyped_problem_gets_a_suggestion(project):
    with pytest.raises(JudgeError, match=r"unknown problem 'sun'; did you mean 'sum'\?"):
        load_problem(project, "sun")


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


def test_several_validators_with_arguments_and_group_arguments(tmp_path):
    yaml_text = SUM_YAML + (
        "validator:\n"
        "  - program: problems/sum/a.py\n"
        "  - program: problems/sum/b.py\n"
        "    args: [--max, '10']\n"
        "groups:\n"
        "  - name: samples\n"
        "    glob: 'sample*'\n"
        "    validator_args: [--sample]\n"
        "  - name: rest\n"
        "    glob: '*'\n"
    )
    files = {"a.py": "", "b.py": ""}
    root = write_project(tmp_path, problem_yaml=yaml_text, problem_files=files)
    problem = load_problem(root, "sum")
    assert [v.program.name for v in problem.validators] == ["a.py", "b.py"]
    assert problem.validators[1].args == ("--max", "10")
    assert problem.validator == problem.validators[0].program
    assert problem.validator_args("samples") == ("--sample",)
    assert problem.validator_args("rest") == ()
