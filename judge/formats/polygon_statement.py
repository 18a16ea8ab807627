"""The statement of a Polygon package as this project's statement.md.

Polygon keeps a statement's sections apart: legend, input, output, interaction, scoring and
notes, in statements/<language>/problem-properties.json (or statement-sections/<language>/).
They are converted from LaTeX with pandoc when it is installed (else kept as they are), put
under their headings, and followed by the samples; images are copied beside the statement.
"""

from __future__ import annotations

import json
from pathlib import Path

from judge.errors import ProblemError
from judge.formats.collect import Collector
from judge.formats.draft import FileCopy, NoteKind, TestDraft
from judge.formats.polygon_read import PolygonPackage
from judge.formats.statement import Sample, latex_to_markdown, relink_assets, with_samples
from judge.sandbox.api import Sandbox

SECTIONS = (
    ("legend", None),
    ("input", "Input"),
    ("output", "Output"),
    ("interaction", "Interaction"),
    ("scoring", "Scoring"),
    ("notes", "Notes"),
)


def statement_of(
    package: PolygonPackage, work: Collector, tests: list[TestDraft], sandbox: Sandbox
) -> str:
    folder = _statement_folder(package)
    samples = _samples(folder, tests)
    if folder is None:
        work.note(NoteKind.UNSUPPORTED, "statements", "the package has no statement")
        return with_samples(package.title, "", samples)
    sections = _sections(folder)
    assets = []
    for path in sorted(p for p in folder.iterdir() if p.is_file()):
        if path.suffix.lower() in (".png", ".jpg", ".jpeg", ".gif", ".svg", ".pdf"):
            work.add(FileCopy(path, f"problems/{work.problem_id}/statement/{path.name}"))
            assets.append(path.name)
    parts, converted = [], True
    for key, heading in SECTIONS:
        text = (sections.get(key) or "").strip()
        if not text:
            continue
        markdown = latex_to_markdown(text, sandbox)
        converted &= markdown is not None
        parts.append((f"## {heading}\n\n" if heading else "") + (markdown or text).strip())
    shown = work.shown(folder)
    if converted:
        work.note(NoteKind.CONVERTED, shown, "statement sections converted from LaTeX")
    else:
        work.note(NoteKind.KEPT, shown, "LaTeX kept as it is: pandoc is not installed or failed")
    body = "\n\n".join(parts)
    return relink_assets(with_samples(package.title, body, samples), assets, "statement")


def _statement_folder(package: PolygonPackage) -> Path | None:
    languages = [*(package.names or {}), "english", "russian"]
    preferred = ["english", "russian", *languages]
    for base in ("statements", "statement-sections"):
        for language in preferred:
            folder = package.root / base / language
            if folder.is_dir():
                return folder
    return None


def _sections(folder: Path) -> dict[str, str]:
    """The statement's sections, from problem-properties.json or from the section files."""
    properties = folder / "problem-properties.json"
    if properties.is_file():
        try:
            data = json.loads(properties.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError) as exc:
            raise ProblemError(properties, f"cannot read: {exc}") from None
        return {key: data.get(key) or "" for key, _ in SECTIONS}
    sections_folder = folder.parent.parent / "statement-sections" / folder.name
    return {
        key: (sections_folder / f"{key}.tex").read_text(errors="replace")
        for key, _ in SECTIONS
        if (sections_folder / f"{key}.tex").is_file()
    }


def _samples(folder: Path | None, tests: list[TestDraft]) -> list[Sample]:
    samples = []
    for test in tests:
        if test.origin != "sample":
            continue
        data = test.input if isinstance(test.input, bytes) else test.input.read_bytes()
        answer = test.answer.read_bytes() if isinstance(test.answer, Path) else None
        if answer is None and folder is not None:
            answer = _sample_answer(folder, data)
        samples.append(Sample(test.name, data, answer if answer is not None else b"(see tests)"))
    return samples


def _sample_answer(folder: Path, data: bytes) -> bytes | None:
    """The answer problem-properties.json shows for a sample input, when the test has none."""
    properties = folder / "problem-properties.json"
    if not properties.is_file():
        return None
    for sample in json.loads(properties.read_text(encoding="utf-8")).get("sampleTests") or []:
        if sample.get("input", "").encode() == data:
            return sample.get("output", "").encode()
    return None
