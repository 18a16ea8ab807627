"""The tests of a package whose generators/generators.yaml makes them (BAPCtools), built here.

The package is copied into a scratch folder without its data/, and data/ is written there from
the plan (judge.formats.generators_yaml): generator commands run through the sandbox
(judge.setter.command_generators), inputs given inline or copied from generators/, answers given
or written by the solution the file names (by default the accepted submission the import makes
the reference). The Kattis import then reads that copy like any package; `with_generated_tests`
marks its generated tests so that the manifest records program, arguments and seed, which
`judge generate --check` runs again.
"""

from __future__ import annotations

import dataclasses
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml

from judge.errors import JudgeError, ProblemError
from judge.files import write_atomically
from judge.formats.draft import FileCopy, Note, NoteKind, ProblemDraft
from judge.formats.generators_yaml import GENERATORS_FILE, GeneratorsPlan, PlannedTest, read_plan
from judge.languages.build import CompileFailure, Prepared, prepare
from judge.languages.registry import UnknownLanguage, detect_language
from judge.sandbox.api import ResourceLimits, RunRequest, Sandbox
from judge.setter.command_generators import CommandGenerators
from judge.setter.programs import SetterProgramError, describe_run

GENERATORS_TARGET = "generators"  # the package's generators/ lands in problems/<id>/generators/
PREFERENCE = (".cpp", ".cc", ".cxx", ".c", ".py")  # the import's choice of reference
SOLUTION_LIMITS = ResourceLimits(
    cpu_ms=60_000, wall_ms=120_000, memory_kb=2_000_000, output_kb=64 * 1024
)


@dataclass(frozen=True)
class BuiltPackage:
    root: Path  # the copy of the package, with data/ written
    plan: GeneratorsPlan
    solution: Path | None  # the program that wrote the answers, in `root`


def build_package(root: Path, scratch: Path, sandbox: Sandbox, interactive: bool) -> BuiltPackage:
    """A copy of the package at `root` in `scratch`, its data/ made by its generators.yaml."""
    plan = read_plan(root)
    copy = scratch / root.name
    shutil.copytree(root, copy, symlinks=True, ignore=lambda folder, names: (
        ["data"] if Path(folder) == root else []
    ))
    data = copy / "data"
    for folder in plan.folders:
        text = yaml.safe_dump(folder.settings, sort_keys=False)
        write_atomically(data / folder.path / folder.settings_file, text.encode())
    generators = CommandGenerators(copy / "generators")
    solution = None if interactive else _solution(root, copy, plan)
    answering = _prepared_solution(sandbox, solution) if solution else None
    for test in plan.tests:
        input_path = data / f"{test.path}.in"
        write_atomically(input_path, _input(test, generators, sandbox, root))
        answer = _bytes(test.answer)
        if answer is None and answering is not None:
            answer = _answer(sandbox, answering, input_path, test, root)
        if answer is not None:
            write_atomically(data / f"{test.path}.ans", answer)
        if test.note:
            write_atomically(data / f"{test.path}.desc", test.note.encode())
    return BuiltPackage(copy, plan, solution)


def _input(test: PlannedTest, generators: CommandGenerators, sandbox: Sandbox, root: Path):
    if test.input is not None:
        return _bytes(test.input)
    try:
        return generators.generate(sandbox, test.program, test.args)
    except SetterProgramError as exc:
        raise ProblemError(root / GENERATORS_FILE, str(exc), key=test.key) from None


def _solution(root: Path, copy: Path, plan: GeneratorsPlan) -> Path | None:
    """The program that writes answers: the one generators.yaml names, else the accepted
    submission the import makes the reference (compiled ones first)."""
    if plan.solution is not None:
        path = copy / plan.solution
        if not path.is_file():
            raise ProblemError(root / GENERATORS_FILE, f"no file {plan.solution}", key="solution")
        return path
    accepted = copy / "submissions" / "accepted"
    files = sorted(p for p in accepted.iterdir() if p.is_file()) if accepted.is_dir() else []
    ranked = sorted(files, key=lambda p: (_rank(p.suffix), p.name))
    if not ranked and any(t.answer is None for t in plan.tests):
        raise ProblemError(root / GENERATORS_FILE, "no solution: to write the answers, and no "
                           "accepted submission to take instead", key="solution")
    return ranked[0] if ranked else None


def _rank(suffix: str) -> int:
    return PREFERENCE.index(suffix) if suffix in PREFERENCE else len(PREFERENCE)


def _prepared_solution(sandbox: Sandbox, source: Path) -> Prepared:
    try:
        prepared = prepare(sandbox, detect_language(source, None), source, trusted=True)
    except UnknownLanguage as exc:
        raise JudgeError(f"{source.name}, which writes the answers: {exc}") from None
    if isinstance(prepared, CompileFailure):
        raise JudgeError(f"{source.name}, which writes the answers, does not compile:\n"
                         f"{prepared.message}")
    return prepared


def _answer(sandbox: Sandbox, solution: Prepared, input_path: Path, test: PlannedTest,
            root: Path) -> bytes:
    with tempfile.TemporaryDirectory(prefix="judge-answer-") as scratch:
        request = RunRequest(
            argv=solution.argv,
            limits=SOLUTION_LIMITS,
            python_code=solution.python_code,
            stdin_path=input_path,
            isolate=False,
            cwd=Path(scratch),
        )
        result = sandbox.run(request)
    if not result.ok:
        raise ProblemError(root / GENERATORS_FILE, f"the solution fails on data/{test.path}.in: "
                           f"{describe_run(result)}", key=test.key)
    return result.stdout


def _bytes(content: bytes | Path | None) -> bytes | None:
    return content.read_bytes() if isinstance(content, Path) else content


def with_generated_tests(
    draft: ProblemDraft, built: BuiltPackage, names: dict[str, str]
) -> ProblemDraft:
    """The draft with the generated tests recorded as such (their program, arguments and seed
    in the manifest), the generators copied beside the problem, and notes saying so. `names`
    maps each test's path under data/ to its name here."""
    by_name = {names[test.path]: test for test in built.plan.tests}
    tests = tuple(_marked(test, by_name.get(test.name)) for test in draft.tests)
    target = f"problems/{draft.problem_id}/{GENERATORS_TARGET}"
    folder = built.root / "generators"
    copies = tuple(
        FileCopy(path, f"{target}/{path.relative_to(folder).as_posix()}")
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    )
    generated = sum(1 for t in tests if t.origin == "generated")
    notes = [
        Note(NoteKind.CONVERTED, GENERATORS_FILE.as_posix(),
             f"made the tests: {generated} generated (their program, arguments and seed are in "
             f"the manifest; judge generate --check rebuilds them), {len(tests) - generated} "
             f"given; generators/ is in {target}/"),
    ]
    if built.solution is not None:
        shown = built.solution.relative_to(built.root).as_posix()
        notes.append(Note(NoteKind.CONVERTED, "solution", f"{shown} wrote the answers"))
    notes += [Note(NoteKind.KEPT, f"{GENERATORS_FILE}: {key}", "visualizers are not run")
              for key in built.plan.visualizer_keys]
    notes += [Note(NoteKind.KEPT, f"{GENERATORS_FILE}: {key}", "not read by this judge")
              for key in built.plan.unread_keys]
    # The import keeps an unread generators/ among the extras; this one is read and used.
    extras = f"problems/{draft.problem_id}/extras/generators/"
    files = tuple(f for f in draft.files if not f.target.startswith(extras))
    kept = tuple(n for n in draft.notes if n.where != "generators")
    return dataclasses.replace(
        draft, tests=tests, files=files + copies, notes=kept + tuple(notes)
    )


def _marked(test, planned: PlannedTest | None):
    if planned is None or planned.program is None:
        return test
    return dataclasses.replace(
        test,
        origin="generated",
        program=f"{GENERATORS_TARGET}/{planned.program}",
        args=planned.args,
        seed=planned.seed,
        note=test.note or f"generators.yaml: {planned.command}",
    )
