"""What the tests of package imports and exports share: an empty project and the CLI."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from judge.cli import cli


def empty_project(tmp_path: Path) -> Path:
    """A project root with an empty problems/ folder, for imports to fill."""
    root = tmp_path / "project"
    (root / "problems").mkdir(parents=True, exist_ok=True)
    return root


def run(root: Path, *args: str):
    """`judge --root ROOT ARGS...` in process."""
    return CliRunner().invoke(cli, ["--root", str(root), *args])
