"""Shared helpers for the benchmarks: the project root, a sandbox, the interpreter a shell loop
calls, and the tiny problem the speed benchmarks judge."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from judge.cache import Cache
from judge.problem.root import cache_dir

ROOT = Path(__file__).resolve().parent.parent
JUDGE = Path(sys.executable).with_name("judge")  # the command, in this environment
TINY_SOLUTION = (
    "import sys\na, b = sys.stdin.buffer.read().split()\n"
    "sys.stdout.write(f'{int(a) + int(b)}\\n')\n"
)
TINY_YAML = textwrap.dedent("""\
    id: tiny
    title: A plus B
    source: benchmark
    limits:
      time_ms: 1000
      memory_kb: 10000
      output_kb: 64
""")


def bench_cache() -> Cache:
    return Cache(cache_dir(dict(os.environ)))


def print_header(title: str) -> None:
    print()
    print(title)
    print("-" * len(title))


@functools.cache
def real_python() -> str:
    """The interpreter `python3` on PATH runs, as a file: a version manager's shim (pyenv's
    adds about 25 ms a call) would make any loop look slow."""
    found = subprocess.run(["python3", "-c", "import sys; print(sys.executable)"],
                           capture_output=True, text=True, check=True)
    return os.path.realpath(found.stdout.strip())


SYSTEM_PYTHON = Path("/usr/bin/python3")


@functools.cache
def loop_python() -> str:
    """The interpreter every shell loop of the speed benchmarks calls, as root and as a normal
    user alike: the system's `python3` (as a file), else the one `python3` on PATH runs.

    Not simply `python3` on PATH: as root here that is pyenv's, whose site-packages (hundreds
    of packages and their .pth files) cost about 25 ms at every start, three times a plain
    interpreter's, and which the normal user may not run at all. A loop over it made the judge
    look three times faster as root than as a normal user by the loop alone."""
    if os.access(SYSTEM_PYTHON, os.X_OK):
        return os.path.realpath(SYSTEM_PYTHON)
    return real_python()


def tiny_project(root: Path, tests: int) -> Path:
    """A project with one problem, a + b, and `tests` one-line tests; its solution is
    solutions/tiny/reference.py."""
    (root / "problems/tiny").mkdir(parents=True)
    (root / "problems/tiny/problem.yaml").write_text(TINY_YAML)
    (root / "problems/tiny/statement.md").write_text("Print a + b.\n")
    data = root / "testdata/tiny"
    data.mkdir(parents=True)
    manifest = []
    for index in range(tests):
        name = f"t{index:03d}"
        (data / f"{name}.in").write_text(f"{index} {index * 7}\n")
        (data / f"{name}.ans").write_text(f"{index * 8}\n")
        manifest.append(f"{name}:\n  origin: hand\n")
    (data / "manifest.yaml").write_text("".join(manifest))
    (root / "solutions/tiny").mkdir(parents=True)
    (root / "solutions/tiny/reference.py").write_text(TINY_SOLUTION)
    return root
