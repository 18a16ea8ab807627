"""What `judge export kattis` does with a problem's include/ files, answer validators and
self-tests (judge.problem.includes, judge.problem.selftests).

include/<language>/ and include/default/ go to the package's include/ as they are (a folder
named by a language id of this judge is renamed to its Kattis code). The legacy format has no
answer validators and no folders of cases the validators must decide: those are listed as not
exported, never dropped silently.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from judge.formats.draft import Note, NoteKind
from judge.languages.registry import all_languages
from judge.problem.includes import DEFAULT, FOLDER
from judge.problem.selftests import discover_selftests
from judge.problem.spec import Problem


def export_extras(problem: Problem, out: Path) -> list[Note]:
    notes = _include(problem, out)
    if problem.answer_validators:
        notes.append(Note(NoteKind.UNSUPPORTED, "answer_validator",
                          "not exported: the legacy Kattis format has no answer validators"))
    kinds = sorted({test.kind.value for test in discover_selftests(problem)})
    if kinds:
        notes.append(Note(NoteKind.UNSUPPORTED, f"testdata/{problem.id}/" + ", ".join(kinds),
                          "self-tests not exported: the legacy Kattis format has no place "
                          "for them"))
    return notes


def _include(problem: Problem, out: Path) -> list[Note]:
    folder = problem.directory / FOLDER
    if not folder.is_dir():
        return []
    codes = {lang.id: (lang.kattis[0] if lang.kattis else lang.id) for lang in all_languages()}
    notes = []
    for entry in sorted(p for p in folder.iterdir() if p.is_dir()):
        code = entry.name if entry.name == DEFAULT else codes.get(entry.name, entry.name)
        files = sorted(p for p in entry.iterdir() if p.is_file() and not p.name.startswith("."))
        for path in files:
            target = out / FOLDER / code / path.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        if code != entry.name:
            notes.append(Note(NoteKind.CONVERTED, f"{FOLDER}/{entry.name}",
                              f"exported as {FOLDER}/{code}/ (its Kattis language code)"))
    return notes
