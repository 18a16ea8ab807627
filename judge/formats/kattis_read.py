"""Reading a Kattis problem package (legacy, 2023-07-draft, 2025-09) into typed data.

Only what the format says is interpreted here; judge.formats.kattis_import maps it onto this
project. The versions differ in folder names, which this module hides:

    legacy       problem_statement/  output_validators/ (several)  testdata.yaml  *_flags strings
    2023-07      statement/          output_validator/ (one)        testdata.yaml or test_group.yaml
    2025-09      statement/          output_validator/ (one)        test_group.yaml  *_args lists

Things found in the package that the format names but this reader does not interpret are listed
as notes, so that the import can say what it leaves behind.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

import yaml

from judge.errors import ProblemError
from judge.formats.archive import resolve_inside
from judge.formats.draft import Note, NoteKind

SUBMISSION_FOLDERS = (
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
    "partially_accepted",
    "rejected",
    "brute_force",
)
GROUP_FILES = ("testdata.yaml", "test_group.yaml")
HEADERS = (".h", ".hpp", ".hh", ".hxx")
TEST_NOTE_SUFFIXES = (".desc", ".hint")
# Files beside a test that carry no meaning for judging here: illustrations, statement and
# download variants, sample outputs.
TEST_SIDE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg", ".out", ".statement", ".download")


class KattisVersion(enum.Enum):
    LEGACY = "legacy"
    V2023_07 = "2023-07-draft"
    V2025_09 = "2025-09"

    @property
    def statement_folder(self) -> str:
        return "problem_statement" if self is KattisVersion.LEGACY else "statement"


VERSION_NAMES = {
    "legacy": KattisVersion.LEGACY,
    "legacy-icpc": KattisVersion.LEGACY,
    "2023-07-draft": KattisVersion.V2023_07,
    "2023-07": KattisVersion.V2023_07,
    "2025-09": KattisVersion.V2025_09,
    "2025-09-draft": KattisVersion.V2025_09,
    "draft": KattisVersion.V2025_09,
}


@dataclass(frozen=True)
class KattisCase:
    name: str  # relative to data/, without .in: "secret/group1/01-small"
    input: Path  # symlinks followed (inside the package only)
    answer: Path
    note: str | None  # from .desc, .hint, or the test's .yaml
    interaction: Path | None = None  # a sample's transcript (NAME.interaction)


@dataclass(frozen=True)
class KattisGroup:
    path: str  # relative to data/: "sample", "secret", "secret/group1"
    config: dict  # its testdata.yaml / test_group.yaml, with what it inherits
    cases: tuple[KattisCase, ...]
    own: dict  # its own testdata.yaml / test_group.yaml alone (2025-09 scores are not inherited)


@dataclass(frozen=True)
class KattisPackage:
    root: Path
    name: str
    version: KattisVersion
    metadata: dict  # problem.yaml as read
    groups: tuple[KattisGroup, ...]  # every folder under data/sample and data/secret
    input_validators: tuple[Path, ...]
    output_validators: tuple[Path, ...]  # legacy may have several; the first one is used
    submissions: tuple[tuple[str, Path], ...]  # (folder, program)
    statements: tuple[Path, ...]
    notes: tuple[Note, ...]

    def file(self, name: str) -> Path | None:
        path = self.root / name
        return path if path.is_file() else None

    @property
    def is_interactive(self) -> bool:
        kind = self.metadata.get("type", "pass-fail")
        kinds = kind if isinstance(kind, list) else str(kind).split()
        return (
            "interactive" in kinds
            or "interactive" in str(self.metadata.get("validation", "")).split()
        )

    @property
    def is_scoring(self) -> bool:
        kind = self.metadata.get("type", "pass-fail")
        kinds = kind if isinstance(kind, list) else str(kind).split()
        return "scoring" in kinds


def read_package(root: Path, name: str) -> KattisPackage:
    metadata = _read_yaml(root / "problem.yaml", required=True)
    version = _version(root / "problem.yaml", metadata)
    notes: list[Note] = []
    groups = tuple(_read_groups(root, notes))
    if not any(group.path.startswith("secret") for group in groups):
        raise ProblemError(root / "data", "no data/secret folder: a Kattis package needs one")
    return KattisPackage(
        root=root,
        name=name,
        version=version,
        metadata=metadata,
        groups=groups,
        input_validators=_programs_in(root, ("input_validators", "input_format_validators")),
        output_validators=_output_validators(root),
        submissions=tuple(_submissions(root, notes)),
        statements=_statements(root, version),
        notes=tuple(notes),
    )


def _read_yaml(path: Path, required: bool = False) -> dict:
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


def _version(path: Path, metadata: dict) -> KattisVersion:
    given = str(metadata.get("problem_format_version", "legacy"))
    if given not in VERSION_NAMES:
        known = ", ".join(VERSION_NAMES)
        raise ProblemError(
            path,
            f"unknown problem_format_version '{given}' (known: {known})",
            key="problem_format_version",
        )
    return VERSION_NAMES[given]


def _read_groups(root: Path, notes: list[Note]) -> list[KattisGroup]:
    data = root / "data"
    if not data.is_dir():
        raise ProblemError(data, "not found: a Kattis package keeps its tests in data/")
    base = _group_config(data)
    for child in sorted(data.iterdir()):
        if (
            child.name not in ("sample", "secret")
            and not child.name.startswith(".")
            and (child.name not in GROUP_FILES)
        ):
            notes.append(
                Note(NoteKind.KEPT, f"data/{child.name}", "not a test group (sample/secret)")
            )
    groups: list[KattisGroup] = []
    for top in ("sample", "secret"):
        if (data / top).is_dir():
            _walk_group(root, data / top, base, groups, notes)
    return groups


def _group_config(folder: Path) -> dict:
    for name in GROUP_FILES:
        if (folder / name).is_file():
            return _read_yaml(folder / name)
    return {}


def _walk_group(root: Path, folder: Path, inherited: dict, groups: list, notes: list) -> None:
    own = _group_config(folder)
    config = {**inherited, **own}
    path = folder.relative_to(root / "data").as_posix()
    cases = []
    stems = {entry.stem for entry in folder.glob("*.in") if not entry.is_dir()}
    for entry in sorted(folder.iterdir()):
        if entry.is_dir() and not entry.name.endswith(".files"):
            _walk_group(root, entry, config, groups, notes)
        elif entry.suffix == ".in" and not entry.is_dir():
            cases.append(_read_case(root, entry, notes))
        elif entry.name in GROUP_FILES or any(entry.name.startswith(s + ".") for s in stems):
            continue  # the group's settings, or a file of a test case (read with the case)
        elif entry.suffix == ".interaction":
            notes.append(Note(NoteKind.KEPT, _shown(root, entry), "a sample interaction"))
        else:
            notes.append(Note(NoteKind.KEPT, _shown(root, entry), "not part of a test case"))
    groups.append(KattisGroup(path, config, tuple(cases), own))


def _read_case(root: Path, input_path: Path, notes: list[Note]) -> KattisCase:
    answer = input_path.with_suffix(".ans")
    if not answer.exists():
        raise ProblemError(input_path, f"has no answer file {answer.name} beside it")
    note_parts = []
    for suffix in TEST_NOTE_SUFFIXES:
        side = input_path.with_suffix(suffix)
        if side.is_file():
            note_parts.append(side.read_text(errors="replace").strip())
    settings = _read_yaml(input_path.with_suffix(".yaml"))
    for key in ("description", "hint"):
        if settings.get(key):
            note_parts.append(str(settings[key]).strip())
    for key in sorted(set(settings) - {"description", "hint", "full_feedback"}):
        notes.append(
            Note(
                NoteKind.UNSUPPORTED,
                _shown(root, input_path.with_suffix(".yaml")),
                f"per-test '{key}' is not supported",
            )
        )
    for side in sorted(input_path.parent.iterdir()):
        if not side.name.startswith(input_path.stem + "."):
            continue
        if side.suffix in TEST_SIDE_SUFFIXES or side.name.endswith(".files"):
            kind = NoteKind.UNSUPPORTED if side.name.endswith(".files") else NoteKind.KEPT
            notes.append(Note(kind, _shown(root, side), "not used for judging here"))
    name = input_path.relative_to(root / "data").with_suffix("").as_posix()
    interaction = input_path.with_suffix(".interaction")
    return KattisCase(
        name=name,
        input=resolve_inside(root, input_path),
        answer=resolve_inside(root, answer),
        note=" / ".join(part for part in note_parts if part) or None,
        interaction=resolve_inside(root, interaction) if interaction.exists() else None,
    )


def _programs_in(root: Path, folders: tuple[str, ...]) -> tuple[Path, ...]:
    """The programs in the folders: every file or folder but headers, which programs include."""
    found = []
    for folder in folders:
        if (root / folder).is_dir():
            found += [
                p
                for p in sorted((root / folder).iterdir())
                if not p.name.startswith(".") and not (p.is_file() and p.suffix in HEADERS)
            ]
    return tuple(found)


def _output_validators(root: Path) -> tuple[Path, ...]:
    if (root / "output_validator").is_dir():  # 2023-07 and later: the folder is the program
        return (root / "output_validator",)
    return _programs_in(root, ("output_validators",))


def _submissions(root: Path, notes: list[Note]) -> list[tuple[str, Path]]:
    folder = root / "submissions"
    found = []
    for child in sorted(folder.iterdir()) if folder.is_dir() else ():
        if child.is_file():
            kind = "submissions.yaml (expected verdicts per test) is not supported"
            message = kind if child.name == "submissions.yaml" else "not a submission folder"
            notes.append(Note(NoteKind.UNSUPPORTED, _shown(root, child), message))
            continue
        for program in sorted(child.iterdir()):
            if not program.name.startswith("."):
                found.append((child.name, program))
    return found


def _statements(root: Path, version: KattisVersion) -> tuple[Path, ...]:
    for name in (version.statement_folder, "problem_statement", "statement"):
        folder = root / name
        if folder.is_dir():
            return tuple(
                sorted(
                    p
                    for p in folder.iterdir()
                    if p.name.startswith("problem") and p.suffix in (".md", ".tex", ".pdf")
                )
            )
    return ()


def _shown(root: Path, path: Path) -> str:
    return path.relative_to(root).as_posix()
