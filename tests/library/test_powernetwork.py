"""Package checks for `powernetwork` with real processes: generator, validator, reference."""

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

PROBLEM = ROOT / "problems" / "powernetwork"
TESTDATA = ROOT / "testdata" / "powernetwork"


@pytest.mark.parametrize(
    "args",
    [
        ["--sets", "4"],
        ["--sets", "2", "--exact", "--max-n", "40", "--shape", "dense", "--layout", "scattered"],
        ["--sets", "6", "--max-n", "12", "--shape", "edge", "--layout", "column"],
        ["--sets", "3", "--shape", "both", "--layout", "wrapped"],
        ["--sets", "3", "--shape", "layered", "--layout", "oneline"],
    ],
)
def test_generator_is_deterministic_and_valid(args):
    assert_generator_reproducible("powernetwork", *args)


def test_generator_seed_changes_the_test():
    outputs = {
        run_program(PROBLEM / "generator.py", "--seed", str(seed)).stdout for seed in (1, 2, 3)
    }
    assert len(outputs) == 3


def test_scattered_layout_uses_tabs_and_blank_lines():
    args = ["--sets", "5", "--layout", "scattered", "--seed", "3"]
    text = run_program(PROBLEM / "generator.py", *args).stdout
    assert b"\t" in text and b"\n\n" in text


@pytest.mark.parametrize(
    "text, where",
    [
        (b"", "data set 1, line 1"),
        (b"2 1 1 2 (0,1)20 (1,0)10 (0)15 (1)20\n1 1 1 1\n(0,0)5 (0)5\n", "data set 2, line 3"),
        (b"2 1 1 2\n(0,1)20\n(1,0) 10 (0)15 (1)20\n", "data set 1, line 3"),
        (b"2 1 1 2 (0,1)20(1,0)10 (0)15 (1)20\n", "data set 1, line 1"),
        (b"0 0 0 0\n2 1 1 1\n\n(0,2)5 (0)1 (1)1\n", "data set 2, line 4"),
        (b"2 1 1 1 (0,1)5\n(0)5\n\n", "data set 1, line 3"),
        (b"2 1 1 1 (0,1)1001 (0)1 (1)1\n", "data set 1, line 1"),
        (b"2 2 0 0 (1)1\n\t(1)2\n", "data set 1, line 2"),
        (b"2 1 1 5 (0,1)1 (0)1 (1)1\n", "data set 1, line 1"),
        (b"0 0 0 0\n" * 11, "data set 11, line 11"),
        (b"1 0 0 x\n", "data set 1, line 1"),
    ],
)
def test_validator_rejects_broken_input_naming_set_and_line(text, where):
    assert where in rejection("powernetwork", text)


def test_validator_accepts_the_sample():
    run_on_sample("powernetwork", PROBLEM / "validator.py")


def test_reference_answers_the_sample():
    answer = sample("powernetwork")[1]
    output = run_on_sample("powernetwork", ROOT / "solutions" / "powernetwork" / "reference.py")
    assert output.split() == answer.split() == [b"15", b"6"]


def proposals_for(text: bytes) -> list[bytes]:
    return [p.encode() for p in shrinker_proposals("powernetwork", text)]


def test_shrinker_removes_and_routes_nodes_and_lowers_capacities():
    cycle = b"3 1 1 3 (0,1)20 (1,2)7 (2,0)3 (0)15 (2)9\n"
    proposals = proposals_for(cycle)
    # Node 1 removed with its two links; node 2 becomes node 1.
    assert b"2 1 1 1 (1,0)3 (0)15 (1)9\n" in proposals
    # Node 1 routed past: 0 -> 1 -> 2 becomes one link of capacity min(20, 7), renumbered.
    assert b"2 1 1 2 (0,1)7 (1,0)3 (0)15 (1)9\n" in proposals
    assert b"3 0 1 3 (0,1)20 (1,2)7 (2,0)3 (2)9\n" in proposals  # the station dropped
    assert b"3 1 1 3 (0,1)2 (1,2)7 (2,0)3 (0)15 (2)9\n" in proposals  # a capacity lowered
    # Smaller as `judge stress` measures; lowered capacities only save bytes.
    assert all(size(proposal) < size(cycle) for proposal in proposals)


def test_shrinker_drops_data_sets_and_keeps_the_layout_of_the_rest():
    sample = (TESTDATA / "sample-1.in").read_bytes()
    proposals = proposals_for(sample)
    first, second = sample.split(b"\n", 1)
    assert proposals[0] == first + b"\n" + b" ".join(second.split()) + b"\n"
    assert first + b"\n" in proposals
    blank_line = b"1 1 1 1\n\n(0,0)5 (0)15\t(0)20\n0 0 0 0\n"
    proposals = proposals_for(blank_line)
    assert b"1 1 1 1\n\n(0,0)5 (0)15\t(0)20\n" in proposals
    assert b"1 0 1 1\n\n(0,0)5\t(0)20\n0 0 0 0\n" in proposals
    assert all(size(proposal) < size(blank_line) for proposal in proposals)


@pytest.mark.parametrize(
    "text", [b"2 1 1 2 (0,1)20\n", b"1 0 0 1 (0, 0)1\n", b"(0)1\n", b"power\n", b""]
)
def test_shrinker_proposes_nothing_for_garbage(text):
    result = run_program(PROBLEM / "shrinker.py", stdin=text)
    assert result.returncode == 0 and result.stdout == b"" and result.stderr == b""
