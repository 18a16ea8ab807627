"""Interactor for Guess the number (Kattis convention).

    interactor.py input answer feedback_dir/   stdin: the submission's output
                                               stdout: the submission's input

Exit 42 when every game was won within its guesses and the submission wrote nothing more;
exit 43 with the reason in feedback_dir/judgemessage.txt otherwise. The hidden numbers come from
the input file; the answer file is not used. A submission that stops reading or writing (exits,
crashes, is killed) is a wrong answer here; the judge's verdict order decides whether its own
failure counts first.
"""
import os
import re
import sys

ACCEPTED, REJECTED = 42, 43
GUESS = re.compile(r"guess ([1-9][0-9]{0,9})")


class Rejected(Exception):
    """The submission broke the protocol; the message says how."""


class Submission:
    """The two pipes to the submission, with the guesses counted."""

    def __init__(self):
        self.guesses = 0

    def say(self, line):
        try:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
        except BrokenPipeError:
            raise Rejected("the submission stopped reading its input") from None

    def hear(self, where):
        line = sys.stdin.readline()
        if not line:
            raise Rejected(f"{where}: the submission's output ended")
        if not line.endswith("\n"):
            raise Rejected(f"{where}: the last line has no newline: {line[:40]!r}")
        return line[:-1]


def play(submission, game, n, secret):
    allowed = n.bit_length()  # the guesses a binary search needs in the worst case
    submission.say(str(n))
    for count in range(1, allowed + 1):
        where = f"game {game}, guess {count}"
        line = submission.hear(where)
        match = GUESS.fullmatch(line)
        if match is None:
            raise Rejected(f"{where}: expected 'guess Y', got {line[:40]!r}")
        guess = int(match.group(1))
        if guess > n:
            raise Rejected(f"{where}: {guess} is outside 1..{n}")
        if guess == secret:
            submission.say("correct")
            return
        submission.say("lower" if secret < guess else "higher")
    raise Rejected(f"game {game}: the number {secret} was not found in {allowed} guesses, "
                   f"the most allowed for n = {n}")


def judge(games, submission):
    submission.say(str(len(games)))
    for game, (n, secret) in enumerate(games, start=1):
        play(submission, game, n, secret)
    rest = sys.stdin.read()
    if rest.strip():
        raise Rejected(f"output after the last game: {rest.strip()[:40]!r}")


def main():
    input_path, _answer, feedback = sys.argv[1:4]
    with open(input_path) as given:
        lines = given.read().split("\n")
    games = [tuple(map(int, line.split())) for line in lines[1:int(lines[0]) + 1]]
    try:
        judge(games, Submission())
        verdict, message = ACCEPTED, f"{len(games)} games won"
    except Rejected as problem:
        verdict, message = REJECTED, str(problem)
    with open(os.path.join(feedback, "judgemessage.txt"), "w") as note:
        note.write(message + "\n")
    # A submission that stopped reading must not turn the final flush into a crash.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(verdict)


main()
