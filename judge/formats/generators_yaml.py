"""BAPCtools' generators/generators.yaml read into a plan: which test each data/ path gets, and
how (a generator command with its seed, a file copied from generators/, or text given inline).

The common subset of BAPCtools' doc/generators.md is read; anything else is refused naming the
file and the key, so that an import never builds tests other than those the author meant:

- a folder is a mapping with `data:` (a mapping of names, or a list of one-entry mappings that
  numbers its tests 01-name, 02-name, ...), and may give `testdata.yaml` / `test_group.yaml`
  (the group's settings), `solution` (what writes the .ans files), `random_salt`, `visualizer`
  (not run here);
- a test is a command string (`gen.py 10 {seed}`: a program in generators/ or a name of the
  top-level `generators:` mapping, then its arguments), a path to a `.in` file in generators/,
  or a mapping with `generate`, `copy`, `in`, `ans`, `desc`, `hint`, `solution`, `random_salt`;
- `{seed}` / `{seed:N}` become int(sha512(random_salt + command)) mod 2^31, the command as
  written (so the same line always gives the same test); `{name}` becomes the test's name.

One program answers every generated test (the reference of the imported problem), so a
`solution:` that differs between folders is refused.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from judge.errors import ProblemError
from judge.formats.archive import resolve_inside
from judge.formats.kattis_testdata import GROUP_FILES, read_yaml

GENERATORS_FILE = PurePosixPath("generators/generators.yaml")
SEED = re.compile(r"\{seed(?::[0-9]+)?\}")
NAME = "{name}"
SEED_MODULUS = 2**31
TOP_FOLDERS = ("sample", "secret")
FOLDER_KEYS = {"type", "data", "solution", "visualizer", "random_salt", *GROUP_FILES}
TEST_KEYS = {"type", "generate", "copy", "in", "ans", "desc", "hint", "solution", "visualizer",
             "random_salt"}
ROOT_KEYS = FOLDER_KEYS | {"generators", "version"}
COPIED_SUFFIXES = (".in", ".ans", ".desc", ".hint")


@dataclass(frozen=True)
class PlannedTest:
    """One test of data/: `path` is relative to data/ without a suffix ("secret/small/01-a")."""

    path: str
    key: str  # where generators.yaml says it: "data.secret.data.small.data[0].a"
    command: str | None = None  # the generator command as written, when a generator makes it
    program: str | None = None  # the generator's file, relative to generators/
    args: tuple[str, ...] = ()  # its arguments, {seed} and {name} filled in
    seed: int | None = None
    input: bytes | Path | None = None  # given inline or copied; None: the generator makes it
    answer: bytes | Path | None = None  # None: the solution writes it
    note: str | None = None  # desc and hint


@dataclass(frozen=True)
class PlannedFolder:
    path: str  # relative to data/: "secret/small"
    settings: dict  # its testdata.yaml / test_group.yaml, to be written there
    settings_file: str


@dataclass(frozen=True)
class GeneratorsPlan:
    tests: tuple[PlannedTest, ...]
    folders: tuple[PlannedFolder, ...]
    solution: str | None  # the solution that writes answers, relative to the package root
    visualizer_keys: tuple[str, ...]  # keys naming a visualizer: not run here, listed
    unread_keys: tuple[str, ...] = ()  # folder keys for other tools (BAPCtools allows them)


def has_generators(root: Path) -> bool:
    return (root / GENERATORS_FILE).is_file()


def seed_of(command: str, salt: str = "") -> int:
    """The seed BAPCtools gives `{seed}` in `command` (as written, salt in front)."""
    digest = hashlib.sha512((salt + command).encode("utf-8")).hexdigest()
    return int(digest, 16) % SEED_MODULUS


def read_plan(root: Path) -> GeneratorsPlan:
    path = root / GENERATORS_FILE
    top = read_yaml(path)
    reader = _PlanReader(root, path, _aliases(path, top.get("generators")))
    reader.unread += [str(name) for name in top if name not in ROOT_KEYS]
    reader.folder(top, "", "", _Inherited(_solution(path, "solution", top.get("solution")), ""))
    for name in sorted(_data_names(path, top)):
        if name not in TOP_FOLDERS:
            raise ProblemError(path, "only sample and secret are test folders", key=f"data.{name}")
    if not any(t.path.startswith("secret/") for t in reader.tests):
        raise ProblemError(path, "makes no test in data/secret", key="data.secret")
    solutions = {s for s in reader.solutions if s is not None}
    if len(solutions) > 1:
        raise ProblemError(
            path,
            "different solutions write answers here (" + ", ".join(sorted(solutions)) + "); "
            "this judge answers every generated test with one reference",
            key="solution",
        )
    return GeneratorsPlan(
        tuple(reader.tests),
        tuple(reader.folders),
        next(iter(solutions), None),
        tuple(reader.visualizers),
        tuple(reader.unread),
    )


@dataclass(frozen=True)
class _Inherited:
    solution: str | None  # "" once a folder says `solution:` with nothing (no answers made)
    salt: str


class _PlanReader:
    def __init__(self, root: Path, path: Path, aliases: dict[str, str]):
        self.root = root
        self.path = path  # generators.yaml, for messages
        self.aliases = aliases  # names of the `generators:` mapping -> their main file
        self.tests: list[PlannedTest] = []
        self.folders: list[PlannedFolder] = []
        self.solutions: list[str | None] = []
        self.visualizers: list[str] = []
        self.unread: list[str] = []  # folder keys left to other tools

    def folder(self, node: dict, data_path: str, key: str, inherited: _Inherited) -> None:
        settings = [name for name in GROUP_FILES if name in node]
        if settings and data_path:
            self.folders.append(
                PlannedFolder(data_path, _mapping(self.path, f"{key}.{settings[0]}",
                                                  node[settings[0]]), settings[0])
            )
        inherited = self._inherit(node, key, inherited)
        for name, child, child_key in self._children(node, key):
            child_path = f"{data_path}/{name}" if data_path else name
            if _is_folder(child):
                self._note_unread(child_key, child)
                self.folder(child, child_path, child_key, inherited)
            elif not data_path:
                raise ProblemError(self.path, "expected a folder (sample or secret) with data:",
                                   key=child_key)
            else:
                self.test(child, child_path, child_key, inherited)

    def _note_unread(self, key: str, node: dict) -> None:
        """A folder's keys this reader does not know: BAPCtools leaves them to other tools."""
        where = f"{key}." if key else ""
        self.unread += [f"{where}{name}" for name in node if name not in FOLDER_KEYS]

    def _inherit(self, node: dict, key: str, inherited: _Inherited) -> _Inherited:
        where = f"{key}." if key else ""
        if "visualizer" in node and node["visualizer"]:
            self.visualizers.append(f"{where}visualizer")
        solution = inherited.solution
        if "solution" in node:
            solution = _solution(self.path, f"{where}solution", node["solution"]) or ""
        salt = str(node["random_salt"]) if "random_salt" in node else inherited.salt
        return _Inherited(solution, salt)

    def _children(self, node: dict, key: str):
        """(name, value, key) of each entry of `data:`, numbered when `data:` is a list."""
        data = node.get("data")
        where = f"{key}." if key else ""
        if data is None:
            return []
        if isinstance(data, dict):
            return [(str(name), value, f"{where}data.{name}") for name, value in data.items()]
        if not isinstance(data, list):
            raise ProblemError(self.path, "expected a mapping or a list of mappings",
                               key=f"{where}data")
        width = len(str(len(data)))
        entries = []
        for number, item in enumerate(data, start=1):
            item_key = f"{where}data[{number - 1}]"
            if not isinstance(item, dict) or len(item) != 1:
                raise ProblemError(self.path, "expected a mapping of one name", key=item_key)
            (name, value), = item.items()
            name = "" if name is None else str(name)  # `~:` numbers a test without a name
            if isinstance(value, dict) and "data" in value:
                raise ProblemError(self.path, "a folder inside a numbered list is not supported "
                                   "here; give folders in a mapping", key=f"{item_key}.{name}")
            prefix = f"{number:0{width}d}"
            entries.append((f"{prefix}-{name}" if name else prefix, value, f"{item_key}.{name}"))
        return entries

    def test(self, node, data_path: str, key: str, inherited: _Inherited) -> None:
        name = PurePosixPath(data_path).name
        if isinstance(node, str) or node is None:
            node = {"generate": node}
        if not isinstance(node, dict):
            raise ProblemError(self.path, "expected a command or a mapping", key=key)
        _reject_unknown(self.path, key, node, TEST_KEYS)
        inherited = self._inherit(node, key, inherited)
        self.solutions.append(inherited.solution or None)
        note = " / ".join(str(node[k]).strip() for k in ("desc", "hint") if node.get(k)) or None
        planned = PlannedTest(data_path, key, note=note)
        if node.get("copy") is not None:
            planned = self._copied(planned, str(node["copy"]), f"{key}.copy")
        command = node.get("generate")
        words = command.split() if isinstance(command, str) else []
        if len(words) == 1 and words[0].endswith(".in"):  # a file to copy, not a program
            planned = self._copied(planned, words[0][:-3], f"{key}.generate")
        elif command is not None:
            planned = self._generated(planned, str(command), name, inherited.salt,
                                      f"{key}.generate")
        elif "generate" in node and "in" not in node and "copy" not in node:
            planned = self._manual(planned, data_path, key)
        for field_name, suffix in (("in", "input"), ("ans", "answer")):
            if node.get(field_name) is not None:
                planned = _replace(planned, **{suffix: str(node[field_name]).encode()})
        if planned.input is None and planned.command is None:
            raise ProblemError(self.path, "makes no input: give generate, copy or in", key=key)
        if planned.answer is None and inherited.solution == "":
            raise ProblemError(self.path, "has no .ans and no solution: to write one",
                               key=key)
        self.tests.append(planned)

    def _manual(self, planned: PlannedTest, data_path: str, key: str) -> PlannedTest:
        """An empty entry: a test written by hand, found in the package's data/."""
        found = self.root / "data" / f"{data_path}.in"
        if not found.is_file():
            raise ProblemError(self.path, f"an empty entry, but data/{data_path}.in is not in "
                               "the package", key=key)
        answer = found.with_suffix(".ans")
        return _replace(
            planned,
            input=resolve_inside(self.root, found),
            answer=resolve_inside(self.root, answer) if answer.is_file() else None,
        )

    def _copied(self, planned: PlannedTest, stem: str, key: str) -> PlannedTest:
        base = self.root / "generators" / stem.lstrip("/")
        found = {s: base.with_name(base.name + s) for s in COPIED_SUFFIXES}
        if not found[".in"].is_file():
            raise ProblemError(self.path, f"generators/{stem}.in not found", key=key)
        found = {s: resolve_inside(self.root, p) for s, p in found.items() if p.is_file()}
        notes = [found[s].read_text(errors="replace").strip()
                 for s in (".desc", ".hint") if s in found]
        return _replace(
            planned,
            input=found[".in"],
            answer=found.get(".ans", planned.answer),
            note=planned.note or " / ".join(notes) or None,
        )

    def _generated(
        self, planned: PlannedTest, command: str, name: str, salt: str, key: str
    ) -> PlannedTest:
        if len(SEED.findall(command)) > 1:
            raise ProblemError(self.path, "{seed} may appear once in a command", key=key)
        words = command.split()
        if not words:
            raise ProblemError(self.path, "an empty command", key=key)
        program = self._program(words[0], key)
        seed = seed_of(command, salt) if SEED.search(command) else None
        args = tuple(
            SEED.sub(str(seed), word).replace(NAME, name) if seed is not None
            else word.replace(NAME, name)
            for word in words[1:]
        )
        if any("{" in a and "}" in a for a in args):
            raise ProblemError(self.path, "only {seed} and {name} are filled in here "
                               f"(in '{command}')", key=key)
        return _replace(planned, command=command, program=program, args=args, seed=seed)

    def _program(self, word: str, key: str) -> str:
        relative = self.aliases.get(word, word.lstrip("/"))
        source = self.root / "generators" / relative
        if source.is_dir():
            raise ProblemError(self.path, f"generators/{relative} is a folder: generators of "
                               "several files are supported only through the generators: "
                               "mapping", key=key)
        if not source.is_file():
            raise ProblemError(self.path, f"no generator generators/{relative}", key=key)
        resolve_inside(self.root, source)  # a link or ../ out of the package is refused
        return relative


def _is_folder(node) -> bool:
    """A folder has data: or says so (an empty mapping is an empty folder); else a test."""
    return isinstance(node, dict) and (
        not node or "data" in node or node.get("type") == "directory"
    )


def _aliases(path: Path, node) -> dict[str, str]:
    """The `generators:` mapping: each name's first file is its program (the others sit beside
    it in generators/, where it finds them)."""
    if node is None:
        return {}
    if not isinstance(node, dict):
        raise ProblemError(path, "expected a mapping of names to lists of files",
                           key="generators")
    aliases = {}
    for name, files in node.items():
        if not isinstance(files, list) or not files or not all(isinstance(f, str) for f in files):
            raise ProblemError(path, "expected a list of files", key=f"generators.{name}")
        aliases[str(name)] = files[0]
    return aliases


def _solution(path: Path, key: str, value) -> str | None:
    """A `solution:` value as a path relative to the package root ('' or None: none)."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value.split()) != 1:
        raise ProblemError(path, "expected the path of one program (arguments are not "
                           "supported here)", key=key)
    return value.lstrip("/")


def _data_names(path: Path, top: dict) -> list[str]:
    data = top.get("data")
    if data is None:
        raise ProblemError(path, "no data: nothing to generate", key="data")
    if not isinstance(data, dict):
        raise ProblemError(path, "expected a mapping with sample and secret", key="data")
    return [str(name) for name in data]


def _mapping(path: Path, key: str, value) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ProblemError(path, "expected a mapping", key=key)
    return value


def _reject_unknown(path: Path, key: str, node: dict, known: set[str]) -> None:
    for name in node:
        if name not in known:
            where = f"{key}.{name}" if key else str(name)
            raise ProblemError(path, "not supported by this judge's generators.yaml reader",
                               key=where)


def _replace(planned: PlannedTest, **changes) -> PlannedTest:
    return dataclasses.replace(planned, **changes)
