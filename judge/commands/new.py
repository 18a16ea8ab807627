"""`judge new PROBLEM [--title TITLE]`."""

from __future__ import annotations

import click
from rich.console import Console

from judge.commands.shared import root_option
from judge.commands.context import AppContext
from judge.formats.scaffold import new_problem
from judge.setter.generate import Outcome


@click.command(short_help="Start PROBLEM: a package that judge verify accepts at once.")
@click.argument("problem")
@click.option("--title", help="The problem's title (default: made from PROBLEM).")
@root_option
@click.pass_obj
def new(app: AppContext, problem: str, title: str | None) -> None:
    """Start PROBLEM: a complete package that `judge verify PROBLEM` accepts at once.

    It has problem.yaml, a statement, a generator, a validator, the reference, one wrong solution,
    a sample, a hand-made test and a few generated ones, for an example problem (the sum of a
    list) to replace piece by piece.
    """
    title = title or problem.replace("-", " ").replace("_", " ").capitalize()
    spec, made = new_problem(app.root, problem, title, app.open_sandbox)
    console = Console(highlight=False, soft_wrap=True)
    written = [test.name for test in made if test.outcome is Outcome.WRITTEN]
    console.print(f"created problem '{spec.id}' ({spec.title}):")
    for path in (spec.directory, spec.solutions, spec.testdata):
        console.print(f"  {path.relative_to(app.root)}/")
    console.print(f"generated tests: {', '.join(written) or 'none'}")
    console.print(f"next: edit the files, then judge verify {spec.id}")
