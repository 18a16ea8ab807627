"""Kattis test folders that hold folders: their graders, on this project's flat groups.

A Kattis folder whose subfolders hold the tests aggregates its subfolders' scores with its own
grader; this project adds its groups up. The graders that can be written as flat groups are:

- `sum`: the groups as they are;
- `avg` over k subfolders: each subfolder's points divided by k (the mean of k scores is the sum
  of their k-ths);
- `min` over subfolders that are all-or-nothing and worth the same (with the same validator
  arguments): one `min` group of all their tests (it earns the points when every test passes,
  as the minimum of the subfolders does).

Anything else (`max`, `min` over unequal or partial subfolders, a folder with tests of its own
beside its subfolders) is added up here, and listed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from judge.formats.collect import Collector
from judge.formats.draft import GroupDraft, NoteKind
from judge.formats.kattis_read import KattisPackage
from judge.formats.testgroups import flat_name

# The aggregation of a parent folder: "sum", "avg", "min" or "max".
ParentGrader = Callable[[str], str]


def fold_parents(
    groups: tuple[GroupDraft, ...],
    parents: list[str],
    grader: ParentGrader,
    holds_tests: Callable[[str], bool],
    work: Collector | None,
) -> tuple[GroupDraft, ...]:
    """`groups` (one per folder of tests) with the graders of the `parents` folders applied,
    deepest first. `work` None: compute only, listing nothing."""
    result = list(groups)
    for parent in sorted(parents, key=lambda path: -path.count("/")):
        kind = grader(parent)
        if kind == "sum":
            continue
        children = _children(parent, result)
        if holds_tests(parent) or not children:
            _note(work, parent, f"its tests and subfolders are added up here, not by '{kind}'")
        elif kind == "avg":
            result = [_scaled(g, 1 / len(children)) if _under(g, parent) else g for g in result]
        elif kind == "min" and _mergeable(children, result, parent):
            result = _merged(result, parent)
        else:
            _note(work, parent, f"its subfolders are added up here, not by '{kind}'")
    return tuple(result)


def parent_folders(package: KattisPackage) -> list[str]:
    """The folders under secret (and secret itself) that hold folders of tests."""
    paths = [group.path for group in package.groups]
    return [
        path for path in paths
        if path.startswith("secret") and any(p.startswith(path + "/") for p in paths)
    ]


def holds_tests(package: KattisPackage) -> Callable[[str], bool]:
    """Whether a folder holds tests of its own."""
    holding = {group.path for group in package.groups if group.cases}
    return lambda path: path in holding


def _note(work: Collector | None, parent: str, message: str) -> None:
    if work is not None:
        work.note(NoteKind.UNSUPPORTED, f"data/{parent}", message)


def _under(group: GroupDraft, parent: str) -> bool:
    return group.name.startswith(parent + "/")


def _children(parent: str, groups: list[GroupDraft]) -> list[str]:
    """The subfolders of `parent` that groups come from, each once."""
    depth = parent.count("/") + 1
    found = ["/".join(g.name.split("/")[: depth + 1]) for g in groups if _under(g, parent)]
    return list(dict.fromkeys(found))


def _scaled(group: GroupDraft, factor: float) -> GroupDraft:
    return dataclasses.replace(group, points=round((group.points or 0.0) * factor, 9))


def _mergeable(children: list[str], groups: list[GroupDraft], parent: str) -> bool:
    """Every subfolder is one all-or-nothing group, and all are worth the same."""
    members = [g for g in groups if _under(g, parent)]
    if len(members) != len(children):
        return False
    worth = {g.points for g in members}
    # Tests under one glob share one group's validator arguments: merge only equal ones.
    same = len(worth) == 1 and _same_args(members)
    return same and all(g.aggregation == "min" for g in members)


def _merged(groups: list[GroupDraft], parent: str) -> list[GroupDraft]:
    members = [g for g in groups if _under(g, parent)]
    merged = dataclasses.replace(members[0], name=parent, glob=flat_name(parent) + ".*")
    first = groups.index(members[0])
    rest = [g for g in groups if g not in members]
    return rest[:first] + [merged] + rest[first:]


def _same_args(members: list[GroupDraft]) -> bool:
    return len({g.validator_args for g in members}) == 1
