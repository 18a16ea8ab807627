"""`make bench`: every benchmark in one run, so that ratios compare like with like."""

from __future__ import annotations

import compileall
import importlib
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BENCHMARKS = (
    "bench.bench_speed",
    "bench.bench_normal_user",
    "bench.bench_runner",
    "bench.bench_references",
    "bench.bench_stress",
    "bench.bench_service",
    "bench.bench_after_tle",
    "bench.bench_syscall_filter",
    "bench.bench_languages",
    "bench.bench_load",
    "bench.bench_many_judges",
    "bench.bench_scoreboard",
    "bench.bench_contest_board",
    "bench.bench_contest_feed",
    "bench.bench_feed_update",
    "bench.bench_clics_scoreboard",
)


def main() -> int:
    # The judge as a regular install has it, its bytecode compiled (pip compiles what it
    # installs; an editable install under PYTHONDONTWRITEBYTECODE never is): no timing below
    # includes compiling the judge's own modules, about 40 ms at every start here.
    compileall.compile_dir(ROOT / "judge", quiet=1)
    # The `judge` command imports the judge of this checkout, not the one the environment was
    # installed from (an editable install names one checkout; a second worktree's bench would
    # time the first's code): the path wins over the install's finder.
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))])
    wanted = sys.argv[1:] or BENCHMARKS
    failed = []
    for name in wanted:
        module_name = name if name.startswith("bench.") else f"bench.{name}"
        started = time.monotonic()
        module = importlib.import_module(module_name)
        ok = module.main()
        print(f"[{module_name} took {time.monotonic() - started:.0f} s]")
        if ok is False:
            failed.append(module_name)
    print()
    print("targets not met: " + ", ".join(failed) if failed else "all targets met")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
