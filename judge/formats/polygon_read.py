"""Reading a Codeforces Polygon package (problem.xml and the files it names) into typed data.

problem.xml holds the limits (judging/testset: time-limit in ms, memory-limit in bytes), the
tests (manual ones are files; generated ones carry the generator command `cmd`, and a full
package has their files too), the groups and points of a scored problem, and the assets: the
checker and interactor (testlib), the validators, and the solutions with their tags.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

from judge.errors import ProblemError
from judge.formats.draft import Note, NoteKind

LANGUAGE_PREFERENCE = ("english", "russian")


@dataclass(frozen=True)
class PolygonTest:
    index: int  # 1-based, as in the path patterns
    method: str  # manual | generated
    cmd: str | None  # the generator command line of a generated test
    sample: bool
    group: str | None
    points: float | None
    description: str | None


@dataclass(frozen=True)
class PolygonGroup:
    name: str
    points: float | None
    points_policy: str  # complete-group | each-test
    dependencies: tuple[str, ...]


@dataclass(frozen=True)
class PolygonSource:
    path: Path  # inside the package
    kind: str  # Polygon's language type, e.g. cpp.g++17, python.3


@dataclass(frozen=True)
class PolygonPackage:
    root: Path
    short_name: str
    names: dict[str, str]  # language -> problem name
    time_limit_ms: int
    memory_limit_bytes: int
    input_pattern: str
    answer_pattern: str
    tests: tuple[PolygonTest, ...]
    groups: tuple[PolygonGroup, ...]
    checker: PolygonSource | None
    checker_name: str  # e.g. std::ncmp.cpp, or the file name of a custom checker
    interactor: PolygonSource | None
    validators: tuple[PolygonSource, ...]
    executables: tuple[PolygonSource, ...]  # generators and helpers
    solutions: tuple[tuple[str, PolygonSource], ...]  # (tag, source)
    notes: tuple[Note, ...]

    @property
    def title(self) -> str:
        for language in LANGUAGE_PREFERENCE:
            if self.names.get(language):
                return self.names[language]
        return next(iter(self.names.values()), self.short_name)

    def input_of(self, test: PolygonTest) -> Path:
        return self.root / (self.input_pattern % test.index)

    def answer_of(self, test: PolygonTest) -> Path:
        return self.root / (self.answer_pattern % test.index)


def read_package(root: Path) -> PolygonPackage:
    path = root / "problem.xml"
    try:
        problem = ElementTree.parse(path).getroot()
    except ElementTree.ParseError as exc:
        raise ProblemError(path, f"invalid XML: {exc}", line=exc.position[0]) from None
    notes: list[Note] = []
    testset = _testset(path, problem, notes)
    judging = problem.find("judging")
    for attribute in ("input-file", "output-file"):
        if judging is not None and judging.get(attribute):
            notes.append(
                Note(
                    NoteKind.UNSUPPORTED,
                    f"problem.xml: judging {attribute}",
                    f"'{judging.get(attribute)}': submissions read stdin and write stdout here",
                )
            )
    checker = problem.find("assets/checker")
    return PolygonPackage(
        root=root,
        short_name=problem.get("short-name") or root.name,
        names={n.get("language", ""): n.get("value", "") for n in problem.findall("names/name")},
        time_limit_ms=_number(path, testset, "time-limit"),
        memory_limit_bytes=_number(path, testset, "memory-limit"),
        input_pattern=_text(path, testset, "input-path-pattern"),
        answer_pattern=_text(path, testset, "answer-path-pattern"),
        tests=tuple(_tests(testset)),
        groups=tuple(_groups(testset)),
        checker=_source(root, checker),
        checker_name=(checker.get("name") or "") if checker is not None else "",
        interactor=_source(root, problem.find("assets/interactor")),
        validators=tuple(
            s for v in problem.findall("assets/validators/validator") if (s := _source(root, v))
        ),
        executables=tuple(
            s for e in problem.findall("files/executables/executable") if (s := _source(root, e))
        ),
        solutions=tuple(
            (solution.get("tag", ""), source)
            for solution in problem.findall("assets/solutions/solution")
            if (source := _source(root, solution))
        ),
        notes=tuple(notes),
    )


def _testset(path: Path, problem: ElementTree.Element, notes: list[Note]) -> ElementTree.Element:
    testsets = problem.findall("judging/testset")
    if not testsets:
        raise ProblemError(path, "no judging/testset: the package has no tests")
    chosen = next((t for t in testsets if t.get("name") == "tests"), testsets[0])
    for other in testsets:
        if other is not chosen:
            notes.append(
                Note(NoteKind.UNSUPPORTED, f"testset {other.get('name')}", "only one testset")
            )
    return chosen


def _tests(testset: ElementTree.Element) -> list[PolygonTest]:
    tests = []
    for index, test in enumerate(testset.findall("tests/test"), start=1):
        points = test.get("points")
        tests.append(
            PolygonTest(
                index=index,
                method=test.get("method", "manual"),
                cmd=test.get("cmd"),
                sample=test.get("sample", "false").lower() == "true",
                group=test.get("group"),
                points=float(points) if points is not None else None,
                description=test.get("description"),
            )
        )
    return tests


def _groups(testset: ElementTree.Element) -> list[PolygonGroup]:
    groups = []
    for group in testset.findall("groups/group"):
        points = group.get("points")
        groups.append(
            PolygonGroup(
                name=group.get("name", ""),
                points=float(points) if points is not None else None,
                points_policy=group.get("points-policy", "complete-group"),
                dependencies=tuple(
                    d.get("group", "") for d in group.findall("dependencies/dependency")
                ),
            )
        )
    return groups


def _source(root: Path, element: ElementTree.Element | None) -> PolygonSource | None:
    source = element.find("source") if element is not None else None
    if source is None or not source.get("path"):
        return None
    return PolygonSource(root / source.get("path", ""), source.get("type", ""))


def _text(path: Path, element: ElementTree.Element, tag: str) -> str:
    found = element.find(tag)
    if found is None or not (found.text or "").strip():
        raise ProblemError(path, f"judging/testset has no <{tag}>")
    return found.text.strip()


def _number(path: Path, element: ElementTree.Element, tag: str) -> int:
    text = _text(path, element, tag)
    if not text.isdigit() or int(text) <= 0:
        raise ProblemError(path, f"<{tag}> must be a positive integer, got '{text}'")
    return int(text)
