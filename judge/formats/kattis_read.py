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

from judge.errors import ProblemError
from judge.formats.draft import Note, NoteKind
from judge.formats.kattis_testdata import KattisGroup, TestDataReader, read_yaml

SUBMISSION_FOLDERS = (
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
    "partially_accepted",
    "rejected",
    "brute_force",
)
HEADERS = (".h", ".hpp", ".hh", ".hxx")
# Test group settings that some packages (the Code Jam archive's) give in problem.yaml: read as
# if data/testdata.yaml gave them.
GROUP_KEYS_AT_TOP = (
    "output_validator_flags",
    "output_validator_args",
    "input_validator_flags",
    "input_validator_args",
)
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
    passes: int = 1  # a multi-pass problem's limit on passes per test; 1: one pass

    def file(self, name: str) -> Path | None:
        path = self.root / name
        return path if path.is_file() else None

    @property
    def is_interactive(self) -> bool:
        return _is_interactive(self.metadata)

    @property
    def is_scoring(self) -> bool:
        return "scoring" in problem_types(self.metadata)


def problem_types(metadata: dict) -> list[str]:
    """The `type` of problem.yaml: one string, several in one string, or a list."""
    kind = metadata.get("type", "pass-fail")
    return [str(k) for k in kind] if isinstance(kind, list) else str(kind).split()


def is_interactive_package(root: Path) -> bool:
    """Whether the package at `root` is interactive, from its problem.yaml alone."""
    return _is_interactive(read_yaml(root / "problem.yaml", required=True))


def _is_interactive(metadata: dict) -> bool:
    legacy = str(metadata.get("validation", "")).split()  # legacy: custom interactive
    return "interactive" in problem_types(metadata) or "interactive" in legacy


DEFAULT_PASSES = 2  # limits.validation_passes when a multi-pass problem does not say


def _multi_pass_key(metadata: dict) -> str | None:
    """The problem.yaml key that makes the problem multi-pass (legacy `validation: custom
    multi-pass`, later `type: multi-pass`), or None."""
    if "multi-pass" in str(metadata.get("validation", "")).split()[1:]:
        return "validation"
    if "multi-pass" in problem_types(metadata):
        return "type"
    return None


def _passes(path: Path, metadata: dict) -> int:
    """How many passes a test may take: 1, or limits.validation_passes (default 2) of a
    multi-pass problem."""
    key = _multi_pass_key(metadata)
    if key is None:
        return 1
    limits = metadata.get("limits") or {}
    passes = limits.get("validation_passes", DEFAULT_PASSES) if isinstance(limits, dict) else 2
    if isinstance(passes, bool) or not isinstance(passes, int) or passes < 2:
        raise ProblemError(
            path, f"expected an integer of at least 2, got {passes!r}",
            key="limits.validation_passes",
        )
    return passes


def read_package(root: Path, name: str) -> KattisPackage:
    metadata = read_yaml(root / "problem.yaml", required=True)
    passes = _passes(root / "problem.yaml", metadata)
    version = _version(root / "problem.yaml", metadata)
    reader = TestDataReader(
        root,
        groups_are_flat=version is KattisVersion.V2025_09,
        interactive=_is_interactive(metadata),
        defaults={k: v for k, v in metadata.items() if k in GROUP_KEYS_AT_TOP},
    )
    groups = tuple(reader.groups())
    notes: list[Note] = reader.notes
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
        passes=passes,
    )


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
            if child.name != "submissions.yaml":  # read by judge.formats.kattis_expectations
                notes.append(
                    Note(NoteKind.UNSUPPORTED, _shown(root, child), "not a submission folder")
                )
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
                    if p.name.startswith("problem") and p.suffix in (".md", ".tex", ".html", ".pdf")
                )
            )
    return ()


def _shown(root: Path, path: Path) -> str:
    return path.relative_to(root).as_posix()
