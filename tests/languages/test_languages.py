"""Languages: detection, the compile step with its cache, CE messages, C and C++ runs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge.cache import Cache
from judge.languages.build import CompileFailure, Prepared, idle_run, prepare
from judge.languages.registry import UnknownLanguage, detect_language
from judge.judging.parallel import SandboxPerThread
from judge.judging.launch import compile_limits
from judge.sandbox import ResourceLimits, RunRequest, Termination, open_sandbox
from judge.sandbox.api import python_interpreter
from judge.problem.spec import CompileLimits
from judge.verdicts.verdict import Verdict

LIMITS = ResourceLimits(cpu_ms=2000, wall_ms=5000, memory_kb=256_000, output_kb=1024)
needs_gcc = pytest.mark.skipif(shutil.which("g++") is None, reason="gcc/g++ not installed")


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    box = open_sandbox(Cache(tmp_path_factory.mktemp("cache")))
    yield box
    box.close()


def submitted(sandbox, source, limits=CompileLimits()):
    """`source` prepared as a submission: compiled isolated, under the problem's limits."""
    return prepare(sandbox, detect_language(source), source, trusted=False,
                   limits=compile_limits(limits))


def test_language_comes_from_the_extension_or_the_override():
    assert detect_language(Path("a.py")).id == "python3"
    assert detect_language(Path("a.cc")).id == "cpp"
    assert detect_language(Path("a.txt"), "python").id == "python3"  # the id it had before
    with pytest.raises(UnknownLanguage, match="--lang"):
        detect_language(Path("a.cobol"))
    with pytest.raises(UnknownLanguage, match="known languages"):
        detect_language(Path("a.py"), "cobol")


def test_python_runs_with_the_judges_interpreter(sandbox, tmp_path):
    source = tmp_path / "a.py"
    source.write_text("import sys\nprint(6 * 7, sys.argv[0])\n")
    trusted = prepare(sandbox, detect_language(source), source, trusted=True)
    assert trusted.argv == (python_interpreter(), "-I", "-S", "-B", str(source))
    run = sandbox.run(RunRequest(argv=trusted.argv, limits=LIMITS, isolate=False,
                                 python_code=trusted.python_code))
    assert run.stdout == f"42 {source}\n".encode()
    submission = submitted(sandbox, source)  # goes by a name that says nothing
    assert submission.argv == (python_interpreter(), "-I", "-S", "-B", "solution.py")
    run = sandbox.run(RunRequest(argv=submission.argv, limits=LIMITS,
                                 python_code=submission.python_code))
    assert run.stdout == b"42 solution.py\n"


def test_python_syntax_error_is_a_compile_failure(sandbox, tmp_path):
    source = tmp_path / "bad.py"
    source.write_text("print(1\n")
    failure = submitted(sandbox, source)
    assert isinstance(failure, CompileFailure) and failure.verdict is Verdict.CE
    assert 'File "solution.py", line 1' in failure.message and "SyntaxError" in failure.message


@needs_gcc
def test_c_program_compiles_once_and_runs(sandbox, tmp_path):
    source = tmp_path / "sum.c"
    source.write_text('#include <stdio.h>\n#include <math.h>\n'
                      'int main(void){int a,b;scanf("%d %d",&a,&b);'
                      'printf("%d %.0f\\n",a+b,sqrt(16.0));return 0;}\n')
    first = submitted(sandbox, source)
    assert isinstance(first, Prepared)
    built = Path(first.argv[0]).stat().st_mtime_ns
    second = submitted(sandbox, source)
    assert second == first and Path(second.argv[0]).stat().st_mtime_ns == built
    result = sandbox.run(RunRequest(argv=first.argv, limits=LIMITS, stdin_bytes=b"2 3"))
    assert result.stdout == b"5 4\n"
    idle = idle_run(sandbox, detect_language(source), LIMITS.memory_kb)
    assert 0 < sandbox.baseline_kb(idle.argv) < 4_000


@needs_gcc
def test_cpp_compile_error_carries_the_compiler_message(sandbox, tmp_path):
    source = tmp_path / "bad.cpp"
    source.write_text("int main() { return undeclared; }\n")
    failure = submitted(sandbox, source)
    assert isinstance(failure, CompileFailure)
    assert "undeclared" in failure.message and "error" in failure.message


@needs_gcc
def test_cpp_memory_hog_is_stopped_at_the_cap(sandbox, tmp_path):
    source = tmp_path / "hog.cpp"
    source.write_text("#include <vector>\n#include <cstdio>\nint main(){std::vector<char> v;"
                      "for(;;){v.resize(v.size()+(1<<24),1);}}\n")
    prepared = submitted(sandbox, source)
    limits = ResourceLimits(cpu_ms=3000, wall_ms=6000, memory_kb=64_000, output_kb=64)
    result = sandbox.run(RunRequest(argv=prepared.argv, limits=limits))
    assert result.termination is Termination.MEMORY_LIMIT


def test_threads_may_build_the_same_program_at_once(tmp_path):
    """Judges run solutions on several threads, and each builds the idle program of its
    language for the memory baseline: builds of one source must not trip over each other."""
    source = tmp_path / "same.py"
    source.write_text("print(1)\n")
    cache = Cache(tmp_path / "fresh-cache")
    with SandboxPerThread(lambda: open_sandbox(cache)) as sandboxes:
        built = sandboxes.map(lambda sandbox, _: submitted(sandbox, source), range(6), 6)
    assert all(isinstance(result, Prepared) for result in built), built


@pytest.mark.parametrize("call, code", [("exit()", 0), ("exit(3)", 3), ("quit(4)", 4),
                                        ("exit('bye')", 1)])
def test_python_exit_and_quit_work_as_in_python3(sandbox, tmp_path, call, code):
    source = tmp_path / "leave.py"
    source.write_text(f"print('before', flush=True)\n{call}\nprint('after')\n")
    prepared = submitted(sandbox, source)
    result = sandbox.run(RunRequest(argv=prepared.argv, limits=LIMITS,
                                    python_code=prepared.python_code))
    assert result.termination is Termination.EXITED and result.exit_code == code, result
    assert result.stdout == b"before\n"
    assert b"NameError" not in result.stderr


def test_the_plain_runner_runs_compiled_python_with_exit_too(tmp_path):
    from judge.sandbox.plain import PlainSandbox

    box = PlainSandbox(Cache(tmp_path))
    source = tmp_path / "leave.py"
    source.write_text("import sys\nprint(sys.argv[0], __name__, flush=True)\nexit(3)\n")
    prepared = submitted(box, source)
    result = box.run(RunRequest(argv=prepared.argv, limits=LIMITS,
                                python_code=prepared.python_code))
    assert result.exit_code == 3 and result.stdout == b"solution.py __main__\n", result
