"""A Kattis package's validator self-tests and answer validators, carried over.

- data/invalid_input, data/invalid_answer, data/invalid_output, data/valid_output (2025-09;
  BAPCtools has them too) -> testdata/<id>/<same folder>/ (judge.problem.selftests): each case
  by its path below the folder made flat, `input_validator_args` of its .yaml or of the folder's
  test_group.yaml / testdata.yaml -> NAME.args.
- answer_validators/ -> problems/<id>/answer_validators/, listed as `answer_validator` in
  problem.yaml; each runs as `PROGRAM INPUT [ARGS...] < ANSWER`.

The import then holds them to their decisions (judge.setter.selftests), as verify does.
"""

from __future__ import annotations

from pathlib import Path

from judge.formats.collect import Collector
from judge.formats.draft import FileCopy, NewFile, Note, NoteKind
from judge.formats.kattis_read import KattisPackage
from judge.formats.kattis_testdata import GROUP_FILES, group_config, read_yaml
from judge.formats.kattis_validators import words
from judge.formats.testgroups import flat_name
from judge.problem.selftests import SelfTestKind

ANSWER_VALIDATORS = "answer_validators"
# Settings of a self-test case (its .yaml, its folder's group file) that matter here or say
# nothing about judging; any other is listed.
READ_SETTINGS = {"input_validator_args", "input_validator_flags", "description", "hint"}


def carry_over(package: KattisPackage, work: Collector) -> dict:
    """Add the self-tests' files to the import; the problem.yaml keys they need (answer
    validators)."""
    for kind in SelfTestKind:
        folder = package.root / "data" / kind.value
        if folder.is_dir():
            _carry_folder(folder, kind, work)
    return _answer_validators(package, work)


def _carry_folder(folder: Path, kind: SelfTestKind, work: Collector) -> None:
    target = f"testdata/{work.problem_id}/{kind.value}"
    for input_path in sorted(folder.rglob("*.in")):
        if not input_path.is_file():
            continue
        stem = input_path.with_suffix("")
        name = flat_name(stem.relative_to(folder).as_posix())
        missing = [s for s in kind.suffixes if not stem.with_suffix(s).is_file()]
        if missing:
            work.note(NoteKind.UNSUPPORTED, work.shown(input_path),
                      f"a {kind.value} case without its {', '.join(missing)}: not carried over")
            work.keep(input_path)
            continue
        for suffix in kind.suffixes:
            work.add(FileCopy(stem.with_suffix(suffix), f"{target}/{name}{suffix}"))
        args = _validator_args(input_path, folder, work)
        if args:
            work.add(NewFile(f"{target}/{name}.args", (" ".join(args) + "\n").encode()))


def _validator_args(input_path: Path, folder: Path, work: Collector) -> tuple[str, ...]:
    """The case's input validator arguments: its own .yaml first, then the group files of the
    folders from its own up to the self-test folder."""
    own = input_path.with_suffix(".yaml")
    settings = [(work.shown(own), read_yaml(own))]
    here = input_path.parent
    while True:
        named = next((here / n for n in GROUP_FILES if (here / n).is_file()), None)
        if named is not None:
            settings.append((work.shown(named), group_config(here)))
        if here == folder:
            break
        here = here.parent
    for shown, setting in settings:
        for key in sorted(set(setting) - READ_SETTINGS):
            note = Note(NoteKind.UNSUPPORTED, shown, f"'{key}' of a self-test is not used")
            if note not in work.notes:  # a folder's file is read for each of its cases
                work.notes.append(note)
    for _, setting in settings:
        given = setting.get("input_validator_args", setting.get("input_validator_flags"))
        if given is None:
            continue
        try:
            return words(given)
        except ValueError:
            work.note(NoteKind.UNSUPPORTED, work.shown(input_path),
                      "input validator arguments per validator name: not used")
            return ()
    return ()


def _answer_validators(package: KattisPackage, work: Collector) -> dict:
    folder = package.root / ANSWER_VALIDATORS
    if not folder.is_dir():
        return {}
    placed = []
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith(".") or (entry.is_file() and entry.suffix in (".h", ".hpp")):
            continue
        main = work.program(entry, f"problems/{work.problem_id}/{ANSWER_VALIDATORS}")
        if main:
            placed.append(main)
    if not placed:
        return {}
    if len(placed) == 1:
        return {"answer_validator": placed[0]}
    return {"answer_validator": [{"program": main} for main in placed]}
