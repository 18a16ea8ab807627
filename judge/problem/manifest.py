"""The manifest beside a problem's tests: how each test was made (sample, hand-made, or generated
with arguments and a seed), read with line numbers and added to without rewriting the file."""

from __future__ import annotations

import io
from dataclasses import dataclass

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from judge.errors import ProblemError
from judge.files import write_atomically
from judge.problem.spec import Problem
from judge.problem.yamlnodes import MappingReader

MANIFEST = "manifest.yaml"
ORIGINS = ("sample", "hand", "generated")


@dataclass(frozen=True)
class ManifestEntry:
    name: str
    origin: str
    args: tuple[str, ...] = ()
    seed: int | None = None
    sha256: str | None = None
    note: str | None = None
    # A generator of its own (relative to problems/<id>/), run as `program args...` with the
    # seed already among the arguments (BAPCtools' generators.yaml); None: the problem's
    # generator, run with `args... --seed SEED`.
    program: str | None = None


def read_manifest(problem: Problem) -> tuple[ManifestEntry, ...]:
    """The manifest's entries; an absent manifest is an empty one."""
    top = MappingReader.of_optional_file(problem.testdata / MANIFEST)
    if top is None:
        return ()
    entries = []
    for name in top.keys():
        entry = top.mapping(name)
        if entry is None:
            raise top.error(name, "expected a mapping with at least 'origin'")
        entry.reject_unknown({"origin", "args", "seed", "sha256", "note", "program"})
        origin = entry.choice("origin", ORIGINS, default="hand")
        seed = entry.integer("seed", minimum=0) if entry.get("seed") is not None else None
        program = entry.optional_string("program")
        if origin == "generated" and seed is None and program is None:
            raise entry.missing("seed", "the generator seed of a generated test")
        entries.append(
            ManifestEntry(
                name=name,
                origin=origin,
                args=entry.string_list("args"),
                seed=seed,
                sha256=entry.optional_string("sha256"),
                note=entry.optional_string("note"),
                program=program,
            )
        )
    return tuple(entries)


def read_manifest_or_none(problem: Problem) -> tuple[ManifestEntry, ...]:
    """The manifest's entries, or none when it does not parse (verify reports that itself)."""
    try:
        return read_manifest(problem)
    except ProblemError:
        return ()


def add_manifest_entries(problem: Problem, entries: tuple[ManifestEntry, ...]) -> None:
    """Add (or replace) entries and keep everything else of the file as it was written: comments,
    key order, quoting and flow style (a round trip through ruamel.yaml, not a rewrite)."""
    path = problem.testdata / MANIFEST
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = MANIFEST_HEADER
    round_trip = _round_trip_yaml()
    data = round_trip.load(text)
    if data is None:  # nothing but comments so far: keep them above the entries
        data, kept = CommentedMap(), text if text.endswith("\n") or not text else text + "\n"
    else:
        kept = ""
    if not isinstance(data, CommentedMap):
        raise ProblemError(path, "the file must hold a mapping of test names to entries")
    for entry in entries:
        if entry.name in data:
            data[entry.name] = _entry_map(entry)
        else:
            data.insert(_after_same_origin(data, entry.origin), entry.name, _entry_map(entry))
    buffer = io.StringIO()
    round_trip.dump(data, buffer)
    write_atomically(path, (kept + buffer.getvalue()).encode())


MANIFEST_HEADER = "# How each test was made; see docs/problem-format.md.\n"


def _round_trip_yaml() -> YAML:
    round_trip = YAML()
    round_trip.preserve_quotes = True
    round_trip.width = 4096  # never re-wrap a long line of arguments
    round_trip.indent(mapping=2, sequence=4, offset=2)
    return round_trip


def _after_same_origin(data: CommentedMap, origin: str) -> int:
    """Where a new entry goes: after the last one of its origin (hand tests stay together),
    else at the end."""
    positions = [
        index
        for index, value in enumerate(data.values())
        if isinstance(value, dict) and value.get("origin", "hand") == origin
    ]
    return positions[-1] + 1 if positions else len(data)


def _entry_map(entry: ManifestEntry) -> CommentedMap:
    record = CommentedMap(origin=entry.origin)
    if entry.program:
        record["program"] = entry.program
    if entry.args:
        args = CommentedSeq(
            DoubleQuotedScalarString(a) if _needs_quotes(a) else a for a in entry.args
        )
        args.fa.set_flow_style()
        record["args"] = args
    if entry.seed is not None:
        record["seed"] = entry.seed
    if entry.sha256:
        record["sha256"] = entry.sha256
    if entry.note:
        record["note"] = DoubleQuotedScalarString(entry.note)
    return record


def _needs_quotes(value: str) -> bool:
    """Quote what YAML would read as something other than this string (numbers, booleans)."""
    try:
        return not isinstance(yaml.safe_load(value), str) or value.strip() != value
    except yaml.YAMLError:
        return True
