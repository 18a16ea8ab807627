"""A problem's archive for the workers holds its answer validators wherever they lie, and its
self-tests and include/ files with the rest of its folders (tests/fixtures/selftest)."""

from __future__ import annotations

import shutil
from pathlib import Path

from judge.problem.spec import load_problem
from judge.service.packages import build_archive, package_files, unpack_archive

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "selftest"


def test_the_archive_holds_answer_validators_self_tests_and_include_files(tmp_path):
    root = shutil.copytree(FIXTURE, tmp_path / "project")
    # An answer validator outside the problem's folder, which the archive took only by folder.
    shutil.move(root / "problems/addtwo/answer_validator.py", root / "solutions/addtwo/answer.py")
    spec = root / "problems/addtwo/problem.yaml"
    spec.write_text(spec.read_text().replace("problems/addtwo/answer_validator.py",
                                              "solutions/addtwo/answer.py"))
    (root / "problems/addtwo/include/default").mkdir(parents=True)
    (root / "problems/addtwo/include/default/offset.txt").write_text("0\n")
    problem = load_problem(root, "addtwo")
    files = package_files(problem)
    for name in ("solutions/addtwo/answer.py", "testdata/addtwo/invalid_input/zero.in",
                 "testdata/addtwo/valid_output/spaces.out",
                 "problems/addtwo/include/default/offset.txt"):
        assert name in files, name
    unpacked = tmp_path / "worker"
    unpack_archive(build_archive(problem).data, unpacked)
    assert load_problem(unpacked, "addtwo").answer_validators[0].program.name == "answer.py"
