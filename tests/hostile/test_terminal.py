"""A submission whose output and stderr are written for the operator's terminal: everything of
it that `judge submit`, `judge run` and `judge diff` show there has its control characters
escaped; into a file or a pipe `judge run` writes its output as it is."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from judge.cli import cli
from tests.conftest import write_project

PROGRAM = Path(__file__).with_name("programs") / "terminal_tricks.py"
RAW = ("\x1b]0;pwned", "\x1b[2J", "\x1b]52;c;", "\rverdict: AC", "\x1b[1;32mverdict",
       "\u202e", "\x9b31m", "\x07")
ESCAPED = ("\\x1b]0;pwned\\a", "\\x1b[2J", "\\x1b]52;c;cm0gLXJmIH4K\\a", "\\x1b[1;32mverdict: AC",
           "\\u202eCA", "\\x9b31m")
CARRIAGE_RETURN = "verdict: WA\\rverdict: AC"  # (a diff takes it for a line break)


def tricks(root):
    return str(root / "solutions/sum/tricks.py")


def project(tmp_path):
    root = write_project(tmp_path)
    shutil.copy(PROGRAM, root / "solutions/sum/tricks.py")
    return root


def assert_shown_not_obeyed(text):
    for raw in RAW:
        assert raw not in text, (raw, text)
    for escaped in ESCAPED:
        assert escaped in text, (escaped, text)


def test_submit_shows_the_tricks_escaped_even_in_colour(tmp_path):
    root = project(tmp_path)
    result = CliRunner().invoke(cli, ["--root", str(root), "submit", tricks(root), "sum"],
                                env={"FORCE_COLOR": "1", "COLUMNS": "200"})
    assert result.exit_code == 1, result.output
    assert "\x1b[" in result.output  # rich's own colours are there
    assert_shown_not_obeyed(result.output)
    assert CARRIAGE_RETURN in result.output


def test_submit_json_names_every_control_character_by_an_escape(tmp_path):
    root = project(tmp_path)
    result = CliRunner().invoke(cli, ["--root", str(root), "submit", tricks(root), "sum",
                                      "--json"])
    for raw in RAW:
        assert raw not in result.stdout
    stderr = json.loads(result.stdout)["tests"][0]["stderr"]
    assert "\x1b]52;c;" in stderr and "\x9b31m" in stderr  # the same strings, read back


def test_diff_shows_the_tricks_escaped(tmp_path):
    root = project(tmp_path)
    result = CliRunner().invoke(cli, ["--root", str(root), "diff", tricks(root), "sum"],
                                env={"FORCE_COLOR": "1"})
    assert result.exit_code == 1, result.output
    assert_shown_not_obeyed(result.output)


def run_judge(root, stdout, stderr):
    command = [sys.executable, "-m", "judge", "--root", str(root), "run",
               tricks(root), "sum", str(root / "testdata/sum/sample-1.in")]
    return subprocess.run(command, cwd=root, stdin=subprocess.DEVNULL, stdout=stdout,
                          stderr=stderr, timeout=120, check=False)


def test_run_into_a_terminal_shows_the_tricks_escaped(tmp_path):
    root = project(tmp_path)
    leader, follower = os.openpty()
    try:
        done = run_judge(root, follower, follower)
        os.close(follower)
        follower = None
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the terminal's other side is closed
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(leader)
        if follower is not None:
            os.close(follower)
    text = seen.decode()
    assert done.returncode == 0, text
    assert_shown_not_obeyed(text.replace("\r\n", "\n"))  # (the terminal's own line ends)
    assert CARRIAGE_RETURN in text


def test_run_into_a_pipe_writes_the_output_as_it_is(tmp_path):
    root = project(tmp_path)
    done = run_judge(root, subprocess.PIPE, subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"\x1b]0;pwned\x07\x1b[2J\x1b[H\x1b]52;c;")
    assert b"\xc2\x9b31mred\n" in done.stdout and b"\x1b]52;c;" in done.stderr
