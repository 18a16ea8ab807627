"""`judge submit SOLUTION PROBLEM`."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console

from judge.context import AppContext
from judge.report import case_line, isolation_warning, print_report, report_to_json
from judge.runner import JudgeOptions, judge_submission
from judge.testdata import discover_tests


@click.command()
@click.argument("solution", type=click.Path(dir_okay=False, exists=True, path_type=Path))
@click.argument("problem")
@click.option(
    "--lang",
    "language",
    metavar="NAME",
    help="Language of SOLUTION (python, c, cpp). Default: from its extension.",
)
@click.option("--fail-fast", is_flag=True, help="Stop at the first test that is not accepted.")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print one JSON document on stdout (schema in docs/json.md) instead of a table.",
)
@click.option(
    "--html",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Also write the report as one self-contained HTML file (tables, charts, source).",
)
@click.pass_obj
def submit(
    app: AppContext,
    solution: Path,
    problem: str,
    language: str | None,
    fail_fast: bool,
    as_json: bool,
    html: Path | None,
) -> None:
    """Judge SOLUTION on every test of PROBLEM.

    Prints a verdict per test, then the overall verdict: the first test that is not accepted
    decides (POJ style). Exit status: 0 if accepted, 1 for any other verdict, 2 for a usage or
    problem error.
    """
    spec = app.problem(problem)
    tests = discover_tests(spec)
    progress = Console(stderr=True, highlight=False)
    out = Console(highlight=False)
    sandbox = app.open_sandbox()
    warning = isolation_warning(sandbox.info)
    if warning is not None:
        progress.print(warning, soft_wrap=True)
    try:
        with progress.status(f"judging {solution.name} on {spec.id}", spinner="dots") as status:
            done = []

            def show_case(case) -> None:
                done.append(case)
                status.update(f"judging {solution.name} on {spec.id}: {len(done)}/{len(tests)}")
                if not as_json:
                    progress.print(case_line(case))

            report = judge_submission(
                spec,
                solution.resolve(),
                sandbox,
                app.cache_dir,
                JudgeOptions(fail_fast=fail_fast, language=language),
                on_case=show_case,
                tests=tests,
            )
    finally:
        sandbox.close()
    if html is not None:
        from judge.web.offline import write_submission_html  # jinja2: only when asked

        write_submission_html(html, report)
    if as_json:
        click.echo(report_to_json(report))
    else:
        print_report(report, out)
    raise click.exceptions.Exit(0 if report.verdict.accepted else 1)
