"""problem.yaml of a Kattis package: the title and source, and the keys that are not used."""

from __future__ import annotations

from judge.errors import ProblemError
from judge.formats.collect import Collector
from judge.formats.draft import NoteKind
from judge.formats.kattis_read import GROUP_KEYS_AT_TOP, KattisPackage, problem_types

METADATA_INFO = {"problem_format_version", "name", "source", "source_url", "author", "credits"}
METADATA_IGNORED = {"uuid", "version", "license", "rights_owner", "keywords", "embargo_until"}
METADATA_USED = {"type", "limits", "validation", "validator_flags", "grading", *GROUP_KEYS_AT_TOP}
METADATA_REFUSED = {"languages", "allow_file_writing", "constants"}
LIMITS_USED = {"time_limit", "time_multiplier", "time_multipliers", "time_resolution"}
LIMITS_USED |= {"memory", "output", "time_safety_margin", "validation_passes"}
TYPES = {"pass-fail", "scoring", "interactive", "multi-pass"}


def note_metadata(package: KattisPackage, work: Collector) -> None:
    metadata = package.metadata
    known = METADATA_INFO | METADATA_IGNORED | METADATA_USED | METADATA_REFUSED
    for key in sorted(set(metadata) - known):
        work.note(NoteKind.UNSUPPORTED, f"problem.yaml: {key}", "unknown key, ignored")
    for key in sorted(set(metadata) & set(GROUP_KEYS_AT_TOP)):
        work.note(NoteKind.CONVERTED, f"problem.yaml: {key}", "applies to every test group")
    ignored = sorted(set(metadata) & METADATA_IGNORED)
    if ignored:
        work.note(
            NoteKind.KEPT, "problem.yaml", f"copied to extras/; not used here: {', '.join(ignored)}"
        )
        work.keep(package.root / "problem.yaml")
    if metadata.get("constants"):
        work.note(NoteKind.UNSUPPORTED, "problem.yaml: constants", "{{constants}} not replaced")
    if metadata.get("languages", "all") not in ("all", ["all"]):
        work.note(NoteKind.UNSUPPORTED, "problem.yaml: languages", "every language is allowed")
    for unknown in sorted(set(problem_types(metadata)) - TYPES):
        work.note(NoteKind.UNSUPPORTED, f"problem.yaml: type {unknown}", "judged as one pass")
    limits = metadata.get("limits") or {}
    if not isinstance(limits, dict):
        raise ProblemError(package.root / "problem.yaml", "expected a mapping", key="limits")
    for key in sorted(set(limits) - LIMITS_USED):
        work.note(NoteKind.UNSUPPORTED, f"problem.yaml: limits.{key}", "not applied here")


def title(package: KattisPackage) -> str:
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


def source(package: KattisPackage) -> str:
    metadata = package.metadata
    given = metadata.get("source")
    entries = given if isinstance(given, list) else [given] if given else []
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
