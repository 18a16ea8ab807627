"""The packages of judge/ form layers: every import, at module level or inside a function, goes
to the package's own layer or below, and siblings of one layer do not import each other.
docs/architecture.md draws the same layers."""

from __future__ import annotations

import ast
from pathlib import Path

import judge

PACKAGE = Path(judge.__file__).parent
LAYERS: tuple[frozenset[str], ...] = tuple(frozenset(layer.split()) for layer in (
    "errors files cache wording places",
    "resident",
    "sandbox",
    "verdicts",
    "languages",
    "checkers",
    "problem",
    "judging",
    "setter",
    "contest",
    "present formats",
    "service",
    "web",
    "commands",
    "cli",
    "daemon",
    "launch",
    "__main__",
))


def layer_of(unit: str) -> int:
    for level, layer in enumerate(LAYERS):
        if unit in layer:
            return level
    raise AssertionError(f"judge.{unit} is in no layer of this test (nor of the architecture)")


def unit_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0].removesuffix(".py")


def imported_units(path: Path) -> set[str]:
    units = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        units |= {name.split(".")[1] for name in names if name.startswith("judge.")}
    return units


def sources() -> list[Path]:
    # The fork server runs as a package of its own and imports nothing of the judge.
    return [path for path in PACKAGE.rglob("*.py") if path.name != "__init__.py" or
            path.parent != PACKAGE]


def test_every_import_goes_down_or_stays_in_its_package():
    wrong = []
    for path in sources():
        unit = unit_of(path)
        for target in imported_units(path) - {unit}:
            if layer_of(target) >= layer_of(unit):
                wrong.append(f"{path.relative_to(PACKAGE)} imports judge.{target}")
    assert not wrong, "\n".join(sorted(wrong))


def test_every_package_says_what_it_is_for_and_what_it_may_import():
    for init in sorted(PACKAGE.glob("*/__init__.py")):
        doc = ast.get_docstring(ast.parse(init.read_text())) or ""
        assert "Import" in doc, f"{init.relative_to(PACKAGE)} does not say what it imports"


def test_the_fork_server_imports_nothing_of_the_judge():
    server = PACKAGE / "sandbox" / "forkserver"
    for path in server.rglob("*.py"):
        assert not imported_units(path), f"{path.relative_to(PACKAGE)} imports the judge"
