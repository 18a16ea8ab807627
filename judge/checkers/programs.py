"""Running a checker program written by the problem setter, in its convention (testlib, Kattis).

    testlib:  checker input output answer [args]
    Kattis:   checker input answer feedback_dir [args] < output

`args` are the problem's checker arguments (a Kattis package's validator flags). The
conventions themselves (arguments, exit codes, partial points, what counts as a crash) are in
judge.checkers.conventions, shared with interactors; this module prepares the files and runs
the program.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from judge.checkers.base import CheckResult
from judge.checkers.base import CheckerSpec
from judge.checkers.conventions import JudgingFiles, interpret
from judge.checkers.registry import checker_kind
from judge.languages.build import Prepared
from judge.sandbox.api import ResourceLimits, RunRequest, Sandbox


def run_checker_program(
    sandbox: Sandbox,
    spec: CheckerSpec,
    checker: Prepared,
    input_path: Path,
    output: bytes,
    answer_path: Path,
    feedback: Path | None = None,
) -> CheckResult:
    """`feedback`: a feedback folder kept by the caller (a multi-pass test keeps one for all
    its passes); by default a fresh one."""
    convention = checker_kind(spec.name).convention
    with tempfile.TemporaryDirectory(prefix="judge-check-") as scratch:
        files = scratch_files(Path(scratch), input_path, answer_path, feedback)
        files.output.write_bytes(output)
        request = RunRequest(
            argv=(*checker.argv, *files.fill(convention.checker_args), *spec.args),
            limits=judging_program_limits(spec.time_ms, spec.memory_kb),
            python_code=checker.python_code,
            stdin_path=files.output if convention.output_on_stdin else None,
            isolate=False,
            cwd=Path(scratch),
        )
        return interpret(sandbox.run(request), convention, files, score_file=spec.score_file)


def scratch_files(
    folder: Path, input_path: Path, answer_path: Path, feedback: Path | None = None
) -> JudgingFiles:
    """The files of one checker or interactor run in `folder`: an output file, a feedback dir
    (`feedback` when given, else a new one in `folder`)."""
    feedback = feedback if feedback is not None else folder / "feedback"
    files = JudgingFiles(input_path, answer_path, folder / "output", feedback)
    files.feedback.mkdir(exist_ok=True)
    return files


def judging_program_limits(time_ms: int, memory_kb: int) -> ResourceLimits:
    """A checker or interactor is trusted, but capped: its own CPU limit and memory cap (its
    whole peak), a small output."""
    return ResourceLimits(
        cpu_ms=time_ms, wall_ms=2 * time_ms + 1000, memory_kb=memory_kb, output_kb=1024
    )
