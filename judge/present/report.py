"""Rendering reports: terminal tables (styled text, judge.present.styled) and JSON. Pure: data in,
text out."""

from __future__ import annotations

from judge.present.controls import json_text
from collections import Counter
from dataclasses import dataclass

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from judge.judging.runner import CaseResult, Report
from judge.sandbox.api import SandboxInfo
from judge.problem.spec import Limits, Problem
from judge.present.styled import Styled
from judge.present.terminal import show
from judge.wording import plural
from judge.problem.testdata import TestCase
from judge.verdicts.verdict import Verdict

if TYPE_CHECKING:
    from rich.console import Console

VERDICT_STYLES = {
    Verdict.AC: "bold green",
    Verdict.PA: "bold yellow",
    Verdict.PE: "bold yellow",
    Verdict.WA: "bold red",
    # The limit verdicts each get their own colour, as on the web pages (site.css): a grid of
    # results must show at a glance whether a solution is slow or greedy.
    Verdict.TLE: "bold magenta",
    Verdict.MLE: "bold blue",
    Verdict.OLE: "bold cyan",
    Verdict.RE: "bold red",
    Verdict.CE: "bold red",
    Verdict.JE: "bold white on red",
}
DETAILS_SHOWN = 3  # how many failing tests get a full explanation under the table
STDERR_LINES_SHOWN = 12  # of a test's stderr under the table: its first and last lines


def verdict_text(verdict: Verdict) -> Styled:
    return Styled(verdict.value, style=VERDICT_STYLES[verdict])


def case_line(case: CaseResult, name_width: int = 28) -> Styled:
    """One line per finished test, streamed while judging in a terminal (instead of a table)."""
    line = Styled(f"{case.name:<{name_width}} ")
    line.append_styled(verdict_text(case.verdict))
    line.append(f"  {case.time_ms:>7.0f} ms {case.memory_kb:>8} KB")
    message = case_message(case)
    if message:
        line.append(f"  {message}", style="dim")
    return line


def case_message(case: CaseResult) -> str:
    """The test's message, and how often it ran when it ran out of time near the limit."""
    if not case.reruns:
        return case.message
    runs = f"[best of {case.reruns + 1} runs: out of time near the limit]"
    return f"{case.message} {runs}" if case.message else runs


def render_report(report: Report, table: bool = True) -> list[Styled]:
    """The report, a piece per paragraph; without the table of tests when they were already
    streamed line by line."""
    parts = []
    if report.compile_message:
        parts.append(Styled("Compile error:", style="bold red"))
        parts.append(Styled(report.compile_message.rstrip()))
    else:
        if table:
            parts.append(_table(report))
        if report.max_score is not None:
            parts.append(_groups_table(report))
        parts.extend(_explanations(report))
        parts.extend(_stderr_sections(report))
    parts.extend(_summary(report))
    parts.append(sandbox_line(report.sandbox))
    return parts


def sandbox_line(info: SandboxInfo) -> Styled:
    """Which sandbox ran the submission; loud when it was not isolated."""
    line = Styled("sandbox: ", style="dim")
    line.append(info.kind, style="bold")
    line.append(f" ({cgroups_name(info)})", style="dim")
    if info.isolated:
        line.append(f" (isolated: {', '.join(info.guarantees)})", style="dim")
        return line
    line.append(" NOT ISOLATED", style="bold white on red")
    line.append(f" (missing: {', '.join(info.missing)}; {info.reason})")
    return line


def cgroups_name(info: SandboxInfo) -> str:
    return f"cgroup v{info.cgroup_version}" if info.cgroup_version else "no cgroups"


def isolation_warning(info: SandboxInfo) -> Styled | None:
    """One line for stderr when the submission ran without isolation, else None."""
    if info.isolated:
        return None
    text = Styled("warning: ", style="bold yellow")
    text.append(
        f"the submission ran WITHOUT isolation ({info.kind} sandbox, missing "
        f"{', '.join(info.missing)}): {info.reason}"
    )
    return text


def print_report(report: Report, console: Console | None = None, table: bool = True) -> None:
    """On stdout (judge.present.terminal.show), or on the rich console given."""
    if console is None:
        show(render_report(report, table))
        return
    from rich.console import Group

    console.print(Group(*(part.to_rich() for part in render_report(report, table))))


# Tables are aligned text: rich's Table measures every cell of every row (about 0.6 ms a test, a
# tenth of what judging a tiny test costs); columns padded to their longest cell need none of
# that, and a log greps better without box drawing.
COLUMN_GAP = "  "


@dataclass(frozen=True)
class Column:
    title: str
    figures: bool = False  # right-aligned
    style: str | None = None  # of its cells, unless a row says otherwise


@dataclass(frozen=True)
class Row:
    cells: tuple[str, ...]
    styles: tuple[str | None, ...] = ()  # per cell, over the column's style; () for none


TEST_COLUMNS = (
    Column("test"),
    Column("verdict"),
    Column("time ms", figures=True),
    Column("memory KB", figures=True),
    Column("gross KB", figures=True, style="dim"),
    Column("message", style="dim"),
)
GROUP_COLUMNS = (
    Column("group"),
    Column("verdict"),
    Column("accepted", figures=True),
    Column("score", figures=True),
    Column("note", style="dim"),
)


def _table(report: Report) -> Styled:
    rows = [
        Row(
            (
                case.name,
                case.verdict.value,
                f"{case.time_ms:.0f}",
                str(case.memory_kb),
                str(case.memory_gross_kb),
                case_message(case),
            ),
            (None, VERDICT_STYLES[case.verdict]),
        )
        for case in report.tests
    ]
    return aligned_table(f"{report.problem_id}: {report.problem_title}", TEST_COLUMNS, rows)


def _groups_table(report: Report) -> Styled:
    rows = []
    for group in report.groups:
        accepted = sum(1 for c in report.tests if c.group == group.name and c.verdict.accepted)
        verdict = group.verdict.value if group.verdict else "-"
        rows.append(Row(
            (
                group.name,
                verdict,
                f"{accepted}/{group.tests}",
                f"{format_score(group.score)} / {format_score(group.max_score)}",
                group.skipped,
            ),
            (None, VERDICT_STYLES[group.verdict] if group.verdict else "dim"),
        ))
    return aligned_table("groups", GROUP_COLUMNS, rows)


def aligned_table(title: str, columns: tuple[Column, ...], rows: list[Row]) -> Styled:
    """A title, a header line and a line per row; the last column is not padded."""
    header = Row(tuple(column.title for column in columns), ("bold",) * len(columns))
    widths = [max(len(row.cells[index]) for row in (header, *rows))
              for index in range(len(columns))]
    lines = [Styled(title, style="italic")]
    lines.extend(_table_line(row, columns, widths) for row in (header, *rows))
    return Styled.lines(lines)


def _table_line(row: Row, columns: tuple[Column, ...], widths: list[int]) -> Styled:
    line = Styled()
    last = len(columns) - 1
    for index, (cell, column, width) in enumerate(zip(row.cells, columns, widths, strict=True)):
        if column.figures:
            cell = cell.rjust(width)
        elif index < last:
            cell = cell.ljust(width)
        style = row.styles[index] if index < len(row.styles) and row.styles[index] else None
        line.append(cell, style=style or column.style)
        if index < last and (index + 1 < last or row.cells[last]):
            line.append(COLUMN_GAP)
    return line


def format_score(score: float | None) -> str:
    return "-" if score is None else f"{score:g}"


def _explanations(report: Report) -> list[Styled]:
    failing = [c for c in report.tests if not c.verdict.accepted and c.details]
    parts = []
    for case in failing[:DETAILS_SHOWN]:
        header = Styled(f"\n{case.name}: ", style="bold")
        header.append_styled(verdict_text(case.verdict))
        header.append(f" {case.message}")
        parts.append(header)
        parts.append(Styled(case.details.rstrip()))
    if len(failing) > DETAILS_SHOWN:
        parts.append(
            Styled(
                f"({plural(len(failing) - DETAILS_SHOWN, 'more failing test')}; --json has all)",
                style="dim",
            )
        )
    return parts


def _stderr_sections(report: Report) -> list[Styled]:
    """What the program wrote on stderr, whatever the verdict: often what explains it."""
    written = [c for c in report.tests if c.stderr.strip()]
    parts = []
    for case in written[:DETAILS_SHOWN]:
        header = Styled(f"\n{case.name}: ", style="bold")
        header.append_styled(verdict_text(case.verdict))
        header.append(" stderr:", style="dim")
        parts.append(header)
        parts.append(Styled(_first_and_last_lines(case.stderr, STDERR_LINES_SHOWN), style="dim"))
    if len(written) > DETAILS_SHOWN:
        parts.append(
            Styled(
                f"({plural(len(written) - DETAILS_SHOWN, 'more test')} wrote on stderr; "
                "--json has all)",
                style="dim",
            )
        )
    return parts


def _first_and_last_lines(text: str, count: int) -> str:
    # (split at newlines only: a carriage return stays in its line, where it is shown as \r)
    lines = text.rstrip().split("\n")
    if len(lines) <= count:
        return "\n".join(lines)
    head, tail = lines[: count // 3], lines[-(count - count // 3) :]
    return "\n".join([*head, f"[... {len(lines) - count} more lines ...]", *tail])


def _summary(report: Report) -> list[Styled]:
    """Two short lines, so that a narrow terminal wraps between phrases, not inside one."""
    limits = report.limits
    verdict = Styled("\nverdict: ")
    verdict.append_styled(verdict_text(report.verdict))
    verdict.append(f" {report.verdict.title}")
    if report.max_score is not None:
        verdict.append(f"   score: {format_score(report.score)} / {format_score(report.max_score)}")
    if not report.tests:
        return [verdict]
    passed = sum(1 for c in report.tests if c.verdict.accepted)
    verdict.append(f"   tests: {passed}/{len(report.tests)} accepted")
    if report.skipped:
        verdict.append(f", {plural(len(report.skipped), 'test')} not run")
    rerun = sum(1 for c in report.tests if c.reruns)
    if rerun:
        verdict.append(
            f", {plural(rerun, 'test')} run again near the time limit (the smallest time counts)"
        )
    basis = limits.memory_basis.value
    figures = Styled(
        f"max time: {report.max_time_ms:.0f} / {limits.time_ms} ms   "
        f"max memory: {report.max_memory_kb} / {limits.memory_kb} KB ({basis}"
    )
    if report.baseline_kb:
        figures.append(f"; runtime baseline {report.baseline_kb} KB")
    figures.append(")")
    return [verdict, figures]


# The JSON documents' one definition is judge.present.schema (pydantic models, documented in
# docs/json.md); imported when a document is asked for, since importing the models costs more
# than judging a few dozen tests, and a terminal report needs none of it.


def report_to_dict(report: Report) -> dict:
    """The --json document."""
    from judge.present.schema import ReportDocument

    return ReportDocument.from_report(report).to_dict()


def sandbox_to_dict(info: SandboxInfo) -> dict:
    from judge.present.schema import SandboxDocument

    return SandboxDocument.from_info(info).model_dump(mode="json")


def pending_report_dict(
    problem: Problem, tests: Iterable[TestCase], solution: str, language: str
) -> dict:
    """The same document before judging: verdicts and figures None, every test listed.

    Pages show it while a submission is judged and fill it in as results arrive.
    """
    from judge.present.schema import JSON_SCHEMA_VERSION, CaseDocument

    tests = tuple(tests)
    listed = [
        {
            **dict.fromkeys(CaseDocument.model_fields),
            "name": case.name,
            "group": case.group,
            "message": "",
        }
        for case in tests
    ]
    return {
        "schema": JSON_SCHEMA_VERSION,
        "problem": problem.id,
        "solution": solution,
        "language": language,
        "verdict": None,
        "limits": limits_to_dict(problem.limits),
        "baseline_kb": None,
        "max_time_ms": None,
        "max_memory_kb": None,
        "compile_message": None,
        "total_tests": len(listed),
        "skipped_tests": 0,
        "skipped": [],
        "score": None,
        "max_score": problem.max_score,
        "groups": pending_groups(problem, tests),
        "sandbox": None,
        "tests": listed,
    }


def pending_groups(problem: Problem, tests: Sequence[TestCase]) -> list[dict]:
    """A scored problem's groups before judging, as the document lists them (the groups
    judge.judging.grading grades, in its order): their size and points, nothing judged or earned."""
    if not problem.scored:
        return []
    sizes = Counter(case.group for case in tests)
    return [
        {
            "name": group.name,
            "verdict": None,
            "tests": sizes[group.name],
            "judged": 0,
            "score": None,
            "max_score": group.points,
            "skipped": None,
        }
        for group in problem.groups
        if sizes[group.name] or group.points is not None
    ]


def limits_to_dict(limits: Limits) -> dict:
    from judge.present.schema import LimitsDocument

    return LimitsDocument.from_limits(limits).model_dump(mode="json")


def report_to_json(report: Report) -> str:
    return json_text(report_to_dict(report))
