"""A Polygon package's validator tests and checker tests, carried over as self-tests
(judge.problem.selftests).

problem.xml lists them under each validator's and the checker's `testset`, with their files at
its path patterns (files/tests/validator-tests/%02d; checker tests with .o outputs and .a
answers) and a verdict each:

    validator test  valid -> valid_input/             invalid -> invalid_input/
    checker test    ok -> valid_output/               wrong-answer, presentation-error ->
                                                      invalid_output/ (rejected either way)

Other checker verdicts (crashed, fail) are listed, not carried over.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

from judge.formats.collect import Collector
from judge.formats.draft import FileCopy, NoteKind
from judge.formats.polygon_read import PolygonPackage
from judge.problem.selftests import SelfTestKind

VALIDATOR_VERDICTS = {"valid": SelfTestKind.VALID_INPUT, "invalid": SelfTestKind.INVALID_INPUT}
CHECKER_VERDICTS = {
    "ok": SelfTestKind.VALID_OUTPUT,
    "wrong-answer": SelfTestKind.INVALID_OUTPUT,
    "presentation-error": SelfTestKind.INVALID_OUTPUT,
}


def carry_over(package: PolygonPackage, work: Collector) -> None:
    problem = ElementTree.parse(package.root / "problem.xml").getroot()
    validators = problem.findall("assets/validators/validator")
    for number, validator in enumerate(validators, start=1):
        prefix = "validator" if len(validators) == 1 else f"validator{number}"
        _carry(package, work, validator.find("testset"), prefix, VALIDATOR_VERDICTS)
    checker = problem.find("assets/checker")
    if checker is None:
        return
    if package.interactor is not None:
        if checker.findall("testset/tests/test"):
            work.note(NoteKind.UNSUPPORTED, "problem.xml: checker tests",
                      "the checker of an interactive problem is not run")
        return
    _carry(package, work, checker.find("testset"), "checker", CHECKER_VERDICTS)


def _carry(package: PolygonPackage, work: Collector, testset, prefix: str, verdicts) -> None:
    if testset is None:
        return
    patterns = {
        ".in": testset.findtext("input-path-pattern", "").strip(),
        ".out": testset.findtext("output-path-pattern", "").strip(),
        ".ans": testset.findtext("answer-path-pattern", "").strip(),
    }
    for index, test in enumerate(testset.findall("tests/test"), start=1):
        verdict = (test.get("verdict") or "").lower().replace("_", "-")
        where = f"problem.xml: {prefix} test {index}"
        kind = verdicts.get(verdict)
        if kind is None:
            work.note(NoteKind.UNSUPPORTED, where, f"the verdict '{verdict}' is not checked here")
            continue
        files = {}
        for suffix in kind.suffixes:
            path = package.root / (patterns[suffix] % index) if patterns[suffix] else None
            if path is None or not path.is_file():
                break
            files[suffix] = path
        if len(files) < len(kind.suffixes):
            work.note(NoteKind.UNSUPPORTED, where, "its files are not in the package")
            continue
        name = f"{prefix}-{index:02d}"
        for suffix, path in files.items():
            work.add(FileCopy(path, f"testdata/{work.problem_id}/{kind.value}/{name}{suffix}"))
