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
    from judge.judging.parallel import ReadySandboxes


@dataclass(frozen=True)
class AppContext:
    """The CLI's settings: the --root option and the environment, turned into paths on demand."""

    root_option: Path | None
    cwd: Path
    environ: dict[str, str] = field(default_factory=dict)
    # Sandboxes opened before the command came (a resident judge's spare: judge.resident).
    ready: ReadySandboxes | None = field(default=None, compare=False)

    @classmethod
    def from_process(cls, root_option: Path | None,
                     ready: ReadySandboxes | None = None) -> AppContext:
        return cls(root_option=root_option, cwd=Path.cwd(), environ=dict(os.environ),
                   ready=ready)

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

        if self.ready is not None:
            sandbox = self.ready.take(self.sandbox_key)
            if sandbox is not None:
                if started is not None:
                    started.set()
                return sandbox
        return open_sandbox(self.cache, choice=SandboxChoice.from_environ(self.environ),
                            started=started)

    @property
    def sandbox_key(self) -> tuple[str, ...]:
        """What of the environment a sandbox depends on: the cache folder, the sandbox asked
        for, and the temporary folder its scratch goes in. A sandbox opened for one context
        serves another of the same key."""
        from judge.sandbox.factory import SANDBOX_ENV

        return (str(cache_dir(self.environ)), self.environ.get(SANDBOX_ENV, ""),
                self.environ.get("TMPDIR", ""))
