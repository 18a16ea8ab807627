"""What every checker is given (its settings from problem.yaml) and returns."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judge.verdicts.verdict import Verdict

DEFAULT_PROGRAM_TIME_MS = 10000  # the CPU limit of a checker's or an interactor's program
# Its memory cap: the setter's program is trusted, but a bug (or a submission's endless line)
# must end as its own JE, never as the host's OOM killer.
DEFAULT_PROGRAM_MEMORY_KB = 1024 * 1024


@dataclass(frozen=True)
class CheckerSpec:
    name: str  # one of judge.checkers.registry.CHECKERS
    abs_tol: float = 1e-6
    rel_tol: float = 1e-6
    program: Path | None = None  # for a checker program (testlib, kattis)
    time_ms: int = DEFAULT_PROGRAM_TIME_MS  # limit for a checker program
    memory_kb: int = DEFAULT_PROGRAM_MEMORY_KB  # its memory cap (the whole peak)
    # kattis-default: its flags (float_tolerance 1e-6, case_sensitive, ...); testlib and kattis:
    # extra arguments after the convention's own (Kattis packages call them validator_flags).
    args: tuple[str, ...] = ()
    # A multi-pass problem (kattis checker only): the most passes a test may take; 1: one pass.
    passes: int = 1
    # What the kattis checker's feedback_dir/score.txt holds: a fraction of the test's value
    # (this project's convention) or the test's points, as Kattis packages mean it
    # (SCORE_FILES). score_multiplier.txt is a fraction either way.
    score_file: str = "fraction"


SCORE_FILES = ("fraction", "points")


@dataclass(frozen=True)
class CheckResult:
    verdict: Verdict  # AC, PA, PE, WA, or JE when the checker itself failed
    message: str = ""  # one line for the table
    details: str = ""  # several lines: where the output differs, with context and hints
    fraction: float | None = None  # partial points (0 to 1) when the checker gave them
    # The test's points as the checker gave them (score.txt in points): turned into a share of
    # the test's value when its group is graded (judge.judging.scoring), which knows that value.
    points: float | None = None
