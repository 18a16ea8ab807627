"""`judge export kattis`: a problem of this project as a Kattis package (legacy format).

The legacy format is the one Kattis, DOMjudge and problemtools all read. The mapping:
- problem.yaml: title -> name, source, limits in MiB (a net memory limit gets an allowance for
  the language runtime, which Kattis counts), the checker as the default validator with flags or
  a custom output validator; .timelimit holds the time limit (DOMjudge reads it; Kattis derives
  its own from the accepted submissions); judge-problem.yaml the exact settings (formats/sidecar).
- statement.md -> problem_statement/problem.en.tex (title and sample data removed: Kattis adds
  them), through pandoc.
- tests: samples -> data/sample/, every other group -> data/secret/<group>/ (or data/secret/
  when there is one), manifest notes -> .desc; a group's validator_args -> its testdata.yaml.
- validators and testlib checkers are wrapped to Kattis exit codes (formats/kattis_wrappers).
- include/ as it is; answer validators and self-tests are listed as not exported
  (kattis_export_extras).
- solutions: the reference and accepted/ -> accepted/, wrong_answer/, time_limit_exceeded/,
  runtime_error/ -> run_time_error/; Kattis has no folder for the other verdicts.
"""

from __future__ import annotations

import math
import re
import shutil
import uuid
from dataclasses import dataclass
from pathlib import Path

import yaml

from judge.errors import JudgeError
from judge.formats.draft import Note, NoteKind
from judge.formats.kattis_export_extras import export_extras
from judge.formats.kattis_export_groups import testdata_settings
from judge.formats.kattis_read import DEFAULT_PASSES
from judge.formats.kattis_wrappers import (
    compiled_validator,
    python_testlib_checker,
    python_validator,
)
from judge.formats.sidecar import (
    BUILTIN_CHECKERS,
    SIDECAR,
    Sidecar,
    fingerprint,
    sidecar_text,
)
from judge.formats.statement import (PANDOC, markdown_to_latex, plain_latex,
                                     without_title_and_sample_data)
from judge.sandbox.api import Sandbox
from judge.verdicts.limits import MemoryBasis
from judge.problem.spec import Problem
from judge.problem.manifest import read_manifest
from judge.problem.testdata import TestCase, discover_tests
from judge.setter.verify import find_solutions

KATTIS_NAME = re.compile(r"^[a-z0-9]+$")
FILE_NAME = re.compile(r"[^A-Za-z0-9_.-]")
RUNTIME_ALLOWANCE_MIB = 1024  # a net limit plus the runtime; PyPy alone maps ~300 MiB
FOLDER_FOR_KATTIS = {
    "accepted": "accepted",
    "wrong_answer": "wrong_answer",
    "time_limit_exceeded": "time_limit_exceeded",
    "runtime_error": "run_time_error",
    "partially_accepted": "partially_accepted",
}
# Our checkers that the Kattis default validator reproduces, with its flags. `tokens` and
# `float` tell presentation errors apart, which Kattis accepts: the only difference.
DEFAULT_VALIDATOR_FLAGS = {
    "tokens": lambda spec: ["case_sensitive"],
    "exact": lambda spec: ["case_sensitive", "space_change_sensitive"],
    "float": lambda spec: [
        "case_sensitive",
        "float_absolute_tolerance",
        f"{spec.abs_tol:g}",
        "float_relative_tolerance",
        f"{spec.rel_tol:g}",
    ],
    "kattis-default": lambda spec: list(spec.args),
}


@dataclass(frozen=True)
class Exported:
    folder: Path
    notes: tuple[Note, ...]


def export_kattis(problem: Problem, out: Path, sandbox: Sandbox) -> Exported:
    if out.exists() and any(out.iterdir()):
        raise JudgeError(f"{out} exists and is not empty; choose a new folder")
    notes: list[Note] = []
    if not KATTIS_NAME.match(out.name):
        notes.append(
            Note(NoteKind.CONVERTED, out.name, "Kattis wants a package folder named [a-z0-9]+")
        )
    out.mkdir(parents=True, exist_ok=True)
    try:
        validation, flags = _output_validator(problem, out, notes)
        metadata = _metadata(problem, validation, flags)
        timelimit = f"{problem.limits.time_ms / 1000:g}\n"
        _write(out / "problem.yaml", yaml.safe_dump(metadata, sort_keys=False, allow_unicode=True))
        _write(out / ".timelimit", timelimit)
        sidecar = Sidecar(
            fingerprint(metadata, timelimit), _limits(problem), _exact_checker(problem)
        )
        _write(out / SIDECAR, sidecar_text(sidecar))
        _statement(problem, out, sandbox, notes)
        _tests(problem, out, notes)
        _input_validators(problem, out, notes)
        _submissions(problem, out, notes)
        notes += export_extras(problem, out)
    except BaseException:
        shutil.rmtree(out, ignore_errors=True)
        raise
    for name, what in (("generator", problem.generator), ("shrinker", problem.shrinker)):
        if what is not None:
            notes.append(Note(NoteKind.UNSUPPORTED, name, "not exported: Kattis takes tests"))
    return Exported(out, tuple(notes))


def _metadata(problem: Problem, validation: str, flags: list[str]) -> dict:
    limits = problem.limits
    memory_mib = math.ceil(limits.memory_kb / 1024)
    if limits.memory_basis is MemoryBasis.NET:
        memory_mib += RUNTIME_ALLOWANCE_MIB
    metadata = {
        "name": problem.title,
        "source": problem.source,
        "uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, f"judge:problem:{problem.id}")),
        "validation": validation,
        "limits": {"memory": memory_mib, "output": max(1, math.ceil(limits.output_kb / 1024))},
    }
    passes = problem.interactive.passes if problem.interactive else problem.checker.passes
    if passes > DEFAULT_PASSES:  # validation says multi-pass; 2 by default
        metadata["limits"]["validation_passes"] = passes
    if flags:
        metadata["validator_flags"] = " ".join(flags)
    if problem.scored:
        metadata["type"] = "scoring"
        metadata["grading"] = {"show_test_data_groups": True}
    return metadata


def _exact_checker(problem: Problem) -> dict | None:
    """judge-problem.yaml's `checker`: a built-in checker the Kattis default validator only
    approximates (no PE, other tolerances), with its settings; None for any other."""
    checker = problem.checker
    if problem.interactive is not None or checker.name not in BUILTIN_CHECKERS:
        return None
    if checker.name == "float":
        return {"name": "float", "abs_tol": checker.abs_tol, "rel_tol": checker.rel_tol}
    return {"name": checker.name}


def _limits(problem: Problem) -> dict:
    limits = problem.limits
    return {
        "time_ms": limits.time_ms,
        "memory_kb": limits.memory_kb,
        "output_kb": limits.output_kb,
        "memory_basis": limits.memory_basis.value,
        "wall_ms": limits.wall_ms,
    }


def _output_validator(problem: Problem, out: Path, notes: list[Note]) -> tuple[str, list[str]]:
    """The `validation` and `validator_flags` of problem.yaml; a custom validator is written."""
    if problem.interactive is not None:
        return _interactor(problem, out)
    spec = problem.checker
    if spec.name in DEFAULT_VALIDATOR_FLAGS:
        if spec.name in ("tokens", "float"):
            notes.append(
                Note(NoteKind.CONVERTED, "checker", f"{spec.name}: Kattis accepts what is PE here")
            )
        return "default", DEFAULT_VALIDATOR_FLAGS[spec.name](spec)
    program = spec.program
    folder = out / "output_validators" / _file_name(program.stem)
    if spec.name == "kattis":
        _copy_program(program, problem, folder)
        validation = ["custom"] + (["multi-pass"] if spec.passes > 1 else [])
        if spec.score_file == "points" and problem.scored:
            validation.append("score")  # Kattis reads score.txt only when told so
        return " ".join(validation), list(spec.args)
    if program.suffix != ".py":
        raise JudgeError(
            f"{program}: only Python testlib checkers can be exported (they are wrapped to the "
            "Kattis convention); write the checker in the Kattis convention instead"
        )
    _write(folder / _file_name(program.name), python_testlib_checker(program))
    notes.append(Note(NoteKind.CONVERTED, "checker", "testlib checker wrapped: PE counts as WA"))
    return "custom", list(spec.args)


def _interactor(problem: Problem, out: Path) -> tuple[str, list[str]]:
    """An interactor in the Kattis convention is the package's interactive output validator."""
    spec = problem.interactive
    if spec.protocol != "kattis":
        raise JudgeError(
            f"{spec.program}: only interactors in the Kattis convention can be exported"
        )
    _copy_program(spec.program, problem, out / "output_validators" / _file_name(spec.program.stem))
    return ("custom interactive multi-pass" if spec.passes > 1 else "custom interactive"), []


def _statement(problem: Problem, out: Path, sandbox: Sandbox, notes: list[Note]) -> None:
    body = without_title_and_sample_data(problem.statement.read_text())
    latex = markdown_to_latex(body, sandbox)
    if latex is None:
        latex = plain_latex(body)
        why = "pandoc failed" if shutil.which(PANDOC) else "pandoc missing"
        notes.append(Note(NoteKind.CONVERTED, "statement", f"{why}: written as plain text"))
    name = problem.title.replace("\\", "").replace("{", "").replace("}", "")
    _write(out / "problem_statement" / "problem.en.tex", f"\\problemname{{{name}}}\n\n{latex}")


def _tests(problem: Problem, out: Path, notes: list[Note]) -> None:
    tests = discover_tests(problem)
    manifest = read_manifest(problem)
    descriptions = {entry.name: entry.note for entry in manifest if entry.note}
    samples = {entry.name for entry in manifest if entry.origin == "sample"}
    secret_groups = {case.group for case in tests if not _is_sample(case, samples)}
    separate = problem.scored or len(secret_groups) > 1
    folders: dict[str, str] = {}
    counts: dict[str, int] = {}
    for case in tests:
        folder = _data_folder(case, samples, separate)
        folders.setdefault(case.group, folder)
        counts[case.group] = counts.get(case.group, 0) + 1
        name = _file_name(_short_name(case))
        _copy(case.input_path, out / "data" / folder / f"{name}.in")
        _copy(case.answer_path, out / "data" / folder / f"{name}.ans")
        if case.interaction is not None:
            _copy(case.interaction, out / "data" / folder / f"{name}.interaction")
        if case.name in descriptions:
            _write(out / "data" / folder / f"{name}.desc", descriptions[case.name] + "\n")
    for folder, entry in testdata_settings(problem, folders, counts, notes).items():
        _write(out / "data" / folder / "testdata.yaml", yaml.safe_dump(entry, sort_keys=False))


def _data_folder(case: TestCase, samples: set[str], separate: bool) -> str:
    """sample, secret, or secret/<group> (under data/); an imported group keeps its folder."""
    if _is_sample(case, samples):
        return "sample"
    if case.group.startswith("secret/"):
        return "/".join(_file_name(part) for part in case.group.split("/"))
    return f"secret/{_file_name(case.group)}" if separate else "secret"


def _short_name(case: TestCase) -> str:
    """The test's name without the folder prefix an import gave it (secret.group.01 -> 01)."""
    prefix = case.group.replace("/", ".") + "."
    return case.name[len(prefix) :] if case.name.startswith(prefix) else case.name


def _is_sample(case: TestCase, samples: set[str]) -> bool:
    return case.name in samples or (not samples and case.group in ("samples", "sample"))


def _input_validators(problem: Problem, out: Path, notes: list[Note]) -> None:
    for spec in problem.validators:
        if spec.args:
            raise JudgeError(
                f"{spec.program}: a validator with its own arguments cannot be exported "
                "(Kattis passes the same flags to every validator)"
            )
        folder = out / "input_validators" / _file_name(spec.program.stem)
        source = spec.program
        if source.suffix == ".py":
            _write(folder / _file_name(source.name), python_validator(source))
            continue
        include = _file_name(source.name) + ".inc"
        _copy_program(source, problem, folder, rename={source.name: include})
        wrapper = folder / f"{_file_name(source.stem)}_kattis{source.suffix}"
        _write(wrapper, compiled_validator(source, include))


def _submissions(problem: Problem, out: Path, notes: list[Note]) -> None:
    solutions, _ = find_solutions(problem)
    used: set[Path] = set()
    for solution in solutions:
        folder_name = solution.label.split("/")[0] if "/" in solution.label else "accepted"
        kattis = FOLDER_FOR_KATTIS.get(folder_name)
        if kattis is None:
            notes.append(
                Note(NoteKind.UNSUPPORTED, solution.label, f"Kattis has no {folder_name} folder")
            )
            continue
        if kattis in ("time_limit_exceeded", "run_time_error") and solution.path.suffix == ".py":
            notes.append(
                Note(
                    NoteKind.CONVERTED,
                    solution.label,
                    "Kattis runs Python with PyPy by default, whose speed and recursion depth "
                    "differ from CPython's, which this judge runs",
                )
            )
        target = out / "submissions" / kattis / _file_name(solution.path.name)
        if target in used:
            target = target.with_name(f"reference-{target.name}")
        used.add(target)
        _copy(solution.path, target)


def _copy_program(
    program: Path, problem: Problem, folder: Path, rename: dict[str, str] | None = None
) -> None:
    """The program, with the files beside it when it has a folder of its own."""
    rename = rename or {}
    own_folder = program.parent != problem.directory and _sources_in(program.parent) == 1
    files = sorted(p for p in program.parent.rglob("*") if p.is_file()) if own_folder else [program]
    for path in files:
        relative = path.relative_to(program.parent).as_posix()
        _copy(path, folder / rename.get(relative, relative))


def _sources_in(folder: Path) -> int:
    suffixes = (".py", ".c", ".cpp", ".cc", ".cxx")
    return sum(1 for p in folder.iterdir() if p.is_file() and p.suffix in suffixes)


def _file_name(name: str) -> str:
    """A name Kattis accepts: letters, digits, '_', '.', '-', not starting with '.' or '-'."""
    cleaned = FILE_NAME.sub("_", name).lstrip(".-")
    return cleaned or "unnamed"


def _copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
