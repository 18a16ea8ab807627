"""`judge stress SOLUTION PROBLEM`: random tests until SOLUTION disagrees with the reference."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

import click
from rich.console import Console

from judge.commands.shared import (
    compiled_submission,
    language_option,
    require_solution,
    root_option,
    solution_argument,
)
from judge.commands.context import AppContext
from judge.errors import JudgeError
from judge.judging.parallel import SandboxPerThread, default_workers
from judge.setter.programs import prepare_setter_programs
from judge.judging.runner import prepare_checker
from judge.problem.spec import Problem
from judge.present.terminal import console as terminal_console
from judge.wording import plural
from judge.setter.stress_cache import StressCache
from judge.setter.stress import (
    Judging,
    StressOutcome,
    StressPlan,
    make_scratch,
    run_stress,
    save_failure,
    shrink_failure,
)
from judge.present.stress_report import print_stress, replay_command, stress_to_dict


@click.command(
    context_settings={"ignore_unknown_options": True},
    short_help="Random tests until SOLUTION disagrees with the reference.",
)
@solution_argument
@click.argument("problem")
@click.argument("generator_args", nargs=-1, type=click.UNPROCESSED)
@click.option("--iterations", type=click.IntRange(1), help="Stop after this many tests.")
@click.option(
    "--time",
    "seconds",
    type=click.FloatRange(0, min_open=True),
    help="Stop after this many seconds (default: 60 when --iterations is not given).",
)
@click.option(
    "--seed",
    default=1,
    show_default=True,
    type=click.IntRange(0),
    help="First seed; the same seed finds the same failure.",
)
@click.option(
    "--input",
    "replay",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="Judge this one input against the reference instead (replays a saved case).",
)
@click.option(
    "--shrink-time",
    default=60.0,
    show_default=True,
    type=click.FloatRange(0),
    help="Seconds to spend shrinking a failing case (0: do not shrink).",
)
@language_option
@click.option(
    "--no-cache",
    is_flag=True,
    help="Run the generator and the reference for every test even when an earlier run with the "
    "same programs, arguments and seeds left their outputs in the cache.",
)
@click.option("--workers", type=click.IntRange(1), help="Parallel workers (default: all cores).")
@click.option("--json", "as_json", is_flag=True, help="Print the outcome as one JSON document.")
@click.option(
    "--html",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Also write the outcome as one self-contained HTML file.",
)
@root_option
@click.pass_obj
def stress(
    app: AppContext,
    solution: Path,
    problem: str,
    generator_args: tuple[str, ...],
    iterations: int | None,
    seconds: float | None,
    seed: int,
    replay: Path | None,
    shrink_time: float,
    language: str | None,
    workers: int | None,
    no_cache: bool,
    as_json: bool,
    html: Path | None,
) -> None:
    """Pit SOLUTION against PROBLEM's reference on random valid tests until they disagree.

    Inputs come from the problem's generator (GENERATOR_ARGS, else its stress_args) with seeds
    SEED, SEED+1, ...; each is judged under the problem's limits and checker. The first failing
    case is saved (per solution and seed), shrunk (fewer lines, smaller numbers, still valid
    and still failing) and printed with a command that replays it. Exit status 0 when nothing
    failed, 1 otherwise.
    """
    solution = require_solution(solution, problem, "stress")
    spec = app.problem(problem)
    if spec.generator is None and replay is None:
        raise JudgeError(f"problem '{spec.id}' has no generator in problem.yaml")
    if iterations is None and seconds is None:
        seconds = 60.0
    console = terminal_console(stderr=True)
    args = generator_args or _stress_args(spec, console)
    plan = StressPlan(
        args=args,
        first_seed=seed,
        iterations=iterations,
        seconds=seconds,
        workers=workers or default_workers(),
    )
    with (
        SandboxPerThread(app.open_sandbox) as sandboxes,
        make_scratch() as scratch,
    ):
        sandbox = sandboxes.get()
        submission = compiled_submission(app, spec, solution, sandbox, language)
        judging = Judging(
            spec,
            prepare_setter_programs(spec, sandbox),
            submission,
            prepare_checker(spec, sandbox),
            Path(scratch),
            None if no_cache else stress_cache(app, spec, args),
        )
        if replay is not None:
            outcome = _replay(judging, sandbox, replay)
        else:
            outcome = _search(judging, sandboxes, plan, console)
            if outcome.failure is not None and shrink_time > 0:
                with console.status("shrinking the failing case"):
                    shrunk, result = shrink_failure(judging, sandbox, outcome.failure, shrink_time)
                outcome = StressOutcome(
                    outcome.iterations, outcome.seconds, outcome.failure, shrunk, result
                )
    saved = _save(app.root, spec.id, solution, outcome) if outcome.failure else {}
    replay = replay_command(solution, spec.id, saved)
    document = stress_to_dict(outcome, plan, saved, replay)
    if html is not None:
        from judge.web.offline import write_stress_html  # jinja2: only when asked

        write_stress_html(html, document, spec, solution)
    if as_json:
        click.echo(json.dumps(document, indent=2))
    else:
        print_stress(
            terminal_console(), outcome, saved, replay, interactive=spec.interactive is not None
        )
    raise click.exceptions.Exit(1 if outcome.failure is not None else 0)


def _save(root: Path, problem_id: str, solution: Path, outcome: StressOutcome) -> dict[str, str]:
    """The failing case saved in the project's .judge folder; where the project cannot be
    written (another user's checkout, a read-only mount), in a temporary folder instead, and
    the user is told where: a failure found is never lost."""
    try:
        return save_failure(root, problem_id, solution, outcome)
    except OSError as exc:
        elsewhere = Path(tempfile.mkdtemp(prefix="judge-stress-failure-"))
        saved = save_failure(elsewhere, problem_id, solution, outcome)
        click.echo(f"judge: cannot save the failing case in {root / '.judge'} "
                   f"({exc.strerror or exc}); saved under {elsewhere} instead", err=True)
        return saved


def _stress_args(spec: Problem, console: Console) -> tuple[str, ...]:
    """The problem's stress_args; without them its default_args, and a note that they are the
    full-size tests of `judge generate` (slow to judge and to shrink)."""
    generator = spec.generator
    if generator is None or generator.stress_args:
        return generator.stress_args if generator else ()
    console.print(
        f"note: {spec.id}'s problem.yaml has no generator.stress_args (small tests for stress); "
        f"using its default_args: {' '.join(generator.default_args) or '(none)'}",
        markup=False,
    )
    return generator.default_args


def stress_cache(app: AppContext, spec, args: tuple[str, ...]) -> StressCache:
    generator = spec.generator.program if spec.generator else None
    return StressCache(app.cache.stress(spec.id), generator, spec.reference, args)


def _search(
    judging: Judging, sandboxes: SandboxPerThread, plan: StressPlan, console: Console
) -> StressOutcome:
    started = time.monotonic()
    with console.status("stress testing") as status:
        counter = {"n": 0}

        def progress(_seed: int) -> None:
            counter["n"] += 1
            if counter["n"] % 10 == 0:
                rate = counter["n"] / max(1e-9, time.monotonic() - started)
                status.update(f"stress testing: {plural(counter['n'], 'test')}, {rate:.0f}/s")

        return run_stress(judging, sandboxes, plan, on_progress=progress)


def _replay(judging: Judging, sandbox, path: Path) -> StressOutcome:
    """Judge one given input; one the validator rejects is refused (it proves nothing)."""
    started = time.monotonic()
    data = path.read_bytes()
    if judging.programs.validator is not None:
        validation = judging.programs.validate(sandbox, data=data)
        if not validation.valid:
            raise JudgeError(
                f"{path} is not a valid input for {judging.problem.id}: {validation.message}"
            )
    trial = judging.trial(sandbox, data, None)
    failure = None if trial.result.verdict.accepted else trial
    return StressOutcome(1, time.monotonic() - started, failure)
