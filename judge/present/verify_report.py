"""Rendering verification results: a solutions x tests matrix, and JSON."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from judge.present.controls import shown

from judge.present.report import VERDICT_STYLES, format_score, limits_to_dict
from judge.wording import plural
from judge.verdicts.verdict import Verdict
from judge.setter.bounds import number
from judge.setter.verify import SolutionCheck, Verification

# One character per test in the matrix.
CELL = {
    Verdict.AC: ".",
    Verdict.PA: "p",
    Verdict.PE: "P",
    Verdict.WA: "W",
    Verdict.TLE: "T",
    Verdict.MLE: "M",
    Verdict.OLE: "O",
    Verdict.RE: "R",
    Verdict.CE: "C",
    Verdict.JE: "J",
}
NOT_RUN = "-"


def render_verification(result: Verification) -> Group:
    problem = result.problem
    parts: list = [
        Text(
            f"{problem.id}: {plural(len(result.tests), 'test')}, "
            f"{plural(len(result.solutions), 'solution')}",
            style="bold",
        )
    ]
    for name, message in result.invalid_tests:
        parts.append(Text(f"invalid test {name}: {shown(message)}", style="red"))
    if not result.invalid_tests:
        parts.append(Text("validator accepts every test", style="green"))
    parts += _selftest_lines(result)
    parts += _bound_lines(result)
    parts.append(_matrix(result))
    for check in result.solutions:
        for error in check.errors:
            parts.append(Text(f"{check.solution.label}: {shown(error)}", style="red"))
    for error in result.errors:
        parts.append(Text(shown(error), style="red"))
    for warning in result.warnings:
        parts.append(Text(f"warning: {shown(warning)}", style="yellow"))
    verdict = Text("verify: ")
    verdict.append("OK" if result.ok else "FAILED", style="bold green" if result.ok else "bold red")
    parts.append(verdict)
    return Group(*parts)


def _selftest_lines(result: Verification) -> list[Text]:
    """A failing self-test each, or one line saying they all got their decision."""
    failed = [test for test in result.selftests if not test.ok]
    lines = [Text(f"self-test {shown(str(test))}", style="red") for test in failed]
    if result.selftests and not failed:
        lines.append(Text(f"{plural(len(result.selftests), 'self-test')} decided as declared "
                          "(invalid_input, invalid_answer, invalid_output, valid_output)",
                          style="green"))
    return lines


def _bound_lines(result: Verification) -> list[Text]:
    """Each validated variable's bounds and the values the tests reach; a warning for a bound
    no test reaches."""
    if not result.bounds:
        return []
    reached = ", ".join(
        f"{b.name} [{number(b.smallest)}, {number(b.largest)}] of [{number(b.low)}, "
        f"{number(b.high)}]"
        for b in result.bounds
    )
    lines = [Text(f"bounds reached: {reached}")]
    for bound in result.bounds:
        if warning := bound.warning():
            lines.append(Text(f"warning: {warning}", style="yellow"))
    return lines


def _matrix(result: Verification) -> Table:
    table = Table(title_justify="left", show_edge=False)
    longest = max((len(check.solution.label) for check in result.solutions), default=8)
    table.add_column("solution", no_wrap=True, min_width=longest)
    table.add_column("expected", no_wrap=True)
    table.add_column("got", no_wrap=True)
    table.add_column("max ms", justify="right", no_wrap=True)
    table.add_column("max KB", justify="right", no_wrap=True)
    scored = result.problem.scored
    if scored:
        table.add_column("score", justify="right", no_wrap=True)
    table.add_column("tests (. AC, W WA, T TLE, ... - not run)", overflow="fold")
    table.add_column("ok", no_wrap=True)
    names = [case.name for case in result.tests]
    for check in result.solutions:
        report = check.report
        expected = check.solution.expected.value
        if check.solution.expected_score is not None:
            expected += f" {format_score(check.solution.expected_score)}"
        score = [f"{format_score(report.score)}/{format_score(report.max_score)}"]
        table.add_row(
            check.solution.label,
            expected,
            Text(report.verdict.value, style=VERDICT_STYLES[report.verdict]),
            f"{report.max_time_ms:.0f}",
            str(report.max_memory_kb),
            *(score if scored else []),
            _cells(check, names),
            Text("yes", style="green") if check.ok else Text("NO", style="bold red"),
        )
    return table


def _cells(check: SolutionCheck, names: list[str]) -> Text:
    by_name = {case.name: case.verdict for case in check.report.tests}
    text = Text()
    for name in names:
        verdict = by_name.get(name)
        if verdict is None:
            text.append(NOT_RUN, style="dim")
        else:
            text.append(
                CELL[verdict],
                style=VERDICT_STYLES[verdict] if verdict is not Verdict.AC else "green",
            )
    return text


def verification_to_dict(result: Verification) -> dict:
    return {
        "problem": result.problem.id,
        "ok": result.ok,
        "limits": limits_to_dict(result.problem.limits),
        "tests": [case.name for case in result.tests],
        "invalid_tests": [{"name": n, "message": m} for n, m in result.invalid_tests],
        "bounds": [
            {"name": b.name, "low": _plain(b.low), "high": _plain(b.high),
             "smallest": _plain(b.smallest), "largest": _plain(b.largest),
             "low_reached": b.low_reached, "high_reached": b.high_reached}
            for b in result.bounds
        ],
        "selftests": [
            {"name": t.test.name, "ok": t.ok, "message": t.said} for t in result.selftests
        ],
        "solutions": [
            {
                "solution": check.solution.label,
                "expected": check.solution.expected.value,
                "verdict": check.report.verdict.value,
                "ok": check.ok,
                "max_time_ms": check.report.max_time_ms,
                "max_memory_kb": check.report.max_memory_kb,
                "score": check.report.score,
                "max_score": check.report.max_score,
                "expected_score": check.solution.expected_score,
                "tests": {case.name: case.verdict.value for case in check.report.tests},
                "times_ms": {case.name: case.time_ms for case in check.report.tests},
                "errors": list(check.errors),
            }
            for check in result.solutions
        ],
        "errors": list(result.errors),
        "warnings": list(result.warnings),
    }


def _plain(value: float) -> int | float:
    """An integral bound or value as an integer in JSON (1000, not 1000.0)."""
    return int(value) if value == int(value) and abs(value) < 2**63 else value
