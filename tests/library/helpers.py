"""Helpers for the package tests: run a problem's own programs the way the judge runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_program(program: Path, *args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    """A Python program of the project as `python3 -I -S -B program args`, with a time-out."""
    return subprocess.run(
        [sys.executable, "-I", "-S", "-B", str(program), *args],
        input=stdin,
        capture_output=True,
        timeout=30,
        check=False,
    )


def generator_of(problem_id: str) -> Callable[..., bytes]:
    """generate(*args) -> one test input from problems/<id>/generator.py, which must succeed."""
    program = ROOT / "problems" / problem_id / "generator.py"

    def generate(*args: str) -> bytes:
        result = run_program(program, *args)
        assert result.returncode == 0, result.stderr
        return result.stdout

    return generate


def rejection(problem_id: str, text: bytes) -> str:
    """The validator's message for an input it must reject: exit 1, one line, no traceback."""
    result = run_program(ROOT / "problems" / problem_id / "validator.py", stdin=text)
    assert result.returncode == 1, result.stdout
    assert b"Traceback" not in result.stderr
    message = result.stdout.decode()
    assert message.count("\n") == 1, message
    return message


def sample(problem_id: str) -> tuple[bytes, bytes]:
    """The original sample: (input, answer)."""
    folder = ROOT / "testdata" / problem_id
    return (folder / "sample-1.in").read_bytes(), (folder / "sample-1.ans").read_bytes()


def run_on_sample(problem_id: str, program: Path) -> bytes:
    """What `program` prints for the sample; it must exit 0."""
    result = run_program(program, stdin=sample(problem_id)[0])
    assert result.returncode == 0, result.stderr
    return result.stdout


def assert_generator_reproducible(problem_id: str, *args: str) -> None:
    """The same seed gives the same bytes, another seed other bytes, and the input is valid."""
    generate = generator_of(problem_id)
    first = generate(*args, "--seed", "7")
    assert first == generate(*args, "--seed", "7")
    assert first != generate(*args, "--seed", "8")
    checked = run_program(ROOT / "problems" / problem_id / "validator.py", stdin=first)
    assert checked.returncode == 0, checked.stdout


def shrinker_proposals(problem_id: str, test: bytes) -> list[str]:
    """The inputs problems/<id>/shrinker.py proposes for `test`, in its order."""
    result = run_program(ROOT / "problems" / problem_id / "shrinker.py", stdin=test)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.decode().splitlines()]


def play(interactor: Path, solution: Path, test: Path, tmp_path: Path) -> tuple[int, int, str]:
    """`solution` against a Kattis-convention `interactor` on `test`, wired by two pipes.

    Returns (interactor's exit code, solution's exit code, the interactor's judgemessage).
    """
    feedback = tmp_path / "feedback"
    feedback.mkdir()
    to_solution, from_solution = os.pipe(), os.pipe()
    python = [sys.executable, "-I", "-S", "-B"]
    solution_process = subprocess.Popen(
        [*python, str(solution)], stdin=to_solution[0], stdout=from_solution[1]
    )
    interactor_process = subprocess.Popen(
        [*python, str(interactor), str(test), os.devnull, f"{feedback}/"],
        stdin=from_solution[0],
        stdout=to_solution[1],
    )
    for end in (*to_solution, *from_solution):
        os.close(end)
    try:
        codes = interactor_process.wait(timeout=30), solution_process.wait(timeout=30)
    finally:
        for process in (solution_process, interactor_process):
            process.kill()
            process.wait()
    return codes[0], codes[1], (feedback / "judgemessage.txt").read_text().strip()
