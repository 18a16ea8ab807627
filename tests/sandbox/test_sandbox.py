"""The sandbox behind the runner seam: results, limits, measurement and the fork server."""

from __future__ import annotations

import os
import shutil
import subprocess
import signal
import threading
import time
from pathlib import Path

import pytest

from judge.cache import Cache
from judge.sandbox import ResourceLimits, RunRequest, Termination, open_sandbox
from judge.sandbox.jail import JailSandbox
from judge.sandbox.plain import PlainSandbox
from tests.conftest import daemon_holding_a_lock, lock_is_free, python, scaled, scaled_ms, wait_gone

# No test here waits for this wall clock: far away, so that a busy host never reaches it.
LIMITS = scaled(ResourceLimits(cpu_ms=2000, wall_ms=20_000, memory_kb=256_000, output_kb=1024))


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    box = open_sandbox(Cache(tmp_path_factory.mktemp("cache")))
    yield box
    box.close()


def test_this_host_gets_the_fork_server(sandbox):
    assert isinstance(sandbox, JailSandbox)


def test_stdin_reaches_the_program_and_stdout_comes_back(sandbox, tmp_path):
    argv = python(tmp_path, "import sys; sys.stdout.write(sys.stdin.read()[::-1])")
    result = sandbox.run(RunRequest(argv=argv, limits=LIMITS, stdin_bytes=b"abc"))
    assert result.ok and result.stdout == b"cba"
    assert result.wall_ms > 0 and result.peak_memory_kb > 0


def test_stdin_from_a_file(sandbox, tmp_path):
    (tmp_path / "in").write_bytes(b"3 4")
    argv = python(tmp_path, "print(sum(map(int, input().split())))")
    result = sandbox.run(RunRequest(argv=argv, limits=LIMITS, stdin_path=tmp_path / "in"))
    assert result.stdout == b"7\n"


@pytest.mark.host_tier
def test_trusted_runs_read_their_files_and_isolated_runs_do_not(sandbox, tmp_path):
    data = tmp_path / "data.txt"
    data.write_text("setter data")
    argv = (*python(tmp_path, "import sys; print(open(sys.argv[1]).read())"), str(data))
    trusted = sandbox.run(RunRequest(argv=argv, limits=LIMITS, isolate=False))
    isolated = sandbox.run(RunRequest(argv=argv, limits=LIMITS))
    assert trusted.stdout == b"setter data\n"
    assert isolated.termination is Termination.EXITED and isolated.exit_code == 1
    assert b"FileNotFoundError" in isolated.stderr


@pytest.mark.host_tier
def test_an_isolated_run_sees_the_binds_it_asks_for_and_no_others(sandbox, tmp_path):
    """A toolchain outside the system's folders (a JVM's /etc configuration) is shown to the
    runs that ask for it, read-only; the next run without it sees the minimal root again."""
    shown = tmp_path / "toolchain"
    shown.mkdir()
    (shown / "config").write_text("setting")
    argv = (*python(tmp_path, "import sys; print(open(sys.argv[1]).read())\n"
                              "open(sys.argv[1], 'w')"), str(shown / "config"))
    bound = sandbox.run(RunRequest(argv=argv, limits=LIMITS, binds=(str(shown),)))
    assert bound.stdout == b"setting\n" and b"Read-only file system" in bound.stderr, bound
    again = sandbox.run(RunRequest(argv=argv, limits=LIMITS, binds=(str(shown),)))
    assert again.stdout == b"setting\n"
    plain = sandbox.run(RunRequest(argv=argv, limits=LIMITS))
    assert plain.exit_code == 1 and b"FileNotFoundError" in plain.stderr


def test_exception_line_is_the_last_line_of_stderr(sandbox, tmp_path):
    result = sandbox.run(RunRequest(argv=python(tmp_path, "raise KeyError('x')"), limits=LIMITS))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == b"KeyError: 'x'"
    assert b"forkserver" not in result.stderr


def test_env_is_passed_to_the_program(sandbox, tmp_path):
    argv = python(tmp_path, "import os; print(os.environ['SEED'])")
    result = sandbox.run(RunRequest(argv=argv, limits=LIMITS, env={"SEED": "42"}))
    assert result.stdout == b"42\n"


def test_cpu_time_matches_what_the_program_measures(sandbox, tmp_path):
    argv = python(tmp_path, """
        import time
        start = time.process_time()
        while time.process_time() - start < 0.3:
            pass
        print(time.process_time())
    """)
    result = sandbox.run(RunRequest(argv=argv, limits=LIMITS))
    own_ms = float(result.stdout) * 1000
    assert abs(result.cpu_ms - own_ms) <= max(10, 0.05 * own_ms)


# A run stopped at its CPU limit is stopped by the watcher (CPU_LIMIT), which polls every few
# ms, not by the RLIMIT_CPU backstop seconds later. On a loaded host the watcher itself may wait
# for a core, so "promptly" is held to a margin no busy host reaches and no backstop beats; the
# wall-clock limit is far away, so that a program kept from the CPU still meets its CPU limit.
PROMPTLY_MS = scaled_ms(500)


@pytest.mark.vm_tier
@pytest.mark.host_tier
def test_cpu_limit_stops_the_run_promptly(sandbox, tmp_path):
    limits = scaled(ResourceLimits(cpu_ms=300, wall_ms=30_000, memory_kb=None, output_kb=64))
    result = sandbox.run(RunRequest(argv=python(tmp_path, "while True: pass"), limits=limits))
    assert result.termination is Termination.CPU_LIMIT
    assert limits.cpu_ms <= result.cpu_ms < limits.cpu_ms + PROMPTLY_MS


@pytest.mark.vm_tier
@pytest.mark.host_tier
def test_net_memory_three_mb_passes_and_twenty_four_mb_fails(sandbox, tmp_path):
    idle = python(tmp_path, "", name="idle.py")
    baseline = sandbox.baseline_kb(idle)
    limits = scaled(ResourceLimits(cpu_ms=2000, wall_ms=5000, memory_kb=10_000 + baseline,
                                   output_kb=64))
    hold = "data = bytearray({} * 1024 * 1024)\nprint(len(data))"
    small = sandbox.run(RunRequest(argv=python(tmp_path, hold.format(3), "small.py"),
                                   limits=limits))
    large = sandbox.run(RunRequest(argv=python(tmp_path, hold.format(24), "large.py"),
                                   limits=limits))
    assert small.ok, small
    assert 2_900 <= small.peak_memory_kb - baseline <= 4_500
    assert large.termination is Termination.MEMORY_LIMIT


def test_each_run_measures_only_itself_and_gets_its_own_limits(tmp_path):
    box = open_sandbox(Cache(tmp_path))  # its own server: the runs below share its cgroups in order
    try:
        idle = python(tmp_path, "", name="idle.py")
        baseline = box.baseline_kb(idle)
        hold = python(tmp_path, "data = bytearray(60 * 1024 * 1024)\nprint(len(data))", "hold.py")
        capped = ResourceLimits(cpu_ms=2000, wall_ms=5000, memory_kb=baseline + 10_000,
                                output_kb=64)
        uncapped = ResourceLimits(cpu_ms=2000, wall_ms=5000, memory_kb=None, output_kb=64)
        stopped = box.run(RunRequest(argv=hold, limits=capped))
        assert stopped.termination is Termination.MEMORY_LIMIT
        assert stopped.stdout == b""  # the kernel enforced the cap, not only the measurement
        free = box.run(RunRequest(argv=hold, limits=uncapped))
        assert free.ok and free.peak_memory_kb > 60_000  # the cap went with its run
        burn = python(tmp_path, """
            import time
            start = time.process_time()
            while time.process_time() - start < 0.2:
                pass
        """, "burn.py")
        assert box.run(RunRequest(argv=burn, limits=uncapped)).cpu_ms >= 200
        after = box.run(RunRequest(argv=idle, limits=capped))
        assert after.ok and after.peak_memory_kb < baseline + 2_000
        assert after.cpu_ms < 100
    finally:
        box.close()


def test_baseline_is_cached_per_runtime(sandbox, tmp_path):
    idle = python(tmp_path, "", name="idle.py")
    first = sandbox.baseline_kb(idle)
    assert 4_000 < first < 30_000  # an idle CPython, measured
    cache = sandbox.cache.baselines
    cache.write_text(cache.read_text().replace(str(first), str(first + 1)))
    assert sandbox.baseline_kb(idle) == first + 1  # read back, not measured again


@pytest.mark.host_tier
def test_one_server_answers_run_after_run_whatever_each_run_did(tmp_path):
    """A server that died after each run would show in no verdict (the sandbox starts another
    and runs the next order there), only in each run's cost: a server's start-up, some 40 ms
    of CPU, where a run costs 3. So the server of isolated runs is the same one after runs
    that end every way a run can: exit 0 and 3, an exception, a daemon left behind, a TLE."""
    programs = {
        "exit 0": "print(1)",
        "exit 3": "raise SystemExit(3)",
        "an exception": "raise ValueError('x')",
        "a daemon left": """
            import os, time
            if os.fork() == 0:
                os.setsid()
                time.sleep(60)
            """,
        "a TLE": "while True: pass",
    }
    limits = scaled(ResourceLimits(cpu_ms=200, wall_ms=20_000, memory_kb=256_000,
                                   output_kb=1024))
    box = open_sandbox(Cache(tmp_path / "cache"))
    try:
        box.run(RunRequest(argv=python(tmp_path, "pass", name="first.py"), limits=limits))
        server = box.server_pid
        assert server is not None
        for number, (what, source) in enumerate(programs.items()):
            argv = python(tmp_path, source, name=f"p{number}.py")
            result = box.run(RunRequest(argv=argv, limits=limits))
            assert box.server_pid == server, f"the server died after {what}: {result}"
        assert result.termination is Termination.CPU_LIMIT, result
    finally:
        box.close()


def test_the_server_restarts_when_it_dies(tmp_path):
    box = open_sandbox(Cache(tmp_path))
    try:
        os.kill(box.server_pid, signal.SIGKILL)
        result = box.run(RunRequest(argv=python(tmp_path, "print(1)"), limits=LIMITS))
        assert result.stdout == b"1\n"
    finally:
        box.close()


def test_a_run_whose_servers_die_under_it_is_run_again_not_failed(tmp_path):
    """Two servers killed during one run (the host's fault, not the program's): the run is
    given to a third server, and its answer is the program's."""
    box = open_sandbox(Cache(tmp_path))
    killed: list[int] = []

    def kill_two_servers() -> None:
        while len(killed) < 2:
            pid = box.server_pid
            if pid is not None and pid not in killed:
                time.sleep(0.5)  # the run is under way on it
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            time.sleep(0.01)

    killer = threading.Thread(target=kill_two_servers)
    try:
        program = python(tmp_path, "import time; time.sleep(1.5); print('done')")
        killer.start()
        result = box.run(RunRequest(argv=program, limits=LIMITS))
        killer.join()
        assert len(killed) == 2
        assert result.termination is Termination.EXITED and result.stdout == b"done\n", result
    finally:
        killer.join()
        box.close()


@pytest.mark.host_tier
@pytest.mark.parametrize("isolate", [True, False])
def test_missing_program_is_start_failed(sandbox, isolate):
    result = sandbox.run(RunRequest(argv=("/nonexistent/prog",), limits=LIMITS, isolate=isolate))
    assert result.termination is Termination.START_FAILED
    assert "nonexistent" in result.message


@pytest.mark.host_tier
def test_trusted_run_leaves_no_process_behind(sandbox, tmp_path):
    """A daemon a trusted run leaves (out of its process group) is gone by the time the next
    run has answered. It is watched through a file lock it holds, which its death releases:
    its pid may be of a PID namespace of the runs' own, meaningless here."""
    argv, held = daemon_holding_a_lock(tmp_path)
    started = time.monotonic()
    result = sandbox.run(RunRequest(argv=argv, limits=LIMITS, isolate=False))
    assert result.ok, result
    assert time.monotonic() - started < 10.0  # it did not wait for the daemon's 60 s
    after = sandbox.run(RunRequest(argv=python(tmp_path, "pass", name="next.py"), limits=LIMITS,
                                   isolate=False))
    assert after.ok, after
    assert lock_is_free(held), "the daemon outlived the next run"


def test_trusted_cpu_limit_stops_the_run_promptly(sandbox, tmp_path):
    limits = ResourceLimits(cpu_ms=300, wall_ms=30_000, memory_kb=None, output_kb=64)
    result = sandbox.run(RunRequest(argv=python(tmp_path, "while True: pass"), limits=limits,
                                    isolate=False))
    assert result.termination is Termination.CPU_LIMIT
    assert 300 <= result.cpu_ms < 300 + PROMPTLY_MS


def test_trusted_work_directory_starts_empty_every_run(sandbox, tmp_path):
    argv = python(tmp_path, """
        import os
        print(sorted(os.listdir(".")))
        open("left-behind", "w").close()
    """)
    for _ in range(2):
        result = sandbox.run(RunRequest(argv=argv, limits=LIMITS, isolate=False))
        assert result.stdout == b"[]\n"


def test_plain_sandbox_still_runs_programs(tmp_path):
    box = PlainSandbox(Cache(tmp_path))
    result = box.run(RunRequest(argv=python(tmp_path, "print(input())"), limits=LIMITS,
                                stdin_bytes=b"plain\n"))
    assert result.stdout == b"plain\n"



def test_plain_sandbox_kills_what_the_program_left_in_its_process_group(tmp_path):
    box = PlainSandbox(Cache(tmp_path))
    argv = python(tmp_path, """
        import os, time
        child = os.fork()
        if child == 0:
            time.sleep(30)
            os._exit(0)
        print(child)
    """)
    started = time.monotonic()
    result = box.run(RunRequest(argv=argv, limits=LIMITS))
    assert result.ok, result
    assert time.monotonic() - started < 10.0  # it did not wait for the child's 30 s
    wait_gone(int(result.stdout))


FLOOD_STDERR = """
    import sys
    sys.stderr.write("first\\n" + "x" * 1_000_000 + "\\nlast\\n")
    print("answer")
"""


@pytest.mark.parametrize("isolate", [True, False])
def test_stderr_keeps_head_and_tail_and_never_counts_as_output(sandbox, tmp_path, isolate):
    limits = ResourceLimits(cpu_ms=2000, wall_ms=5000, memory_kb=256_000, output_kb=64)
    result = sandbox.run(RunRequest(argv=python(tmp_path, FLOOD_STDERR), limits=limits,
                                    isolate=isolate))
    assert result.ok and result.stdout == b"answer\n", result
    assert result.stderr.startswith(b"first\nxxx") and result.stderr.endswith(b"xxx\nlast\n")
    assert len(result.stderr) + result.stderr_skipped == 1_000_012


def test_plain_sandbox_keeps_stderr_apart_too(tmp_path):
    box = PlainSandbox(Cache(tmp_path))
    limits = ResourceLimits(cpu_ms=2000, wall_ms=5000, memory_kb=256_000, output_kb=64)
    result = box.run(RunRequest(argv=python(tmp_path, FLOOD_STDERR), limits=limits))
    assert result.ok and result.stdout == b"answer\n", result
    assert result.stderr.endswith(b"xxx\nlast\n")
    assert len(result.stderr) + result.stderr_skipped == 1_000_012


OUTPUT_40_MB = """
    import sys
    block = b"x" * 65536
    for _ in range(640):
        sys.stdout.buffer.write(block)
"""


def test_the_page_cache_of_its_own_output_is_not_the_programs_memory(sandbox, tmp_path):
    idle = python(tmp_path, "", name="idle.py")
    baseline = sandbox.baseline_kb(idle)
    limits = ResourceLimits(cpu_ms=5000, wall_ms=20000, memory_kb=256_000, output_kb=65536)
    result = sandbox.run(RunRequest(argv=python(tmp_path, OUTPUT_40_MB), limits=limits))
    assert result.ok and len(result.stdout) == 40 * 1024 * 1024
    assert result.peak_memory_kb < baseline + 4_000  # not the 40 MB it wrote


@pytest.mark.parametrize("source, cpu_ms, wall_ms, termination", [
    ("while True: pass", 200, 20_000, Termination.CPU_LIMIT),
    ("import time\ntime.sleep(30)", 5_000, 600, Termination.WALL_LIMIT),
])
@pytest.mark.host_tier
def test_a_run_stopped_on_time_still_has_its_true_peak(sandbox, tmp_path, source, cpu_ms,
                                                       wall_ms, termination):
    baseline = sandbox.baseline_kb(python(tmp_path, "", name="idle.py"))
    limits = scaled(ResourceLimits(cpu_ms=cpu_ms, wall_ms=wall_ms, memory_kb=256_000,
                                   output_kb=64))
    result = sandbox.run(RunRequest(argv=python(tmp_path, source), limits=limits))
    assert result.termination is termination
    assert result.peak_memory_kb >= 0.8 * baseline  # the idle interpreter at least


def runs_namespace_holder(server_pid: int) -> int | None:
    """The host pid of pid 1 of the namespace a server's runs share (its child), if any."""
    for child in (Path(f"/proc/{server_pid}/task/{server_pid}/children").read_text().split()):
        nspids = next(line for line in Path(f"/proc/{child}/status").read_text().splitlines()
                      if line.startswith("NSpid:")).split()[1:]
        if nspids[-1] == "1" and len(nspids) > 1:
            return int(child)
    return None


def test_a_run_whose_pid_in_its_namespace_is_the_servers_own_is_judged_as_any(tmp_path):
    """A run sees its pid in the runs' namespace, drawn afresh for each run, which may be the
    number of the server's own pid in the host's: that run must not take itself for the
    server. Here the namespace's next pid is set to the server's."""
    box = open_sandbox(Cache(tmp_path))
    try:
        if not isinstance(box, JailSandbox) or shutil.which("nsenter") is None:
            pytest.skip("needs the fork server and util-linux's nsenter")
        holder = runs_namespace_holder(box.server_pid)
        if holder is None:
            pytest.skip("the runs share no PID namespace here (no cgroups or namespaces)")
        subprocess.run(["nsenter", f"--target={holder}", "--pid", "--", "sh", "-c",
                        f"echo {box.server_pid - 1} > /proc/sys/kernel/ns_last_pid"],
                       check=True, timeout=30)
        argv = python(tmp_path, "import os; print(os.getpid())")
        colliding = box.run(RunRequest(argv=argv, limits=LIMITS))
        assert colliding.ok and colliding.stdout == f"{box.server_pid}\n".encode(), colliding
        assert colliding.stderr == b""
        after = box.run(RunRequest(argv=argv, limits=LIMITS))  # the server serves on
        assert after.ok and int(after.stdout) > 0, after
    finally:
        box.close()
