"""A portable process runner: rlimits, a private directory and polling, no isolation.

It measures CPU time of the process tree and its peak memory by polling, so short spikes can be
missed; hosts that allow it get the stronger sandbox instead.
"""

from __future__ import annotations

import hashlib
import os
import resource
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path


from judge.cache import Cache
from judge.files import file_identity
from judge.sandbox.api import (
    PairResult,
    ResourceLimits,
    RunRequest,
    RunResult,
    Termination,
)
from judge.sandbox.baselines import BaselineCache
from judge.sandbox.guarantees import sandbox_info
from judge.sandbox.plain_watch import Watched, start_failed
from judge.sandbox.reports import failed
from judge.sandbox.workdir import check_file_names, collect_files, place_files

POLL_SECONDS = 0.005
# Runs a compiled Python program (RunRequest.python_code) as __main__, as the fork server does:
# `python -I -S -B -c PYTHON_LOADER CODE_FILE NAME ARGS...`, with exit() and quit() defined.
PYTHON_LOADER = (
    "import builtins, marshal, sys, _sitebuiltins\n"
    "builtins.exit = _sitebuiltins.Quitter('exit', 'Ctrl-D (i.e. EOF)')\n"
    "builtins.quit = _sitebuiltins.Quitter('quit', 'Ctrl-D (i.e. EOF)')\n"
    "with open(sys.argv[1], 'rb') as handle:\n"
    "    code = marshal.load(handle)\n"
    "sys.argv = sys.argv[2:]\n"
    "del handle\n"
    "exec(code, {'__name__': '__main__', '__file__': sys.argv[0], '__builtins__': builtins})\n"
)
MINIMAL_PATH = "/usr/local/bin:/usr/bin:/bin"


class PlainSandbox:
    def __init__(self, cache: Cache, reason: str = "") -> None:
        self.cache = cache
        self.info = sandbox_info("plain", None, reason)
        self._baselines = BaselineCache(cache.baselines)
        self._interrupted = False

    def run(self, request: RunRequest) -> RunResult:
        check_file_names(request)
        if self._interrupted:
            return failed(Termination.SANDBOX_ERROR, "the sandbox was interrupted")
        with tempfile.TemporaryDirectory(prefix="judge-run-") as scratch:
            scratch_dir = Path(scratch)
            cwd = request.cwd or scratch_dir / "work"
            cwd.mkdir(exist_ok=True)
            place_files(request.files_in, cwd)
            result = _run_in(request, cwd, scratch_dir, lambda: self._interrupted)
            collect_files(request.files_out, cwd)
            return result

    def run_pair(
        self, submission: RunRequest, interactor: RunRequest, grace_ms: int = 1000
    ) -> PairResult:
        for request in (submission, interactor):
            check_file_names(request)
        if self._interrupted:
            broken = failed(Termination.SANDBOX_ERROR, "the sandbox was interrupted")
            return PairResult(broken, broken, "submission", 0.0, 0.0, False)
        with tempfile.TemporaryDirectory(prefix="judge-run-") as scratch:
            return _run_pair(submission, interactor, Path(scratch), grace_ms)

    def baseline_kb(
        self,
        argv: tuple[str, ...],
        *,
        files_in: Mapping[str, Path] | None = None,
        env: Mapping[str, str] | None = None,
        binds: tuple[str, ...] = (),
    ) -> int:
        limits = ResourceLimits(cpu_ms=5000, wall_ms=10000, memory_kb=None, output_kb=64)
        idle = RunRequest(argv=argv, limits=limits, files_in=files_in or {}, env=env or {})
        key = _runtime_key((*argv, *(f"{k}={v}" for k, v in sorted(idle.env.items()))))
        return self._baselines.get(key, lambda: self._measure_idle(idle))

    def _measure_idle(self, idle: RunRequest) -> int:
        return min(self.run(idle).peak_memory_kb for _ in range(3))

    def interrupt(self) -> None:
        self._interrupted = True

    def close(self) -> None:
        pass


def _runtime_key(argv: tuple[str, ...]) -> str:
    """Identity of a runtime: the program's path, size and mtime, and the rest of the command."""
    identity = file_identity(shutil.which(argv[0]) or argv[0])
    digest = hashlib.sha256("\0".join((identity, *argv[1:])).encode()).hexdigest()[:16]
    return f"plain:{digest}"


def _limit_child(limits: ResourceLimits):
    cpu_seconds = limits.cpu_ms // 1000 + 2  # hard stop a little past the polled limit
    output_bytes = limits.output_kb * 1024 + 1  # one byte over the cap marks OLE

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
        resource.setrlimit(resource.RLIMIT_FSIZE, (output_bytes, output_bytes))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)

    return apply


def _run_in(request: RunRequest, cwd: Path, scratch: Path,
            interrupted: Callable[[], bool]) -> RunResult:
    stdout_path, stdin_path = scratch / "stdout", request.stdin_path
    if stdin_path is None:  # given bytes go through a file: a pipe would block on big inputs
        stdin_path = scratch / "stdin"
        stdin_path.write_bytes(request.stdin_bytes or b"")
    with open(stdout_path, "wb") as out, open(stdin_path, "rb") as stdin:
        watched = _start(request, cwd, stdin, out)
        if not isinstance(watched, Watched):
            return watched
        while watched.running:
            now = time.monotonic()
            watched.poll(now)
            if watched.running and interrupted():  # the command is being given up
                watched.stop(Termination.SANDBOX_ERROR, now)
            elif watched.running and (why := watched.passed(now)):
                watched.stop(why, now)
            elif watched.running:
                time.sleep(POLL_SECONDS)
    return watched.result(stdout_path.read_bytes())


def _start(request: RunRequest, cwd: Path, stdin, stdout) -> Watched | RunResult:
    """The program started with its limits, or START_FAILED."""
    env = {"PATH": MINIMAL_PATH, "LANG": "C.UTF-8", **request.env}
    started = time.monotonic()
    try:
        proc = subprocess.Popen(
            _command(request), stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, cwd=cwd,
            env=env, start_new_session=True, close_fds=True,
            preexec_fn=_limit_child(request.limits),
        )
    except OSError as exc:
        return start_failed(str(exc))
    return Watched(proc, request.limits, started)


def _run_pair(submission: RunRequest, interactor: RunRequest, scratch: Path,
              grace_ms: int) -> PairResult:
    """Both programs started on each other's pipes and polled together (Sandbox.run_pair)."""
    to_interactor_r, to_interactor_w = os.pipe()
    to_submission_r, to_submission_w = os.pipe()
    watched: list[Watched | RunResult] = []
    try:
        try:
            for request, stdin, stdout, folder in (
                (submission, to_submission_r, to_interactor_w, "s-work"),
                (interactor, to_interactor_r, to_submission_w, "i-work"),
            ):
                cwd = request.cwd or scratch / folder
                cwd.mkdir(exist_ok=True)
                place_files(request.files_in, cwd)
                watched.append(_start(request, cwd, stdin, stdout))
        finally:
            for fd in (to_interactor_r, to_interactor_w, to_submission_w):
                os.close(fd)  # the end of one program is then the end of the other's input
        return _follow_pair(submission, interactor, scratch, grace_ms, watched)
    finally:
        # Held until both ended, as Kattis' runner does: an interactor that writes to a
        # submission which has left is not killed by SIGPIPE, it reads the end and judges.
        os.close(to_submission_r)


def _follow_pair(submission: RunRequest, interactor: RunRequest, scratch: Path, grace_ms: int,
                 watched: list[Watched | RunResult]) -> PairResult:
    killed_after = False
    runs = [w for w in watched if isinstance(w, Watched)]
    if len(runs) < 2:  # one could not start: the other goes too
        for run in runs:
            run.stop(Termination.PARTNER, time.monotonic())
    while any(run.running for run in runs):
        now = time.monotonic()
        for run in runs:
            if run.running:
                run.poll(now)
        sub, inter = runs  # both started: otherwise neither runs on
        for run, other in ((sub, inter), (inter, sub)):
            if run.running and (why := run.passed(now)):
                run.stop(why, now)
                if other.running:
                    other.stop(Termination.PARTNER, now)
        if not inter.running and sub.running and now - inter.ended_at > grace_ms / 1000:
            sub.stop(Termination.PARTNER, now)
            killed_after = True
        time.sleep(POLL_SECONDS)
    results = [w.result(b"") if isinstance(w, Watched) else w for w in watched]
    for request, folder in ((submission, "s-work"), (interactor, "i-work")):
        collect_files(request.files_out, request.cwd or scratch / folder)
    started = min((run.started for run in runs), default=0.0)
    ended = [run.ended_at - started if isinstance(run, Watched) else 0.0 for run in watched]
    return PairResult(
        submission=results[0],
        interactor=results[1],
        first="submission" if ended[0] <= ended[1] else "interactor",
        submission_ended_ms=ended[0] * 1000,
        interactor_ended_ms=ended[1] * 1000,
        killed_after_interactor=killed_after,
    )


def _command(request: RunRequest) -> tuple[str, ...]:
    """The command to start: a compiled Python program goes through the loader."""
    argv = request.argv
    if request.python_code is None or len(argv) < 5 or argv[1:4] != ("-I", "-S", "-B"):
        return argv
    return (argv[0], "-I", "-S", "-B", "-c", PYTHON_LOADER, str(request.python_code), *argv[4:])
