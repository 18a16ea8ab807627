"""The conventions of the problem setter's judging programs: checkers and interactors.

    testlib  checker     checker input output answer              exit 0 AC, 1 WA, 2 PE, 7 points,
             interactor  interactor input output_log answer       3 failed (its own fault)
    Kattis   checker     checker input answer feedback_dir < output   exit 42 AC, 43 WA
             interactor  interactor input answer feedback_dir

An interactor reads the submission's output on its stdin and writes the submission's input on its
stdout. Partial points, as a fraction of the test's value from 0 to 1: testlib exits 7 and writes
`points X` (testlib's `quitp`), Kattis writes X to feedback_dir/score.txt (or, 2025-09,
score_multiplier.txt) and exits 42. Kattis packages mean score.txt as the test's points, not a
fraction: with `score_file: points` the value is kept as points, and the group's grading turns it
into a share of the test's value (judge.judging.scoring); a score_multiplier.txt below 1 then
leaves the test accepted (AC with a fraction, not PA), as Kattis accepts it. Writing a score and
rejecting, or writing both files, is the program's fault (JE), as the Kattis format says.

A program that crashes, hangs, or exits outside its convention yields JE with the reason: a
broken checker must never accept. A Python traceback on its stderr counts as a crash whatever
the exit code, since an uncaught exception exits 1, which testlib would read as WA.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from judge.checkers.base import CheckResult
from judge.languages.registry import PYTHON_TRACEBACK
from judge.sandbox.api import RunResult, Termination
from judge.verdicts.verdict import verdict_for_fraction
from judge.verdicts.verdict import Verdict

MESSAGE_CHARS = 2000
POINTS_LINE = r"^\s*points\s+(\S+)"
SCORE_FILE = "score.txt"
MULTIPLIER_FILE = "score_multiplier.txt"
MESSAGE_FILE = "judgemessage.txt"


@dataclass(frozen=True)
class JudgingFiles:
    """The files one checker or interactor run is given, in a scratch folder of the judge's."""

    input: Path
    answer: Path
    output: Path  # the submission's output (checker), or the interactor's log (testlib)
    feedback: Path  # a folder (Kattis)

    def fill(self, template: tuple[str, ...]) -> tuple[str, ...]:
        values = {
            "{input}": str(self.input),
            "{answer}": str(self.answer),
            "{output}": str(self.output),
            "{feedback}": str(self.feedback) + "/",
        }
        return tuple(values.get(part, part) for part in template)


@dataclass(frozen=True)
class Convention:
    name: str
    codes: Mapping[int, Verdict]  # exit code -> verdict
    checker_args: tuple[str, ...]  # after the program; placeholders as in JudgingFiles.fill
    interactor_args: tuple[str, ...]
    output_on_stdin: bool  # the checker reads the submission's output on stdin
    points_code: int | None = None  # the exit code that comes with partial points
    # The exit code of a program that failed (testlib's `fail`: a bad answer file, a broken
    # invariant): JE "checker failed", never a verdict on the submission.
    failure_code: int | None = None


TESTLIB = Convention(
    name="testlib",
    codes={0: Verdict.AC, 1: Verdict.WA, 2: Verdict.PE},
    checker_args=("{input}", "{output}", "{answer}"),
    interactor_args=("{input}", "{output}", "{answer}"),
    output_on_stdin=False,
    points_code=7,
    failure_code=3,
)
KATTIS = Convention(
    name="kattis",
    codes={42: Verdict.AC, 43: Verdict.WA},
    checker_args=("{input}", "{answer}", "{feedback}"),
    interactor_args=("{input}", "{answer}", "{feedback}"),
    output_on_stdin=True,
)


def interpret(
    result: RunResult,
    convention: Convention,
    files: JudgingFiles,
    role: str = "checker",
    score_file: str = "fraction",
) -> CheckResult:
    """What a checker's (or interactor's) run says about the submission."""
    said = _message(result, files.feedback)
    if result.termination is not Termination.EXITED:
        return CheckResult(Verdict.JE, _failure(result, role), said)
    if PYTHON_TRACEBACK in result.stderr:
        last = result.stderr.decode(errors="replace").strip().splitlines()[-1]
        return CheckResult(Verdict.JE, f"{role} crashed: {last[:200]}", said)
    if result.exit_code == convention.points_code:
        points = _testlib_points(said)
        if points is None:
            reason = f"{role} exited {result.exit_code} (points) without a 'points X' line"
            return CheckResult(Verdict.JE, reason, said)
        return _points(points, said, role)
    if result.exit_code == convention.failure_code:
        first_line = said.strip().splitlines()[0] if said.strip() else ""
        return CheckResult(Verdict.JE, f"{role} failed" + (f": {first_line}" if first_line else ""),
                           said)
    verdict = convention.codes.get(result.exit_code)
    if verdict is None:
        expected = ", ".join(f"{code} {v.value}" for code, v in convention.codes.items())
        if convention.points_code is not None:
            expected += f", {convention.points_code} points"
        reason = f"{role} exited {result.exit_code}, outside the {convention.name} convention"
        last_line = said.strip().splitlines()[-1] if said.strip() else ""
        return CheckResult(
            Verdict.JE, f"{reason} ({expected})" + (f": {last_line}" if last_line else ""), said
        )
    scored = _score_files(files.feedback)
    if len(scored) > 1:
        return CheckResult(Verdict.JE, f"{role} wrote both {SCORE_FILE} and {MULTIPLIER_FILE}",
                           said)
    if scored and verdict is not Verdict.AC and score_file == "points":
        return CheckResult(Verdict.JE, f"{role} rejected the output but wrote {scored[0].name}",
                           said)
    if verdict is Verdict.AC and scored:
        text = scored[0].read_text(errors="replace").strip()
        if scored[0].name == SCORE_FILE and score_file == "points":
            return _test_points(text, said, role)
        partial = _points(text, said, role)
        if score_file == "points" and partial.verdict is Verdict.PA:
            # Kattis: the test is accepted, with that part of its score (require_pass holds)
            return dataclasses.replace(partial, verdict=Verdict.AC)
        return partial
    first_line = said.strip().splitlines()[0] if said.strip() else ""
    return CheckResult(verdict, first_line if verdict is not Verdict.AC else "", said)


def _score_files(feedback: Path) -> list[Path]:
    names = (SCORE_FILE, MULTIPLIER_FILE)
    return [feedback / name for name in names if (feedback / name).is_file()]


def _test_points(text: str, said: str, role: str) -> CheckResult:
    """The test's points as a Kattis validator gives them: any number from 0 up."""
    try:
        points = float(text)
    except ValueError:
        points = None
    if points is None or not points >= 0.0 or points == float("inf"):
        return CheckResult(
            Verdict.JE, f"{role} gave points {text[:40]!r}; expected a number of at least 0", said
        )
    return CheckResult(Verdict.AC, f"{points:g} points", said, points=points)


def _points(text: str, said: str, role: str) -> CheckResult:
    """A partial score: a fraction of the test's value from 0 to 1, else the program is wrong."""
    try:
        fraction = float(text)
    except ValueError:
        fraction = None
    if fraction is None or not 0.0 <= fraction <= 1.0:
        return CheckResult(
            Verdict.JE, f"{role} gave points {text[:40]!r}; expected a fraction from 0 to 1", said
        )
    verdict = verdict_for_fraction(fraction)
    first_line = said.strip().splitlines()[0] if said.strip() else ""
    message = f"{fraction:g} of the test's points" + (f": {first_line}" if first_line else "")
    return CheckResult(verdict, "" if verdict is Verdict.AC else message, said, fraction)


def _testlib_points(said: str) -> str | None:
    """testlib's quitp writes `points X message`; X is the first number on such a line."""
    match = re.search(POINTS_LINE, said, re.MULTILINE)  # (compiled once: re keeps it)
    return match.group(1) if match else None


def _failure(result: RunResult, role: str) -> str:
    return {
        Termination.CPU_LIMIT: f"{role} exceeded its time limit",
        Termination.WALL_LIMIT: f"{role} hung (wall-clock limit)",
        Termination.MEMORY_LIMIT: f"{role} exceeded its memory limit",
        Termination.OUTPUT_LIMIT: f"{role} wrote too much output",
        Termination.SIGNALED: f"{role} killed by signal {result.signal}",
        Termination.START_FAILED: f"{role} could not start: {result.message}",
        Termination.SANDBOX_ERROR: f"the sandbox failed running the {role}: {result.message}",
        Termination.PARTNER: f"{role} stopped with its partner",
    }[result.termination]


def _message(result: RunResult, feedback: Path) -> str:
    parts = []
    message_file = feedback / MESSAGE_FILE
    if message_file.is_file():
        parts.append(message_file.read_text(errors="replace"))
    parts.append(result.stdout.decode(errors="replace"))
    parts.append(result.stderr.decode(errors="replace"))
    return "\n".join(p.strip() for p in parts if p.strip())[:MESSAGE_CHARS]
