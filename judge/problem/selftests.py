"""A problem's self-tests: cases its own validators and checker must reject (or accept).

They live beside the tests, one folder per kind (the names of the Kattis format, 2025-09, and
valid_input for Polygon's validator tests that must pass):

    testdata/<id>/invalid_input/NAME.in                    the validators must reject NAME.in
    testdata/<id>/valid_input/NAME.in                      the validators must accept NAME.in
    testdata/<id>/invalid_answer/NAME.in, NAME.ans         an answer validator must reject NAME.ans
    testdata/<id>/invalid_output/NAME.in, .ans, .out       the checker must reject NAME.out
    testdata/<id>/valid_output/NAME.in, .ans, .out         the checker must accept NAME.out

NAME.args, when present, holds the validators' arguments for the case (words on one line), as a
group's `validator_args` does for a test. The folders are not tests: no submission runs on them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

from judge.errors import ProblemError
from judge.problem.root import inside_root
from judge.problem.spec import Problem


class SelfTestKind(enum.Enum):
    INVALID_INPUT = "invalid_input"
    VALID_INPUT = "valid_input"
    INVALID_ANSWER = "invalid_answer"
    INVALID_OUTPUT = "invalid_output"
    VALID_OUTPUT = "valid_output"

    @property
    def suffixes(self) -> tuple[str, ...]:
        """The files a case of this kind has, besides the optional .args."""
        if self in (SelfTestKind.INVALID_INPUT, SelfTestKind.VALID_INPUT):
            return (".in",)
        if self is SelfTestKind.INVALID_ANSWER:
            return (".in", ".ans")
        return (".in", ".ans", ".out")


ARGS_SUFFIX = ".args"


@dataclass(frozen=True)
class SelfTest:
    kind: SelfTestKind
    name: str  # "invalid_input/zero": the folder and the stem
    input_path: Path
    answer_path: Path | None = None  # invalid_answer and the output kinds
    output_path: Path | None = None  # the output kinds
    validator_args: tuple[str, ...] = ()


def discover_selftests(problem: Problem) -> tuple[SelfTest, ...]:
    """Every self-test of the problem, kind by kind and by name; () when there is none. A case
    that lacks one of its files, or a file that belongs to no case, is a ProblemError."""
    found: list[SelfTest] = []
    for kind in SelfTestKind:
        folder = problem.testdata / kind.value
        if folder.is_dir():
            found += _cases_in(folder, kind, problem.root)
    return tuple(found)


def _cases_in(folder: Path, kind: SelfTestKind, root: Path) -> list[SelfTest]:
    inside_root(folder, root)
    files = {p.name: p for p in folder.iterdir() if not p.name.startswith(".")}
    stems = sorted({Path(name).stem for name in files})
    allowed = (*kind.suffixes, ARGS_SUFFIX)
    for name, path in sorted(files.items()):
        if path.is_dir() or Path(name).suffix not in allowed:
            raise ProblemError(
                path, f"not part of a {kind.value} case (expected {', '.join(allowed)} files)"
            )
    cases = []
    for stem in stems:
        paths = {}
        for suffix in kind.suffixes:
            path = folder / f"{stem}{suffix}"
            if not path.is_file():
                raise ProblemError(path, f"missing: a {kind.value} case has "
                                   f"{', '.join(stem + s for s in kind.suffixes)}")
            paths[suffix] = inside_root(path, root)
        cases.append(
            SelfTest(
                kind=kind,
                name=f"{kind.value}/{stem}",
                input_path=paths[".in"],
                answer_path=paths.get(".ans"),
                output_path=paths.get(".out"),
                validator_args=_args(folder / f"{stem}{ARGS_SUFFIX}"),
            )
        )
    return cases


def _args(path: Path) -> tuple[str, ...]:
    if not path.is_file():
        return ()
    try:
        return tuple(path.read_text(encoding="utf-8").split())
    except (OSError, UnicodeDecodeError) as exc:
        raise ProblemError(path, f"cannot read: {exc}") from None
