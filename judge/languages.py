"""Programming languages the judge runs: a data table, detection, and the compile step.

A language is data: file extensions, a compile command template and a run command template.
Templates name `{python}` (the judge's own interpreter), `{source}` and `{binary}`. Compiled
binaries are cached under the cache directory, keyed by the source, the compiler's identity and
the flags, so a second submission of the same file does not compile again.
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
from judge.outcome import judge_compile
from judge.sandbox.api import ResourceLimits, RunRequest, RunResult, Sandbox, python_interpreter
from judge.verdict import Verdict

COMPILE_LIMITS = ResourceLimits(
    cpu_ms=30_000, wall_ms=60_000, memory_kb=2_000_000, output_kb=64, processes=64
)
COMPILER_MESSAGE_BYTES = 16_384

# Python's compile step, in a process of its own under the compile limits: code that cannot be
# parsed is CE, and the code object is kept (marshalled) so that no run parses the source again.
PYTHON_COMPILE = (
    "import marshal, sys, traceback\n"
    "path, target = sys.argv[1], sys.argv[2]\n"
    "try:\n"
    "    code = compile(open(path, 'rb').read(), path, 'exec')\n"
    "except (SyntaxError, ValueError) as exc:\n"
    "    sys.stderr.write(''.join(traceback.format_exception_only(type(exc), exc)))\n"
    "    sys.exit(1)\n"
    "with open(target, 'wb') as out:\n"
    "    marshal.dump(code, out)\n"
)


# What CPython prints on stderr when a program dies on an uncaught exception.
PYTHON_TRACEBACK = b"Traceback (most recent call last):"


class UnknownLanguage(ValueError):
    """The file's language is not known, or its toolchain is missing on this host."""


@dataclass(frozen=True)
class Language:
    name: str
    extensions: tuple[str, ...]
    run: tuple[str, ...]  # template of the command that runs a program
    compile: tuple[str, ...] | None = None  # template of the compile step, None: interpreted
    compiler: str | None = None  # the executable that must be installed; keys the binary cache
    aliases: tuple[str, ...] = ()  # other names accepted by --lang
    idle_source: str = ""  # a program that does nothing, for memory baselines
    compile_limits: ResourceLimits = COMPILE_LIMITS

    @property
    def compiles_to_binary(self) -> bool:
        return self.compile is not None and "{binary}" in self.compile


LANGUAGES: tuple[Language, ...] = (
    Language(
        name="python",
        extensions=(".py",),
        aliases=("python3", "py"),
        compile=("{python}", "-I", "-S", "-B", "-c", PYTHON_COMPILE, "{source}", "{binary}"),
        run=("{python}", "-I", "-S", "-B", "{source}"),
        idle_source="",
    ),
    Language(
        name="c",
        extensions=(".c",),
        compiler="gcc",
        compile=("gcc", "-O2", "-std=c11", "-o", "{binary}", "{source}", "-lm"),
        run=("{binary}",),
        idle_source="int main(void) { return 0; }\n",
    ),
    Language(
        name="cpp",
        extensions=(".cpp", ".cc", ".cxx"),
        aliases=("c++", "cxx"),
        compiler="g++",
        compile=("g++", "-O2", "-std=c++17", "-o", "{binary}", "{source}"),
        run=("{binary}",),
        idle_source="int main() { return 0; }\n",
    ),
)


@dataclass(frozen=True)
class Prepared:
    argv: tuple[str, ...]  # what to run
    idle_argv: tuple[str, ...]  # an idle program of the same language, for Sandbox.baseline_kb
    python_code: Path | None = None  # the compiled code of a Python program (RunRequest field)


@dataclass(frozen=True)
class CompileFailure:
    """A compile step that did not produce a program: CE when the source is to blame, JE when
    the toolchain or the sandbox is (judge.outcome decides which)."""

    verdict: Verdict
    message: str  # why, then the compiler's output


def detect_language(path: Path, override: str | None = None) -> Language:
    """The language named by `override` (a name or alias), else the one of the file extension."""
    language = _by_name(override) if override else _by_extension(path)
    if language.compiler and shutil.which(language.compiler) is None:
        raise UnknownLanguage(
            f"{language.name} needs {language.compiler}, which is not installed on this host"
        )
    return language


def prepare(
    sandbox: Sandbox, language: Language, source: Path, cache_dir: Path
) -> Prepared | CompileFailure:
    """Compile `source` if its language needs it (cached), and say how to run it."""
    source = source.resolve()
    built = _build(sandbox, language, source, cache_dir)
    if isinstance(built, CompileFailure):
        return built
    idle = _build(sandbox, language, _idle_source_file(language, cache_dir), cache_dir)
    if isinstance(idle, CompileFailure):  # the toolchain itself is broken
        raise UnknownLanguage(
            f"{language.name} toolchain cannot compile an empty program: {idle.message}"
        )
    code = None
    if language.compiles_to_binary and "{binary}" not in language.run:
        code = _binary_path(language, source, cache_dir)  # a compiled form the run loads itself
    return Prepared(argv=built, idle_argv=idle, python_code=code)


def _by_name(name: str) -> Language:
    wanted = name.lower()
    for language in LANGUAGES:
        if wanted == language.name or wanted in language.aliases:
            return language
    known = ", ".join(language.name for language in LANGUAGES)
    raise UnknownLanguage(f"unknown language {name!r}; known languages: {known}")


def _by_extension(path: Path) -> Language:
    suffix = path.suffix.lower()
    for language in LANGUAGES:
        if suffix in language.extensions:
            return language
    known = ", ".join(ext for language in LANGUAGES for ext in language.extensions)
    raise UnknownLanguage(
        f"cannot tell the language of {path.name!r} from its extension (known: {known}); "
        "name it with --lang"
    )


def _build(
    sandbox: Sandbox, language: Language, source: Path, cache_dir: Path
) -> tuple[str, ...] | CompileFailure:
    """Compile (or syntax-check) `source`; return the run command or the compiler's complaint."""
    binary = _binary_path(language, source, cache_dir) if language.compiles_to_binary else None
    if binary is not None and binary.exists():
        return _fill(language.run, source, binary)
    if language.compile is not None:
        failure = _compile(sandbox, language, source, binary)
        if failure is not None:
            return failure
    return _fill(language.run, source, binary)


def _compile(
    sandbox: Sandbox, language: Language, source: Path, binary: Path | None
) -> CompileFailure | None:
    # Compile to a private name, then rename: parallel judges never see half a binary. The name
    # is private to the thread too, as threads of one judge may build the same program at once.
    private = f"{binary.name}.{os.getpid()}.{threading.get_ident()}.partial" if binary else ""
    partial = binary.with_name(private) if binary else None
    if partial is not None:
        partial.parent.mkdir(parents=True, exist_ok=True)
    request = RunRequest(
        argv=_fill(language.compile, source, partial),
        limits=language.compile_limits,
        isolate=False,
        env={"TMPDIR": "/tmp"},
    )
    result = sandbox.run(request)
    judgement = judge_compile(result)
    if judgement.verdict is not Verdict.AC:
        if partial is not None:
            partial.unlink(missing_ok=True)
        return CompileFailure(judgement.verdict, _compiler_message(result, judgement.message))
    if partial is not None:
        os.replace(partial, binary)
    return None


def _compiler_message(result: RunResult, why: str) -> str:
    text = (result.stdout + result.stderr)[-COMPILER_MESSAGE_BYTES:]
    said = text.decode("utf-8", errors="replace").strip()
    return f"{said}\n{why}".strip() if said else why


def _fill(template: tuple[str, ...], source: Path, binary: Path | None) -> tuple[str, ...]:
    values = {"{python}": python_interpreter(), "{source}": str(source), "{binary}": str(binary)}
    return tuple(values.get(part, part) for part in template)


def _binary_path(language: Language, source: Path, cache_dir: Path) -> Path:
    digest = hashlib.sha256()
    digest.update(source.read_bytes())
    digest.update(b"\0" + _compiler_identity(language).encode())
    digest.update(b"\0" + "\0".join(language.compile or ()).encode())
    return cache_dir / "bin" / language.name / digest.hexdigest()[:24]


def _compiler_identity(language: Language) -> str:
    """The compiler's resolved path, size and mtime: an upgrade invalidates cached binaries."""
    if language.compiler is None:  # compiled by the judge's own interpreter (Python)
        return f"{python_interpreter()}:{sys.version}"
    return file_identity(shutil.which(language.compiler) or language.compiler)


def _idle_source_file(language: Language, cache_dir: Path) -> Path:
    """Write the language's idle program once; the path is stable so its build is cached."""
    path = cache_dir / "idle" / f"idle{language.extensions[0]}"
    if not path.exists() or path.read_text() != language.idle_source:
        write_atomically(path, language.idle_source.encode())
    return path
