"""A problem's limits: plain data, read by spec and used by the verdict table and the runner.

A module of its own, so that the verdict table (judge.verdicts.outcome), which the language layer
uses, does not depend on the problem loader, which checks program languages.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class MemoryBasis(enum.Enum):
    NET = "net"  # the limit applies to the peak minus the runtime's idle footprint
    GROSS = "gross"  # the limit applies to the whole peak


@dataclass(frozen=True)
class Limits:
    time_ms: int
    memory_kb: int
    output_kb: int
    wall_ms: int
    memory_basis: MemoryBasis
