"""Helpers for the package tests: run a problem's own programs the way the judge runs them."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


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
