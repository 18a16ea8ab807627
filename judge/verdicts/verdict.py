"""Verdicts, in the order a report lists their meaning."""

from __future__ import annotations

import enum


class Verdict(enum.Enum):
    AC = "AC"
    PA = "PA"  # a checker gave part of the test's points (scored problems)
    PE = "PE"
    WA = "WA"
    TLE = "TLE"
    MLE = "MLE"
    OLE = "OLE"
    RE = "RE"
    CE = "CE"
    JE = "JE"

    @property
    def accepted(self) -> bool:
        return self is Verdict.AC

    @property
    def title(self) -> str:
        return _TITLES[self]


_TITLES = {
    Verdict.AC: "Accepted",
    Verdict.PA: "Partially Accepted",
    Verdict.PE: "Presentation Error",
    Verdict.WA: "Wrong Answer",
    Verdict.TLE: "Time Limit Exceeded",
    Verdict.MLE: "Memory Limit Exceeded",
    Verdict.OLE: "Output Limit Exceeded",
    Verdict.RE: "Runtime Error",
    Verdict.CE: "Compile Error",
    Verdict.JE: "Judge Error",
}

# Folder names under solutions/<id>/ and the verdict each promises (the Kattis convention).
EXPECTED_BY_FOLDER = {
    "accepted": Verdict.AC,
    "partially_accepted": Verdict.PA,  # scored problems: a declared score between 0 and the most
    "presentation_error": Verdict.PE,
    "wrong_answer": Verdict.WA,
    "time_limit_exceeded": Verdict.TLE,
    "memory_limit_exceeded": Verdict.MLE,
    "output_limit_exceeded": Verdict.OLE,
    "runtime_error": Verdict.RE,
    "compile_error": Verdict.CE,
}


def overall_verdict(verdicts: list[Verdict]) -> Verdict:
    """POJ style: the first test that is not accepted decides; all accepted is AC."""
    for verdict in verdicts:
        if not verdict.accepted:
            return verdict
    return Verdict.AC


def verdict_for_fraction(fraction: float) -> Verdict:
    """The verdict of a test whose checker gave `fraction` of its points (0 to 1)."""
    if fraction >= 1.0:
        return Verdict.AC
    if fraction <= 0.0:
        return Verdict.WA
    return Verdict.PA
