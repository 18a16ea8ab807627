"""Every checker a problem can name, and the conventions its judging programs follow: one table.

A checker is either built in (a function of the output, the answer and the problem's checker
settings) or a program of the problem setter's that follows a convention (testlib, Kattis:
judge.checkers.conventions); an interactor follows one of the same conventions, named by its
`protocol`. problem.yaml's parser, the runner, the interactive runner and `judge show` all look a
name up here, so adding a checker is one line in CHECKERS (and, for a built-in one, its function
in judge.checkers.builtin).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from judge.checkers.base import CheckerSpec, CheckResult
from judge.checkers.builtin import check_exact, check_float, check_kattis_default, check_tokens
from judge.checkers.conventions import KATTIS, TESTLIB, Convention
from judge.checkers.kattis_flags import parse_default_flags

Compare = Callable[[bytes, bytes, CheckerSpec], CheckResult]
PROGRAM_SETTINGS = ("program", "time_ms", "memory_kb", "args")  # what a checker program is given


@dataclass(frozen=True)
class CheckerKind:
    """A checker name and what it means: how it checks, and which problem.yaml keys it takes."""

    name: str
    compare: Compare | None = None  # a built-in checker
    convention: Convention | None = None  # a checker program that follows this convention
    settings: tuple[str, ...] = ()  # problem.yaml keys it takes beside `name`
    check_args: Callable[[tuple[str, ...]], object] | None = None  # raises ValueError if bad
    shown: Callable[[CheckerSpec], str] | None = None  # its settings, for `judge show`

    def describe(self, spec: CheckerSpec) -> str:
        """The checker and the settings that change its verdicts."""
        if self.convention is not None and spec.program is not None:
            passes = f", up to {spec.passes} passes" if spec.passes > 1 else ""
            return (f"{self.name} program {spec.program.name} (time limit {spec.time_ms} ms"
                    f"{passes})")
        return f"{self.name} ({self.shown(spec)})" if self.shown else self.name


CHECKERS: Mapping[str, CheckerKind] = MappingProxyType({kind.name: kind for kind in (
    CheckerKind("tokens", check_tokens),
    CheckerKind("exact", check_exact),
    CheckerKind(
        "float",
        check_float,
        settings=("abs_tol", "rel_tol"),
        shown=lambda spec: f"abs_tol {spec.abs_tol:g}, rel_tol {spec.rel_tol:g}",
    ),
    CheckerKind(
        "kattis-default", check_kattis_default, settings=("args",), check_args=parse_default_flags
    ),
    CheckerKind("testlib", convention=TESTLIB, settings=PROGRAM_SETTINGS),
    # `passes`: a multi-pass problem (judge.judging.multi_pass): the validator's nextpass.in is
    # the submission's input for the next pass, up to this many passes. `score_file`: what its
    # score.txt holds (judge.checkers.base.SCORE_FILES).
    CheckerKind("kattis", convention=KATTIS, settings=(*PROGRAM_SETTINGS, "passes", "score_file")),
)})
DEFAULT_CHECKER = "tokens"
# The conventions by name: a checker program's, and an interactor's `protocol`.
CONVENTIONS: Mapping[str, Convention] = MappingProxyType(
    {kind.name: kind.convention for kind in CHECKERS.values() if kind.convention is not None}
)


def checker_kind(name: str) -> CheckerKind:
    """The checker called `name` (a name problem.yaml's parser accepted: one of CHECKERS)."""
    return CHECKERS[name]


def taken_by(key: str) -> str:
    """Which checkers take a problem.yaml key, for an error message."""
    names = [kind.name for kind in CHECKERS.values() if key in kind.settings]
    if len(names) == 1:
        return f"only the {names[0]} checker takes '{key}'"
    return f"only {', '.join(names)} checkers take '{key}'"
