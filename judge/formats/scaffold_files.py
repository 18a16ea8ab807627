"""The files `judge new` writes: a small, complete problem to replace piece by piece.

The example problem (the sum of a list of integers) is a working package: every program follows
this project's conventions (docs/problem-format.md), so that `judge verify` passes at once and
each file shows what its kind of program does. `{id}` and `{title}` are filled in.
"""

PROBLEM_YAML = """\
# A new problem made by `judge new`: an example (the sum of a list) to replace piece by piece.
# The format is described in docs/problem-format.md.
id: {id}
title: {title}
source: new problem

limits:
  time_ms: 1000
  memory_kb: 65536
  output_kb: 64

checker:
  name: tokens

reference: solutions/{id}/reference.py

generator:
  program: problems/{id}/generator.py
  default_args: [--max-n, "1000"]
  stress_args: [--max-n, "5", --max-value, "10"]

validator: problems/{id}/validator.py
answer_validator: problems/{id}/answer_validator.py

# Cases the validators and the checker must decide (docs/problem-format.md, "Self-tests") are in
# testdata/{id}/invalid_input, invalid_answer, invalid_output and valid_output.

groups:
  - name: samples
    glob: "sample*"
  - name: hand
    glob: "hand-*"
  - name: generated
    glob: "gen-*"
"""

STATEMENT = """\
# {title}

Replace this statement with your problem's. The example problem: you are given `n` integers;
print their sum.

## Input

The first line holds `n`. The second line holds `n` integers separated by single spaces.

## Output

One line with the sum of the `n` integers.

## Constraints

- `1 <= n <= 1000`.
- Every integer is between `-1000000000` and `1000000000`.
- Every line ends with a newline.

## Sample

Input:

```
4
3 -1 4 -1
```

Output:

```
5
```
"""

GENERATOR = '''\
"""Generator: prints one input; the same arguments and --seed give the same bytes everywhere."""
import argparse
import random

parser = argparse.ArgumentParser()
parser.add_argument("--max-n", type=int, default=1000)
parser.add_argument("--max-value", type=int, default=10**9)
parser.add_argument("--seed", type=int, required=True)
args = parser.parse_args()
rng = random.Random(args.seed)
n = rng.randint(1, args.max_n)
print(n)
print(" ".join(str(rng.randint(-args.max_value, args.max_value)) for _ in range(n)))
'''

VALIDATOR = '''\
"""Validator: exit 0 when the input on stdin keeps every constraint of the statement; otherwise
print one line saying where and what is wrong, and exit 1.

`judge verify` sets $JUDGE_BOUNDS_FILE: the smallest and largest value of each bounded variable
go there as "NAME VALUE LOW HIGH" lines, and verify warns about a bound no test reaches."""
import os
import re
import sys

MAX_N = 1000
MAX_VALUE = 10**9
INTEGER = re.compile(r"0|-?[1-9][0-9]{0,9}")
reached = {}  # name -> (smallest, largest, low, high)


def fail(message):
    print(message)
    sys.exit(1)


def bound(name, value, low, high, where):
    """Check low <= value <= high, and remember the value for the bounds report."""
    smallest, largest, _, _ = reached.get(name, (value, value, low, high))
    reached[name] = (min(smallest, value), max(largest, value), low, high)
    if not low <= value <= high:
        fail(f"{where}: expected {low} <= {name} <= {high}, found {value}")


text = sys.stdin.buffer.read().decode("ascii", errors="replace")
if not text.endswith("\\n"):
    fail("the last line must end with a newline")
lines = text[:-1].split("\\n")
if len(lines) != 2:
    fail(f"expected 2 lines, found {len(lines)}")
if not INTEGER.fullmatch(lines[0]):
    fail(f"line 1: expected n, found {lines[0][:40]!r}")
bound("n", int(lines[0]), 1, MAX_N, "line 1")
tokens = lines[1].split(" ")
if len(tokens) != int(lines[0]):
    fail(f"line 2: expected {lines[0]} integers separated by single spaces, found {len(tokens)}")
for position, token in enumerate(tokens, 1):
    if not INTEGER.fullmatch(token):
        fail(f"line 2, integer {position}: expected an integer, found {token[:40]!r}")
    bound("a", int(token), -MAX_VALUE, MAX_VALUE, f"line 2, integer {position}")
if os.environ.get("JUDGE_BOUNDS_FILE"):
    with open(os.environ["JUDGE_BOUNDS_FILE"], "a") as report:
        for name, (smallest, largest, low, high) in reached.items():
            report.write(f"{name} {smallest} {low} {high}\\n{name} {largest} {low} {high}\\n")
'''

ANSWER_VALIDATOR = '''\
"""Answer validator: `answer_validator.py INPUT < ANSWER`. Exit 42 when the answer is one integer
on one line that a sum of the input's integers can be; otherwise print why and exit 43."""
import re
import sys

MAX_SUM = 1000 * 10**9

text = sys.stdin.buffer.read().decode("ascii", errors="replace")
if not re.fullmatch(r"(0|-?[1-9][0-9]*)\\n", text):
    print(f"expected one integer on one line, found {text[:40]!r}")
    sys.exit(43)
if abs(int(text)) > MAX_SUM:
    print(f"|sum| must be at most {MAX_SUM}, found {int(text)}")
    sys.exit(43)
sys.exit(42)
'''

REFERENCE = '''\
"""Reference solution: its output on a test is that test's answer (.ans)."""
import sys

n, *numbers = map(int, sys.stdin.read().split())
print(sum(numbers))
'''

WRONG_ANSWER = '''\
"""WRONG ANSWER: adds only the positive numbers, so any negative number spoils the sum."""
import sys

n, *numbers = map(int, sys.stdin.read().split())
print(sum(x for x in numbers if x > 0))
'''

# Self-tests: (path under testdata/<id>/, content). Each kind's folder is what it must be.
SELF_TESTS = (
    ("invalid_input/n-zero.in", "0\n\n"),
    ("invalid_input/too-few-integers.in", "3\n1 2\n"),
    ("invalid_input/no-final-newline.in", "1\n5"),
    ("invalid_answer/two-numbers.in", "2\n1 2\n"),
    ("invalid_answer/two-numbers.ans", "1 2\n"),
    ("invalid_output/wrong-sum.in", "2\n1 2\n"),
    ("invalid_output/wrong-sum.ans", "3\n"),
    ("invalid_output/wrong-sum.out", "4\n"),
    ("valid_output/spaces-in-the-line.in", "2\n1 2\n"),
    ("valid_output/spaces-in-the-line.ans", "3\n"),
    ("valid_output/spaces-in-the-line.out", "  3  \n"),
)

SAMPLE = ("sample-1", "4\n3 -1 4 -1\n", "5\n")
HAND = ("hand-01-single", "1\n-1000000000\n", "-1000000000\n")
