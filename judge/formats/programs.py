"""Programs of a foreign package (validators, checkers, solutions) placed into this project.

A package program is a file or a folder. This judge runs one source file per program in a
language it knows (judge.languages), so:
- a source file is copied (`.C` and `.c++` C++ files are renamed `.cpp`, `.py3` Python 3 ones
  `.py`), a C or C++ one with the headers beside it;
- a Checktestdata validator (`.ctd`) is converted into a standalone Python validator with the
  `checktestdata` package (exit 42 valid, 43 invalid, as Kattis expects);
- a folder with exactly one source file is copied whole (headers beside the source stay
  reachable by `#include "..."`), and that source is run;
- anything else (a VIVA file, `build`/`run` scripts, several sources, an unknown language) is not
  supported: the caller keeps a copy and lists it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from judge.formats.draft import FileCopy, NewFile, Note, NoteKind
from judge.languages.registry import UnknownLanguage, detect_language

# Names this judge does not know: C++ spelled .C or .c++, and Python 3 spelled .py3 (the Kattis
# languages table lists .py3 for Python 3; .py is Python 3 here).
RENAMED_SUFFIXES = {".C": ".cpp", ".c++": ".cpp", ".py3": ".py"}
HEADER_SUFFIXES = (".h", ".hpp", ".hh", ".hxx")
BUILD_SCRIPTS = ("build", "run")


@dataclass(frozen=True)
class PlacedProgram:
    main: str  # the target path of the file to run, relative to the project root
    files: tuple[FileCopy | NewFile, ...]
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True)
class Refused:
    """A program this judge cannot run, with the reason."""

    note: Note


def place_program(entry: Path, target_dir: str, shown: str) -> PlacedProgram | Refused:
    """Copy the program `entry` (file or folder) under `target_dir`; `shown` names it in notes."""
    if entry.is_dir():
        return _place_folder(entry, f"{target_dir}/{entry.name}", shown)
    if entry.suffix == ".ctd":
        return _convert_checktestdata(entry, target_dir, shown)
    if entry.suffix == ".viva":
        return _refuse(shown, "a VIVA validator needs the VIVA tool (Java), which is not used here")
    name = _renamed(entry.name)
    reason = _unrunnable(entry, name)
    if reason:
        return _refuse(shown, reason)
    copies = [FileCopy(entry, f"{target_dir}/{name}")]
    if Path(name).suffix in (".c", ".cpp", ".cc", ".cxx"):
        # Headers beside a C or C++ program (validation.h, testlib.h) are its to include.
        copies += [
            FileCopy(header, f"{target_dir}/{header.name}")
            for header in sorted(entry.parent.iterdir())
            if header.is_file() and header.suffix in HEADER_SUFFIXES
        ]
    return PlacedProgram(f"{target_dir}/{name}", tuple(copies))


def _place_folder(folder: Path, target_dir: str, shown: str) -> PlacedProgram | Refused:
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    scripts = [p.relative_to(folder).as_posix() for p in files if p.name in BUILD_SCRIPTS]
    if scripts:
        named = " and ".join(f"{shown}/{script}" for script in scripts)
        return _refuse(shown, f"a program built or run by its own scripts ({named}) is not "
                       "supported: only one C, C++ or Python source per program is run here")
    sources = [p for p in files if _language_of(p) is not None]
    if len(sources) != 1:
        found = ", ".join(p.name for p in sources) or "none"
        return _refuse(shown, f"expected exactly one source file in the folder, found {found}")
    copies = []
    main = ""
    for path in files:
        relative = path.relative_to(folder).as_posix()
        if path == sources[0]:
            relative = str(Path(relative).with_name(_renamed(path.name)))
            main = f"{target_dir}/{relative}"
        copies.append(FileCopy(path, f"{target_dir}/{relative}"))
    reason = _unrunnable(sources[0], Path(main).name)
    if reason:
        return _refuse(shown, reason)
    return PlacedProgram(main, tuple(copies))


def _convert_checktestdata(entry: Path, target_dir: str, shown: str) -> PlacedProgram | Refused:
    from checktestdata.parser import ParserException, parse
    from checktestdata.tokenizer import tokenize

    try:
        code = parse(tokenize(entry.read_bytes())).python_code(standalone=True)
    except ParserException as exc:
        return _refuse(shown, f"Checktestdata program does not parse: {exc}")
    except Exception as exc:  # the tokenizer raises its own exception types
        return _refuse(shown, f"Checktestdata program does not parse: {exc}")
    header = f"# Converted from {entry.name} (Checktestdata) by judge import; do not edit.\n"
    target = f"{target_dir}/{entry.stem}_ctd.py"
    note = Note(NoteKind.CONVERTED, shown, f"Checktestdata converted to {Path(target).name}")
    return PlacedProgram(
        target,
        (NewFile(target, (header + code).encode()), FileCopy(entry, f"{target_dir}/{entry.name}")),
        (note,),
    )


def _unrunnable(path: Path, name: str) -> str:
    """Why this judge cannot run the source `path` (to be named `name`), or ''."""
    if name.endswith(".py") and "python2" in _first_line(path):
        return "Python 2 is not supported"
    if name.endswith(".py"):
        problem = _python3_syntax_error(path)
        if problem:
            return f"not Python 3 (Python 2 is not supported): {problem}"
    try:
        detect_language(Path(name), None)
    except UnknownLanguage as exc:
        return str(exc)
    return ""


def _python3_syntax_error(path: Path) -> str:
    """Why `path` does not parse as Python 3, or ''. Kattis tells Python 2 from Python 3 by the
    shebang when there is one, and otherwise by which of the two accepts the source."""
    try:
        ast.parse(path.read_bytes(), filename=path.name)
    except SyntaxError as exc:
        return f"line {exc.lineno}: {exc.msg}"
    except ValueError as exc:  # null bytes
        return str(exc)
    return ""


def _language_of(path: Path) -> str | None:
    try:
        return detect_language(Path(_renamed(path.name)), None).id
    except UnknownLanguage:
        return None


def _renamed(name: str) -> str:
    suffix = Path(name).suffix
    if suffix not in RENAMED_SUFFIXES:
        return name
    return str(Path(name).with_suffix(RENAMED_SUFFIXES[suffix]))


def _first_line(path: Path) -> str:
    """The shebang line, if any: Kattis tells Python 2 from Python 3 by it."""
    with open(path, "rb") as handle:
        line = handle.readline(200).decode(errors="replace")
    return line if line.startswith("#!") else ""


def _refuse(shown: str, reason: str) -> Refused:
    return Refused(Note(NoteKind.UNSUPPORTED, shown, reason))
