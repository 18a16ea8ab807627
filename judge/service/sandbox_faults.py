"""A worker's watch on its own sandbox: a run the sandbox failed is the host's fault, never a
verdict of the submission's.

The sandbox retries a failed run itself (judge.sandbox.jail, with a new server each time); what
still fails reaches here. The job that met it is not stored as JE: it ends `failed` with the
reason, for an operator to rejudge once the host is mended. A worker whose sandbox failed
FAILING_JOBS jobs in a row stops taking jobs and says why in its heartbeat, rather than turning
a queue of submissions into failures one after another.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.errors import JudgeError
from judge.sandbox.wrapping import SandboxWrapper
from judge.sandbox.api import PairResult, RunRequest, RunResult, Sandbox, Termination
from judge.sandbox.server_process import ServerFailed

FAILING_JOBS = 3  # in a row, before the worker stops taking jobs


class SandboxFault(JudgeError):
    """The sandbox failed where the judge needed it (a runtime's calibration run)."""


@dataclass
class FaultWatch(SandboxWrapper):
    """`inner`, noting the runs it failed; one per job."""

    inner: Sandbox
    faults: list[str] = field(default_factory=list)

    def run(self, request: RunRequest) -> RunResult:
        return self._note(self.inner.run(request))

    def run_pair(
        self, submission: RunRequest, interactor: RunRequest, grace_ms: int = 1000
    ) -> PairResult:
        pair = self.inner.run_pair(submission, interactor, grace_ms)
        self._note(pair.submission)
        self._note(pair.interactor)
        return pair

    def baseline_kb(self, argv: tuple[str, ...], **needs) -> int:
        try:
            return self.inner.baseline_kb(argv, **needs)
        except ServerFailed as exc:  # the runtime's idle run failed in the sandbox
            self.faults.append(str(exc))
            raise SandboxFault(f"the sandbox failed: {exc}") from None

    def _note(self, result: RunResult) -> RunResult:
        if result.termination is Termination.SANDBOX_ERROR:
            self.faults.append(result.message)
        return result


@dataclass
class SandboxHealth:
    """What a worker's jobs told of its sandbox: failed jobs in a row, and once there were
    FAILING_JOBS of them, why the worker no longer takes jobs."""

    failing_jobs: int = 0
    broken: str = ""

    def job_ended(self, faults: list[str]) -> None:
        if not faults:
            self.failing_jobs = 0
            return
        self.failing_jobs += 1
        if self.failing_jobs >= FAILING_JOBS and not self.broken:
            self.broken = (f"the sandbox failed {self.failing_jobs} jobs in a row; the last: "
                           f"{faults[-1]}")
