"""The seam between the judge and the processes it starts.

Everything above this package describes a run with a `RunRequest` and reads back a `RunResult`; only
code below it starts processes. The data here carries no policy: a `RunResult` says what happened
and what was measured, and judge.verdicts.outcome alone decides what that means for a verdict.
"""

from __future__ import annotations

import enum
import functools
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from judge.cache import Cache

# A run's stderr is not output: the sandbox keeps its first and last few KB, drops the middle
# (the fork server does it, so the figures are in its protocol).
from judge.sandbox.forkserver.protocol import STDERR_HEAD_BYTES as STDERR_HEAD_BYTES
from judge.sandbox.forkserver.protocol import STDERR_TAIL_BYTES as STDERR_TAIL_BYTES


@functools.cache
def python_interpreter() -> str:
    """The interpreter that runs Python programs: the judge's own, but outside any virtual
    environment, so that it exists inside a run's minimal root and names nothing of the
    project (a virtual environment usually lives in the project's folder)."""
    return os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)


class Termination(enum.Enum):
    """How a run ended, as seen by the sandbox: a fact, not a verdict."""

    EXITED = "exited"  # the program exited by itself, with any exit code
    SIGNALED = "signaled"  # killed by a signal the sandbox did not send (e.g. SIGSEGV, SIGXCPU)
    CPU_LIMIT = "cpu_limit"  # stopped by the CPU watcher
    WALL_LIMIT = "wall_limit"  # stopped by the wall-clock backstop
    MEMORY_LIMIT = "memory_limit"  # killed for memory (the kernel's OOM killer, or the watcher)
    OUTPUT_LIMIT = "output_limit"  # stopped by the output watcher: more than the cap on stdout
    START_FAILED = "start_failed"  # the program could not be started (no such file, not runnable)
    SANDBOX_ERROR = "sandbox_error"  # the sandbox itself failed; `message` says how
    # Stopped because of its partner in a pair run: the partner passed a limit, or (for the
    # submission) the interactor had exited and the grace period passed.
    PARTNER = "partner"


@dataclass(frozen=True)
class ResourceLimits:
    cpu_ms: int
    wall_ms: int
    memory_kb: int | None  # cap on the gross peak of the process tree; None means uncapped
    output_kb: int
    processes: int = 64  # most processes/threads alive at once in the run
    # Largest file the run may write in its own directory (e.g. a compiled program); None: as
    # large as the output cap.
    files_kb: int | None = None
    # Where no memory cgroup caps the run, RLIMIT_AS backs the cap up: this much address space
    # above it, for runtimes that reserve far more than they touch (a JVM's class space, GHC's
    # heap); None: the default room (DEFAULT_ADDRESS_SPACE_KB). The memory cap itself is then
    # held by the supervisor, which polls the program's peak.
    address_space_kb: int | None = None


@dataclass(frozen=True)
class RunRequest:
    """One program run.

    `isolate` is True for submissions (hostile: no network, no view of the project, own empty
    directory). The problem setter's programs (reference, generator, validator, checker) are trusted
    and run with `isolate=False`, still under limits, and may read the files named in `argv`.
    """

    argv: tuple[str, ...]
    limits: ResourceLimits
    stdin_path: Path | None = None  # None: empty stdin
    stdin_bytes: bytes | None = None  # used when stdin_path is None
    isolate: bool = True
    cwd: Path | None = None  # None: a fresh private directory, removed afterwards
    env: Mapping[str, str] = field(default_factory=dict)  # added to a minimal environment
    # The marshalled code of the Python program in argv, made by its compile step (a process of
    # its own), so that the run does not parse the source again.
    python_code: Path | None = None
    # Files the run finds in its own directory when it starts (name -> host file), e.g. the
    # source a compiler reads, so that an isolated run needs no view of the host; and files it
    # leaves there that are copied out when it has ended (name -> host destination), e.g. the
    # compiled program. Only regular files are copied out, never through a link; a name the
    # run did not leave is not copied. Names are plain file names, not paths.
    files_in: Mapping[str, Path] = field(default_factory=dict)
    files_out: Mapping[str, Path] = field(default_factory=dict)
    # Host folders or files an isolated run sees too, read-only, at the same paths: a toolchain
    # that lives outside the system's folders (a JVM's configuration in /etc, a compiler's
    # package database in /var/lib). A trusted run sees the host anyway.
    binds: tuple[str, ...] = ()


@dataclass(frozen=True)
class RunResult:
    termination: Termination
    exit_code: int | None  # set when termination is EXITED
    signal: int | None  # set when the program died from a signal
    cpu_ms: float  # user + sys of the whole process tree
    wall_ms: float
    peak_memory_kb: int  # gross peak resident memory of the process tree
    stdout: bytes  # at most limits.output_kb KB
    stderr: bytes  # its first STDERR_HEAD_BYTES and last STDERR_TAIL_BYTES (never output)
    message: str = ""  # why START_FAILED or SANDBOX_ERROR, or other detail from the sandbox
    stderr_skipped: int = 0  # bytes of stderr dropped between its head and its tail

    @property
    def ok(self) -> bool:
        return self.termination is Termination.EXITED and self.exit_code == 0


@dataclass(frozen=True)
class SandboxInfo:
    """Which sandbox runs submissions and which of its guarantees hold on this host.

    Every report carries it, so that a run without isolation never passes for an isolated one.
    """

    kind: str  # e.g. "jail" (fork server with namespaces and cgroups) or "plain"
    guarantees: tuple[str, ...]  # active: "network", "file system", "processes", ...
    missing: tuple[str, ...]  # unavailable on this host
    reason: str = ""  # why something is missing, or why a weaker sandbox was chosen
    cgroup_version: int | None = None  # 1 or 2: the cgroups that measure and cap its runs

    @property
    def isolated(self) -> bool:
        """Whether submissions are cut off from the network, the project and other processes."""
        return not any(name in self.missing for name in ISOLATION_GUARANTEES)


# The guarantees without which a submission could read the project, reach the network, outlive
# its run or pass data to another run (keyrings, locks): a service refuses to judge strangers
# without them.
ISOLATION_GUARANTEES = ("network", "file system", "processes", "system calls")


@dataclass(frozen=True)
class PairResult:
    """How both runs of a pair (Sandbox.run_pair) ended, each measured on its own."""

    submission: RunResult
    interactor: RunResult
    first: str  # "submission" or "interactor": the one that ended first
    submission_ended_ms: float  # since the pair started
    interactor_ended_ms: float
    killed_after_interactor: bool  # the submission ran on past the grace period and was killed


class Sandbox(Protocol):
    """What the runner needs from a process runner."""

    info: SandboxInfo
    cache: Cache  # the judge's cache folder: baselines here, compiled programs by languages

    def run(self, request: RunRequest) -> RunResult: ...

    def run_pair(
        self, submission: RunRequest, interactor: RunRequest, grace_ms: int = 1000
    ) -> PairResult:
        """Run a submission and an interactor wired together (an interactive problem).

        The submission's stdout is the interactor's stdin and the interactor's stdout is the
        submission's stdin: pipes the sandbox makes (the requests' stdin is not used, and
        neither one's stdout is captured). The submission runs as `run` would run it
        (isolated, under its limits); the interactor is the problem setter's, trusted
        (`isolate=False`, its own limits), and finds what it needs in its argv: the test's
        input file, a feedback folder (Kattis), which it may read and write. Each is
        measured on its own.

        A limit (CPU, wall clock, output, memory) passed by either stops both; the other
        ends as PARTNER. When the interactor exits, the submission reads the end of its input
        (or gets SIGPIPE) and has `grace_ms` to exit; after that it is killed (PARTNER, and
        `killed_after_interactor`). When the submission exits first, the interactor goes on
        under its own limits. `first` and the end times say in which order they ended.
        """
        ...

    def baseline_kb(
        self,
        argv: tuple[str, ...],
        *,
        files_in: Mapping[str, Path] | None = None,
        env: Mapping[str, str] | None = None,
        binds: tuple[str, ...] = (),
    ) -> int:
        """Gross peak memory of `argv`, an idle program of some language, run as a submission
        (with the files, environment and binds its runs get, as in RunRequest).

        Cached per runtime (interpreter or binary identity, the command, the environment);
        re-measured when the runtime changes.
        """
        ...

    def interrupt(self) -> None:
        """The command using it is interrupted (Ctrl-C, SIGTERM): no run starts or is tried
        again from now on (each ends as SANDBOX_ERROR), so that the runs going, which the
        interruption may have stopped, are not started over; close() still follows. Called
        from any thread, while runs go."""
        ...

    def close(self) -> None: ...
