"""Problem packages: the only code that reads problem.yaml. Returns frozen dataclasses."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from judge.errors import JudgeError, ProblemError, did_you_mean
from judge.problem.groups import Group, read_groups
from judge.checkers.base import (
    DEFAULT_PROGRAM_MEMORY_KB,
    DEFAULT_PROGRAM_TIME_MS,
    SCORE_FILES,
    CheckerSpec,
)
from judge.checkers.registry import (
    CHECKERS,
    CONVENTIONS,
    DEFAULT_CHECKER,
    checker_kind,
    taken_by,
)
from judge.languages.registry import all_languages, family_members
from judge.verdicts.limits import Limits, MemoryBasis
from judge.problem.root import inside_root
from judge.problem.yamlnodes import MappingReader, compose_file

PROBLEM_FILE = "problem.yaml"
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
DEFAULT_OUTPUT_KB = 65536
# Sane bounds for limits: a typo (an extra zero, KB for MB) is an error, not a silent setting.
TIME_MS_RANGE = (10, 60_000)
MEMORY_KB_RANGE = (1024, 16 * 1024 * 1024)
OUTPUT_KB_RANGE = (1, 1024 * 1024)
WALL_MS_MAX = 600_000
CHECKER_TIME_MS_RANGE = (10, 600_000)
CHECKER_MEMORY_KB_RANGE = (16 * 1024, 16 * 1024 * 1024)
COMPILE_TIME_MS_RANGE = (100, 120_000)
COMPILE_MEMORY_KB_RANGE = (16 * 1024, 16 * 1024 * 1024)
MAX_PASSES = 100  # of a multi-pass problem: each pass is a run under the full limits


@dataclass(frozen=True)
class CompileLimits:
    """Limits of a submission's compile step (it runs isolated, like the submission)."""

    time_ms: int = 10_000  # CPU time
    memory_kb: int = 512 * 1024


@dataclass(frozen=True)
class InteractiveSpec:
    """An interactive problem: the interactor talks to the submission through pipes."""

    protocol: str  # the interactor's convention: kattis or testlib
    program: Path
    time_ms: int = DEFAULT_PROGRAM_TIME_MS  # the interactor's own CPU limit
    memory_kb: int = DEFAULT_PROGRAM_MEMORY_KB  # and its own memory cap (the whole peak)
    # A multi-pass problem (kattis protocol only): the most passes a test may take; 1: one pass.
    passes: int = 1


@dataclass(frozen=True)
class GeneratorSpec:
    program: Path
    default_args: tuple[str, ...]
    stress_args: tuple[str, ...]


@dataclass(frozen=True)
class ValidatorSpec:
    """One input validator: its program and the arguments it always gets."""

    program: Path
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Problem:
    id: str
    title: str
    source: str
    root: Path  # the project root
    limits: Limits
    checker: CheckerSpec
    reference: Path
    generator: GeneratorSpec | None
    validators: tuple[ValidatorSpec, ...]  # every one must accept a test; empty: none
    groups: tuple[Group, ...]
    shrinker: Path | None = None
    compile_limits: CompileLimits = CompileLimits()
    interactive: InteractiveSpec | None = None  # None: the submission's output is checked
    default_python: str = "python3"  # the language of a .py submission: python3 or pypy3
    # Answer validators (`answer_validator` in problem.yaml): each must accept every test's .ans,
    # given its .in (judge.setter.selftests).
    answer_validators: tuple[ValidatorSpec, ...] = ()
    # Why the problem is known to be broken (`broken:` in problem.yaml: an import kept with
    # --keep-broken whose accepted solutions fail on its tests); "" for a sound problem.
    broken: str = ""

    @property
    def language_preferences(self) -> dict[str, str]:
        """Which language of a family a file of the family's extension gets (registry)."""
        return {"python": self.default_python}
    # The online judge runs every test even after one is rejected (problem.yaml `judging:
    # {all_tests: true}`); by default a pass-fail problem stops at its first rejected test.
    all_tests: bool = False

    @property
    def scored(self) -> bool:
        """Whether groups earn points (IOI subtasks) rather than the POJ pass/fail verdict."""
        return any(group.points is not None for group in self.groups)

    @property
    def max_score(self) -> float | None:
        return sum(g.points or 0.0 for g in self.groups) if self.scored else None

    def group_named(self, name: str) -> Group | None:
        return next((group for group in self.groups if group.name == name), None)

    @property
    def validator(self) -> Path | None:
        """The first validator's program (most problems have exactly one)."""
        return self.validators[0].program if self.validators else None

    def validator_args(self, group: str) -> tuple[str, ...]:
        """The arguments the validators get for the tests of `group`."""
        named = self.group_named(group)
        return named.validator_args if named is not None else ()

    @property
    def directory(self) -> Path:
        return self.root / "problems" / self.id

    @property
    def statement(self) -> Path:
        return self.directory / "statement.md"

    @property
    def testdata(self) -> Path:
        return self.root / "testdata" / self.id

    @property
    def solutions(self) -> Path:
        return self.root / "solutions" / self.id


def list_problem_ids(root: Path) -> list[str]:
    """Every folder of problems/ that holds a problem.yaml, even one whose name is not a valid id
    (loading it says so), so that `judge list` shows it as broken rather than hiding it."""
    folder = root / "problems"
    return sorted(p.name for p in folder.iterdir() if (p / PROBLEM_FILE).is_file())


def load_problem(root: Path, problem_id: str) -> Problem:
    """Read problems/<id>/problem.yaml; every error names file, line and key."""
    folder = root / "problems" / problem_id
    folders = list_problem_ids(root)
    if problem_id not in folders:
        raise JudgeError(unknown_problem(problem_id, [f for f in folders if ID_PATTERN.match(f)]))
    if not ID_PATTERN.match(problem_id):
        raise ProblemError(
            folder,
            f"'{problem_id}' is not a valid problem id: name the folder with lower-case letters, "
            "digits, '-' and '_', starting with a letter or a digit",
        )
    path = inside_root(folder / PROBLEM_FILE, root)
    if (folder / "statement.md").exists():
        inside_root(folder / "statement.md", root)
    top = MappingReader.of(path, compose_file(path))
    top.reject_unknown(
        {
            "id",
            "title",
            "source",
            "limits",
            "checker",
            "reference",
            "generator",
            "validator",
            "answer_validator",
            "groups",
            "shrinker",
            "compile",
            "interactive",
            "default_python",
            "judging",
            "broken",
        }
    )
    declared_id = top.string("id")
    if declared_id != problem_id:
        raise top.error("id", f"must equal the folder name '{problem_id}', got '{declared_id}'")
    return Problem(
        id=problem_id,
        title=top.string("title"),
        source=top.string("source"),
        root=root,
        limits=_read_limits(top),
        checker=_read_checker(top, root),
        reference=_read_reference(top, root, problem_id),
        generator=_read_generator(top, root),
        validators=_read_validators(top, root, problem_id),
        answer_validators=_read_validators(top, root, problem_id, "answer_validator"),
        groups=read_groups(top),
        shrinker=_read_optional_program(top, root, problem_id, "shrinker"),
        compile_limits=_read_compile_limits(top),
        interactive=_read_interactive(top, root),
        default_python=top.choice(
            "default_python", tuple(lang.id for lang in family_members("python")),
            default="python3",
        ),
        all_tests=_read_all_tests(top),
        broken=top.string("broken", default=""),
    )


def _read_all_tests(top: MappingReader) -> bool:
    block = top.mapping("judging")
    if block is None:
        return False
    block.reject_unknown({"all_tests"})
    return block.boolean("all_tests", default=False)


def _read_compile_limits(top: MappingReader) -> CompileLimits:
    block = top.mapping("compile")
    if block is None:
        return CompileLimits()
    block.reject_unknown({"time_ms", "memory_kb"})
    default = CompileLimits()
    return CompileLimits(
        time_ms=block.integer("time_ms", default=default.time_ms,
                              minimum=COMPILE_TIME_MS_RANGE[0], maximum=COMPILE_TIME_MS_RANGE[1]),
        memory_kb=block.integer("memory_kb", default=default.memory_kb,
                                minimum=COMPILE_MEMORY_KB_RANGE[0],
                                maximum=COMPILE_MEMORY_KB_RANGE[1]),
    )


def _read_limits(top: MappingReader) -> Limits:
    limits = top.mapping("limits")
    if limits is None:
        raise top.missing("limits", "a mapping with time_ms and memory_kb")
    limits.reject_unknown({"time_ms", "memory_kb", "output_kb", "wall_ms", "memory_basis"})
    time_ms = limits.integer("time_ms", minimum=TIME_MS_RANGE[0], maximum=TIME_MS_RANGE[1])
    basis = limits.choice("memory_basis", tuple(b.value for b in MemoryBasis), default="net")
    return Limits(
        time_ms=time_ms,
        memory_kb=limits.integer(
            "memory_kb", minimum=MEMORY_KB_RANGE[0], maximum=MEMORY_KB_RANGE[1]
        ),
        output_kb=limits.integer(
            "output_kb",
            default=DEFAULT_OUTPUT_KB,
            minimum=OUTPUT_KB_RANGE[0],
            maximum=OUTPUT_KB_RANGE[1],
        ),
        wall_ms=limits.integer(
            "wall_ms", default=2 * time_ms + 1000, minimum=time_ms, maximum=WALL_MS_MAX
        ),
        memory_basis=MemoryBasis(basis),
    )


def _read_checker(top: MappingReader, root: Path) -> CheckerSpec:
    """The checker: a name of judge.checkers.registry, and the keys that checker takes."""
    if isinstance(top.get("checker"), yaml.ScalarNode):  # the short form `checker: float`
        name = top.choice("checker", tuple(CHECKERS), default=DEFAULT_CHECKER)
        if checker_kind(name).convention is not None:
            raise top.error(
                "checker",
                f"a {name} checker needs a program: write {{name: {name}, program: PATH}}",
            )
        return CheckerSpec(name=name)
    checker = top.mapping("checker")
    if checker is None:
        return CheckerSpec(name=DEFAULT_CHECKER)
    settings = dict.fromkeys(key for kind in CHECKERS.values() for key in kind.settings)
    checker.reject_unknown({"name", *settings})
    name = checker.choice("name", tuple(CHECKERS), default=DEFAULT_CHECKER)
    kind = checker_kind(name)
    for key in settings:
        if key not in kind.settings and checker.get(key) is not None:
            raise checker.error(key, taken_by(key))
    args = checker.string_list("args")
    if kind.check_args is not None:
        try:
            kind.check_args(args)
        except ValueError as exc:
            raise checker.error("args", str(exc)) from None
    if kind.convention is not None:
        if checker.get("program") is None:
            raise checker.missing("program", f"the path of the {name} checker program")
        return CheckerSpec(
            name=name,
            program=_read_program(checker, "program", root),
            time_ms=_program_time_ms(checker),
            memory_kb=_program_memory_kb(checker),
            args=args,
            passes=checker.integer("passes", default=1, minimum=1, maximum=MAX_PASSES),
            score_file=checker.choice("score_file", SCORE_FILES, default=SCORE_FILES[0]),
        )
    return CheckerSpec(
        name=name,
        abs_tol=checker.number("abs_tol", default=1e-6),
        rel_tol=checker.number("rel_tol", default=1e-6),
        args=args,
    )


def _program_time_ms(reader: MappingReader) -> int:
    """The CPU limit of a checker's or an interactor's program."""
    return reader.integer(
        "time_ms",
        default=DEFAULT_PROGRAM_TIME_MS,
        minimum=CHECKER_TIME_MS_RANGE[0],
        maximum=CHECKER_TIME_MS_RANGE[1],
    )


def _program_memory_kb(reader: MappingReader) -> int:
    """The memory cap of a checker's or an interactor's program."""
    return reader.integer(
        "memory_kb",
        default=DEFAULT_PROGRAM_MEMORY_KB,
        minimum=CHECKER_MEMORY_KB_RANGE[0],
        maximum=CHECKER_MEMORY_KB_RANGE[1],
    )


def _read_interactive(top: MappingReader, root: Path) -> InteractiveSpec | None:
    interactive = top.mapping("interactive")
    if interactive is None:
        return None
    if top.get("checker") is not None:
        raise top.error(
            "checker", "an interactive problem is judged by its interactor; remove 'checker'"
        )
    interactive.reject_unknown({"protocol", "program", "time_ms", "memory_kb", "passes"})
    if interactive.get("protocol") is None:
        raise interactive.missing("protocol", f"one of {', '.join(CONVENTIONS)}")
    if interactive.get("program") is None:
        raise interactive.missing("program", "the path of the interactor program")
    protocol = interactive.choice("protocol", tuple(CONVENTIONS), default="testlib")
    return InteractiveSpec(
        protocol=protocol,
        program=_read_program(interactive, "program", root),
        time_ms=_program_time_ms(interactive),
        memory_kb=_program_memory_kb(interactive),
        passes=_interactive_passes(interactive, protocol),
    )


def _interactive_passes(interactive: MappingReader, protocol: str) -> int:
    """How many passes a test may take; only a Kattis interactor writes nextpass.in."""
    passes = interactive.integer("passes", default=1, minimum=1, maximum=MAX_PASSES)
    if passes > 1 and protocol != "kattis":
        raise interactive.error("passes", "multi-pass needs the kattis protocol (nextpass.in)")
    return passes


def _read_generator(top: MappingReader, root: Path) -> GeneratorSpec | None:
    generator = top.mapping("generator")
    if generator is None:
        return None
    generator.reject_unknown({"program", "default_args", "stress_args"})
    return GeneratorSpec(
        program=_read_program(generator, "program", root),
        default_args=generator.string_list("default_args"),
        stress_args=generator.string_list("stress_args"),
    )


def _read_optional_program(
    top: MappingReader, root: Path, problem_id: str, key: str
) -> Path | None:
    """The path problem.yaml gives, else problems/<id>/<key>.py when that file exists."""
    if top.get(key) is not None:
        return _read_program(top, key, root)
    default = root / "problems" / problem_id / f"{key}.py"
    return inside_root(default, root) if default.is_file() else None


def _read_validators(
    top: MappingReader, root: Path, problem_id: str, key: str = "validator"
) -> tuple[ValidatorSpec, ...]:
    """`KEY: PATH`, or a list of `{program, args}`; default problems/<id>/KEY.py."""
    node = top.get(key)
    if not isinstance(node, yaml.SequenceNode):
        program = _read_optional_program(top, root, problem_id, key)
        return (ValidatorSpec(program),) if program is not None else ()
    if not node.value:
        raise top.error(key, "expected a path or a non-empty list of {program, args}")
    validators = []
    for index, item in enumerate(node.value):
        entry = MappingReader.of(top.path, item, prefix=f"{key}[{index}].")
        entry.reject_unknown({"program", "args"})
        validators.append(
            ValidatorSpec(_read_program(entry, "program", root), entry.string_list("args"))
        )
    return tuple(validators)


def _read_reference(top: MappingReader, root: Path, problem_id: str) -> Path:
    if top.get("reference") is not None:
        return _read_program(top, "reference", root)
    default = root / "solutions" / problem_id / "reference.py"
    if not default.is_file():
        raise ProblemError(
            top.path,
            f"no reference solution: there is no 'reference' key and the default "
            f"solutions/{problem_id}/reference.py does not exist",
        )
    return inside_root(default, root)


def _read_program(reader: MappingReader, key: str, root: Path) -> Path:
    """A program's path: a file inside the project whose extension names a known language."""
    relative = reader.string(key)
    if Path(relative).is_absolute() or ".." in Path(relative).parts:
        raise reader.error(key, f"expected a path inside the project root, got '{relative}'")
    path = root / relative
    if path.is_dir():
        raise reader.error(key, f"{relative} is a folder; expected a program file")
    if not path.is_file():
        raise reader.error(key, f"file not found: {relative}")
    extensions = list(dict.fromkeys(ext for lang in all_languages() for ext in lang.extensions))
    if path.suffix.lower() not in extensions:
        raise reader.error(
            key,
            f"cannot tell the language of {relative} from its extension "
            f"(known: {', '.join(extensions)})",
        )
    return inside_root(path, root)


def unknown_problem(problem_id: str, known: list[str]) -> str:
    message = f"unknown problem '{problem_id}'"
    hint = did_you_mean(problem_id, known)
    if hint.startswith(";"):
        return message + hint
    return message + f" (known problems: {', '.join(known) or 'none'})"
