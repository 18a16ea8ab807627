"""An interrupted judge's sandbox (Sandbox.interrupt): the run going ends at once, none starts
or is tried again, and nothing is left; a judge that ignores Ctrl-C (a service's judging
process, which finishes the job in hand) has servers that ignore it too."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import uuid
from pathlib import Path

import psutil
import pytest

from judge.sandbox import ResourceLimits, RunRequest, Termination, open_sandbox
from tests.conftest import python, scaled

# A sleeper's limits: far longer than any wait below, so that a run that ends in time was
# ended by the interruption, not by them.
SLEEPER_LIMITS = ResourceLimits(cpu_ms=60_000, wall_ms=120_000, memory_kb=262_144, output_kb=64)


@pytest.fixture
def short_folder():
    """A folder of a short path: a run's command line, which names its program, has the room
    of its fork server's own (forkserver.libc.set_command_line), and a longer one is cut."""
    folder = Path(tempfile.mkdtemp(prefix="judge-", dir="/tmp"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def sleeper(folder: Path, source: str) -> tuple[tuple[str, ...], str]:
    """(argv of the program, the name its process shows)."""
    name = f"s{uuid.uuid4().hex[:10]}"
    argv = python(folder, source, name=f"{name}.py")
    Path(argv[-1]).chmod(0o644)
    return argv, name


def processes_with(word: str, but: int | None = None) -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter():
        try:
            if (process.pid != but and any(word in part for part in process.cmdline())
                    and process.status() != "zombie"):
                found.append(process)
        except psutil.Error:
            continue
    return found


def wait_for(condition, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


@pytest.mark.host_tier
@pytest.mark.parametrize("isolate", [True, False])
def test_interrupt_ends_the_run_going_and_every_run_after_it(short_folder, cache, isolate):
    # Going: an isolated run shows its program's name; a trusted one, which shows its server's
    # command line, leaves a file in the host's folder.
    marker = short_folder / "going"
    argv, name = sleeper(short_folder, f"""
        import time
        try:
            open({str(marker)!r}, "w").close()
        except OSError:
            pass
        time.sleep(600)
    """)

    def going() -> bool:
        return marker.exists() if not isolate else bool(processes_with(name))

    request = RunRequest(argv=argv, limits=SLEEPER_LIMITS, isolate=isolate)
    sandbox = open_sandbox(cache)
    try:
        results = []
        runner = threading.Thread(target=lambda: results.append(sandbox.run(request)))
        runner.start()
        wait_for(going, "the sleeper never started")
        interrupted_at = time.monotonic()
        sandbox.interrupt()
        runner.join(timeout=60)
        assert not runner.is_alive(), "the run went on after the interruption"
        assert time.monotonic() - interrupted_at < 30  # its own limit was 120 s
        assert results[0].termination is Termination.SANDBOX_ERROR, results
        assert not processes_with(name), "the sleeper outlived the interruption"
        marker.unlink(missing_ok=True)
        again = sandbox.run(request)  # refused at once: nothing runs after an interruption
        assert again.termination is Termination.SANDBOX_ERROR and not going()
    finally:
        sandbox.close()


IGNORING_JUDGE = """
    import signal, sys
    from pathlib import Path
    sys.path.insert(0, {root!r})
    from judge.cache import Cache
    from judge.sandbox import ResourceLimits, RunRequest, open_sandbox
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a service's judging process
    sandbox = open_sandbox(Cache(Path({cache!r})))
    try:
        print("ready", flush=True)
        result = sandbox.run(RunRequest(argv={argv!r}, limits={limits!r}))
        print(result.termination.value, result.stdout.decode().strip(), flush=True)
    finally:
        sandbox.close()
"""


@pytest.mark.host_tier
def test_a_judge_that_ignores_ctrl_c_has_servers_that_finish_their_run(short_folder, cache):
    """A terminal's Ctrl-C reaches a `judge worker`'s whole process group: its judging
    processes ignore it and finish the job in hand, and so must their fork servers."""
    argv, name = sleeper(short_folder, "import time\ntime.sleep(2)\nprint('finished')\n")
    limits = scaled(ResourceLimits(cpu_ms=10_000, wall_ms=60_000, memory_kb=262_144,
                                   output_kb=64))
    script = textwrap.dedent(IGNORING_JUDGE).format(
        root=str(Path(__file__).resolve().parents[2]), cache=str(cache.root), argv=argv,
        limits=limits)
    judge = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        wait_for(lambda: processes_with(name, but=judge.pid), "the run never started")
        os.killpg(judge.pid, signal.SIGINT)  # the judge and its servers (the run has a group
        stdout, stderr = judge.communicate(timeout=60)  # of its own)
    finally:
        if judge.poll() is None:
            os.killpg(judge.pid, signal.SIGKILL)
            judge.wait()
    assert judge.returncode == 0, stderr
    assert stdout.split("\n")[1] == "exited finished", stdout


def run_cgroup_folders(pid: int) -> list[Path]:
    """The folders of the cgroups a run's process is in that the judge made for it."""
    folders = []
    for line in Path(f"/proc/{pid}/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if "judge-" in path:
            folders.append(Path("/sys/fs/cgroup", controllers, path.lstrip("/")))
    return folders


@pytest.mark.host_tier
def test_signals_during_the_servers_clean_up_do_not_cut_it_short(short_folder, cache):
    """A terminal's Ctrl-C reaches the server and the judge at once, and the judge, interrupted,
    sends its INTERRUPT after it; a second Ctrl-C may come too. The server, cleaning up after
    the first, still ends its run and removes its cgroups however many follow."""
    argv, name = sleeper(short_folder, "import time\ntime.sleep(600)\n")
    sandbox = open_sandbox(cache)
    try:
        results = []
        runner = threading.Thread(target=lambda: results.append(
            sandbox.run(RunRequest(argv=argv, limits=SLEEPER_LIMITS))))
        runner.start()
        wait_for(lambda: processes_with(name), "the sleeper never started")
        [run] = processes_with(name)
        cgroups = run_cgroup_folders(run.pid)
        server = os.pidfd_open(sandbox.server_pid)  # (signals never reach a reused pid)
        try:
            deadline = time.monotonic() + 0.5
            while time.monotonic() < deadline:
                try:
                    for signum in (signal.SIGINT, signal.SIGUSR1):
                        signal.pidfd_send_signal(server, signum)
                except ProcessLookupError:  # gone
                    break
        finally:
            os.close(server)
        runner.join(timeout=60)
        assert not runner.is_alive(), "the run went on after the interruption"
        assert results[0].termination is Termination.SANDBOX_ERROR, results
        wait_for(lambda: not processes_with(name), "the sleeper outlived its server")
        assert [folder for folder in cgroups if folder.exists()] == []
    finally:
        sandbox.close()


@pytest.mark.host_tier
def test_a_python_program_takes_ctrl_c_as_python_does(short_folder, cache):
    """The server's own handler of SIGINT is not a program's: it has Python's."""
    argv = python(short_folder, "import signal\n"
                  "print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)\n")
    sandbox = open_sandbox(cache)
    try:
        for isolate in (True, False):
            result = sandbox.run(RunRequest(argv=argv, limits=SLEEPER_LIMITS, isolate=isolate))
            assert result.stdout.decode().strip() == "True", result
    finally:
        sandbox.close()
