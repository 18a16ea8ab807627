"""Hand-made tests: the setter writes NAME.in, the reference writes NAME.ans.

Every input is validated before the reference sees it, so an answer is never written for an input
that breaks the statement. A test inside the problem's testdata/ folder also gets a manifest entry
(origin sample or hand) when it has none, so that verify knows how it was made.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

from judge.files import write_atomically
from judge.setter.programs import SetterProgramError, SetterPrograms
from judge.sandbox.api import Sandbox
from judge.problem.spec import Problem
from judge.problem.manifest import ManifestEntry, add_manifest_entries, read_manifest


class Answer(enum.Enum):
    WRITTEN = "wrote"
    UNCHANGED = "unchanged"
    CHANGED = "changed"  # an answer was there and the reference now says something else
    INVALID = "invalid"  # the validator rejects the input: no answer written
    FAILED = "failed"  # the reference failed on it


@dataclass(frozen=True)
class Answered:
    input_path: Path
    outcome: Answer
    message: str = ""
    manifest_entry: ManifestEntry | None = None  # added to the manifest for this test

    @property
    def answer_path(self) -> Path:
        return self.input_path.with_suffix(".ans")

    @property
    def ok(self) -> bool:
        return self.outcome not in (Answer.INVALID, Answer.FAILED)


def answer_inputs(
    problem: Problem,
    programs: SetterPrograms,
    sandbox: Sandbox,
    inputs: tuple[Path, ...],
    note: str | None = None,
) -> list[Answered]:
    """Validate each input, answer it with the reference, write NAME.ans beside it, and add
    manifest entries for tests of this problem that have none."""
    results = [_answer_one(programs, sandbox, path) for path in inputs]
    known = {entry.name for entry in read_manifest(problem)}
    entries = []
    for index, result in enumerate(results):
        path = result.input_path
        if result.ok and path.parent.resolve() == problem.testdata.resolve():
            if path.stem not in known:
                origin = "sample" if path.stem.startswith("sample") else "hand"
                entry = ManifestEntry(name=path.stem, origin=origin, note=note)
                entries.append(entry)
                known.add(path.stem)
                results[index] = Answered(path, result.outcome, result.message, entry)
    if entries:
        add_manifest_entries(problem, tuple(entries))
    return results


def _answer_one(programs: SetterPrograms, sandbox: Sandbox, path: Path) -> Answered:
    try:
        if programs.validator is not None:
            validation = programs.validate(sandbox, path=path)
            if not validation.valid:
                return Answered(path, Answer.INVALID, validation.message)
        answer = programs.answer(sandbox, path=path)
    except SetterProgramError as exc:
        return Answered(path, Answer.FAILED, str(exc))
    target = path.with_suffix(".ans")
    before = target.read_bytes() if target.is_file() else None
    write_atomically(target, answer)
    if before is None:
        return Answered(path, Answer.WRITTEN)
    return Answered(path, Answer.UNCHANGED if before == answer else Answer.CHANGED)
