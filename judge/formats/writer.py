"""Writing a `ProblemDraft` into the project: problems/<id>, solutions/<id>, testdata/<id>.

Everything is written into a staging folder first, loaded back as a problem (so that what lands
in the project is a package this judge reads), completed (answers the package lacks, a time
limit it does not state), its accepted solutions held to AC on its own tests
(judge.formats.accepted_runs), its answer validators and self-tests to their decisions
(judge.setter.selftests), and only then moved into place. A failure leaves the project as
it was.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import yaml

from judge.errors import JudgeError
from judge.files import write_atomically
from judge.formats.accepted_runs import accepted_failures, refusal
from judge.formats.declared_scores import declare_scores
from judge.formats.draft import NewFile, Note, NoteKind, ProblemDraft, TestDraft, TimeRule
from judge.formats.memory_failures import refile_memory_failures
from judge.formats.timelimit import measure_time_limit
from judge.setter.programs import SetterProgramError, prepare_setter_programs
from judge.setter.selftests import judges_failures
from judge.sandbox.api import Sandbox
from judge.problem.spec import PROBLEM_FILE, load_problem
from judge.problem.manifest import ManifestEntry, add_manifest_entries
from judge.problem.testdata import file_sha256

PLACEHOLDER_TIME_MS = 60_000  # until the time limit is measured
FOLDERS = ("problems", "solutions", "testdata")


@dataclass(frozen=True)
class WrittenProblem:
    problem_id: str
    tests: int
    notes: tuple[Note, ...]  # the draft's notes and what writing added (a measured limit)


def write_draft(
    draft: ProblemDraft,
    root: Path,
    sandbox: Sandbox,
    *,
    replace: bool = False,
    keep_broken: bool = False,
) -> WrittenProblem:
    """Write the draft into the project. When its accepted solutions fail on its tests, stop
    (JudgeError), or with `keep_broken` write it marked as broken."""
    problem_id = draft.problem_id
    existing = [
        root / folder / problem_id for folder in FOLDERS if (root / folder / problem_id).exists()
    ]
    if existing and not replace:
        raise JudgeError(
            f"problem '{problem_id}' already exists ({existing[0]}); choose another --id "
            "or pass --replace"
        )
    staging = root / f".import-{problem_id}.{os.getpid()}.partial"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        notes = _stage(draft, staging, sandbox, keep_broken)
        for folder in FOLDERS:
            target = root / folder / problem_id
            if target.exists():
                shutil.rmtree(target)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staging / folder / problem_id, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return WrittenProblem(problem_id, len(draft.tests), draft.notes + notes)


def _stage(draft: ProblemDraft, staging: Path, sandbox: Sandbox, keep_broken: bool) -> tuple:
    problem_id = draft.problem_id
    for folder in FOLDERS:
        (staging / folder / problem_id).mkdir(parents=True)
    for item in draft.files:
        data = item.data if isinstance(item, NewFile) else item.source.read_bytes()
        write_atomically(staging / item.target, data)
    (staging / "problems" / problem_id / "statement.md").write_text(draft.statement)
    testdata = staging / "testdata" / problem_id
    for test in draft.tests:
        write_atomically(testdata / f"{test.name}.in", _bytes(test.input))
        if test.answer is not None:
            write_atomically(testdata / f"{test.name}.ans", _bytes(test.answer))
        if test.interaction is not None:
            write_atomically(testdata / f"{test.name}.interaction", test.interaction.read_bytes())
    time_ms = draft.time if isinstance(draft.time, int) else PLACEHOLDER_TIME_MS
    spec_path = staging / "problems" / problem_id / PROBLEM_FILE
    spec_path.write_text(problem_yaml(draft, time_ms))
    problem = _load(staging, problem_id)
    _answer_missing(draft, problem, sandbox)
    add_manifest_entries(problem, tuple(_manifest_entry(t, testdata) for t in draft.tests))
    notes: tuple[Note, ...] = ()
    judged = {}
    if isinstance(draft.time, TimeRule):
        measured = measure_time_limit(problem, draft.time, sandbox)
        time_ms = measured.time_ms
        spec_path.write_text(problem_yaml(draft, time_ms))
        problem = _load(staging, problem_id)
        notes, judged = measured.notes, measured.reports
    failures = accepted_failures(problem, sandbox, judged)
    if failures and not keep_broken:
        raise JudgeError(refusal(failures))
    judges = judges_failures(problem, sandbox)
    if judges and not keep_broken:
        raise JudgeError(
            f"the package's validators or checker fail their own cases: {'; '.join(judges)}. "
            "Nothing was imported; fix the package, or pass --keep-broken to import it marked "
            "as broken"
        )
    if failures or judges:
        broken = "; ".join([*(str(failure) for failure in failures), *judges])
        spec_path.write_text(problem_yaml(draft, time_ms, broken=broken))
        problem = _load(staging, problem_id)
        notes += (Note(NoteKind.UNSUPPORTED, "submissions", f"broken (--keep-broken): {broken}"),)
    if problem.scored:
        notes += declare_scores(problem, sandbox)
    if draft.memory_failures_are_runtime_errors:
        notes += refile_memory_failures(problem, sandbox)
    return notes


def _manifest_entry(test: TestDraft, testdata: Path) -> ManifestEntry:
    """How the test was made; a generated one with the hash of its input, as `judge generate`
    records it."""
    if test.origin != "generated":
        return ManifestEntry(test.name, test.origin, note=test.note)
    digest = file_sha256(testdata / f"{test.name}.in")
    return ManifestEntry(test.name, test.origin, test.args, test.seed, digest, test.note,
                         test.program)


def _answer_missing(draft: ProblemDraft, problem, sandbox: Sandbox) -> None:
    missing = [test for test in draft.tests if test.answer is None]
    if not missing:
        return
    try:
        programs = prepare_setter_programs(problem, sandbox)
        for test in missing:
            answer = programs.answer(sandbox, path=problem.testdata / f"{test.name}.in")
            write_atomically(problem.testdata / f"{test.name}.ans", answer)
    except SetterProgramError as exc:
        raise JudgeError(f"cannot write the answers the package lacks: {exc}") from None


def _load(staging: Path, problem_id: str):
    try:
        return load_problem(staging, problem_id)
    except JudgeError as exc:  # the importer produced something this judge cannot read
        raise JudgeError(f"the imported problem does not load: {exc}") from None


def problem_yaml(draft: ProblemDraft, time_ms: int, broken: str = "") -> str:
    """problem.yaml of the draft, with `time_ms` as the time limit, marked `broken` if so."""
    limits = {
        "time_ms": time_ms,
        "memory_kb": draft.memory_kb,
        "output_kb": draft.output_kb,
        "memory_basis": draft.memory_basis.value,
    }
    if draft.wall_ms is not None:
        limits["wall_ms"] = max(draft.wall_ms, time_ms)
    data: dict = {
        "id": draft.problem_id,
        "title": draft.title,
        "source": draft.source,
        "limits": limits,
        **({"checker": draft.checker} if draft.checker is not None else {}),
        **({"interactive": draft.interactive} if draft.interactive is not None else {}),
        "reference": draft.reference,
    }
    if broken:
        data["broken"] = broken
    if draft.generator:
        data["generator"] = draft.generator
    if len(draft.validators) == 1 and not draft.validators[0].args:
        data["validator"] = draft.validators[0].target
    elif draft.validators:
        data["validator"] = [
            {"program": v.target, **({"args": list(v.args)} if v.args else {})}
            for v in draft.validators
        ]
    if draft.groups:
        data["groups"] = [group.yaml() for group in draft.groups]
    data.update(draft.extra_yaml)
    header = f"# {draft.origin}\n" if draft.origin else ""
    return header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def _bytes(content: Path | bytes) -> bytes:
    return content if isinstance(content, bytes) else content.read_bytes()
