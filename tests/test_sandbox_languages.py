"""Languages: detection, the compile step with its cache, CE messages, C and C++ runs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge.languages import (
    LANGUAGES,
    CompileFailure,
    Prepared,
    UnknownLanguage,
    detect_language,
    prepare,
)
from judge.parallel import SandboxPerThread
from judge.sandbox import ResourceLimits, RunRequest, Termination, open_sandbox
from judge.sandbox.api import python_interpreter

LIMITS = ResourceLimits(cpu_ms=2000, wall_ms=5000, memory_kb=256_000, output_kb=1024)
needs_gcc = pytest.mark.skipif(shutil.which("g++") is None, reason="gcc/g++ not installed")


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    box = open_sandbox(tmp_path_factory.mktemp("cache"))
    yield box
    box.close()


def test_language_comes_from_the_extension_or_the_override():
    assert detect_language(Path("a.py")).name == "python"
    assert detect_language(Path("a.cc")).name == "cpp"
    assert detect_language(Path("a.txt"), "python3").name == "python"
    with pytest.raises(UnknownLanguage, match="--lang"):
        detect_language(Path("a.rs"))
    with pytest.raises(UnknownLanguage, match="known languages"):
        detect_language(Path("a.py"), "cobol")


def test_python_runs_with_the_judges_interpreter(sandbox, tmp_path):
    source = tmp_path / "a.py"
    source.write_text("print(6 * 7)\n")
    prepared = prepare(sandbox, detect_language(source), source, tmp_path)
    assert prepared.argv == (python_interpreter(), "-I", "-S", "-B", str(source))
    assert sandbox.run(RunRequest(argv=prepared.argv, limits=LIMITS)).stdout == b"42\n"


def test_python_syntax_error_is_a_compile_failure(sandbox, tmp_path):
    source = tmp_path / "bad.py"
    source.write_text("print(1\n")
    failure = prepare(sandbox, detect_language(source), source, tmp_path)
    assert isinstance(failure, CompileFailure)
    assert "SyntaxError" in failure.message


@needs_gcc
def test_c_program_compiles_once_and_runs(sandbox, tmp_path):
    source = tmp_path / "sum.c"
    source.write_text('#include <stdio.h>\n#include <math.h>\n'
                      'int main(void){int a,b;scanf("%d %d",&a,&b);'
                      'printf("%d %.0f\\n",a+b,sqrt(16.0));return 0;}\n')
    first = prepare(sandbox, detect_language(source), source, tmp_path)
    assert isinstance(first, Prepared)
    built = Path(first.argv[0]).stat().st_mtime_ns
    second = prepare(sandbox, detect_language(source), source, tmp_path)
    assert second == first and Path(second.argv[0]).stat().st_mtime_ns == built
    result = sandbox.run(RunRequest(argv=first.argv, limits=LIMITS, stdin_bytes=b"2 3"))
    assert result.stdout == b"5 4\n"
    assert 0 < sandbox.baseline_kb(first.idle_argv) < 4_000


@needs_gcc
def test_cpp_compile_error_carries_the_compiler_message(sandbox, tmp_path):
    source = tmp_path / "bad.cpp"
    source.write_text("int main() { return undeclared; }\n")
    failure = prepare(sandbox, detect_language(source), source, tmp_path)
    assert isinstance(failure, CompileFailure)
    assert "undeclared" in failure.message and "error" in failure.message


@needs_gcc
def test_cpp_memory_hog_is_stopped_at_the_cap(sandbox, tmp_path):
    source = tmp_path / "hog.cpp"
    source.write_text("#include <vector>\n#include <cstdio>\nint main(){std::vector<char> v;"
                      "for(;;){v.resize(v.size()+(1<<24),1);}}\n")
    prepared = prepare(sandbox, detect_language(source), source, tmp_path)
    limits = ResourceLimits(cpu_ms=3000, wall_ms=6000, memory_kb=64_000, output_kb=64)
    result = sandbox.run(RunRequest(argv=prepared.argv, limits=limits))
    assert result.termination is Termination.MEMORY_LIMIT


def test_threads_may_build_the_same_program_at_once(tmp_path):
    """Judges run solutions on several threads, and each builds the idle program of its
    language for the memory baseline: builds of one source must not trip over each other."""
    source = tmp_path / "same.py"
    source.write_text("print(1)\n")
    cache = tmp_path / "fresh-cache"
    with SandboxPerThread(lambda: open_sandbox(cache)) as sandboxes:
        built = sandboxes.map(
            lambda sandbox, _: prepare(sandbox, detect_language(source), source, cache),
            range(6),
            6,
        )
    assert all(isinstance(result, Prepared) for result in built), built


@pytest.mark.parametrize("call, code", [("exit()", 0), ("exit(3)", 3), ("quit(4)", 4),
                                        ("exit('bye')", 1)])
def test_python_exit_and_quit_work_as_in_python3(sandbox, tmp_path, call, code):
    source = tmp_path / "leave.py"
    source.write_text(f"print('before', flush=True)\n{call}\nprint('after')\n")
    prepared = prepare(sandbox, detect_language(source), source, tmp_path)
    result = sandbox.run(RunRequest(argv=prepared.argv, limits=LIMITS,
                                    python_code=prepared.python_code))
    assert result.termination is Termination.EXITED and result.exit_code == code, result
    assert result.stdout == b"before\n"
    assert b"NameError" not in result.stderr


def test_the_languages_page_names_every_compile_command():
    page = (Path(__file__).resolve().parents[1] / "docs" / "languages.md").read_text()
    for language in LANGUAGES:
        if language.compiler is not None:
            command = " ".join(language.compile).replace("{binary}", "PROGRAM")
            assert command.replace("{source}", "SOURCE") in page, language.name
