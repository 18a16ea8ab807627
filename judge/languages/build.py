"""The compile step: every source becomes a program to run, compiled once and cached.

Every source is compiled in a run of its own: a submission's in the sandbox, isolated like its
runs, under the problem's compile limits (a C++ `#include` of a host file or an `.incbin` of the
tests is an attack: the compiler sees only the source, the toolchain and the system headers);
the problem setter's, trusted, outside isolation with generous limits. Compiled programs are
cached under the cache directory, keyed by the source, the compiler's identity, the command and
the name, so the same file is compiled once.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

from judge.files import file_identity, write_atomically
from judge.languages.registry import Language, UnknownLanguage
from judge.sandbox.api import (
    ResourceLimits,
    RunRequest,
    RunResult,
    Sandbox,
    Termination,
    python_interpreter,
)
from judge.verdicts.outcome import Judgement, judge_compile
from judge.verdicts.verdict import Verdict

TRUSTED_COMPILE_LIMITS = ResourceLimits(
    cpu_ms=30_000, wall_ms=60_000, memory_kb=2_000_000, output_kb=64, processes=64,
    files_kb=256 * 1024,
)
COMPILER_MESSAGE_CHARS = 8000  # of the compiler's output, from its start: the first error counts
SOURCE_NAME = "solution"  # a submission's source is solution.<ext> in its compile's directory
PROGRAM_NAME = "program"  # what a compile step leaves in its directory
# The problem setter's C and C++ programs include headers from their own folder (testlib.h of a
# Polygon package, validation.h of a Kattis one); their compile sees a copy of the source only,
# so it is told that folder, and the headers there are part of the compiled program's identity.
HEADER_LANGUAGES = ("c", "cpp")
HEADER_SUFFIXES = (".h", ".hh", ".hpp", ".hxx")


@dataclass(frozen=True)
class Prepared:
    argv: tuple[str, ...]  # what to run
    idle_argv: tuple[str, ...]  # an idle program of the same language, for Sandbox.baseline_kb
    python_code: Path | None = None  # the compiled code of a Python program (RunRequest field)


@dataclass(frozen=True)
class CompileFailure:
    """A compile step that did not produce a program: CE when the source is to blame, JE when
    the toolchain or the sandbox is (judge.verdicts.outcome decides which)."""

    verdict: Verdict
    message: str  # the head of the compiler's output, and why when that does not say it


@dataclass(frozen=True)
class _Built:
    program: Path  # the compiled program in the cache
    name: str


def prepare(
    sandbox: Sandbox,
    language: Language,
    source: Path,
    *,
    trusted: bool,
    limits: ResourceLimits | None = None,
) -> Prepared | CompileFailure:
    """Compile `source` (cached in the sandbox's cache) and say how to run it.

    A submission (`trusted=False`) is compiled isolated, under `limits`; the problem setter's
    program (`trusted=True`) outside isolation, under generous limits unless `limits` is given.
    """
    source = source.resolve()
    name = str(source) if trusted else f"{SOURCE_NAME}{source.suffix}"
    built = _build(sandbox, language, source, name, trusted, limits or TRUSTED_COMPILE_LIMITS)
    if isinstance(built, CompileFailure):
        return built
    return Prepared(
        argv=_run_command(language, built),
        idle_argv=idle_command(sandbox, language),
        python_code=built.program if language.runs_compiled_code else None,
    )


def idle_command(sandbox: Sandbox, language: Language) -> tuple[str, ...]:
    """How to run an idle program of `language` (for Sandbox.baseline_kb), compiled once."""
    source = _idle_source_file(language, sandbox.cache.idle_sources)
    idle = _build(sandbox, language, source, str(source), True, TRUSTED_COMPILE_LIMITS)
    if isinstance(idle, CompileFailure):  # the toolchain itself is broken
        raise UnknownLanguage(
            f"{language.name} toolchain cannot compile an empty program: {idle.message}"
        )
    return _run_command(language, idle)


def _build(
    sandbox: Sandbox,
    language: Language,
    source: Path,
    name: str,
    trusted: bool,
    limits: ResourceLimits,
) -> _Built | CompileFailure:
    """The compiled program, from the cache or from a compile step."""
    program = _program_path(language, source, name, sandbox.cache.programs, trusted)
    if not program.exists():
        failure = _compile(sandbox, language, source, name, program, trusted, limits)
        if failure is not None:
            return failure
    return _Built(program, name)


def _compile(
    sandbox: Sandbox,
    language: Language,
    source: Path,
    name: str,
    program: Path,
    trusted: bool,
    limits: ResourceLimits,
) -> CompileFailure | None:
    # The compile leaves a private name, renamed: parallel judges never see half a program.
    partial = program.with_name(f".{program.name}.{os.getpid()}.{threading.get_ident()}.partial")
    program.parent.mkdir(parents=True, exist_ok=True)
    source_name = f"{SOURCE_NAME}{source.suffix}"
    request = RunRequest(
        argv=(
            *_fill(language.compile, source=source_name, program=PROGRAM_NAME, name=name),
            *_header_folder(language, source, trusted),
        ),
        limits=limits,
        isolate=not trusted,
        files_in={source_name: source},
        files_out={PROGRAM_NAME: partial},
    )
    result = sandbox.run(request)
    judgement = judge_compile(result)
    if judgement.verdict is Verdict.AC and not partial.is_file():
        judgement = Judgement(Verdict.JE, "the compiler succeeded but left no program")
    if judgement.verdict is not Verdict.AC:
        partial.unlink(missing_ok=True)
        return CompileFailure(judgement.verdict, _compiler_message(result, judgement))
    os.replace(partial, program)
    return None


def _compiler_message(result: RunResult, judgement: Judgement) -> str:
    """The head of what the compiler said (its first error is the one that matters), and why
    the compile failed when that is not simply an error in the source."""
    said = (result.stdout + result.stderr).decode("utf-8", errors="replace").strip()
    head = said[:COMPILER_MESSAGE_CHARS]
    if len(said) > COMPILER_MESSAGE_CHARS or result.stderr_skipped:
        head = head.rstrip() + "\n[... the rest of the compiler's output is cut ...]"
    if head and result.termination is Termination.EXITED and judgement.verdict is Verdict.CE:
        return head
    return f"{head}\n{judgement.message}".strip()


def _run_command(language: Language, built: _Built) -> tuple[str, ...]:
    return _fill(language.run, program=str(built.program), name=built.name)


def _headers(language: Language, source: Path, trusted: bool) -> list[Path]:
    if not _header_folder(language, source, trusted):
        return []
    return sorted(p for p in source.parent.iterdir() if p.suffix in HEADER_SUFFIXES and p.is_file())


def _fill(template: tuple[str, ...], **values: str) -> tuple[str, ...]:
    known = {"{python}": python_interpreter(), **{f"{{{k}}}": v for k, v in values.items()}}
    return tuple(known.get(part, part) for part in template)


def _header_folder(language: Language, source: Path, trusted: bool) -> tuple[str, ...]:
    """For a setter's C or C++ program: where its `#include "..."` files are."""
    if not trusted or language.name not in HEADER_LANGUAGES:
        return ()
    return ("-iquote", str(source.parent))


def _program_path(
    language: Language, source: Path, name: str, folder: Path, trusted: bool = False
) -> Path:
    digest = hashlib.sha256()
    digest.update(source.read_bytes())
    for header in _headers(language, source, trusted):
        digest.update(b"\0" + header.name.encode() + b"\0" + header.read_bytes())
    digest.update(b"\0" + _compiler_identity(language).encode())
    digest.update(b"\0" + "\0".join(language.compile).encode())
    digest.update(b"\0" + name.encode())  # Python keeps it in the code, for tracebacks
    return folder / language.name / digest.hexdigest()[:24]


def _compiler_identity(language: Language) -> str:
    """The compiler's resolved path, size and mtime: an upgrade invalidates cached programs."""
    if language.compiler is None:  # compiled by the judge's own interpreter (Python)
        return f"{python_interpreter()}:{sys.version}"
    return file_identity(shutil.which(language.compiler) or language.compiler)


def _idle_source_file(language: Language, folder: Path) -> Path:
    """Write the language's idle program once; the path is stable so its build is cached."""
    path = folder / f"idle{language.extensions[0]}"
    if not path.exists() or path.read_text() != language.idle_source:
        write_atomically(path, language.idle_source.encode())
    return path
