"""An interactive problem's reference writes no answers: it proves an input by winning on it.

`judge generate`, `judge answer` and `judge stress` ask the reference to answer every input they
make. For an interactive problem it plays the input against the interactor instead, under the
reference's generous limits (it is not being judged here), and must be accepted; the answer
file is then empty, since the interactor gets it as it is and judges alone.
"""

from __future__ import annotations

import dataclasses
import tempfile
from dataclasses import dataclass
from pathlib import Path

from judge.languages.build import Prepared

from judge.languages.registry import detect_language
from judge.verdicts.limits import MemoryBasis
from judge.judging.launch import Submission
from judge.judging.runner import CaseResult, Checker, judge_case, prepare_checker
from judge.sandbox.api import ResourceLimits, Sandbox
from judge.problem.spec import Problem
from judge.problem.testdata import TestCase


@dataclass(frozen=True)
class ReferenceGame:
    problem: Problem  # with the reference's limits in place of the problem's
    reference: Submission
    interactor: Checker

    def play(self, sandbox: Sandbox, input_path: Path) -> CaseResult:
        with tempfile.TemporaryDirectory(prefix="judge-reference-") as scratch:
            answer = Path(scratch) / "answer"
            answer.write_bytes(b"")
            case = TestCase("reference", "reference", input_path, answer)
            return judge_case(self.problem, self.reference, self.interactor, sandbox, case)


def prepare_reference_game(
    problem: Problem, sandbox: Sandbox, reference: Prepared, limits: ResourceLimits
) -> ReferenceGame:
    """The reference (already prepared) against the problem's interactor, under `limits`."""
    relaxed = dataclasses.replace(
        problem.limits,
        time_ms=limits.cpu_ms,
        wall_ms=limits.wall_ms,
        memory_kb=limits.memory_kb or problem.limits.memory_kb,
        memory_basis=MemoryBasis.GROSS,
    )
    submission = Submission(
        source=problem.reference,
        language=detect_language(problem.reference, None).id,
        argv=reference.argv,
        baseline_kb=0,
        python_code=reference.python_code,
    )
    return ReferenceGame(
        dataclasses.replace(problem, limits=relaxed), submission, prepare_checker(problem, sandbox)
    )
