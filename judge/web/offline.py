"""Offline reports: one self-contained HTML file per command (`--html FILE`).

The same pages as the web service, rendered with every stylesheet, script and font inside the
file, so that it opens from a disk, a mail or a CI artifact without a network.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from judge.errors import JudgeError
from judge.files import write_atomically
from judge.present.report import report_to_dict
from judge.judging.runner import Report
from judge.problem.spec import Problem
from judge.problem.testdata import TestCase
from judge.web.assets import InlineAssets
from judge.web.environment import make_environment, render
from judge.web.pages import (
    Page,
    problem_page,
    read_interactions,
    read_samples,
    stress_page,
    submission_page,
    verification_page,
)


def write_page(path: Path, page: Page) -> None:
    html = render(make_environment(), page, InlineAssets())
    try:
        write_atomically(path, html.encode("utf-8"))
    except OSError as exc:
        raise JudgeError(f"cannot write the HTML report {path}: {exc.strerror}") from None


def write_submission_html(path: Path, report: Report) -> None:
    source = _read_text(Path(report.solution))
    page = submission_page(
        report_to_dict(report), problem_title=report.problem_title, source=source
    )
    write_page(path, page)


def write_verification_html(path: Path, document: Mapping) -> None:
    write_page(path, verification_page(document))


def write_stress_html(path: Path, outcome: Mapping, problem: Problem, solution: Path) -> None:
    write_page(path, stress_page(outcome, problem=problem, solution=str(solution)))


def write_problem_html(path: Path, problem: Problem, tests: tuple[TestCase, ...]) -> None:
    statement = _read_text(problem.statement)
    if statement is None:
        raise JudgeError(f"{problem.statement}: cannot read the statement")
    page = problem_page(problem, statement, read_samples(tests), read_interactions(tests))
    write_page(path, page)


def _read_text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
