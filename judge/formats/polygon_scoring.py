"""The points of a scored Polygon package, as scored groups of this project.

Polygon gives points to groups (`points-policy="complete-group"`: the group's points, only when
every test passes) or to tests (`each-test`: each test its own points). The first becomes a
group worth its points with `min` aggregation, the second one worth its tests' points with `sum`
(which gives every test an equal share: unequal test points are listed). A group's
`dependencies` become `depends_on`. Tests outside any group earn their own points the same way,
in the group `tests`; the samples (group `sample`) earn nothing unless a group gives them points.
"""

from __future__ import annotations

import dataclasses

from judge.formats.collect import Collector
from judge.formats.draft import GroupDraft, NoteKind
from judge.formats.polygon_read import PolygonPackage, PolygonTest


def is_scored(package: PolygonPackage) -> bool:
    return bool(package.groups) or any(test.points is not None for test in package.tests)


def scored(package: PolygonPackage, groups: tuple[GroupDraft, ...], work: Collector):
    declared = {group.name: group for group in package.groups}
    members: dict[str, list[PolygonTest]] = {}
    for test in package.tests:
        members.setdefault(group_of(test), []).append(test)
    result = []
    for draft in groups:
        tests = members.get(draft.name, [])
        points = [test.points or 0.0 for test in tests]
        group = declared.get(draft.name)
        if group is not None and group.points_policy == "complete-group":
            total = group.points if group.points is not None else sum(points)
            result.append(dataclasses.replace(draft, points=total, aggregation="min"))
        else:
            if len(set(points)) > 1:
                work.note(
                    NoteKind.UNSUPPORTED,
                    f"group {draft.name}",
                    "tests of unequal points: each counts as an equal share here",
                )
            result.append(dataclasses.replace(draft, points=sum(points), aggregation="sum"))
        if group is not None and group.dependencies:
            result[-1] = dataclasses.replace(result[-1], depends_on=group.dependencies)
    return tuple(result)


def group_of(test: PolygonTest) -> str:
    """The group a test belongs to here: its Polygon group, else `sample` or `tests`."""
    if test.group is not None:
        return test.group
    return "sample" if test.sample else "tests"
