"""`judge submit SOLUTION PROBLEM`."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from judge.commands.shared import (
    language_option,
    require_solution,
    root_option,
    solution_argument,
    test_selection,
)
from judge.commands.context import AppContext
from judge.judging.parallel import SandboxesOpening, default_workers
from judge.present.terminal import console, is_terminal, show, status
from judge.wording import plural
from judge.verdicts.verdict import Verdict

if TYPE_CHECKING:  # imported by `submit` itself, once its first fork server is starting
    from judge.judging.runner import CaseResult
    from judge.sandbox import Sandbox


@click.command(short_help="Judge SOLUTION on the tests of PROBLEM.")
@solution_argument
@click.argument("problem")
@language_option
@test_selection
@click.option("--fail-fast", is_flag=True, help="Stop at the first test that is not accepted.")
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    help="Tests judged at a time (default: one per core; verdicts are the same, a re-run near "
    "the time limit runs alone).",
)
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
@click.option(
    "--server",
    metavar="URL",
    help="Submit to the online judge at URL (`judge serve`) instead of judging here.",
)
@click.option(
    "--token", envvar="JUDGE_TOKEN", help="API token for --server (default: $JUDGE_TOKEN)."
)
@root_option
@click.pass_obj
def submit(
    app: AppContext,
    solution: Path,
    problem: str,
    language: str | None,
    test_names: tuple[str, ...],
    group_names: tuple[str, ...],
    fail_fast: bool,
    jobs: int | None,
    as_json: bool,
    html: Path | None,
    server: str | None,
    token: str | None,
) -> None:
    """Judge SOLUTION on every test of PROBLEM (or those --test / --group select).

    Prints a verdict per test, then the overall verdict: the first test that is not accepted
    decides (POJ style). In a terminal each test is printed as it finishes; otherwise a table
    follows at the end. Tests run on all cores (--jobs); with --jobs 1, once a test has run out
    of time, the tests after it do. Exit status: 0 if accepted, 1 for any other verdict, 2 for
    a usage or problem error.
    With --server the judging happens on the online judge, shown the same way.
    """
    solution = require_solution(solution, problem, "submit")
    if server is not None:
        from judge.commands.submit_remote import submit_remote

        if fail_fast or test_names or group_names:
            raise click.UsageError(
                "--fail-fast, --test and --group are for local judging; the server runs every test"
            )
        submit_remote(server, token, solution, problem, language, as_json, html)
        return
    if token is not None:
        raise click.UsageError("--token goes with --server")
    first = open_first_sandbox(app)
    try:
        from judge.judging.runner import JudgeOptions, judge_submission  # after the start above
        from judge.present.report import case_line, isolation_warning, print_report, report_to_json
        from judge.problem.testdata import discover_tests, select_tests

        spec = app.problem(problem)
        tests = select_tests(discover_tests(spec), test_names, group_names)
        streaming = not as_json and is_terminal()  # one line per test now, no table at the end
        out = console() if streaming else None  # rich, for a terminal only
        jobs = jobs or default_workers()
        # The sandboxes of the other workers open while the first one is taken.
        extra = SandboxesOpening(app.open_sandbox, min(jobs, len(tests)) - 1)
        try:
            sandbox = first.take()
        except BaseException:
            extra.close()
            raise
    finally:
        first.close()  # the first sandbox when it was never taken (an error above)
    workers = 1 if fail_fast or jobs > 1 else default_workers()  # after a TLE
    name_width = max(len(case.name) for case in tests)
    label = f"judging {solution.name} on {spec.id}"
    warning = isolation_warning(sandbox.info)
    if warning is not None:
        show([warning], stderr=True, soft_wrap=True)
    try:
        with status(label, out) as progress:
            state = {"done": 0, "note": ""}

            def count(case: CaseResult) -> None:
                state["done"] += 1
                if case.verdict is Verdict.TLE and workers > 1 and not state["note"]:
                    left = len(tests) - state["done"]
                    state["note"] = (
                        f" ({case.name} ran out of time: the {plural(left, 'test')} after it "
                        f"run {workers} at a time)"
                    )
                progress.update(f"{label}: {state['done']}/{len(tests)}{state['note']}")

            def stream(case: CaseResult) -> None:
                if streaming:
                    out.print(case_line(case, name_width).to_rich())

            emit = in_order([case.name for case in tests], stream)
            report = judge_submission(
                spec,
                solution.resolve(),
                sandbox,
                JudgeOptions(
                    fail_fast=fail_fast,
                    language=language,
                    workers=jobs,
                    workers_after_tle=workers,
                ),
                on_case=lambda case: (count(case), emit(case)),
                tests=tests,
                sandbox_factory=extra.take,
            )
    finally:
        sandbox.close()
        extra.close()
    if html is not None:
        from judge.web.offline import write_submission_html  # jinja2: only when asked

        write_submission_html(html, report)
    if as_json:
        click.echo(report_to_json(report))
    else:
        print_report(report, out, table=not streaming)
    raise click.exceptions.Exit(0 if report.verdict.accepted else 1)


def open_first_sandbox(app: AppContext) -> SandboxesOpening:
    """The first sandbox, opening in a thread: its fork server starts on another core while this
    thread imports the judging code, loads the problem and finds its tests (a problem that fails
    to load still fails first, and the sandbox is closed). Returns once the server's process has
    started: until then both threads would share one core through the interpreter's lock, each
    waiting for it at every system call, and the server would start some 30 ms later. (The
    sandbox's modules are imported in that thread while this one waits: two threads importing
    one package at once may deadlock.)"""
    started = threading.Event()

    def open_sandbox() -> Sandbox:
        try:
            return app.open_sandbox(started)
        finally:
            started.set()  # it failed, or opened without a server of its own: wait no longer

    first = SandboxesOpening(open_sandbox, 1)
    try:
        started.wait()
    except BaseException:
        first.close()
        raise
    return first


def in_order(names: list[str], emit: Callable[[CaseResult], None]) -> Callable[[CaseResult], None]:
    """Passes results on in the order of `names`, holding back those that finish early
    (the tests after a TLE run in parallel and may finish out of order)."""
    lock = threading.Lock()
    pending: dict[str, CaseResult] = {}
    position = {"next": 0}

    def receive(case: CaseResult) -> None:
        with lock:
            pending[case.name] = case
            while position["next"] < len(names) and names[position["next"]] in pending:
                emit(pending.pop(names[position["next"]]))
                position["next"] += 1

    return receive
