"""What each page shows, built from the documents that `--json` prints.

A Page is a template, a title, the data the template reads and the asset bundles it needs. The data
are the JSON documents themselves — judge.present.report.report_to_dict for a submission,
judge.present.verify_report.verification_to_dict for a verification, the stress command's document
for a stress run — plus a few figures derived from them here (charts, margins), so the terminal, the
JSON, the offline HTML and the web service all show the same facts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from judge.problem.spec import Problem
from judge.problem.testdata import TestCase
from judge.problem.transcript import read_transcript, render_transcript
from judge.web.assets import Bundle
from judge.web.statement import render_statement


@dataclass(frozen=True)
class Page:
    template: str
    title: str
    context: Mapping[str, object]
    bundles: frozenset[Bundle] = frozenset()


@dataclass(frozen=True)
class Sample:
    name: str
    input: bytes
    answer: bytes


@dataclass(frozen=True)
class Interaction:
    """A sample of an interactive problem: its transcript, as the statement shows it."""

    name: str
    text: str  # judge.problem.transcript.render_transcript: what is read, and what is written


def submission_page(
    report: Mapping,
    *,
    problem_title: str = "",
    source: str | None = None,
    live_url: str | None = None,
) -> Page:
    """A judged (or, with `live_url`, a still judging) submission: report_to_dict's document.

    While judging, the document's verdicts are None (judge.present.report.pending_report_dict) and
    the page follows `live_url`, an event stream described in static/js/live.js.
    """
    bundles = {Bundle.CHARTS} if report["tests"] else set()
    if live_url:
        bundles |= {Bundle.CHARTS, Bundle.LIVE}
    return Page(
        template="pages/submission.html",
        title=f"{report['verdict'] or 'judging'} · {report['problem']}",
        context={
            "report": report,
            "problem_title": problem_title,
            "source": source,
            "live_url": live_url,
            "summary": submission_summary(report),
            "charts": test_charts(report),
        },
        bundles=frozenset(bundles),
    )


def submission_summary(report: Mapping) -> dict:
    tests = report["tests"]
    judged = [case for case in tests if case["verdict"] is not None]
    failing = next((case for case in judged if case["verdict"] != "AC"), None)
    return {
        "total": len(tests),
        "judged": len(judged),
        "passed": sum(1 for case in judged if case["verdict"] == "AC"),
        "first_failing": failing["name"] if failing else None,
    }


def test_charts(report: Mapping) -> list[dict]:
    """Time and memory of each test against the limits (chart specs read by static/js/charts.js)."""
    tests = report["tests"]
    if not tests:
        return []
    limits = report["limits"]
    labels = [case["name"] for case in tests]
    verdicts = [case["verdict"] for case in tests]
    basis = limits["memory_basis"]
    return [
        chart_spec(
            "chart-time",
            "CPU time per test",
            "ms",
            labels,
            [case["time_ms"] for case in tests],
            verdicts,
            [{"value": limits["time_ms"], "label": f"time limit {limits['time_ms']} ms"}],
        ),
        chart_spec(
            "chart-memory",
            f"Memory per test ({basis})",
            "KB",
            labels,
            [case["memory_kb"] for case in tests],
            verdicts,
            [{"value": limits["memory_kb"], "label": f"memory limit {limits['memory_kb']} KB"}],
        ),
    ]


def chart_spec(
    chart_id: str,
    title: str,
    unit: str,
    labels: list[str],
    values: list,
    verdicts: list,
    lines: list[dict],
    horizontal: bool = False,
) -> dict:
    """One bar per label, coloured by its verdict, with reference lines (limits) across."""
    return {
        "id": chart_id,
        "title": title,
        "unit": unit,
        "labels": labels,
        "values": values,
        "verdicts": verdicts,
        "lines": lines,
        "horizontal": horizontal,
    }


def verification_page(document: Mapping) -> Page:
    """`judge verify --json`'s document: one section per problem."""
    problems = [
        {"doc": problem, "margin": time_margin(problem), "chart": margin_chart(problem)}
        for problem in document["problems"]
    ]
    names = ", ".join(problem["problem"] for problem in document["problems"])
    return Page(
        template="pages/verification.html",
        title=f"verify {'OK' if document['ok'] else 'FAILED'} · {names}",
        context={"document": document, "problems": problems},
        bundles=frozenset({Bundle.CHARTS}),
    )


def time_margin(problem: Mapping) -> dict:
    """Slowest accepted solution and fastest time-limit-exceeding one, against the limit."""
    limit = problem["limits"]["time_ms"]
    accepted = [s for s in problem["solutions"] if s["expected"] == "AC" and s["verdict"] == "AC"]
    too_slow = [s for s in problem["solutions"] if s["verdict"] == "TLE"]
    slowest = max(accepted, key=lambda s: s["max_time_ms"], default=None)
    fastest = min(too_slow, key=lambda s: s["max_time_ms"], default=None)
    return {
        "limit_ms": limit,
        "slowest_accepted": slowest
        and {
            "solution": slowest["solution"],
            "time_ms": slowest["max_time_ms"],
            "share": slowest["max_time_ms"] / limit,
        },
        "fastest_tle": fastest
        and {
            "solution": fastest["solution"],
            "time_ms": fastest["max_time_ms"],
            "share": fastest["max_time_ms"] / limit,
        },
    }


def margin_chart(problem: Mapping) -> dict:
    limit = problem["limits"]["time_ms"]
    solutions = problem["solutions"]
    return chart_spec(
        f"chart-margin-{problem['problem']}",
        "Slowest test of each solution",
        "ms",
        [s["solution"] for s in solutions],
        [s["max_time_ms"] for s in solutions],
        [s["verdict"] for s in solutions],
        [
            {"value": limit, "label": f"limit {limit} ms"},
            {"value": limit / 2, "label": "safe: half the limit", "dash": [2, 3]},
        ],
        horizontal=True,
    )


def stress_page(outcome: Mapping, *, problem: Problem, solution: str) -> Page:
    """`judge stress --json`'s document."""
    return Page(
        template="pages/stress.html",
        title=f"stress {outcome['verdict']} · {problem.id}",
        context={
            "outcome": outcome,
            "problem": {"id": problem.id, "title": problem.title},
            "solution": solution,
        },
    )


def problem_page(
    problem: Problem,
    statement: str,
    samples: tuple[Sample, ...],
    interactions: tuple[Interaction, ...] = (),
) -> Page:
    """The statement (Markdown with TeX), limits, and the sample tests with copy buttons (an
    interactive problem's: its sample interactions)."""
    rendered = render_statement(statement)
    return Page(
        template="pages/problem.html",
        title=f"{problem.id}: {problem.title}",
        context={
            "problem": {
                "id": problem.id,
                "title": problem.title,
                "source": problem.source,
                "limits": problem.limits,
                "checker": (
                    f"interactive ({problem.interactive.protocol})"
                    if problem.interactive
                    else problem.checker.name
                ),
            },
            "statement": rendered.html,
            "samples": () if problem.interactive else samples,
            "interactions": interactions,
        },
        bundles=frozenset({Bundle.MATH}) if rendered.has_math else frozenset(),
    )


def read_samples(tests: tuple[TestCase, ...]) -> tuple[Sample, ...]:
    """The tests of the group 'samples', as the exact bytes the judge feeds and expects."""
    return tuple(
        Sample(case.name, case.input_path.read_bytes(), case.answer_path.read_bytes())
        for case in tests
        if case.group == "samples"
    )


def read_interactions(tests: tuple[TestCase, ...]) -> tuple[Interaction, ...]:
    """The transcripts of an interactive problem's tests that have one, rendered."""
    return tuple(
        Interaction(case.name, render_transcript(read_transcript(case.interaction)))
        for case in tests
        if case.interaction is not None
    )
