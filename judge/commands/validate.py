"""`judge validate PROBLEM [FILE ...]`."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console

from judge.context import AppContext
from judge.errors import JudgeError
from judge.programs import prepare_setter_programs
from judge.testdata import discover_tests


@click.command()
@click.argument("problem")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@click.pass_obj
def validate(app: AppContext, problem: str, files: tuple[Path, ...], as_json: bool) -> None:
    """Run PROBLEM's validator on FILES (default: every test input).

    Prints OK or the validator's message for each file. Exit status 0 iff all are valid.
    """
    spec = app.problem(problem)
    if spec.validator is None:
        raise JudgeError(f"problem '{spec.id}' has no validator")
    # A test of the package is also held to its group's own constraints (validator_args).
    group_args = {}
    if not files:
        for case in discover_tests(spec):
            group = spec.group_named(case.group)
            group_args[case.input_path] = group.validator_args if group else ()
    paths = files or tuple(group_args)
    for path in paths:
        if not path.is_file():
            raise JudgeError(f"{path}: file not found")
    console = Console(highlight=False, soft_wrap=True)
    sandbox = app.open_sandbox()
    results = []
    try:
        programs = prepare_setter_programs(spec, sandbox, app.cache_dir)
        for path in paths:
            validation = programs.validate(sandbox, path=path, args=group_args.get(path, ()))
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
