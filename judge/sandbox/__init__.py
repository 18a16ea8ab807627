"""Process execution: the only part of the judge that starts processes."""

from judge.sandbox.api import (
    ResourceLimits,
    RunRequest,
    RunResult,
    Sandbox,
    SandboxInfo,
    Termination,
)
from judge.sandbox.factory import open_sandbox

__all__ = [
    "ResourceLimits",
    "RunRequest",
    "RunResult",
    "Sandbox",
    "SandboxInfo",
    "Termination",
    "open_sandbox",
]
