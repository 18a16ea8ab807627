"""Hostile and edge-case submissions of interactive problems: the verdict is what happened
first, every time; the interactor's end of output reaches the submission; what a submission
sends its interactor counts as its output, and the interactor has caps of its own."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cache import Cache
from judge.cli import cli
from judge.sandbox import ResourceLimits, RunRequest, Termination, open_sandbox
from tests.conftest import SUM_YAML, scaled, scaled_ms, write_project

pytestmark = pytest.mark.host_tier

PROGRAMS = Path(__file__).with_name("programs")
PYTHON = (sys.executable, "-I", "-S", "-B")

# Sends a and b, reads the sum; rejects at once when the submission's output ends.
QUICK_INTERACTOR = """
import sys
given, answer, feedback = sys.argv[1:4]
a, b = map(int, open(given).read().split())
print(a, b, flush=True)
line = sys.stdin.readline()
open(feedback + "judgemessage.txt", "w").write("no answer" if not line else "read " + line)
sys.exit(42 if line.strip() == str(a + b) else 43)
"""

# Sends a and b, closes its output (the submission's end of input), then reads the sum.
CLOSING_INTERACTOR = """
import os, sys
given, answer, feedback = sys.argv[1:4]
a, b = map(int, open(given).read().split())
print(a, b, flush=True)
os.close(sys.stdout.fileno())
line = sys.stdin.readline()
sys.exit(42 if line.strip() == str(a + b) else 43)
"""

# Reads what it is sent as one line, however long.
LINE_INTERACTOR = """
import sys
line = sys.stdin.readline()
sys.exit(43)
"""

# A bug of the setter's: it fills a gigabyte.
HUNGRY_INTERACTOR = """
import sys
hoard = b"x" * (1 << 30)
sys.exit(42)
"""


def project(tmp_path, interactor, tests=None, extra_yaml=""):
    # The problem's time limit (and so its wall backstop) as long as on this kind of machine.
    limits = SUM_YAML.replace("time_ms: 1000", f"time_ms: {scaled_ms(1000)}")
    yaml_text = limits + ("interactive:\n  protocol: kattis\n"
                            "  program: problems/sum/interactor.py\n" + extra_yaml)
    return write_project(tmp_path, problem_yaml=yaml_text, tests=tests,
                         problem_files={"interactor.py": interactor})


def submit(root, program: str, *extra: str) -> dict:
    path = root / "solutions/sum" / program
    shutil.copy(PROGRAMS / program, path)
    result = CliRunner().invoke(cli, ["--root", str(root), "submit", str(path), "sum", "--json",
                                      *extra])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


@pytest.mark.vm_tier
def test_a_submission_that_crashes_at_once_gets_the_same_verdict_every_time(tmp_path):
    """It ends before the interactor can have read anything of it: RE on all of 100 tests
    (it was RE on some and WA on others, as the judge happened to notice the two ends)."""
    tests = {f"hand-{n:03}": (f"{n} {n}\n", f"{2 * n}\n") for n in range(100)}
    document = submit(project(tmp_path, QUICK_INTERACTOR, tests), "crash_at_once.py")
    verdicts = "".join(t["verdict"][0] for t in document["tests"])
    assert verdicts == "R" * 100, verdicts
    assert all("AssertionError" in t["message"] for t in document["tests"])


@pytest.mark.vm_tier
def test_an_interactors_end_of_output_is_the_submissions_end_of_input(tmp_path):
    document = submit(project(tmp_path, CLOSING_INTERACTOR), "read_to_eof.py")
    assert document["verdict"] == "AC", document["tests"]


def test_an_endless_line_to_the_interactor_is_the_submissions_output_limit(tmp_path):
    document = submit(project(tmp_path, LINE_INTERACTOR), "endless_line.py", "--fail-fast")
    test = document["tests"][0]
    assert test["verdict"] == "OLE", test


@pytest.mark.vm_tier
def test_the_interactor_stays_under_its_cap_whatever_it_is_sent(tmp_path):
    box = open_sandbox(Cache(tmp_path / "cache"))
    (tmp_path / "interactor.py").write_text(LINE_INTERACTOR)
    try:
        pair = box.run_pair(
            RunRequest(argv=(*PYTHON, str(PROGRAMS / "endless_line.py")),
                       limits=scaled(ResourceLimits(cpu_ms=5000, wall_ms=10_000,
                                                    memory_kb=256_000, output_kb=1024))),
            RunRequest(argv=(*PYTHON, str(tmp_path / "interactor.py")), isolate=False,
                       limits=scaled(ResourceLimits(cpu_ms=5000, wall_ms=10_000,
                                                    memory_kb=256_000, output_kb=64))),
        )
    finally:
        box.close()
    assert pair.submission.termination is Termination.OUTPUT_LIMIT, pair.submission
    assert pair.interactor.termination is Termination.PARTNER, pair.interactor
    # It was sent the submission's 1 MB and a chunk more at most, never gigabytes.
    assert pair.interactor.peak_memory_kb < 100_000


@pytest.mark.vm_tier
def test_an_interactor_over_its_own_memory_cap_is_a_judge_error(tmp_path):
    # A small cap, met after a few thousand page faults: soon, even under emulation.
    root = project(tmp_path, HUNGRY_INTERACTOR, extra_yaml="  memory_kb: 65536\n")
    shutil.copy(PROGRAMS / "read_to_eof.py", root / "solutions/sum/reference.py")
    document = submit(root, "read_to_eof.py", "--fail-fast")
    test = document["tests"][0]
    assert test["verdict"] == "JE" and "memory" in test["message"].lower(), test
