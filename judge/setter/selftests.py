"""Proving the problem's own judges: its self-tests (judge.problem.selftests) get the decision
they declare, and its answer validators accept every test's answer.

- invalid_input: some validator rejects the input; valid_input: every validator accepts it.
- invalid_answer: the input is valid, and some answer validator rejects the answer.
- invalid_output: the input and the answer are valid, and the checker does not accept the
  output (a checker that fails, JE, proves nothing: it would reject everything).
- valid_output: the input and the answer are valid, and the checker accepts the output.

Used by verify and by an import, which stops on a failure as it does on a failing reference.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.errors import JudgeError
from judge.judging.runner import Checker, check_output, prepare_checker
from judge.problem.selftests import SelfTest, SelfTestKind, discover_selftests
from judge.problem.spec import Problem
from judge.problem.testdata import TestCase, discover_tests
from judge.sandbox.api import Sandbox
from judge.setter.programs import SetterPrograms, prepare_setter_programs
from judge.verdicts.verdict import Verdict


@dataclass(frozen=True)
class SelfTestResult:
    test: SelfTest
    ok: bool
    said: str  # what decided it: the validator's or the checker's message, or why it failed

    def __str__(self) -> str:
        return f"{self.test.name}: {self.said}"


def run_selftests(
    problem: Problem, programs: SetterPrograms, sandbox: Sandbox
) -> tuple[SelfTestResult, ...]:
    tests = discover_selftests(problem)
    if not tests:
        return ()
    checker = None
    if any(t.kind in (SelfTestKind.INVALID_OUTPUT, SelfTestKind.VALID_OUTPUT) for t in tests):
        checker = prepare_checker(problem, sandbox)
    return tuple(_run(problem, programs, sandbox, checker, test) for test in tests)


def judges_failures(problem: Problem, sandbox: Sandbox) -> tuple[str, ...]:
    """What an import holds against a package's judges: answers its answer validators reject,
    and self-tests that do not get their decision (one line each)."""
    if not problem.answer_validators and not discover_selftests(problem):
        return ()
    try:
        programs = prepare_setter_programs(problem, sandbox)
        rejected = invalid_answers(problem, programs, sandbox, discover_tests(problem))
        failed = [r for r in run_selftests(problem, programs, sandbox) if not r.ok]
    except JudgeError as exc:
        return (str(exc),)
    return tuple(f"the answer of {name} is rejected: {message}" for name, message in rejected) \
        + tuple(f"self-test {result}" for result in failed)


def invalid_answers(
    problem: Problem, programs: SetterPrograms, sandbox: Sandbox, tests: tuple[TestCase, ...]
) -> tuple[tuple[str, str], ...]:
    """(test name, message) of each test whose answer an answer validator rejects."""
    if not programs.answer_validators:
        return ()
    rejected = []
    for case in tests:
        args = problem.validator_args(case.group)
        validation = programs.validate_answer(sandbox, case.input_path, case.answer_path, args)
        if not validation.valid:
            rejected.append((case.name, validation.message))
    return tuple(rejected)


def _run(
    problem: Problem,
    programs: SetterPrograms,
    sandbox: Sandbox,
    checker: Checker | None,
    test: SelfTest,
) -> SelfTestResult:
    kind = test.kind
    if kind is SelfTestKind.INVALID_INPUT:
        if not programs.validators:
            return SelfTestResult(test, False, "the problem has no validator to reject it")
        validation = programs.validate(sandbox, path=test.input_path, args=test.validator_args)
        if validation.valid:
            return SelfTestResult(test, False, "the validators accept it; it must be rejected")
        return SelfTestResult(test, True, f"rejected: {validation.message}")
    if programs.validators:
        validation = programs.validate(sandbox, path=test.input_path, args=test.validator_args)
        if kind is SelfTestKind.VALID_INPUT:
            return SelfTestResult(test, validation.valid, "accepted" if validation.valid else
                                  f"rejected: {validation.message}; it must be accepted")
        if not validation.valid:
            return SelfTestResult(
                test, False, f"its input must be valid, but: {validation.message}"
            )
    if kind is SelfTestKind.VALID_INPUT:
        return SelfTestResult(test, False, "the problem has no validator to accept it")
    if kind is SelfTestKind.INVALID_ANSWER:
        return _invalid_answer(programs, sandbox, test)
    if programs.answer_validators:
        validation = programs.validate_answer(
            sandbox, test.input_path, test.answer_path, test.validator_args
        )
        if not validation.valid:
            return SelfTestResult(
                test, False, f"its answer must be valid, but: {validation.message}"
            )
    return _output(problem, sandbox, checker, test)


def _invalid_answer(programs: SetterPrograms, sandbox: Sandbox, test: SelfTest) -> SelfTestResult:
    if not programs.answer_validators:
        return SelfTestResult(test, False, "the problem has no answer validator to reject it")
    validation = programs.validate_answer(
        sandbox, test.input_path, test.answer_path, test.validator_args
    )
    if validation.valid:
        return SelfTestResult(
            test, False, "the answer validators accept it; it must be rejected"
        )
    return SelfTestResult(test, True, f"rejected: {validation.message}")


def _output(
    problem: Problem, sandbox: Sandbox, checker: Checker | None, test: SelfTest
) -> SelfTestResult:
    if problem.interactive is not None or checker is None:
        return SelfTestResult(
            test, False, "an interactive problem has no output to check: remove the case"
        )
    case = TestCase(test.name, "", test.input_path, test.answer_path)
    checked = check_output(checker, sandbox, case, test.output_path.read_bytes())
    got = f"{checked.verdict.value} {checked.message}".rstrip()
    if checked.verdict is Verdict.JE:
        return SelfTestResult(test, False, f"the checker failed: {got}")
    accepted = checked.verdict is Verdict.AC
    if test.kind is SelfTestKind.VALID_OUTPUT:
        if accepted:
            return SelfTestResult(test, True, "accepted")
        return SelfTestResult(test, False, f"the checker rejects it ({got}); it must accept it")
    if accepted:
        return SelfTestResult(test, False, "the checker accepts it; it must reject it")
    return SelfTestResult(test, True, f"rejected: {got}")
