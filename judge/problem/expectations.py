"""What a bundled solution must get, when more is said than its folder says: per solution and
per test, as `solutions/<id>/submissions.yaml` (the Kattis 2025-09 file) or the source's own
`@EXPECTED_RESULTS@:` line (DOMjudge, BAPCtools) declare it.

An expectation is a set of permitted verdicts (every test must get one of them) and a set of
required ones (some test must get one of them); `submissions.yaml` may also give a score or
range, and the same for the tests under a test path:

    accepted/slow.py: accepted              # a common name (below) ...
    wrong_answer/*:                         # ... or permitted / required lists; keys are globs
      permitted: [AC, WA]                   #     over solution paths under solutions/<id>/
      required: [WA]
      sample: accepted                      # tests: a test name, a group, or a package path
    mixed/fast.py: {permitted: [AC, TLE]}   # (secret/huge), or a glob over them

Kattis names work too (RTE is a runtime error, MLE and OLE counted as it and as WA as Kattis
judges them). The file replaces the folder's promise for every solution it names; a source tag
does where the file is silent. Where neither speaks, the folder's verdict holds
(judge.verdicts.verdict.EXPECTED_BY_FOLDER).
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from judge.errors import ProblemError
from judge.problem.yamlnodes import MappingReader, line_of
from judge.verdicts.verdict import Verdict

SUBMISSIONS_FILE = "submissions.yaml"
RESULTS_TAG = "@EXPECTED_RESULTS@:"
RESULTS_LINE = re.compile(re.escape(RESULTS_TAG) + r"[ \t]*([A-Za-z_, \t-]+)")
VERDICT_NAMES = {
    **{v.value: frozenset({v}) for v in Verdict},
    # Kattis (the 2025-09 verdicts), BAPCtools and DOMjudge spellings
    "RTE": frozenset({Verdict.RE, Verdict.MLE}),
    "ACCEPTED": frozenset({Verdict.AC}),
    "CORRECT": frozenset({Verdict.AC}),
    "WRONG_ANSWER": frozenset({Verdict.WA, Verdict.PE, Verdict.OLE}),
    "WRONG-ANSWER": frozenset({Verdict.WA, Verdict.PE, Verdict.OLE}),
    "NO-OUTPUT": frozenset({Verdict.WA}),
    "TIME_LIMIT_EXCEEDED": frozenset({Verdict.TLE}),
    "TIMELIMIT": frozenset({Verdict.TLE}),
    "RUN_TIME_ERROR": frozenset({Verdict.RE, Verdict.MLE}),
    "RUN-ERROR": frozenset({Verdict.RE, Verdict.MLE}),
    "OUTPUT-LIMIT": frozenset({Verdict.OLE}),
    "COMPILER-ERROR": frozenset({Verdict.CE}),
}
_REJECTED = frozenset({Verdict.WA, Verdict.TLE, Verdict.RE, Verdict.MLE, Verdict.OLE, Verdict.PE})
COMMON = {  # the 2025-09 names, as (permitted, required)
    "accepted": (frozenset({Verdict.AC}), None),
    "wrong answer": (
        frozenset({Verdict.AC, Verdict.WA, Verdict.PE}), frozenset({Verdict.WA, Verdict.PE})
    ),
    "time limit exceeded": (frozenset({Verdict.AC, Verdict.TLE}), frozenset({Verdict.TLE})),
    "runtime exception": (
        frozenset({Verdict.AC, Verdict.RE, Verdict.MLE}), frozenset({Verdict.RE, Verdict.MLE})
    ),
    "does not terminate": (
        frozenset({Verdict.AC, Verdict.RE, Verdict.MLE, Verdict.TLE}),
        frozenset({Verdict.RE, Verdict.MLE, Verdict.TLE}),
    ),
    "not accepted": (None, _REJECTED),
}
# Folders of the 2025-09 format that promise no single verdict, and what they mean.
FOLDER_MEANINGS = {"rejected": "not accepted"}
ENTRY_KEYS = {"permitted", "required", "score", "message", "use_for_time_limit", "language",
              "entrypoint", "author", "authors", "model_solution"}
# Allowed in the file, but not checked here: judge messages, which submission sets the time
# limit, and what only describes the submission.
UNCHECKED_KEYS = ("message", "use_for_time_limit")


@dataclass(frozen=True)
class Expectation:
    permitted: frozenset[Verdict] | None = None  # None: any verdict
    required: frozenset[Verdict] | None = None  # None: none required
    score: tuple[float, float] | None = None

    def errors(self, verdicts: list[tuple[str, Verdict]], where: str) -> list[str]:
        """What `verdicts` ((test, verdict) of the tests it covers) break of this expectation."""
        errors = []
        if self.permitted is not None:
            for name, verdict in verdicts:
                if verdict not in self.permitted:
                    allowed = ", ".join(v.value for v in _ordered(self.permitted))
                    errors.append(f"{name}: {verdict.value} where {where} permits {allowed}")
                    break
        if self.required is not None and not any(v in self.required for _, v in verdicts):
            wanted = " or ".join(v.value for v in _ordered(self.required))
            got = ", ".join(sorted({v.value for _, v in verdicts})) or "no tests"
            errors.append(f"{where} requires {wanted} on some test, got {got}")
        return errors


@dataclass(frozen=True)
class SolutionExpectation:
    """All that is declared of one solution: for every test, and for the tests under paths."""

    source: str  # where it is declared, for messages: "submissions.yaml: wrong_answer/*"
    overall: Expectation
    per_tests: tuple[tuple[str, Expectation], ...] = ()  # (test path or glob, expectation)

    @property
    def verdict(self) -> Verdict:
        """The one verdict that stands for it (a report's "expected" column, and whether the
        solution counts as accepted): AC when only AC is permitted everywhere, else the first
        verdict it requires, else the first it permits besides AC."""
        permitted, required = self.overall.permitted, self.overall.required
        if permitted == frozenset({Verdict.AC}):
            return Verdict.AC
        for choices in (required, (permitted or frozenset()) - {Verdict.AC}):
            if choices:
                return _ordered(choices)[0]
        return Verdict.WA if permitted is None else Verdict.AC

    def errors(
        self, results: list[tuple[str, str, Verdict]], score: float | None = None
    ) -> list[str]:
        """What `results` ((test, group, verdict) of each test run) and the solution's `score`
        (None: not a scored problem) break of it."""
        errors = self.overall.errors([(n, v) for n, _, v in results], self.source)
        for pattern, expectation in self.per_tests:
            covered = [(n, v) for n, g, v in results if covers(pattern, n, g)]
            errors += expectation.errors(covered, f"{self.source} ({pattern})")
        wanted = self.overall.score
        if wanted is not None and score is not None and not wanted[0] <= score <= wanted[1]:
            shown = f"{wanted[0]:g}" if wanted[0] == wanted[1] else f"{wanted[0]:g}-{wanted[1]:g}"
            errors.append(f"scores {score:g} where {self.source} declares {shown}")
        return errors


def covers(pattern: str, test: str, group: str) -> bool:
    """Whether a test path of submissions.yaml names the test: its name, its group or a group
    above it (secret covers secret/small), or the Kattis path of an imported test
    (secret/small/01 is secret.small.01 here); globs allowed."""
    flat = pattern.replace("/", ".")
    return (
        fnmatch.fnmatchcase(test, pattern)
        or fnmatch.fnmatchcase(test, flat)
        or fnmatch.fnmatchcase(test, flat + ".*")
        or fnmatch.fnmatchcase(group, pattern)
        or fnmatch.fnmatchcase(group, pattern + "/*")
    )


# The verdicts a package names first, then those this judge tells apart from them (PE is a
# kind of WA, MLE a kind of run-time error to Kattis).
PRIMARY = (Verdict.AC, Verdict.WA, Verdict.TLE, Verdict.RE, Verdict.PA, Verdict.PE, Verdict.MLE,
           Verdict.OLE, Verdict.CE, Verdict.JE)


def _ordered(verdicts: frozenset[Verdict]) -> list[Verdict]:
    return [v for v in PRIMARY if v in verdicts]


def declared_results(path: Path, text: str | None = None) -> SolutionExpectation | None:
    """The `@EXPECTED_RESULTS@: WA, TLE` line of a source (`text`, else the file at `path`):
    its final verdict is one of these, and every test gets AC or one of these (BAPCtools'
    reading of DOMjudge's tag)."""
    if text is None:
        text = path.read_text(errors="replace")
    match = RESULTS_LINE.search(text)
    if match is None:
        return None
    words = [w for w in re.split(r"[\s,]+", match.group(1).strip()) if w]
    named = set()
    for word in words:
        if word.upper() not in VERDICT_NAMES:
            raise ProblemError(path, f"{RESULTS_TAG} names an unknown verdict '{word}'")
        named |= VERDICT_NAMES[word.upper()]
    if not named:
        raise ProblemError(path, f"{RESULTS_TAG} names no verdict")
    required = None if Verdict.AC in named else frozenset(named)
    return SolutionExpectation(
        f"{RESULTS_TAG} {', '.join(words)}",
        Expectation(frozenset(named | {Verdict.AC}), required),
    )


@dataclass(frozen=True)
class _Entry:
    pattern: str
    expectation: SolutionExpectation


def read_submissions_file(folder: Path) -> tuple[_Entry, ...]:
    """The entries of `folder`/submissions.yaml, in file order; none without the file."""
    path = folder / SUBMISSIONS_FILE
    top = MappingReader.of_optional_file(path)
    if top is None:
        return ()
    entries = []
    for pattern in top.keys():
        where = f"{SUBMISSIONS_FILE}: {pattern}"
        overall, per_tests = _expectation(path, top.get(pattern), pattern, nested=True)
        entries.append(_Entry(pattern, SolutionExpectation(where, overall, per_tests)))
    return tuple(entries)


def expectation_of(
    label: str, source: Path, entries: tuple[_Entry, ...], text: str | None = None
) -> SolutionExpectation | None:
    """What is declared of the solution `label` (folder/name): the last entry of the file whose
    pattern matches it, else its source's tag (in `text`, else in the file), else what a
    folder that promises no single verdict means (rejected/), else None (its folder
    decides)."""
    matching = [e for e in entries if _names(e.pattern, label)]
    if matching:
        return matching[-1].expectation
    declared = declared_results(source, text)
    if declared is None and label.split("/")[0] in FOLDER_MEANINGS:
        folder = label.split("/")[0]
        permitted, required = COMMON[FOLDER_MEANINGS[folder]]
        return SolutionExpectation(f"{folder}/", Expectation(permitted, required))
    return declared


def _names(pattern: str, label: str) -> bool:
    return fnmatch.fnmatchcase(label, pattern) or label.startswith(pattern.rstrip("/") + "/")


def _expectation(path: Path, node, key: str, nested: bool):
    """An expectation node: a common name, or a mapping (with test paths when `nested`)."""
    if isinstance(node, yaml.ScalarNode) and node.value in COMMON:
        permitted, required = COMMON[node.value]
        return Expectation(permitted, required), ()
    if isinstance(node, yaml.ScalarNode) and _is_number(node.value):
        score = float(node.value)
        return Expectation(score=(score, score)), ()
    if not isinstance(node, yaml.MappingNode):
        line = line_of(node) if node is not None else None
        raise ProblemError(path, "expected a mapping or one of: " + ", ".join(COMMON),
                           line=line, key=key)
    reader = MappingReader.of(path, node, prefix=f"{key}.")
    per_tests = []
    for name in reader.keys():
        if name in ENTRY_KEYS:
            continue
        if not nested:
            raise reader.error(name, "unknown key; expected one of: "
                               + ", ".join(sorted(ENTRY_KEYS)))
        inner, _ = _expectation(path, reader.get(name), f"{key}.{name}", nested=False)
        per_tests.append((name, inner))
    expectation = Expectation(
        _verdicts(reader, "permitted"), _verdicts(reader, "required"), _score(reader)
    )
    return expectation, tuple(per_tests)


def _verdicts(reader: MappingReader, key: str) -> frozenset[Verdict] | None:
    node = reader.get(key)
    if node is None:
        return None
    words = [node.value] if isinstance(node, yaml.ScalarNode) else reader.string_list(key)
    found: set[Verdict] = set()
    for word in words:
        if str(word).upper() not in VERDICT_NAMES:
            raise reader.error(key, f"unknown verdict '{word}'; expected AC, WA, TLE, RTE")
        found |= VERDICT_NAMES[str(word).upper()]
    return frozenset(found)


def _score(reader: MappingReader) -> tuple[float, float] | None:
    node = reader.get("score")
    if node is None:
        return None
    if isinstance(node, yaml.ScalarNode) and _is_number(node.value):
        return float(node.value), float(node.value)
    if isinstance(node, yaml.SequenceNode) and len(node.value) == 2 and all(
        isinstance(item, yaml.ScalarNode) and _is_number(item.value) for item in node.value
    ):
        low, high = (float(item.value) for item in node.value)
        return low, high
    raise reader.error("score", "expected a number or a range [low, high]")


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
