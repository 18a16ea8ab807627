"""The compile step: every source becomes a program to run, compiled once and cached.

Every source is compiled in a run of its own: a submission's in the sandbox, isolated like its
runs, under the problem's compile limits raised to what its compiler needs at least (a C++
`#include` of a host file or an `.incbin` of the tests is an attack: the compiler sees only the
source, the toolchain and the system headers); the problem setter's, trusted, outside isolation
with generous limits. Compiled programs are cached under the cache directory, keyed by the
source, the compiler's identity, the command and the name, so the same file is compiled once.
A language whose compile step only checks the source (Ruby, Node, PyPy) has the source itself
cached as its program once it passed.
"""

from __future__ import annotations

import dataclasses
import functools
import glob
import hashlib
import os
import re
import shutil
import sys
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from judge.files import file_identity, write_atomically
from judge.languages.descriptor import Language
from judge.languages.registry import UnknownLanguage, find_executable
from judge.languages.sources import Sources, gather, with_included
from judge.sandbox.api import (
    ResourceLimits,
    RunRequest,
    RunResult,
    Sandbox,
    python_interpreter,
)
from judge.verdicts.outcome import Judgement, compiler_exited, judge_compile
from judge.verdicts.verdict import Verdict

TRUSTED_COMPILE_LIMITS = ResourceLimits(
    cpu_ms=60_000, wall_ms=120_000, memory_kb=2_000_000, output_kb=64, processes=128,
    files_kb=256 * 1024,
)
# The heap a runtime is told for the problem setter's programs, which have no memory limit of
# the problem's.
TRUSTED_HEAP_KB = 1024 * 1024
COMPILER_MESSAGE_CHARS = 8000  # of the compiler's output, from its start: the first error counts
PROGRAM_NAME = "program"  # what a compile step leaves in its directory
# The problem setter's C and C++ programs include headers from their own folder (testlib.h of a
# Polygon package, validation.h of a Kattis one); their compile sees a copy of the source only,
# so it is told that folder, and the headers there are part of the compiled program's identity.
HEADER_LANGUAGES = ("c", "cpp")
HEADER_SUFFIXES = (".h", ".hh", ".hpp", ".hxx")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Runnable:
    """A command to run and what its run needs besides (RunRequest's fields of those names)."""

    argv: tuple[str, ...]
    files_in: Mapping[str, Path] = field(default_factory=dict)
    env: Mapping[str, str] = field(default_factory=dict)
    binds: tuple[str, ...] = ()


@dataclass(frozen=True)
class Prepared:
    run: Runnable  # how to run the program
    language: Language
    python_code: Path | None = None  # the compiled code of a Python program (RunRequest field)

    @property
    def argv(self) -> tuple[str, ...]:
        return self.run.argv


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
    memory_kb: int | None = None,
    included: Mapping[str, Path] | None = None,
) -> Prepared | CompileFailure:
    """Compile `source` (a file, or a folder of a program's files; cached in the sandbox's
    cache) and say how to run it.

    A submission (`trusted=False`) is compiled isolated, under `limits`; the problem setter's
    program (`trusted=True`) outside isolation, under generous limits unless `limits` is given.
    `memory_kb` is the memory the program may use, which a runtime with a heap of its own is
    told (default: generous, for the problem setter's programs). `included`: files the problem
    adds to a submission (judge.problem.includes), compiled with it and found by its runs.
    """
    source = source.resolve()
    try:
        sources = gather(language, source)
    except (OSError, ValueError) as exc:
        return CompileFailure(Verdict.JE if trusted else Verdict.CE, str(exc))
    if included:
        sources = with_included(language, sources, included)
    name = str(source) if trusted else sources.main
    built = _build(sandbox, language, sources, name, trusted, limits or TRUSTED_COMPILE_LIMITS)
    if isinstance(built, CompileFailure):
        return built
    run = run_command(language, built, trusted, memory_kb or TRUSTED_HEAP_KB)
    if included and not trusted:
        # Beside the program in its run's directory, which keeps its own name if one collides.
        # (A trusted run starts in the project root, which gets nothing: it sees them compiled.)
        run = dataclasses.replace(run, files_in={**included, **run.files_in})
    return Prepared(
        run=run,
        language=language,
        python_code=built.program if language.runs_compiled_code else None,
    )


def idle_run(sandbox: Sandbox, language: Language, memory_kb: int) -> Runnable:
    """How to run an idle program of `language` as a submission, told `memory_kb` as its
    program is (for Sandbox.baseline_kb), compiled once."""
    source = _idle_source_file(language, sandbox.cache.idle_sources)
    # Named by its path, as the problem setter's programs are: Python's runs read it there.
    idle = _build(sandbox, language, gather(language, source), str(source), True,
                  TRUSTED_COMPILE_LIMITS)
    if isinstance(idle, CompileFailure):  # the toolchain itself is broken
        raise UnknownLanguage(
            f"{language.name} toolchain cannot compile an empty program: {idle.message}"
        )
    return run_command(language, idle, False, memory_kb)


def run_command(language: Language, built: _Built, trusted: bool, memory_kb: int) -> Runnable:
    """The run of a compiled program: a submission's program goes into its run's directory
    when the runtime reads it from there; the problem setter's is read where it is."""
    heap_kb = language.memory.heap_kb(memory_kb)
    files_in: dict[str, Path] = {}
    program = str(built.program)
    if language.program_in_box is not None and not trusted:
        program = language.program_in_box
        files_in[program] = built.program
    values = {"program": program, "name": built.name, "heap_kb": str(heap_kb),
              "heap_mb": str(max(1, heap_kb // 1024))}
    return Runnable(
        argv=fill(language.run, values),
        files_in=files_in,
        env={key: fill((value,), values)[0] for key, value in language.run_env.items()},
        binds=expand_binds(language.binds),
    )


def compile_limits_for(language: Language, limits: ResourceLimits) -> ResourceLimits:
    """The compile step's limits: the problem's, raised to what the compiler needs at least."""
    needs = language.compile_needs
    cpu_ms = max(limits.cpu_ms, needs.time_ms)
    return dataclasses.replace(
        limits,
        cpu_ms=cpu_ms,
        wall_ms=max(limits.wall_ms, 3 * cpu_ms),
        memory_kb=None if limits.memory_kb is None else max(limits.memory_kb, needs.memory_kb),
        processes=max(limits.processes, needs.processes),
        address_space_kb=address_space_kb(language),
    )


def address_space_kb(language: Language) -> int | None:
    """The RLIMIT_AS room a run of the language needs above its memory cap (ResourceLimits)."""
    return language.memory.address_space_kb or None


def fill(template: tuple[str, ...], values: Mapping[str, str]) -> tuple[str, ...]:
    """The template's words with their placeholders replaced (module docstring of
    judge.languages.descriptor); `{files}` alone in a word stands for several."""
    known = {"python": python_interpreter(), **values}
    words: list[str] = []
    for word in template:
        if word == "{files}":
            words.extend(values.get("files", "").split("\0"))
        else:
            words.append(PLACEHOLDER.sub(lambda m: known.get(m.group(1), m.group(0)), word))
    return tuple(words)


def in_own_directory(
    argv: tuple[str, ...], env: Mapping[str, str]
) -> tuple[tuple[str, ...], dict[str, str]]:
    """The command and environment of a compile step whose environment names its own working
    directory (`{cwd}`: a compiler's cache and temporary files go there, and go with it),
    wherever the sandbox puts that directory: the shell sets those variables before the
    compiler starts."""
    relative = {key: value for key, value in env.items() if "{cwd}" in value}
    fixed = {key: value for key, value in env.items() if key not in relative}
    if not relative:
        return argv, fixed
    exports = " ".join(f'{key}="{value.replace("{cwd}", "$PWD")}"'
                       for key, value in relative.items())
    return ("/bin/sh", "-c", f'export {exports}; exec "$@"', "sh", *argv), fixed


def expand_binds(binds: tuple[str, ...]) -> tuple[str, ...]:
    """The language's host paths as they exist here (a pattern such as /etc/java-*-openjdk
    matches the installed version's)."""
    found: list[str] = []
    for pattern in binds:
        found.extend(sorted(glob.glob(pattern)) if glob.has_magic(pattern) else [pattern])
    return tuple(path for path in dict.fromkeys(found) if os.path.exists(path))


def _build(
    sandbox: Sandbox,
    language: Language,
    sources: Sources,
    name: str,
    trusted: bool,
    limits: ResourceLimits,
) -> _Built | CompileFailure:
    """The compiled program, from the cache or from a compile step."""
    program = _program_path(language, sources, name, sandbox.cache.programs, trusted)
    if not program.exists():
        failure = _compile(sandbox, language, sources, name, program, trusted, limits)
        if failure is not None:
            return failure
    return _Built(program, name)


def _compile(
    sandbox: Sandbox,
    language: Language,
    sources: Sources,
    name: str,
    program: Path,
    trusted: bool,
    limits: ResourceLimits,
) -> CompileFailure | None:
    # The compile leaves a private name, renamed: parallel judges never see half a program.
    partial = program.with_name(f".{program.name}.{os.getpid()}.{threading.get_ident()}.partial")
    program.parent.mkdir(parents=True, exist_ok=True)
    values = {"source": sources.main, "files": "\0".join(sources.compiled),
              "program": PROGRAM_NAME, "name": name, "jvm": _jvm_build_source()}
    argv, env = in_own_directory(
        (*fill(language.compile, values), *_header_folder(language, sources, trusted)),
        language.compile_env,
    )
    request = RunRequest(
        argv=argv,
        limits=compile_limits_for(language, limits),
        isolate=not trusted,
        env=env,
        files_in=sources.files,
        files_out={} if language.checks_only else {PROGRAM_NAME: partial},
        binds=expand_binds(language.binds),
    )
    result = sandbox.run(request)
    judgement = judge_compile(result)
    if judgement.verdict is Verdict.AC and language.checks_only:
        shutil.copyfile(sources.files[sources.main], partial)
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
    if head and judgement.verdict is Verdict.CE and judgement.message == compiler_exited(result):
        return head  # an error in the source: the compiler's words say it all
    return f"{head}\n{judgement.message}".strip()


@functools.cache
def _jvm_build_source() -> str:
    # Read, not imported: the judge never runs it (importing it loaded zipfile for every judge).
    return Path(__file__).with_name("jvm_build.py").read_text(encoding="utf-8")


def _headers(language: Language, sources: Sources, trusted: bool) -> list[Path]:
    if not _header_folder(language, sources, trusted):
        return []
    folder = sources.files[sources.main].parent
    return sorted(p for p in folder.iterdir() if p.suffix in HEADER_SUFFIXES and p.is_file())


def _header_folder(language: Language, sources: Sources, trusted: bool) -> tuple[str, ...]:
    """For a setter's C or C++ program: where its `#include "..."` files are."""
    if not trusted or language.id not in HEADER_LANGUAGES:
        return ()
    return ("-iquote", str(sources.files[sources.main].parent))


def _program_path(
    language: Language, sources: Sources, name: str, folder: Path, trusted: bool = False
) -> Path:
    digest = hashlib.sha256()
    for box_name, path in sorted(sources.files.items()):
        digest.update(box_name.encode() + b"\0" + path.read_bytes() + b"\0")
    for header in _headers(language, sources, trusted):
        digest.update(b"\0" + header.name.encode() + b"\0" + header.read_bytes())
    digest.update(b"\0" + toolchain_identity(language).encode())
    digest.update(b"\0" + "\0".join(language.compile).encode())
    digest.update(b"\0" + name.encode())  # Python keeps it in the code, for tracebacks
    return folder / language.id / digest.hexdigest()[:24]


def toolchain_identity(language: Language) -> str:
    """The compiler's resolved path, size and mtime: an upgrade invalidates cached programs."""
    if language.compiler is None:  # compiled by the judge's own interpreter (Python)
        return f"{python_interpreter()}:{sys.version}"
    return file_identity(find_executable(language.compiler) or language.compiler)


def _idle_source_file(language: Language, folder: Path) -> Path:
    """Write the language's idle program once; the path is stable so its build is cached."""
    path = folder / language.id / f"idle{language.extensions[0]}"
    if not path.exists() or path.read_text() != language.idle_source:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, language.idle_source.encode())
    return path
