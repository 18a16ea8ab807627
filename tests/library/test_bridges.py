"""The bridges package with real processes: generator, validator, reference and route checker."""

import json
from pathlib import Path

import pytest

from tests.library.helpers import (
    ROOT,
    assert_generator_reproducible,
    generator_of,
    rejection,
    run_program,
)

PROBLEM = ROOT / "problems" / "bridges"
REFERENCE = ROOT / "solutions" / "bridges" / "reference.py"
TESTDATA = ROOT / "testdata" / "bridges"
generate = generator_of("bridges")

# Two triangles at island 1, each cheap (cost 3) one way round only: either may be ridden first.
BOWTIE = b"5 6\n1 2 3 9\n2 3 3 9\n3 1 3 9\n4 1 9 3\n5 4 9 3\n1 5 9 3\n"
BOWTIE_ANSWER = b"3\n1 2 3 4 5 6\n"


def max_of_min_costs(test: bytes) -> int:
    values = list(map(int, test.split()[2:]))
    return max(min(values[i + 2], values[i + 3]) for i in range(0, len(values), 4))


@pytest.mark.parametrize(
    "args",
    [
        ("--n", "1000", "--m", "2000", "--costs", "nearmiss", "--target", "600", "--decoys", "5"),
        ("--n", "40", "--m", "57", "--shape", "cactus", "--write", "acyclic"),
        ("--n", "20", "--m", "150", "--shape", "dense", "--costs", "free", "--target", "9"),
        ("--n", "30", "--m", "50", "--shape", "odd"),
        ("--n", "30", "--m", "29", "--shape", "random"),
    ],
)
def test_generator_is_deterministic_and_valid(args):
    assert_generator_reproducible("bridges", *args)


def test_generator_odd_shape_has_no_tour():
    test = generate("--n", "50", "--m", "90", "--shape", "odd", "--seed", "3")
    assert run_program(REFERENCE, stdin=test).stdout == b"NIE\n"


def test_generator_near_miss_needs_more_than_the_cheaper_ways():
    test = generate(
        "--n", "100", "--m", "300", "--costs", "nearmiss", "--target", "500", "--seed", "4"
    )
    optimum = int(run_program(REFERENCE, stdin=test).stdout.split()[0])
    assert max_of_min_costs(test) <= 500 < optimum


@pytest.mark.parametrize(
    "text, expected",
    [
        (b"", "newline"),
        (b"4 4\n1 2 2 4\n2 3 3 4\n3 4 4 4\n", "line 5"),
        (b"3 2\n1 2 1 1\n2 1 1 1\n", "line 3"),
        (b"3 2\n1 2 1 1\n2 2 1 1\n", "line 3"),
        (b"3 2\n1 2 1 1\n2 3 1 1001\n", "line 3"),
        (b"3 2\n1 2 1 1\n2 3 1 x\n", "line 3"),
        (b"3 2\n1 2 1 1\n2  3 1 1\n", "line 3"),
        (b"3 1\n1 2 1 1\n2 3 1 1\n", "line 3"),
        (b"4 2\n1 2 1 1\n3 4 1 1\n", "cut off"),
        (b"1001 1\n1 2 1 1\n", "line 1"),
    ],
)
def test_validator_rejects_broken_input_naming_the_line(text, expected):
    assert expected in rejection("bridges", text)


def test_reference_answers_the_sample():
    sample = (TESTDATA / "sample-1.in").read_bytes()
    assert run_program(REFERENCE, stdin=sample).stdout == (TESTDATA / "sample-1.ans").read_bytes()


def check(tmp_path: Path, test: bytes, output: bytes, answer: bytes) -> tuple[int, str]:
    for name, data in (("in", test), ("out", output), ("ans", answer)):
        (tmp_path / name).write_bytes(data)
    result = run_program(PROBLEM / "checker.py", *(str(tmp_path / n) for n in ("in", "out", "ans")))
    assert b"Traceback" not in result.stderr
    return result.returncode, result.stdout.decode()


@pytest.mark.parametrize("output", [b"3\n1 2 3 4 5 6\n", b"3\n4 5 6 1 2 3\n", b"3\n4 5 6 1 2 3"])
def test_checker_accepts_any_optimal_route(tmp_path, output):
    assert check(tmp_path, BOWTIE, output, BOWTIE_ANSWER)[0] == 0


def test_checker_accepts_the_reference_routes(tmp_path):
    reference_route = run_program(REFERENCE, stdin=BOWTIE).stdout
    assert check(tmp_path, BOWTIE, reference_route, BOWTIE_ANSWER) == (0, "ok, maximum 3\n")
    sample = (TESTDATA / "sample-1.in").read_bytes()
    answer = (TESTDATA / "sample-1.ans").read_bytes()
    assert check(tmp_path, sample, run_program(REFERENCE, stdin=sample).stdout, answer)[0] == 0


@pytest.mark.parametrize(
    "output, message",
    [
        (b"3\n1 2 4 3 5 6\n", "does not touch island 3"),  # not a walk: leaves triangle 1-2-3 early
        (b"3\n2 3 1 4 5 6\n", "does not touch island 1"),  # a circuit, but it starts at island 2
        (b"3\n1 2 3 4 5 5\n", "crossed twice"),
        (b"3\n6 5 4 3 2 1\n", "cost 9 > 3"),  # a circuit from 1, the dear way round
        (b"9\n6 5 4 3 2 1\n", "optimum is 3"),
        (b"4\n1 2 3 4 5 6\n", "optimum is 3"),
        (b"3\n1 2 3 4 5\n", "expected 6 bridge numbers"),
        (b"3\n1 2 3 4 5 6 6\n", "expected 6 bridge numbers"),
        (b"3\n1 2 3 4 5 7\n", "not in 1..6"),
        (b"3\n1 2 3 4 5 x\n", "expected an integer"),
        (b"three\n1 2 3 4 5 6\n", "expected an integer"),
        (b"3\n", "found 0"),
        (b"", "empty"),
        (b"NIE\n", "printed NIE"),
    ],
)
def test_checker_rejects_wrong_routes_with_a_message(tmp_path, output, message):
    code, text = check(tmp_path, BOWTIE, output, BOWTIE_ANSWER)
    assert code == 1
    assert message in text


def test_checker_wants_nie_exactly_when_the_answer_is_nie(tmp_path):
    odd = b"3 2\n1 2 1 1\n2 3 1 1\n"
    assert check(tmp_path, odd, b"NIE\n", b"NIE\n")[0] == 0
    assert check(tmp_path, odd, b"1\n1 2\n", b"NIE\n")[0] == 1
    assert check(tmp_path, odd, b"NIE NIE\n", b"NIE\n")[0] == 1


def test_checker_gives_presentation_error_for_right_tokens_on_wrong_lines(tmp_path):
    assert check(tmp_path, BOWTIE, b"3 1 2 3 4 5 6\n", BOWTIE_ANSWER)[0] == 2
    assert check(tmp_path, BOWTIE, b"3\n1 2 3\n4 5 6\n", BOWTIE_ANSWER)[0] == 2


@pytest.mark.parametrize(
    "test, answer",
    [
        (BOWTIE, b"3\n1 2 3 4 5\n"),  # answer route too short
        (BOWTIE, b"2\n1 2 3 4 5 6\n"),  # answer maximum is not its route's
        (BOWTIE, b"seven\n"),
        (b"5 6\n1 2 3\n", BOWTIE_ANSWER),  # truncated input
        (BOWTIE, b"9\n6 5 4 3 2 1\n"),  # the contestant beats the jury
    ],
)
def test_checker_fails_on_a_broken_input_or_answer(tmp_path, test, answer):
    assert check(tmp_path, test, b"3\n1 2 3 4 5 6\n", answer)[0] == 3


def test_shrinker_routes_islands_past_and_removes_triangles():
    square = b"4 4\n1 2 2 4\n2 3 3 4\n3 4 4 4\n4 1 5 4\n"
    result = run_program(PROBLEM / "shrinker.py", stdin=square)
    assert result.returncode == 0
    proposals = [json.loads(line) for line in result.stdout.decode().splitlines()]
    # Island 4 routed past: 3 -> 4 -> 1 costs max(4, 5) = 5 one way, max(4, 4) = 4 the other.
    assert proposals[0] == "3 3\n1 2 2 4\n2 3 3 4\n3 1 5 4\n"
    assert all(len(p.split()) < len(square.split()) for p in proposals)
    triangle_and_tail = b"4 5\n1 2 1 1\n2 3 1 1\n3 1 1 1\n3 4 1 1\n4 1 1 1\n"
    result = run_program(PROBLEM / "shrinker.py", stdin=triangle_and_tail)
    # The triangle 1-2-3 removed; islands 3 and 4 renumbered as 2 and 3.
    assert json.dumps("3 2\n2 3 1 1\n3 1 1 1\n") in result.stdout.decode().splitlines()


def test_shrinker_proposes_nothing_for_garbage():
    result = run_program(PROBLEM / "shrinker.py", stdin=b"4 4\n1 2")
    assert result.returncode == 0 and result.stdout == b""
