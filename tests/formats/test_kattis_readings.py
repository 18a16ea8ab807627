"""Which reading of legacy accept_score an import takes, from what the package shows: pure reads
of small packages written here (no program runs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.formats.collect import Collector
from judge.formats.draft import GroupDraft
from judge.formats.kattis_legacy_scores import legacy_scored
from judge.formats.kattis_read import read_package


def package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "pkg"
    files = {"problem.yaml": "name: P\ntype: scoring\n", **files}
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def scored(root: Path) -> tuple[dict[str, float], str]:
    read = read_package(root, "pkg")
    drafts = tuple(
        GroupDraft(group.path, group.path.replace("/", ".") + ".*")
        for group in read.groups
        if group.cases
    )
    work = Collector(root, "pkg")
    groups = legacy_scored(read, drafts, False, work)
    said = " ".join(str(note) for note in work.notes if note.where == "accept_score")
    return {g.name: g.points for g in groups}, said


TWO_GROUPS = {
    "data/secret/g1/testdata.yaml": "accept_score: 25\n",
    **{f"data/secret/g1/{i}.{ext}": "1\n" for i in range(3) for ext in ("in", "ans")},
    "data/secret/g2/testdata.yaml": "accept_score: 75\n",
    **{f"data/secret/g2/{i}.{ext}": "1\n" for i in range(2) for ext in ("in", "ans")},
}


@pytest.mark.parametrize(
    "extra, points, reason",
    [
        ({}, {"secret/g1": 75, "secret/g2": 150}, "problemtools is the format's own tools"),
        (
            {"data/secret/g1/testdata.yaml": "accept_score: 25\nrange: 0 25\n"},
            {"secret/g1": 25, "secret/g2": 75},
            "data/secret/g1 would be worth 75, above its range's 25",
        ),
        (
            {"domjudge-problem.ini": "timelimit = 1\n"},
            {"secret/g1": 25, "secret/g2": 75},
            "made for DOMjudge",
        ),
        (
            {"submissions/partially_accepted/p.py": "# @EXPECTED_SCORE@: 120\n"},
            {"secret/g1": 75, "secret/g2": 150},
            "declares 120, more than that",
        ),
    ],
)
def test_the_reading_follows_the_evidence(tmp_path, extra, points, reason):
    found, said = scored(package(tmp_path, {**TWO_GROUPS, **extra}))
    assert found == points
    assert reason in said


def test_one_reading_when_no_folder_gives_accept_score(tmp_path):
    files = {f"data/secret/{i}.{ext}": "1\n" for i in range(4) for ext in ("in", "ans")}
    found, said = scored(package(tmp_path, files))
    assert found == {"secret": 4} and said == ""
