"""What an import collects while it maps a package: the files to write and the notes to print.

Shared by the Kattis and Polygon importers. Nothing of the package is dropped silently: a file
the judge does not use is kept, copied to problems/<id>/extras/ under its path in the package.
"""

from __future__ import annotations

from pathlib import Path

from judge.errors import ProblemError
from judge.formats.archive import resolve_inside
from judge.formats.draft import FileCopy, NewFile, Note, NoteKind
from judge.formats.programs import Refused, place_program


class Collector:
    def __init__(self, root: Path, problem_id: str, notes: tuple[Note, ...] = ()):
        self.root = root  # the package
        self.problem_id = problem_id
        self.files: list[FileCopy | NewFile] = []
        self.notes: list[Note] = list(notes)

    def shown(self, path: Path) -> str:
        """A package path as the notes show it: relative to the package."""
        return path.relative_to(self.root).as_posix()

    def note(self, kind: NoteKind, where: str, message: str) -> None:
        self.notes.append(Note(kind, where, message))

    def add(self, item: FileCopy | NewFile) -> None:
        """Add a file to write, unless one with the same target is there already. A copy that
        a symlink would lead out of the package is an error naming the file."""
        if isinstance(item, FileCopy):
            item = FileCopy(resolve_inside(self.root, item.source), item.target)
        if all(existing.target != item.target for existing in self.files):
            self.files.append(item)

    def program(self, entry: Path, target_dir: str) -> str:
        """Place a program under `target_dir`: its main file, or '' (noted, kept) if refused."""
        placed = place_program(entry, target_dir, self.shown(entry))
        if isinstance(placed, Refused):
            self.notes.append(placed.note)
            self.keep(entry)
            return ""
        for item in placed.files:
            self.add(item)
        self.notes.extend(placed.notes)
        return placed.main

    def keep(self, path: Path) -> None:
        """Copy a package file or folder to problems/<id>/extras/, where nothing is lost."""
        items = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for item in items:
            relative = self.shown(item)
            try:
                source = resolve_inside(self.root, item)
            except ProblemError as exc:
                self.note(NoteKind.UNSUPPORTED, relative, exc.detail)
                continue
            self.add(FileCopy(source, f"problems/{self.problem_id}/extras/{relative}"))
