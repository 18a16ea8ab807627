"""Package checks for problem `dining` with real processes: generator, validator, reference."""

import pytest
from tests.packages import ROOT, rejection, run_program

PROBLEM = ROOT / "problems" / "dining"
TESTDATA = ROOT / "testdata" / "dining"


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
    first = run_program(PROBLEM / "generator.py", *args, "--seed", "7")
    second = run_program(PROBLEM / "generator.py", *args, "--seed", "7")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    checked = run_program(PROBLEM / "validator.py", stdin=first.stdout)
    assert checked.returncode == 0, checked.stdout


def test_generator_seed_changes_the_test():
    outputs = {
        run_program(PROBLEM / "generator.py", "--seed", str(seed)).stdout for seed in (1, 2, 3)
    }
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
    assert line in rejection("dining", text)


def test_validator_accepts_the_sample():
    result = run_program(PROBLEM / "validator.py", stdin=(TESTDATA / "sample-1.in").read_bytes())
    assert result.returncode == 0, result.stdout


def test_reference_answers_the_sample():
    result = run_program(
        ROOT / "solutions" / "dining" / "reference.py",
        stdin=(TESTDATA / "sample-1.in").read_bytes(),
    )
    assert result.returncode == 0
    assert result.stdout.split() == (TESTDATA / "sample-1.ans").read_bytes().split() == [b"3"]
