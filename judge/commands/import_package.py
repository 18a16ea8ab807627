"""`judge import kattis PATH [--id ID]` and `judge import polygon PATH [--id ID]`."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

import click
from rich.console import Console

from judge.commands.shared import root_option
from judge.commands.context import AppContext
from judge.formats.archive import OpenedPackage, opened_package
from judge.formats.draft import Note, NoteKind, ProblemDraft, choose_problem_id
from judge.formats.generated_data import build_package, with_generated_tests
from judge.formats.generators_yaml import has_generators
from judge.formats.kattis_import import draft_from_kattis, test_names
from judge.formats.kattis_read import is_interactive_package
from judge.formats.kattis_read import read_package as read_kattis
from judge.formats.polygon_import import draft_from_polygon
from judge.formats.polygon_read import read_package as read_polygon
from judge.formats.writer import WrittenProblem, write_draft
from judge.sandbox.api import Sandbox

# A drafter reads the opened package into a draft; files it makes for the draft (generated
# tests) go into the scratch folder, which lasts until the draft is written.
Drafter = Callable[[OpenedPackage, str, Sandbox, Path], ProblemDraft]


@click.group("import", short_help="Import a Kattis or Polygon problem package.")
def import_package() -> None:
    """Import a problem package from another format into this project."""


def _package_command(kind: str, marker: str, drafter: Drafter, summary: str):
    @click.argument("path", type=click.Path(path_type=Path))
    @click.option("--id", "problem_id", help="The new problem's id (default: the package's name).")
    @click.option("--replace", is_flag=True, help="Replace a problem of the same id.")
    @click.option(
        "--keep-broken",
        is_flag=True,
        help="Import even when the package's accepted solutions fail on its own tests; the "
        "problem is marked broken.",
    )
    @root_option
    @click.pass_obj
    def command(
        app: AppContext, path: Path, problem_id: str | None, replace: bool, keep_broken: bool
    ) -> None:
        path = app.cwd / path  # relative to the current folder, like every path a command takes
        console = Console(highlight=False, soft_wrap=True)
        sandbox = app.open_sandbox()
        try:
            with (
                opened_package(path, marker) as opened,
                tempfile.TemporaryDirectory(prefix="judge-import-") as scratch,
            ):
                chosen = choose_problem_id(problem_id, opened.name)
                with console.status(f"importing {opened.name} as {chosen}"):
                    draft = drafter(opened, chosen, sandbox, Path(scratch))
                    written = write_draft(
                        draft, app.root, sandbox, replace=replace, keep_broken=keep_broken
                    )
        finally:
            sandbox.close()
        render_import(console, kind, path, written)

    command.__doc__ = summary
    short = f"Import the {kind.capitalize()} package PATH (folder or zip)."
    return import_package.command(kind, short_help=short)(command)


def render_notes(console: Console, notes: tuple[Note, ...]) -> None:
    """What a conversion says, by kind: not supported, kept unused, converted."""
    for kind in NoteKind:
        of_kind = [note for note in notes if note.kind is kind]
        if of_kind:
            console.print(f"\n{kind.value} ({len(of_kind)}):")
            for note in of_kind:
                console.print(f"  {note.where}: {note.message}")


def render_import(console: Console, kind: str, path: Path, written: WrittenProblem) -> None:
    console.print(
        f"imported the {kind} package {path} as problem '{written.problem_id}' "
        f"({written.tests} tests)"
    )
    render_notes(console, written.notes)
    if any(n.kind is not NoteKind.CONVERTED for n in written.notes):
        console.print(f"\nkept files are in problems/{written.problem_id}/extras/")
    console.print(f"\nnext: judge verify {written.problem_id}")


def _kattis(
    opened: OpenedPackage, problem_id: str, sandbox: Sandbox, scratch: Path
) -> ProblemDraft:
    if not has_generators(opened.root):
        return draft_from_kattis(read_kattis(opened.root, opened.name), problem_id, sandbox)
    interactive = is_interactive_package(opened.root)
    built = build_package(opened.root, scratch, sandbox, interactive)
    package = read_kattis(built.root, opened.name)
    draft = draft_from_kattis(package, problem_id, sandbox, built.solution)
    return with_generated_tests(draft, built, test_names(package))


def _polygon(
    opened: OpenedPackage, problem_id: str, sandbox: Sandbox, _scratch: Path
) -> ProblemDraft:
    return draft_from_polygon(read_polygon(opened.root), problem_id, sandbox)


kattis = _package_command(
    "kattis",
    "problem.yaml",
    _kattis,
    """Import the Kattis problem package PATH (a folder, .zip or .kpp).

    Reads the legacy, 2023-07 and 2025-09 formats. Everything the package holds that this judge
    does not use is copied to problems/ID/extras/ and listed. See docs/formats.md.
    """,
)


polygon = _package_command(
    "polygon",
    "problem.xml",
    _polygon,
    """Import the Polygon package PATH (a folder or .zip with problem.xml).

    Generated tests that the package lacks are made with its generators, run here; answers it
    lacks are written by its main solution. See docs/formats.md.
    """,
)
