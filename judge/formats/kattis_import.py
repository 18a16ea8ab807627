"""A Kattis package (read by judge.formats.kattis_read) as a draft of this project's layout.

The mapping, in short (docs/formats.md has all of it):
- problem.yaml: name -> title; source (+ authors) -> source; limits.memory/output MiB -> KB with
  memory_basis gross (Kattis limits cover the whole process); the time limit from
  limits.time_limit, else .timelimit or domjudge-problem.ini, else measured by the Kattis rule.
- data/sample, data/secret and their subfolders -> tests and groups (judge.formats.testgroups),
  .desc/.hint -> manifest notes, input_validator_flags/args -> the group's validator_args.
- input_validators/ -> validators; output_validator(s)/ -> a kattis checker, or the built-in
  kattis-default checker with the package's flags.
- submissions/<verdict>/ -> solutions/<id>/<verdict>/; one accepted C, C++ or Python solution
  becomes the reference.
- statement: Markdown kept, LaTeX converted (judge.formats.statement), samples added.
Everything else is copied to problems/<id>/extras/ and listed.
"""

from __future__ import annotations

import configparser
import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from judge.errors import JudgeError, ProblemError
from judge.formats.archive import resolve_inside
from judge.formats.draft import (
    FileCopy,
    Note,
    NoteKind,
    ProblemDraft,
    TestDraft,
    TimeRule,
    ValidatorDraft,
)
from judge.formats.kattis_read import KattisPackage, KattisVersion
from judge.formats.kattis_statement import statement_of
from judge.formats.programs import PlacedProgram, Refused, place_program
from judge.formats.replay import replay_generator
from judge.formats.sidecar import SIDECAR, fingerprint, read_sidecar
from judge.formats.testgroups import FolderTests, flat_groups, flat_name
from judge.kattis_flags import parse_default_flags
from judge.sandbox.api import Sandbox
from judge.spec import MemoryBasis

MIB_KB = 1024
DEFAULT_MEMORY_MIB = 2048  # the specification's "typical system default"
DEFAULT_OUTPUT_MIB = 8
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
    "include": (NoteKind.UNSUPPORTED, "files added to every submission are not supported"),
    "graders": (NoteKind.UNSUPPORTED, "custom graders are not supported"),
    "static_validator": (NoteKind.UNSUPPORTED, "static validation is not supported"),
}
METADATA_INFO = {"problem_format_version", "name", "source", "source_url", "author", "credits"}
METADATA_IGNORED = {"uuid", "version", "license", "rights_owner", "keywords", "embargo_until"}
LIMITS_USED = {"time_limit", "time_multiplier", "time_multipliers", "time_resolution"}
LIMITS_USED |= {"memory", "output", "time_safety_margin"}


@dataclass
class _Draft:
    """What the mapping collects before it becomes a frozen ProblemDraft."""

    root: Path  # the package
    problem_id: str
    files: list = field(default_factory=list)
    notes: list = field(default_factory=list)

    def note(self, kind: NoteKind, where: str, message: str) -> None:
        self.notes.append(Note(kind, where, message))

    def place(self, placed: PlacedProgram | Refused, entry: Path) -> str:
        """The placed program's main file, or '' after noting (and keeping) a refused one."""
        if isinstance(placed, Refused):
            self.notes.append(placed.note)
            self.keep(entry)
            return ""
        self.files.extend(placed.files)
        self.notes.extend(placed.notes)
        return placed.main

    def keep(self, path: Path) -> None:
        """Copy a package file or folder to problems/<id>/extras/, where nothing is lost."""
        items = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for item in items:
            relative = item.relative_to(self.root).as_posix()
            try:
                source = resolve_inside(self.root, item)
            except ProblemError as exc:
                self.note(NoteKind.UNSUPPORTED, relative, exc.detail)
                continue
            target = f"problems/{self.problem_id}/extras/{relative}"
            if all(getattr(f, "target", None) != target for f in self.files):
                self.files.append(FileCopy(source, target))


def draft_from_kattis(package: KattisPackage, problem_id: str, sandbox: Sandbox) -> ProblemDraft:
    if package.is_interactive:
        raise JudgeError(
            f"{package.root}: interactive problems cannot be imported yet: this judge does "
            "not run interactive problems"
        )
    work = _Draft(package.root, problem_id, notes=list(package.notes))
    _note_metadata(package, work)
    title = _title(package)
    validators = _input_validators(package, problem_id, work)
    folders = _folders(package, work)
    groups = flat_groups(folders)
    solutions = _solutions(package, problem_id, work)
    reference = _reference(package, problem_id, solutions, work)
    _keep_extras(package, problem_id, work)
    statement = statement_of(package, problem_id, title, sandbox, work)
    generator_file, generator, generator_note = replay_generator(problem_id)
    work.files.append(generator_file)
    work.notes.append(generator_note)
    draft = ProblemDraft(
        problem_id=problem_id,
        title=title,
        source=_source(package),
        time=_time(package, work),
        memory_kb=_mib_limit(package, "memory", DEFAULT_MEMORY_MIB) * MIB_KB,
        output_kb=_mib_limit(package, "output", DEFAULT_OUTPUT_MIB) * MIB_KB,
        memory_basis=MemoryBasis.GROSS,
        checker=_checker(package, problem_id, work),
        reference=reference,
        statement=statement,
        validators=validators,
        groups=groups,
        tests=_tests(package),
        files=tuple(work.files),
        notes=tuple(work.notes),
        generator=generator,
        origin=f"Imported from the Kattis package '{package.name}' "
        f"(format {package.version.value}); see docs/formats.md.",
    )
    return _with_sidecar(package, draft)


def _with_sidecar(package: KattisPackage, draft: ProblemDraft) -> ProblemDraft:
    """The exact limits (and built-in checker) that `judge export kattis` kept, if still valid."""
    sidecar = read_sidecar(package.root)
    if sidecar is None:
        return draft
    timelimit = package.file(".timelimit")
    current = fingerprint(package.metadata, timelimit.read_text() if timelimit else None)
    if current != sidecar.fingerprint:
        note = Note(NoteKind.KEPT, SIDECAR, "not applied: the package changed since its export")
        return dataclasses.replace(draft, notes=(*draft.notes, note))
    limits = sidecar.limits
    checker = draft.checker
    if sidecar.checker is not None and checker.get("name") == "kattis-default":
        checker = sidecar.checker
    note = Note(NoteKind.CONVERTED, SIDECAR, "the exact limits and checker of its export")
    return dataclasses.replace(
        draft,
        time=int(limits["time_ms"]),
        memory_kb=int(limits["memory_kb"]),
        output_kb=int(limits["output_kb"]),
        memory_basis=MemoryBasis(limits["memory_basis"]),
        wall_ms=limits.get("wall_ms"),
        checker=checker,
        notes=(*draft.notes, note),
    )


def _note_metadata(package: KattisPackage, work: _Draft) -> None:
    metadata = package.metadata
    known = METADATA_INFO | METADATA_IGNORED | {"type", "limits", "validation", "validator_flags"}
    known |= {"grading", "languages", "allow_file_writing", "constants"}
    for key in sorted(set(metadata) - known):
        work.note(NoteKind.UNSUPPORTED, f"problem.yaml: {key}", "unknown key, ignored")
    ignored = sorted(set(metadata) & METADATA_IGNORED)
    if ignored:
        work.note(
            NoteKind.KEPT,
            "problem.yaml",
            f"copied to extras/; not used here: {', '.join(ignored)}",
        )
        work.keep(package.root / "problem.yaml")
    if package.is_scoring:
        work.note(NoteKind.UNSUPPORTED, "problem.yaml: type", "scoring: imported as pass-fail")
    if metadata.get("constants"):
        work.note(NoteKind.UNSUPPORTED, "problem.yaml: constants", "{{constants}} not replaced")
    if metadata.get("languages", "all") not in ("all", ["all"]):
        work.note(NoteKind.UNSUPPORTED, "problem.yaml: languages", "every language is allowed")
    limits = metadata.get("limits") or {}
    if not isinstance(limits, dict):
        raise ProblemError(package.root / "problem.yaml", "expected a mapping", key="limits")
    for key in sorted(set(limits) - LIMITS_USED):
        work.note(NoteKind.UNSUPPORTED, f"problem.yaml: limits.{key}", "not applied here")


def _title(package: KattisPackage) -> str:
    name = package.metadata.get("name")
    if isinstance(name, dict) and name:
        name = name.get("en") or next(iter(name.values()))
    if isinstance(name, str) and name.strip():
        return name.strip()
    for statement in package.statements:
        if statement.suffix == ".tex":
            found = _latex_argument(statement.read_text(errors="replace"), "problemname")
            if found:
                return found
    return package.name


def _latex_argument(tex: str, command: str) -> str:
    start = tex.find(f"\\{command}{{")
    if start < 0:
        return ""
    depth, index = 0, start + len(command) + 1
    for index in range(start + len(command) + 1, len(tex)):
        depth += {"{": 1, "}": -1}.get(tex[index], 0)
        if depth == 0:
            break
    return tex[start + len(command) + 2 : index].strip()


def _source(package: KattisPackage) -> str:
    metadata = package.metadata
    source = metadata.get("source")
    entries = source if isinstance(source, list) else [source] if source else []
    parts = [_source_entry(entry) for entry in entries]
    if metadata.get("source_url"):
        parts.append(str(metadata["source_url"]))
    authors = metadata.get("author") or _credited_authors(metadata.get("credits"))
    if authors:
        parts.append(f"author: {authors}")
    return ", ".join(parts) or f"Kattis package {package.name}"


def _source_entry(entry) -> str:
    if isinstance(entry, dict):
        return " ".join(str(entry[key]) for key in ("name", "url") if entry.get(key))
    return str(entry).strip()


def _credited_authors(credits) -> str:
    if isinstance(credits, str):
        return credits
    if isinstance(credits, dict):
        authors = credits.get("authors", [])
        authors = authors if isinstance(authors, list) else [authors]
        return ", ".join(a.get("name", "") if isinstance(a, dict) else str(a) for a in authors)
    return ""


def _time(package: KattisPackage, work: _Draft) -> int | TimeRule:
    limits = package.metadata.get("limits") or {}
    if limits.get("time_limit") is not None:
        return _seconds_to_ms(limits["time_limit"], package.root / "problem.yaml")
    timelimit = package.file(".timelimit")
    if timelimit is not None:
        work.note(NoteKind.CONVERTED, ".timelimit", "the time limit DOMjudge wrote is used")
        return _seconds_to_ms(timelimit.read_text().strip(), timelimit)
    ini = _domjudge_ini(package)
    if "timelimit" in ini:
        work.note(NoteKind.CONVERTED, "domjudge-problem.ini", "its timelimit is used")
        return _seconds_to_ms(ini["timelimit"], package.root / "domjudge-problem.ini")
    if package.version is KattisVersion.LEGACY:
        multiplier = float(limits.get("time_multiplier", 5))
        return TimeRule(multiplier, 1.0, "legacy time_multiplier")
    multipliers = limits.get("time_multipliers") or {}
    return TimeRule(
        float(multipliers.get("ac_to_time_limit", 2.0)),
        float(limits.get("time_resolution", 1.0)),
        "time_multipliers.ac_to_time_limit",
    )


def _domjudge_ini(package: KattisPackage) -> dict[str, str]:
    path = package.file("domjudge-problem.ini")
    if path is None:
        return {}
    parser = configparser.ConfigParser()
    try:
        parser.read_string("[problem]\n" + path.read_text(errors="replace"))
    except configparser.Error as exc:
        raise ProblemError(path, f"cannot read: {exc}") from None
    return {key: value.strip().strip("'\"") for key, value in parser["problem"].items()}


def _seconds_to_ms(value, where: Path) -> int:
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise ProblemError(where, f"expected a time limit in seconds, got {value!r}") from None
    if seconds <= 0:
        raise ProblemError(where, f"expected a positive time limit, got {value!r}")
    return max(1, round(seconds * 1000))


def _mib_limit(package: KattisPackage, key: str, default: int) -> int:
    value = (package.metadata.get("limits") or {}).get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise ProblemError(
            package.root / "problem.yaml",
            f"expected a positive size in MiB, got {value!r}",
            key=f"limits.{key}",
        )
    return int(value)


def _checker(package: KattisPackage, problem_id: str, work: _Draft) -> dict:
    flags = list(_output_flags(package, work))
    validation = str(package.metadata.get("validation", "default")).split()
    custom = (
        validation[:1] == ["custom"]
        if package.version is KattisVersion.LEGACY
        else bool(package.output_validators)
    )
    if "score" in validation[1:]:
        work.note(NoteKind.UNSUPPORTED, "problem.yaml: validation", "scores are not used")
    if not custom:
        for extra in package.output_validators:
            work.note(NoteKind.KEPT, _shown(package, extra), "validation is 'default'")
            work.keep(extra)
        try:
            parse_default_flags(flags)
        except ValueError as exc:
            raise ProblemError(package.root / "problem.yaml", f"validator flags: {exc}") from None
        return {"name": "kattis-default", **({"args": flags} if flags else {})}
    if not package.output_validators:
        raise ProblemError(package.root, "custom validation but no output validator program")
    first, *others = package.output_validators
    for other in others:
        work.note(NoteKind.UNSUPPORTED, _shown(package, other), "only one output validator runs")
        work.keep(other)
    placed = place_program(
        first, f"problems/{problem_id}/output_validators", _shown(package, first)
    )
    main = work.place(placed, first)
    if not main:
        raise JudgeError(f"{first}: the output validator cannot run here: {placed.note.message}")
    return {"name": "kattis", "program": main, **({"args": flags} if flags else {})}


def _output_flags(package: KattisPackage, work: _Draft) -> tuple[str, ...]:
    """validator_flags (legacy) and the groups' output flags, which must agree across groups."""
    base = _words(package.metadata.get("validator_flags", ""))
    by_group = {}
    for group in package.groups:
        if not group.cases:
            continue
        given = group.config.get(
            "output_validator_flags", group.config.get("output_validator_args")
        )
        try:
            by_group[group.path] = base + _words(given)
        except ValueError:
            work.note(NoteKind.UNSUPPORTED, f"data/{group.path}", "per-validator output flags")
            by_group[group.path] = base
    distinct = sorted(set(by_group.values()))
    if len(distinct) > 1:
        chosen = by_group.get("secret", distinct[-1])
        differing = sorted(path for path, flags in by_group.items() if flags != chosen)
        work.note(
            NoteKind.UNSUPPORTED,
            "output validator flags",
            f"groups {', '.join(differing)} have their own; all tests use {list(chosen)}",
        )
        return chosen
    return distinct[0] if distinct else base


def _words(value) -> tuple[str, ...]:
    if value is None or value == "":
        return ()
    if isinstance(value, list):
        return tuple(str(v) for v in value)
    if isinstance(value, dict):
        raise ValueError("per-validator flags")
    return tuple(str(value).split())


def _input_validators(package, problem_id: str, work: _Draft) -> tuple[ValidatorDraft, ...]:
    validators = []
    for entry in package.input_validators:
        shown = _shown(package, entry)
        placed = place_program(entry, f"problems/{problem_id}/input_validators", shown)
        main = work.place(placed, entry)
        if main:
            validators.append(ValidatorDraft(main))
    if not package.input_validators:
        work.note(NoteKind.UNSUPPORTED, "input_validators", "none: tests are not validated")
    return tuple(validators)


def _folders(package: KattisPackage, work: _Draft) -> list[FolderTests]:
    folders = []
    for group in package.groups:
        flags = group.config.get("input_validator_flags", group.config.get("input_validator_args"))
        try:
            args = _words(flags)
        except ValueError:
            work.note(
                NoteKind.UNSUPPORTED, f"data/{group.path}", "per-validator input flags ignored"
            )
            args = ()
        folders.append(FolderTests(group.path, tuple(c.name for c in group.cases), args))
    return folders


def _tests(package: KattisPackage) -> tuple[TestDraft, ...]:
    return tuple(
        TestDraft(
            name=flat_name(case.name),
            input=case.input,
            answer=case.answer,
            origin="sample" if group.path.startswith("sample") else "hand",
            note=case.note,
        )
        for group in package.groups
        for case in group.cases
    )


@dataclass(frozen=True)
class _Solution:
    folder: str
    target: str  # solutions/<id>/<folder>/<name>
    source: Path


def _solutions(package: KattisPackage, problem_id: str, work: _Draft) -> list[_Solution]:
    found = []
    for folder, entry in package.submissions:
        shown = _shown(package, entry)
        ours = FOLDER_OF_VERDICT.get(folder)
        if ours is None:
            work.note(NoteKind.UNSUPPORTED, shown, f"no verdict folder here for '{folder}'")
            work.keep(entry)
            continue
        single = _single_file(entry)
        if single is None:
            work.note(NoteKind.UNSUPPORTED, shown, "a submission of several files")
            work.keep(entry)
            continue
        placed = place_program(single, f"solutions/{problem_id}/{ours}", shown)
        main = work.place(placed, entry)
        if main:
            found.append(_Solution(ours, main, single))
    return found


def _single_file(entry: Path) -> Path | None:
    if entry.is_file():
        return entry
    files = [p for p in entry.rglob("*") if p.is_file()]
    return files[0] if len(files) == 1 else None


def _reference(package, problem_id: str, solutions: list[_Solution], work: _Draft) -> str:
    accepted = [s for s in solutions if s.folder == "accepted"]
    if not accepted:
        raise JudgeError(
            f"{package.root}: no accepted submission this judge can run (C, C++ or Python); "
            "one is needed as the reference"
        )
    chosen = min(accepted, key=lambda s: REFERENCE_PREFERENCE.index(Path(s.target).suffix))
    target = f"solutions/{problem_id}/{Path(chosen.target).name}"
    work.files[:] = [
        FileCopy(f.source, target) if f.target == chosen.target else f for f in work.files
    ]
    work.note(
        NoteKind.CONVERTED,
        _shown(package, chosen.source),
        f"is the reference ({target}), which writes answers for new tests",
    )
    return target


def _keep_extras(package: KattisPackage, problem_id: str, work: _Draft) -> None:
    for entry in sorted(package.root.iterdir()):
        if entry.name in HANDLED_ROOT or entry.name.startswith("."):
            continue  # names with a leading dot are not part of a package (.git, .gitignore)
        kind, message = ROOT_EXTRAS.get(entry.name, (NoteKind.KEPT, "not part of the format"))
        work.note(kind, entry.name, message)
        work.keep(entry)
    ini = _domjudge_ini(package)
    for key in sorted(set(ini) - {"timelimit"}):
        work.note(NoteKind.UNSUPPORTED, f"domjudge-problem.ini: {key}", "not used")
    for note in list(package.notes):
        path = package.root / note.where
        if note.kind is not NoteKind.CONVERTED and path.exists():
            work.keep(path)


def _shown(package: KattisPackage, path: Path) -> str:
    return path.relative_to(package.root).as_posix()
