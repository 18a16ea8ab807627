"""Programs of this project made to follow Kattis conventions, for `judge export kattis`.

A validator here accepts with exit code 0 or 42; Kattis wants 42 (and anything else rejects). A
testlib checker here is called `checker input output answer` and exits 0/1/2/3; Kattis calls
`validator input answer feedback_dir < output` and wants 42/43. The wrappers below keep the
original program intact (embedded, or included) and translate:

- Python: one file that runs the original source in its own namespace and maps its exit status;
- C and C++ validators: a file that includes the original (renamed `.inc`, so that Kattis does
  not compile it on its own) with its `main` renamed, and maps what that `main` returns. A
  validator that ends with `exit(0)` instead of returning from main is not translated.
"""

from __future__ import annotations

from pathlib import Path

PYTHON_VALIDATOR = '''\
"""Kattis input validator: the judge validator {name} (below), exiting 42 when it accepts."""
import sys

SOURCE = {source!r}


def run_original():
    try:
        exec(compile(SOURCE, {name!r}, "exec"), {{"__name__": "__main__", "__file__": {name!r}}})
    except SystemExit as stop:
        if stop.code is None or isinstance(stop.code, int):
            return stop.code or 0
        print(stop.code, file=sys.stderr)
        return 1
    return 0


code = run_original()
sys.stdout.flush()
sys.exit(42 if code in (0, 42) else 43)
'''

PYTHON_TESTLIB_CHECKER = '''\
"""Kattis output validator: the testlib checker {name} (below), run on the team's output.

Kattis: input answer feedback_dir [args] < output, exit 42 accepted, 43 wrong answer.
testlib: input output answer, exit 0 accepted, 1 wrong answer, 2 presentation error (counted as
a wrong answer: Kattis has no such verdict), 3 or anything else a failure of the checker.
"""
import io
import os
import sys

SOURCE = {source!r}


def run_original(argv):
    said, real = io.StringIO(), sys.stdout
    sys.argv, sys.stdout = argv, said
    try:
        exec(compile(SOURCE, {name!r}, "exec"), {{"__name__": "__main__", "__file__": {name!r}}})
        code = 0
    except SystemExit as stop:
        code = stop.code if stop.code is None or isinstance(stop.code, int) else 3
        code = code or 0
    finally:
        sys.stdout = real
    return code, said.getvalue()


input_path, answer_path, feedback = sys.argv[1:4]
output_path = os.path.join(feedback, "team_output")
with open(output_path, "wb") as output:
    output.write(sys.stdin.buffer.read())
code, message = run_original([{name!r}, input_path, output_path, answer_path, *sys.argv[4:]])
with open(os.path.join(feedback, "judgemessage.txt"), "a") as note:
    note.write(message)
sys.exit({{0: 42, 1: 43, 2: 43}}.get(code, 1))
'''

CPP_VALIDATOR = """\
// Kattis input validator: the judge validator {name} (in {include}), exiting 42 when it accepts.
#define main judge_original_main
#include "{include}"
#undef main

static int judge_call(int (*original)(), int, char **) {{ return original(); }}
static int judge_call(int (*original)(int, char **), int argc, char **argv) {{
    return original(argc, argv);
}}

int main(int argc, char **argv) {{
    int code = judge_call(judge_original_main, argc, argv);
    return code == 0 || code == 42 ? 42 : 43;
}}
"""

C_VALIDATOR = """\
/* Kattis input validator: the judge validator {name} (in {include}), exiting 42 when it accepts. */
#define main judge_original_main
#include "{include}"
#undef main

int main(int argc, char **argv) {{
    int code = ((int (*)(int, char **))judge_original_main)(argc, argv);
    return code == 0 || code == 42 ? 42 : 43;
}}
"""


def python_validator(source: Path) -> str:
    return PYTHON_VALIDATOR.format(name=source.name, source=source.read_text())


def python_testlib_checker(source: Path) -> str:
    return PYTHON_TESTLIB_CHECKER.format(name=source.name, source=source.read_text())


def compiled_validator(source: Path, include: str) -> str:
    template = C_VALIDATOR if source.suffix == ".c" else CPP_VALIDATOR
    return template.format(name=source.name, include=include)
