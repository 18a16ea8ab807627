"""The sightseeing package with real processes: generator, validator, reference and test data."""

import hashlib
import json

import pytest
import yaml
from tests.library.helpers import (
    ROOT,
    assert_generator_reproducible,
    generator_of,
    rejection,
    run_program,
)

PROBLEM = ROOT / "problems" / "sightseeing"
REFERENCE = ROOT / "solutions" / "sightseeing" / "reference.py"
TESTDATA = ROOT / "testdata" / "sightseeing"
generate = generator_of("sightseeing")


def answers(test: bytes) -> list[str]:
    result = run_program(REFERENCE, stdin=test)
    assert result.returncode == 0, result.stderr
    return result.stdout.decode().split()


@pytest.mark.parametrize(
    "args",
    [
        ("--scenarios", "20", "--m", "200", "--s", "1000", "--shape", "long-augment"),
        ("--scenarios", "6", "--shape", "mixed"),
        ("--scenarios", "5", "--max-m", "6", "--max-s", "10", "--shape", "random"),
        ("--scenarios", "3", "--shape", "single-junction"),
    ],
)
def test_generator_is_deterministic_and_valid(args):
    assert_generator_reproducible("sightseeing", *args)


@pytest.mark.parametrize(
    "shape", ["planted", "long-augment", "parallel", "self-loops", "slow-for-naive"]
)
@pytest.mark.parametrize("answer", ["possible", "impossible"])
def test_generator_gives_the_requested_answer(shape, answer):
    test = generate(
        "--scenarios",
        "4",
        "--max-m",
        "30",
        "--max-s",
        "120",
        "--shape",
        shape,
        "--answer",
        answer,
        "--seed",
        "3",
    )
    assert answers(test) == [answer] * 4


def test_generator_refuses_an_impossible_single_junction():
    result = run_program(
        PROBLEM / "generator.py",
        "--shape",
        "single-junction",
        "--answer",
        "impossible",
        "--seed",
        "1",
    )
    assert result.returncode == 2
    assert b"single junction" in result.stderr


@pytest.mark.parametrize(
    "text, expected",
    [
        (b"", "empty"),
        (b"1\n1 1\n1 1 0", "missing newline"),
        (b"1\n3 2\n1 2 0\n", "scenario 1, line 4: expected x y d"),
        (b"1\n2 1\n1 2 0\n\n", "line 4: expected end of file"),
        (b"1\n2 1\n1 3 0\n", "scenario 1, line 3: y = 3"),
        (b"1\n2 1\n1 2 2\n", "scenario 1, line 3: d = 2"),
        (b"1\n2 1\n1 x 0\n", "scenario 1, line 3"),
        (b"1\n2 1\n1  2 0\n", "scenario 1, line 3"),
        (b"1\n201 1\n1 2 0\n", "scenario 1, line 2: m = 201"),
        (b"21\n", "line 1: n = 21"),
        (b"2\n1 1\n1 1 0\n2 1\n1 1 0\n", "scenario 2, line 4: no junction reaches"),
        (b"1\n3 2\n1 2 0\n2 1 1\n", "scenario 1, line 2: no junction reaches"),
        (b"1\n\xff\n", "ASCII"),
    ],
)
def test_validator_rejects_broken_input_naming_the_place(text, expected):
    assert expected in rejection("sightseeing", text)


def test_validator_accepts_a_root_that_only_one_way_streets_leave():
    result = run_program(PROBLEM / "validator.py", stdin=b"1\n3 2\n1 2 1\n1 3 1\n")
    assert result.returncode == 0, result.stdout


def test_reference_answers_the_sample():
    sample = (TESTDATA / "sample-1.in").read_bytes()
    assert answers(sample) == ["possible", "impossible", "impossible", "possible"]
    assert (TESTDATA / "sample-1.ans").read_text().split() == answers(sample)


@pytest.mark.parametrize("name", ["gen-001", "gen-015", "gen-017"])
def test_manifest_regenerates_the_generated_tests(name):
    entry = yaml.safe_load((TESTDATA / "manifest.yaml").read_text())[name]
    test = generate(*entry["args"], "--seed", str(entry["seed"]))
    assert hashlib.sha256(test).hexdigest() == entry["sha256"]
    assert test == (TESTDATA / f"{name}.in").read_bytes()


def test_shrinker_proposes_smaller_inputs_in_json_lines():
    test = b"2\n3 3\n1 2 1\n2 3 1\n3 1 1\n2 2\n1 2 0\n2 1 0\n"
    result = run_program(PROBLEM / "shrinker.py", stdin=test)
    assert result.returncode == 0
    proposals = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert "1\n3 3\n1 2 1\n2 3 1\n3 1 1\n" in proposals  # the first scenario alone
    assert "1\n2 2\n1 2 0\n2 1 0\n" in proposals  # the second scenario alone
    assert "2\n2 2\n1 2 1\n2 1 1\n2 2\n1 2 0\n2 1 0\n" in proposals  # junction 3 routed past
    assert all(len(p.split()) < len(test.split()) for p in proposals)


def test_shrinker_proposes_nothing_for_garbage():
    result = run_program(PROBLEM / "shrinker.py", stdin=b"not an input")
    assert result.returncode == 0 and result.stdout == b""


@pytest.mark.parametrize(
    "options, expected",
    [
        (("--max-m", "4"), "scenario 1, line 2: m = 5 is outside [1, 4]"),
        (("--max-s", "6"), "scenario 1, line 2: s = 8 is outside [1, 6]"),
        (("--one-way",), "scenario 1, line 3: d = 0, but only one-way streets are allowed"),
    ],
)
def test_validator_options_narrow_the_constraints_to_a_subtask(options, expected):
    result = run_program(
        PROBLEM / "validator.py", *options, stdin=(TESTDATA / "sample-1.in").read_bytes()
    )
    assert result.returncode == 1
    assert expected in result.stdout.decode()


def test_subtask_tests_lie_in_their_subtasks():
    folder = ROOT / "testdata" / "sightseeing-subtasks"
    for prefix, options in [
        ("small-", ("--max-m", "6", "--max-s", "10")),
        ("oneway-", ("--one-way",)),
    ]:
        for test in sorted(folder.glob(prefix + "*.in")):
            result = run_program(PROBLEM / "validator.py", *options, stdin=test.read_bytes())
            assert result.returncode == 0, (test.name, result.stdout)
