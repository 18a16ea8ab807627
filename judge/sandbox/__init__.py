"""Process execution: the only part of the judge that starts processes.

    api            the one seam above: RunRequest in, RunResult (facts and measurements) out
    factory        which sandbox this host gets, and refusing weaker isolation silently
    jail           the isolated sandbox: a fork server per sandbox (forkserver/, its contract)
    plain          the plain runner: rlimits and a process-tree watcher, no isolation
    host           what this host offers (cgroups, namespaces, privileges)
    syscall_policy the system calls an isolated run may make: its seccomp filter (libseccomp)
    python_paths   the third-party package folders an isolated run sees empty
    guarantees     which guarantees are active, for reports and `judge doctor`
    baselines      calibrated idle footprints of each runtime, cached
    userns         the user namespace a normal user's fork server starts in
    subids         a normal user's subordinate ids: uids of their own for its runs
    cgroup_v2_parent  where a cgroup v2 host's runs go, and making room there
    wrapping       a sandbox around another (gates, fault watches) forwarding the rest

Imports only the standard library, psutil, pyseccomp and judge.errors / files / cache: it
knows nothing of problems, verdicts or languages. Everything that runs a program imports
judge.sandbox.api.
"""

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
