"""`judge list` and `judge show PROBLEM`."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.markup import escape
from rich.table import Table

from judge.commands.shared import root_option
from judge.commands.context import AppContext
from judge.errors import JudgeError
from judge.checkers.registry import checker_kind
from judge.problem.spec import Problem, list_problem_ids, load_problem
from judge.present.terminal import console
from judge.problem.testdata import discover_tests
from judge.problem.transcript import read_transcript, render_transcript


@click.command("list", short_help="List the problems with their sources and limits.")
@root_option
@click.pass_obj
def list_problems(app: AppContext) -> None:
    """List every problem with its source, limits and number of tests.

    A problem whose package is broken is listed with the error instead.
    """
    root = app.root
    ids = list_problem_ids(root)
    table = Table(title=f"problems in {root}", title_justify="left")
    table.add_column("id", no_wrap=True, min_width=max((len(i) for i in ids), default=2))
    for column in ("title", "source", "time", "memory", "checker", "tests"):
        table.add_column(column)
    broken = 0
    for problem_id in ids:
        try:
            problem = load_problem(root, problem_id)
            tests = str(len(discover_tests(problem)))
        except JudgeError as exc:
            broken += 1
            table.add_row(problem_id, f"[red]broken: {exc}[/red]", "", "", "", "", "")
            continue
        row = _summary_row(problem)
        if problem.broken:  # kept by `judge import --keep-broken`: loads, but is known to fail
            row = (row[0], f"{row[1]} [red](broken: {escape(problem.broken)})[/red]", *row[2:])
        table.add_row(*row, tests)
    console().print(table)
    if broken:
        raise click.exceptions.Exit(2)


def _summary_row(problem: Problem) -> tuple[str, ...]:
    limits = problem.limits
    return (
        problem.id,
        problem.title,
        problem.source,
        f"{limits.time_ms} ms",
        f"{limits.memory_kb} KB",
        judged_by(problem),
    )


def judged_by(problem: Problem) -> str:
    """The checker's name, or the interactor's convention for an interactive problem."""
    if problem.interactive is not None:
        return f"interactive ({problem.interactive.protocol})"
    return problem.checker.name


def describe_checker(problem: Problem) -> str:
    """The checker (or interactor) and the settings that change its verdicts."""
    interactive = problem.interactive
    if interactive is not None:
        return (
            f"interactive: {interactive.protocol} interactor {interactive.program.name} "
            f"(time limit {interactive.time_ms} ms"
            f"{f', up to {interactive.passes} passes' if interactive.passes > 1 else ''})"
        )
    return checker_kind(problem.checker.name).describe(problem.checker)


@click.command(short_help="Print PROBLEM's statement, limits and checker.")
@click.argument("problem")
@click.option(
    "--sample",
    type=click.IntRange(1),
    metavar="N",
    help="Print only the input of sample N, byte for byte (to pipe into a program).",
)
@click.option("--answer", is_flag=True, help="With --sample: print the sample's answer instead.")
@click.option(
    "--html",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Also write the problem page (statement, limits, samples) as one HTML file.",
)
@root_option
@click.pass_obj
def show(
    app: AppContext, problem: str, sample: int | None, answer: bool, html: Path | None
) -> None:
    """Print PROBLEM's limits, checker and statement.

    The statement is printed as written (Markdown), so a sample copied from it is exact.
    """
    spec = app.problem(problem)
    if sample is not None:
        sys.stdout.buffer.write(_sample_bytes(spec, sample, answer))
        return
    if answer:
        raise click.UsageError("--answer goes with --sample N")
    if html is not None:
        from judge.web.offline import write_problem_html  # jinja2: only when asked

        write_problem_html(html, spec, discover_tests(spec))
    try:
        statement = spec.statement.read_text(encoding="utf-8")
    except OSError as exc:
        raise JudgeError(f"{spec.statement}: cannot read the statement: {exc.strerror}") from None
    limits = spec.limits
    click.secho(f"{spec.title} ({spec.id}; {spec.source})", bold=True)
    click.echo(
        f"time limit {limits.time_ms} ms · memory limit {limits.memory_kb} KB "
        f"({limits.memory_basis.value}) · output limit {limits.output_kb} KB · "
        f"checker {describe_checker(spec)}\n"
    )
    click.echo(statement, nl=not statement.endswith("\n"))
    for case in discover_tests(spec) if spec.interactive else ():
        if case.interaction is not None:
            click.secho(f"\nSample interaction {case.name}", bold=True)
            click.echo(render_transcript(read_transcript(case.interaction)))


def _sample_bytes(spec: Problem, number: int, answer: bool) -> bytes:
    """The sample's input or answer; an interactive problem's sample is its transcript."""
    suffix = "ans" if answer else "in"
    if spec.interactive is not None:
        if answer:
            raise JudgeError(f"{spec.id} is interactive: a sample is a transcript, not an answer")
        suffix = "interaction"
    path = spec.testdata / f"sample-{number}.{suffix}"
    try:
        return path.read_bytes()
    except OSError:
        samples = sorted(p.stem for p in spec.testdata.glob("sample-*.in"))
        raise JudgeError(
            f"{spec.id} has no sample {number} ({path} not found; samples: "
            f"{', '.join(samples) or 'none'})"
        ) from None
