"""Producing tests: generator -> validator -> reference -> NAME.in / NAME.ans + manifest entry.

`make_tests` builds new tests in parallel and writes them; `check_drift` rebuilds every generated
test from its manifest entry and reports what no longer matches.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from collections.abc import Callable

from judge.judging.parallel import map_with_sandboxes
from judge.setter.command_generators import CommandGenerators
from judge.setter.programs import SetterProgramError, SetterPrograms
from judge.sandbox.api import Sandbox
from judge.problem.spec import Problem
from judge.problem.manifest import ManifestEntry, add_manifest_entries, read_manifest
from judge.problem.testdata import file_sha256, sha256

GENERATED_NAME = re.compile(r"^gen-(\d+)$")


class Outcome(enum.Enum):
    WRITTEN = "written"
    DUPLICATE = "duplicate"  # identical to an existing test or to another new one: refused
    INVALID = "invalid"  # the generator made an input the validator rejects: a generator bug
    FAILED = "failed"  # the generator or the reference failed


@dataclass(frozen=True)
class NewTest:
    name: str
    seed: int
    outcome: Outcome
    message: str = ""


@dataclass(frozen=True)
class Built:
    seed: int
    data: bytes = b""
    answer: bytes = b""
    outcome: Outcome = Outcome.WRITTEN
    message: str = ""


class Drift(enum.Enum):
    SAME = "same"
    INPUT = "input changed"
    ANSWER = "answer changed"
    MISSING = "files missing"
    FAILED = "failed"


@dataclass(frozen=True)
class DriftReport:
    name: str
    drift: Drift
    message: str = ""


def next_seed(problem: Problem) -> int:
    """One past the largest seed the manifest records, so that repeated runs add new tests."""
    seeds = [entry.seed for entry in read_manifest(problem) if entry.seed is not None]
    return max(seeds, default=0) + 1


def make_tests(
    problem: Problem,
    programs: SetterPrograms,
    sandbox_factory: Callable[[], Sandbox],
    args: tuple[str, ...],
    seeds: list[int],
    workers: int,
    on_built: Callable[[Built], None] | None = None,
) -> list[NewTest]:
    """Build one test per seed (in parallel), then write the new, valid, distinct ones."""
    built = _build_all(programs, sandbox_factory, args, seeds, workers, on_built)
    read_manifest(problem)  # a broken manifest stops here, before any test is written
    added = []
    known = {file_sha256(path): path.stem for path in problem.testdata.glob("*.in")}
    number = _next_number(problem)
    results = []
    for item in sorted(built, key=lambda b: b.seed):
        if item.outcome is not Outcome.WRITTEN:
            results.append(NewTest("", item.seed, item.outcome, item.message))
            continue
        digest = sha256(item.data)
        if digest in known:
            results.append(
                NewTest("", item.seed, Outcome.DUPLICATE, f"identical to test {known[digest]}")
            )
            continue
        name = f"gen-{number:03d}"
        number += 1
        (problem.testdata / f"{name}.in").write_bytes(item.data)
        (problem.testdata / f"{name}.ans").write_bytes(item.answer)
        added.append(
            ManifestEntry(name=name, origin="generated", args=args, seed=item.seed, sha256=digest)
        )
        known[digest] = name
        results.append(NewTest(name, item.seed, Outcome.WRITTEN))
    if added:
        add_manifest_entries(problem, tuple(added))
    return results


def _build_all(programs, sandbox_factory, args, seeds, workers, on_built) -> list[Built]:
    def build(sandbox: Sandbox, seed: int) -> Built:
        return build_one(programs, sandbox, args, seed)

    return map_with_sandboxes(sandbox_factory, build, seeds, workers, on_built)


def build_one(
    programs: SetterPrograms, sandbox: Sandbox, args: tuple[str, ...], seed: int
) -> Built:
    try:
        data = programs.generate(sandbox, args, seed)
        validation = programs.validate(sandbox, data=data) if programs.validator else None
        if validation is not None and not validation.valid:
            return Built(seed, data, outcome=Outcome.INVALID, message=validation.message)
        return Built(seed, data, programs.answer(sandbox, data=data))
    except SetterProgramError as exc:
        return Built(seed, outcome=Outcome.FAILED, message=str(exc))


def _next_number(problem: Problem) -> int:
    numbers = [
        int(m.group(1))
        for p in problem.testdata.glob("gen-*.in")
        if (m := GENERATED_NAME.match(p.stem))
    ]
    return max(numbers, default=0) + 1


def check_drift(
    problem: Problem,
    programs: SetterPrograms,
    sandbox_factory: Callable[[], Sandbox],
    workers: int,
    on_checked: Callable[[DriftReport], None] | None = None,
) -> list[DriftReport]:
    """Rebuild every generated test from its manifest entry; report any difference."""
    entries = [e for e in read_manifest(problem) if e.origin == "generated"]
    own = CommandGenerators(problem.directory)
    if any(e.program for e in entries):
        sandbox = sandbox_factory()
        try:  # compiled once here, not by each worker at once
            own.prepare_all(sandbox, {e.program for e in entries if e.program})
        finally:
            sandbox.close()

    def check(sandbox: Sandbox, entry: ManifestEntry) -> DriftReport:
        return _check_entry(problem, programs, own, sandbox, entry)

    return map_with_sandboxes(sandbox_factory, check, entries, workers, on_checked)


def _check_entry(problem, programs, own, sandbox, entry: ManifestEntry) -> DriftReport:
    input_path = problem.testdata / f"{entry.name}.in"
    answer_path = problem.testdata / f"{entry.name}.ans"
    if not input_path.is_file() or not answer_path.is_file():
        return DriftReport(
            entry.name, Drift.MISSING, "the manifest names a test that is not on disk"
        )
    try:
        if entry.program:
            data = own.generate(sandbox, entry.program, entry.args)
        else:
            data = programs.generate(sandbox, entry.args, entry.seed)
        if data != input_path.read_bytes():
            return DriftReport(
                entry.name,
                Drift.INPUT,
                f"generator output differs from {input_path.name} "
                f"(sha256 {sha256(data)[:12]} vs {file_sha256(input_path)[:12]})",
            )
        if entry.sha256 and entry.sha256 != sha256(data):
            return DriftReport(entry.name, Drift.INPUT, "sha256 in the manifest does not match")
        answer = programs.answer(sandbox, path=input_path)
        if answer != answer_path.read_bytes():
            return DriftReport(
                entry.name,
                Drift.ANSWER,
                f"the reference now answers differently from {answer_path.name}",
            )
    except SetterProgramError as exc:
        return DriftReport(entry.name, Drift.FAILED, str(exc))
    return DriftReport(entry.name, Drift.SAME)
