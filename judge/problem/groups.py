"""Test groups as problem.yaml declares them: which tests, and how a group is scored.

A pass/fail problem (the POJ default) only names groups and their globs. A scored problem gives
every group `points`, and may say how its tests add up (`aggregation`), whether to go on after a
rejected test (`on_reject`) and which earlier groups it needs (`depends_on`), as IOI subtasks do.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import yaml

from judge.problem.yamlnodes import MappingReader

GROUP_KEYS = {
    "name",
    "glob",
    "points",
    "aggregation",
    "on_reject",
    "depends_on",
    "validator_args",
}


class Aggregation(enum.Enum):
    MIN = "min"  # the group earns its points times the worst test's share (IOI subtasks)
    SUM = "sum"  # every test is worth an equal share of the group's points
    # Every test is worth all of the points; the group earns the mean (avg) or the best (max)
    # share. For accepted-or-not tests avg is sum; they differ for a Kattis validator's points.
    AVG = "avg"
    MAX = "max"


class OnReject(enum.Enum):
    CONTINUE = "continue"  # judge every test of the group
    BREAK = "break"  # stop the group at its first rejected test; the rest earn nothing


@dataclass(frozen=True)
class Group:
    name: str
    glob: str
    points: float | None = None  # None: the problem is pass/fail
    aggregation: Aggregation = Aggregation.MIN
    on_reject: OnReject = OnReject.CONTINUE
    depends_on: tuple[str, ...] = ()  # earlier groups that must be fully accepted first
    validator_args: tuple[str, ...] = ()  # the group's own constraints, for the validator


DEFAULT_GROUPS = (Group("samples", "sample*"), Group("rest", "*"))


def read_groups(top: MappingReader) -> tuple[Group, ...]:
    node = top.get("groups")
    if node is None:
        return DEFAULT_GROUPS
    if not isinstance(node, yaml.SequenceNode) or not node.value:
        raise top.error("groups", "expected a non-empty list of {name, glob} mappings")
    entries = [
        MappingReader.of(top.path, item, prefix=f"groups[{index}].")
        for index, item in enumerate(node.value)
    ]
    scored = [entry.get("points") is not None for entry in entries]
    if any(scored) and not all(scored):
        entry = entries[scored.index(False)]
        raise entry.missing(
            "points", "points on every group once one group has them (0 for samples)"
        )
    groups: list[Group] = []
    for entry in entries:
        groups.append(_read_group(entry, groups, scored=all(scored)))
    names = [g.name for g in groups]
    if len(set(names)) != len(names):
        raise top.error("groups", "group names must be unique")
    return tuple(groups)


def _read_group(entry: MappingReader, earlier: list[Group], *, scored: bool) -> Group:
    entry.reject_unknown(GROUP_KEYS)
    if not scored and entry.get("aggregation") is not None:
        raise entry.error("aggregation", "only scored groups (with points) take 'aggregation'")
    known = [group.name for group in earlier]
    depends_on = entry.string_list("depends_on")
    for name in depends_on:
        if name not in known:
            raise entry.error(
                "depends_on",
                f"'{name}' is not a group listed before this one "
                f"(earlier groups: {', '.join(known) or 'none'})",
            )
    aggregation = entry.choice(
        "aggregation", tuple(a.value for a in Aggregation), default=Aggregation.MIN.value
    )
    on_reject = entry.choice(
        "on_reject", tuple(o.value for o in OnReject), default=OnReject.CONTINUE.value
    )
    return Group(
        name=entry.string("name"),
        glob=entry.string("glob"),
        points=entry.number("points", default=0.0) if scored else None,
        aggregation=Aggregation(aggregation),
        on_reject=OnReject(on_reject),
        depends_on=depends_on,
        validator_args=entry.string_list("validator_args"),
    )
