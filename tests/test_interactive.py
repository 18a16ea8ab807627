"""Interactive problems: problem.yaml keys, sample transcripts, and judging with real processes."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.errors import ProblemError
from judge.spec import load_problem
from judge.testdata import discover_tests
from judge.transcript import Direction, read_transcript
from tests.conftest import SUM_YAML, write_project

INTERACTIVE_YAML = SUM_YAML + (
    "interactive:\n  protocol: kattis\n  program: problems/sum/interactor.py\n"
)
TRANSCRIPT = "<1 2\n>3\n<correct\n"


def interactive_project(tmp_path, yaml_text=INTERACTIVE_YAML, tests=None, transcript=TRANSCRIPT):
    root = write_project(
        tmp_path,
        problem_yaml=yaml_text,
        tests=tests,
        problem_files={"interactor.py": "import sys\nsys.exit(42)\n"},
    )
    if transcript is not None:
        (root / "testdata/sum/sample-1.interaction").write_text(transcript)
    return root


def test_interactive_keys_load(tmp_path):
    root = interactive_project(tmp_path, INTERACTIVE_YAML + "  time_ms: 2500\n")
    problem = load_problem(root, "sum")
    assert problem.interactive.protocol == "kattis"
    assert problem.interactive.program == root / "problems/sum/interactor.py"
    assert problem.interactive.time_ms == 2500
    assert (
        load_problem(
            interactive_project(tmp_path / "plain", SUM_YAML, transcript=None), "sum"
        ).interactive
        is None
    )


@pytest.mark.parametrize(
    "yaml_text, fragment",
    [
        (INTERACTIVE_YAML.replace("kattis", "polygon"), "expected one of testlib, kattis"),
        (INTERACTIVE_YAML.replace("  protocol: kattis\n", ""), "'interactive.protocol': missing"),
        (
            INTERACTIVE_YAML.replace("  program: problems/sum/interactor.py\n", ""),
            "'interactive.program': missing; expected the path of the interactor program",
        ),
        (INTERACTIVE_YAML.replace("interactor.py", "nothing.py"), "file not found"),
        (INTERACTIVE_YAML + "  limits: 3\n", "'interactive.limits': unknown key"),
        (
            INTERACTIVE_YAML + "checker:\n  name: exact\n",
            "an interactive problem is judged by its interactor; remove 'checker'",
        ),
    ],
)
def test_interactive_keys_are_checked(tmp_path, yaml_text, fragment):
    root = interactive_project(tmp_path, yaml_text)
    with pytest.raises(ProblemError) as caught:
        load_problem(root, "sum")
    assert fragment in str(caught.value) and caught.value.line is not None


def test_a_sample_transcript_belongs_to_its_test(tmp_path):
    root = interactive_project(tmp_path)
    cases = {case.name: case for case in discover_tests(load_problem(root, "sum"))}
    assert cases["sample-1"].interaction == root / "testdata/sum/sample-1.interaction"
    assert cases["hand-01-negative"].interaction is None
    transcript = read_transcript(cases["sample-1"].interaction)
    assert [(e.direction, e.text) for e in transcript.exchanges] == [
        (Direction.TO_SUBMISSION, "1 2"),
        (Direction.FROM_SUBMISSION, "3"),
        (Direction.TO_SUBMISSION, "correct"),
    ]


@pytest.mark.parametrize(
    "yaml_text, name, text, fragment",
    [
        (INTERACTIVE_YAML, "sample-1", "<1 2\n3\n", "sample-1.interaction:2: expected '<'"),
        (INTERACTIVE_YAML, "sample-1", "", "empty transcript"),
        (INTERACTIVE_YAML, "sample-9", TRANSCRIPT, "has no input file sample-9.in"),
        (SUM_YAML, "sample-1", TRANSCRIPT, "a transcript, but the problem is not interactive"),
    ],
)
def test_broken_transcripts_are_located(tmp_path, yaml_text, name, text, fragment):
    root = interactive_project(tmp_path, yaml_text, transcript=None)
    (root / f"testdata/sum/{name}.interaction").write_text(text)
    with pytest.raises(ProblemError) as caught:
        for case in discover_tests(load_problem(root, "sum")):
            if case.interaction is not None:
                read_transcript(case.interaction)
    assert fragment in str(caught.value)


def test_show_prints_the_sample_interaction(tmp_path):
    root = interactive_project(tmp_path)
    result = CliRunner().invoke(cli, ["--root", str(root), "show", "sum"])
    assert result.exit_code == 0, result.output
    assert "checker interactive: kattis interactor interactor.py" in result.stdout
    assert "Sample interaction sample-1" in result.stdout
    lines = result.stdout.splitlines()
    start = lines.index("Sample interaction sample-1")
    assert lines[start + 1 : start + 6] == [
        "read      write",  # what the submission reads, and what it writes
        "-------   -----",
        "1 2",
        "          3",
        "correct",
    ]
