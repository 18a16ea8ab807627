"""`judge submit --server URL`: the same progress, table, --json and exit status as a local
run, with the judging done by the online judge."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import click
from rich.console import Console

from judge.errors import JudgeError
from judge.present.controls import json_text
from judge.present.report import case_line, print_report
from judge.present.schema import CaseDocument, ReportDocument
from judge.service.client import ServiceClient, follow, report_part


def submit_remote(
    server: str,
    token: str | None,
    solution: Path,
    problem: str,
    language: str | None,
    as_json: bool,
    html: Path | None = None,
) -> None:
    if not token:
        raise JudgeError("--server needs a token: --token TOKEN or $JUDGE_TOKEN")
    try:
        source = solution.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise JudgeError(f"{solution}: cannot read the source as UTF-8 text: {exc}") from None
    progress = Console(stderr=True, highlight=False)
    with ServiceClient(server, token) as client:
        submission_id = client.submit(problem, language, source, solution.name)
        title = client.problem(problem).get("title", "")
        with progress.status(f"judging {solution.name} on {problem} at {server}") as status:
            done = []

            def show_case(data: dict) -> None:
                done.append(data)
                status.update(f"judging {solution.name} on {problem}: {len(done)} tests")
                if not as_json:
                    progress.print(case_line(CaseDocument.model_validate(data).to_case()).to_rich())

            document = follow(client, submission_id, show_case)
    if document["status"] == "failed":
        raise JudgeError(f"submission {submission_id} could not be judged: {document['error']}")
    report = ReportDocument.model_validate(report_part(document)).to_report(title)
    if html is not None:
        from judge.web.offline import write_submission_html  # jinja2: only when asked

        write_submission_html(html, dataclasses.replace(report, solution=str(solution.resolve())))
    if as_json:
        click.echo(json_text(document))
    else:
        print_report(report, Console(highlight=False))
    raise click.exceptions.Exit(0 if report.verdict.accepted else 1)
