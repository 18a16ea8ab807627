"""Languages: what a test costs in each language, judged in the sandbox, against a shell loop.

For every installed language, its hello world (tests/languages/programs) is compiled once,
then run RUNS times as a submission's test is (isolated, under a problem's limits) and, in the
same rounds, RUNS times by a shell loop that starts the same compiled program or interpreter
directly, with the environment a run gets. Printed per language: the wall time a test takes in
each, their ratio, and the CPU time a run is charged (the runtime's start-up, which counts
against the time limit: a JVM's is the program's time, as every judge counts it).
"""

from __future__ import annotations

import os
import shlex
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, bench_cache, print_header
from judge.judging.launch import submission_request
from judge.judging.runner import Submission, prepare_submission
from judge.languages.registry import all_languages, not_installed
from judge.problem.spec import load_problem
from judge.sandbox import open_sandbox
from judge.sandbox.api import Sandbox
from judge.sandbox.server_process import MINIMAL_PATH

PROGRAMS = ROOT / "tests" / "languages" / "programs"
SOURCES_OF = {"pypy3": "python3"}
# Slow starters run fewer times a round (the ratio needs no more).
RUNS = {"java": 10, "kotlin": 10, "javascript": 15, "pypy3": 15, "csharp": 20, "ruby": 30}
DEFAULT_RUNS = 50
ROUNDS = 3
HELLO_YAML = """\
id: hello
title: Hello
source: benchmark
limits:
  time_ms: 5000
  memory_kb: 262144
  output_kb: 64
reference: solutions/hello/reference.py
"""


def main() -> bool:
    print_header("languages: a hello-world test in the sandbox against a shell loop")
    with tempfile.TemporaryDirectory(prefix="judge-bench-languages-") as scratch:
        root = hello_project(Path(scratch))
        problem = load_problem(root, "hello")
        sandbox = open_sandbox(bench_cache())
        try:
            print(f"{'language':<11} {'runs':>4} {'judge ms':>9} {'loop ms':>8} {'ratio':>6} "
                  f"{'CPU ms':>7}  (median of {ROUNDS} rounds; CPU: what a run is charged)")
            for language in all_languages():
                missing = not_installed(language)
                if missing:
                    print(f"{language.id:<11} not timed: {missing}")
                    continue
                source = next((PROGRAMS / SOURCES_OF.get(language.id, language.id))
                              .glob("hello.*"))
                submission = prepare_submission(problem, source, sandbox, language.id)
                if not isinstance(submission, Submission):
                    print(f"{language.id:<11} not timed: {submission.message[:200]}")
                    continue
                measure(language.id, problem, submission, sandbox, Path(scratch))
        finally:
            sandbox.close()
    return True


def measure(language: str, problem, submission: Submission, sandbox: Sandbox,
            scratch: Path) -> None:
    runs = RUNS.get(language, DEFAULT_RUNS)
    request = submission_request(problem, submission)
    loop = shell_loop(submission, runs, scratch / language)
    judge_ms, loop_ms, cpu_ms = [], [], []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        for _ in range(runs):
            result = sandbox.run(request)
            if result.stdout != b"Hello, World!\n":
                print(f"{language:<11} not timed: the program printed {result.stdout[:80]!r}"
                      f" ({result.termination.value}; {result.stderr[-200:]!r})")
                return
            cpu_ms.append(result.cpu_ms)
        judge_ms.append((time.perf_counter() - started) * 1000 / runs)
        started = time.perf_counter()
        subprocess.run(loop, check=True, capture_output=True, env=loop_environment(submission))
        loop_ms.append((time.perf_counter() - started) * 1000 / runs)
    judged, looped = statistics.median(judge_ms), statistics.median(loop_ms)
    print(f"{language:<11} {runs:>4} {judged:>9.1f} {looped:>8.1f} {judged / looped:>6.2f} "
          f"{statistics.median(cpu_ms):>7.1f}")


def shell_loop(submission: Submission, runs: int, folder: Path) -> list[str]:
    """bash running the same program `runs` times from a folder holding its files, with its
    environment: no sandbox, no limits."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, path in submission.files_in.items():
        (folder / name).write_bytes(path.read_bytes())
    argv = list(submission.argv)
    if submission.python_code is not None:  # CPython's runs load the compiled code
        argv = [argv[0], "-I", "-S", "-B", str(folder / "solution.py")]
        (folder / "solution.py").write_text((PROGRAMS / "python3" / "hello.py").read_text())
    command = f"{shlex.join(argv)} < /dev/null > /dev/null"
    script = f"cd {shlex.quote(str(folder))} && for i in $(seq {runs}); do {command}; done"
    return ["bash", "-c", script]


def loop_environment(submission: Submission) -> dict[str, str]:
    """What a run gets: PATH, LANG and the language's own (a variable of the bench's shell,
    such as Node's NODE_EXTRA_CA_CERTS, can double a start-up)."""
    return {"PATH": MINIMAL_PATH, "LANG": "C.UTF-8", **submission.env}


def hello_project(root: Path) -> Path:
    (root / "problems/hello").mkdir(parents=True)
    (root / "problems/hello/problem.yaml").write_text(HELLO_YAML)
    (root / "problems/hello/statement.md").write_text("Say hello.\n")
    (root / "solutions/hello").mkdir(parents=True)
    (root / "solutions/hello/reference.py").write_text('print("Hello, World!")\n')
    (root / "testdata/hello").mkdir(parents=True)
    (root / "testdata/hello/empty.in").write_text("")
    (root / "testdata/hello/empty.ans").write_text("Hello, World!\n")
    return root


if __name__ == "__main__":
    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    main()
