"""`judge stress SOLUTION PROBLEM`: random tests until SOLUTION disagrees with the reference."""

from __future__ import annotations

import json
import shlex
import time
from pathlib import Path

import click
from rich.console import Console

from judge.context import AppContext
from judge.errors import JudgeError
from judge.languages import CompileFailure
from judge.parallel import SandboxPerThread, default_workers
from judge.programs import prepare_setter_programs
from judge.runner import prepare_checker, prepare_submission
from judge.stress_cache import StressCache
from judge.stress import (
    Judging,
    StressOutcome,
    StressPlan,
    Trial,
    make_scratch,
    run_stress,
    shrink_failure,
)


OUTPUT_SHOWN = 65536  # characters of the failing output kept in the document


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("solution", type=click.Path(dir_okay=False, exists=True, path_type=Path))
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
@click.option("--lang", "language", metavar="NAME", help="Language of SOLUTION.")
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
    case is saved, shrunk (fewer lines, smaller numbers, still valid and still failing) and
    printed with a command that replays it. Exit status 0 when nothing failed, 1 otherwise.
    """
    spec = app.problem(problem)
    if spec.generator is None and replay is None:
        raise JudgeError(f"problem '{spec.id}' has no generator in problem.yaml")
    if iterations is None and seconds is None:
        seconds = 60.0
    args = generator_args or (spec.generator.stress_args if spec.generator else ())
    plan = StressPlan(
        args=args,
        first_seed=seed,
        iterations=iterations,
        seconds=seconds,
        workers=workers or default_workers(),
    )
    console = Console(stderr=True, highlight=False)
    with (
        SandboxPerThread(app.open_sandbox) as sandboxes,
        make_scratch() as scratch,
    ):
        sandbox = sandboxes.get()
        submission = prepare_submission(spec, solution.resolve(), sandbox, app.cache_dir, language)
        if isinstance(submission, CompileFailure):
            raise JudgeError(f"{solution} does not compile:\n{submission.message}")
        judging = Judging(
            spec,
            prepare_setter_programs(spec, sandbox, app.cache_dir),
            submission,
            prepare_checker(spec, sandbox, app.cache_dir),
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
    saved = _save(app, spec.id, outcome) if outcome.failure is not None else {}
    replay_command = _replay_command(solution, spec.id, saved)
    document = _to_dict(outcome, plan, saved, replay_command)
    if html is not None:
        from judge.web.offline import write_stress_html  # jinja2: only when asked

        write_stress_html(html, document, spec, solution)
    if as_json:
        click.echo(json.dumps(document, indent=2))
    else:
        _print(Console(highlight=False, soft_wrap=True), outcome, saved, replay_command)
    raise click.exceptions.Exit(1 if outcome.failure is not None else 0)


def stress_cache(app: AppContext, spec, args: tuple[str, ...]) -> StressCache:
    generator = spec.generator.program if spec.generator else None
    return StressCache(app.cache_dir / "stress" / spec.id, generator, spec.reference, args)


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
                status.update(f"stress testing: {counter['n']} tests, {rate:.0f}/s")

        return run_stress(judging, sandboxes, plan, on_progress=progress)


def _replay(judging: Judging, sandbox, path: Path) -> StressOutcome:
    started = time.monotonic()
    trial = judging.trial(sandbox, path.read_bytes(), None)
    failure = None if trial.result.verdict.accepted else trial
    return StressOutcome(1, time.monotonic() - started, failure)


def _save(app: AppContext, problem_id: str, outcome: StressOutcome) -> dict[str, str]:
    failure = outcome.failure
    label = f"seed-{failure.seed}" if failure.seed is not None else time.strftime("%Y%m%d-%H%M%S")
    folder = app.root / ".judge" / "stress" / problem_id / label
    folder.mkdir(parents=True, exist_ok=True)
    saved = _write_trial(folder, "failing", failure)
    if outcome.shrunk is not None:
        saved |= _write_trial(folder, "shrunk", outcome.shrunk)
    return saved


def _write_trial(folder: Path, prefix: str, trial: Trial) -> dict[str, str]:
    paths = {
        f"{prefix}_input": folder / f"{prefix}.in",
        f"{prefix}_expected": folder / f"{prefix}.ans",
        f"{prefix}_output": folder / f"{prefix}.out",
    }
    for key, data in zip(paths, (trial.data, trial.answer, trial.output), strict=True):
        paths[key].write_bytes(data)
    return {key: str(path) for key, path in paths.items()}


def _replay_command(solution: Path, problem_id: str, saved: dict[str, str]) -> str | None:
    target = saved.get("shrunk_input") or saved.get("failing_input")
    if target is None:
        return None
    return shlex.join(["judge", "stress", str(solution), problem_id, "--input", target])


def _to_dict(outcome: StressOutcome, plan: StressPlan, saved, replay_command) -> dict:
    failure, shrunk = outcome.failure, outcome.shrunk
    shown = shrunk or failure  # the smallest failing case: its answers and explanation
    return {
        "verdict": failure.result.verdict.value if failure else "AC",
        "iterations": outcome.iterations,
        "seconds": round(outcome.seconds, 3),
        "rate_per_second": round(outcome.iterations / max(outcome.seconds, 1e-9), 1),
        "seed": failure.seed if failure else None,
        "first_seed": plan.first_seed,
        "generator_args": list(plan.args),
        "message": failure.result.message if failure else None,
        "failing_input": failure.data.decode(errors="replace") if failure else None,
        "shrunk_input": shrunk.data.decode(errors="replace") if shrunk else None,
        "shrunk_verdict": shrunk.result.verdict.value if shrunk else None,
        "shrink_steps": outcome.shrink.steps if outcome.shrink else None,
        "expected_output": shown.answer.decode(errors="replace") if shown else None,
        "output": shown.output.decode(errors="replace")[:OUTPUT_SHOWN] if shown else None,
        "details": shown.result.details or None if shown else None,
        "saved": saved or None,
        "replay": replay_command,
    }


def _print(console: Console, outcome: StressOutcome, saved, replay_command) -> None:
    rate = outcome.iterations / max(outcome.seconds, 1e-9)
    failure = outcome.failure
    console.print(f"{outcome.iterations} tests in {outcome.seconds:.1f} s ({rate:.0f}/s)")
    if failure is None:
        console.print("[green]no failure found[/green]")
        return
    where = f"seed {failure.seed}" if failure.seed is not None else "the given input"
    console.print(f"[red]{failure.result.verdict.value}[/red] on {where}: {failure.result.message}")
    shown = outcome.shrunk or failure
    if outcome.shrunk is not None:
        steps = outcome.shrink.steps if outcome.shrink else 0
        complete = "" if outcome.shrink and outcome.shrink.complete else " (time ran out)"
        console.print(
            f"shrunk in {steps} steps from {len(failure.data)} to "
            f"{len(shown.data)} bytes{complete}: "
            f"{shown.result.verdict.value} {shown.result.message}"
        )
    console.print("[bold]input:[/bold]")
    console.print(shown.data.decode(errors="replace").rstrip(), markup=False)
    console.print("[bold]expected:[/bold]")
    console.print(shown.answer.decode(errors="replace").rstrip()[:2000], markup=False)
    console.print("[bold]got:[/bold]")
    console.print(shown.output.decode(errors="replace").rstrip()[:2000], markup=False)
    console.print(f"saved in {Path(next(iter(saved.values()))).parent}")
    console.print(f"replay: {replay_command}")
