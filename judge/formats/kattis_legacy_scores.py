"""The points of a legacy (or 2023-07) scoring package: two readings of `accept_score`.

problemtools, Kattis' own tools, reads `accept_score` (inherited from the folders above, default
1) per test: every accepted test earns it (a validator's score.txt replaces it), and the folder's
grader (`grader_flags`: `sum` by default, `avg`, `min`, `max`; the last one given wins) adds its
tests up, so five tests with accept_score 20 and the default grader are worth 100. DOMjudge reads
it per group: a folder that gives `accept_score` in its own testdata.yaml earns it once when all
its tests pass. A package written for one judge gets other totals on the other (DOMjudge's
examples total 280 read per test, where their authors mean 100).

The import reads the package both ways and keeps the reading that the package supports:

1. the scores its submissions declare (`@EXPECTED_SCORE@`): an accepted submission's declared
   score is the problem's total, and no submission may declare more than the total;
2. `range` in a folder's own testdata.yaml: no folder may be worth more than its range allows;
3. failing both, a package that carries DOMjudge's `domjudge-problem.ini` was made for DOMjudge;
   any other is read as problemtools reads it, the format's own tools.

The import says which reading it took, why, and the total the other reading would give.
Folders of folders aggregate their subfolders with their own grader (judge.formats.kattis_parents):
per test, the folder's inherited `grader_flags`; per group, its own (DOMjudge's default: sum).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from judge.formats.collect import Collector
from judge.formats.draft import GroupDraft, NoteKind
from judge.formats.kattis_parents import fold_parents, holds_tests, parent_folders
from judge.formats.kattis_read import KattisPackage
from judge.formats.kattis_testdata import KattisGroup
from judge.formats.kattis_validators import words
from judge.setter.verify_scores import score_declared_in

PER_TEST = "per test, as problemtools does"
PER_GROUP = "per group, as DOMjudge does"
AGGREGATORS = ("sum", "avg", "min", "max")
# Flags of Kattis' default grader that decide only the verdict of a folder. This judge's verdict
# is the first failing test's, and its score counts whatever the verdict, so they change nothing
# here but that (listed once).
VERDICT_FLAGS = ("first_error", "worst_error", "always_accept", "accept_if_any_accepted")
KNOWN_FLAGS = (*AGGREGATORS, *VERDICT_FLAGS, "ignore_sample")
TOLERANCE = 1e-6


@dataclass(frozen=True)
class Reading:
    name: str
    leaves: tuple[GroupDraft, ...]  # one per folder of tests, before the parents' graders
    groups: tuple[GroupDraft, ...]

    @property
    def total(self) -> float:
        return round(sum(g.points or 0.0 for g in self.groups), 6)


def legacy_scored(
    package: KattisPackage,
    drafts: tuple[GroupDraft, ...],
    validator_scores: bool,
    work: Collector,
) -> tuple[GroupDraft, ...]:
    """`drafts` with their points under the reading the package supports (listed in `work`)."""
    _note_flags(package, work)
    _note_reject_scores(package, work)
    per_test = _reading(package, drafts, validator_scores, per_group=False)
    if not any("accept_score" in group.config for group in package.groups):
        return fold_parents(per_test.leaves, parent_folders(package), _grader(package, False),
                            holds_tests(package), work)
    per_group = _reading(package, drafts, validator_scores, per_group=True)
    chosen, why = choose_reading(package, per_test, per_group)
    other = per_group if chosen is per_test else per_test
    work.note(
        NoteKind.CONVERTED,
        "accept_score",
        f"read {chosen.name} ({why}): the problem is worth {chosen.total:g}; "
        f"read {other.name}, {other.total:g}",
    )
    per_group_chosen = chosen is per_group
    return fold_parents(chosen.leaves, parent_folders(package), _grader(package, per_group_chosen),
                        holds_tests(package), work)


def choose_reading(package: KattisPackage, per_test: Reading, per_group: Reading):
    """The reading the package supports, and why."""
    readings = (per_test, per_group)
    declared = _declared_scores(package)
    excluded = {}
    for reading in readings:
        above = [(name, s) for name, s in declared if s > reading.total + TOLERANCE]
        wide = _beyond_range(package, reading)
        if above:
            excluded[reading.name] = f"{above[0][0]} declares {above[0][1]:g}, more than that"
        elif wide:
            excluded[reading.name] = wide
    if per_test.total == per_group.total and not excluded:
        return per_test, "both readings give the same points"
    for reading in readings:
        totals = [(name, s) for name, s in declared if name.startswith("submissions/accepted/")]
        matching = [(name, s) for name, s in totals if abs(s - reading.total) <= TOLERANCE]
        if matching and reading.name not in excluded:
            name, score = matching[0]
            return reading, f"{name} declares @EXPECTED_SCORE@ {score:g}, the total read so"
    allowed = [r for r in readings if r.name not in excluded]
    if len(allowed) == 1:
        other = next(r for r in readings if r.name in excluded)
        return allowed[0], f"read {other.name}, {excluded[other.name]}"
    if package.file("domjudge-problem.ini") is not None:
        return per_group, "the package carries domjudge-problem.ini: it was made for DOMjudge"
    return per_test, "problemtools is the format's own tools; the package shows nothing else"


def _reading(
    package: KattisPackage, drafts: tuple[GroupDraft, ...], validator_scores: bool,
    per_group: bool,
) -> Reading:
    by_path = {group.path: group for group in package.groups}
    leaves = []
    for draft in drafts:
        folder = by_path[draft.name]
        if folder.path.startswith("sample"):
            leaves.append(dataclasses.replace(draft, points=0.0))
        elif per_group and _group_accept_score(folder) is not None:
            leaves.append(_whole_group(draft, folder))
        else:
            leaves.append(_per_test(draft, folder, validator_scores))
    name = PER_GROUP if per_group else PER_TEST
    folded = fold_parents(tuple(leaves), parent_folders(package), _grader(package, per_group),
                          holds_tests(package), None)
    return Reading(name, tuple(leaves), folded)


def _per_test(draft: GroupDraft, folder: KattisGroup, validator_scores: bool) -> GroupDraft:
    config = folder.config
    accept = float(config.get("accept_score", 1))
    grader = aggregator(config)
    points = accept * len(folder.cases) if grader == "sum" else accept
    upper = _range_top(config)
    if validator_scores and upper is not None:
        points = upper  # the validator's points, not accept_score, make the group's scores
    return dataclasses.replace(
        draft, points=points, aggregation=grader, on_reject=_on_reject(config)
    )


def _whole_group(draft: GroupDraft, folder: KattisGroup) -> GroupDraft:
    """DOMjudge: the group earns accept_score when all of its tests pass."""
    return dataclasses.replace(
        draft,
        points=_group_accept_score(folder),
        aggregation="min",
        on_reject=_on_reject(folder.config),
    )


def _group_accept_score(folder: KattisGroup) -> float | None:
    given = folder.own.get("accept_score", folder.config.get("accept_score"))
    return None if given is None else float(given)


def _on_reject(config: dict) -> str:
    return "break" if config.get("on_reject", "break") in ("break", "first_error") else "continue"


def aggregator(config: dict) -> str:
    """The score mode of Kattis' default grader in `config`'s grader_flags (default sum)."""
    found = "sum"
    for flag in words(config.get("grader_flags", "")):
        if flag in AGGREGATORS:
            found = flag  # the last one wins, as in Kattis' default grader
    return found


def _grader(package: KattisPackage, per_group: bool):
    by_path = {group.path: group for group in package.groups}

    def grader(path: str) -> str:
        folder = by_path.get(path)
        if folder is None:
            return "sum"
        return aggregator(folder.own if per_group else folder.config)

    return grader




def _range_top(config: dict) -> float | None:
    parts = str(config.get("range", "")).split()
    if len(parts) != 2:
        return None
    try:
        top = float(parts[1])
    except ValueError:
        return None
    return top if top != float("inf") else None


def _beyond_range(package: KattisPackage, reading: Reading) -> str:
    """Why `reading` gives a folder more than its own `range` allows, or ''."""
    by_path = {group.path: group for group in package.groups}
    for leaf in reading.leaves:
        top = _range_top(by_path[leaf.name].own)
        if top is not None and (leaf.points or 0.0) > top + TOLERANCE:
            return f"data/{leaf.name} would be worth {leaf.points:g}, above its range's {top:g}"
    return ""


def _declared_scores(package: KattisPackage) -> list[tuple[str, float]]:
    """(submission, score) for every single-file submission that declares its score."""
    found = []
    for _folder, entry in package.submissions:
        if not entry.is_file():
            continue
        score = score_declared_in(_text(entry))
        if score is not None:
            found.append((entry.relative_to(package.root).as_posix(), score))
    return found


def _text(path: Path) -> str:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


def _note_flags(package: KattisPackage, work: Collector) -> None:
    verdict_flags = set()
    for group in package.groups:
        for flag in words(group.own.get("grader_flags", "")):
            if flag in VERDICT_FLAGS:
                verdict_flags.add(flag)
            elif flag not in KNOWN_FLAGS:
                work.note(NoteKind.UNSUPPORTED, f"data/{group.path}: grader_flags {flag}",
                          "not a flag of Kattis' default grader")
    if verdict_flags:
        work.note(
            NoteKind.CONVERTED,
            "grader_flags " + " ".join(sorted(verdict_flags)),
            "the verdict here is the first failing test's, and scores count whatever the verdict",
        )


def _note_reject_scores(package: KattisPackage, work: Collector) -> None:
    for group in package.groups:
        if float(group.own.get("reject_score", 0) or 0) != 0:
            work.note(NoteKind.UNSUPPORTED, f"data/{group.path}", "a rejected test earns nothing")
        if group.own.get("grading") == "custom":
            work.note(NoteKind.UNSUPPORTED, f"data/{group.path}", "custom grading")
