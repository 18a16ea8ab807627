"""Process execution: the only part of the judge that starts processes."""

from judge.sandbox.api import (
    ResourceLimits,
    RunRequest,
    RunResult,
    Sandbox,
    SandboxInfo,
    Termination,
)
from judge.sandbox.factory import (
    IsolationUnavailable,
    SandboxChoice,
    check_isolation,
    open_sandbox,
)

__all__ = [
    "IsolationUnavailable",
    "ResourceLimits",
    "RunRequest",
    "RunResult",
    "Sandbox",
    "SandboxChoice",
    "SandboxInfo",
    "Termination",
    "check_isolation",
    "open_sandbox",
]
