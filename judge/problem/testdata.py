"""Tests on disk: NAME.in / NAME.ans pairs in testdata/<id>/, found and selected.

How each test was made is recorded beside them in the manifest (judge.problem.manifest)."""

from __future__ import annotations

import dataclasses
import fnmatch
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from judge.errors import JudgeError, ProblemError, did_you_mean
from judge.problem.groups import Group
from judge.problem.root import inside_root
from judge.problem.spec import Problem
from judge.problem.transcript import SUFFIX


@dataclass(frozen=True)
class TestCase:
    name: str
    group: str
    input_path: Path
    answer_path: Path
    interaction: Path | None = None  # a sample transcript (NAME.interaction), interactive problems


def discover_tests(problem: Problem) -> tuple[TestCase, ...]:
    """Every .in with its .ans, ordered group by group and by name inside a group."""
    folder = problem.testdata
    if not folder.is_dir():
        raise ProblemError(folder, "test folder not found")
    inside_root(folder, problem.root)
    with os.scandir(folder) as scan:
        entries = list(scan)
    inputs = _by_stem(entries, ".in", problem.root)
    answers = _by_stem(entries, ".ans", problem.root)
    if not inputs and not answers:
        raise ProblemError(folder, "no tests: expected NAME.in / NAME.ans pairs")
    for name in sorted(inputs.keys() - answers.keys()):
        raise ProblemError(inputs[name], f"has no answer file {name}.ans beside it")
    for name in sorted(answers.keys() - inputs.keys()):
        raise ProblemError(answers[name], f"has no input file {name}.in beside it")
    cases = [_make_case(name, inputs[name], answers[name], problem.groups) for name in inputs]
    cases = [_with_transcript(case, problem) for case in cases]
    _refuse_stray_transcripts(folder, entries, inputs, problem)
    order = {group.name: index for index, group in enumerate(problem.groups)}
    return tuple(sorted(cases, key=lambda case: (order[case.group], case.name)))


def _by_stem(entries: list[os.DirEntry], suffix: str, root: Path) -> dict[str, Path]:
    """The files named *SUFFIX (as the glob '*SUFFIX' finds them) by stem, none leading out of
    the project root. Their folder is checked already: an entry that is not a symbolic link
    lies in the folder's real place, so only links are resolved (resolving every path cost
    about 25 ms on 200 tests)."""
    found = {}
    for entry in entries:
        if entry.name.endswith(suffix):
            path = Path(entry.path)
            found[path.stem] = inside_root(path, root) if entry.is_symlink() else path
    return found


def _make_case(name: str, input_path: Path, answer_path: Path, groups: tuple[Group, ...]):
    for path in (input_path, answer_path):
        _require_readable(path)
    for group in groups:
        if fnmatch.fnmatchcase(name, group.glob):
            return TestCase(name, group.name, input_path, answer_path)
    globs = ", ".join(f"{g.name}: {g.glob}" for g in groups)
    raise ProblemError(input_path, f"test '{name}' matches no group ({globs})")


def _require_readable(path: Path) -> None:
    """A test file the judge can read (a byte of it, with no buffer around the descriptor)."""
    try:
        descriptor = os.open(path, os.O_RDONLY)
        try:
            os.read(descriptor, 1)
        finally:
            os.close(descriptor)
    except OSError as exc:
        raise ProblemError(path, f"cannot read: {exc.strerror}") from None


def _with_transcript(case: TestCase, problem: Problem) -> TestCase:
    if problem.interactive is None:
        return case
    path = case.input_path.with_suffix(SUFFIX)
    if not path.is_file():
        return case
    return dataclasses.replace(case, interaction=inside_root(path, problem.root))


def _refuse_stray_transcripts(
    folder: Path, entries: list[os.DirEntry], inputs: dict[str, Path], problem: Problem
) -> None:
    for path in sorted(folder / entry.name for entry in entries if entry.name.endswith(SUFFIX)):
        if problem.interactive is None:
            raise ProblemError(path, "a transcript, but the problem is not interactive")
        if path.stem not in inputs:
            raise ProblemError(path, f"has no input file {path.stem}.in beside it")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_sha256(path: Path) -> str:
    return sha256(path.read_bytes())


def select_tests(
    tests: tuple[TestCase, ...], names: tuple[str, ...] = (), groups: tuple[str, ...] = ()
) -> tuple[TestCase, ...]:
    """The tests named (globs allowed, e.g. 'hand-0*') or in the groups named; all if neither.

    A name or group that selects nothing is an error that offers the closest existing ones."""
    if not names and not groups:
        return tests
    for pattern in names:
        _require_match(pattern, [case.name for case in tests], "test")
    for group in groups:
        _require_match(group, [case.group for case in tests], "group")
    return tuple(
        case
        for case in tests
        if any(fnmatch.fnmatchcase(case.name, pattern) for pattern in names)
        or any(fnmatch.fnmatchcase(case.group, group) for group in groups)
    )


def _require_match(pattern: str, known: list[str], kind: str) -> None:
    if any(fnmatch.fnmatchcase(name, pattern) for name in known):
        return
    choices = sorted(set(known))
    raise JudgeError(f"no {kind} '{pattern}'{did_you_mean(pattern, choices)}")
