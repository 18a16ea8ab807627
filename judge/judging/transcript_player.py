"""Plays the submission's part of a sample transcript against the interactor.

    python3 transcript_player.py TRANSCRIPT

Writes each `>` line of TRANSCRIPT (judge.problem.transcript's format) and reads one line for each
`<` line; exits 0 when the interactor wrote exactly the lines the transcript shows, else exits 1
with the first difference on stderr. `judge verify` runs it as a trusted program (it reads the
transcript) wired to the interactor, as a submission would be. It imports nothing of the judge: it
runs as a program of its own, never as a module.
"""

import sys

MISMATCH = 1


def fail(message):
    sys.stderr.write(message + "\n")
    sys.exit(MISMATCH)


def main():
    with open(sys.argv[1], encoding="utf-8") as transcript:
        lines = transcript.read().splitlines()
    for number, line in enumerate(lines, start=1):
        text = line[1:]
        if line.startswith(">"):
            try:
                sys.stdout.write(text + "\n")
                sys.stdout.flush()
            except BrokenPipeError:
                fail(f"line {number}: the interactor stopped reading before {text!r}")
            continue
        got = sys.stdin.readline()
        if got.endswith("\n"):
            got = got[:-1]
        elif not got:
            fail(f"line {number}: the transcript shows {text!r}; the interactor wrote nothing more")
        if got != text:
            fail(f"line {number}: the transcript shows {text!r}; the interactor wrote {got!r}")


if __name__ == "__main__":
    main()
