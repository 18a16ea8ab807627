"""The guess package with real processes: generator, validator, and the interactor's rules."""

from __future__ import annotations

import pytest

from tests.library.helpers import ROOT, assert_generator_reproducible, generator_of, play, rejection

PROBLEM = ROOT / "problems" / "guess"
SOLUTIONS = ROOT / "solutions" / "guess"
generate = generator_of("guess")


@pytest.mark.parametrize(
    "args",
    [("--games", "20"), ("--games", "5", "--max-n", "10"), ("--games", "3", "--secret", "hardest")],
)
def test_generator_is_deterministic_and_valid(args):
    assert_generator_reproducible("guess", *args)


def test_hardest_secrets_take_every_guess_of_a_binary_search():
    games = generate("--games", "20", "--secret", "hardest", "--seed", "3").split(b"\n")[1:-1]
    for n, x in (map(int, game.split()) for game in games):
        low, high, guesses = 1, n, 1
        while (middle := (low + high) // 2) != x:
            low, high = (low, middle - 1) if x < middle else (middle + 1, high)
            guesses += 1
        assert guesses == n.bit_length(), (n, x)


@pytest.mark.parametrize(
    "text, expected",
    [
        (b"", "empty"),
        (b"1\n5 3", "missing newline"),
        (b"21\n", "t = 21"),
        (b"2\n5 3\n", "expected 2 games after line 1, found 1"),
        (b"1\n5 6\n", "line 2: x = 6 is outside [1, n = 5]"),
        (b"1\n1000000001 1\n", "line 2: n = 1000000001"),
        (b"1\n5 03\n", "line 2: expected n x"),
        (b"1\n5  3\n", "line 2: expected n x"),
        (b"1\n0 0\n", "line 2: expected n x"),
    ],
)
def test_validator_rejects_broken_input_naming_the_place(text, expected):
    assert expected in rejection("guess", text)


def write_test(tmp_path, games: list[tuple[int, int]]):
    path = tmp_path / "test.in"
    path.write_text(f"{len(games)}\n" + "".join(f"{n} {x}\n" for n, x in games))
    return path


def solution(tmp_path, source: str):
    path = tmp_path / "solution.py"
    path.write_text(source)
    return path


@pytest.mark.parametrize("name", ["reference.py", "accepted/upper_middle.py"])
def test_the_interactor_accepts_binary_searches_with_exactly_enough_guesses(tmp_path, name):
    games = [(1, 1), (2, 2), (5, 5), (10, 7), (10**9, 10**9), (10**9, 1)]
    codes = play(PROBLEM / "interactor.py", SOLUTIONS / name, write_test(tmp_path, games), tmp_path)
    assert codes == (42, 0, "6 games won")


# Writes the given lines, reading a reply between two of them, then exits.
GUESSES = """
import sys
sys.stdin.readline()
sys.stdin.readline()
lines = {lines!r}
for number, line in enumerate(lines, 1):
    print(line, flush=True)
    if number < len(lines):
        sys.stdin.readline()
"""


@pytest.mark.parametrize(
    "lines, message",
    [
        (["guess 5", "guess 9", "guess 6", "guess 8", "guess 7"], "not found in 4 guesses"),
        (["? 5"], "game 1, guess 1: expected 'guess Y', got '? 5'"),
        (["guess 11"], "game 1, guess 1: 11 is outside 1..10"),
        (["guess 0"], "expected 'guess Y'"),
        (["guess 7", "guess 7"], "output after the last game: 'guess 7'"),
        # gone before the reply, or after it: either is noticed
        (["guess 5"], "game 1, guess 2: the submission's output ended|stopped reading its input"),
    ],
)
def test_the_interactor_rejects_with_a_reason(tmp_path, lines, message):
    source = solution(tmp_path, GUESSES.format(lines=lines))
    test = write_test(tmp_path, [(10, 7)])
    interactor_code, _, said = play(PROBLEM / "interactor.py", source, test, tmp_path)
    assert interactor_code == 43
    assert any(part in said for part in message.split("|")), said


def test_the_interactor_survives_a_submission_that_stops_reading(tmp_path):
    source = solution(tmp_path, "import os\nos.close(0)\nprint('guess 7', flush=True)\n")
    games = [(10, 7), (10, 3)]
    interactor_code, _, said = play(
        PROBLEM / "interactor.py", source, write_test(tmp_path, games), tmp_path
    )
    assert interactor_code == 43
    assert said in (
        "the submission stopped reading its input",
        "game 2, guess 1: the submission's output ended",
    )
