"""What every command needs from its surroundings, resolved once at the edge."""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from judge.cache import Cache
from judge.problem.root import cache_dir, find_root

if TYPE_CHECKING:  # every command loads this module; those that judge load these
    from judge.sandbox import Sandbox
    from judge.problem.spec import Problem


@dataclass(frozen=True)
class AppContext:
    """The CLI's settings: the --root option and the environment, turned into paths on demand."""

    root_option: Path | None
    cwd: Path
    environ: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_process(cls, root_option: Path | None) -> AppContext:
        return cls(root_option=root_option, cwd=Path.cwd(), environ=dict(os.environ))

    @property
    def root(self) -> Path:
        return find_root(self.root_option, self.cwd, self.environ)

    @property
    def cache(self) -> Cache:
        return Cache(cache_dir(self.environ))

    def problem(self, problem_id: str) -> Problem:
        from judge.problem.spec import load_problem

        return load_problem(self.root, problem_id)

    def open_sandbox(self, started: threading.Event | None = None) -> Sandbox:
        """The sandbox for this host ($JUDGE_SANDBOX may ask for the plain runner); `started`
        as judge.sandbox.open_sandbox sets it."""
        from judge.sandbox import SandboxChoice, open_sandbox

        return open_sandbox(self.cache, choice=SandboxChoice.from_environ(self.environ),
                            started=started)
