"""Adapters for checker programs written by the problem setter.

testlib:  checker input output answer [args]              exit 0 AC, 1 WA, 2 PE, 3 failure
Kattis:   checker input answer feedback_dir [args] < output   exit 42 AC, 43 WA

`args` are the problem's checker arguments (a Kattis package's validator flags).

A checker that crashes, hangs, or exits outside its convention yields JE with the reason: a broken
checker must never accept. A Python traceback on the checker's stderr counts as a crash whatever
the exit code, since an uncaught exception exits 1, which testlib would read as WA.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from judge.checkers.base import CheckResult
from judge.languages import PYTHON_TRACEBACK, Prepared
from judge.sandbox.api import ResourceLimits, RunRequest, RunResult, Sandbox, Termination
from judge.spec import CheckerSpec
from judge.verdict import Verdict

TESTLIB_CODES = {0: Verdict.AC, 1: Verdict.WA, 2: Verdict.PE}
KATTIS_CODES = {42: Verdict.AC, 43: Verdict.WA}
MESSAGE_CHARS = 2000


def run_checker_program(
    sandbox: Sandbox,
    spec: CheckerSpec,
    checker: Prepared,
    input_path: Path,
    output: bytes,
    answer_path: Path,
) -> CheckResult:
    limits = ResourceLimits(
        cpu_ms=spec.time_ms, wall_ms=2 * spec.time_ms + 1000, memory_kb=None, output_kb=1024
    )
    with tempfile.TemporaryDirectory(prefix="judge-check-") as scratch:
        folder = Path(scratch)
        output_path = folder / "output"
        output_path.write_bytes(output)
        if spec.name == "testlib":
            request = RunRequest(
                argv=(
                    *checker.argv,
                    str(input_path),
                    str(output_path),
                    str(answer_path),
                    *spec.args,
                ),
                limits=limits,
                python_code=checker.python_code,
                isolate=False,
                cwd=folder,
            )
            return _interpret(sandbox.run(request), TESTLIB_CODES, spec.name, None)
        feedback = folder / "feedback"
        feedback.mkdir()
        request = RunRequest(
            argv=(
                *checker.argv,
                str(input_path),
                str(answer_path),
                str(feedback) + "/",
                *spec.args,
            ),
            limits=limits,
            python_code=checker.python_code,
            stdin_path=output_path,
            isolate=False,
            cwd=folder,
        )
        return _interpret(sandbox.run(request), KATTIS_CODES, spec.name, feedback)


def _interpret(
    result: RunResult, codes: dict[int, Verdict], convention: str, feedback: Path | None
) -> CheckResult:
    said = _checker_message(result, feedback)
    if result.termination is not Termination.EXITED:
        reason = {
            Termination.CPU_LIMIT: "checker exceeded its time limit",
            Termination.WALL_LIMIT: "checker hung (wall-clock limit)",
            Termination.MEMORY_LIMIT: "checker exceeded its memory limit",
            Termination.OUTPUT_LIMIT: "checker wrote too much output",
            Termination.SIGNALED: f"checker killed by signal {result.signal}",
            Termination.START_FAILED: f"checker could not start: {result.message}",
            Termination.SANDBOX_ERROR: f"the sandbox failed running the checker: {result.message}",
            Termination.PARTNER: "checker stopped with its partner",
        }[result.termination]
        return CheckResult(Verdict.JE, reason, said)
    if PYTHON_TRACEBACK in result.stderr:
        # A Python checker that dies on an exception exits 1, which testlib reads as WA.
        last = result.stderr.decode(errors="replace").strip().splitlines()[-1]
        return CheckResult(Verdict.JE, f"checker crashed: {last[:200]}", said)
    verdict = codes.get(result.exit_code)
    if verdict is None:
        expected = ", ".join(f"{code} {v.value}" for code, v in codes.items())
        reason = (
            f"checker exited {result.exit_code}, outside the {convention} convention ({expected})"
        )
        first_line = said.strip().splitlines()[-1] if said.strip() else ""
        return CheckResult(Verdict.JE, reason + (f": {first_line}" if first_line else ""), said)
    first_line = said.strip().splitlines()[0] if said.strip() else ""
    return CheckResult(verdict, first_line if verdict is not Verdict.AC else "", said)


def _checker_message(result: RunResult, feedback: Path | None) -> str:
    parts = []
    if feedback is not None:
        message_file = feedback / "judgemessage.txt"
        if message_file.is_file():
            parts.append(message_file.read_text(errors="replace"))
    parts.append(result.stdout.decode(errors="replace"))
    parts.append(result.stderr.decode(errors="replace"))
    return "\n".join(p.strip() for p in parts if p.strip())[:MESSAGE_CHARS]
