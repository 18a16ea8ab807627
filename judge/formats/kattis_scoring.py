"""The points of a scoring Kattis package, as scored groups of this project.

Each test folder becomes a group (judge.formats.testgroups); its points and how its tests add up
come from its settings, in one of three dialects:

- 2025-09 (`max_score`, `score_aggregation`, `require_pass` in test_group.yaml, not inherited):
  a group is worth its `max_score` (`secret` holding tests itself: 100 by default);
  `pass-fail` and `min` aggregation give `min` (all tests must pass), `sum` gives `sum`;
  `require_pass` becomes `depends_on`.
- 2023-07 drafts (`scoring: {score: S, aggregation: A}` in testdata.yaml or test_group.yaml,
  not inherited): the group is worth S, its tests added up by A (`sum` in `secret`, `min` in
  its groups by default); a folder of folders with `min` over its subfolders as in legacy.
- legacy (`accept_score`, `range`, `grader_flags`, `on_reject`, inherited): two readings of
  accept_score, chosen by what the package shows (judge.formats.kattis_legacy_scores).

The samples earn nothing. A custom output validator's score.txt is the test's points in every
dialect (`score_file: points`, judge.checkers.conventions). What does not fit is listed.
"""

from __future__ import annotations

import dataclasses

from judge.formats.collect import Collector
from judge.formats.draft import GroupDraft, NoteKind
from judge.formats.kattis_legacy_scores import legacy_scored
from judge.formats.kattis_parents import fold_parents, holds_tests, parent_folders
from judge.formats.kattis_read import KattisPackage
from judge.formats.kattis_testdata import KattisGroup

NEW_KEYS = ("max_score", "score_aggregation", "require_pass")
DRAFT_KEY = "scoring"
DEFAULT_SECRET_SCORE = 100.0


def scored(
    package: KattisPackage,
    groups: tuple[GroupDraft, ...],
    work: Collector,
    validator_scores: bool = False,
) -> tuple[GroupDraft, ...]:
    """`groups` with their points, aggregation, on_reject and dependencies. `validator_scores`:
    the output validator's score.txt gives the tests' points."""
    owns = [group.own for group in package.groups]
    if any(key in own for own in owns for key in NEW_KEYS):
        return _with_samples(package, groups, lambda d, f: _from_2025(d, f, work))
    if any(isinstance(own.get(DRAFT_KEY), dict) for own in owns):
        drafted = _with_samples(package, groups, lambda d, f: _from_draft(d, f, work))
        return fold_parents(drafted, parent_folders(package), _draft_grader(package),
                            holds_tests(package), work)
    return legacy_scored(package, groups, validator_scores, work)


def _with_samples(package: KattisPackage, groups: tuple[GroupDraft, ...], score) -> tuple:
    by_path = {group.path: group for group in package.groups}
    result = []
    for draft in groups:
        folder = by_path[draft.name]
        if folder.path.startswith("sample"):
            result.append(dataclasses.replace(draft, points=0.0))
        else:
            result.append(score(draft, folder))
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


def _from_draft(draft: GroupDraft, folder: KattisGroup, work: Collector) -> GroupDraft:
    """2023-07 drafts: `scoring: {score, aggregation}` of the folder itself."""
    scoring = folder.own.get(DRAFT_KEY)
    scoring = scoring if isinstance(scoring, dict) else {}
    default = "sum" if folder.path == "secret" else "min"
    aggregation = str(scoring.get("aggregation", default))
    if aggregation not in ("sum", "min"):
        work.note(NoteKind.UNSUPPORTED, f"data/{folder.path}: scoring.aggregation",
                  f"'{aggregation}' is not sum or min: counted as min")
        aggregation = "min"
    for key in sorted(set(scoring) - {"score", "aggregation"}):
        work.note(NoteKind.UNSUPPORTED, f"data/{folder.path}: scoring.{key}", "not used here")
    score = scoring.get("score")
    if score is None:
        score = float(len(folder.cases))  # one point per test, as a group without a score
        work.note(NoteKind.CONVERTED, f"data/{folder.path}",
                  f"no scoring.score: worth {score:g}, a point per test")
    return dataclasses.replace(draft, points=float(score), aggregation=aggregation)


def _draft_grader(package: KattisPackage):
    by_path = {group.path: group for group in package.groups}

    def grader(path: str) -> str:
        scoring = by_path[path].own.get(DRAFT_KEY) if path in by_path else None
        default = "sum" if path == "secret" else "min"
        return str(scoring.get("aggregation", default)) if isinstance(scoring, dict) else default

    return grader


