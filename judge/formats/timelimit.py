"""The Kattis rule for a time limit: the slowest accepted solution's time times a multiplier,
rounded up to the time resolution (whole seconds by default).

Used when a package states no time limit of its own: a legacy Kattis package, where the limit is
always derived this way, or a newer one without `limits.time_limit`. The accepted solutions run
here, through the sandbox, so the limit fits this judge's measurements.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from judge.formats.draft import Note, NoteKind, TimeRule
from judge.judging.runner import JudgeOptions, Report, judge_submission
from judge.sandbox.api import Sandbox
from judge.problem.spec import Problem
from judge.problem.testdata import discover_tests
from judge.verdicts.verdict import Verdict
from judge.setter.verify import find_solutions

MEASURE_LIMIT_MS = 30_000  # generous: a measurement, not a judgement


@dataclass(frozen=True)
class MeasuredLimit:
    time_ms: int
    notes: tuple[Note, ...]
    # Each accepted solution's report, by label: the import holds them to AC (accepted_runs).
    reports: Mapping[str, Report] = field(default_factory=dict)


def measure_time_limit(problem: Problem, rule: TimeRule, sandbox: Sandbox) -> MeasuredLimit:
    """Run the reference and accepted/ solutions on every test; apply the rule to the slowest."""
    limits = dataclasses.replace(
        problem.limits, time_ms=MEASURE_LIMIT_MS, wall_ms=2 * MEASURE_LIMIT_MS + 1000
    )
    generous = dataclasses.replace(problem, limits=limits)
    tests = discover_tests(problem)
    solutions = [s for s in find_solutions(problem)[0] if s.expected is Verdict.AC]
    slowest_ms, slowest_label, notes, reports = 0.0, "", [], {}
    for solution in solutions:
        report = judge_submission(generous, solution.path, sandbox, JudgeOptions(), tests=tests)
        reports[solution.label] = report
        if report.verdict is not Verdict.AC:
            notes.append(
                Note(
                    NoteKind.CONVERTED,
                    solution.label,
                    f"not counted for the time limit: {report.verdict.value} "
                    f"with a {MEASURE_LIMIT_MS} ms limit",
                )
            )
            continue
        if report.max_time_ms >= slowest_ms:
            slowest_ms, slowest_label = report.max_time_ms, solution.label
    seconds = rule.resolution_s * max(
        1, math.ceil(slowest_ms / 1000 * rule.multiplier / rule.resolution_s)
    )
    time_ms = max(1, round(seconds * 1000))
    why = f"{slowest_label} took {slowest_ms:.0f} ms" if slowest_label else "no accepted run"
    notes.append(
        Note(
            NoteKind.CONVERTED,
            "time limit",
            f"{time_ms} ms by the Kattis rule: the slowest accepted solution ({why}) x "
            f"{rule.multiplier:g} ({rule.why}), rounded up to {rule.resolution_s:g} s",
        )
    )
    return MeasuredLimit(time_ms, tuple(notes), reports)
