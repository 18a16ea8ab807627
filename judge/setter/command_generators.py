"""Generators named per test, each run with a command line of its own (`gen.py 10 1234`), as
BAPCtools' generators.yaml names them, rather than the problem's one generator with `--seed N`.

A manifest entry with `program:` records such a test; the import runs these programs to make
the tests and `judge generate --check` runs them again to prove the tests rebuild. They are the
setter's programs: trusted, under the generator's limits, each run in an empty scratch folder of
its own (what BAPCtools gives them), never in the project. The input is what the program prints;
a generator that writes testcase.in or testcase.ans files instead is refused by name.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from judge.languages.build import CompileFailure, Prepared, prepare
from judge.languages.registry import UnknownLanguage, detect_language
from judge.sandbox.api import RunRequest, Sandbox
from judge.setter.programs import GENERATOR_LIMITS, SetterProgramError, describe_run


@dataclass
class CommandGenerators:
    """The generators under `folder`, each prepared (compiled) once, on first use."""

    folder: Path  # where the programs named by commands are: problems/<id>/ after an import
    prepared: dict[str, Prepared | SetterProgramError] = field(default_factory=dict)

    def generate(self, sandbox: Sandbox, program: str, args: tuple[str, ...]) -> bytes:
        """What `program args...` prints, run in a scratch folder."""
        command = " ".join((program, *args))
        with tempfile.TemporaryDirectory(prefix="judge-gen-") as scratch:
            generator = self._prepared(sandbox, program)
            request = RunRequest(
                argv=(*generator.argv, *args),
                limits=GENERATOR_LIMITS,
                python_code=generator.python_code,
                isolate=False,
                cwd=Path(scratch),
            )
            result = sandbox.run(request)
            written = sorted(p.name for p in Path(scratch).iterdir())
        if not result.ok:
            raise SetterProgramError(f"generator failed on {command}: {describe_run(result)}")
        if written:
            raise SetterProgramError(
                f"generator {command} writes files ({', '.join(written)}); only generators "
                "that print the input are supported here"
            )
        return result.stdout

    def prepare_all(self, sandbox: Sandbox, programs: set[str]) -> None:
        """Compile the programs now (before workers share this object); a program that fails
        to is reported by each run that needs it."""
        for program in sorted(programs - self.prepared.keys()):
            self.prepared[program] = _prepare(sandbox, self.folder / program)

    def _prepared(self, sandbox: Sandbox, program: str) -> Prepared:
        if program not in self.prepared:
            self.prepared[program] = _prepare(sandbox, self.folder / program)
        found = self.prepared[program]
        if isinstance(found, SetterProgramError):
            raise found
        return found


def _prepare(sandbox: Sandbox, source: Path) -> Prepared | SetterProgramError:
    if not source.is_file():
        return SetterProgramError(f"generator {source} not found")
    try:
        prepared = prepare(sandbox, detect_language(source, None), source, trusted=True)
    except UnknownLanguage as exc:
        return SetterProgramError(f"generator {source}: {exc}")
    if isinstance(prepared, CompileFailure):
        return SetterProgramError(f"generator {source} does not compile:\n{prepared.message}")
    return prepared
