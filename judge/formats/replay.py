"""A generator, and if need be a reference, for an imported problem that has none this judge
can run.

Kattis packages carry their tests but no generator in a convention this judge runs. So that
`judge stress` works on an imported problem, the import writes this generator: it replays the
problem's own tests, printing the input of one of them chosen by the seed. Stress then pits a
solution against the reference on those inputs, and shrinks a failing one to a small case.

Some packages (the Code Jam archive's) carry no solution at all. Their reference replays the
package's answers: given the input of one of the problem's tests it prints that test's answer,
and for any other input it fails, saying so.
"""

from __future__ import annotations

import base64
import hashlib
import zlib

from judge.formats.draft import NewFile, Note, NoteKind

STRESS_ARGS = ["--smallest", "8"]  # stress on the eight smallest tests: quick, and shrinkable

REPLAY_GENERATOR = '''\
"""Generator written by `judge import`: it replays this problem's own tests.

`generator [--smallest K] --seed N` prints the input of one test of testdata/{problem_id}/,
chosen by N (among the K smallest inputs when K is given), so that `judge stress` can pit a
solution against the reference on them and shrink a failing one. `judge generate` refuses its
inputs as copies of existing tests. Replace it with a real generator (docs/problem-format.md)
to stress with new inputs.
"""
import argparse
import pathlib
import sys

parser = argparse.ArgumentParser()
parser.add_argument("--smallest", type=int, default=0)
parser.add_argument("--seed", type=int, required=True)
args = parser.parse_args()
tests = sorted(pathlib.Path("testdata", {problem_id!r}).glob("*.in"))
if args.smallest > 0:
    tests = sorted(tests, key=lambda path: (path.stat().st_size, path.name))[: args.smallest]
if not tests:
    sys.exit("no tests to replay")
sys.stdout.buffer.write(tests[args.seed % len(tests)].read_bytes())
'''


def replay_generator(problem_id: str) -> tuple[NewFile, dict, Note]:
    """The generator file, its `generator` mapping for problem.yaml, and the note saying so."""
    target = f"problems/{problem_id}/generator.py"
    spec = {"program": target, "default_args": [], "stress_args": STRESS_ARGS}
    note = Note(
        NoteKind.CONVERTED,
        "generator",
        "generator.py replays the package's own tests, for judge stress (the package has no "
        "generator this judge can run)",
    )
    return NewFile(target, REPLAY_GENERATOR.format(problem_id=problem_id).encode()), spec, note


REPLAY_REFERENCE = '''\
"""Reference written by `judge import`: the package had no solution this judge can run.

It knows the answers of the package's own tests (kept here, compressed, by the SHA-256 of their
inputs) and fails on any other input. Replace it with a real solution to generate or stress
with new inputs.
"""
import base64
import hashlib
import sys
import zlib

ANSWERS = {answers!r}
given = hashlib.sha256(sys.stdin.buffer.read()).hexdigest()
if given not in ANSWERS:
    sys.exit("not one of the package's tests: only their answers are known")
sys.stdout.buffer.write(zlib.decompress(base64.b64decode(ANSWERS[given])))
'''
MAX_REPLAYED_BYTES = 32 << 20  # answers kept in the reference's source, compressed


def replay_reference(
    problem_id: str, tests: list[tuple[bytes, bytes]]
) -> tuple[NewFile, Note] | None:
    """A reference that knows the answers of `tests` (input, answer), and the note; None when
    the answers are too large to keep in a source file."""
    answers = {
        hashlib.sha256(given).hexdigest(): base64.b64encode(zlib.compress(answer, 9)).decode()
        for given, answer in tests
    }
    if sum(len(a) for a in answers.values()) > MAX_REPLAYED_BYTES:
        return None
    target = f"solutions/{problem_id}/replay_answers.py"
    note = Note(
        NoteKind.UNSUPPORTED,
        "submissions",
        "no accepted submission this judge can run: the reference (replay_answers.py) knows "
        "the answers of the package's own tests, and no others",
    )
    source = REPLAY_REFERENCE.format(answers=answers)
    return NewFile(target, source.encode()), note
