"""The drainage package: a deterministic generator, a strict validator, a correct reference."""

import pytest
from tests.packages import ROOT, rejection, run_program, generator_of

PROBLEM = ROOT / "problems" / "drainage"
TESTDATA = ROOT / "testdata" / "drainage"
generate = generator_of("drainage")


@pytest.mark.parametrize(
    "args",
    [
        ("--cases", "10", "--exact", "--shape", "crossing", "--nodes", "134"),
        ("--cases", "4", "--shape", "mixed", "--answer", "zero"),
        ("--cases", "3", "--nodes", "10", "--ditches", "18", "--max-cap", "10"),
    ],
)
def test_generator_is_deterministic_and_valid(args):
    first = generate(*args, "--seed", "7")
    assert first == generate(*args, "--seed", "7")
    assert first != generate(*args, "--seed", "8")
    assert run_program(PROBLEM / "validator.py", stdin=first).returncode == 0


def test_generator_zero_answer_option_cuts_the_sink_off():
    test = generate("--cases", "10", "--exact", "--nodes", "20", "--answer", "zero", "--seed", "3")
    answers = run_program(ROOT / "solutions" / "drainage" / "reference.py", stdin=test).stdout
    assert answers.split() == [b"0"] * 10


@pytest.mark.parametrize(
    "text, expected",
    [
        (b"", "line 1"),
        (b"1 4\n1 5 3\n", "case 1, line 2"),
        (b"2 3\n1 2 3\n", "case 1, line 3"),
        (b"1 3\n1 2 x\n", "case 1, line 2"),
        (b"1 3\n1 2 10000001\n", "case 1, line 2"),
        (b"0 2\n0 1\n", "case 2, line 2"),
        (b"1 3\n1  2 3\n", "case 1, line 2"),
        (b"0 2\n" * 11, "case 11, line 11"),
    ],
)
def test_validator_rejects_broken_input_naming_the_line(text, expected):
    assert expected in rejection("drainage", text)


def test_reference_answers_the_sample():
    sample = (TESTDATA / "sample-1.in").read_bytes()
    result = run_program(ROOT / "solutions" / "drainage" / "reference.py", stdin=sample)
    assert result.stdout == (TESTDATA / "sample-1.ans").read_bytes() == b"50\n"
