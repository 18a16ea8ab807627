"""`judge run SOLUTION PROBLEM [INPUT]` and `judge diff SOLUTION PROBLEM [TEST]`."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.text import Text

from judge.checkers.explain import full_diff
from judge.commands.shared import (
    compiled_submission,
    existing_files,
    language_option,
    require_solution,
    root_option,
    solution_argument,
)
from judge.commands.context import AppContext
from judge.judging.first_failure import first_failing_test
from judge.present.controls import shown, shown_bytes
from judge.present.report import verdict_text
from judge.judging.launch import launch
from judge.judging.runner import prepare_checker
from judge.present.terminal import console
from judge.wording import plural
from judge.problem.testdata import discover_tests, select_tests
from judge.verdicts.verdict import Verdict


@click.command("run", short_help="Run SOLUTION once on an input, under PROBLEM's limits.")
@solution_argument
@click.argument("problem")
@click.argument("input_file", metavar="[INPUT]", required=False, type=click.Path(path_type=Path))
@language_option
@root_option
@click.pass_obj
def run(
    app: AppContext, solution: Path, problem: str, input_file: Path | None, language: str | None
) -> None:
    """Run SOLUTION once on INPUT (default: standard input) as it runs when judged: isolated,
    under PROBLEM's time, memory and output limits. Its output goes to standard output as it
    is; its standard error and a status line (time, memory, exit) go to standard error. Into a
    terminal, its control characters are shown as escapes (\x1b, \r), never obeyed.

    Exit status 0 when it exits normally within the limits, 1 otherwise.
    """
    solution = require_solution(solution, problem, "run")
    spec = app.problem(problem)
    if input_file is not None:
        data = existing_files(app, (input_file,))[0].read_bytes()
    else:
        if sys.stdin.isatty():
            click.echo("reading the input from the terminal; end it with Ctrl-D", err=True)
        data = sys.stdin.buffer.read()
    sandbox = app.open_sandbox()
    try:
        submission = compiled_submission(app, spec, solution, sandbox, language)
        launched = launch(spec, submission, sandbox, stdin_bytes=data)
    finally:
        sandbox.close()
    # As it is into a file or a pipe; into a terminal with its control characters shown.
    for stream, data in ((sys.stdout, launched.run.stdout), (sys.stderr, launched.run.stderr)):
        stream.buffer.write(shown_bytes(data) if stream.isatty() else data)
        stream.flush()
    limits, result = spec.limits, launched.run
    if launched.verdict.accepted:
        status = f"OK: exit code {result.exit_code}"
    else:
        status = f"{launched.verdict.value}: {shown(launched.message)}"
    if launched.reruns:
        status += f" (best of {launched.reruns + 1} runs: out of time near the limit)"
    click.echo(
        f"{status} · {result.cpu_ms:.0f} / {limits.time_ms} ms · "
        f"{launched.memory_kb} / {limits.memory_kb} KB ({limits.memory_basis.value})",
        err=True,
    )
    raise click.exceptions.Exit(0 if launched.verdict.accepted else 1)


@click.command("diff", short_help="Show the whole output against the answer, one test.")
@solution_argument
@click.argument("problem")
@click.argument("test", required=False)
@language_option
@click.option(
    "--context",
    type=click.IntRange(0),
    metavar="N",
    help="Equal lines shown around each difference (default: all of them).",
)
@root_option
@click.pass_obj
def diff(
    app: AppContext,
    solution: Path,
    problem: str,
    test: str | None,
    language: str | None,
    context: int | None,
) -> None:
    """Judge SOLUTION on TEST (default: the tests in order, up to the first failing one) and
    show its whole output against the whole answer as a unified diff: '-' lines are expected,
    '+' lines were printed instead.

    Exit status 0 when the test (every test) is accepted, 1 otherwise.
    """
    solution = require_solution(solution, problem, "diff")
    spec = app.problem(problem)
    tests = select_tests(discover_tests(spec), (test,) if test else ())
    sandbox = app.open_sandbox()
    try:
        submission = compiled_submission(app, spec, solution, sandbox, language)
        checker = prepare_checker(spec, sandbox)
        failing, results = first_failing_test(spec, submission, checker, sandbox, tests)
    finally:
        sandbox.close()
    out = console()
    if failing is None:
        out.print(f"{solution.name} is accepted on {plural(len(results), 'test')}: no difference")
        raise click.exceptions.Exit(0)
    header = Text(f"{failing.case.name}: ")
    header.append_text(verdict_text(failing.result.verdict).to_rich())
    header.append(f" {shown(failing.result.message)}")
    out.print(header)
    if failing.result.verdict not in (Verdict.WA, Verdict.PE) and failing.result.details:
        out.print(Text(shown(failing.result.details.rstrip()), style="dim"))
    expected = failing.answer.decode(errors="replace")
    got = failing.output.decode(errors="replace")
    styles = {"-": "red", "+": "green", "@": "cyan"}
    for line in full_diff(expected, got, context):
        out.print(Text(shown(line), style=styles.get(line[:1], "")))
    if expected.split() == got.split() and expected != got:
        out.print(Text("(the tokens are equal: only spacing or line breaks differ)", style="dim"))
    raise click.exceptions.Exit(1)
