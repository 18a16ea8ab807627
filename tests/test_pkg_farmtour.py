"""The farmtour package: a deterministic generator, a strict validator, a correct reference."""

import pytest
from tests.packages import ROOT, rejection, run_program, generator_of

PROBLEM = ROOT / "problems" / "farmtour"
TESTDATA = ROOT / "testdata" / "farmtour"
generate = generator_of("farmtour")


@pytest.mark.parametrize(
    "args",
    [
        ("--exact", "--shape", "chain", "--order", "far-first"),
        ("--exact", "--fields", "200", "--paths", "600", "--shape", "trap"),
        ("--shape", "mixed"),
        ("--exact", "--fields", "8", "--paths", "12", "--max-w", "10"),
    ],
)
def test_generator_is_deterministic_and_valid(args):
    first = generate(*args, "--seed", "7")
    assert first == generate(*args, "--seed", "7")
    assert first != generate(*args, "--seed", "8")
    assert run_program(PROBLEM / "validator.py", stdin=first).returncode == 0


@pytest.mark.parametrize(
    "text, expected",
    [
        (b"", "line 1"),
        (b"1 1\n1 1 1\n", "line 1"),
        (b"3 2\n1 2 5\n2 4 5\n", "line 3"),
        (b"2 2\n1 2 5\n2 1 35000\n", "line 3"),
        (b"2 2\n1 2 5\n2 1 x\n", "line 3"),
        (b"2 2\n1 2 5\n", "line 3"),
        (b"2 2\n1 2 5\n2 1 5\n1 2 5\n", "line 4"),
        (b"3 3\n1 2 5\n2 3 5\n1 2 5\n", "two routes"),
    ],
)
def test_validator_rejects_broken_input_naming_the_line(text, expected):
    assert expected in rejection("farmtour", text)


def test_validator_accepts_routes_that_share_fields():
    bowtie = b"3 4\n1 2 1\n2 1 1\n2 3 1\n3 2 1\n"
    assert run_program(PROBLEM / "validator.py", stdin=bowtie).returncode == 0


def test_reference_answers_the_sample():
    sample = (TESTDATA / "sample-1.in").read_bytes()
    result = run_program(ROOT / "solutions" / "farmtour" / "reference.py", stdin=sample)
    assert result.stdout == (TESTDATA / "sample-1.ans").read_bytes() == b"6\n"
