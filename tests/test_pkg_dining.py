"""Package checks for problem `dining` with real processes: generator, validator, reference."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROBLEM = ROOT / "problems" / "dining"
TESTDATA = ROOT / "testdata" / "dining"


def run(program, *args, stdin=b""):
    return subprocess.run(
        [sys.executable, "-I", "-S", "-B", str(program), *args],
        input=stdin,
        capture_output=True,
        timeout=30,
        check=False,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["--shape", "random"],
        ["--shape", "full", "--exact"],
        ["--shape", "greedy-trap", "--exact", "--max-f", "30"],
        ["--shape", "two-groups", "--likes", "9"],
        ["--shape", "hungry", "--max-n", "20"],
    ],
)
def test_generator_is_deterministic_and_valid(args):
    first = run(PROBLEM / "generator.py", *args, "--seed", "7")
    second = run(PROBLEM / "generator.py", *args, "--seed", "7")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    checked = run(PROBLEM / "validator.py", stdin=first.stdout)
    assert checked.returncode == 0, checked.stdout


def test_generator_seed_changes_the_test():
    outputs = {run(PROBLEM / "generator.py", "--seed", str(seed)).stdout for seed in (1, 2, 3)}
    assert len(outputs) == 3


@pytest.mark.parametrize(
    "text, line",
    [
        (b"", "line 1"),
        (b"2 1 1\n1 1 1 1\n", "line 3"),
        (b"1 1 1\n1 1 1 1\n1 1 1 1\n", "line 3"),
        (b"1 2 1\n2 1 1 1 1\n", "line 2"),
        (b"1 1 1\n1 1 1 2\n", "line 2"),
        (b"1 1 1\n0 1 1\n", "line 2"),
        (b"1 1 101\n", "line 1"),
        (b"1 1 1\n1 1\t1 1\n", "line 2"),
        (b"1 1 x\n", "line 1"),
        (b"1 1 1\n1 1 1 1", "line 2"),
    ],
)
def test_validator_rejects_broken_input_naming_the_line(text, line):
    result = run(PROBLEM / "validator.py", stdin=text)
    assert result.returncode == 1
    message = result.stdout.decode()
    assert line in message and message.count("\n") == 1
    assert b"Traceback" not in result.stderr


def test_validator_accepts_the_sample():
    result = run(PROBLEM / "validator.py", stdin=(TESTDATA / "sample-1.in").read_bytes())
    assert result.returncode == 0, result.stdout


def test_reference_answers_the_sample():
    result = run(
        ROOT / "solutions" / "dining" / "reference.py",
        stdin=(TESTDATA / "sample-1.in").read_bytes(),
    )
    assert result.returncode == 0
    assert result.stdout.split() == (TESTDATA / "sample-1.ans").read_bytes().split() == [b"3"]
