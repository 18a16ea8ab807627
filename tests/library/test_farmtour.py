"""The farmtour package: a deterministic generator, a strict validator, a correct reference."""

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
    assert_generator_reproducible("farmtour", *args)


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


def proposals_for(test: bytes) -> list[str]:
    return shrinker_proposals("farmtour", test)


def test_shrinker_removes_fields_routes_them_past_and_drops_pairs():
    test = b"4 5\n1 2 3\n2 4 4\n1 3 5\n3 4 6\n1 4 7\n"
    proposals = proposals_for(test)
    # Field 3 removed with its paths: the barn becomes field 3, still the last.
    assert proposals[0] == "3 3\n1 2 3\n2 3 4\n1 3 7\n"
    # Field 3 routed past: 1 - 3 - 4 becomes one path 5 + 6 long.
    assert "3 4\n1 2 3\n2 3 4\n1 3 11\n1 3 7\n" in proposals
    assert "3 4\n1 3 7\n1 2 5\n2 3 6\n1 3 7\n" in proposals  # field 2 routed past
    # Field 3 merged into the barn, which stays the last field; the path between them goes.
    assert "3 4\n1 2 3\n2 3 4\n1 3 5\n1 3 7\n" in proposals
    assert "4 3\n1 2 3\n2 4 4\n1 4 7\n" in proposals  # the pair of paths via field 3 dropped
    assert all(len(p.split()) < len(test.split()) for p in proposals)


def test_shrinker_drops_needless_paths_and_compacts_fields():
    # A loop, a third parallel path 1 - 5 and the part 3 - 4 that field 1 cannot reach.
    test = b"5 7\n1 2 1\n2 5 1\n1 5 9\n1 5 8\n5 5 1\n3 4 1\n1 5 3\n"
    assert proposals_for(test)[0] == "3 4\n1 2 1\n2 3 1\n1 3 8\n1 3 3\n"
    sparse = b"6 4\n1 4 1\n4 6 1\n1 6 2\n6 1 2\n"
    proposals = proposals_for(sparse)
    assert "3 4\n1 2 1\n2 3 1\n1 3 2\n3 1 2\n" in proposals  # fields 2, 3 and 5 unused
    assert all(smaller(p.encode(), sparse) for p in proposals)


@pytest.mark.parametrize("garbage", [b"not an input", b"4 4\n1 2", b"3 1\n1 2 3\n1 3 4\n"])
def test_shrinker_proposes_nothing_for_garbage(garbage):
    result = run_program(PROBLEM / "shrinker.py", stdin=garbage)
    assert result.returncode == 0 and result.stdout == b"" and result.stderr == b""
