"""A sandbox around another one: every question goes to `inner` unless the wrapper answers it.

The judge wraps sandboxes to make runs wait at a gate (judge.judging.lookahead, host_gate) or
to note the runs the sandbox failed (judge.service.sandbox_faults); each overrides only what it
changes.
"""

from __future__ import annotations

from judge.cache import Cache
from judge.sandbox.api import PairResult, RunRequest, RunResult, Sandbox, SandboxInfo


class SandboxWrapper:
    """Forwards the Sandbox protocol to `inner` (an attribute the subclass sets)."""

    inner: Sandbox

    @property
    def info(self) -> SandboxInfo:
        return self.inner.info

    @property
    def cache(self) -> Cache:
        return self.inner.cache

    def run(self, request: RunRequest) -> RunResult:
        return self.inner.run(request)

    def run_pair(
        self, submission: RunRequest, interactor: RunRequest, grace_ms: int = 1000
    ) -> PairResult:
        return self.inner.run_pair(submission, interactor, grace_ms)

    def baseline_kb(self, argv: tuple[str, ...], **needs) -> int:
        return self.inner.baseline_kb(argv, **needs)

    def interrupt(self) -> None:
        self.inner.interrupt()

    def close(self) -> None:
        self.inner.close()
