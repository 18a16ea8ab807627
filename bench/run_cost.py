"""What one isolated run of a trivial Python program costs in the sandbox, in CPU time and page
faults, on the side of the judge and on the side of its fork server (the server, its runs and
the processes it forks for them, counted once the server has been reaped at close). CPU time,
not the wall clock: on a machine shared with other work it is what stays put.

Run as a program (`python bench/run_cost.py CACHE RUNS`), so that bench_normal_user can start it
as a normal user too; it prints one line of JSON. A sandbox opened and closed with no run is
measured alike and taken off: what is left is the cost of the runs. The fork server's own
share (its process alone, without the runs it forks) is read from its /proc stat as it lives.
"""

from __future__ import annotations

import json
import os
import resource
import sys
from pathlib import Path

SOLUTION = "import sys\na, b = sys.stdin.buffer.read().split()\nsys.stdout.write(f'{a}{b}\\n')\n"


def main(cache_folder: Path, runs: int) -> dict[str, float]:
    from judge.cache import Cache
    from judge.sandbox import ResourceLimits, RunRequest, open_sandbox
    from judge.sandbox.api import python_interpreter

    program, given = cache_folder / "solution.py", cache_folder / "test.in"
    program.write_text(SOLUTION)
    given.write_text("3 4\n")
    for path in (cache_folder, program, given):  # a run's uid must read them
        path.chmod(0o755 if path.is_dir() else 0o644)
    request = RunRequest(argv=(python_interpreter(), "-I", "-S", "-B", str(program)),
                         limits=ResourceLimits(cpu_ms=1000, wall_ms=3000, memory_kb=65536,
                                               output_kb=64), stdin_path=given)

    def spent(count: int) -> tuple[float, float, int, float, int]:
        before = (resource.getrusage(resource.RUSAGE_SELF),
                  resource.getrusage(resource.RUSAGE_CHILDREN))
        sandbox = open_sandbox(Cache(cache_folder))
        try:
            for _ in range(count):
                result = sandbox.run(request)
                if not result.ok:
                    raise SystemExit(f"the run failed: {result}")
            server_cpu, server_faults = own_usage(sandbox.server_pid)
        finally:
            sandbox.close()
        own, children = (resource.getrusage(resource.RUSAGE_SELF),
                         resource.getrusage(resource.RUSAGE_CHILDREN))
        return (own.ru_utime + own.ru_stime - before[0].ru_utime - before[0].ru_stime,
                children.ru_utime + children.ru_stime - before[1].ru_utime - before[1].ru_stime,
                children.ru_minflt - before[1].ru_minflt, server_cpu, server_faults)

    spent(1)  # the runtime's baseline calibrated, the server's bytecode written
    idle, busy = spent(0), spent(runs)
    return {"judge_ms": (busy[0] - idle[0]) / runs * 1000,
            "server_ms": (busy[1] - idle[1]) / runs * 1000,
            "server_faults": (busy[2] - idle[2]) / runs,
            "server_own_ms": (busy[3] - idle[3]) / runs * 1000,
            "server_own_faults": (busy[4] - idle[4]) / runs}


def own_usage(pid: int | None) -> tuple[float, int]:
    """The CPU seconds and minor faults of the process `pid` itself, not of its children (its
    /proc stat: the fork server's own share of the runs' cost, read while it lives)."""
    if pid is None:
        return 0.0, 0
    with open(f"/proc/{pid}/stat", "rb") as handle:
        fields = handle.read().rsplit(b")", 1)[1].split()
    # After the name: state is field 3, minflt 10, utime 14 and stime 15 (proc(5)).
    ticks = int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK"), int(fields[7])


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.umask(0o022)
    print(json.dumps(main(Path(sys.argv[1]), int(sys.argv[2]))))
