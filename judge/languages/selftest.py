"""Each language proved on this host at start, as a submission would meet it: its toolchain is
installed, its version answers, its self-test program compiles and runs in the real sandbox
and gives the right answer. `judge doctor` shows the outcome; a worker judges only in the
languages that passed.
"""

from __future__ import annotations

import dataclasses
import json
import time
from dataclasses import dataclass
from pathlib import Path

from judge.files import write_atomically
from judge.languages.build import (
    CompileFailure,
    Prepared,
    address_space_kb,
    expand_binds,
    fill,
    idle_run,
    prepare,
    toolchain_identity,
)
from judge.languages.descriptor import Language
from judge.languages.registry import UnknownLanguage, all_languages, not_installed
from judge.sandbox.api import ResourceLimits, RunRequest, Sandbox

# Like a problem's defaults: the compile step's limits are raised to what a compiler needs.
COMPILE_LIMITS = ResourceLimits(cpu_ms=10_000, wall_ms=30_000, memory_kb=512 * 1024,
                                output_kb=64, files_kb=256 * 1024)
RUN_MEMORY_KB = 256 * 1024  # the limit the self-test runs under, as a problem's
RUN_LIMITS = ResourceLimits(cpu_ms=10_000, wall_ms=30_000, memory_kb=1024 * 1024, output_kb=64)
VERSION_LIMITS = ResourceLimits(cpu_ms=10_000, wall_ms=30_000, memory_kb=1024 * 1024,
                                output_kb=16, processes=128)


@dataclass(frozen=True)
class SelfTestResult:
    language: Language
    available: bool
    reason: str = ""  # why not available
    version: str = ""  # the first line the version command printed
    compile_ms: float = 0.0  # wall time of the compile step (0 when it was cached)
    time_ms: float = 0.0  # CPU time of the self-test's run
    memory_kb: int = 0  # its gross peak
    baseline_kb: int | None = None  # the runtime's idle footprint


def self_test(sandbox: Sandbox, language: Language) -> SelfTestResult:
    """The language proved in `sandbox`, or why it cannot be used."""
    missing = not_installed(language)
    if missing:
        return SelfTestResult(language, False, missing)
    version = probe_version(sandbox, language)
    source = sandbox.cache.idle_sources / language.id / f"selftest{language.extensions[0]}"
    if not source.exists() or source.read_text() != language.self_test.source:
        source.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(source, language.self_test.source.encode())
    started = time.perf_counter()
    prepared = prepare(sandbox, language, source, trusted=False, limits=COMPILE_LIMITS,
                       memory_kb=RUN_MEMORY_KB)
    compile_ms = (time.perf_counter() - started) * 1000
    if isinstance(prepared, CompileFailure):
        return SelfTestResult(language, False, f"its self-test does not compile: "
                              f"{prepared.message.strip()[:300]}", version)
    failure, run = _run(sandbox, prepared)
    if failure:
        return SelfTestResult(language, False, failure, version)
    try:
        idle = idle_run(sandbox, language, RUN_MEMORY_KB)
        baseline = sandbox.baseline_kb(idle.argv, files_in=idle.files_in, env=idle.env,
                                       binds=idle.binds)
    except (UnknownLanguage, RuntimeError) as exc:
        return SelfTestResult(language, False, f"its idle footprint cannot be measured: {exc}",
                              version)
    return SelfTestResult(language, True, "", version, round(compile_ms, 1),
                          round(run.cpu_ms, 1), run.peak_memory_kb, baseline)


def self_test_all(sandbox: Sandbox) -> tuple[SelfTestResult, ...]:
    return tuple(self_test(sandbox, language) for language in all_languages())


def probe_version(sandbox: Sandbox, language: Language) -> str:
    """The first line the language's version command prints, run as a submission's compiler
    is; cached per toolchain identity (an upgrade changes it), as a JVM's answer takes a
    second."""
    key = f"{language.id}:{toolchain_identity(language)}:{' '.join(language.version)}"
    known = _read_json(sandbox.cache.versions)
    if key in known:
        return str(known[key])
    limits = dataclasses.replace(VERSION_LIMITS, address_space_kb=address_space_kb(language))
    run = sandbox.run(RunRequest(argv=fill(language.version, {}), limits=limits,
                                 binds=expand_binds(language.binds)))
    said = (run.stdout + run.stderr).decode(errors="replace")
    lines = [line.strip() for line in said.splitlines() if line.strip()]
    version = lines[0][:120] if lines else ""
    if run.ok and version:
        known = {**_read_json(sandbox.cache.versions), key: version}
        write_atomically(sandbox.cache.versions, json.dumps(known, indent=1).encode())
    return version


def _read_json(path: Path) -> dict:
    try:
        found = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def _run(sandbox: Sandbox, prepared: Prepared):
    """(why the self-test failed or "", its run)."""
    test = prepared.language.self_test
    run = sandbox.run(RunRequest(
        argv=prepared.argv,
        limits=dataclasses.replace(RUN_LIMITS, processes=prepared.language.processes,
                                   address_space_kb=address_space_kb(prepared.language)),
        stdin_bytes=test.stdin.encode(),
        python_code=prepared.python_code,
        files_in=prepared.run.files_in,
        env=prepared.run.env,
        binds=prepared.run.binds,
    ))
    if not run.ok:
        detail = run.message or run.stderr.decode(errors="replace").strip()[-300:]
        return (f"its self-test failed: {run.termination.value}"
                f"{f' (exit code {run.exit_code})' if run.exit_code else ''}: {detail}"), run
    if run.stdout.decode(errors="replace") != test.expected:
        return (f"its self-test printed {run.stdout[:100]!r}, expected {test.expected!r}"), run
    return "", run
