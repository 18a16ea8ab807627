"""Hostile sources: a submission's compile step sees only its source, the toolchain and the
system headers, under the problem's compile limits."""

from __future__ import annotations

import json
import shutil
import socket

import pytest
from click.testing import CliRunner

from judge.cache import Cache
from judge.cli import cli
from judge.languages.build import CompileFailure, prepare
from judge.languages.registry import detect_language
from judge.judging.launch import compile_limits
from judge.sandbox import open_sandbox
from judge.problem.spec import CompileLimits
from judge.verdicts.verdict import Verdict
from tests.conftest import SUM_TESTS, SUM_YAML, write_project

needs_gcc = pytest.mark.skipif(shutil.which("g++") is None, reason="gcc/g++ not installed")

# Embeds every test's input and answer at compile time, then prints the answer whose input
# matches its stdin: accepted on every test if the compiler can read the test data.
INCBIN = r"""
#include <cstdio>
#include <cstring>
#include <string>
#include <iostream>
#include <iterator>
{blobs}
int main() {{
    std::string in((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    {lookups}
    return 1;
}}
"""
BLOB = (
    '__asm__(".section .rodata\\n.global {n}\\n{n}:\\n.incbin \\"{path}\\"\\n'
    '.global {n}_end\\n{n}_end:\\n.byte 0\\n.previous\\n");\n'
    "extern const char {n}[], {n}_end[];\n"
)
LOOKUP = (
    "if (in == std::string({i}, {i}_end - {i})) {{ fwrite({a}, 1, {a}_end - {a}, stdout); "
    "return 0; }}\n"
)


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    box = open_sandbox(Cache(tmp_path_factory.mktemp("cache")))
    if not box.info.isolated:
        box.close()
        pytest.skip(f"this host cannot isolate: {box.info.reason}")
    yield box
    box.close()


def compile_submission(sandbox, source, limits=CompileLimits()):
    return prepare(sandbox, detect_language(source), source, trusted=False,
                   limits=compile_limits(limits))


@needs_gcc
def test_an_include_of_a_host_file_is_a_compile_error_without_its_content(sandbox, tmp_path):
    secret = tmp_path / "secret.h"
    secret.write_text("the host's secret 4c7e1f\n")
    source = tmp_path / "steal.cpp"
    source.write_text(f'#include "{secret}"\n#include "/etc/hostname"\nint main() {{}}\n')
    failure = compile_submission(sandbox, source)
    assert isinstance(failure, CompileFailure) and failure.verdict is Verdict.CE
    assert "No such file or directory" in failure.message
    assert "4c7e1f" not in failure.message
    assert socket.gethostname() not in failure.message.replace("/etc/hostname", "")
    assert failure.message.startswith("solution.cpp:1:10: fatal error:")  # the head, first


@needs_gcc
def test_the_tests_embedded_at_compile_time_are_not_accepted(tmp_path):
    root = write_project(tmp_path / "project", problem_yaml=SUM_YAML)
    blobs, lookups = [], []
    for index, name in enumerate(SUM_TESTS):
        for kind in ("in", "ans"):
            path = root / "testdata" / "sum" / f"{name}.{kind}"
            blobs.append(BLOB.format(n=f"t{index}_{kind}", path=path))
        lookups.append(LOOKUP.format(i=f"t{index}_in", a=f"t{index}_ans"))
    cheat = root / "solutions" / "sum" / "cheat.cpp"
    cheat.write_text(INCBIN.format(blobs="".join(blobs), lookups="".join(lookups)))
    result = CliRunner().invoke(cli, ["--root", str(root), "submit", str(cheat), "sum", "--json"])
    document = json.loads(result.stdout)
    if not document["sandbox"]["isolated"]:
        pytest.skip("this host cannot isolate")
    assert document["verdict"] == "CE", document["tests"]
    assert "sample-1.in" in document["compile_message"]  # the assembler could not open it
    assert document["tests"] == []


@needs_gcc
@pytest.mark.host_tier
def test_the_compile_step_has_the_problems_memory_limit(sandbox, tmp_path):
    source = tmp_path / "endless.cpp"
    source.write_text('#include "/dev/zero"\nint main() {}\n')  # the preprocessor reads on
    failure = compile_submission(sandbox, source,
                                 limits=CompileLimits(time_ms=20_000, memory_kb=64 * 1024))
    assert isinstance(failure, CompileFailure) and failure.verdict is Verdict.CE
    assert "compilation took too much memory" in failure.message


def test_a_python_submission_is_compiled_in_the_sandbox_too(sandbox, tmp_path):
    source = tmp_path / "deep.py"
    source.write_text("x = " + "(" * 150 + "1" + ")" * 150 + "\nprint(x)\n")
    prepared = compile_submission(sandbox, source)
    assert not isinstance(prepared, CompileFailure), prepared
    bad = tmp_path / "bad.py"
    bad.write_text("print(1\n")
    failure = compile_submission(sandbox, bad)
    assert isinstance(failure, CompileFailure) and failure.verdict is Verdict.CE
    assert failure.message.startswith('File "solution.py", line 1')
    assert str(tmp_path) not in failure.message
