"""The problem setter's programs: generator, validator and reference, prepared once and run.

They are trusted (they may read the project) but still run under limits, through the sandbox.
Every failure becomes a `SetterProgramError` that says which program failed and how.
"""

from __future__ import annotations

import dataclasses
import json
import signal
import tempfile
from dataclasses import dataclass
from pathlib import Path

from judge.errors import JudgeError
from judge.languages.build import CompileFailure, Prepared, prepare
from judge.languages.registry import PYTHON_TRACEBACK, UnknownLanguage, detect_language
from judge.setter.bounds import BOUNDS_VARIABLE
from judge.setter.reference_game import ReferenceGame, prepare_reference_game
from judge.sandbox.api import ResourceLimits, RunRequest, RunResult, Sandbox, Termination
from judge.problem.includes import included_files
from judge.problem.spec import Problem

GENERATOR_LIMITS = ResourceLimits(
    cpu_ms=20_000, wall_ms=40_000, memory_kb=2_000_000, output_kb=64 * 1024
)
VALIDATOR_LIMITS = ResourceLimits(cpu_ms=20_000, wall_ms=40_000, memory_kb=2_000_000, output_kb=64)
SHRINKER_LIMITS = GENERATOR_LIMITS  # both print whole inputs
VALID_EXIT_CODES = (0, 42)  # 42 is the Kattis convention for a valid input


class SetterProgramError(JudgeError):
    """A generator, validator or reference failed: the package is broken, not the submission."""


@dataclass(frozen=True)
class Validation:
    valid: bool
    message: str = ""


@dataclass(frozen=True)
class PreparedValidator:
    name: str  # the program's file name, to say which validator rejected a test
    program: Prepared
    args: tuple[str, ...] = ()  # the validator's own arguments


@dataclass(frozen=True)
class SetterPrograms:
    """Ready-to-run commands for a problem's own programs (None where the package has none)."""

    problem: Problem
    generator: Prepared | None
    validators: tuple[PreparedValidator, ...]  # all must accept a test
    reference: Prepared
    shrinker: Prepared | None = None
    game: ReferenceGame | None = None  # an interactive problem's reference against its interactor
    answer_validators: tuple[PreparedValidator, ...] = ()  # all must accept a test's answer

    @property
    def validator(self) -> Prepared | None:
        """The first validator, or None when the problem has no validator."""
        return self.validators[0].program if self.validators else None

    @property
    def reference_limits(self) -> ResourceLimits:
        """Generous limits: the reference writes answers, it is not being judged here."""
        limits = self.problem.limits
        cpu_ms = max(10_000, 5 * limits.time_ms)
        return ResourceLimits(
            cpu_ms=cpu_ms,
            wall_ms=2 * cpu_ms,
            memory_kb=2_000_000,
            output_kb=max(limits.output_kb, 64 * 1024),
        )

    def generate(self, sandbox: Sandbox, args: tuple[str, ...], seed: int) -> bytes:
        if self.generator is None:
            raise SetterProgramError(
                f"problem '{self.problem.id}' has no generator in problem.yaml"
            )
        result = self._run(sandbox, self.generator, GENERATOR_LIMITS,
                           args=(*args, "--seed", str(seed)))
        _require_success(result, "generator", " ".join((*args, "--seed", str(seed))))
        return result.stdout

    def validate(
        self,
        sandbox: Sandbox,
        *,
        path: Path | None = None,
        data: bytes | None = None,
        args: tuple[str, ...] = (),
        bounds_file: Path | None = None,
    ) -> Validation:
        """Valid when every validator accepts; `args` (a test group's) go to each of them.
        With `bounds_file`, a validator may report the bounds it checks there
        (judge.setter.bounds)."""
        if not self.validators:
            raise SetterProgramError(f"problem '{self.problem.id}' has no validator")
        env = {BOUNDS_VARIABLE: str(bounds_file)} if bounds_file is not None else {}
        for validator in self.validators:
            arguments = (*validator.args, *args)
            validation = self._validate_with(
                sandbox, validator.program, arguments, path, data, env
            )
            if not validation.valid:
                if len(self.validators) > 1:
                    return Validation(False, f"{validator.name}: {validation.message}")
                return validation
        return Validation(True)

    def validate_answer(
        self, sandbox: Sandbox, input_path: Path, answer_path: Path, args: tuple[str, ...] = ()
    ) -> Validation:
        """Valid when every answer validator accepts the answer: each runs as
        `PROGRAM INPUT [ARGS...] < ANSWER` (the input by its path, the Kattis convention)."""
        for validator in self.answer_validators:
            arguments = (str(input_path), *validator.args, *args)
            validation = self._validate_with(
                sandbox, validator.program, arguments, answer_path, None
            )
            if not validation.valid:
                return Validation(False, f"{validator.name}: {validation.message}")
        return Validation(True)

    def _validate_with(
        self,
        sandbox: Sandbox,
        program: Prepared,
        args: tuple[str, ...],
        path: Path | None,
        data: bytes | None,
        env: dict[str, str] | None = None,
    ) -> Validation:
        result = self._run(
            sandbox, program, VALIDATOR_LIMITS, args=args, path=path, data=data, env=env
        )
        failed_assertion = _failed_assertion(result)
        if failed_assertion is not None:
            return Validation(False, failed_assertion)
        if result.termination is not Termination.EXITED:
            raise SetterProgramError(f"validator failed: {describe_run(result)}")
        if result.exit_code in VALID_EXIT_CODES:
            return Validation(True)
        said = (result.stdout + b"\n" + result.stderr).decode(errors="replace").strip()
        if PYTHON_TRACEBACK in result.stdout + result.stderr:
            raise SetterProgramError(f"validator crashed: {said.splitlines()[-1][:300]}")
        return Validation(
            False,
            said.splitlines()[0][:300]
            if said
            else f"rejected (exit code {result.exit_code}, no message)",
        )

    def shrink_proposals(self, sandbox: Sandbox, data: bytes) -> list[bytes]:
        """Smaller inputs the problem's shrinker proposes for `data`: one JSON string a line."""
        result = self._run(sandbox, self.shrinker, SHRINKER_LIMITS, data=data)
        _require_success(result, "shrinker", "a failing input")
        proposals = []
        for number, line in enumerate(result.stdout.decode(errors="replace").splitlines(), 1):
            try:
                proposal = json.loads(line)
            except ValueError:
                proposal = None
            if not isinstance(proposal, str):
                raise SetterProgramError(
                    f"shrinker output line {number}: expected a JSON string, got {line[:80]!r}"
                )
            proposals.append(proposal.encode())
        return proposals

    def answer(
        self, sandbox: Sandbox, *, path: Path | None = None, data: bytes | None = None
    ) -> bytes:
        """The reference's answer; for an interactive problem nothing (the interactor judges
        alone), once the reference has won against the interactor on the input."""
        if self.game is not None:
            self._win(sandbox, path=path, data=data)
            return b""
        result = self._run(sandbox, self.reference, self.reference_limits, path=path, data=data)
        _require_success(result, "reference", str(path) if path else "generated input")
        return result.stdout

    def _win(self, sandbox: Sandbox, *, path: Path | None, data: bytes | None) -> None:
        with tempfile.TemporaryDirectory(prefix="judge-input-") as scratch:
            if path is None:
                path = Path(scratch) / "input"
                path.write_bytes(data or b"")
                what = "a generated input"
            else:
                what = str(path)
            result = self.game.play(sandbox, path)
        if not result.verdict.accepted:
            raise SetterProgramError(
                f"the interactor does not accept the reference on {what}: "
                f"{result.verdict.value} {result.message}".rstrip()
            )

    def _run(
        self,
        sandbox: Sandbox,
        program: Prepared,
        limits: ResourceLimits,
        *,
        args: tuple[str, ...] = (),
        path: Path | None = None,
        data: bytes | None = None,
        env: dict[str, str] | None = None,
    ) -> RunResult:
        """A trusted run: it may read the project, from whose root it starts; limits still hold."""
        request = RunRequest(
            argv=(*program.argv, *args),
            limits=limits,
            python_code=program.python_code,
            stdin_path=path,
            stdin_bytes=data,
            isolate=False,
            cwd=self.problem.root,
            env=env or {},
        )
        return sandbox.run(request)


def prepare_setter_programs(problem: Problem, sandbox: Sandbox) -> SetterPrograms:
    generator = problem.generator.program if problem.generator else None
    programs = SetterPrograms(
        problem=problem,
        generator=_prepare(sandbox, generator, "generator") if generator else None,
        validators=tuple(
            PreparedValidator(
                spec.program.name, _prepare(sandbox, spec.program, "validator"), spec.args
            )
            for spec in problem.validators
        ),
        reference=_prepare(sandbox, problem.reference, "reference", problem),
        shrinker=_prepare(sandbox, problem.shrinker, "shrinker") if problem.shrinker else None,
        answer_validators=tuple(
            PreparedValidator(
                spec.program.name, _prepare(sandbox, spec.program, "answer validator"), spec.args
            )
            for spec in problem.answer_validators
        ),
    )
    if problem.interactive is None:
        return programs
    game = prepare_reference_game(problem, sandbox, programs.reference, programs.reference_limits)
    if game.interactor.broken:
        raise SetterProgramError(game.interactor.broken)
    return dataclasses.replace(programs, game=game)


def _prepare(
    sandbox: Sandbox, source: Path, role: str, submitted_to: Problem | None = None
) -> Prepared:
    """`source` compiled; one that is also judged as a submission (the reference) compiles
    with the include/ files of `submitted_to` (judge.problem.includes), as it does there."""
    try:
        language = detect_language(source, None)
        included = included_files(submitted_to, language) if submitted_to else None
        prepared = prepare(sandbox, language, source, trusted=True, included=included)
    except UnknownLanguage as exc:
        raise SetterProgramError(f"{role} {source}: {exc}") from None
    if isinstance(prepared, CompileFailure):
        raise SetterProgramError(f"{role} {source} does not compile:\n{prepared.message}")
    return prepared


def _require_success(result: RunResult, role: str, what: str) -> None:
    if not result.ok:
        raise SetterProgramError(f"{role} failed on {what}: {describe_run(result)}")


def _failed_assertion(result: RunResult) -> str | None:
    """The message of a validator that stopped on a failed assertion, or None.

    Validators written for Kattis commonly reject an input with `assert` (the format counts any
    exit but 42 as a rejection): Python's AssertionError, or C's assert(), which aborts after
    printing "Assertion `...' failed". Such a stop is the validator saying no, not a crash.
    """
    stderr = result.stderr.decode(errors="replace")
    if result.termination is Termination.EXITED and result.exit_code not in VALID_EXIT_CODES:
        header = PYTHON_TRACEBACK.decode()
        if header in stderr:
            frames = stderr.rsplit(header, 1)[1].splitlines()[1:]
            # The exception line is the first one that is not an indented frame.
            raised = next((line for line in frames if not line.startswith(" ")), "")
            if raised.startswith("AssertionError"):
                message = raised + stderr.rsplit(raised, 1)[1]  # it may span lines
                return " ".join(message.split())[:300]
    if result.termination is Termination.SIGNALED and result.signal == signal.SIGABRT:
        lines = stderr.strip().splitlines()
        if lines and "Assertion" in lines[-1] and lines[-1].endswith("failed."):
            return lines[-1].split(": ", 1)[-1][:300]  # without the program's path
    return None


def describe_run(result: RunResult) -> str:
    tail = result.stderr.decode(errors="replace").strip().splitlines()
    last = f": {tail[-1][:300]}" if tail else ""
    if result.termination is Termination.EXITED:
        return f"exit code {result.exit_code}{last}"
    if result.termination is Termination.START_FAILED:
        return f"could not start: {result.message}"
    if result.termination is Termination.SANDBOX_ERROR:
        return f"the sandbox failed: {result.message}"
    return f"{result.termination.value} after {result.cpu_ms:.0f} ms CPU{last}"
