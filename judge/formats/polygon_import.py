"""A Polygon package (read by judge.formats.polygon_read) as a draft of this project's layout.

The mapping, in short (docs/formats.md has all of it):
- limits: time-limit ms as it is, memory-limit bytes -> KB with memory_basis gross (Polygon
  limits the whole process); Polygon states no output limit, so the default applies.
- tests: a test's file when the package has it (manual tests, and generated ones in a full
  package), else its generator command run here through the sandbox; a missing answer is written
  by the main solution. Samples form the group `sample`, the rest `tests` (Polygon groups keep
  their names).
- checker (testlib) and validators keep their sources, beside the package's files/ (testlib.h);
  a standard checker without its source maps to the built-in kattis-default checker.
- solutions by tag: main -> the reference; accepted, wrong-answer, presentation-error,
  time-limit-exceeded, memory-limit-exceeded -> their verdict folders.
- validator tests and checker tests -> self-tests (polygon_selftests).
- statement: the legend, input, output, interaction, scoring and notes sections, converted from
  LaTeX when pandoc is installed, with the samples.
"""

from __future__ import annotations

import math
import shlex
import tempfile
from pathlib import Path

from judge.errors import JudgeError, ProblemError
from judge.formats.archive import resolve_inside
from judge.formats.collect import Collector
from judge.formats.draft import (
    FileCopy,
    NoteKind,
    ProblemDraft,
    TestDraft,
    ValidatorDraft,
)
from judge.formats import polygon_scoring, polygon_selftests
from judge.formats.polygon_read import PolygonPackage, PolygonSource, PolygonTest
from judge.formats.programs import PlacedProgram, place_program
from judge.formats.replay import replay_generator
from judge.formats.polygon_statement import statement_of
from judge.formats.testgroups import (
    FolderTests,
    flat_groups,
    flat_name,
    sample_name,
)
from judge.languages.build import CompileFailure, Prepared, prepare
from judge.languages.registry import UnknownLanguage, detect_language
from judge.setter.programs import GENERATOR_LIMITS
from judge.sandbox.api import RunRequest, Sandbox
from judge.verdicts.limits import MemoryBasis

DEFAULT_OUTPUT_KB = 65536
FOLDER_OF_TAG = {
    "accepted": "accepted",
    "wrong-answer": "wrong_answer",
    "presentation-error": "presentation_error",
    "time-limit-exceeded": "time_limit_exceeded",
    "memory-limit-exceeded": "memory_limit_exceeded",
}
STANDARD_CHECKERS = {
    "wcmp": ["case_sensitive"],
    "ncmp": ["case_sensitive"],
    "lcmp": ["case_sensitive"],
    "hcmp": ["case_sensitive"],
    "yesno": [],
    "nyesno": [],
    "rcmp": ["float_tolerance", "1.5e-6"],
    "rcmp4": ["float_tolerance", "1e-4"],
    "rcmp6": ["float_tolerance", "1e-6"],
    "rcmp9": ["float_tolerance", "1e-9"],
    "fcmp": ["case_sensitive", "space_change_sensitive"],
}
NOT_COPIED = (".exe",)
USED_ROOT = {"problem.xml", "files", "solutions", "tests", "statements", "statement-sections"}


def draft_from_polygon(package: PolygonPackage, problem_id: str, sandbox: Sandbox) -> ProblemDraft:
    work = Collector(package.root, problem_id, package.notes)
    _copy_files(package, work)
    checker, interactive = None, None
    if package.interactor is not None:
        interactive = _interactor(package, work)
    else:
        checker = _checker(package, work)
    validators = tuple(
        ValidatorDraft(main)
        for source in package.validators
        if (main := work.program(source.path, _program_dir(package, work, source)))
    )
    if not package.validators:
        work.note(NoteKind.UNSUPPORTED, "validators", "none: tests are not validated")
    reference = _solutions(package, work)
    tests, folders = _tests(package, work, sandbox)
    generator = _generator(package, work, tests)
    statement = statement_of(package, work, tests, sandbox)
    groups = flat_groups(folders, keep_order=True)
    if polygon_scoring.is_scored(package):
        groups = polygon_scoring.scored(package, groups, work)
    polygon_selftests.carry_over(package, work)
    _keep_rest(package, work)
    return ProblemDraft(
        problem_id=problem_id,
        title=package.title,
        source=f"Polygon problem {package.short_name}",
        time=package.time_limit_ms,
        memory_kb=math.ceil(package.memory_limit_bytes / 1024),
        output_kb=DEFAULT_OUTPUT_KB,
        memory_basis=MemoryBasis.GROSS,
        checker=checker,
        interactive=interactive,
        reference=reference,
        statement=statement,
        validators=validators,
        groups=groups,
        tests=tuple(tests),
        files=tuple(work.files),
        notes=tuple(work.notes),
        generator=generator,
        origin=f"Imported from the Polygon package '{package.short_name}'; see docs/formats.md.",
    )


def _copy_files(package: PolygonPackage, work: Collector) -> None:
    """The package's files/ (testlib.h, sources) beside the programs, as Polygon compiles them."""
    files = package.root / "files"
    for path in sorted(files.rglob("*")) if files.is_dir() else ():
        relative = path.relative_to(files)
        if path.is_file() and path.suffix not in NOT_COPIED and relative.parts[0] != "tests":
            work.add(FileCopy(path, f"problems/{work.problem_id}/files/{relative}"))
    work.keep(package.root / "problem.xml")


def _keep_rest(package: PolygonPackage, work: Collector) -> None:
    """Everything else of the package (scripts, other statement forms) goes to extras/."""
    for entry in sorted(package.root.iterdir()):
        if entry.name in USED_ROOT or entry.name.startswith("."):
            continue
        work.note(NoteKind.KEPT, entry.name, "not used here")
        for path in [entry] if entry.is_file() else sorted(entry.rglob("*")):
            if path.is_file():
                work.keep(path)


def _program_dir(package: PolygonPackage, work: Collector, source: PolygonSource) -> str:
    """Where a program goes: its place under files/, or files/ when it lies elsewhere."""
    files = package.root / "files"
    parent = source.path.parent
    relative = parent.relative_to(files).as_posix() if parent.is_relative_to(files) else "."
    return f"problems/{work.problem_id}/files" + (f"/{relative}" if relative != "." else "")


def _checker(package: PolygonPackage, work: Collector) -> dict:
    if package.checker is not None and package.checker.path.is_file():
        main = work.program(package.checker.path, _program_dir(package, work, package.checker))
        if not main:
            raise JudgeError(f"{package.checker.path}: the checker cannot run here")
        return {"name": "testlib", "program": main}
    standard = package.checker_name.removeprefix("std::").removesuffix(".cpp")
    if standard in STANDARD_CHECKERS:
        flags = STANDARD_CHECKERS[standard]
        work.note(
            NoteKind.CONVERTED,
            f"checker {package.checker_name}",
            "its source is not in the package: the built-in kattis-default checker "
            f"with {flags or 'no flags'} stands for it",
        )
        return {"name": "kattis-default", **({"args": flags} if flags else {})}
    raise ProblemError(package.root / "problem.xml", "the checker's source is not in the package")


def _interactor(package: PolygonPackage, work: Collector) -> dict:
    """A testlib interactor judges; the package's checker (of the interactor's log) is kept."""
    main = work.program(package.interactor.path, _program_dir(package, work, package.interactor))
    if not main:
        raise JudgeError(f"{package.interactor.path}: the interactor cannot run here")
    if package.checker is not None and package.checker.path.is_file():
        work.note(
            NoteKind.KEPT,
            work.shown(package.checker.path),
            "the checker of an interactive problem is not run: the interactor's verdict stands",
        )
        work.keep(package.checker.path)
    return {"protocol": "testlib", "program": main}


def _solutions(package: PolygonPackage, work: Collector) -> str:
    """Place the solutions by tag; return the reference (the main solution)."""
    reference = ""
    for tag, source in package.solutions:
        shown = work.shown(source.path)
        if tag == "main" and not reference:
            target = f"solutions/{work.problem_id}"
            placed = place_program(source.path, target, shown)
            if isinstance(placed, PlacedProgram) and len(placed.files) == 1:
                work.files.extend(placed.files)
                reference = placed.main
                continue
        folder = FOLDER_OF_TAG.get("accepted" if tag == "main" else tag)
        if folder is None:
            work.note(NoteKind.UNSUPPORTED, shown, f"no verdict folder here for the tag '{tag}'")
            work.keep(source.path)
            continue
        work.program(source.path, f"solutions/{work.problem_id}/{folder}")
    if not reference:
        raise JudgeError(
            f"{package.root}: no main solution this judge can run (C, C++ or Python); "
            "it is needed to write the answers"
        )
    return reference


def _tests(
    package: PolygonPackage, work: Collector, sandbox: Sandbox
) -> tuple[list[TestDraft], list[FolderTests]]:
    generators: dict[str, Prepared] = {}
    tests, members = [], {}
    sample_groups = _sample_groups(package)
    samples = 0
    for test in package.tests:
        group = polygon_scoring.group_of(test)
        if group in sample_groups:
            samples += 1
            name = sample_name(samples)
        else:
            name = flat_name(f"{group}/{test.index:03d}")
        members.setdefault(group, []).append(name)
        answer = package.answer_of(test)
        tests.append(
            TestDraft(
                name=name,
                input=_input(package, work, test, generators, sandbox),
                answer=_answer(package, answer),
                origin="sample" if test.sample else "hand",
                note=_test_note(test),
            )
        )
    folders = [
        FolderTests(group, tuple(names), samples_only=group in sample_groups)
        for group, names in members.items()
    ]
    return tests, folders


def _sample_groups(package: PolygonPackage) -> set[str]:
    """The groups that hold samples and nothing else: their tests are sample-1, sample-2, ...,
    as the statement's samples are (a group mixing samples with other tests keeps its names)."""
    by_group: dict[str, list[bool]] = {}
    for test in package.tests:
        by_group.setdefault(polygon_scoring.group_of(test), []).append(test.sample)
    return {group for group, flags in by_group.items() if all(flags)}


def _generator(package: PolygonPackage, work: Collector, tests: list[TestDraft]) -> dict:
    """The generator most generated tests use, with the arguments of the smallest of them for
    stress and of the largest for `judge generate` (testlib generators seed themselves from all
    their arguments, so `--seed N` after them gives new tests); else one that replays tests."""
    sizes: dict[str, list[tuple[int, list[str]]]] = {}
    for polygon_test, test in zip(package.tests, tests, strict=True):
        if polygon_test.method == "generated" and polygon_test.cmd:
            words = shlex.split(polygon_test.cmd)
            size = len(test.input) if isinstance(test.input, bytes) else test.input.stat().st_size
            sizes.setdefault(words[0], []).append((size, words[1:]))
    sources = {s.path.stem: s for s in package.executables}
    usable = [name for name in sorted(sizes, key=lambda n: -len(sizes[n])) if name in sources]
    if not usable:
        generator_file, spec, note = replay_generator(package, work.problem_id)
        work.add(generator_file)
        work.notes.append(note)
        return spec
    source = sources[usable[0]]
    main = work.program(source.path, _program_dir(package, work, source))
    if not main:
        return None
    runs = sorted(sizes[usable[0]])
    work.note(
        NoteKind.CONVERTED,
        work.shown(source.path),
        "is the generator: judge stress and generate run it with --seed N after its arguments",
    )
    return {"program": main, "default_args": runs[-1][1], "stress_args": runs[0][1]}


def _answer(package: PolygonPackage, answer: Path) -> Path | bytes | None:
    """The package's answer file; else the reference writes it (an interactor gets it empty)."""
    if answer.is_file():
        return resolve_inside(package.root, answer)
    return b"" if package.interactor is not None else None


def _test_note(test: PolygonTest) -> str | None:
    parts = [test.description] if test.description else []
    if test.method == "generated" and test.cmd:
        parts.append(f"generated by Polygon: {test.cmd}")
    return "; ".join(parts) or None


def _input(
    package: PolygonPackage,
    work: Collector,
    test: PolygonTest,
    generators: dict[str, Prepared],
    sandbox: Sandbox,
) -> Path | bytes:
    path = package.input_of(test)
    if path.is_file():
        return resolve_inside(package.root, path)
    if test.method != "generated" or not test.cmd:
        raise ProblemError(path, f"test {test.index} is {test.method} but its file is missing")
    words = shlex.split(test.cmd)
    if not words:
        raise ProblemError(path, f"test {test.index}: empty generator command")
    generator = generators.get(words[0])
    if generator is None:
        generator = generators[words[0]] = _prepare_generator(package, words[0], sandbox)
    with tempfile.TemporaryDirectory(prefix="judge-polygon-gen-") as scratch:
        request = RunRequest(
            argv=(*generator.argv, *words[1:]),
            limits=GENERATOR_LIMITS,
            python_code=generator.python_code,
            isolate=False,
            cwd=Path(scratch),
        )
        result = sandbox.run(request)
    if not result.ok:
        said = result.stderr.decode(errors="replace").strip()[-300:]
        raise ProblemError(
            path, f"generator command '{test.cmd}' failed ({result.termination.value}): {said}"
        )
    if not result.stdout:
        raise ProblemError(
            path, f"'{test.cmd}' printed nothing (generators that write files are not supported)"
        )
    return result.stdout


def _prepare_generator(package: PolygonPackage, name: str, sandbox: Sandbox) -> Prepared:
    found = [s for s in package.executables if s.path.stem == name or s.path.name == name]
    if not found:
        raise ProblemError(
            package.root / "problem.xml", f"no executable named '{name}' for a generator"
        )
    source = found[0].path
    try:
        prepared = prepare(sandbox, detect_language(source, None), source, trusted=True)
    except UnknownLanguage as exc:
        raise ProblemError(source, f"the generator cannot run here: {exc}") from None
    if isinstance(prepared, CompileFailure):
        raise ProblemError(source, f"the generator does not compile:\n{prepared.message}")
    return prepared
