"""The scores of imported partially accepted solutions, declared in their sources.

This project's partially_accepted/ solutions declare the score they must earn (the
`@EXPECTED_SCORE@: N` tag DOMjudge and the Kattis problem archive use). A Kattis package only
promises that such a solution is accepted with less than the full score; when its source does
not declare the score, the import judges it here and writes the tag, with a note, so that
`judge verify` holds it to that score from then on.
"""

from __future__ import annotations

from pathlib import Path

from judge.files import write_atomically
from judge.formats.draft import Note, NoteKind
from judge.judging.runner import judge_submission
from judge.sandbox.api import Sandbox
from judge.problem.spec import Problem
from judge.setter.verify_scores import SCORE_TAG, declared_score

FOLDER = "partially_accepted"
COMMENT = {".py": "#", ".c": "//", ".cpp": "//", ".cc": "//", ".cxx": "//"}


def declare_scores(problem: Problem, sandbox: Sandbox) -> tuple[Note, ...]:
    folder = problem.solutions / FOLDER
    notes = []
    for path in sorted(folder.iterdir()) if folder.is_dir() else ():
        if not path.is_file() or path.suffix not in COMMENT or declared_score(path) is not None:
            continue
        report = judge_submission(problem, path, sandbox)
        score = report.score or 0.0
        _declare(path, score)
        notes.append(
            Note(
                NoteKind.CONVERTED,
                f"{FOLDER}/{path.name}",
                f"earned {score:g} of {problem.max_score:g} here; the score is now declared in it",
            )
        )
    return tuple(notes)


def _declare(path: Path, score: float) -> None:
    """Add the tag as a comment: after a shebang line, else at the top."""
    text = path.read_text()
    line = f"{COMMENT[path.suffix]} {SCORE_TAG} {score:g} (measured by judge import)\n"
    if text.startswith("#!"):
        first, _, rest = text.partition("\n")
        text = f"{first}\n{line}{rest}"
    else:
        text = line + text
    write_atomically(path, text.encode())
