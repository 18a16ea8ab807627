"""`judge export kattis PROBLEM OUT`."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console

from judge.commands.import_package import render_notes
from judge.commands.shared import root_option
from judge.commands.context import AppContext
from judge.formats.kattis_export import export_kattis


@click.group("export", short_help="Write a problem as a Kattis package.")
def export_package() -> None:
    """Write a problem of this project as a package of another format."""


@export_package.command("kattis", short_help="Write PROBLEM as a Kattis package in OUT.")
@click.argument("problem")
@click.argument("out", type=click.Path(file_okay=False, path_type=Path))
@root_option
@click.pass_obj
def kattis(app: AppContext, problem: str, out: Path) -> None:
    """Write PROBLEM as a Kattis package (legacy format) in the new folder OUT.

    Kattis names packages [a-z0-9]+: name OUT that way. What Kattis cannot express (a solution
    expected to get MLE, the exact KB limits) is listed; judge-problem.yaml keeps the exact
    settings for `judge import kattis`. See docs/formats.md.
    """
    spec = app.problem(problem)
    out = app.cwd / out  # relative to the current folder, like every path a command takes
    console = Console(highlight=False, soft_wrap=True)
    sandbox = app.open_sandbox()
    try:
        exported = export_kattis(spec, out, sandbox)
    finally:
        sandbox.close()
    console.print(f"exported problem '{spec.id}' as the Kattis package {exported.folder}")
    render_notes(console, exported.notes)
