"""Hostile submissions: each asserts the verdict the sandbox reports and what survived it.

Safe on a developer machine: every run has a CPU, wall, memory, output and process cap, so even
where a guarantee is missing nothing here can take the host down; those tests skip with the reason.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge.cache import Cache
from judge.verdicts.outcome import judge_run
from judge.sandbox import ResourceLimits, RunRequest, Termination, open_sandbox
from judge.sandbox.api import python_interpreter
from judge.problem.spec import Limits, MemoryBasis
from judge.verdicts.verdict import Verdict
from judge.sandbox.jail import JailSandbox
from tests.conftest import scaled, time_scale
from tests.hostile.leftovers import leftovers, runs_namespace

# Every test here is a containment or verdict check: run on each kind of host (tests/hosts).
pytestmark = pytest.mark.host_tier

PROGRAMS = Path(__file__).with_name("programs")
LIMITS = scaled(ResourceLimits(cpu_ms=1000, wall_ms=3000, memory_kb=256_000, output_kb=1024,
                               processes=16))


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    box = open_sandbox(Cache(tmp_path_factory.mktemp("cache")))
    yield box
    box.close()


def run(sandbox, name, stdin=b"", limits=LIMITS):
    argv = (sys.executable, "-I", "-S", "-B", str(PROGRAMS / name))
    return sandbox.run(RunRequest(argv=argv, limits=limits, stdin_bytes=stdin))


def needs(sandbox, *guarantees):
    if not isinstance(sandbox, JailSandbox):
        pytest.skip("the fork-server sandbox is unavailable on this host")
    host = sandbox.host
    if "cgroups" in guarantees and host.cgroup_version is None:
        pytest.skip(f"cgroups unavailable: {host.cgroup_reason}")
    if "namespaces" in guarantees and not host.namespaces:
        pytest.skip(f"namespaces unavailable: {host.namespace_reason}")
    if "uid" in guarantees and sandbox.sandbox_uid is None:
        pytest.skip("cannot drop to an unprivileged uid: not root")


def runs_namespace_of(sandbox):
    """The identity of the PID namespace the sandbox's runs are forked into, or None on a host
    without namespaces (tests.hostile.leftovers)."""
    return runs_namespace(sandbox.server_pid) if sandbox.host.namespaces else None


def needs_a_leftover_check(sandbox):
    """A run's leftovers are found by the runs' PID namespace, or by the runs' own uid."""
    needs(sandbox)
    if not sandbox.host.namespaces and sandbox.sandbox_uid is None:
        pytest.skip("neither a PID namespace nor a uid of their own tells the runs' processes: "
                    f"{sandbox.host.namespace_reason}; not root")


def assert_judge_still_works(sandbox):
    result = run(sandbox, "exit_three.py")
    assert result.termination is Termination.EXITED and result.exit_code == 3


@pytest.mark.vm_tier
@pytest.mark.host_tier
def test_fork_bomb_is_bounded_and_leaves_nothing(sandbox):
    """Bounded by the pids cgroup, or without cgroups (a normal user) by RLIMIT_NPROC in the
    server's user namespace; nothing of it is left, as the runs' PID namespace or their uid
    shows."""
    needs_a_leftover_check(sandbox)
    namespace = runs_namespace_of(sandbox)
    limits = scaled(ResourceLimits(cpu_ms=500, wall_ms=1500, memory_kb=256_000, output_kb=64,
                                   processes=16))
    result = run(sandbox, "fork_bomb.py", limits=limits)
    assert result.termination in (Termination.CPU_LIMIT, Termination.WALL_LIMIT)
    assert leftovers(sandbox, namespace) == []
    assert_judge_still_works(sandbox)


@pytest.mark.vm_tier
@pytest.mark.host_tier
def test_memory_bomb_is_stopped_at_the_cap(sandbox):
    needs(sandbox, "cgroups")
    limits = scaled(ResourceLimits(cpu_ms=2000, wall_ms=5000, memory_kb=64_000, output_kb=64))
    result = run(sandbox, "memory_bomb.py", limits=limits)
    assert result.termination is Termination.MEMORY_LIMIT
    assert result.peak_memory_kb <= 64_000 + 16_384  # the cap, plus one chunk at most


def test_failed_allocation_under_a_cap_is_a_memory_limit(sandbox):
    result = run(sandbox, "huge_allocation.py")
    assert result.termination is Termination.EXITED and result.exit_code == 1, result.stderr
    assert verdict_of(result) is Verdict.MLE


def verdict_of(result, limits=LIMITS):
    """The verdict judge.verdicts.outcome gives the run under the same limits (net memory =
    gross)."""
    problem_limits = Limits(time_ms=limits.cpu_ms, memory_kb=limits.memory_kb,
                            output_kb=limits.output_kb, wall_ms=limits.wall_ms,
                            memory_basis=MemoryBasis.GROSS)
    return judge_run(result, problem_limits, result.peak_memory_kb).verdict


@pytest.mark.host_tier
@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")
def test_a_compiled_programs_peak_is_its_own_on_every_host(sandbox, tmp_path):
    """Not the peak of the process it was forked from (about 10 MB of the fork server's
    Python, which the kernel carries into wait4's figure across the exec): an idle C program
    reads as the small program it is, one that touches 6 or 14 MB as that much, with cgroups
    or without."""
    program = compile_c(tmp_path, "touch_memory")

    def peak_kb(*args: str) -> int:
        result = sandbox.run(RunRequest(argv=(str(program), *args), limits=LIMITS))
        assert result.termination is Termination.EXITED and result.exit_code == 0, result
        return result.peak_memory_kb

    assert peak_kb("0") < 4_000
    assert 6_000 < peak_kb("6", "100") < 9_000  # seen as it sleeps
    assert 14_000 < peak_kb("14") < 18_000  # above the server's: wait4's own


@pytest.mark.host_tier
@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")
@pytest.mark.parametrize("megabytes", [6, 11])
def test_a_program_that_ends_at_once_is_measured_at_its_peak(sandbox, tmp_path, megabytes):
    """A program that touches its memory and exits before any poll could see it, below the
    fork server's own peak (which wait4 reports instead): measured as it ended, not as 0 or
    as a sample from its start-up. Without cgroups its init reads it at its exit stop."""
    program = compile_c(tmp_path, "touch_memory")
    result = sandbox.run(RunRequest(argv=(str(program), str(megabytes)), limits=LIMITS))
    assert result.termination is Termination.EXITED and result.exit_code == 0, result
    assert megabytes * 1024 <= result.peak_memory_kb <= (megabytes + 3) * 1024, result


@pytest.mark.host_tier
@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")
def test_signals_reach_the_program_and_a_stop_holds(sandbox, tmp_path):
    """Its own signal (a handler runs), SIGSTOP (it stops until its child sends SIGCONT): as
    for any process, however its peak is measured. A program that stopped itself with no one
    to wake it stays stopped and is ended by the wall-clock limit, never held up longer."""
    program = compile_c(tmp_path, "stop_and_signals")
    result = sandbox.run(RunRequest(argv=(str(program),), limits=LIMITS))
    assert result.ok and result.stdout == b"went on\n", result
    limits = ResourceLimits(cpu_ms=1000, wall_ms=500, memory_kb=256_000, output_kb=64)
    started = time.monotonic()
    result = sandbox.run(RunRequest(argv=(str(program), "alone"), limits=limits))
    assert result.termination is Termination.WALL_LIMIT, result
    assert time.monotonic() - started < 10


@pytest.mark.host_tier
@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")
def test_a_child_the_program_has_traced_is_let_go(sandbox, tmp_path):
    """clone(CLONE_PTRACE) gives the program's tracer (the sandbox, where it traces the program
    for its peak) a child to trace too: it is let go, and ends as the program expects."""
    program = compile_c(tmp_path, "traced_child")
    result = sandbox.run(RunRequest(argv=(str(program),), limits=LIMITS))
    assert result.ok and result.stdout in (b"child exited 7\n", b"refused\n"), result


def compile_c(folder, name):
    """tests/hostile/programs/NAME.c built into `folder`, which a run's uid may enter."""
    program = folder / name
    subprocess.run(["gcc", "-O2", "-o", str(program), str(PROGRAMS / f"{name}.c")], check=True)
    program.chmod(0o755)
    folder.chmod(0o755)
    return program


@pytest.mark.vm_tier
def test_output_flood_is_cut_at_the_output_limit(sandbox):
    limits = scaled(ResourceLimits(cpu_ms=2000, wall_ms=5000, memory_kb=256_000, output_kb=256))
    result = run(sandbox, "output_flood.py", limits=limits)
    assert result.termination is Termination.OUTPUT_LIMIT
    assert len(result.stdout) <= 256 * 1024


@pytest.mark.vm_tier
@pytest.mark.host_tier
def test_project_home_and_temporary_files_are_invisible(sandbox, tmp_path):
    needs(sandbox, "namespaces")
    secret = tmp_path / "answer.ans"
    secret.write_text("the secret answer")
    project = Path(__file__).resolve().parents[2]
    paths = [secret, tmp_path, project, project / "tests", Path.home(), Path("/tmp"),
             Path("/work"), Path("/etc/passwd")]
    result = run(sandbox, "read_secrets.py", stdin=" ".join(map(str, paths)).encode())
    assert result.ok, result.stderr
    lines = result.stdout.decode().splitlines()
    assert lines == ["nothing"] or all(_leads_to_interpreter(line) for line in lines), lines


def _leads_to_interpreter(line):
    """A listing that only shows the way to the interpreter's own prefix (e.g. pyenv in /root)."""
    path, _, listing = line.partition(": ")
    prefix = Path(sys.base_prefix)
    if Path(path) not in prefix.parents:
        return False
    return listing == str([prefix.relative_to(path).parts[0]])


@pytest.mark.vm_tier
@pytest.mark.host_tier
def test_nothing_outside_the_own_directory_is_writable(sandbox, tmp_path):
    """By the run's mount namespace, on every host: a read-only root but its /box and /proc
    (as a normal user the run is the user's own uid on the host, which could write the
    user's files were they in its view)."""
    needs(sandbox, "namespaces")
    target = tmp_path / "planted"
    result = run(sandbox, "write_outside.py", stdin=str(target).encode())
    assert result.ok, result.stderr
    assert result.stdout == b"written: []\nwritable mounts: ['/box', '/proc']\n"
    assert not target.exists()
    assert not Path("/tmp/escape").exists()


@pytest.mark.vm_tier
@pytest.mark.host_tier
def test_network_is_unreachable(sandbox):
    needs(sandbox, "namespaces")
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        listener.settimeout(0.2)
        port = listener.getsockname()[1]
        result = run(sandbox, "network.py", stdin=str(port).encode())
        with pytest.raises(socket.timeout):
            listener.accept()
    assert result.stdout.startswith(b"refused"), result.stdout


def test_kill_of_parent_and_everything_touches_nothing_outside(sandbox):
    needs(sandbox, "namespaces", "uid")
    outsider = subprocess.Popen(["sleep", "30"])
    try:
        result = run(sandbox, "kill_everything.py", stdin=str(outsider.pid).encode())
        assert result.stdout == b"still here\n"
        assert outsider.poll() is None
    finally:
        outsider.kill()
        outsider.wait()
    assert_judge_still_works(sandbox)


@pytest.mark.vm_tier
@pytest.mark.host_tier
def test_sleeper_is_stopped_by_the_wall_clock(sandbox):
    limits = scaled(ResourceLimits(cpu_ms=300, wall_ms=700, memory_kb=256_000, output_kb=64))
    started = time.monotonic()
    result = run(sandbox, "sleeper.py", limits=limits)
    assert result.termination is Termination.WALL_LIMIT
    # Its 700 ms, not the 60 s it sleeps.
    assert 0.65 * time_scale() <= time.monotonic() - started < 5.0 * time_scale()
    assert result.cpu_ms < limits.cpu_ms


@pytest.mark.vm_tier
@pytest.mark.host_tier
def test_double_forked_daemon_does_not_outlive_the_run(sandbox):
    """Its own session, out of the program's process group: killed through the run's cgroups,
    or without cgroups by the sweep of the runs' PID namespace."""
    needs_a_leftover_check(sandbox)
    namespace = runs_namespace_of(sandbox)
    started = time.monotonic()
    result = run(sandbox, "daemon.py")
    assert result.ok and result.stdout == b"parent done\n"
    assert time.monotonic() - started < 10.0  # the run did not wait for the daemon's 30 s
    assert leftovers(sandbox, namespace) == []


def test_deep_recursion_is_a_runtime_failure_not_a_judge_failure(sandbox):
    # Generous CPU and wall limits: the stack or memory cap must end this run, never the clock of
    # a machine busy with other work.
    limits = dataclasses.replace(LIMITS, cpu_ms=30_000, wall_ms=120_000)
    result = run(sandbox, "deep_recursion.py", limits=limits)
    assert result.termination in (Termination.SIGNALED, Termination.EXITED,
                                  Termination.MEMORY_LIMIT)
    assert not result.ok
    assert_judge_still_works(sandbox)


def test_closed_stdout_is_a_runtime_error(sandbox):
    result = run(sandbox, "closed_stdout.py")
    assert result.termination is Termination.EXITED and result.exit_code != 0


@pytest.mark.vm_tier
@pytest.mark.host_tier
def test_signal_death_is_reported_with_the_signal(sandbox):
    result = run(sandbox, "segfault.py")
    assert result.termination is Termination.SIGNALED
    assert result.signal == signal.SIGSEGV


def test_open_files_are_bounded(sandbox):
    needs(sandbox, "uid")
    result = run(sandbox, "fd_exhaustion.py")
    assert result.ok
    assert int(result.stdout) < 1024


def test_disk_filling_stops_inside_the_run(sandbox):
    needs(sandbox, "namespaces")
    result = run(sandbox, "disk_fill.py")
    assert result.termination in (Termination.EXITED, Termination.MEMORY_LIMIT,
                                  Termination.OUTPUT_LIMIT)
    if result.ok:
        assert int(result.stdout) <= 64


@pytest.mark.host_tier
def test_proc_shows_only_the_run(sandbox):
    needs(sandbox, "namespaces", "cgroups", "uid")
    result = run(sandbox, "proc_snoop.py")
    assert result.ok, result.stderr
    visible, init, program = result.stdout.decode().splitlines()
    pids = json.loads(visible)
    assert len(pids) == 1  # the program itself: nothing of the judge
    assert init == "1 FileNotFoundError"
    # Its own command line is that of `python3 -I -S -B program`, not the fork server's.
    assert program.startswith(f"{pids[0]} {python_interpreter()} -I -S -B /")
    assert "forkserver" not in program and "judge/sandbox" not in program


def test_the_input_names_nothing_of_the_host(sandbox, tmp_path):
    needs(sandbox, "namespaces")
    hidden = tmp_path / "hand-08-tight-cut.in"
    hidden.write_bytes(b"7 11\n" * 1000)
    argv = (sys.executable, "-I", "-S", "-B", str(PROGRAMS / "input_origin.py"))
    result = sandbox.run(RunRequest(argv=argv, limits=LIMITS, stdin_path=hidden))
    assert result.ok, result.stderr
    origin, sizes = result.stdout.decode().splitlines()
    stdin, stdout, stderr = origin.split("|")
    assert stdin.startswith("/memfd:stdin"), origin  # a copy in memory: no host path
    assert stdout.startswith("pipe:[") and stderr.startswith("pipe:["), origin
    assert sizes == "5000 5000 b'7 11\\n7 11\\n7 11\\n7 11\\n'"


def test_nothing_of_earlier_runs_is_in_a_submissions_memory(sandbox, tmp_path):
    """A trusted run's arguments (a checker's: the test and its answer) and an isolated run's
    test never reach the server every isolated run is forked from, so none can find them."""
    needs(sandbox, "namespaces")
    secrets = [f"checker-argument-{os.urandom(6).hex()}", f"hand-07-{os.urandom(6).hex()}.in"]
    test = tmp_path / secrets[1]
    test.write_text("1 2\n")
    echo = (sys.executable, "-I", "-S", "-B", "-c", "import sys; print(sys.argv)")
    trusted = sandbox.run(RunRequest(argv=(*echo, str(tmp_path / secrets[0])), limits=LIMITS,
                                     isolate=False, stdin_path=test))
    assert trusted.ok and secrets[0].encode() in trusted.stdout
    assert sandbox.run(RunRequest(argv=echo, limits=LIMITS, stdin_path=test)).ok
    halves = b"".join(f"{s[:10]} {s[10:]}\n".encode() for s in secrets)
    result = run(sandbox, "memory_scan.py", stdin=halves)
    assert result.ok, result.stderr
    assert result.stdout == b"nothing 2\n"
    # The scan finds what is there: the first string whole, in its own input.
    seen = run(sandbox, "memory_scan.py", stdin=halves + f"# {secrets[0]}\n".encode())
    assert seen.stdout == b"[0] 2\n", seen.stdout


def test_environment_and_descriptors_are_minimal(sandbox):
    os.environ["JUDGE_TEST_SECRET"] = "leaked"
    try:
        result = run(sandbox, "env_and_fds.py")
    finally:
        del os.environ["JUDGE_TEST_SECRET"]
    env_line, fds_line = result.stdout.decode().splitlines()
    assert env_line == "['LANG', 'PATH']"
    assert fds_line == "[0, 1, 2, 3]"  # 3 is the directory listing itself


@pytest.mark.host_tier
def test_threads_count_toward_cpu_and_are_stopped_promptly(sandbox):
    needs(sandbox, "cgroups")
    limits = scaled(ResourceLimits(cpu_ms=400, wall_ms=30_000, memory_kb=256_000, output_kb=64))
    result = run(sandbox, "threads_burn.py", limits=limits)
    # Stopped by the watcher, all threads counted: four threads pass 400 ms of CPU in about
    # 200 ms on two cores, long before the RLIMIT_CPU backstop (2 s of CPU); the wall-clock
    # limit (30 s) is out of reach of any busy host. The margin allows for a watcher kept
    # waiting by a loaded host.
    assert result.termination is Termination.CPU_LIMIT
    assert limits.cpu_ms <= result.cpu_ms < 1500 * time_scale()


@pytest.mark.host_tier
def test_nonzero_exit_keeps_code_and_output(sandbox):
    result = run(sandbox, "exit_three.py")
    assert result.termination is Termination.EXITED
    assert result.exit_code == 3 and result.stdout == b"partial\n"


def test_no_cgroup_is_left_behind(sandbox, tmp_path):
    needs(sandbox, "cgroups")
    own = open_sandbox(Cache(tmp_path))
    run(own, "fork_bomb.py", limits=scaled(ResourceLimits(cpu_ms=200, wall_ms=500,
                                                         memory_kb=64_000, output_kb=64,
                                                         processes=8)))
    prefix = f"judge-{own.owner}-"
    own.close()  # the server removes the last run's cgroups before it exits
    for directory in own.host.cgroup_dirs.values():
        assert [name for name in os.listdir(directory) if name.startswith(prefix)] == []


@pytest.mark.vm_tier
def test_the_cpu_of_children_never_waited_for_counts(sandbox):
    """Every host counts it: a cgroup holds all of the run's processes, and without cgroups the
    runs' PID namespace does (in a user namespace), where zombies and what the namespace's
    holder reaps are read too."""
    needs(sandbox)
    if sandbox.host.cgroup_version is None and not sandbox.host.user_namespace:
        pytest.skip("neither cgroups nor a PID namespace of the runs' own hold a run's children")
    seconds = 0.3 * time_scale()
    within = run(sandbox, "unreaped_children.py", f"2 {seconds}".encode())
    assert within.termination is Termination.EXITED and within.exit_code == 0, within
    burned_ms = float(within.stdout) * 1000
    assert burned_ms >= 2 * seconds * 1000 * 0.99, within.stdout
    assert within.cpu_ms >= burned_ms - 50, (within.cpu_ms, burned_ms)  # clock ticks apart
    # Twice the limit between them: stopped as they burn, whatever their parent does.
    beyond = run(sandbox, "unreaped_children.py", f"2 {LIMITS.cpu_ms / 1000}".encode())
    assert beyond.termination is Termination.CPU_LIMIT, beyond

