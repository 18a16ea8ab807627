"""The drainage package: a deterministic generator, a strict validator, a correct reference."""

import pytest
from judge.setter.shrink import smaller
from tests.library.helpers import (
    ROOT,
    assert_generator_reproducible,
    generator_of,
    rejection,
    run_program,
    shrinker_proposals,
)

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
    assert_generator_reproducible("drainage", *args)


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


def proposals_for(test: bytes) -> list[str]:
    return shrinker_proposals("drainage", test)


def test_shrinker_proposes_cases_alone_and_intersections_removed_or_routed_past():
    first = "5 4\n1 2 40\n1 4 20\n2 4 20\n2 3 30\n3 4 10\n"
    second = "2 3\n1 2 5\n2 3 7\n"
    test = (first + second).encode()
    proposals = proposals_for(test)
    assert proposals[:2] == [first, second]  # each case alone, first
    # Intersection 2 removed with its ditches: 3 and 4 become 2 and 3, so the sink stays last.
    assert "2 3\n1 3 20\n2 3 10\n" + second in proposals
    # Intersection 3 routed past: 2 -> 3 -> 4 carries min(30, 10).
    assert "4 3\n1 2 40\n1 3 20\n2 3 20\n2 3 10\n" + second in proposals
    # Intersection 2 merged into the source: 1 -> 2 goes, 2 -> 4 and 2 -> 3 leave 1 instead.
    assert "4 3\n1 3 20\n1 3 20\n1 2 30\n2 3 10\n" + second in proposals
    assert first + "1 2\n1 2 5\n" in proposals  # the second case's intersection 2 routed past
    assert first + "1 3\n2 3 7\n" in proposals  # a ditch of the second case dropped
    assert all(len(p.split()) < len(test.split()) for p in proposals)


def test_shrinker_prunes_merges_and_compacts():
    test = b"5 6\n1 3 5\n1 3 6\n3 6 7\n6 1 2\n2 5 9\n"
    proposals = proposals_for(test)
    assert proposals[0] == "4 6\n1 3 5\n1 3 6\n3 6 7\n2 5 9\n"  # 6 -> 1 leaves the sink
    assert proposals[1] == "4 3\n1 2 5\n1 2 6\n2 3 7\n3 1 2\n"  # 2 and 5 are on no route
    assert "4 6\n1 3 11\n3 6 7\n6 1 2\n2 5 9\n" in proposals  # parallel ditches merged
    assert proposals[-1] == "5 5\n1 3 5\n1 3 6\n3 5 7\n5 1 2\n2 4 9\n"  # 4 is unused
    assert all(smaller(p.encode(), test) for p in proposals)


@pytest.mark.parametrize("garbage", [b"not an input", b"2 4\n1 2 3\n", b"1 4\n1 2"])
def test_shrinker_proposes_nothing_for_garbage(garbage):
    result = run_program(PROBLEM / "shrinker.py", stdin=garbage)
    assert result.returncode == 0 and result.stdout == b"" and result.stderr == b""
