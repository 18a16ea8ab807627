"""What verify checks of a scored problem: declared scores, and groups that can earn points.

A bundled solution declares the score it must earn with a line holding `@EXPECTED_SCORE@: N`
(the tag DOMjudge and the Kattis problem archive use), usually in a comment at its top. It is
required in partially_accepted/, checked wherever else it appears, and refused in
time_limit_exceeded/ (those run with twice the time limit).
"""

from __future__ import annotations

import re
from pathlib import Path

from judge.judging.runner import Report
from judge.problem.spec import Problem
from judge.problem.testdata import TestCase
from judge.verdicts.verdict import Verdict

SCORE_TAG = "@EXPECTED_SCORE@:"
SCORE_LINE = re.compile(re.escape(SCORE_TAG) + r"\s*([0-9]+(?:\.[0-9]+)?)")
SCORE_TOLERANCE = 1e-6


def declared_score(path: Path) -> float | None:
    """The score a bundled solution declares (the DOMjudge and Kattis tag), if any."""
    return score_declared_in(path.read_text(errors="replace"))


def score_declared_in(source: str) -> float | None:
    match = SCORE_LINE.search(source)
    return float(match.group(1)) if match else None


def score_layout_error(path: Path, expected: Verdict) -> str:
    """Why `path`, filed under `expected`'s folder, cannot be held to its declared score, or ''."""
    declared = declared_score(path) is not None
    if expected is Verdict.PA and not declared:
        return f"{path}: declares no score; expected a line with {SCORE_TAG} N"
    if expected is Verdict.TLE and declared:
        # verify runs these with twice the time limit: their score would be the wider limit's
        return f"{path}: a time_limit_exceeded/ solution cannot declare a score"
    return ""


def group_errors(problem: Problem, tests: tuple[TestCase, ...]) -> tuple[str, ...]:
    """A scored group without tests could never earn its points."""
    named = {case.group for case in tests}
    return tuple(
        f"group '{group.name}' has {group.points:g} points but no tests"
        for group in problem.groups
        if group.points and group.name not in named
    )


def score_errors(expected_verdict: Verdict, expected: float | None, report: Report) -> list[str]:
    """A declared score must be earned exactly; a partially accepted one lies strictly between."""
    if report.max_score is None:
        return []
    score, most = report.score or 0.0, report.max_score
    errors = []
    if expected_verdict is Verdict.PA and not 0 < (expected or 0) < most:
        errors.append(
            f"declares {expected or 0:g} points; partially accepted means "
            f"more than 0 and less than {most:g}"
        )
    if expected is not None and abs(score - expected) > SCORE_TOLERANCE:
        errors.append(f"scores {score:g} of {most:g}, but declares {expected:g}")
    return errors
