"""`judge verify [PROBLEM ... | --all]`."""

from __future__ import annotations

import json
from pathlib import Path

import click

from judge.commands.shared import root_option
from judge.commands.context import AppContext
from judge.errors import JudgeError
from judge.judging.parallel import SandboxPerThread, default_workers
from judge.setter.programs import prepare_setter_programs
from judge.problem.spec import list_problem_ids
from judge.present.terminal import console as terminal_console
from judge.setter.verify import verify_problem
from judge.present.verify_report import render_verification, verification_to_dict


@click.command(short_help="Check that every bundled solution gets its verdict.")
@click.argument("problems", nargs=-1)
@click.option("--all", "all_problems", is_flag=True, help="Verify every problem.")
@click.option("--workers", type=click.IntRange(1), help="Parallel workers (default: all cores).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option(
    "--html",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Also write the matrices and time margins as one self-contained HTML file.",
)
@root_option
@click.pass_obj
def verify(
    app: AppContext,
    problems: tuple[str, ...],
    all_problems: bool,
    workers: int | None,
    as_json: bool,
    html: Path | None,
) -> None:
    """Check problem packages: the validator accepts every test, the reference and accepted/
    solutions are AC everywhere, every solution in wrong_answer/, time_limit_exceeded/,
    memory_limit_exceeded/, runtime_error/ ... gets its folder's verdict and nothing else, TLE
    solutions exceed the limit clearly, and the slowest accepted solution leaves a safe margin.

    Prints a solutions x tests matrix per problem. Exit status 1 on any mismatch.
    """
    if all_problems == bool(problems):
        raise click.UsageError("give PROBLEM names or --all (not both)")
    ids = list_problem_ids(app.root) if all_problems else list(problems)
    console = terminal_console()
    progress = terminal_console(stderr=True)
    results = []
    with SandboxPerThread(app.open_sandbox) as sandboxes:
        for problem_id in ids:
            spec = app.problem(problem_id)
            programs = prepare_setter_programs(spec, sandboxes.get())
            with progress.status(f"verifying {spec.id}") as status:
                result = verify_problem(
                    spec,
                    programs,
                    sandboxes,
                    workers or default_workers(),
                    on_solution=lambda c, s=status, p=spec.id: s.update(
                        f"verifying {p}: {c.solution.label} {c.report.verdict.value}"
                    ),
                )
            results.append(result)
            if not as_json:
                console.print(render_verification(result))
    document = {
        "ok": all(r.ok for r in results),
        "problems": [verification_to_dict(r) for r in results],
    }
    if html is not None and results:
        from judge.web.offline import write_verification_html  # jinja2: only when asked

        write_verification_html(html, document)
    if as_json:
        click.echo(json.dumps(document, indent=2))
    if not results:
        raise JudgeError("no problems to verify")
    raise click.exceptions.Exit(0 if all(r.ok for r in results) else 1)
