"""`judge doctor`: which guarantees this host gives the judge, and the calibrated baselines."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judge.languages import LANGUAGES, CompileFailure, UnknownLanguage, detect_language, prepare
from judge.sandbox.api import Sandbox
from judge.sandbox.guarantees import Guarantee, describe_guarantees


@dataclass(frozen=True)
class Baseline:
    language: str
    kb: int | None  # None when the language is unavailable here
    detail: str


@dataclass(frozen=True)
class Diagnosis:
    sandbox: str
    guarantees: tuple[Guarantee, ...]
    baselines: tuple[Baseline, ...]


def diagnose(sandbox: Sandbox, cache_dir: Path) -> Diagnosis:
    return Diagnosis(
        sandbox=sandbox.info.kind,
        guarantees=describe_guarantees(getattr(sandbox, "host", None)),
        baselines=tuple(_baseline(sandbox, language.name, cache_dir) for language in LANGUAGES),
    )


def render_diagnosis(diagnosis: Diagnosis) -> str:
    lines = [f"sandbox: {diagnosis.sandbox}", "", "guarantees:"]
    width = max(len(guarantee.name) for guarantee in diagnosis.guarantees)
    for guarantee in diagnosis.guarantees:
        state = "active     " if guarantee.active else "UNAVAILABLE"
        lines.append(f"  {guarantee.name:<{width}}  {state}  {guarantee.detail}")
    lines += ["", "memory baselines (idle runtime, subtracted from each peak):"]
    for baseline in diagnosis.baselines:
        figure = f"{baseline.kb} KB" if baseline.kb is not None else "-"
        lines.append(f"  {baseline.language:<8} {figure:>10}  {baseline.detail}")
    return "\n".join(lines) + "\n"


def _baseline(sandbox: Sandbox, name: str, cache_dir: Path) -> Baseline:
    source = cache_dir / "doctor" / f"idle{_extension(name)}"
    try:
        language = detect_language(source, name)
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(language.idle_source)
        prepared = prepare(sandbox, language, source, cache_dir, trusted=True)
        if isinstance(prepared, CompileFailure):
            return Baseline(name, None, f"cannot compile an idle program: {prepared.message}")
        return Baseline(
            name, sandbox.baseline_kb(prepared.idle_argv), " ".join(prepared.idle_argv[:1])
        )
    except UnknownLanguage as exc:
        return Baseline(name, None, str(exc))
    except RuntimeError as exc:
        return Baseline(name, None, f"calibration failed: {exc}")


def _extension(name: str) -> str:
    return next(language.extensions[0] for language in LANGUAGES if language.name == name)
