"""`judge list` and `judge show PROBLEM`."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from judge.context import AppContext
from judge.errors import JudgeError
from judge.spec import Problem, list_problem_ids, load_problem
from judge.testdata import discover_tests
from judge.transcript import read_transcript, render_transcript


@click.command("list")
@click.pass_obj
def list_problems(app: AppContext) -> None:
    """List every problem with its source, limits and number of tests.

    A problem whose package is broken is listed with the error instead.
    """
    root = app.root
    table = Table(title=f"problems in {root}", title_justify="left")
    for column in ("id", "title", "source", "time", "memory", "checker", "tests"):
        table.add_column(column)
    broken = 0
    for problem_id in list_problem_ids(root):
        try:
            problem = load_problem(root, problem_id)
            tests = str(len(discover_tests(problem)))
        except JudgeError as exc:
            broken += 1
            table.add_row(problem_id, f"[red]broken: {exc}[/red]", "", "", "", "", "")
            continue
        table.add_row(*_summary_row(problem), tests)
    Console(highlight=False).print(table)
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


@click.command()
@click.argument("problem")
@click.option(
    "--html",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Also write the problem page (statement, limits, samples) as one HTML file.",
)
@click.pass_obj
def show(app: AppContext, problem: str, html: Path | None) -> None:
    """Show PROBLEM's statement, limits and checker."""
    spec = app.problem(problem)
    if html is not None:
        from judge.web.offline import write_problem_html  # jinja2: only when asked

        write_problem_html(html, spec, discover_tests(spec))
    try:
        statement = spec.statement.read_text(encoding="utf-8")
    except OSError as exc:
        raise JudgeError(f"{spec.statement}: cannot read the statement: {exc.strerror}") from None
    limits = spec.limits
    console = Console(highlight=False)
    console.print(f"[bold]{spec.title}[/bold]  ({spec.id}; {spec.source})")
    console.print(
        f"time limit {limits.time_ms} ms · memory limit {limits.memory_kb} KB "
        f"({limits.memory_basis.value}) · output limit {limits.output_kb} KB · "
        f"checker {judged_by(spec)}\n"
    )
    console.print(Markdown(statement))
    for case in discover_tests(spec) if spec.interactive else ():
        if case.interaction is not None:
            console.print(f"\n[bold]Sample interaction {case.name}[/bold]")
            console.print(render_transcript(read_transcript(case.interaction)), markup=False)
