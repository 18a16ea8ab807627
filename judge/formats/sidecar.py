"""judge-problem.yaml: what a Kattis package cannot say about a problem of this project.

Kattis states memory and output in whole MiB for the whole process, and has no memory basis, no
wall-clock backstop and no presentation-error checker. `judge export kattis` writes the exact
settings into judge-problem.yaml at the package's top (as DOMjudge keeps its own settings in
domjudge-problem.ini); other systems ignore the file. `judge import kattis` applies it only while
the package still has the Kattis values it was written for (its `kattis` fingerprint), so a
package edited since the export is read from its own files.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

SIDECAR = "judge-problem.yaml"
BUILTIN_CHECKERS = ("tokens", "exact", "float")
HEADER = (
    "# Written by `judge export kattis`: what the Kattis format cannot say about this problem.\n"
    "# `judge import kattis` uses it while problem.yaml and .timelimit still hold the values\n"
    "# under `kattis`; other systems ignore this file.\n"
)


@dataclass(frozen=True)
class Sidecar:
    fingerprint: dict  # the Kattis settings the exact ones below refine
    limits: dict  # problem.yaml `limits` of this project
    checker: dict | None  # a built-in checker the Kattis default validator stands for


def fingerprint(metadata: dict, timelimit: str | None) -> dict:
    """The Kattis settings of a package that the sidecar's values refine."""
    limits = metadata.get("limits") or {}
    return {
        "memory": limits.get("memory"),
        "output": limits.get("output"),
        "timelimit": timelimit.strip() if timelimit else None,
        "validation": metadata.get("validation", "default"),
        "validator_flags": metadata.get("validator_flags", ""),
    }


def sidecar_text(sidecar: Sidecar) -> str:
    data = {"kattis": sidecar.fingerprint, "limits": sidecar.limits}
    if sidecar.checker is not None:
        data["checker"] = sidecar.checker
    return HEADER + yaml.safe_dump(data, sort_keys=False, width=100)


def read_sidecar(root: Path) -> Sidecar | None:
    """The package's judge-problem.yaml, or None when it has none or it is not ours to read."""
    path = root / SIDECAR
    if not path.is_file():
        return None
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("kattis"), dict):
        return None
    checker = data.get("checker")
    if not _valid_limits(data.get("limits")):
        return None
    if checker is not None and (
        not isinstance(checker, dict) or checker.get("name") not in BUILTIN_CHECKERS
    ):
        checker = None
    return Sidecar(data["kattis"], data["limits"], checker)


def _valid_limits(limits) -> bool:
    if not isinstance(limits, dict) or limits.get("memory_basis") not in ("net", "gross"):
        return False
    numbers = [limits.get(key) for key in ("time_ms", "memory_kb", "output_kb")]
    numbers += [limits["wall_ms"]] if "wall_ms" in limits else []
    return all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in numbers)
