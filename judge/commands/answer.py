"""`judge answer PROBLEM FILE.in ...`: answers for hand-made tests, written by the reference."""

from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

from judge.commands.shared import existing_files, root_option
from judge.commands.context import AppContext
from judge.setter.handmade import Answer, answer_inputs
from judge.setter.programs import prepare_setter_programs
from judge.present.terminal import console
from judge.wording import plural

STYLES = {
    Answer.WRITTEN: "green",
    Answer.UNCHANGED: "green",
    Answer.CHANGED: "yellow",
    Answer.INVALID: "red",
    Answer.FAILED: "red",
}


@click.command(short_help="Write the reference's answers for hand-made inputs.")
@click.argument("problem")
@click.argument("inputs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--note", help="Why these tests exist; recorded in the manifest for new entries.")
@root_option
@click.pass_obj
def answer(app: AppContext, problem: str, inputs: tuple[Path, ...], note: str | None) -> None:
    """Validate each INPUT (a NAME.in file) and write the reference's answer beside it as
    NAME.ans. A test in testdata/PROBLEM/ without a manifest entry gets one (origin sample for
    sample-*, else hand), so that verify knows how it was made.

    An input the validator rejects gets no answer. Exit status 1 if any input was invalid or the
    reference failed on it.
    """
    spec = app.problem(problem)
    paths = existing_files(app, inputs)
    for given, path in zip(inputs, paths, strict=True):
        if path.suffix != ".in":
            raise click.UsageError(f"'{given}' is not a NAME.in file")
    sandbox = app.open_sandbox()
    try:
        programs = prepare_setter_programs(spec, sandbox)
        results = answer_inputs(spec, programs, sandbox, paths, note)
    finally:
        sandbox.close()
    out = console()
    for given, result in zip(inputs, results, strict=True):
        line = Text(result.outcome.value, style=STYLES[result.outcome])
        line.append(f" {Path(given).with_suffix('.ans') if result.ok else given}")
        if result.message:
            line.append(f": {result.message}")
        entry = result.manifest_entry
        if entry is not None:
            line.append(f" (new manifest entry '{entry.name}', origin {entry.origin})")
        out.print(line)
    failed = sum(1 for result in results if not result.ok)
    out.print(f"{plural(len(results) - failed, 'answer')} written, {failed} failed")
    raise click.exceptions.Exit(1 if failed else 0)
