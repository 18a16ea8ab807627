"""An archive's history read back (judge.contest.archive.read_history): an archive as another
system writes one (string ids, its own judgement types, a judgement still running), and every
mistake located by file, line and key."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import pytest

from judge.contest.archive import read_history
from judge.errors import ProblemError
from judge.verdicts.verdict import Verdict

SUBMISSIONS = [
    {"id": "s1", "team_id": "t1", "problem_id": "sum", "language_id": "cpp",
     "time": "2026-12-05T09:10:00.000+01:00", "contest_time": "0:10:00.000",
     "files": [{"href": "x", "filename": "files.zip", "mime": "application/zip"}]},
    {"id": "s2", "team_id": "t2", "problem_id": "sum", "language_id": "python3",
     "time": "2026-12-05T09:20:00.000+01:00", "contest_time": "0:20:00.000",
     "entry_point": "sum.py"},
    {"id": "s3", "team_id": "t2", "problem_id": "sum", "language_id": "python3",
     "time": "2026-12-05T09:30:00.000+01:00", "contest_time": "0:30:00.000"},
]
JUDGEMENTS = [
    {"id": "j1", "submission_id": "s1", "judgement_type_id": "NO",
     "start_time": "2026-12-05T09:10:01.000+01:00", "end_time": "2026-12-05T09:10:02.000+01:00"},
    {"id": "j2", "submission_id": "s2", "judgement_type_id": "WA",
     "start_time": "2026-12-05T09:20:01.000+01:00", "end_time": "2026-12-05T09:20:02.000+01:00"},
    {"id": "j3", "submission_id": "s2", "judgement_type_id": "AC",  # a rejudge, later
     "start_time": "2026-12-05T10:00:01.000+01:00", "end_time": "2026-12-05T10:00:02.000+01:00"},
    {"id": "j4", "submission_id": "s3", "judgement_type_id": None,  # still running
     "start_time": "2026-12-05T09:30:01.000+01:00", "end_time": None},
]
TYPES = [{"id": "AC", "name": "Accepted", "penalty": False, "solved": True},
         {"id": "NO", "name": "No Output", "penalty": True, "solved": False},
         {"id": "WA", "name": "Wrong Answer", "penalty": True, "solved": False}]


def zipped(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


@pytest.fixture
def archive(tmp_path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    for name, data in (("submissions.json", SUBMISSIONS), ("judgements.json", JUDGEMENTS),
                       ("judgement-types.json", TYPES)):
        (folder / name).write_text(json.dumps(data, indent=1))
    for sub in SUBMISSIONS:
        where = folder / "submissions" / sub["id"]
        where.mkdir(parents=True)
        (where / "files.zip").write_bytes(zipped({f"src/{sub['id']}.py": "print(1)\n"}))
    return folder


def test_another_systems_archive_is_read_with_its_own_judgement_types(archive):
    history = read_history(archive)
    assert [(a.submission.id, a.filename, a.source) for a in history.submissions] == [
        ("s1", "s1.py", b"print(1)\n"), ("s2", "s2.py", b"print(1)\n"),
        ("s3", "s3.py", b"print(1)\n")]
    assert history.submissions[0].submission.time == datetime(2026, 12, 5, 8, 10,
                                                              tzinfo=timezone.utc)
    judged = {j.submission_id: (j.id, j.verdict) for j in history.judgements}
    # NO costs a penalty and solves nothing: a wrong answer to the scoring rules; the later
    # judgement of s2 is its current one; s3's, unfinished, leaves it pending.
    assert judged == {"s1": ("j1", Verdict.WA), "s2": ("j3", Verdict.AC)}
    assert history.clarifications == ()


def starts(path: Path) -> list[int]:
    """The line where each object of a JSON list written with indent=1 starts."""
    return [n for n, line in enumerate(path.read_text().splitlines(), 1) if line == " {"]


@pytest.mark.parametrize(("file", "change", "where", "index", "key", "words"), [
    ("judgement-types.json", lambda types: types[:1], "judgements.json", 0,
     "judgement_type_id", "'NO'"),
    ("judgements.json", lambda js: js + [dict(js[0], submission_id="s9")], "judgements.json", 4,
     "submission_id", "no submission 's9'"),
    ("submissions.json", lambda subs: [dict(subs[0], time="yesterday")] + subs[1:],
     "submissions.json", 0, "time", "RFC 3339"),
    ("submissions.json", lambda subs: subs + [dict(subs[0], id="s4")], "submissions.json", 3,
     "files", "not found"),
])
def test_every_mistake_names_file_line_and_key(archive, file, change, where, index, key,
                                               words):
    path = archive / file
    path.write_text(json.dumps(change(json.loads(path.read_text())), indent=1))
    with pytest.raises(ProblemError) as caught:
        read_history(archive)
    line = starts(archive / where)[index]
    assert (caught.value.path, caught.value.line, caught.value.key) == (archive / where, line,
                                                                        key)
    assert words in str(caught.value)


def test_a_submission_of_several_files_is_refused(archive):
    (archive / "submissions" / "s2" / "files.zip").write_bytes(
        zipped({"a.py": "1", "b.py": "2"}))
    with pytest.raises(ProblemError, match="holds 2 files"):
        read_history(archive)
