"""`judge doctor`: which guarantees this host gives the judge, and each language proved in the
sandbox (its version, its self-test's time and memory, its calibrated idle footprint) or why
it cannot be used."""

from __future__ import annotations

from dataclasses import dataclass

from judge.languages.selftest import SelfTestResult, self_test_all
from judge.sandbox.api import Sandbox
from judge.sandbox.guarantees import Guarantee, describe_guarantees, run_identity
from judge.sandbox.host import HostSupport


@dataclass(frozen=True)
class Diagnosis:
    sandbox: str
    cgroups: str  # which cgroups measure and cap the runs, and where; or why none
    run_uid: str  # whether runs have a uid of their own on the host; or what is missing
    guarantees: tuple[Guarantee, ...]
    languages: tuple[SelfTestResult, ...]


def diagnose(sandbox: Sandbox) -> Diagnosis:
    host = getattr(sandbox, "host", None)
    return Diagnosis(
        sandbox=sandbox.info.kind,
        cgroups=describe_cgroups(host),
        run_uid=run_identity(host),
        guarantees=describe_guarantees(getattr(sandbox, "host", None),
                                       getattr(sandbox, "syscall_filter", None)),
        languages=self_test_all(sandbox),
    )


def render_diagnosis(diagnosis: Diagnosis) -> str:
    lines = [f"sandbox: {diagnosis.sandbox}", f"cgroups: {diagnosis.cgroups}",
             f"uid: {diagnosis.run_uid}", "", "guarantees:"]
    width = max(len(guarantee.name) for guarantee in diagnosis.guarantees)
    for guarantee in diagnosis.guarantees:
        state = "active     " if guarantee.active else "UNAVAILABLE"
        lines.append(f"  {guarantee.name:<{width}}  {state}  {guarantee.detail}")
    lines += ["", "languages (each self-test compiled and run in the sandbox; the idle "
              "footprint is subtracted from each peak):"]
    width = max(len(result.language.id) for result in diagnosis.languages)
    for result in diagnosis.languages:
        lines.append(f"  {result.language.id:<{width}}  {_language_line(result)}")
    return "\n".join(lines) + "\n"


def _language_line(result: SelfTestResult) -> str:
    if not result.available:
        return f"UNAVAILABLE  {result.reason}"
    return (f"ok  run {result.time_ms:g} ms, {result.memory_kb} KB, idle {result.baseline_kb} KB"
            f"  {result.version}")


def describe_cgroups(host: HostSupport | None) -> str:
    if host is None:
        return "none (the plain runner polls the process tree instead)"
    if host.cgroup_version is None:
        return f"none ({host.cgroup_reason})"
    where = ", ".join(f"{name} under {folder}" for name, folder in host.cgroup_dirs.items())
    # A normal user has cgroups only where they were delegated to it (judge.sandbox.host)
    delegated = "" if host.root else ", a subtree delegated to this user"
    return f"v{host.cgroup_version} ({where}{delegated})"
