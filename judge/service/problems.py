"""Problem packages as the service reads them: parsed once, parsed again when they change."""

from __future__ import annotations

import threading
from pathlib import Path

from judge.problem.spec import PROBLEM_FILE, Problem, load_problem


class ProblemCatalog:
    """Parsed problem.yaml files, by project root and id, parsed again when the file changes
    (parsing costs more than the rest of a request; a worker has a root per package)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._parsed: dict[tuple[Path, str], tuple[tuple[int, int], Problem]] = {}

    def load(self, root: Path, problem_id: str) -> Problem:
        try:
            st = (root / "problems" / problem_id / PROBLEM_FILE).stat()
            stamp = (st.st_mtime_ns, st.st_size)
        except (OSError, ValueError):
            return load_problem(root, problem_id)  # it says what is wrong
        with self._lock:
            cached = self._parsed.get((root, problem_id))
        if cached is not None and cached[0] == stamp:
            return cached[1]
        problem = load_problem(root, problem_id)
        with self._lock:
            self._parsed[(root, problem_id)] = (stamp, problem)
        return problem
