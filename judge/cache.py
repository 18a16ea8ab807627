"""The judge's cache folder and what lives in it. Deleting it is always safe.

One object owns the folder and is handed to the sandbox once (`open_sandbox(cache)`); the code
that compiles, calibrates or stresses finds its corner of the cache through the sandbox or the
command's context instead of a path threaded through every call.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Cache:
    root: Path

    @property
    def baselines(self) -> Path:
        """Calibrated idle footprints of the language runtimes, per runtime identity."""
        return self.root / "baselines.json"

    @property
    def versions(self) -> Path:
        """The version each language's toolchain printed, per toolchain identity."""
        return self.root / "versions.json"

    @property
    def programs(self) -> Path:
        """Compiled programs (binaries, and Python's marshalled code), keyed by content."""
        return self.root / "bin"

    @property
    def syscall_filters(self) -> Path:
        """The BPF program of the runs' system-call filter, per identity of its policy."""
        return self.root / "seccomp"

    @property
    def idle_sources(self) -> Path:
        """The idle program of each language, compiled for memory baselines."""
        return self.root / "idle"

    def stress(self, problem_id: str) -> Path:
        """Generated inputs and reference answers of `judge stress`, per problem."""
        return self.root / "stress" / problem_id
