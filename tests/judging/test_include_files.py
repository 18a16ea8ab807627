"""include/ files (problems/<id>/include/<language>/ or default/): a C++ grader with its header
compiled with every C++ submission, and a data file every other submission finds in its
working directory. Real compiles, real runs, real verdicts on the fixture of
tests/fixtures/selftest."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.formats.helpers import run

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "selftest"

GRADER = """#include <cstdio>
#include "add.h"
int main() {
    long long a, b;
    if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
    std::printf("%lld\\n", add(a, b));
}
"""
HEADER = "long long add(long long a, long long b);\n"
ADD = '#include "add.h"\nlong long add(long long a, long long b) { return a + b; }\n'
SUBTRACT = '#include "add.h"\nlong long add(long long a, long long b) { return a - b; }\n'
# Reads the file every submission but a C++ one gets.
WITH_OFFSET = (
    "a, b = map(int, input().split())\n"
    "print(a + b + int(open('offset.txt').read()))\n"
)


def project(tmp_path: Path) -> Path:
    root = shutil.copytree(FIXTURE, tmp_path / "project")
    include = root / "problems/addtwo/include"
    (include / "cpp").mkdir(parents=True)
    (include / "cpp/grader.cpp").write_text(GRADER)
    (include / "cpp/add.h").write_text(HEADER)
    (include / "default").mkdir()
    (include / "default/offset.txt").write_text("0\n")
    solutions = root / "solutions/addtwo"
    (solutions / "accepted").mkdir()
    (solutions / "accepted/add.cpp").write_text(ADD)
    (solutions / "accepted/offset.py").write_text(WITH_OFFSET)
    (solutions / "wrong_answer/subtract.cpp").write_text(SUBTRACT)
    return root


def test_included_files_are_compiled_with_and_found_by_each_submission(tmp_path):
    root = project(tmp_path)
    result = run(root, "verify", "addtwo", "--json")
    document = json.loads(result.stdout)["problems"][0]
    assert result.exit_code == 0, result.stdout
    verdicts = {s["solution"]: s["verdict"] for s in document["solutions"]}
    assert verdicts == {
        "reference": "AC",
        "accepted/add.cpp": "AC",
        "accepted/offset.py": "AC",
        "wrong_answer/difference.py": "WA",
        "wrong_answer/subtract.cpp": "WA",
    }


def test_a_submission_without_the_grader_does_not_link(tmp_path):
    root = project(tmp_path)
    (root / "problems/addtwo/include/cpp/grader.cpp").unlink()
    result = run(root, "submit", str(root / "solutions/addtwo/accepted/add.cpp"), "addtwo")
    assert result.exit_code != 0
    assert "CE" in result.output and "main" in result.output


def test_the_language_folder_replaces_the_default_one(tmp_path):
    root = project(tmp_path)
    (root / "problems/addtwo/include/python3").mkdir()
    (root / "problems/addtwo/include/python3/offset.txt").write_text("1\n")
    result = run(root, "submit", str(root / "solutions/addtwo/accepted/offset.py"), "addtwo")
    assert result.exit_code != 0 and "WA" in result.output


KATTIS = Path(__file__).resolve().parents[1] / "fixtures" / "kattis" / "graded"


def test_a_kattis_package_with_a_grader_in_include_imports_and_verifies(tmp_path):
    root = tmp_path / "imported"
    (root / "problems").mkdir(parents=True)
    imported = run(root, "import", "kattis", str(KATTIS))
    assert imported.exit_code == 0, imported.output
    assert "include/cpp: added to every submission in cpp when it is judged" in imported.output
    assert (root / "problems/graded/include/cpp/grader.cpp").is_file()
    result = run(root, "verify", "graded", "--json")
    document = json.loads(result.stdout)["problems"][0]
    assert result.exit_code == 0, result.stdout
    assert {s["solution"]: s["verdict"] for s in document["solutions"]} == {
        "reference": "AC",  # add.cpp, compiled with the grader
        "accepted/offset.py": "AC",
        "wrong_answer/subtract.cpp": "WA",
    }


def test_the_kattis_export_keeps_include_and_lists_what_it_cannot_carry(tmp_path):
    root = tmp_path / "imported"
    (root / "problems").mkdir(parents=True)
    assert run(root, "import", "kattis", str(KATTIS)).exit_code == 0
    out = tmp_path / "graded"
    exported = run(root, "export", "kattis", "graded", str(out))
    assert exported.exit_code == 0, exported.output
    assert (out / "include/cpp/grader.cpp").read_text() == (KATTIS / "include/cpp/grader.cpp") \
        .read_text()
    assert (out / "include/default/offset.txt").is_file()
    again = tmp_path / "again"
    (again / "problems").mkdir(parents=True)
    reimported = run(again, "import", "kattis", str(out))
    assert reimported.exit_code == 0, reimported.output
    verified = run(again, "verify", "graded", "--json")
    assert verified.exit_code == 0, verified.stdout


def test_the_kattis_export_lists_answer_validators_and_self_tests_as_not_exported(tmp_path):
    out = tmp_path / "addtwo"
    exported = run(FIXTURE, "export", "kattis", "addtwo", str(out))
    assert exported.exit_code == 0, exported.output
    said = " ".join(exported.output.split())
    assert "answer_validator: not exported: the legacy Kattis format has no answer validators" \
        in said
    assert "testdata/addtwo/invalid_answer, invalid_input, invalid_output, valid_output: " \
        "self-tests not exported" in said
