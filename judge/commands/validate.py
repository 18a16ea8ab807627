"""`judge validate PROBLEM [FILE ...]`."""

from __future__ import annotations

import json
from pathlib import Path

import click
from judge.commands.shared import existing_files, root_option
from judge.commands.context import AppContext
from judge.errors import JudgeError
from judge.setter.programs import prepare_setter_programs
from judge.present.terminal import console as terminal_console
from judge.problem.testdata import discover_tests


@click.command(short_help="Run PROBLEM's validator on FILES or on every test.")
@click.argument("problem")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@root_option
@click.pass_obj
def validate(app: AppContext, problem: str, files: tuple[Path, ...], as_json: bool) -> None:
    """Run PROBLEM's validator on FILES (default: every test input).

    FILES are relative to the current folder. Prints OK or the validator's message for each
    file. Exit status 0 iff all are valid.
    """
    spec = app.problem(problem)
    if spec.validator is None:
        raise JudgeError(f"problem '{spec.id}' has no validator")
    # Given files get no group's validator arguments; the problem's tests get their group's.
    targets = tuple((path, ()) for path in existing_files(app, files)) or tuple(
        (case.input_path, spec.validator_args(case.group)) for case in discover_tests(spec)
    )
    console = terminal_console()
    sandbox = app.open_sandbox()
    results = []
    try:
        programs = prepare_setter_programs(spec, sandbox)
        for path, args in targets:
            validation = programs.validate(sandbox, path=path, args=args)
            results.append(
                {"file": str(path), "valid": validation.valid, "message": validation.message}
            )
            if not as_json:
                status = "[green]OK[/green]" if validation.valid else "[red]INVALID[/red]"
                console.print(
                    f"{status}  {path}" + (f": {validation.message}" if validation.message else "")
                )
    finally:
        sandbox.close()
    invalid = sum(1 for r in results if not r["valid"])
    if as_json:
        click.echo(json.dumps({"problem": spec.id, "files": results}, indent=2))
    else:
        console.print(f"{len(results) - invalid} valid, {invalid} invalid")
    raise click.exceptions.Exit(1 if invalid else 0)
