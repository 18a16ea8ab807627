"""Two judges on one host at once, each in a PID namespace of its own (as in two containers or
two CI jobs): where both are pid 1, and every process of the other looks dead, neither removes
what the other owns, and no run of either fails."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 20  # each judge's share of the test; `bench/many_judges.py` runs it for minutes

# One judge: runs a program again and again; "steady" keeps one sandbox, "restarting" opens a
# new one for every run (each opening sweeps what dead judges left: the other's must survive).
JUDGE = """
import json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from judge.cache import Cache
from judge.sandbox import ResourceLimits, RunRequest, open_sandbox
mode, cache, seconds, program = sys.argv[2], Path(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
limits = ResourceLimits(cpu_ms=5000, wall_ms=30000, memory_kb=256000, output_kb=64)
request = RunRequest(argv=(sys.executable, "-I", "-S", "-B", program), limits=limits,
                     stdin_bytes=b"3 4\\n")
box = open_sandbox(Cache(cache))
kind, runs, bad = box.info.kind, 0, []
end = time.monotonic() + seconds
while time.monotonic() < end:
    if mode == "restarting" and runs:
        box.close()
        box = open_sandbox(Cache(cache))
    result = box.run(request)
    runs += 1
    if not (result.ok and result.stdout == b"7\\n"):
        bad.append(f"{result.termination.value}: {result.message[:200]}")
box.close()
print(json.dumps({"kind": kind, "pid": __import__("os").getpid(), "runs": runs, "bad": bad}))
"""


def start_judge(mode: str, tmp_path: Path, program: Path) -> subprocess.Popen:
    return subprocess.Popen(
        ["unshare", "--pid", "--fork", "--mount-proc", sys.executable, "-c", JUDGE, str(ROOT),
         mode, str(tmp_path / f"cache-{mode}"), str(SECONDS), str(program)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("unshare") is None,
                    reason="PID namespaces of their own need root and unshare(1)")
def test_two_judges_in_their_own_pid_namespaces_never_break_each_others_runs(tmp_path):
    program = tmp_path / "add.py"
    program.write_text("a, b = map(int, input().split())\nprint(a + b)\n")
    judges = [start_judge(mode, tmp_path, program) for mode in ("steady", "restarting")]
    outcomes = []
    for judge in judges:
        out, err = judge.communicate(timeout=SECONDS + 120)
        assert judge.returncode == 0, err[-2000:]
        outcomes.append(json.loads(out))
    for outcome in outcomes:
        assert outcome["kind"] == "jail" and outcome["pid"] == 1, outcome  # pids say nothing
        assert outcome["runs"] >= 5 and outcome["bad"] == [], outcome
