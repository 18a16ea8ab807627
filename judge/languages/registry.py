"""Programming languages the judge runs: one data table, and detection by name or extension.

A language is data: file extensions, a compile command template and a run command template.
Compile templates name `{python}` (the judge's interpreter), `{source}` and `{program}` (the
source and the compiled program, as files of the compile step's own directory) and `{name}`
(the name the program goes by: its path for the problem setter's programs, its file name for a
submission, which must name nothing of the host). Run templates name `{python}`, `{name}` and
`{program}` (the compiled program in the cache). judge.languages.build runs the compile step.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

# Python's compile step, in a process of its own: code that cannot be parsed is CE, and the code
# object is kept (marshalled) so that no run parses the source again.
PYTHON_COMPILE = (
    "import marshal, sys, traceback\n"
    "path, target, name = sys.argv[1:4]\n"
    "try:\n"
    "    code = compile(open(path, 'rb').read(), name, 'exec')\n"
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
    compile: tuple[str, ...]  # template of the compile step
    run: tuple[str, ...]  # template of the command that runs a compiled program
    compiler: str | None = None  # the executable that must be installed; keys the cache
    aliases: tuple[str, ...] = ()  # other names accepted by --lang
    idle_source: str = ""  # a program that does nothing, for memory baselines

    @property
    def runs_compiled_code(self) -> bool:
        """True when the run loads the compiled program itself (Python's marshalled code)
        rather than executing it."""
        return "{program}" not in self.run


LANGUAGES: tuple[Language, ...] = (
    Language(
        name="python",
        extensions=(".py",),
        aliases=("python3", "py"),
        compile=("{python}", "-I", "-S", "-B", "-c", PYTHON_COMPILE, "{source}", "{program}",
                 "{name}"),
        run=("{python}", "-I", "-S", "-B", "{name}"),
        idle_source="",
    ),
    Language(
        name="c",
        extensions=(".c",),
        compiler="gcc",
        compile=("gcc", "-O2", "-std=c11", "-o", "{program}", "{source}", "-lm"),
        run=("{program}",),
        idle_source="int main(void) { return 0; }\n",
    ),
    Language(
        name="cpp",
        extensions=(".cpp", ".cc", ".cxx"),
        aliases=("c++", "cxx"),
        compiler="g++",
        # GNU C++20, as Kattis and DOMjudge compile: packages written for them (their
        # validation headers, their submissions) may use C++20.
        compile=("g++", "-O2", "-std=gnu++20", "-o", "{program}", "{source}"),
        run=("{program}",),
        idle_source="int main() { return 0; }\n",
    ),
)


def detect_language(path: Path, override: str | None = None) -> Language:
    """The language named by `override` (a name or alias), else the one of the file extension."""
    language = _by_name(override) if override else _by_extension(path)
    if language.compiler and shutil.which(language.compiler) is None:
        raise UnknownLanguage(
            f"{language.name} needs {language.compiler}, which is not installed on this host"
        )
    return language


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
