"""Judging one test of an interactive problem: the submission and the interactor, wired by pipes.

The sandbox starts both (Sandbox.run_pair): the submission isolated under the problem's limits, the
interactor trusted, under its own CPU limit, with the test's files. Each run is measured; the
submission's is judged by the one verdict table (judge.verdicts.outcome), the interactor's exit by
its convention (judge.checkers.conventions), and judge.judging.interactive_verdict decides which of
the two counts.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from judge.checkers.base import CheckResult
from judge.checkers.conventions import interpret
from judge.checkers.registry import CONVENTIONS
from judge.checkers.programs import judging_program_limits, scratch_files
from judge.judging.interactive_verdict import interactive_verdict
from judge.judging.multi_pass import NEXT_PASS
from judge.languages.build import Prepared
from judge.verdicts.limits import MemoryBasis
from judge.verdicts.outcome import judge_run
from judge.sandbox.api import (
    ResourceLimits,
    RunRequest,
    RunResult,
    Sandbox,
    Termination,
    python_interpreter,
)
from judge.problem.spec import InteractiveSpec, Limits, Problem
from judge.problem.testdata import TestCase
from judge.problem.transcript import SUFFIX, transcript_passes

ROLE = "interactor"
MISMATCH = 1  # transcript_player's exit code when the interactor says something else


@dataclass(frozen=True)
class PairOutcome:
    """What one interactive run gives the runner: the submission's run and the test's verdict."""

    submission: RunResult
    memory_kb: int  # the submission's memory figure, the one its limit applies to
    decided: CheckResult  # the test's verdict, message and details (the interactor's feedback)


def run_interactive(
    sandbox: Sandbox,
    spec: InteractiveSpec,
    interactor: Prepared,
    submission: RunRequest,
    limits: Limits,
    baseline_kb: int,
    input_path: Path,
    answer_path: Path,
    out_of_memory: tuple[str, ...] = ("MemoryError",),
    feedback: Path | None = None,
) -> PairOutcome:
    """Run `submission` against the interactor on one test and decide its verdict
    (`out_of_memory`: its runtime's words for it, judge.verdicts.outcome row 5; `feedback`: a
    feedback folder kept by the caller, as a multi-pass test keeps one for all its passes)."""
    convention = CONVENTIONS[spec.protocol]
    with tempfile.TemporaryDirectory(prefix="judge-interact-") as scratch:
        files = scratch_files(Path(scratch), input_path, answer_path, feedback)
        request = RunRequest(
            argv=(*interactor.argv, *files.fill(convention.interactor_args)),
            limits=interactor_limits(spec, limits),
            python_code=interactor.python_code,
            isolate=False,
            cwd=Path(scratch),
        )
        pair = sandbox.run_pair(submission, request)
        net_kb = max(0, pair.submission.peak_memory_kb - baseline_kb)
        said = interpret(pair.interactor, convention, files, role=ROLE)
    decided = interactive_verdict(
        judge_run(pair.submission, limits, net_kb, out_of_memory),
        said,
        interactor_first=pair.first == "interactor",
        interactor_stopped=pair.interactor.termination is Termination.PARTNER,
    )
    return PairOutcome(pair.submission, net_kb, decided)


def interactor_limits(spec: InteractiveSpec, limits: Limits) -> ResourceLimits:
    """The interactor's own CPU limit and memory cap; it may wait as long as the submission may
    run, and more, so that a submission that sleeps or blocks meets its own backstop first."""
    own = judging_program_limits(spec.time_ms, spec.memory_kb)
    return dataclasses.replace(own, wall_ms=max(own.wall_ms, limits.wall_ms + 1000))


PLAYER = Path(__file__).with_name("transcript_player.py")
# The player is the judge's own program: generous limits, on the whole peak.
PLAYER_LIMITS = Limits(
    time_ms=10_000,
    memory_kb=2_000_000,
    output_kb=1024,
    wall_ms=20_000,
    memory_basis=MemoryBasis.GROSS,
)


def replay_transcript(
    sandbox: Sandbox, problem: Problem, interactor: Prepared, case: TestCase
) -> str:
    """Play the submission's side of `case`'s transcript against the interactor, pass by pass
    (a multi-pass problem's interactor must ask for each next pass the transcript shows, with
    its feedback folder kept); what is wrong, or '' when it plays as written."""
    name, parts = case.interaction.name, transcript_passes(case.interaction)
    with tempfile.TemporaryDirectory(prefix="judge-replay-") as scratch:
        feedback = Path(scratch) / "feedback"
        feedback.mkdir()
        given = case.input_path
        for number, part in enumerate(parts, start=1):
            played = Path(scratch) / f"pass-{number}{SUFFIX}"
            played.write_text(part, encoding="utf-8")
            said = _replay_pass(sandbox, problem, interactor, played, given, case, feedback)
            where = f"{name}: pass {number}" if len(parts) > 1 else name
            if said:
                return f"{where}: {said}"
            # Only a multi-pass problem's interactor asks for passes; elsewhere the file is no
            # request (the judging ignores it too).
            asked = problem.interactive.passes > 1 and (feedback / NEXT_PASS).exists()
            if number == len(parts):
                return f"{where}: the interactor asked for another pass" if asked else ""
            if not asked:
                return f"{where}: the transcript shows another pass; the interactor asked for none"
            given = Path(scratch) / f"pass-{number + 1}.in"
            os.replace(feedback / NEXT_PASS, given)
    raise AssertionError("unreachable: the last pass returns")


def _replay_pass(
    sandbox: Sandbox,
    problem: Problem,
    interactor: Prepared,
    played: Path,
    given: Path,
    case: TestCase,
    feedback: Path,
) -> str:
    player = RunRequest(
        argv=(python_interpreter(), "-I", "-S", "-B", str(PLAYER), str(played)),
        limits=ResourceLimits(
            cpu_ms=PLAYER_LIMITS.time_ms,
            wall_ms=PLAYER_LIMITS.wall_ms,
            memory_kb=PLAYER_LIMITS.memory_kb,
            output_kb=PLAYER_LIMITS.output_kb,
        ),
        isolate=False,
    )
    outcome = run_interactive(
        sandbox,
        problem.interactive,
        interactor,
        player,
        PLAYER_LIMITS,
        0,
        given,
        case.answer_path,
        feedback=feedback,
    )
    decided = outcome.decided
    verdict = f"the interactor says {decided.verdict.value} {decided.message}".rstrip()
    said = outcome.submission.stderr.decode(errors="replace").strip()
    if outcome.submission.exit_code == MISMATCH and said:
        rejected = "" if decided.verdict.accepted else f"; {verdict}"
        return f"{said.splitlines()[-1]}{rejected}"
    if not decided.verdict.accepted:
        return f"played as written, {verdict}"
    return ""
