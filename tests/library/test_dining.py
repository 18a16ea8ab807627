"""Package checks for problem `dining` with real processes: generator, validator, reference."""

import pytest
from judge.setter.shrink import size
from tests.library.helpers import (
    ROOT,
    assert_generator_reproducible,
    rejection,
    run_on_sample,
    run_program,
    sample,
    shrinker_proposals,
)

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
    assert_generator_reproducible("dining", *args)


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
    run_on_sample("dining", PROBLEM / "validator.py")


def test_reference_answers_the_sample():
    answer = sample("dining")[1]
    output = run_on_sample("dining", ROOT / "solutions" / "dining" / "reference.py")
    assert output.split() == answer.split() == [b"3"]


def proposals_for(text: bytes) -> list[bytes]:
    return [p.encode() for p in shrinker_proposals("dining", text)]


def test_shrinker_removes_foods_drinks_and_liked_items():
    sample = (TESTDATA / "sample-1.in").read_bytes()
    proposals = proposals_for(sample)
    # Food 3 gone: cows 2 and 3 keep one food each, ids above 3 (none) would move down.
    assert b"4 2 3\n2 2 1 2 3 1\n1 2 2 1 2\n1 2 1 1 2\n1 1 1 3\n" in proposals
    # Drink 3 gone: cow 4 liked only drink 3, so she goes too (N = 3).
    assert b"3 3 2\n2 1 1 2 1\n2 2 2 3 1 2\n2 2 1 3 1 2\n" in proposals
    # Cow 4 no longer likes food 3.
    assert b"4 3 3\n2 2 1 2 3 1\n2 2 2 3 1 2\n2 2 1 3 1 2\n1 1 1 3\n" in proposals
    # Smaller as `judge stress` measures: fewer tokens, or as many with a smaller sum of numbers.
    assert all(size(proposal) < size(sample) for proposal in proposals)


def test_shrinker_compacts_ids_and_puts_the_most_liked_first():
    unused = b"2 5 4\n1 1 4 2\n1 1 2 4\n"
    assert proposals_for(unused)[0] == b"2 2 2\n1 1 2 1\n1 1 1 2\n"
    popular_second = b"2 2 1\n1 1 2 1\n2 1 1 2 1\n"
    proposals = proposals_for(popular_second)
    assert b"2 2 1\n1 1 1 1\n2 1 2 1 1\n" in proposals
    assert all(size(proposal) < size(popular_second) for proposal in proposals)


@pytest.mark.parametrize("text", [b"4 3 3\n2 2 1 2", b"cows\n", b""])
def test_shrinker_proposes_nothing_for_garbage(text):
    result = run_program(PROBLEM / "shrinker.py", stdin=text)
    assert result.returncode == 0 and result.stdout == b"" and result.stderr == b""
