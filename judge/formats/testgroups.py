"""Nested test folders (data/secret/group1/...) as this project's flat tests and groups.

A test keeps its path with `/` turned into `.`: data/secret/group1/01.in becomes the test
`secret.group1.01` in the group `secret/group1`, whose glob is `secret.group1.*`. Samples are
`sample-1`, `sample-2`, ... in the group `sample` (glob `sample-*`): a statement's sample k is
checked against the test sample-k. Groups are
listed samples first, then in path order with a folder's subfolders before its own tests, so that
each test matches its own group's glob first (a folder whose tests another folder's glob would
catch, as `g1.x` beside `g1`, moves before it); names that cannot be ordered so are refused.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass

from judge.errors import JudgeError
from judge.formats.draft import GroupDraft


@dataclass(frozen=True)
class FolderTests:
    path: str  # the folder, relative to data/: "sample", "secret/group1"
    tests: tuple[str, ...]  # the tests' names here (flat_name of their paths, or sample_name)
    validator_args: tuple[str, ...] = ()
    samples_only: bool = False  # a folder of samples only, named sample-k like `sample`'s

    @property
    def glob(self) -> str:
        if self.path == SAMPLE_FOLDER or self.samples_only:
            return "sample-*"
        return flat_name(self.path) + ".*"


SAMPLE_FOLDER = "sample"


def flat_name(path: str) -> str:
    return path.replace("/", ".")


def sample_name(number: int) -> str:
    """The k-th sample is the test sample-k, as the statement's sample k is (docs)."""
    return f"sample-{number}"


def flat_groups(folders: list[FolderTests], keep_order: bool = False) -> tuple[GroupDraft, ...]:
    """One group per folder that holds tests, ordered so that first-match globbing is exact
    (in path order, or in the given order with `keep_order`)."""
    holding = [f for f in folders if f.tests]
    if not keep_order:
        holding.sort(key=_order)
    groups = [GroupDraft(f.path, f.glob, f.validator_args) for f in holding]
    for _ in range(len(groups) ** 2 + 1):
        captured = _first_capture(groups, holding)
        if captured is None:
            return tuple(groups)
        owner, taker = captured  # a test of `owner` would fall into the earlier `taker`
        groups.insert(groups.index(taker), groups.pop(groups.index(owner)))
    raise JudgeError(
        f"the test folders {owner.name} and {taker.name} cannot be told apart once flattened"
    )


def _first_capture(groups: list[GroupDraft], folders: list[FolderTests]):
    by_name = {g.name: g for g in groups}
    for folder in folders:
        for test in folder.tests:
            first = next(g for g in groups if fnmatch.fnmatchcase(test, g.glob))
            if first.name != folder.path:
                return by_name[folder.path], first
    return None


def _order(folder: FolderTests) -> tuple:
    parts = folder.path.split("/")
    # "\uffff" sorts after every name: a folder's own tests come after its subfolders.
    return (parts[0] != "sample", *parts, "\uffff")
