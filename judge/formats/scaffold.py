"""`judge new ID`: a complete problem package that `judge verify ID` accepts at once.

The package (judge.formats.scaffold_files) has problem.yaml, a statement, a seeded generator, a
validator, an answer validator, the reference, one wrong solution, a sample and a hand-made test,
self-tests its validators and checker must decide, and a few tests
made by its own generator (validated, answered by the reference), as `judge generate` makes them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from judge.errors import JudgeError
from judge.files import write_atomically
from judge.formats import scaffold_files as files
from judge.setter.generate import NewTest, make_tests
from judge.setter.programs import prepare_setter_programs
from judge.sandbox.api import Sandbox
from judge.problem.spec import ID_PATTERN, Problem, load_problem
from judge.problem.manifest import ManifestEntry, add_manifest_entries

GENERATED_TESTS = 5
FOLDERS = ("problems", "solutions", "testdata")


def new_problem(
    root: Path,
    problem_id: str,
    title: str,
    sandbox_factory: Callable[[], Sandbox],
) -> tuple[Problem, list[NewTest]]:
    if not ID_PATTERN.match(problem_id):
        raise JudgeError(f"'{problem_id}' is not a problem id: use [a-z0-9][a-z0-9_-]*")
    for folder in FOLDERS:
        if (root / folder / problem_id).exists():
            raise JudgeError(f"{root / folder / problem_id} already exists")
    _write_files(root, problem_id, title)
    problem = load_problem(root, problem_id)
    add_manifest_entries(
        problem,
        (
            ManifestEntry(files.SAMPLE[0], "sample", note="the sample of the statement"),
            ManifestEntry(files.HAND[0], "hand", note="n = 1, the smallest number"),
        ),
    )
    sandbox = sandbox_factory()
    try:
        programs = prepare_setter_programs(problem, sandbox)
    finally:
        sandbox.close()
    made = make_tests(
        problem,
        programs,
        sandbox_factory,
        problem.generator.default_args,
        list(range(1, GENERATED_TESTS + 1)),
        workers=1,
    )
    return problem, made


def _write_files(root: Path, problem_id: str, title: str) -> None:
    fill = {"id": problem_id, "title": title}
    problem = f"problems/{problem_id}"
    solutions = f"solutions/{problem_id}"
    texts = {
        f"{problem}/problem.yaml": files.PROBLEM_YAML.format(**fill),
        f"{problem}/statement.md": files.STATEMENT.format(**fill),
        f"{problem}/generator.py": files.GENERATOR,
        f"{problem}/validator.py": files.VALIDATOR,
        f"{problem}/answer_validator.py": files.ANSWER_VALIDATOR,
        f"{solutions}/reference.py": files.REFERENCE,
        f"{solutions}/wrong_answer/positive_only.py": files.WRONG_ANSWER,
    }
    for name, given, answer in (files.SAMPLE, files.HAND):
        texts[f"testdata/{problem_id}/{name}.in"] = given
        texts[f"testdata/{problem_id}/{name}.ans"] = answer
    for relative, text in files.SELF_TESTS:
        texts[f"testdata/{problem_id}/{relative}"] = text
    for relative, text in texts.items():
        write_atomically(root / relative, text.encode())
