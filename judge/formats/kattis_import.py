"""A Kattis package (read by judge.formats.kattis_read) as a draft of this project's layout.

The mapping, in short (docs/formats.md has all of it):
- problem.yaml: title and source (kattis_metadata), limits (kattis_limits);
- data/sample, data/secret and their subfolders -> tests and groups (judge.formats.testgroups),
  .desc/.hint -> manifest notes, input_validator_flags/args -> the group's validator_args;
- input_validators/ and the output validator (kattis_validators);
- answer_validators/ and data/invalid_input ... data/valid_output (kattis_selftests);
- include/<language>/ -> problems/<id>/include/ (kattis_include);
- submissions/<verdict>/ -> solutions/<id>/<verdict>/; one accepted C, C++ or Python solution
  becomes the reference;
- the statement (kattis_statement), and a generator that replays the tests (replay).
Everything else is copied to problems/<id>/extras/ and listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judge.errors import JudgeError
from judge.formats import (
    kattis_expectations,
    kattis_include,
    kattis_limits,
    kattis_metadata,
    kattis_scoring,
    kattis_selftests,
    kattis_validators,
)
from judge.formats.collect import Collector
from judge.formats.draft import FileCopy, NoteKind, ProblemDraft, TestDraft, TimeRule
from judge.formats.kattis_read import KattisPackage
from judge.formats.kattis_testdata import GROUP_FILES, group_config
from judge.formats.kattis_statement import statement_of
from judge.formats.replay import replay_generator, replay_reference
from judge.formats.sidecar import SIDECAR
from judge.formats.testgroups import (
    SAMPLE_FOLDER,
    FolderTests,
    flat_groups,
    flat_name,
    sample_name,
)
from judge.sandbox.api import Sandbox
from judge.verdicts.limits import MemoryBasis

FOLDER_OF_VERDICT = {
    "accepted": "accepted",
    "wrong_answer": "wrong_answer",
    "time_limit_exceeded": "time_limit_exceeded",
    "run_time_error": "runtime_error",
}
REFERENCE_PREFERENCE = (".cpp", ".cc", ".cxx", ".c", ".py")  # compiled first: faster answers
HANDLED_ROOT = {
    "problem.yaml",
    "data",
    "submissions",
    "input_validators",
    "input_format_validators",
    "answer_validators",
    "include",
    "output_validators",
    "output_validator",
    "problem_statement",
    "statement",
    ".timelimit",
    "domjudge-problem.ini",
    SIDECAR,
}
ROOT_EXTRAS = {
    "attachments": (NoteKind.KEPT, "public files for contestants; not used for judging"),
    "generators": (NoteKind.KEPT, "not run: the tests are taken as they are in data/"),
    "solution": (NoteKind.KEPT, "the solution description"),
    "input_visualizer": (NoteKind.KEPT, "not used for judging"),
    "output_visualizer": (NoteKind.KEPT, "not used for judging"),
    "graders": (NoteKind.UNSUPPORTED, "custom graders are not supported"),
    "static_validator": (NoteKind.UNSUPPORTED, "static validation is not supported"),
}


@dataclass(frozen=True)
class _Solution:
    folder: str
    target: str  # solutions/<id>/<folder>/<name>
    source: Path


def draft_from_kattis(
    package: KattisPackage, problem_id: str, sandbox: Sandbox, reference: Path | None = None
) -> ProblemDraft:
    """The draft of `package`; `reference`, when given, is the accepted submission to make the
    reference (the one that wrote the answers of generated tests)."""
    work = Collector(package.root, problem_id, package.notes)
    kattis_metadata.note_metadata(package, work)
    title = kattis_metadata.title(package)
    validators = kattis_validators.input_validators(package, work)
    checker, interactive = None, None
    if package.is_interactive:
        interactive = kattis_validators.interactor(package, work)
    else:
        checker = kattis_validators.checker(package, work)
    groups = flat_groups(_folders(package, work))
    if package.is_scoring:
        validator_scores = bool(checker) and checker.get("score_file") == "points"
        groups = kattis_scoring.scored(package, groups, work, validator_scores)
    solutions = _solutions(package, work)
    kattis_expectations.carry_submissions_file(package, work, FOLDER_OF_VERDICT)
    reference = _reference(package, solutions, work, reference)
    time = kattis_limits.time_limit(package, work)
    if not any(s.folder == "accepted" for s in solutions) and isinstance(time, TimeRule):
        time = kattis_limits.NO_SOLUTION_TIME_MS
        work.note(
            NoteKind.UNSUPPORTED,
            "time limit",
            f"{time} ms, as nothing states or measures one; set limits.time_ms in problem.yaml",
        )
    _note_group_keys(package, work)
    selftest_yaml = kattis_selftests.carry_over(package, work)
    kattis_include.carry_over(package, work)
    _keep_extras(package, work)
    statement = statement_of(package, problem_id, title, sandbox, work)
    generator_file, generator, generator_note = replay_generator(problem_id)
    work.add(generator_file)
    work.notes.append(generator_note)
    draft = ProblemDraft(
        problem_id=problem_id,
        title=title,
        source=kattis_metadata.source(package),
        time=time,
        memory_kb=kattis_limits.size_kb(package, "memory"),
        output_kb=kattis_limits.size_kb(package, "output"),
        memory_basis=MemoryBasis.GROSS,
        checker=checker,
        interactive=interactive,
        reference=reference,
        statement=statement,
        validators=validators,
        groups=groups,
        tests=_tests(package),
        files=tuple(work.files),
        notes=tuple(work.notes),
        generator=generator,
        memory_failures_are_runtime_errors=True,
        extra_yaml=selftest_yaml,
        origin=f"Imported from the Kattis package '{package.name}' "
        f"(format {package.version.value}); see docs/formats.md.",
    )
    return kattis_limits.with_sidecar(package, draft)


def _folders(package: KattisPackage, work: Collector) -> list[FolderTests]:
    names = test_names(package)
    folders = []
    for group in package.groups:
        flags = group.config.get("input_validator_flags", group.config.get("input_validator_args"))
        try:
            args = kattis_validators.words(_for_the_only_validator(package, flags))
        except ValueError:
            work.note(
                NoteKind.UNSUPPORTED, f"data/{group.path}", "per-validator input flags ignored"
            )
            args = ()
        folders.append(FolderTests(group.path, tuple(names[c.name] for c in group.cases), args))
    return folders


def _for_the_only_validator(package: KattisPackage, flags):
    """Flags given per validator name (2025-09 allows a map) are the group's flags when the
    package has one validator and the map names only it; any other map stays a map."""
    if not isinstance(flags, dict) or len(package.input_validators) != 1:
        return flags
    only = package.input_validators[0]
    if set(flags) <= {only.name, only.stem}:
        return next(iter(flags.values()), None)
    return flags


def test_names(package: KattisPackage) -> dict[str, str]:
    """Each case's test name: sample-k for the samples, else its path made flat."""
    names = {}
    for group in package.groups:
        for number, case in enumerate(group.cases, start=1):
            sample = group.path == SAMPLE_FOLDER
            names[case.name] = sample_name(number) if sample else flat_name(case.name)
    return names


def _tests(package: KattisPackage) -> tuple[TestDraft, ...]:
    names = test_names(package)
    return tuple(
        TestDraft(
            name=names[case.name],
            input=case.input,
            answer=case.answer if case.answer is not None else b"",
            origin="sample" if group.path == SAMPLE_FOLDER else "hand",
            note=_note(case.name, names[case.name], case.note),
            interaction=case.interaction if package.is_interactive else None,
        )
        for group in package.groups
        for case in group.cases
    )


def _note(path: str, name: str, note: str | None) -> str | None:
    """The test's note, naming its file in the package when its name here differs."""
    if name == flat_name(path):
        return note
    return f"data/{path}" + (f": {note}" if note else "")


def _solutions(package: KattisPackage, work: Collector) -> list[_Solution]:
    found = []
    for folder, entry in package.submissions:
        shown = work.shown(entry)
        ours = FOLDER_OF_VERDICT.get(folder)
        if folder == "partially_accepted" and package.is_scoring:
            ours = "partially_accepted"
        if ours is None and kattis_expectations.is_declared(package, folder, entry):
            ours = folder  # rejected/, or a folder submissions.yaml speaks for
        if ours is None:
            work.note(NoteKind.UNSUPPORTED, shown, f"no verdict folder here for '{folder}'")
            work.keep(entry)
            continue
        single = _single_file(entry)
        if single is None:
            work.note(NoteKind.UNSUPPORTED, shown, "a submission of several files")
            work.keep(entry)
            continue
        main = work.program(single, f"solutions/{work.problem_id}/{ours}")
        if main:
            found.append(_Solution(ours, main, single))
    return found


def _single_file(entry: Path) -> Path | None:
    if entry.is_file():
        return entry
    files = [p for p in entry.rglob("*") if p.is_file()]
    return files[0] if len(files) == 1 else None


def _reference_rank(suffix: str) -> int:
    """Compiled C and C++ first (faster answers), then Python, then any other language."""
    if suffix in REFERENCE_PREFERENCE:
        return REFERENCE_PREFERENCE.index(suffix)
    return len(REFERENCE_PREFERENCE)


def _reference(
    package: KattisPackage, solutions: list[_Solution], work: Collector, given: Path | None
) -> str:
    declared_otherwise = kattis_expectations.not_accepted(package)
    accepted = [
        s for s in solutions if s.folder == "accepted" and s.source not in declared_otherwise
    ]
    if given is not None:
        accepted = [s for s in accepted if s.source == given]
        if not accepted:
            raise JudgeError(f"{work.shown(given)} writes the answers but is not an accepted "
                             "submission this judge can run; it must be, to be the reference")
    if not accepted:
        return _replaying_reference(package, work)
    chosen = min(accepted, key=lambda s: _reference_rank(Path(s.target).suffix))
    target = f"solutions/{work.problem_id}/{Path(chosen.target).name}"
    work.files[:] = [
        FileCopy(f.source, target) if f.target == chosen.target else f for f in work.files
    ]
    work.note(
        NoteKind.CONVERTED,
        work.shown(chosen.source),
        f"is the reference ({target}), which writes answers for new tests",
    )
    return target


def _replaying_reference(package: KattisPackage, work: Collector) -> str:
    """For a package without solutions (the Code Jam archive's): a reference that knows the
    answers of its tests. An interactive problem needs a real one."""
    tests = [
        (case.input.read_bytes(), case.answer.read_bytes())
        for group in package.groups
        for case in group.cases
        if case.answer is not None
    ]
    replayer = None if package.is_interactive else replay_reference(work.problem_id, tests)
    if replayer is None:
        raise JudgeError(
            f"{package.root}: no accepted submission this judge can run (C, C++ or Python); "
            "one is needed as the reference"
        )
    source, note = replayer
    work.add(source)
    work.notes.append(note)
    return source.target


# The keys of testdata.yaml / test_group.yaml this import reads; the scoring ones only for a
# scoring problem (judge.formats.kattis_scoring). Any other is listed, never dropped silently.
GROUP_KEYS_READ = {
    "input_validator_flags",
    "input_validator_args",
    "output_validator_flags",
    "output_validator_args",
}
GROUP_KEYS_SCORING = {
    "accept_score",
    "reject_score",
    "range",
    "grader_flags",
    "on_reject",
    "grading",
    "scoring",
    "max_score",
    "score_aggregation",
    "require_pass",
}


def _note_group_keys(package: KattisPackage, work: Collector) -> None:
    read = GROUP_KEYS_READ | (GROUP_KEYS_SCORING if package.is_scoring else set())
    folders = [("", group_config(package.root / "data"))]
    folders += [(f"{group.path}/", group.own) for group in package.groups]
    for path, own in folders:
        for key in sorted(set(own) - read):
            work.note(NoteKind.UNSUPPORTED, f"data/{path}{_group_file(package, path)}: {key}",
                      "not used here")


def _group_file(package: KattisPackage, path: str) -> str:
    """The name of the settings file of data/`path` (testdata.yaml or test_group.yaml)."""
    folder = package.root / "data" / path
    return next((name for name in GROUP_FILES if (folder / name).is_file()), GROUP_FILES[0])


def _keep_extras(package: KattisPackage, work: Collector) -> None:
    for entry in sorted(package.root.iterdir()):
        if entry.name in HANDLED_ROOT or entry.name.startswith("."):
            continue  # names with a leading dot are not part of a package (.git, .gitignore)
        kind, message = ROOT_EXTRAS.get(entry.name, (NoteKind.KEPT, "not part of the format"))
        work.note(kind, entry.name, message)
        work.keep(entry)
    ini = kattis_limits.domjudge_ini(package)
    for key in sorted(set(ini) - {"timelimit"}):
        work.note(NoteKind.UNSUPPORTED, f"domjudge-problem.ini: {key}", "not used")
    for note in package.notes:
        path = package.root / note.where
        if note.kind is not NoteKind.CONVERTED and path.exists():
            work.keep(path)
