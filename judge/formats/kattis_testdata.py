"""The test data of a Kattis package (data/sample, data/secret) as typed groups and cases.

Folders are groups, with their settings (testdata.yaml, or test_group.yaml since 2023-07)
inherited from the folders above. In 2025-09 the folders of secret are its groups and a folder
inside a group holds more of that group's tests ("test data groups can contain directories,
but not further groups"); earlier versions make a group of every folder. Symlinked files are
followed inside the package only. What belongs to no test case is listed as a note.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from judge.errors import ProblemError
from judge.formats.archive import resolve_inside
from judge.formats.draft import Note, NoteKind

GROUP_FILES = ("testdata.yaml", "test_group.yaml")
# Folders of data/ that are not tests but cases the validators must decide
# (judge.formats.kattis_selftests).
SELFTEST_FOLDERS = ("invalid_input", "invalid_answer", "invalid_output", "valid_output")
TEST_NOTE_SUFFIXES = (".desc", ".hint")
# Files beside a test that carry no meaning for judging here: illustrations, statement and
# download variants, sample outputs.
TEST_SIDE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg", ".out", ".statement", ".download")
TEST_SETTINGS = {"description", "hint", "full_feedback"}


@dataclass(frozen=True)
class KattisCase:
    name: str  # relative to data/, without .in: "secret/group1/01-small"
    input: Path  # symlinks followed (inside the package only)
    answer: Path | None  # None: an interactive test without one (its interactor needs none)
    note: str | None  # from .desc, .hint, or the test's .yaml
    interaction: Path | None = None  # a sample's transcript (NAME.interaction)


@dataclass(frozen=True)
class KattisGroup:
    path: str  # relative to data/: "sample", "secret", "secret/group1"
    config: dict  # its testdata.yaml / test_group.yaml, with what it inherits
    cases: tuple[KattisCase, ...]
    own: dict  # its own testdata.yaml / test_group.yaml alone (2025-09 scores are not inherited)


def read_yaml(path: Path, required: bool = False) -> dict:
    if not path.is_file():
        if required:
            raise ProblemError(path, "not found: a Kattis package has a problem.yaml at its top")
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else None
        raise ProblemError(path, f"invalid YAML: {exc.problem}", line=line) from None
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise ProblemError(path, f"cannot read: {exc}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ProblemError(path, "expected a mapping of keys to values")
    return data


@dataclass
class TestDataReader:
    """Reads data/ of the package at `root`; `notes` collects what it leaves behind."""

    root: Path
    groups_are_flat: bool  # 2025-09: a folder inside a group is part of the group
    interactive: bool  # an interactive test may lack its .ans (the interactor needs none)
    defaults: dict = field(default_factory=dict)  # settings every group inherits
    notes: list[Note] = field(default_factory=list)

    def groups(self) -> list[KattisGroup]:
        data = self.root / "data"
        if not data.is_dir():
            raise ProblemError(data, "not found: a Kattis package keeps its tests in data/")
        for child in sorted(data.iterdir()):
            known = ("sample", "secret", *GROUP_FILES, *SELFTEST_FOLDERS)
            if child.name not in known and child.name[0] != ".":
                self._note(NoteKind.KEPT, child, "not a test group (sample/secret)")
        groups: list[KattisGroup] = []
        for top in ("sample", "secret"):
            if (data / top).is_dir():
                self._walk(data / top, {**self.defaults, **group_config(data)}, groups)
        return groups

    def _walk(self, folder: Path, inherited: dict, groups: list[KattisGroup]) -> None:
        """The group of `folder`, after those of its subfolders."""
        own = group_config(folder)
        config = {**inherited, **own}
        path = folder.relative_to(self.root / "data").as_posix()
        flat = self.groups_are_flat and path.startswith("secret/")
        cases = self._cases_in(folder)
        for entry in self._subfolders(folder):
            if flat:
                cases += self._cases_below(entry)
            else:
                self._walk(entry, config, groups)
        groups.append(KattisGroup(path, config, tuple(cases), own))

    def _cases_below(self, folder: Path) -> list[KattisCase]:
        if group_config(folder):
            self._note(NoteKind.UNSUPPORTED, folder, "settings in a folder inside a group")
        cases = self._cases_in(folder)
        for entry in self._subfolders(folder):
            cases += self._cases_below(entry)
        return cases

    def _cases_in(self, folder: Path) -> list[KattisCase]:
        """The test cases directly in `folder`, noting the files that belong to none."""
        cases = []
        stems = {entry.stem for entry in folder.glob("*.in") if not entry.is_dir()}
        for entry in sorted(folder.iterdir()):
            if entry.is_dir():
                continue
            if entry.suffix == ".in":
                cases.append(self._case(entry))
            elif entry.name in GROUP_FILES or any(entry.name.startswith(s + ".") for s in stems):
                continue  # the group's settings, or a file of a test case (read with the case)
            elif entry.suffix == ".interaction":
                self._note(NoteKind.KEPT, entry, "a sample interaction")
            else:
                self._note(NoteKind.KEPT, entry, "not part of a test case")
        return cases

    def _case(self, input_path: Path) -> KattisCase:
        answer = input_path.with_suffix(".ans")
        if not answer.exists():
            if not self.interactive:
                raise ProblemError(input_path, f"has no answer file {answer.name} beside it")
            self._note(NoteKind.CONVERTED, answer, "missing: the test gets an empty answer")
        settings = read_yaml(input_path.with_suffix(".yaml"))
        for key in sorted(set(settings) - TEST_SETTINGS):
            self._note(
                NoteKind.UNSUPPORTED,
                input_path.with_suffix(".yaml"),
                f"per-test '{key}' is not supported",
            )
        for side in sorted(input_path.parent.iterdir()):
            if not side.name.startswith(input_path.stem + "."):
                continue
            if side.name.endswith(".files"):
                self._note(NoteKind.UNSUPPORTED, side, "not used for judging here")
            elif side.suffix in TEST_SIDE_SUFFIXES:
                self._note(NoteKind.KEPT, side, "not used for judging here")
        interaction = input_path.with_suffix(".interaction")
        return KattisCase(
            name=input_path.relative_to(self.root / "data").with_suffix("").as_posix(),
            input=resolve_inside(self.root, input_path),
            answer=resolve_inside(self.root, answer) if answer.exists() else None,
            note=_test_note(input_path, settings),
            interaction=resolve_inside(self.root, interaction) if interaction.exists() else None,
        )

    def _subfolders(self, folder: Path) -> list[Path]:
        """Folders of tests (not a test's own `.files` folder of input files). A symlink to a
        folder is followed, as a way to share tests, unless it leads back up the tree, which
        would be followed for ever."""
        found = []
        for path in sorted(folder.iterdir()):
            if not path.is_dir() or path.name.endswith(".files"):
                continue
            real, here = path.resolve(), folder.resolve()
            if real == here or real in here.parents:
                self._note(NoteKind.KEPT, path, "a link to a folder above it: not followed")
                continue
            found.append(path)
        return found

    def _note(self, kind: NoteKind, path: Path, message: str) -> None:
        self.notes.append(Note(kind, path.relative_to(self.root).as_posix(), message))


def _test_note(input_path: Path, settings: dict) -> str | None:
    """The test's .desc and .hint, and the description and hint of its .yaml."""
    parts = []
    for suffix in TEST_NOTE_SUFFIXES:
        side = input_path.with_suffix(suffix)
        if side.is_file():
            parts.append(side.read_text(errors="replace").strip())
    for key in ("description", "hint"):
        if settings.get(key):
            parts.append(str(settings[key]).strip())
    return " / ".join(part for part in parts if part) or None


def group_config(folder: Path) -> dict:
    """The settings of the test folder `folder` (testdata.yaml or test_group.yaml), or {}."""
    for name in GROUP_FILES:
        if (folder / name).is_file():
            return read_yaml(folder / name)
    return {}


