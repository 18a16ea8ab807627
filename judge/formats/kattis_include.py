"""A Kattis package's include/ (files added to every submission of a language, 2025-09 and
Kattis' own packages) -> problems/<id>/include/ (judge.problem.includes), folder by folder:
include/<language code>/ for the submissions of that language, include/default/ for the rest."""

from __future__ import annotations

from judge.formats.collect import Collector
from judge.formats.draft import FileCopy, NoteKind
from judge.formats.kattis_read import KattisPackage
from judge.languages.registry import all_languages
from judge.problem.includes import DEFAULT, FOLDER


def carry_over(package: KattisPackage, work: Collector) -> None:
    folder = package.root / FOLDER
    if not folder.is_dir():
        return
    known = {DEFAULT} | {code for lang in all_languages() for code in (lang.id, *lang.kattis)}
    for entry in sorted(p for p in folder.iterdir() if not p.name.startswith(".")):
        shown = work.shown(entry)
        if not entry.is_dir() or entry.name not in known:
            work.note(NoteKind.UNSUPPORTED, shown, "not a folder of a language this judge runs")
            work.keep(entry)
            continue
        for path in sorted(p for p in entry.rglob("*") if p.is_file()):
            if path.parent != entry:
                work.note(NoteKind.UNSUPPORTED, work.shown(path), "a file in a folder inside "
                          "include/<language>/ is not added to submissions")
                work.keep(path)
                continue
            target = f"problems/{work.problem_id}/{FOLDER}/{entry.name}/{path.name}"
            work.add(FileCopy(path, target))
        work.note(NoteKind.CONVERTED, shown,
                  f"added to every submission {_of(entry.name)} when it is judged")


def _of(language: str) -> str:
    return "without a folder of its language" if language == DEFAULT else f"in {language}"
