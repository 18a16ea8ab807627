"""Options, arguments and steps that several commands share."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

import click

from judge.commands.context import AppContext
from judge.errors import JudgeError

if TYPE_CHECKING:  # the CLI loads this module for every command; judging loads these
    from judge.judging.launch import Submission
    from judge.sandbox.api import Sandbox
    from judge.problem.spec import Problem

ROOT_HELP = (
    "Project root (the folder holding problems/). Default: $JUDGE_ROOT, else the nearest "
    "folder above the current one that holds problems/."
)


def _set_root(ctx: click.Context, _param: click.Parameter, value: Path | None) -> None:
    if value is not None:
        ctx.obj = dataclasses.replace(ctx.obj, root_option=value)


# `--root` is accepted after the command name too: `judge submit --root DIR sol.py ID`.
root_option = click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    expose_value=False,
    callback=_set_root,
    help=ROOT_HELP,
)


language_option = click.option(
    "--lang",
    "language",
    metavar="NAME",
    help="Language of SOLUTION (python, c, cpp). Default: from its extension.",
)


def solution_argument(command):
    return click.argument("solution", type=click.Path(path_type=Path))(command)


def require_solution(solution: Path, problem: str, command: str) -> Path:
    """SOLUTION must be a file; when it is not but PROBLEM is, the two were given swapped."""
    if solution.is_file():
        return solution
    if Path(problem).is_file():
        raise click.UsageError(
            f"'{solution}' is not a file but '{problem}' is: SOLUTION comes first, then PROBLEM "
            f"(judge {command} {problem} {solution})"
        )
    if solution.is_dir():
        raise click.UsageError(f"'{solution}' is a folder; expected a solution file")
    raise click.UsageError(f"solution file '{solution}' does not exist")


def test_selection(command):
    """--test NAME and --group NAME, both repeatable, globs allowed: a subset of the tests."""
    command = click.option(
        "--group",
        "group_names",
        multiple=True,
        metavar="NAME",
        help="Run only the tests of this group (samples, hand, generated, ...). Repeatable.",
    )(command)
    return click.option(
        "--test",
        "test_names",
        multiple=True,
        metavar="NAME",
        help="Run only this test; a glob such as 'hand-*' selects several. Repeatable.",
    )(command)


def existing_files(app: AppContext, files: tuple[Path, ...]) -> tuple[Path, ...]:
    """FILES given on the command line, as absolute paths from the current folder (programs
    run from the project root, where a relative path would name another file)."""
    paths = tuple(app.cwd / path for path in files)
    for given, path in zip(files, paths, strict=True):
        if path.is_dir():
            raise click.UsageError(f"'{given}' is a folder; expected a file")
        if not path.is_file():
            raise click.UsageError(f"file '{given}' does not exist")
    return paths


def compiled_submission(
    app: AppContext, spec: Problem, solution: Path, sandbox: Sandbox, language: str | None
) -> Submission:
    """SOLUTION compiled and calibrated; a compile error stops the command (exit 2)."""
    from judge.languages.build import CompileFailure
    from judge.judging.runner import prepare_submission
    from judge.present.controls import shown

    submission = prepare_submission(spec, solution.resolve(), sandbox, language)
    if isinstance(submission, CompileFailure):
        # (the compiler quotes the source: shown, never obeyed, by the terminal)
        raise JudgeError(f"{solution} does not compile:\n{shown(submission.message)}")
    return submission
