"""Nested test folders (data/secret/group1/...) as this project's flat tests and groups.

A test keeps its path with `/` turned into `.`: data/secret/group1/01.in becomes the test
`secret.group1.01` in the group `secret/group1`, whose glob is `secret.group1.*`. Groups are
listed samples first, then in path order with a folder's subfolders before its own tests, so that
each test matches its own group's glob first; a package whose names would still be ambiguous
is refused with the names that collide.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass

from judge.errors import JudgeError
from judge.formats.draft import GroupDraft


@dataclass(frozen=True)
class FolderTests:
    path: str  # the folder, relative to data/: "sample", "secret/group1"
    tests: tuple[str, ...]  # the tests' paths relative to data/, without extension
    validator_args: tuple[str, ...] = ()


def flat_name(path: str) -> str:
    return path.replace("/", ".")


def flat_groups(folders: list[FolderTests]) -> tuple[GroupDraft, ...]:
    """One group per folder that holds tests, ordered so that first-match globbing is exact."""
    holding = sorted((f for f in folders if f.tests), key=_order)
    groups = tuple(GroupDraft(f.path, flat_name(f.path) + ".*", f.validator_args) for f in holding)
    for folder in holding:
        for test in folder.tests:
            first = next(g for g in groups if fnmatch.fnmatchcase(flat_name(test), g.glob))
            if first.name != folder.path:
                raise JudgeError(
                    f"test {test} would fall into group {first.name}: the folder names "
                    f"'{folder.path}' and '{first.name}' cannot be told apart once flattened"
                )
    return groups


def _order(folder: FolderTests) -> tuple:
    parts = folder.path.split("/")
    # "\uffff" sorts after every name: a folder's own tests come after its subfolders.
    return (parts[0] != "sample", *parts, "\uffff")
