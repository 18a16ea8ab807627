"""The limits of a Kattis package: MiB to KB, and where the time limit comes from.

Kattis limits cover the whole process, so they map to memory_basis gross. The time limit is
`limits.time_limit` (2023-07 and later) when given; else what DOMjudge wrote (.timelimit, or
`timelimit` in domjudge-problem.ini); else the Kattis rule, measured at import
(judge.formats.timelimit). judge-problem.yaml, written by `judge export kattis`, restores the
exact limits while the package still holds the values it was written for.
"""

from __future__ import annotations

import configparser
import dataclasses
from pathlib import Path

from judge.errors import ProblemError
from judge.formats.collect import Collector
from judge.formats.draft import Note, NoteKind, ProblemDraft, TimeRule
from judge.formats.kattis_read import KattisPackage, KattisVersion
from judge.formats.sidecar import SIDECAR, fingerprint, read_sidecar
from judge.verdicts.limits import MemoryBasis

MIB_KB = 1024
DEFAULT_MEMORY_MIB = 2048  # the specification's "typical system default"
DEFAULT_OUTPUT_MIB = 8
# A package with neither a stated time limit nor a solution to measure: generous, and said.
NO_SOLUTION_TIME_MS = 10_000


def time_limit(package: KattisPackage, work: Collector) -> int | TimeRule:
    limits = package.metadata.get("limits") or {}
    if limits.get("time_limit") is not None:
        return _seconds_to_ms(limits["time_limit"], package.root / "problem.yaml")
    timelimit = package.file(".timelimit")
    if timelimit is not None:
        work.note(NoteKind.CONVERTED, ".timelimit", "the time limit DOMjudge wrote is used")
        return _seconds_to_ms(timelimit.read_text().strip(), timelimit)
    ini = domjudge_ini(package)
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


def domjudge_ini(package: KattisPackage) -> dict[str, str]:
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


def size_kb(package: KattisPackage, key: str) -> int:
    """limits.memory or limits.output, MiB in the package, in KB."""
    default = DEFAULT_MEMORY_MIB if key == "memory" else DEFAULT_OUTPUT_MIB
    value = (package.metadata.get("limits") or {}).get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise ProblemError(
            package.root / "problem.yaml",
            f"expected a positive size in MiB, got {value!r}",
            key=f"limits.{key}",
        )
    return int(value) * MIB_KB


def with_sidecar(package: KattisPackage, draft: ProblemDraft) -> ProblemDraft:
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
