"""The testdata.yaml files of an exported Kattis package: validator flags and points.

A group's `validator_args` become `input_validator_flags` of its folder. A scored problem
becomes a Kattis scoring problem graded by the default grader:

- data/: `grader_flags: ignore_sample` (the samples earn nothing) with `on_reject: continue`;
  data/sample/ has flags of its own, since ignore_sample may only stand at the top;
- data/secret/: its groups' scores added up; `accept_if_any_accepted`, so that a solution that
  earns part of the points is accepted with that score, as Kattis' partially_accepted/ wants;
- data/secret/<group>/: a `min` group earns its points when every test passes (each accepted
  test scores `accept_score` = the points, the `min` grader keeps the smallest); a `sum` group
  gives each accepted test an equal share; `avg` and `max` groups give each accepted test all
  the points, their graders the mean or the best; `on_reject` as the group says. (A validator's
  score.txt points replace accept_score, with `validation: custom score`.)

Group dependencies (`depends_on`) have no legacy Kattis form: they are listed.
"""

from __future__ import annotations

from judge.formats.draft import Note, NoteKind
from judge.problem.spec import Problem


def testdata_settings(
    problem: Problem, folders: dict[str, str], counts: dict[str, int], notes: list[Note]
) -> dict[str, dict]:
    """Each data/ folder's settings, by its path under data/ ('' for data/ itself)."""
    settings: dict[str, dict] = {}
    for group in problem.groups:
        folder = folders.get(group.name)
        if folder is None:
            continue
        entry = settings.setdefault(folder, {})
        if group.validator_args:
            entry["input_validator_flags"] = " ".join(group.validator_args)
        if problem.scored and folder != "sample":
            entry.update(_points(group, counts[group.name]))
            if group.depends_on:
                notes.append(
                    Note(
                        NoteKind.UNSUPPORTED,
                        f"group {group.name}",
                        "depends_on: legacy Kattis scores every group on its own",
                    )
                )
    if problem.scored:
        total = f"0 {problem.max_score:g}"
        settings[""] = {"on_reject": "continue", "grader_flags": "ignore_sample", "range": total}
        # The samples' own flags, so that they do not inherit ignore_sample (top level only).
        # A validator that gives points gives them on the samples too: no range of 0 there.
        validator_points = problem.checker.score_file == "points"
        settings.setdefault("sample", {}).update(
            {"grader_flags": "sum", "accept_score": 0}
            | ({} if validator_points else {"range": "0 0"})
        )
        settings["secret"] = {
            "grader_flags": "accept_if_any_accepted",
            "range": total,
        }
    return {folder: entry for folder, entry in settings.items() if entry}


def _points(group, tests: int) -> dict:
    points = group.points or 0.0
    each = points / tests if group.aggregation.value == "sum" else points
    return {
        "accept_score": float(f"{each:.10g}"),
        "grader_flags": group.aggregation.value,
        "range": f"0 {points:g}",
        "on_reject": group.on_reject.value,
    }
