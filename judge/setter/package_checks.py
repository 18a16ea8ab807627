"""What verify checks without running anything: the layout of solutions/, the manifest against
the tests on disk, and the statement's samples against the sample tests."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judge.errors import ProblemError
from judge.languages.registry import UnknownLanguage, detect_language
from judge.problem.root import inside_root
from judge.problem.expectations import (
    SUBMISSIONS_FILE,
    SolutionExpectation,
    expectation_of,
    read_submissions_file,
)
from judge.problem.spec import Problem
from judge.problem.statement import statement_samples
from judge.problem.manifest import read_manifest
from judge.problem.testdata import TestCase, file_sha256
from judge.problem.transcript import SUFFIX, read_transcript
from judge.verdicts.verdict import EXPECTED_BY_FOLDER, Verdict
from judge.setter.verify_scores import declared_score, score_layout_error


@dataclass(frozen=True)
class BundledSolution:
    path: Path
    label: str  # e.g. "wrong_answer/no_parity.py"
    expected: Verdict
    expected_score: float | None = None  # declared in the source: @EXPECTED_SCORE@: 40
    # Declared beyond the folder (submissions.yaml, @EXPECTED_RESULTS@); None: the folder says
    # all. `expected` is then the verdict that stands for it.
    declared: SolutionExpectation | None = None


@dataclass(frozen=True)
class Findings:
    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()

    def __add__(self, other: Findings) -> Findings:
        return Findings(self.errors + other.errors, self.warnings + other.warnings)


def find_solutions(problem: Problem) -> tuple[tuple[BundledSolution, ...], Findings]:
    """The reference plus every program in a verdict folder; also what is wrong with the layout
    (an unknown folder, a program of no known language) and what is ignored (a stray file)."""
    found = [BundledSolution(problem.reference, "reference", Verdict.AC)]
    errors, warnings = [], []
    folder = problem.solutions
    try:
        entries = read_submissions_file(folder)
    except ProblemError as exc:
        return tuple(found), Findings((str(exc),))
    for child in sorted(folder.iterdir()) if folder.is_dir() else ():
        if child.name.startswith("."):
            continue
        if child.is_file():
            if child.name == SUBMISSIONS_FILE:
                continue
            if child.resolve() != problem.reference.resolve():
                warnings.append(
                    f"{child}: ignored: a solution belongs in a verdict folder ("
                    + ", ".join(EXPECTED_BY_FOLDER)
                    + ")"
                )
            continue
        expected = EXPECTED_BY_FOLDER.get(child.name)
        if expected is None and not _all_declared(child, entries):
            errors.append(
                f"{child}: unknown folder; expected one of " + ", ".join(EXPECTED_BY_FOLDER)
                + f" (or say what each solution in it must get in {SUBMISSIONS_FILE})"
            )
            continue
        if expected is Verdict.PA and not problem.scored:
            errors.append(f"{child}: only a scored problem (groups with points) has this folder")
            continue
        for path in sorted(child.iterdir()):
            if not path.is_file() or path.name.startswith("."):
                continue
            try:
                inside_root(path, problem.root)
            except ProblemError as exc:
                errors.append(str(exc))
                continue
            try:
                detect_language(path, None)
            except UnknownLanguage as exc:
                errors.append(f"{path}: {exc}")
                continue
            label = f"{child.name}/{path.name}"
            try:
                declared = expectation_of(label, path, entries)
            except ProblemError as exc:
                errors.append(str(exc))
                continue
            verdict = declared.verdict if declared is not None else expected
            if error := score_layout_error(path, verdict):
                errors.append(error)
                continue
            found.append(BundledSolution(path, label, verdict, declared_score(path), declared))
    return tuple(found), Findings(tuple(errors), tuple(warnings))


def _all_declared(folder: Path, entries) -> bool:
    """Whether what every solution in a folder of no known verdict must get is declared."""
    try:
        return all(
            expectation_of(f"{folder.name}/{path.name}", path, entries) is not None
            for path in folder.iterdir()
            if path.is_file() and not path.name.startswith(".")
        )
    except ProblemError:
        return True  # the solution's own error says what is wrong


def manifest_findings(problem: Problem, tests: tuple[TestCase, ...]) -> Findings:
    """The manifest must parse, name every test and only tests that exist, and hash generated
    inputs right: a test nobody recorded cannot be told apart from a stray file."""
    try:
        entries = read_manifest(problem)
    except ProblemError as exc:
        return Findings((str(exc),))
    by_name = {case.name: case for case in tests}
    errors = []
    for entry in entries:
        case = by_name.get(entry.name)
        if case is None:
            errors.append(f"manifest names test '{entry.name}', which is not on disk")
        elif entry.sha256 and entry.sha256 != file_sha256(case.input_path):
            errors.append(
                f"manifest sha256 of '{entry.name}' does not match {case.input_path.name}"
            )
    recorded = {entry.name for entry in entries}
    for case in tests:
        if case.name not in recorded:
            errors.append(
                f"test '{case.name}' has no manifest entry: say how it was made (`judge answer "
                f"{problem.id} {case.input_path.relative_to(problem.root)}` adds one for a "
                "hand-made test)"
            )
    return Findings(tuple(errors))


def sample_findings(problem: Problem, tests: tuple[TestCase, ...]) -> Findings:
    """Sample k of the statement must equal testdata sample-k.in / .ans byte for byte: a
    contestant copies it from there. An interactive problem's samples are transcripts instead,
    which `judge show` prints with the statement (and verify plays against the interactor)."""
    if problem.interactive is not None:
        return _transcript_findings(tests)
    try:
        samples = statement_samples(problem.statement.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        return Findings((f"{problem.statement}: cannot read the statement: {exc}",))
    by_name = {case.name: case for case in tests}
    if not samples:
        if any(case.group == "samples" or case.name.startswith("sample") for case in tests):
            return Findings(
                warnings=(
                    f"{problem.statement} shows no sample (a '## Sample' section with an input "
                    "and an output code block) although testdata has sample tests",
                )
            )
        return Findings()
    errors = []
    where = problem.statement
    for sample in samples:
        case = by_name.get(f"sample-{sample.number}")
        at = f"{where}:{sample.line}: sample {sample.number}"
        if case is None:
            errors.append(f"{at}: testdata has no sample-{sample.number}.in/.ans to match it")
            continue
        if sample.output is None:
            errors.append(f"{at}: an input without an output code block after it")
        if sample.input != case.input_path.read_bytes():
            errors.append(f"{at}: the input differs from {case.input_path.name}")
        if sample.output is not None and sample.output != case.answer_path.read_bytes():
            errors.append(
                f"{where}:{sample.output_line}: sample {sample.number}: the output differs "
                f"from {case.answer_path.name}"
            )
    return Findings(tuple(errors))


def _transcript_findings(tests: tuple[TestCase, ...]) -> Findings:
    errors, warnings = [], []
    for case in tests:
        if case.interaction is not None:
            try:
                read_transcript(case.interaction)
            except ProblemError as exc:
                errors.append(str(exc))
        elif case.group == "samples":
            warnings.append(
                f"sample {case.name} has no transcript {case.name}{SUFFIX}: a contestant sees "
                "no sample interaction"
            )
    return Findings(tuple(errors), tuple(warnings))
