"""Bounds reached: the smallest and largest value the tests give each variable a validator
checks, against the bounds it checks them with (BAPCtools calls this `constraints`).

A validator reports a check by appending a line to the file that $JUDGE_BOUNDS_FILE names, when
that variable is set (verify sets it; other runs do not):

    NAME VALUE LOW HIGH

NAME is one word; VALUE, LOW and HIGH are numbers (integers or decimals). The same name may be
reported any number of times per test (every a_i of a list). A bound no test reaches is worth a
warning: the tests never try the edge the statement promises.

Validators that do not write the file (foreign ones: testlib, checktestdata, BAPCtools'
validation.h, which has its own --constraints_file) report nothing, and nothing is shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from judge.errors import JudgeError

BOUNDS_VARIABLE = "JUDGE_BOUNDS_FILE"
MAX_LINES = 1_000_000  # of one test's report: a validator that reports in a loop stops here


@dataclass(frozen=True)
class Report:
    name: str
    value: float
    low: float
    high: float


@dataclass(frozen=True)
class Bound:
    """One variable over all tests: its bounds (the widest reported) and the values reached."""

    name: str
    low: float
    high: float
    smallest: float
    largest: float

    @property
    def low_reached(self) -> bool:
        return self.smallest <= self.low

    @property
    def high_reached(self) -> bool:
        return self.largest >= self.high

    def warning(self) -> str:
        """What is never reached, or "" when both bounds are."""
        missed = [
            f"{which} {number(bound)}"
            for which, bound, reached in (
                ("the lowest", self.low, self.low_reached),
                ("the highest", self.high, self.high_reached),
            )
            if not reached
        ]
        if not missed:
            return ""
        return (f"bound never reached: {self.name} is checked in [{number(self.low)}, "
                f"{number(self.high)}], the tests reach [{number(self.smallest)}, "
                f"{number(self.largest)}]; no test has {' or '.join(missed)}")


def read_reports(path: Path, who: str) -> list[Report]:
    """The checks a validator reported in `path` (none when it wrote nothing); a line that is
    not NAME VALUE LOW HIGH is the validator's bug, named with `who` (the test)."""
    if not path.is_file():
        return []
    reports = []
    with path.open(encoding="utf-8", errors="replace") as lines:
        for number_, line in enumerate(lines, start=1):
            if number_ > MAX_LINES:
                break
            words = line.split()
            try:
                name, value, low, high = words
                reports.append(Report(name, float(value), float(low), float(high)))
            except ValueError:
                raise JudgeError(
                    f"the validator's bounds report on {who}, line {number_}: expected "
                    f"NAME VALUE LOW HIGH, got {line.strip()[:80]!r}"
                ) from None
    return reports


def combine(reports: Iterable[Report]) -> tuple[Bound, ...]:
    """Each name's widest bounds and extreme values, in the order names are first reported."""
    bounds: dict[str, Bound] = {}
    for report in reports:
        seen = bounds.get(report.name)
        if seen is None:
            bounds[report.name] = Bound(report.name, report.low, report.high, report.value,
                                        report.value)
        else:
            bounds[report.name] = Bound(
                report.name,
                min(seen.low, report.low),
                max(seen.high, report.high),
                min(seen.smallest, report.value),
                max(seen.largest, report.value),
            )
    return tuple(bounds.values())


def number(value: float) -> str:
    """An integral value as an integer (1000000000, not 1e+09), else as Python writes it."""
    return str(int(value)) if value == int(value) and abs(value) < 2**63 else repr(value)
