"""The points of a scoring Kattis package, as scored groups of this project.

Each test folder becomes a group (judge.formats.testgroups); its points and how its tests add up
come from its settings:

- 2025-09 (`max_score`, `score_aggregation`, `require_pass` in test_group.yaml, not inherited):
  a group is worth its `max_score` (`secret` holding tests itself: 100 by default);
  `pass-fail` and `min` aggregation give `min` (all tests must pass), `sum` gives `sum`;
  `require_pass` becomes `depends_on`.
- legacy and 2023-07 (`accept_score`, `grader_flags`, `on_reject` in testdata.yaml, inherited):
  every accepted test earns `accept_score` (default 1); the grader's `min` gives a group worth
  `accept_score` with `min`, `sum` (the default) one worth `accept_score` times its tests with
  `sum`, `avg` one worth `accept_score` with `sum`. `on_reject` is kept (Kattis' default is
  break).

The samples earn nothing. What does not fit (a non-zero reject_score, the `max` grader, a
`secret` that does not add its groups up) is listed.
"""

from __future__ import annotations

import dataclasses

from judge.formats.collect import Collector
from judge.formats.draft import GroupDraft, NoteKind
from judge.formats.kattis_read import KattisPackage
from judge.formats.kattis_testdata import KattisGroup
from judge.formats.kattis_validators import words

NEW_KEYS = ("max_score", "score_aggregation", "require_pass")
DEFAULT_SECRET_SCORE = 100.0


def scored(package: KattisPackage, groups: tuple[GroupDraft, ...], work: Collector):
    """`groups` with their points, aggregation, on_reject and dependencies."""
    by_path = {group.path: group for group in package.groups}
    newer = any(key in group.own for group in package.groups for key in NEW_KEYS)
    result = []
    for draft in groups:
        folder = by_path[draft.name]
        if folder.path.startswith("sample"):
            result.append(dataclasses.replace(draft, points=0.0))
        elif newer:
            result.append(_from_2025(draft, folder, work))
        else:
            result.append(_from_legacy(draft, folder, work))
    _note_parents(package, work)
    return tuple(result)


def _from_2025(draft: GroupDraft, folder: KattisGroup, work: Collector) -> GroupDraft:
    own = folder.own
    default = DEFAULT_SECRET_SCORE if folder.path == "secret" else None
    points = own.get("max_score", default)
    if points is None or points == "unbounded":
        work.note(NoteKind.UNSUPPORTED, f"data/{folder.path}", "an unbounded group: counted as 0")
        points = 0.0
    aggregation = own.get("score_aggregation", "sum" if folder.path == "secret" else "pass-fail")
    required = own.get("require_pass", [])
    required = [required] if isinstance(required, str) else list(required)
    return dataclasses.replace(
        draft,
        points=float(points),
        aggregation="sum" if aggregation == "sum" else "min",
        depends_on=tuple(str(name) for name in required),
    )


def _from_legacy(draft: GroupDraft, folder: KattisGroup, work: Collector) -> GroupDraft:
    config = folder.config
    accept = float(config.get("accept_score", 1))
    if float(config.get("reject_score", 0)) != 0:
        work.note(NoteKind.UNSUPPORTED, f"data/{folder.path}", "a rejected test earns nothing")
    grader = _aggregator(config)
    if grader == "max":
        work.note(NoteKind.UNSUPPORTED, f"data/{folder.path}", "the max grader: counted as sum")
    tests = len(folder.cases)
    points = accept * tests if grader in ("sum", "max") else accept
    on_reject = config.get("on_reject", "break")
    return dataclasses.replace(
        draft,
        points=points,
        aggregation="min" if grader == "min" else "sum",
        on_reject="break" if on_reject in ("break", "first_error") else "continue",
    )


def _aggregator(config: dict) -> str:
    found = "sum"
    for flag in words(config.get("grader_flags", "")):
        if flag in ("sum", "avg", "min", "max"):
            found = flag  # the last one wins, as in Kattis' default grader
    return found


def _note_parents(package: KattisPackage, work: Collector) -> None:
    """A folder whose subfolders hold tests must add them up, as this project's groups do."""
    paths = [group.path for group in package.groups]
    for group in package.groups:
        has_children = any(p.startswith(group.path + "/") for p in paths)
        if has_children and _aggregator(group.own) != "sum" and "grader_flags" in group.own:
            work.note(
                NoteKind.UNSUPPORTED,
                f"data/{group.path}",
                f"its subgroups are added up here, not by '{_aggregator(group.own)}'",
            )
        if group.own.get("grading") == "custom":
            work.note(NoteKind.UNSUPPORTED, f"data/{group.path}", "custom grading")
