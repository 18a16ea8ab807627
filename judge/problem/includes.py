"""Files added to every submission of a language: problems/<id>/include/<language>/, else
problems/<id>/include/default/ (the Kattis format's include/, 2025-09).

<language> is a language id of this judge (cpp, python3, ...) or a Kattis language code of it.
A submission's compile step sees the files beside its source (an included file of the
submission's name replaces it), a compiled language compiles the included sources with it (a
grader with its header), and every run finds them in its working directory.
"""

from __future__ import annotations

from pathlib import Path

from judge.languages.descriptor import Language
from judge.problem.root import inside_root
from judge.problem.spec import Problem

FOLDER = "include"
DEFAULT = "default"


def included_files(problem: Problem, language: Language) -> dict[str, Path]:
    """The files the problem adds to a submission in `language` (name -> file); {} for none."""
    folder = problem.directory / FOLDER
    if not folder.is_dir():
        return {}
    for name in (language.id, *language.kattis, DEFAULT):
        files = _files_in(folder / name, problem.root)
        if files:
            return files
    return {}


def _files_in(folder: Path, root: Path) -> dict[str, Path]:
    if not folder.is_dir():
        return {}
    return {
        path.name: inside_root(path, root)
        for path in sorted(folder.iterdir())
        if path.is_file() and not path.name.startswith(".")
    }
