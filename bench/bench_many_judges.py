"""Two judges on one host at once, each in a PID namespace of its own, judging for minutes.

Each judge runs `judge submit` on the sightseeing reference again and again (a new judge
process each time: its sandbox opens, sweeps what dead judges left, judges 36 tests, closes),
as two containers or two CI jobs on one machine would. Target: every judging is AC (no JE, no
internal error, no test lost). JUDGE_BENCH_MINUTES sets the length (default 3).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from bench.common import print_header

ROOT = Path(__file__).resolve().parent.parent
MINUTES = float(os.environ.get("JUDGE_BENCH_MINUTES", "3"))
LOOP = """
end=$(( $(date +%s) + {seconds} )); runs=0; bad=0
while [ "$(date +%s)" -lt "$end" ]; do
    if {judge} submit solutions/sightseeing/reference.py sightseeing > "{log}.last" 2>&1; then
        runs=$((runs + 1))
    else
        bad=$((bad + 1)); cat "{log}.last" >> "{log}"
    fi
done
echo "$runs $bad"
"""


def main() -> bool:
    print_header(f"two judges in their own PID namespaces, {MINUTES:g} min")
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        print("skipped: PID namespaces of their own need root and unshare(1)")
        return True
    judge = Path(sys.executable).with_name("judge")
    logs = [Path(f"/tmp/judge-bench-many-{n}.log") for n in (1, 2)]
    judges = []
    for log in logs:
        log.unlink(missing_ok=True)
        script = LOOP.format(seconds=int(MINUTES * 60), judge=judge, log=log)
        judges.append(subprocess.Popen(["unshare", "--pid", "--fork", "--mount-proc", "bash",
                                        "-c", script], cwd=ROOT, stdout=subprocess.PIPE,
                                       text=True))
    started = time.monotonic()
    results = [tuple(map(int, judge.communicate()[0].split())) for judge in judges]
    elapsed = time.monotonic() - started
    for number, ((good, bad), log) in enumerate(zip(results, logs, strict=True), 1):
        print(f"judge {number}: {good} judgings AC, {bad} not" + (f" (see {log})" if bad else ""))
    print(f"{elapsed:.0f} s in all")
    return all(bad == 0 and good > 0 for good, bad in results)
