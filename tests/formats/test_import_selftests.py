"""`judge import kattis` of a package whose judges come with their own cases
(tests/fixtures/kattis/addpair): data/invalid_input ... data/valid_output and answer_validators/
carried over, held to their decisions at import, and checked again by `judge verify`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml

from tests.formats.helpers import empty_project, run

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "kattis" / "addpair"


def test_self_tests_and_the_answer_validator_are_carried_over_and_verified(tmp_path):
    root = empty_project(tmp_path)
    result = run(root, "import", "kattis", str(FIXTURE))
    assert result.exit_code == 0, result.output
    assert "invalid_input" not in result.output  # nothing about them is left behind
    data = root / "testdata/addpair"
    assert sorted(p.name for p in (data / "invalid_input").iterdir()) == [
        "bounds.over-ten.args", "bounds.over-ten.in", "over.in", "zero.in"
    ]
    assert (data / "invalid_input/bounds.over-ten.args").read_text() == "--max 10\n"
    assert (data / "valid_output/spaced.out").read_bytes() == b"\n  3\n\n"
    problem = yaml.safe_load((root / "problems/addpair/problem.yaml").read_text())
    assert problem["answer_validator"] == "problems/addpair/answer_validators/answer.py"
    verified = run(root, "verify", "addpair", "--json")
    assert verified.exit_code == 0, verified.output
    document = json.loads(verified.stdout)["problems"][0]
    assert {t["name"]: t["ok"] for t in document["selftests"]} == {
        "invalid_input/bounds.over-ten": True,
        "invalid_input/over": True,
        "invalid_input/zero": True,
        "invalid_answer/word": True,
        "invalid_output/wrong": True,
        "valid_output/spaced": True,
    }


def test_an_import_stops_when_a_validator_accepts_an_invalid_input(tmp_path):
    package = shutil.copytree(FIXTURE, tmp_path / "addpair")
    (package / "data/invalid_input/bounds/test_group.yaml").unlink()  # 11 is valid without --max
    root = empty_project(tmp_path)
    refused = run(root, "import", "kattis", str(package))
    assert refused.exit_code == 2, refused.output
    said = " ".join(refused.output.split())
    assert "self-test invalid_input/bounds.over-ten: the validators accept it; it must be " \
        "rejected" in said and "--keep-broken" in said
    assert not any((root / "problems").iterdir())  # nothing half-imported
    kept = run(root, "import", "kattis", str(package), "--keep-broken")
    assert kept.exit_code == 0, kept.output
    problem = yaml.safe_load((root / "problems/addpair/problem.yaml").read_text())
    assert "invalid_input/bounds.over-ten" in problem["broken"]
    assert run(root, "verify", "addpair").exit_code == 1


def test_an_import_stops_when_the_answer_validator_rejects_a_test_answer(tmp_path):
    package = shutil.copytree(FIXTURE, tmp_path / "addpair")
    validator = package / "answer_validators/answer.py"
    validator.write_text(validator.read_text().replace("2 <= int(text)", "3 <= int(text)"))
    refused = run(empty_project(tmp_path), "import", "kattis", str(package))
    assert refused.exit_code == 2, refused.output
    assert "the answer of secret.01-small is rejected: answer.py: expected one integer " \
        "2..200, got '2\\n'" in " ".join(refused.output.split())


def test_a_wrong_output_the_default_validator_accepts_stops_the_import(tmp_path):
    package = shutil.copytree(FIXTURE, tmp_path / "addpair")
    (package / "data/invalid_output/wrong.out").write_text("  3\n")
    refused = run(empty_project(tmp_path), "import", "kattis", str(package))
    assert refused.exit_code == 2, refused.output
    assert "self-test invalid_output/wrong: the checker accepts it; it must reject it" in \
        " ".join(refused.output.split())


POLYGON = Path(__file__).resolve().parents[1] / "fixtures" / "polygon" / "arraysum"
VALIDATOR_TESTS = """<tests>
                        <test verdict="valid"/>
                        <test verdict="invalid"/>
                        <test verdict="invalid"/>
                    </tests>"""
CHECKER_TESTS = """<tests>
                    <test verdict="ok"/>
                    <test verdict="wrong-answer"/>
                    <test verdict="presentation-error"/>
                    <test verdict="crashed"/>
                </tests>"""


def polygon_with_tests(tmp_path: Path, extra_ok: str = "6\n") -> Path:
    """The arraysum package with three validator tests and four checker tests."""
    package = shutil.copytree(POLYGON, tmp_path / "arraysum")
    tests = package / "files/tests"
    (tests / "validator-tests").mkdir(parents=True)
    for number, text in enumerate(("2\n1 -1\n", "0\n\n", "2\n1 2000000000\n"), start=1):
        (tests / f"validator-tests/{number:02d}").write_text(text)
    (tests / "checker-tests").mkdir()
    for number, output in enumerate((extra_ok, "7\n", "6\n6\n", "6\n"), start=1):
        (tests / f"checker-tests/{number:02d}").write_text("3\n1 2 3\n")
        (tests / f"checker-tests/{number:02d}.a").write_text("6\n")
        (tests / f"checker-tests/{number:02d}.o").write_text(output)
    xml = package / "problem.xml"
    text = xml.read_text()
    validator_at = text.index("validator-tests/%02d")
    text = text[:validator_at] + text[validator_at:].replace("<tests/>", VALIDATOR_TESTS, 1)
    text = text.replace("<tests/>", CHECKER_TESTS, 1)  # the checker's, which comes first
    xml.write_text(text)
    return package


def test_polygon_validator_and_checker_tests_become_self_tests(tmp_path):
    root = empty_project(tmp_path)
    result = run(root, "import", "polygon", str(polygon_with_tests(tmp_path)))
    assert result.exit_code == 0, result.output
    assert "problem.xml: checker test 4: the verdict 'crashed' is not checked here" in \
        result.output
    data = root / "testdata/arraysum"
    assert sorted(p.name for p in (data / "invalid_output").iterdir()) == [
        "checker-02.ans", "checker-02.in", "checker-02.out",
        "checker-03.ans", "checker-03.in", "checker-03.out",
    ]
    verified = run(root, "verify", "arraysum", "--json")
    document = json.loads(verified.stdout)["problems"][0]
    assert {t["name"]: t["ok"] for t in document["selftests"]} == {
        "invalid_input/validator-02": True,
        "invalid_input/validator-03": True,
        "valid_input/validator-01": True,
        "invalid_output/checker-02": True,
        "invalid_output/checker-03": True,
        "valid_output/checker-01": True,
    }


def test_a_polygon_checker_test_the_checker_decides_otherwise_stops_the_import(tmp_path):
    package = polygon_with_tests(tmp_path, extra_ok="6 and more\n")  # the checker says PE
    refused = run(empty_project(tmp_path), "import", "polygon", str(package))
    assert refused.exit_code == 2, refused.output
    assert "self-test valid_output/checker-01: the checker rejects it (PE" in \
        " ".join(refused.output.split())
