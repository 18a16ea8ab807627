"""The statement of a Kattis package as this project's statement.md.

One language is taken (English when there is one); Markdown is kept, LaTeX (and HTML, which
some archives' packages hold) converted when pandoc is installed, and a PDF (or LaTeX without
pandoc) kept beside a short Markdown page that points at it. The statement folder's other
files (images) are copied to problems/<id>/statement/ and the links to them follow. The
samples from data/sample are added, as this project's statements show them.
"""

from __future__ import annotations

import re
from pathlib import Path

from judge.formats.draft import FileCopy, NoteKind
from judge.formats.kattis_read import KattisPackage
from judge.formats.statement import (
    Sample,
    html_to_markdown,
    latex_to_markdown,
    relink_assets,
    with_samples,
)
from judge.sandbox.api import Sandbox

LANGUAGE = re.compile(r"^problem(?:\.([A-Za-z]{2,3}(?:-[A-Z]{2})?))?\.(md|tex|html|pdf)$")
KIND_ORDER = ("md", "tex", "html", "pdf")
CONVERTERS = {".tex": ("LaTeX", latex_to_markdown), ".html": ("HTML", html_to_markdown)}


def statement_of(
    package: KattisPackage, problem_id: str, title: str, sandbox: Sandbox, work
) -> str:
    chosen = _choose(package.statements)
    folder = f"problems/{problem_id}/statement"
    assets = []
    if package.statements:
        statement_dir = package.statements[0].parent
        for path in sorted(p for p in statement_dir.rglob("*") if p.is_file()):
            relative = path.relative_to(statement_dir).as_posix()
            work.add(FileCopy(path, f"{folder}/{relative}"))
            if path not in package.statements:
                assets.append(relative)
        for other in package.statements:
            if other != chosen:
                work.note(NoteKind.KEPT, _shown(package, other), f"kept in {folder}/")
    samples = _samples(package)
    if chosen is None:
        work.note(NoteKind.UNSUPPORTED, "statement", "the package has no statement")
        return with_samples(title, "", samples)
    body = _body(package, chosen, folder, sandbox, work)
    return relink_assets(with_samples(title, body, samples), assets, "statement")


def _choose(statements: tuple[Path, ...]) -> Path | None:
    def rank(path: Path) -> tuple:
        match = LANGUAGE.match(path.name)
        language, kind = (match.group(1) or "en", match.group(2)) if match else ("?", "pdf")
        return (language != "en", KIND_ORDER.index(kind), path.name)

    return min(statements, key=rank) if statements else None


def _body(package: KattisPackage, chosen: Path, folder: str, sandbox: Sandbox, work) -> str:
    shown = _shown(package, chosen)
    if chosen.suffix == ".md":
        return chosen.read_text(errors="replace")
    if chosen.suffix in CONVERTERS:
        kind, convert = CONVERTERS[chosen.suffix]
        converted = convert(chosen.read_text(errors="replace"), sandbox)
        if converted is not None:
            work.note(NoteKind.CONVERTED, shown, f"{kind} converted to Markdown with pandoc")
            return converted
        work.note(NoteKind.KEPT, shown, f"{kind} kept as it is: pandoc is not installed or failed")
    return (
        f"The statement of this problem is the file `statement/{chosen.name}`, kept as the "
        "package gave it.\n"
    )


def _samples(package: KattisPackage) -> list[Sample]:
    samples = []
    for group in package.groups:
        if not group.path.startswith("sample"):
            continue
        for case in group.cases:
            interaction = case.interaction
            samples.append(
                Sample(
                    case.name,
                    case.input.read_bytes(),
                    case.answer.read_bytes() if case.answer else b"",
                    interaction.read_text(errors="replace") if interaction else None,
                )
            )
    return samples


def _shown(package: KattisPackage, path: Path) -> str:
    return path.relative_to(package.root).as_posix()
