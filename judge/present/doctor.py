"""`judge doctor`: which guarantees this host gives the judge, and the calibrated baselines."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judge.languages.build import idle_command

from judge.languages.registry import LANGUAGES, Language, UnknownLanguage, detect_language
from judge.sandbox.api import Sandbox
from judge.sandbox.guarantees import Guarantee, describe_guarantees
from judge.sandbox.host import HostSupport


@dataclass(frozen=True)
class Baseline:
    language: str
    kb: int | None  # None when the language is unavailable here
    detail: str


@dataclass(frozen=True)
class Diagnosis:
    sandbox: str
    cgroups: str  # which cgroups measure and cap the runs, and where; or why none
    guarantees: tuple[Guarantee, ...]
    baselines: tuple[Baseline, ...]


def diagnose(sandbox: Sandbox) -> Diagnosis:
    host = getattr(sandbox, "host", None)
    return Diagnosis(
        sandbox=sandbox.info.kind,
        cgroups=_cgroups(host),
        guarantees=describe_guarantees(getattr(sandbox, "host", None),
                                       getattr(sandbox, "syscall_filter", None)),
        baselines=tuple(_baseline(sandbox, language) for language in LANGUAGES),
    )


def render_diagnosis(diagnosis: Diagnosis) -> str:
    lines = [f"sandbox: {diagnosis.sandbox}", f"cgroups: {diagnosis.cgroups}", "",
             "guarantees:"]
    width = max(len(guarantee.name) for guarantee in diagnosis.guarantees)
    for guarantee in diagnosis.guarantees:
        state = "active     " if guarantee.active else "UNAVAILABLE"
        lines.append(f"  {guarantee.name:<{width}}  {state}  {guarantee.detail}")
    lines += ["", "memory baselines (idle runtime, subtracted from each peak):"]
    for baseline in diagnosis.baselines:
        figure = f"{baseline.kb} KB" if baseline.kb is not None else "-"
        lines.append(f"  {baseline.language:<8} {figure:>10}  {baseline.detail}")
    return "\n".join(lines) + "\n"


def _cgroups(host: HostSupport | None) -> str:
    if host is None:
        return "none (the plain runner polls the process tree instead)"
    if host.cgroup_version is None:
        return f"none ({host.cgroup_reason})"
    where = ", ".join(f"{name} under {folder}" for name, folder in host.cgroup_dirs.items())
    return f"v{host.cgroup_version} ({where})"


def _baseline(sandbox: Sandbox, language: Language) -> Baseline:
    try:
        detect_language(Path(f"idle{language.extensions[0]}"), language.name)
        argv = idle_command(sandbox, language)
        return Baseline(language.name, sandbox.baseline_kb(argv), argv[0])
    except UnknownLanguage as exc:
        return Baseline(language.name, None, str(exc))
    except RuntimeError as exc:
        return Baseline(language.name, None, f"calibration failed: {exc}")
