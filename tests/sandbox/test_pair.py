"""Pair runs (interactive problems): a real guess-the-number interactor wired by pipes to real
submissions, in the fork server and in the plain runner."""

from __future__ import annotations

import sys
import textwrap
import time

import pytest

from judge.cache import Cache
from judge.sandbox import ResourceLimits, RunRequest, Termination, open_sandbox
from judge.sandbox.plain import PlainSandbox
from tests.conftest import scaled
from tests.hostile.leftovers import leftovers, runs_namespace

PYTHON = (sys.executable, "-I", "-S", "-B")
LIMITS = scaled(ResourceLimits(cpu_ms=2000, wall_ms=3000, memory_kb=256_000, output_kb=64))
GRACE_MS = 300

# Kattis style: the test's input file and a feedback folder in argv; 42 accepted, 43 wrong.
INTERACTOR = """
    import os
    import sys
    import time
    secret = int(open(sys.argv[1]).read())
    feedback = sys.argv[2]

    def verdict(code, message):
        with open(feedback + "/judgemessage.txt", "w") as note:
            note.write(message)
        sys.exit(code)

    def gone():
        time.sleep(0.2)  # takes its time: the order of the two ends is then clear
        verdict(43, "no answer")

    def tell(answer):
        try:
            print(answer, flush=True)
        except BrokenPipeError:  # the submission is gone: it will not read on
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # as Python's docs say
            gone()

    for guesses in range(1, 21):
        line = sys.stdin.readline()
        if not line:
            gone()
        try:
            guess = int(line)
        except ValueError:
            verdict(43, "garbage: " + line.strip()[:20])
        if guess == secret:
            tell("correct")
            verdict(42, f"found in {guesses} guesses")
        tell("higher" if guess < secret else "lower")
    verdict(43, "too many guesses")
"""

SUBMISSIONS = {
    "correct": """
        lo, hi = 1, 100
        while True:
            mid = (lo + hi) // 2
            print(mid, flush=True)
            answer = input()
            if answer == "correct":
                break
            lo, hi = (mid + 1, hi) if answer == "higher" else (lo, mid - 1)
    """,
    "never_reads": """
        import time
        print(50, flush=True)
        time.sleep(60)
    """,
    "exits_early": """
        print(1, flush=True)
    """,
    "garbage": """
        import time
        print("fifty", flush=True)
        time.sleep(60)  # ignores the end of its input
    """,
    "peeks": """
        import sys
        try:
            print(int(open(sys.argv[1]).read()), flush=True)  # the interactor's secret
        except OSError as exc:
            print(type(exc).__name__, file=sys.stderr)
            print(50, flush=True)
        input()
    """,
    "leaves_a_daemon": """
        import os
        import time
        if os.fork() == 0:  # double fork: the grandchild leaves its session and lives on
            os.setsid()
            if os.fork() == 0:
                time.sleep(30)
            os._exit(0)
        print(1, flush=True)
    """,
    "burns_cpu": """
        import time
        start = time.process_time()
        while time.process_time() - start < 0.3:
            pass
        print(37, flush=True)
        input()
    """,
}


@pytest.fixture(scope="module", params=["jail", "plain"])
def sandbox(request, tmp_path_factory):
    cache = Cache(tmp_path_factory.mktemp("cache"))
    box = open_sandbox(cache) if request.param == "jail" else PlainSandbox(cache)
    yield box
    box.close()


def play(sandbox, tmp_path, submission, interactor=INTERACTOR, interactor_limits=LIMITS,
         submission_args=(), limits=LIMITS):
    """Run the submission against the interactor; the result, and the interactor's message."""
    (tmp_path / "sub.py").write_text(textwrap.dedent(SUBMISSIONS[submission]))
    (tmp_path / "interactor.py").write_text(textwrap.dedent(interactor))
    (tmp_path / "secret.in").write_text("37\n")
    feedback = tmp_path / "feedback"
    feedback.mkdir()
    result = sandbox.run_pair(
        RunRequest(argv=(*PYTHON, str(tmp_path / "sub.py"), *submission_args), limits=limits),
        RunRequest(argv=(*PYTHON, str(tmp_path / "interactor.py"), str(tmp_path / "secret.in"),
                         str(feedback)), limits=interactor_limits, isolate=False),
        grace_ms=GRACE_MS,
    )
    note = feedback / "judgemessage.txt"
    return result, note.read_text() if note.exists() else None


def test_a_correct_submission_plays_to_the_end(sandbox, tmp_path):
    result, note = play(sandbox, tmp_path, "correct")
    assert result.submission.ok, result
    assert result.interactor.exit_code == 42 and note == "found in 3 guesses"  # 50, 25, 37
    assert not result.killed_after_interactor


def test_a_submission_that_never_reads_is_stopped_with_its_interactor(sandbox, tmp_path):
    result, note = play(sandbox, tmp_path, "never_reads")
    ends = {result.submission.termination, result.interactor.termination}
    assert Termination.WALL_LIMIT in ends and ends <= {Termination.WALL_LIMIT, Termination.PARTNER}
    assert result.submission.wall_ms >= LIMITS.wall_ms  # it slept until the backstop


def test_a_submission_that_exits_early_ends_first(sandbox, tmp_path):
    result, note = play(sandbox, tmp_path, "exits_early")
    assert result.first == "submission" and result.submission.ok
    assert result.interactor.exit_code == 43 and note == "no answer"
    assert result.submission_ended_ms + 150 <= result.interactor_ended_ms


def test_a_submission_that_writes_garbage_is_killed_after_the_grace_period(sandbox, tmp_path):
    result, note = play(sandbox, tmp_path, "garbage")
    assert result.interactor.exit_code == 43 and note == "garbage: fifty"
    assert result.first == "interactor" and result.killed_after_interactor
    assert result.submission.termination is Termination.PARTNER
    assert result.submission_ended_ms >= result.interactor_ended_ms + GRACE_MS * 0.9


def test_an_interactor_over_its_cpu_limit_stops_both(sandbox, tmp_path):
    spinning = "while True:\n    pass\n"
    limits = ResourceLimits(cpu_ms=300, wall_ms=20_000, memory_kb=256_000, output_kb=64)
    result, _ = play(sandbox, tmp_path, "correct", interactor=spinning, interactor_limits=limits)
    assert result.interactor.termination is Termination.CPU_LIMIT
    assert result.submission.termination is Termination.PARTNER


def test_each_side_is_measured_on_its_own(sandbox, tmp_path):
    # 300 ms of CPU: a busy host may stretch that over seconds, so no wall clock comes near.
    far = ResourceLimits(cpu_ms=2000, wall_ms=30_000, memory_kb=256_000, output_kb=64)
    result, note = play(sandbox, tmp_path, "burns_cpu", interactor_limits=far, limits=far)
    assert result.submission.ok and note == "found in 1 guesses"
    assert result.submission.cpu_ms >= 250
    assert result.interactor.cpu_ms < 200
    assert result.submission.peak_memory_kb > 0 and result.interactor.peak_memory_kb > 0


def test_the_submission_of_a_pair_is_still_isolated(sandbox, tmp_path):
    if not sandbox.info.isolated:
        pytest.skip(f"the {sandbox.info.kind} sandbox does not isolate")
    result, note = play(sandbox, tmp_path, "peeks", submission_args=(str(tmp_path / "secret.in"),))
    assert result.submission.stderr == b"FileNotFoundError\n"
    assert note == "no answer"  # it guessed 50, then could not go on


@pytest.mark.host_tier
def test_a_daemon_of_the_submission_does_not_outlive_the_pair(sandbox, tmp_path):
    if not sandbox.info.isolated:
        pytest.skip(f"the {sandbox.info.kind} sandbox does not isolate")
    # Found by the runs' PID namespace (a normal user's runs have no uid of their own).
    namespace = runs_namespace(sandbox.server_pid) if sandbox.host.namespaces else None
    started = time.monotonic()
    result, note = play(sandbox, tmp_path, "leaves_a_daemon")
    assert result.submission.ok and note == "no answer"
    assert time.monotonic() - started < 10.0  # the pair did not wait for the daemon's 30 s
    assert leftovers(sandbox, namespace) == []


# Writes its reply only once the submission has left (its output ended), with no care for a
# broken pipe: as Kattis' runner does, the judge keeps the reply's pipe open, so the write
# succeeds and the interactor's own verdict stands.
WRITES_AFTER_THE_END = """
    import sys
    feedback = sys.argv[2]
    said = sys.stdin.read()
    print("lower", flush=True)
    with open(feedback + "/judgemessage.txt", "w") as note:
        note.write("left after " + said.strip())
    sys.exit(43)
"""


def test_an_interactor_writing_to_a_submission_that_left_keeps_its_verdict(sandbox, tmp_path):
    result, note = play(sandbox, tmp_path, "exits_early", interactor=WRITES_AFTER_THE_END)
    assert result.interactor.termination is Termination.EXITED, result.interactor
    assert result.interactor.exit_code == 43 and note == "left after 1"
