"""A Kattis package's submissions/submissions.yaml (2025-09: what each submission must get, per
test) and its submissions' @EXPECTED_RESULTS@ tags, carried into the project.

The file is copied to solutions/<id>/submissions.yaml (judge.problem.expectations reads it
there, for `judge verify` and for the import's own check that accepted submissions pass), with
its submission patterns renamed where this project names a verdict folder differently
(run_time_error/ is runtime_error/ here). Test paths stay as written: they name imported tests
by their path in the package. Tags stay in the sources, which are copied as they are.

Before the reference is chosen, the same declarations say which accepted/ submissions are not
accepted after all: those never become the reference.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from judge.errors import ProblemError
from judge.formats.collect import Collector
from judge.formats.draft import NewFile, NoteKind
from judge.formats.kattis_read import KattisPackage
from judge.problem.expectations import (
    SUBMISSIONS_FILE,
    UNCHECKED_KEYS,
    expectation_of,
    read_submissions_file,
)
from judge.verdicts.verdict import Verdict

HEADER = (
    "# What each solution must get: the package's submissions/submissions.yaml, its "
    "patterns\n# renamed to this project's verdict folders (see judge/problem/expectations.py)."
    "\n"
)


def not_accepted(package: KattisPackage) -> set[Path]:
    """The accepted/ submissions that submissions.yaml or their own tag declare otherwise."""
    entries = read_submissions_file(package.root / "submissions")
    refused = set()
    for folder, program in package.submissions:
        if folder != "accepted":
            continue
        declared = expectation_of(f"{folder}/{program.name}", _source(program), entries)
        if declared is not None and declared.verdict is not Verdict.AC:
            refused.add(program)
    return refused


def is_declared(package: KattisPackage, folder: str, program: Path) -> bool:
    """Whether submissions.yaml, the program's tag or its folder (rejected/) say what it must
    get: then a folder of no single verdict holds it as well as a verdict folder does."""
    entries = read_submissions_file(package.root / "submissions")
    return expectation_of(f"{folder}/{program.name}", _source(program), entries) is not None


def _source(program: Path) -> Path:
    """The file whose tag speaks for the submission (the first of a folder submission)."""
    if program.is_file():
        return program
    files = sorted(p for p in program.rglob("*") if p.is_file())
    return files[0] if files else program


def carry_submissions_file(
    package: KattisPackage, work: Collector, folders: dict[str, str]
) -> None:
    """Copy submissions.yaml into solutions/<id>/, its patterns in this project's folder names
    (`folders`: the package's verdict folder -> this project's)."""
    path = package.root / "submissions" / SUBMISSIONS_FILE
    if not path.is_file():
        return
    read_submissions_file(path.parent)  # a broken file stops the import here, naming the line
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    renamed = {}
    for pattern, value in data.items():
        head, _, rest = str(pattern).partition("/")
        if head in folders and folders[head] != head:
            pattern = f"{folders[head]}/{rest}" if rest or "/" in str(pattern) else folders[head]
        if pattern in renamed:
            raise ProblemError(path, "two patterns name the same folder here", key=str(pattern))
        renamed[pattern] = value
    for pattern, value in data.items():  # as the package names them
        for key in UNCHECKED_KEYS:
            if isinstance(value, dict) and key in value:
                work.note(NoteKind.UNSUPPORTED, f"{work.shown(path)}: {pattern}.{key}",
                          "not checked by judge verify")
    text = HEADER + yaml.safe_dump(renamed, sort_keys=False, allow_unicode=True)
    work.add(NewFile(f"solutions/{work.problem_id}/{SUBMISSIONS_FILE}", text.encode()))
    work.note(
        NoteKind.CONVERTED,
        work.shown(path),
        f"what each submission must get, per test: solutions/{work.problem_id}/"
        f"{SUBMISSIONS_FILE}, which judge verify and this import check",
    )
