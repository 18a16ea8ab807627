"""What every checker returns."""

from __future__ import annotations

from dataclasses import dataclass

from judge.verdict import Verdict


@dataclass(frozen=True)
class CheckResult:
    verdict: Verdict  # AC, PA, PE, WA, or JE when the checker itself failed
    message: str = ""  # one line for the table
    details: str = ""  # several lines: where the output differs, with context and hints
    fraction: float | None = None  # partial points (0 to 1) when the checker gave them
