"""Self-tests as data (testdata/<id>/invalid_input, invalid_answer, invalid_output,
valid_output) and answer validators, run by `judge verify` on the fixture problem of
tests/fixtures/selftest with its real validator, answer validator and checker."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.formats.helpers import run

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "selftest"


def project(tmp_path: Path) -> Path:
    return shutil.copytree(FIXTURE, tmp_path / "project")


def verify(root: Path) -> tuple[int, dict]:
    result = run(root, "verify", "addtwo", "--json")
    return result.exit_code, json.loads(result.stdout)["problems"][0]


def test_every_self_test_of_the_fixture_gets_its_declared_decision(tmp_path):
    code, document = verify(project(tmp_path))
    assert code == 0, document
    decided = {test["name"]: test for test in document["selftests"]}
    assert sorted(decided) == [
        "invalid_answer/too-large",
        "invalid_answer/words",
        "invalid_input/three-numbers",
        "invalid_input/too-large",
        "invalid_input/zero",
        "invalid_output/wrong",
        "valid_output/spaces",
    ]
    assert all(test["ok"] for test in decided.values())
    assert decided["invalid_input/zero"]["message"] == "rejected: a = 0 is outside [1, 1000]"
    assert decided["invalid_answer/too-large"]["message"] == (
        "rejected: answer_validator.py: 2001 is outside [2, 2000]"
    )
    assert decided["invalid_output/wrong"]["message"].startswith("rejected: WA")
    assert decided["valid_output/spaces"]["message"] == "accepted"


LENIENT_VALIDATOR = "import sys\nsys.stdin.read()\n"
LENIENT_ANSWERS = "import sys\nsys.stdin.read()\nsys.exit(42)\n"


@pytest.mark.parametrize(
    ("change", "failing", "said"),
    [
        (("problems/addtwo/validator.py", LENIENT_VALIDATOR), "invalid_input/zero",
         "the validators accept it; it must be rejected"),
        (("problems/addtwo/answer_validator.py", LENIENT_ANSWERS), "invalid_answer/words",
         "the answer validators accept it; it must be rejected"),
        (("testdata/addtwo/invalid_output/wrong.out", "3\n"), "invalid_output/wrong",
         "the checker accepts it; it must reject it"),
        (("testdata/addtwo/valid_output/spaces.out", "4\n"), "valid_output/spaces",
         "the checker rejects it (WA"),
        (("testdata/addtwo/invalid_answer/words.in", "0 2\n"), "invalid_answer/words",
         "its input must be valid, but: a = 0 is outside [1, 1000]"),
        (("testdata/addtwo/invalid_output/wrong.ans", "three\n"), "invalid_output/wrong",
         "its answer must be valid, but: answer_validator.py: expected one positive integer"),
    ],
)
def test_a_self_test_that_does_not_get_its_decision_fails_verify(tmp_path, change, failing, said):
    root = project(tmp_path)
    path, text = change
    (root / path).write_text(text)
    code, document = verify(root)
    assert code == 1
    failed = {t["name"]: t["message"] for t in document["selftests"] if not t["ok"]}
    assert set(failed) >= {failing} and failed[failing].startswith(said), failed
    assert not document["ok"]


def test_the_terminal_report_names_a_failing_self_test(tmp_path):
    root = project(tmp_path)
    (root / "problems/addtwo/validator.py").write_text(LENIENT_VALIDATOR)
    result = run(root, "verify", "addtwo")
    assert result.exit_code == 1
    assert "self-test invalid_input/too-large: the validators accept it" in result.stdout


def test_an_answer_the_answer_validator_rejects_is_an_invalid_test(tmp_path):
    root = project(tmp_path)
    validator = root / "problems/addtwo/answer_validator.py"
    validator.write_text(validator.read_text().replace("2 <=", "3 <=").replace("[2,", "[3,"))
    code, document = verify(root)
    assert code == 1
    message = "answer_validator.py: 2 is outside [3, 2000]"
    assert document["invalid_tests"] == [{"name": "hand-01-smallest.ans", "message": message}]


def test_a_self_test_missing_a_file_is_an_error_naming_it(tmp_path):
    root = project(tmp_path)
    (root / "testdata/addtwo/valid_output/spaces.out").unlink()
    result = run(root, "verify", "addtwo")
    assert result.exit_code != 0
    assert "valid_output/spaces.out: missing: a valid_output case has spaces.in, spaces.ans, " \
        "spaces.out" in " ".join(result.output.split())


def test_validator_arguments_of_a_self_test_come_from_its_args_file(tmp_path):
    root = project(tmp_path)
    folder = root / "testdata/addtwo/invalid_input"
    (folder / "zero.args").write_text("--strict\n")
    (root / "problems/addtwo/validator.py").write_text(
        "import sys\nsys.stdin.read()\nsys.exit(1 if '--strict' in sys.argv else 0)\n"
    )
    code, document = verify(root)
    decided = {t["name"]: t["ok"] for t in document["selftests"]}
    assert decided["invalid_input/zero"] and not decided["invalid_input/too-large"]
    assert code == 1
