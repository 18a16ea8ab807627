"""`judge generate PROBLEM [--count N] [--seed S] [-- GENERATOR OPTIONS]` and `--check`."""

from __future__ import annotations


import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from judge.commands.shared import root_option
from judge.commands.context import AppContext
from judge.errors import JudgeError
from judge.setter.generate import Drift, Outcome, check_drift, make_tests, next_seed
from judge.judging.parallel import default_workers
from judge.setter.programs import prepare_setter_programs
from judge.present.terminal import console as terminal_console
from judge.wording import plural
from judge.problem.manifest import MANIFEST


def progress_bar(console: Console) -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )


@click.command(
    context_settings={"ignore_unknown_options": True},
    short_help="Make seeded random tests: validated, answered.",
)
@click.argument("problem")
@click.argument("generator_args", nargs=-1, type=click.UNPROCESSED)
@click.option(
    "--count", default=10, show_default=True, type=click.IntRange(1), help="How many tests to make."
)
@click.option(
    "--seed",
    type=click.IntRange(0),
    help="First seed (seeds are SEED, SEED+1, ...). Default: one past the largest "
    "seed in the manifest.",
)
@click.option(
    "--check",
    is_flag=True,
    help="Instead of making tests, rebuild every generated test from its manifest "
    "entry and report drift (a changed generator or reference).",
)
@click.option("--workers", type=click.IntRange(1), help="Parallel workers (default: all cores).")
@root_option
@click.pass_obj
def generate(
    app: AppContext,
    problem: str,
    generator_args: tuple[str, ...],
    count: int,
    seed: int | None,
    check: bool,
    workers: int | None,
) -> None:
    """Make seeded random tests for PROBLEM: generate, validate, answer with the reference.

    GENERATOR_ARGS are passed to the generator (after `--` if they look like options); without
    them the problem's default_args are used. Each test is written as testdata/PROBLEM/gen-NNN.in
    and .ans with a manifest entry (arguments, seed, sha256). Inputs identical to an existing
    test are refused. The manifest keeps its comments, order and formatting: new entries are
    added at its end. Exit status 1 if any input was invalid or a program failed.
    """
    spec = app.problem(problem)
    if spec.generator is None:
        raise JudgeError(f"problem '{spec.id}' has no generator in problem.yaml")
    console = terminal_console()
    workers = workers or default_workers()
    factory = app.open_sandbox
    sandbox = factory()
    try:
        programs = prepare_setter_programs(spec, sandbox)
    finally:
        sandbox.close()
    if check:
        _check(spec, programs, factory, workers, console)
        return
    args = generator_args or spec.generator.default_args
    first = seed if seed is not None else next_seed(spec)
    with progress_bar(console) as bar:
        task = bar.add_task(f"generating {spec.id}", total=count)
        results = make_tests(
            spec,
            programs,
            factory,
            args,
            list(range(first, first + count)),
            workers,
            on_built=lambda _: bar.advance(task),
        )
    for result in results:
        if result.outcome is Outcome.WRITTEN:
            console.print(f"[green]wrote[/green] {result.name} (seed {result.seed})")
        else:
            style = "yellow" if result.outcome is Outcome.DUPLICATE else "red"
            console.print(
                f"[{style}]{result.outcome.value}[/{style}] seed {result.seed}: {result.message}"
            )
    written = sum(1 for r in results if r.outcome is Outcome.WRITTEN)
    broken = sum(1 for r in results if r.outcome in (Outcome.INVALID, Outcome.FAILED))
    console.print(
        f"{written} written, {plural(len(results) - written - broken, 'duplicate')} refused, "
        f"{broken} failed; generator args: {' '.join(args) or '(none)'}"
    )
    raise click.exceptions.Exit(1 if broken else 0)


def _check(spec, programs, factory, workers, console: Console) -> None:
    with progress_bar(console) as bar:
        task = bar.add_task(f"rebuilding {spec.id}", total=None)
        reports = check_drift(
            spec, programs, factory, workers, on_checked=lambda _: bar.advance(task)
        )
    if not reports:
        console.print(
            f"[red]nothing to check[/red]: {spec.testdata / MANIFEST} lists no generated tests"
        )
        raise click.exceptions.Exit(1)
    drifted = [r for r in reports if r.drift is not Drift.SAME]
    for report in drifted:
        console.print(f"[red]{report.drift.value}[/red] {report.name}: {report.message}")
    console.print(
        f"{len(reports) - len(drifted)} of {plural(len(reports), 'generated test')} "
        "rebuild byte for byte"
    )
    raise click.exceptions.Exit(1 if drifted else 0)
