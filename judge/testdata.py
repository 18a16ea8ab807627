"""Tests on disk: NAME.in / NAME.ans pairs in testdata/<id>/, and the manifest beside them."""

from __future__ import annotations

import dataclasses
import fnmatch
import hashlib
from dataclasses import dataclass
from pathlib import Path

import yaml

from judge.errors import ProblemError
from judge.files import write_atomically
from judge.groups import Group
from judge.root import inside_root
from judge.spec import Problem
from judge.transcript import SUFFIX
from judge.yamlnodes import MappingReader, compose_file

MANIFEST = "manifest.yaml"
ORIGINS = ("sample", "hand", "generated")


@dataclass(frozen=True)
class TestCase:
    name: str
    group: str
    input_path: Path
    answer_path: Path
    interaction: Path | None = None  # a sample transcript (NAME.interaction), interactive problems


@dataclass(frozen=True)
class ManifestEntry:
    name: str
    origin: str
    args: tuple[str, ...] = ()
    seed: int | None = None
    sha256: str | None = None
    note: str | None = None


def discover_tests(problem: Problem) -> tuple[TestCase, ...]:
    """Every .in with its .ans, ordered group by group and by name inside a group."""
    folder = problem.testdata
    if not folder.is_dir():
        raise ProblemError(folder, "test folder not found")
    inside_root(folder, problem.root)
    inputs = {p.stem: inside_root(p, problem.root) for p in folder.glob("*.in")}
    answers = {p.stem: inside_root(p, problem.root) for p in folder.glob("*.ans")}
    if not inputs and not answers:
        raise ProblemError(folder, "no tests: expected NAME.in / NAME.ans pairs")
    for name in sorted(inputs.keys() - answers.keys()):
        raise ProblemError(inputs[name], f"has no answer file {name}.ans beside it")
    for name in sorted(answers.keys() - inputs.keys()):
        raise ProblemError(answers[name], f"has no input file {name}.in beside it")
    cases = [_make_case(name, inputs[name], answers[name], problem.groups) for name in inputs]
    cases = [_with_transcript(case, problem) for case in cases]
    _refuse_stray_transcripts(folder, inputs, problem)
    order = {group.name: index for index, group in enumerate(problem.groups)}
    return tuple(sorted(cases, key=lambda case: (order[case.group], case.name)))


def _make_case(name: str, input_path: Path, answer_path: Path, groups: tuple[Group, ...]):
    for path in (input_path, answer_path):
        try:
            with open(path, "rb") as handle:
                handle.read(1)
        except OSError as exc:
            raise ProblemError(path, f"cannot read: {exc.strerror}") from None
    for group in groups:
        if fnmatch.fnmatchcase(name, group.glob):
            return TestCase(name, group.name, input_path, answer_path)
    globs = ", ".join(f"{g.name}: {g.glob}" for g in groups)
    raise ProblemError(input_path, f"test '{name}' matches no group ({globs})")


def _with_transcript(case: TestCase, problem: Problem) -> TestCase:
    path = case.input_path.with_suffix(SUFFIX)
    if problem.interactive is None or not path.is_file():
        return case
    return dataclasses.replace(case, interaction=inside_root(path, problem.root))


def _refuse_stray_transcripts(folder: Path, inputs: dict[str, Path], problem: Problem) -> None:
    for path in sorted(folder.glob("*" + SUFFIX)):
        if problem.interactive is None:
            raise ProblemError(path, "a transcript, but the problem is not interactive")
        if path.stem not in inputs:
            raise ProblemError(path, f"has no input file {path.stem}.in beside it")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_sha256(path: Path) -> str:
    return sha256(path.read_bytes())


def read_manifest(problem: Problem) -> tuple[ManifestEntry, ...]:
    """The manifest's entries; an absent manifest is an empty one."""
    path = problem.testdata / MANIFEST
    if not path.exists():
        return ()
    node = compose_file(path)
    if node is None:
        return ()
    top = MappingReader.of(path, node)
    entries = []
    for name in top.keys():
        entry = top.mapping(name)
        if entry is None:
            raise top.error(name, "expected a mapping with at least 'origin'")
        entry.reject_unknown({"origin", "args", "seed", "sha256", "note"})
        origin = entry.choice("origin", ORIGINS, default="hand")
        seed = entry.integer("seed", minimum=0) if entry.get("seed") is not None else None
        if origin == "generated" and seed is None:
            raise entry.missing("seed", "the generator seed of a generated test")
        entries.append(
            ManifestEntry(
                name=name,
                origin=origin,
                args=entry.string_list("args"),
                seed=seed,
                sha256=entry.optional_string("sha256"),
                note=entry.optional_string("note"),
            )
        )
    return tuple(entries)


def write_manifest(problem: Problem, entries: tuple[ManifestEntry, ...]) -> None:
    """Write the manifest sorted by name, keeping only the fields each entry has."""
    data = {}
    for entry in sorted(entries, key=lambda e: e.name):
        record: dict[str, object] = {"origin": entry.origin}
        if entry.args:
            record["args"] = list(entry.args)
        if entry.seed is not None:
            record["seed"] = entry.seed
        if entry.sha256:
            record["sha256"] = entry.sha256
        if entry.note:
            record["note"] = entry.note
        data[entry.name] = record
    text = yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=100)
    header = "# How each test was made; see docs/problem-format.md.\n"
    write_atomically(problem.testdata / MANIFEST, (header + text).encode())
