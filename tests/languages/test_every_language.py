"""Every language judged for real: hello world AC on a problem without input, A+B AC, and a
wrong answer, an endless loop, a memory hog, a crash and a syntax error each getting its
verdict, compiled and run in the real sandbox.

The programs are files under programs/<language>/ (PyPy runs Python 3's). They are compiled
once per session, in a cache every xdist worker shares, and their reports kept per worker; the
tests skip, naming the Debian package, only when a toolchain is not installed (`make test`
installs every one).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from judge.cache import Cache
from judge.judging.runner import JudgeOptions, Report, judge_submission
from judge.languages.build import prepare
from judge.languages.registry import all_languages, language_by_id, not_installed
from judge.languages.selftest import self_test
from judge.problem.spec import load_problem
from judge.sandbox import open_sandbox
from judge.verdicts.verdict import Verdict

PROGRAMS = Path(__file__).with_name("programs")
LANGUAGE_IDS = tuple(language.id for language in all_languages())
SOURCES_OF = {"pypy3": "python3"}  # PyPy runs the same programs as CPython
# A part of what each compiler says about the syntax error of programs/<language>/broken.*.
COMPILER_SAYS = {
    "python3": "SyntaxError",
    "pypy3": "SyntaxError",
    "c": "error: expected",
    "cpp": "error: expected",
    "java": "error: ')' expected",
    "kotlin": "error: expecting ')'",
    "rust": "error: expected",
    "go": "syntax error",
    "javascript": "SyntaxError",
    "csharp": "error CS1525",
    "haskell": "parse error",
    "pascal": "Fatal: Syntax error",
    "ruby": "syntax error",
}

PROBLEM_YAML = """\
id: {id}
title: {id}
source: fixture
limits:
  time_ms: {time_ms}
  memory_kb: {memory_kb}
  output_kb: 64
reference: solutions/{id}/reference.py
{extra}"""
# Each problem: (time limit, memory limit, more of problem.yaml, tests: name -> (input, answer)).
# `behave` tells the program what to do.
PROBLEMS = {
    "hello": (5000, 65536, "", {"empty": ("", "Hello, World!\n")}),
    "aplusb": (5000, 65536, "", {"small": ("2 3\n", "5\n"),
                                 "large": ("1000000000 999999999\n", "1999999999\n")}),
    "behave": (5000, 65536, "", {"wrong": ("wrong\n7 2\n", "9\n"), "alloc": ("alloc\n", "0\n"),
                                 "crash": ("crash\n5\n", "0\n")}),
    "spin": (500, 65536, "", {"loop": ("loop\n", "0\n")}),
    "cramped": (5000, 16384, "", {"empty": ("", "Hello, World!\n")}),
    "pypyhello": (5000, 65536, "default_python: pypy3\n", {"empty": ("", "Hello, World!\n")}),
}


def write_problems(root: Path) -> Path:
    for problem_id, (time_ms, memory_kb, extra, tests) in PROBLEMS.items():
        folder = root / "problems" / problem_id
        folder.mkdir(parents=True)
        (folder / "problem.yaml").write_text(PROBLEM_YAML.format(
            id=problem_id, time_ms=time_ms, memory_kb=memory_kb, extra=extra))
        (folder / "statement.md").write_text(f"# {problem_id}\n")
        solutions = root / "solutions" / problem_id
        solutions.mkdir(parents=True)
        (solutions / "reference.py").write_text("print(0)\n")
        data = root / "testdata" / problem_id
        data.mkdir(parents=True)
        for name, (given, answer) in tests.items():
            (data / f"{name}.in").write_text(given)
            (data / f"{name}.ans").write_text(answer)
    return root


class Judged:
    """Each (language, program, problem) judged once per worker, in one sandbox."""

    def __init__(self, root: Path, cache: Cache):
        self.root = root
        self.sandbox = open_sandbox(cache)
        self.reports: dict[tuple[str, str, str], Report] = {}

    def report(self, language: str, program: str, problem: str) -> Report:
        key = (language, program, problem)
        if key not in self.reports:
            self.reports[key] = judge_submission(
                load_problem(self.root, problem), source(language, program), self.sandbox,
                JudgeOptions(language=language, near_limit_reruns=0),
            )
        return self.reports[key]

    def close(self) -> None:
        self.sandbox.close()


@pytest.fixture(scope="session")
def judged(tmp_path_factory, shared_cache):
    judge = Judged(write_problems(tmp_path_factory.mktemp("languages")), shared_cache)
    yield judge
    judge.close()


def source(language: str, program: str) -> Path:
    folder = PROGRAMS / SOURCES_OF.get(language, language)
    return next(folder.glob(f"{program}.*"))


def each_language(test):
    """One test per language."""
    return pytest.mark.parametrize("language", LANGUAGE_IDS)(test)


def require(language: str) -> None:
    missing = not_installed(language_by_id(language))
    if missing:
        pytest.skip(missing)


def verdicts(report: Report) -> dict[str, Verdict]:
    return {test.name: test.verdict for test in report.tests}


def test_every_language_has_its_programs_and_its_compiler_message():
    assert set(COMPILER_SAYS) == set(LANGUAGE_IDS)
    for language in LANGUAGE_IDS:
        for program in ("hello", "behave", "broken"):
            assert source(language, program).is_file()


@each_language
def test_hello_world_is_accepted_without_input(judged, language):
    require(language)
    report = judged.report(language, "hello", "hello")
    assert report.verdict is Verdict.AC, report.compile_message or report.tests
    assert report.language == language


@each_language
def test_the_self_test_passes_and_a_plus_b_is_accepted(judged, language):
    """The self-test program (A+B) passes `judge doctor`'s check and is AC on a problem."""
    require(language)
    lang = language_by_id(language)
    result = self_test(judged.sandbox, lang)
    assert result.available, result.reason
    assert result.version and result.baseline_kb is not None
    folder = judged.root / "submissions" / language
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"aplusb{lang.extensions[0]}"
    path.write_text(lang.self_test.source)
    report = judge_submission(load_problem(judged.root, "aplusb"), path, judged.sandbox,
                              JudgeOptions(language=language))
    assert report.verdict is Verdict.AC, report.compile_message or report.tests


@each_language
def test_a_wrong_answer_is_wa(judged, language):
    require(language)
    assert verdicts(judged.report(language, "behave", "behave"))["wrong"] is Verdict.WA


@each_language
def test_a_large_allocation_is_mle_not_re(judged, language):
    require(language)
    case = next(t for t in judged.report(language, "behave", "behave").tests if t.name == "alloc")
    assert case.verdict is Verdict.MLE, (case.message, case.stderr[-500:])


@each_language
def test_a_crash_is_re(judged, language):
    require(language)
    case = next(t for t in judged.report(language, "behave", "behave").tests if t.name == "crash")
    assert case.verdict is Verdict.RE, (case.message, case.stderr[-500:])


@each_language
def test_an_endless_loop_is_tle(judged, language):
    require(language)
    report = judged.report(language, "behave", "spin")
    assert verdicts(report)["loop"] is Verdict.TLE, report.tests


@each_language
def test_a_syntax_error_is_ce_with_the_compilers_message(judged, language):
    require(language)
    report = judged.report(language, "broken", "hello")
    assert report.verdict is Verdict.CE, report.compile_message or report.tests
    assert COMPILER_SAYS[language] in report.compile_message, report.compile_message


def test_a_java_program_of_several_files_runs_the_class_with_main(judged, tmp_path):
    require("java")
    folder = tmp_path / "sum"
    folder.mkdir()
    (folder / "Solver.java").write_text(
        "import java.util.Scanner;\n"
        "public class Solver {\n"
        "    public static void main(String[] args) {\n"
        "        Scanner in = new Scanner(System.in);\n"
        "        System.out.println(Adder.add(in.nextLong(), in.nextLong()));\n"
        "    }\n"
        "}\n")
    (folder / "Adder.java").write_text(
        "class Adder {\n    static long add(long a, long b) { return a + b; }\n}\n")
    problem = load_problem(judged.root, "aplusb")
    report = judge_submission(problem, folder, judged.sandbox, JudgeOptions())
    assert report.language == "java"
    assert report.verdict is Verdict.AC, report.compile_message or report.tests
    # The main class is found in the compiled classes, not guessed from the first file's name.
    prepared = prepare(judged.sandbox, language_by_id("java"), folder, trusted=False)
    with zipfile.ZipFile(prepared.run.files_in["solution.jar"]) as jar:
        manifest = jar.read("META-INF/MANIFEST.MF").decode()
        assert {"Solver.class", "Adder.class"} <= set(jar.namelist())
    assert "Main-Class: Solver\r\n" in manifest


def test_a_kotlin_program_of_several_files_runs_its_main(judged, tmp_path):
    require("kotlin")
    folder = tmp_path / "sum"
    folder.mkdir()
    (folder / "main.kt").write_text(
        "fun main() {\n"
        "    val (a, b) = readLine()!!.trim().split(\" \").map { it.toLong() }\n"
        "    println(add(a, b))\n"
        "}\n")
    (folder / "util.kt").write_text("fun add(a: Long, b: Long) = a + b\n")
    report = judge_submission(load_problem(judged.root, "aplusb"), folder, judged.sandbox,
                              JudgeOptions())
    assert report.language == "kotlin"
    assert report.verdict is Verdict.AC, report.compile_message or report.tests


def test_a_limit_too_small_for_a_runtime_is_the_problems_error(judged):
    require("java")
    report = judged.report("java", "hello", "cramped")
    assert report.verdict is Verdict.JE
    assert "16384 KB is too small for Java" in report.compile_message
    assert "limits.memory_kb" in report.compile_message


def test_a_py_file_runs_on_the_problems_default_python(judged):
    require("pypy3")
    problem = load_problem(judged.root, "pypyhello")
    report = judge_submission(problem, source("python3", "hello"), judged.sandbox)
    assert report.language == "pypy3" and report.verdict is Verdict.AC, report.tests
