"""The validators of a Kattis package: input validators, and the output validator as checker.

The default output validator becomes the built-in kattis-default checker with the package's
flags (legacy `validator_flags`, then the groups' `output_validator_flags` or
`output_validator_args`); a custom one becomes a kattis checker with the same flags, which in a
scoring problem gives the tests' points in score.txt (legacy `validation: custom score`; every
version lets a scoring problem's validator do so) or a fraction in score_multiplier.txt.
"""

from __future__ import annotations

from judge.errors import JudgeError, ProblemError
from judge.formats.collect import Collector
from judge.formats.draft import NoteKind, ValidatorDraft
from judge.formats.kattis_read import KattisPackage, KattisVersion
from judge.checkers.kattis_flags import parse_default_flags


def checker(package: KattisPackage, work: Collector) -> dict:
    flags = list(_output_flags(package, work))
    validation = str(package.metadata.get("validation", "default")).split()
    custom = (
        validation[:1] == ["custom"]
        if package.version is KattisVersion.LEGACY
        else bool(package.output_validators)
    )
    if not custom:
        for extra in package.output_validators:
            work.note(NoteKind.KEPT, work.shown(extra), "validation is 'default'")
            work.keep(extra)
        try:
            parse_default_flags(flags)
        except ValueError as exc:
            raise ProblemError(package.root / "problem.yaml", f"validator flags: {exc}") from None
        return {"name": "kattis-default", **({"args": flags} if flags else {})}
    if package.passes > 1 and not custom:
        raise ProblemError(
            package.root / "problem.yaml",
            "a multi-pass problem needs its own output validator (it writes nextpass.in)",
        )
    main = _output_validator(package, work)
    passes = {"passes": package.passes} if package.passes > 1 else {}
    # A scoring problem's validator writes the test's points to score.txt (Kattis' meaning).
    scores = {"score_file": "points"} if package.is_scoring else {}
    return {"name": "kattis", "program": main, **({"args": flags} if flags else {}), **passes,
            **scores}


def interactor(package: KattisPackage, work: Collector) -> dict:
    """An interactive problem's output validator is its interactor (the Kattis convention)."""
    if _output_flags(package, work):
        work.note(NoteKind.UNSUPPORTED, "validator flags", "an interactor gets no flags here")
    passes = {"passes": package.passes} if package.passes > 1 else {}
    return {"protocol": "kattis", "program": _output_validator(package, work), **passes}


def _output_validator(package: KattisPackage, work: Collector) -> str:
    if not package.output_validators:
        raise ProblemError(package.root, "custom validation but no output validator program")
    first, *others = package.output_validators
    for other in others:
        work.note(NoteKind.UNSUPPORTED, work.shown(other), "only one output validator runs")
        work.keep(other)
    main = work.program(first, f"problems/{work.problem_id}/output_validators")
    if not main:
        shown = work.shown(first)
        why = "; ".join(note.message for note in work.notes if note.where == shown)
        raise JudgeError(f"{first}: this judge cannot run the output validator: {why}")
    return main


def _output_flags(package: KattisPackage, work: Collector) -> tuple[str, ...]:
    """validator_flags (legacy) and the groups' output flags, which must agree across groups."""
    base = words(package.metadata.get("validator_flags", ""))
    by_group = {}
    for group in package.groups:
        if not group.cases:
            continue
        given = group.config.get(
            "output_validator_flags", group.config.get("output_validator_args")
        )
        try:
            by_group[group.path] = base + words(given)
        except ValueError:
            work.note(NoteKind.UNSUPPORTED, f"data/{group.path}", "per-validator output flags")
            by_group[group.path] = base
    distinct = sorted(set(by_group.values()))
    if len(distinct) > 1:
        chosen = by_group.get("secret", distinct[-1])
        differing = sorted(path for path, flags in by_group.items() if flags != chosen)
        work.note(
            NoteKind.UNSUPPORTED,
            "output validator flags",
            f"groups {', '.join(differing)} have their own; all tests use {list(chosen)}",
        )
        return chosen
    return distinct[0] if distinct else base


def words(value) -> tuple[str, ...]:
    """Flags given as a string (legacy) or a list (2025-09); ValueError for a per-name map."""
    if value is None or value == "":
        return ()
    if isinstance(value, list):
        return tuple(str(v) for v in value)
    if isinstance(value, dict):
        raise ValueError("per-validator flags")
    return tuple(str(value).split())


def input_validators(package: KattisPackage, work: Collector) -> tuple[ValidatorDraft, ...]:
    validators = []
    for entry in package.input_validators:
        main = work.program(entry, f"problems/{work.problem_id}/input_validators")
        if main:
            validators.append(ValidatorDraft(main))
    if not package.input_validators:
        work.note(NoteKind.UNSUPPORTED, "input_validators", "none: tests are not validated")
    return tuple(validators)
