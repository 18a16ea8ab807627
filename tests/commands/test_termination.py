"""SIGTERM (`timeout 4 judge submit ...`) is as clean as Ctrl-C: nothing of the judge, its fork
server or the run is left behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from judge.sandbox.host import detect_host
from tests.conftest import SUM_YAML, write_project


def as_from_a_terminal() -> None:
    """The judge gets SIGINT as a shell's foreground command does: handled by default. A suite
    started in the background of a non-interactive shell (`cmd &`, nohup) runs with SIGINT
    ignored, which the judge would inherit and, rightly, keep."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_in_progress(judge: psutil.Process) -> tuple[int, bool] | None:
    """(the fork server's pid, whether the submission's run is going), once the server is up."""
    for server in judge.children():
        running = any("sleep.py" in line or "solution.py" in line
                      for line in map(_command_line, _descendants(server)))
        return server.pid, running
    return None


def _command_line(process: psutil.Process) -> str:
    try:
        return " ".join(process.cmdline())
    except psutil.Error:
        return ""


def _descendants(process: psutil.Process) -> list[psutil.Process]:
    try:
        return process.children(recursive=True)
    except psutil.Error:
        return []


@pytest.mark.parametrize("sig, status, said", [(signal.SIGTERM, 143, "terminated"),
                                              (signal.SIGINT, 130, "interrupted")])
def test_a_signal_leaves_nothing_behind(tmp_path, sig, status, said):
    root = write_project(tmp_path / "project",
                         solutions={"reference.py": "print(3)\n",
                                    "sleep.py": "import time\ntime.sleep(60)\n"})
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    judge = subprocess.Popen(
        [sys.executable, "-m", "judge", "--root", str(root), "submit",
         str(root / "solutions/sum/sleep.py"), "sum"],
        env={**os.environ, "TMPDIR": str(scratch)}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, preexec_fn=as_from_a_terminal)
    try:
        seen, started, deadline = None, None, time.monotonic() + 30
        while time.monotonic() < deadline and not (seen and seen[1]) and judge.poll() is None:
            time.sleep(0.05)
            seen = run_in_progress(psutil.Process(judge.pid))
            if seen and started is None:  # signalled while the submission runs, or 5 s on
                started, deadline = time.monotonic(), min(deadline, time.monotonic() + 5)
        assert seen, "the fork server never started"
        assert judge.poll() is None, f"the judge ended before the signal: {judge.communicate()}"
        server = seen[0]
        judge.send_signal(sig)
        stdout, stderr = judge.communicate(timeout=30)
    finally:
        if judge.poll() is None:
            judge.kill()
            judge.wait()
    assert judge.returncode == status and said in stderr, (seen, stdout, stderr)
    deadline = time.monotonic() + 10
    while psutil.pid_exists(server) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not psutil.pid_exists(server), "the fork server outlived the judge"
    assert list(scratch.iterdir()) == []
    assert list(Path("/tmp").glob(f"judge-root-{server}-*")) == []
    for folder in detect_host().cgroup_dirs.values():
        assert [name for name in os.listdir(folder) if name.startswith(f"judge-{server}-")] == []


@pytest.mark.parametrize("sig, group, status, said", [
    (signal.SIGINT, True, 130, "interrupted"),  # a terminal's Ctrl-C: the fork servers get it too
    (signal.SIGTERM, False, 143, "terminated"),  # `timeout`: the judge alone
])
def test_an_interrupted_judge_ends_its_runs_at_once(tmp_path, sig, group, status, said):
    """The runs going end with the judge, not at their limits, and none is run again: a fork
    server that a Ctrl-C ended is the interruption's, not a host fault to start another server
    for (each of which ran the sleeper again, for about a quarter of a minute in all)."""
    limits = SUM_YAML.replace("time_ms: 1000", "time_ms: 20000")
    root = write_project(tmp_path / "project", problem_yaml=limits,
                         solutions={"reference.py": "print(3)\n",
                                    "sleep.py": "import time\ntime.sleep(120)\n"})
    judge = subprocess.Popen(
        [sys.executable, "-m", "judge", "--root", str(root), "submit",
         str(root / "solutions/sum/sleep.py"), "sum"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "JUDGE_RESIDENT": "0"}, preexec_fn=as_from_a_terminal)
    try:
        deadline = time.monotonic() + 30
        while not (run_in_progress(psutil.Process(judge.pid)) or (None, False))[1]:
            assert judge.poll() is None and time.monotonic() < deadline, judge.communicate()
            time.sleep(0.05)
        if group:
            os.killpg(judge.pid, sig)
        else:
            judge.send_signal(sig)
        # The runs' own wall-clock backstop is 41 s: the judge must not wait for it.
        _, stderr = judge.communicate(timeout=20)
    finally:
        if judge.poll() is None:
            os.killpg(judge.pid, signal.SIGKILL)
            judge.wait()
    assert judge.returncode == status and said in stderr, stderr
