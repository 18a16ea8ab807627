"""The system-call filter's cost: isolated runs with the filter against the same runs without it,
in two fork servers started side by side, taken in turns (so that both meet the same load).

1. Loading it: the prctl a run's program makes, timed in forked children of this process
   (after a first system call through ctypes, which pays the child's first copies of pages;
   a run pays those whatever it loads).
2. A trivial run (the tiny solution on one test): the round trip of `sandbox.run`, a run with
   the filter and one without, in pairs; the median of the pairs' differences is what the
   filter costs a run (loading it, and every system call of the run behind it).
3. A run of 200,000 system calls (os.stat of its own folder): the difference in CPU time, per
   system call, is what the kernel spends on the filter (libseccomp's binary tree of calls).

Target: loading it costs a run at most 0.3 ms (a run here costs a few ms, the shell loop's test
about 40 ms: bench_speed's per-test ratio is not moved). The round trips are printed beside it;
on a crowded host their difference is within the noise.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.common import TINY_SOLUTION, bench_cache, print_header
from judge.sandbox import ResourceLimits, RunRequest
from judge.sandbox.host import detect_host
from judge.sandbox.jail import JailSandbox

PAIRS = 400
ROUNDS = 10
LOADS = 200
PR_GET_NO_NEW_PRIVS = 39
CALLS = 200_000
TARGET_US = 300
LIMITS = ResourceLimits(cpu_ms=10_000, wall_ms=20_000, memory_kb=256_000, output_kb=64)
SYSCALLS = f"import os\nfor _ in range({CALLS}):\n    os.stat('.')\n"


class UnfilteredSandbox(JailSandbox):
    """The same sandbox, whose isolated runs load no filter: the baseline."""

    def _config(self, isolated: bool):
        return super()._config(isolated)._replace(syscall_filter=None)


def main() -> bool:
    print_header("system-call filter: isolated runs with and without it, in turns")
    host = detect_host()
    if not host.namespaces:
        print(f"  not measured: no isolation on this host ({host.namespace_reason})")
        return True
    filtered, unfiltered = JailSandbox(bench_cache(), host), UnfilteredSandbox(bench_cache(), host)
    if filtered.syscall_filter.bpf is None:
        print(f"  not measured: {filtered.syscall_filter.reason}")
        return True
    try:
        with tempfile.TemporaryDirectory(prefix="judge-bench-filter-") as scratch:
            tiny = program(Path(scratch), "tiny.py", TINY_SOLUTION)
            calls = program(Path(scratch), "calls.py", SYSCALLS)
            differences = paired_differences(filtered, unfiltered, tiny)
            cpu = {"with": [], "without": []}
            for number in range(ROUNDS):
                order = [("with", filtered), ("without", unfiltered)]
                for name, sandbox in order if number % 2 == 0 else order[::-1]:
                    cpu[name].append(run_ok(sandbox, calls, b"").cpu_ms)
        load_us = load_time(filtered.syscall_filter.bpf) * 1e6
    finally:
        filtered.close()
        unfiltered.close()
    cost_ms = statistics.median(differences) * 1000
    per_call_ns = (min(cpu["with"]) - min(cpu["without"])) * 1e6 / CALLS
    print(f"filter: {len(filtered.syscall_filter.bpf) // 8} BPF instructions; loading it "
          f"(prctl, median of {LOADS}): {load_us:.0f} us")
    print(f"trivial run, round trip with the filter minus without (median of {PAIRS} pairs): "
          f"{cost_ms:+.2f} ms a run")
    print(f"{CALLS} system calls, CPU (best of {ROUNDS}): {min(cpu['with']):.0f} ms with, "
          f"{min(cpu['without']):.0f} ms without: {per_call_ns:+.0f} ns a call")
    met = load_us <= TARGET_US
    print(f"  loading it {load_us:.0f} us a run (target <= {TARGET_US} us): "
          f"{'met' if met else 'NOT met'}")
    return met


def paired_differences(filtered, unfiltered, argv) -> list[float]:
    """Round trip with the filter minus without, a pair at a time (the first of each pair
    alternating), so that drift in the host's load falls on both."""
    differences = []
    for index in range(PAIRS):
        stdin = f"{index} {index}\n".encode()
        pair = (filtered, unfiltered) if index % 2 == 0 else (unfiltered, filtered)
        times = {}
        for sandbox in pair:
            started = time.perf_counter()
            run_ok(sandbox, argv, stdin)
            times[sandbox is filtered] = time.perf_counter() - started
        differences.append(times[True] - times[False])
    return differences


def load_time(bpf: bytes) -> float:
    """Seconds a process takes to load the filter (median), in children of this process."""
    import os

    from judge.sandbox.forkserver.libc import libc
    from judge.sandbox.forkserver.syscalls import SyscallFilter

    ready = SyscallFilter(bpf)
    times = []
    for _ in range(LOADS):
        read_end, write_end = os.pipe()
        child = os.fork()
        if child == 0:
            libc().prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0)  # the child's first copies of pages
            started = time.perf_counter()
            ready.load()
            os.write(write_end, repr(time.perf_counter() - started).encode())
            os._exit(0)
        os.close(write_end)
        times.append(float(os.read(read_end, 64)))
        os.close(read_end)
        os.waitpid(child, 0)
    return statistics.median(times)


def program(folder: Path, name: str, source: str) -> tuple[str, ...]:
    path = folder / name
    path.write_text(source)
    return (sys.executable, "-I", "-S", "-B", str(path))


def run_ok(sandbox: JailSandbox, argv: tuple[str, ...], stdin: bytes):
    result = sandbox.run(RunRequest(argv=argv, limits=LIMITS, stdin_bytes=stdin))
    if not result.ok:
        raise RuntimeError(f"{argv[-1]} failed: {result.termination} {result.stderr[-300:]!r}")
    return result


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
