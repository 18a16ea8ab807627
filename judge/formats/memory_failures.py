"""Kattis' run_time_error/ submissions that this judge sees run out of memory.

Kattis has no memory-limit verdict: a submission that passes the memory limit crashes, and its
package files it under run_time_error/ (problemtools' own `hello` example does). This judge
tells the two apart, so the import judges each such solution once and moves the ones that get
MLE to memory_limit_exceeded/, with a note; `judge verify` then holds them to that verdict.
"""

from __future__ import annotations

import os

from judge.formats.draft import Note, NoteKind
from judge.judging.runner import judge_submission
from judge.sandbox.api import Sandbox
from judge.problem.spec import Problem
from judge.verdicts.verdict import Verdict

FOLDER = "runtime_error"
MEMORY_FOLDER = "memory_limit_exceeded"


def refile_memory_failures(problem: Problem, sandbox: Sandbox) -> tuple[Note, ...]:
    folder = problem.solutions / FOLDER
    notes = []
    for path in sorted(folder.iterdir()) if folder.is_dir() else ():
        if not path.is_file():
            continue
        if judge_submission(problem, path, sandbox).verdict is not Verdict.MLE:
            continue
        target = problem.solutions / MEMORY_FOLDER / path.name
        target.parent.mkdir(exist_ok=True)
        os.replace(path, target)
        notes.append(
            Note(
                NoteKind.CONVERTED,
                f"run_time_error/{path.name}",
                f"runs out of memory here: filed under {MEMORY_FOLDER}/ (Kattis calls that a "
                "run-time error)",
            )
        )
    if folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
    return tuple(notes)
