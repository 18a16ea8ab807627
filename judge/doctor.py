"""`judge doctor`: which guarantees this host gives the judge, and the calibrated baselines."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judge.languages import LANGUAGES, CompileFailure, UnknownLanguage, detect_language, prepare
from judge.sandbox.api import Sandbox
from judge.sandbox.host import HostSupport
from judge.sandbox.jail import JailSandbox


@dataclass(frozen=True)
class Guarantee:
    name: str
    active: bool
    detail: str  # how it is enforced, or why it is unavailable


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
    host = sandbox.host if isinstance(sandbox, JailSandbox) else None
    return Diagnosis(
        sandbox=type(sandbox).__name__,
        guarantees=_guarantees(host),
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


def _guarantees(host: HostSupport | None) -> tuple[Guarantee, ...]:
    if host is None:
        return _plain_guarantees()
    cgroups = host.cgroup_version is not None
    isolated = host.namespaces
    cg = f"cgroup v{host.cgroup_version}" if cgroups else ""
    return (
        Guarantee(
            "time",
            True,
            f"CPU of the whole tree from {cg} cpu accounting, polled every 4 ms; wall backstop"
            if cgroups
            else "CPU of the program from /proc, polled; RLIMIT_CPU backstop "
            f"(threads and children less exact: {host.cgroup_reason})",
        ),
        Guarantee(
            "memory",
            cgroups,
            f"{cg} memory limit; peak = max(cgroup peak, program's own peak RSS)"
            if cgroups
            else f"only RLIMIT_AS and the program's own peak RSS: {host.cgroup_reason}",
        ),
        Guarantee("output", True, "stdout capped with RLIMIT_FSIZE and the server's size checks"),
        Guarantee(
            "network",
            isolated,
            "an empty network namespace (no interface up)" if isolated else host.namespace_reason,
        ),
        Guarantee(
            "file system",
            isolated,
            "private mount namespace: read-only system dirs and interpreter, empty /box"
            if isolated
            else host.namespace_reason,
        ),
        Guarantee(
            "processes",
            isolated and cgroups and host.root,
            "PID namespace, pids cgroup, RLIMIT_NPROC under a uid of its own"
            if isolated and cgroups and host.root
            else _first_reason(host),
        ),
        Guarantee(
            "cleanup",
            isolated and cgroups,
            "the run's PID namespace dies with its init; cgroups are emptied and removed"
            if isolated and cgroups
            else "process group only: " + _first_reason(host),
        ),
    )


def _plain_guarantees() -> tuple[Guarantee, ...]:
    reason = "the fork-server sandbox cannot run on this host (not Linux, or it failed to start)"
    return (
        Guarantee("time", True, "CPU of the tree polled with psutil; RLIMIT_CPU backstop"),
        Guarantee("memory", True, "peak RSS polled (short spikes can be missed)"),
        Guarantee("output", True, "RLIMIT_FSIZE on stdout"),
        Guarantee("network", False, reason),
        Guarantee("file system", False, reason),
        Guarantee("processes", False, reason),
        Guarantee("cleanup", True, "the process group is killed after each run"),
    )


def _first_reason(host: HostSupport) -> str:
    return host.namespace_reason or host.cgroup_reason or "not running as root"


def _baseline(sandbox: Sandbox, name: str, cache_dir: Path) -> Baseline:
    source = cache_dir / "doctor" / f"idle{_extension(name)}"
    try:
        language = detect_language(source, name)
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(language.idle_source)
        prepared = prepare(sandbox, language, source, cache_dir)
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
