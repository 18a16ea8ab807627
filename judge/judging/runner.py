"""Judging a submission: launch on each test (judge.judging.launch), check the output, collect
results.

Compute only: rendering belongs to judge.present.report, verdicts of runs to judge.verdicts.outcome.
Processes are started only through the sandbox.
"""

from __future__ import annotations

import dataclasses
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable, Iterable, Iterator

from judge.checkers import CheckResult
from judge.checkers.registry import checker_kind
from judge.errors import JudgeError
from judge.judging.grading import Batch, judge_groups
from judge.languages.build import CompileFailure, Prepared, address_space_kb, idle_run, prepare
from judge.languages.descriptor import Language
from judge.languages.registry import UnknownLanguage, detect_language
from judge.judging.launch import (
    Alone,
    Submission,
    compile_limits,
    language_limits,
    launch,
    stderr_text,
    submission_request,
)
from judge.judging import near_limit
from judge.judging.lookahead import Lookahead
from judge.judging.parallel import map_with_sandboxes
from judge.sandbox.api import RunResult, Sandbox, SandboxInfo
from judge.judging.scoring import GroupResult, total_score
from judge.problem.includes import included_files
from judge.problem.spec import Limits, MemoryBasis, Problem
from judge.problem.testdata import TestCase, discover_tests
from judge.verdicts.verdict import Verdict, overall_verdict


@dataclass(frozen=True)
class CaseResult:
    name: str
    group: str
    verdict: Verdict
    time_ms: float  # CPU time, user + sys
    wall_ms: float
    memory_kb: int  # the figure the limit applies to (net or gross, by the problem's basis)
    memory_gross_kb: int
    exit_code: int | None
    signal: int | None
    message: str = ""
    details: str = ""
    stderr: str = ""  # what the program wrote on stderr: its head and tail, whatever the verdict
    reruns: int = 0  # times it was run again after running out of time near the limit
    fraction: float | None = None  # the checker's partial points (0 to 1), scored problems
    points: float | None = None  # the test's points as a Kattis validator gave them (score.txt)


@dataclass(frozen=True)
class Report:
    problem_id: str
    problem_title: str
    solution: str
    language: str
    limits: Limits
    baseline_kb: int
    verdict: Verdict
    tests: tuple[CaseResult, ...]
    sandbox: SandboxInfo  # which sandbox ran it and which guarantees held
    compile_message: str = ""
    skipped: tuple[str, ...] = ()  # tests not run (--fail-fast, or verify stopping early)
    groups: tuple[GroupResult, ...] = ()
    score: float | None = None  # None for pass/fail problems
    max_score: float | None = None

    @property
    def max_time_ms(self) -> float:
        return max((t.time_ms for t in self.tests), default=0.0)

    @property
    def max_memory_kb(self) -> int:
        return max((t.memory_kb for t in self.tests), default=0)


@dataclass(frozen=True)
class Checker:
    """The problem's checker, with its program prepared when it is a program; for an
    interactive problem, its interactor."""

    problem: Problem
    program: Prepared | None  # None for built-in checkers
    broken: str = ""  # why the checker program could not be prepared


@dataclass(frozen=True)
class JudgeOptions:
    fail_fast: bool = False  # stop at the first test that is not accepted
    language: str | None = None
    stop_on: frozenset[Verdict] = frozenset()  # also stop after a test gets one of these
    # Once a test has run out of time the overall verdict is known; the tests after it run this
    # many at a time (each in a sandbox of its own), so that a slow submission is not judged at
    # the pace of one time limit per test. Verdicts are the same: time is each run's own CPU.
    workers_after_tle: int = 1
    # Tests run this many at a time from the start, each in a sandbox of its own
    # (judge.judging.lookahead); results still come in test order, and a re-run near the time limit
    # runs alone. Needs a sandbox_factory.
    workers: int = 1
    # A run out of time near the limit runs again up to this many times; the smallest time
    # counts (judge.judging.near_limit).
    near_limit_reruns: int = near_limit.RERUNS
    # Re-runs the whole submission may spend (None: as many as its tests ask for).
    rerun_budget: int | None = None


OnCase = Callable[[CaseResult], None]


def judge_submission(
    problem: Problem,
    source: Path,
    sandbox: Sandbox,
    options: JudgeOptions = JudgeOptions(),
    on_case: OnCase | None = None,
    tests: Iterable[TestCase] | None = None,
    sandbox_factory: Callable[[], Sandbox] | None = None,
    alone: Alone = nullcontext,
) -> Report:
    """Run `source` on every test of `problem` and return the full report.

    `sandbox_factory` makes the extra sandboxes for options.workers and
    options.workers_after_tle. `alone()` keeps the other runs of the host away while a run
    near the limit runs again (the service's judging processes share one host)."""
    cases = tuple(tests) if tests is not None else discover_tests(problem)
    prepared = prepare_submission(problem, source, sandbox, options.language)
    if isinstance(prepared, CompileFailure):
        return _report(
            problem,
            source,
            _language_name(problem, source, options.language),
            0,
            (),
            sandbox.info,
            compile_failure=prepared,
        )
    checker = prepare_checker(problem, sandbox)
    budget = near_limit.Budget(options.rerun_budget)
    host_alone = alone

    def judge_one(own: Sandbox, case: TestCase, alone: Alone = nullcontext) -> CaseResult:
        return judge_case(
            problem,
            prepared,
            checker,
            own,
            case,
            options.near_limit_reruns,
            alone=_both(alone, host_alone),
            budget=budget,
        )

    workers = min(options.workers, len(cases)) if sandbox_factory is not None else 1
    ahead = Lookahead(judge_one, cases, workers, sandbox, sandbox_factory) if workers > 1 else None
    position = {case.name: index for index, case in enumerate(cases)}

    def judge_next(case: TestCase) -> CaseResult:
        result = ahead.result(position[case.name]) if ahead else judge_one(sandbox, case)
        if on_case is not None:
            on_case(result)
        return result

    def judge_rest(rest: list[TestCase]) -> list[CaseResult]:
        return map_with_sandboxes(
            sandbox_factory, judge_one, rest, options.workers_after_tle, on_case
        )

    def stop(result: CaseResult) -> bool:
        return (options.fail_fast and not result.verdict.accepted) or (
            result.verdict in options.stop_on
        )

    batch = None  # tests judged ahead on all cores need no batch after a TLE
    if options.workers_after_tle > 1 and sandbox_factory is not None and ahead is None:
        batch = Batch(judge_rest, after=lambda result: result.verdict is Verdict.TLE)
    # Tests judged ahead of a stop are dropped; on an interruption the runs going end at once.
    with ahead if ahead is not None else nullcontext():
        results, groups = judge_groups(problem.groups, cases, judge_next, stop, batch)
    judged = {result.name for result in results}
    report = _report(
        problem,
        source,
        prepared.language,
        prepared.baseline_kb,
        tuple(results),
        sandbox.info,
        tuple(groups),
    )
    return dataclasses.replace(
        report, skipped=tuple(case.name for case in cases if case.name not in judged)
    )


def prepare_submission(
    problem: Problem, source: Path, sandbox: Sandbox, language: str | None
) -> Submission | CompileFailure:
    """Compile if needed and calibrate; or why it did not compile (CE, or JE for the judge)."""
    if not source.exists():
        raise JudgeError(f"solution not found: {source}")
    try:
        lang = detect_language(source, language, problem.language_preferences)
    except UnknownLanguage as exc:
        raise JudgeError(str(exc)) from None
    too_small = memory_too_small(problem, lang)
    if too_small:
        return CompileFailure(Verdict.JE, too_small)
    limit_kb = problem.limits.memory_kb
    net = problem.limits.memory_basis is MemoryBasis.NET
    # What a runtime with a heap of its own is told it may use: the program's own memory,
    # whatever the basis (with the gross basis, the limit less the idle footprint).
    own_kb = limit_kb
    if not net and lang.memory.reserve_kb:
        own_kb = max(1, limit_kb - _baseline(sandbox, lang, limit_kb))
    prepared = prepare(sandbox, lang, source, trusted=False, memory_kb=own_kb,
                       limits=compile_limits(problem.compile_limits),
                       included=included_files(problem, lang))
    if isinstance(prepared, CompileFailure):
        return prepared
    baseline = _baseline(sandbox, lang, limit_kb) if net else 0
    return Submission(
        source=source,
        language=lang.id,
        argv=prepared.argv,
        baseline_kb=baseline,
        python_code=prepared.python_code,
        files_in=prepared.run.files_in,
        env=prepared.run.env,
        binds=prepared.run.binds,
        out_of_memory=lang.memory.out_of_memory,
        time_factor=lang.time_factor,
        processes=lang.processes,
        address_space_kb=address_space_kb(lang),
    )


def memory_too_small(problem: Problem, language: Language) -> str:
    """Why the problem's memory limit leaves the language's runtime too little to work in
    ("" when it does not): the problem's fault, not the submission's."""
    minimum = language.memory.minimum_kb
    if problem.limits.memory_kb >= minimum:
        return ""
    return (f"problem {problem.id}: its memory limit of {problem.limits.memory_kb} KB is too "
            f"small for {language.name}, whose runtime needs at least {minimum} KB for a "
            "program (limits.memory_kb in problem.yaml)")


def _baseline(sandbox: Sandbox, language: Language, memory_kb: int) -> int:
    """The idle footprint of the language's runtime, told `memory_kb` as a program is."""
    idle = idle_run(sandbox, language, memory_kb)
    return sandbox.baseline_kb(idle.argv, files_in=idle.files_in, env=idle.env,
                               binds=idle.binds)


def prepare_checker(problem: Problem, sandbox: Sandbox) -> Checker:
    """The checker program (or an interactive problem's interactor), compiled if need be."""
    interactive = problem.interactive
    program = interactive.program if interactive else problem.checker.program
    role = "interactor" if interactive else "checker"
    if program is None:
        return Checker(problem, None)
    try:
        prepared = prepare(sandbox, detect_language(program, None), program, trusted=True)
    except UnknownLanguage as exc:
        return Checker(problem, None, broken=f"{role} {program.name}: {exc}")
    if isinstance(prepared, CompileFailure):
        return Checker(
            problem,
            None,
            broken=f"{role} {program.name} does not compile: " + prepared.message.strip()[:300],
        )
    return Checker(problem, prepared)


def judge_case(
    problem: Problem,
    submission: Submission,
    checker: Checker,
    sandbox: Sandbox,
    case: TestCase,
    reruns: int = near_limit.RERUNS,
    keep_output: Callable[[bytes], None] | None = None,
    alone: Alone = nullcontext,
    budget: near_limit.Budget | None = None,
) -> CaseResult:
    """Launch, classify, and (only when the run itself succeeded) check.

    `reruns`: how many times a run out of time near the limit may run again (inside
    `alone()`). `keep_output` receives the submission's stdout, for callers that save it
    (stress); an interactive submission's output went to the interactor, so it receives
    nothing.
    """
    if problem.interactive is not None:
        return _judge_interactive_case(problem, submission, checker, sandbox, case)
    if problem.checker.passes > 1:
        from judge.judging.multi_pass import judge_passes  # multi-pass problems only

        return judge_passes(problem, submission, checker, sandbox, case, reruns, keep_output,
                            alone, budget)
    launched = launch(
        problem,
        submission,
        sandbox,
        stdin_path=case.input_path,
        reruns=reruns,
        alone=alone,
        budget=budget,
    )
    run = launched.run
    if keep_output is not None:
        keep_output(run.stdout)
    checked = CheckResult(launched.verdict, launched.message)
    if launched.verdict is Verdict.AC:
        checked = check_output(checker, sandbox, case, run.stdout)
    return case_result(case, run, launched.memory_kb, checked, launched.reruns)


def _both(inner: Alone, outer: Alone) -> Alone:
    """Alone among a submission's own runs (`inner`, which waits for them), then among the
    host's (`outer`): in that order, so that neither waits for a run that waits for it."""

    @contextmanager
    def alone() -> Iterator[None]:
        with inner(), outer():
            yield

    return alone


def _judge_interactive_case(
    problem: Problem, submission: Submission, checker: Checker, sandbox: Sandbox, case: TestCase
) -> CaseResult:
    """The submission against the problem's interactor (prepared as `checker`) on one test."""
    if checker.program is None:
        return CaseResult(
            case.name, case.group, Verdict.JE, 0.0, 0.0, 0, 0, None, None, message=checker.broken
        )
    if problem.interactive.passes > 1:
        from judge.judging.interactive_passes import judge_interactive_passes  # those only

        return judge_interactive_passes(
            sandbox,
            problem.interactive,
            checker.program,
            submission_request(problem, submission),
            language_limits(problem.limits, submission.time_factor),
            submission.baseline_kb,
            case,
            submission.out_of_memory,
        )
    from judge.judging.interactive import run_interactive  # interactive problems only

    outcome = run_interactive(
        sandbox,
        problem.interactive,
        checker.program,
        submission_request(problem, submission),
        language_limits(problem.limits, submission.time_factor),
        submission.baseline_kb,
        case.input_path,
        case.answer_path,
        submission.out_of_memory,
    )
    return case_result(case, outcome.submission, outcome.memory_kb, outcome.decided)


def case_result(
    case: TestCase, run: RunResult, net_kb: int, checked: CheckResult, reruns: int = 0
) -> CaseResult:
    """A test's result: the submission's run and measurements, and the verdict decided on it
    (`reruns`: the runs before it, out of time near the limit)."""
    stderr = stderr_text(run)
    details = checked.details
    if checked.verdict is Verdict.RE:
        details = stderr  # what explains a crash; `stderr` has it on every verdict
    return CaseResult(
        name=case.name,
        group=case.group,
        verdict=checked.verdict,
        time_ms=round(run.cpu_ms, 1),
        wall_ms=round(run.wall_ms, 1),
        memory_kb=net_kb,
        memory_gross_kb=run.peak_memory_kb,
        exit_code=run.exit_code,
        signal=run.signal,
        message=checked.message,
        details=details,
        stderr=stderr,
        reruns=reruns,
        fraction=checked.fraction,
        points=checked.points,
    )


def check_output(checker: Checker, sandbox: Sandbox, case: TestCase, output: bytes) -> CheckResult:
    spec = checker.problem.checker
    if checker.broken:
        return CheckResult(Verdict.JE, checker.broken)
    if checker.program is not None:
        from judge.checkers.programs import run_checker_program  # problems with a program only

        return run_checker_program(
            sandbox, spec, checker.program, case.input_path, output, case.answer_path
        )
    try:
        answer = case.answer_path.read_bytes()
    except OSError as exc:
        return CheckResult(Verdict.JE, f"cannot read {case.answer_path}: {exc.strerror}")
    return checker_kind(spec.name).compare(output, answer, spec)


def _report(
    problem,
    source,
    language,
    baseline_kb,
    results,
    sandbox: SandboxInfo,
    groups=(),
    compile_failure: CompileFailure | None = None,
) -> Report:
    if compile_failure is not None:
        verdict, compile_message = compile_failure.verdict, compile_failure.message
    else:
        verdict, compile_message = overall_verdict([r.verdict for r in results]), ""
    score = total_score(groups)
    if problem.scored and score is None:  # nothing was judged (CE)
        score = 0.0
    return Report(
        problem_id=problem.id,
        problem_title=problem.title,
        solution=str(source),
        language=language,
        limits=problem.limits,
        baseline_kb=baseline_kb,
        verdict=verdict,
        tests=results,
        sandbox=sandbox,
        compile_message=compile_message,
        groups=groups,
        score=score,
        max_score=problem.max_score,
    )


def _language_name(problem: Problem, source: Path, override: str | None) -> str:
    try:
        return detect_language(source, override, problem.language_preferences).id
    except UnknownLanguage:
        return override or source.suffix
