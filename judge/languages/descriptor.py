"""What a language is to the judge: one frozen `Language` per language, pure data.

Each language is described in a file of its own under judge.languages.descriptors, and found by
judge.languages.registry; judge.languages.build turns a descriptor and a source into a program
to run, judge.languages.selftest proves a descriptor on this host.

Command templates are tuples of words, and a word that is exactly a placeholder is replaced:

    compile   {python}  the judge's interpreter (a run of its own, never the judge's process)
              {source}  the main source file, as named in the compile step's directory
              {files}   every source file of the submission (as many words as files)
              {program} what the compile step leaves in its directory
              {name}    the name the program goes by: its path for the problem setter's
                        programs, its file name for a submission (which names nothing of the host)
              {jvm}     the JVM build helper (judge.languages.jvm_build), as Python source
    run       {python}, {name}, and {program}: the compiled program (for a submission, its name
              in the run's own directory when the language runs it from there)
              {heap_kb} {heap_mb}  the memory the runtime is told it may use (Memory below)

Every field a CLICS Contest API `language` object has is here: `id`, `name`, `extensions`,
`entry_point_required`, `entry_point_name`, and the compiler's and runner's commands (`clics`,
given the versions judge.languages.selftest found).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

class Entry(enum.Enum):
    """How a program in the language is started (the Kattis entry point types)."""

    BINARY = "binary"  # the compile step leaves an executable
    MAIN_FILE = "main file"  # an interpreter runs the main source file
    MAIN_CLASS = "main class"  # a JVM runs the class with `public static void main(String[])`


class Naming(enum.Enum):
    """What a single source file is called in its compile step."""

    SOLUTION = "solution"  # solution.<ext>: a name that says nothing of the host
    PUBLIC_CLASS = "public class"  # after its public top-level class, as javac insists


@dataclass(frozen=True)
class Memory:
    """How the runtime is held to a memory limit.

    The sandbox caps the run's whole memory; a runtime with a heap of its own (the JVM, Go,
    Node, .NET, GHC, PyPy) is also told how large that heap may be, so that it collects its
    garbage before the cap and fails with its own out-of-memory error (MLE) rather than being
    killed for reasons it cannot see. The heap it is told is the problem's limit (the
    program's own memory, the runtime's idle footprint not counted) less `reserve_kb`, what the
    runtime itself grows by while a program runs (compiled code, loaded classes, the
    collector's own tables).
    """

    reserve_kb: int = 0
    # The smallest memory limit under which the runtime works at all: a problem whose limit is
    # below it cannot be solved in the language, and says so (JE), rather than every run
    # failing with an error nobody can read.
    minimum_kb: int = 0
    # What the runtime writes on stderr when an allocation fails: the run is MLE, not RE.
    out_of_memory: tuple[str, ...] = ()
    # Address space the runtime (and its compiler, the same runtime) maps beyond what it
    # touches: where no memory cgroup caps a run, RLIMIT_AS must leave this much room above
    # the cap (0: the sandbox's default room).
    address_space_kb: int = 0

    def heap_kb(self, limit_kb: int) -> int:
        return max(1, limit_kb - self.reserve_kb)


@dataclass(frozen=True)
class CompileNeeds:
    """What the compiler needs at least, whatever the problem's compile limits say: a JVM
    compiler takes seconds of CPU and hundreds of MB for a program of ten lines."""

    time_ms: int = 0
    memory_kb: int = 0
    processes: int = 64  # processes and threads at once (go build, a JVM compiler's threads)


@dataclass(frozen=True)
class SelfTest:
    """A program the judge compiles and runs at start to prove the language works here."""

    source: str
    stdin: str = "2 3\n"
    expected: str = "5\n"


@dataclass(frozen=True)
class Language:
    id: str  # the CLICS id (ccs-specs' well-known language ids where there is one)
    name: str  # as a contestant reads it
    extensions: tuple[str, ...]  # the first is the one a submission's file gets
    compile: tuple[str, ...]  # template of the compile step
    run: tuple[str, ...]  # template of the command that runs the compiled program
    version: tuple[str, ...]  # a command that prints the toolchain's version
    package: str  # the Debian package that provides the toolchain
    self_test: SelfTest
    idle_source: str  # a program that does nothing, for the memory baseline
    entry: Entry = Entry.BINARY
    naming: Naming = Naming.SOLUTION
    compiler: str | None = None  # the executable that must be installed; keys the cache
    aliases: tuple[str, ...] = ()  # other names accepted by --lang and the API
    kattis: tuple[str, ...] = ()  # the names Kattis packages (problemtools) give the language
    # Languages sharing an extension (Python 3 and PyPy both run .py): the family's name; which
    # one a file of the family's extension gets is the problem's choice (problem.yaml
    # default_python), else the language marked `family_default`.
    family: str | None = None
    family_default: bool = False
    # The compile step only checks the source (a syntax check): the program is the source.
    checks_only: bool = False
    # For a submission, the name its program gets in the run's own directory, where the
    # runtime reads it (a jar, a script); None: the program is executed as it is.
    program_in_box: str | None = None
    compile_env: Mapping[str, str] = field(default_factory=dict)
    run_env: Mapping[str, str] = field(default_factory=dict)  # templates, as `run`
    memory: Memory = Memory()
    compile_needs: CompileNeeds = CompileNeeds()
    processes: int = 64  # processes and threads a run may have at once
    time_factor: float = 1.0  # the problem's time limit is multiplied by it
    # Host paths outside the system's folders the toolchain reads (compile and run see them).
    binds: tuple[str, ...] = ()
    # What the runtime asks of the kernel beyond a single-threaded C program, for a system-call
    # filter to allow (threads, large address-space reservations, ...).
    syscalls: tuple[str, ...] = ()
    notes: str = ""  # what a submission gets, beyond the commands (docs/languages.md says more)

    @property
    def runs_compiled_code(self) -> bool:
        """True when the run loads the compiled program itself (Python's marshalled code)
        rather than executing it."""
        return "{program}" not in self.run

    @property
    def entry_point_required(self) -> bool:
        """CLICS: whether a submission must name its entry point. Never here: the judge finds
        the main class, and a program of several files has its main file found by its name."""
        return False

    @property
    def entry_point_name(self) -> str | None:
        """CLICS: what the entry point is called, for the languages that have one to name."""
        return {Entry.MAIN_CLASS: "Main class", Entry.MAIN_FILE: "Main file"}.get(self.entry)

    def clics(self, compiler_version: str = "") -> dict:
        """The language as the CLICS Contest API's `languages` endpoint shows it (ccs-specs
        2023-06: extensions without their dot, commands as a command and its arguments)."""
        compile_words = _shown(self.compile)
        run_words = _shown(self.run)
        return {
            "id": self.id,
            "name": self.name,
            "entry_point_required": self.entry_point_required,
            "entry_point_name": self.entry_point_name,
            "extensions": [extension.lstrip(".") for extension in self.extensions],
            "compiler": {"command": compile_words[0], "args": " ".join(compile_words[1:]),
                         "version": compiler_version,
                         "version_command": " ".join(_shown(self.version))},
            "runner": {"command": run_words[0], "args": " ".join(run_words[1:])},
        }


def _shown(template: tuple[str, ...]) -> list[str]:
    """A command template as people read it: the compiler a build helper runs (after its
    `--`), a script given inline as <script>, the judge's interpreter as python3."""
    if "{jvm}" in template and "--" in template:
        template = template[template.index("--") + 1:]
    names = {"{python}": "python3"}
    return [("<script>" if "\n" in word else names.get(word, word)) for word in template]
