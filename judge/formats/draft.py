"""A problem in this project's layout, described as data before it is written.

Importers build a `ProblemDraft` from a foreign package; judge.formats.writer writes it. Paths
named `target` are relative to the project root (problems/<id>/..., solutions/<id>/...).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from pathlib import Path

from judge.errors import JudgeError
from judge.verdicts.limits import MemoryBasis
from judge.problem.spec import ID_PATTERN


class NoteKind(enum.Enum):
    UNSUPPORTED = "not supported"  # not carried over: the judge would behave differently
    KEPT = "kept, unused"  # copied beside the problem, but the judge does not use it
    CONVERTED = "converted"  # carried over with a change the user should know about


@dataclass(frozen=True)
class Note:
    kind: NoteKind
    where: str  # the file or key of the package it is about
    message: str

    def __str__(self) -> str:
        return f"{self.kind.value}: {self.where}: {self.message}"


@dataclass(frozen=True)
class FileCopy:
    """A file of the package copied into the project."""

    source: Path
    target: str


@dataclass(frozen=True)
class NewFile:
    """A file the import writes (a converted validator, a statement)."""

    target: str
    data: bytes


@dataclass(frozen=True)
class TestDraft:
    name: str  # the flat test name: NAME.in / NAME.ans in testdata/<id>/
    input: Path | bytes
    answer: Path | bytes | None  # None: the reference writes it
    origin: str = "hand"  # sample | hand | generated
    note: str | None = None
    interaction: Path | None = None  # an interactive sample's transcript (NAME.interaction)
    # A generated test: its own generator (relative to problems/<id>/) with its arguments and
    # seed, as the manifest records them (judge.problem.manifest).
    program: str | None = None
    args: tuple[str, ...] = ()
    seed: int | None = None


@dataclass(frozen=True)
class GroupDraft:
    name: str
    glob: str
    validator_args: tuple[str, ...] = ()
    # A scored problem's groups (docs/problem-format.md, "Scored problems"); None: not given.
    points: float | None = None
    aggregation: str | None = None  # min | sum | avg | max
    on_reject: str | None = None  # continue | break
    depends_on: tuple[str, ...] = ()

    def yaml(self) -> dict:
        """The group's entry in problem.yaml, with only the keys it sets."""
        entry: dict = {"name": self.name, "glob": self.glob}
        if self.points is not None:
            entry["points"] = int(self.points) if self.points == int(self.points) else self.points
        for key in ("aggregation", "on_reject"):
            if getattr(self, key) is not None:
                entry[key] = getattr(self, key)
        for key in ("depends_on", "validator_args"):
            if getattr(self, key):
                entry[key] = list(getattr(self, key))
        return entry


@dataclass(frozen=True)
class ValidatorDraft:
    target: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class TimeRule:
    """How to set the time limit from the accepted solutions' slowest run (the Kattis rule)."""

    multiplier: float  # slowest accepted CPU time x multiplier ...
    resolution_s: float = 1.0  # ... rounded up to a multiple of this
    why: str = ""  # where the rule comes from, for the printed note


@dataclass(frozen=True)
class ProblemDraft:
    problem_id: str
    title: str
    source: str
    time: int | TimeRule  # the limit in ms, or the rule that measures it
    memory_kb: int
    output_kb: int
    memory_basis: MemoryBasis
    checker: dict | None  # the `checker` mapping of problem.yaml; None for interactive ones
    reference: str
    statement: str  # Markdown
    validators: tuple[ValidatorDraft, ...] = ()
    groups: tuple[GroupDraft, ...] = ()
    tests: tuple[TestDraft, ...] = ()
    files: tuple[FileCopy | NewFile, ...] = ()
    notes: tuple[Note, ...] = ()
    origin: str = ""  # one line for the head of problem.yaml: where the problem came from
    wall_ms: int | None = None
    generator: dict | None = None  # the `generator` mapping of problem.yaml
    interactive: dict | None = None  # the `interactive` mapping of problem.yaml
    extra_yaml: dict = field(default_factory=dict)  # further problem.yaml keys, already mapped
    # Kattis files a memory failure under run_time_error/: such solutions are judged at import.
    memory_failures_are_runtime_errors: bool = False


def choose_problem_id(given: str | None, package_name: str) -> str:
    """`given` (--id) when there is one, else the package's name made into a problem id."""
    if given is not None:
        if not ID_PATTERN.match(given):
            raise JudgeError(f"--id '{given}': expected lower-case letters, digits, - and _")
        return given
    candidate = re.sub(r"[^a-z0-9_-]+", "-", package_name.lower()).strip("-_")
    if not ID_PATTERN.match(candidate):
        raise JudgeError(f"cannot make a problem id of '{package_name}'; give one with --id")
    return candidate
