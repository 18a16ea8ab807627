"""The tracer's watch over a program's stops (judge.sandbox.forkserver.exitpeak), with real
processes: a program that ends between the look for its end and the look for its stops is the
tracer's only child, a zombie, which a wait for stops alone does not consider (ECHILD). That
race made a normal user's compilations fail as sandbox errors under load."""

import os
import time

from judge.sandbox.forkserver.exitpeak import ExitPeak


def _wait_until_ended(pid: int) -> None:
    """Until `pid` is a zombie, left unreaped."""
    deadline = time.monotonic() + 30
    while os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
        assert time.monotonic() < deadline, "the child never ended"
        time.sleep(0.01)


def test_a_program_that_has_just_ended_is_no_failure_of_the_watch():
    program = os.fork()
    if program == 0:
        os._exit(7)
    try:
        _wait_until_ended(program)
        watch = ExitPeak(program)
        assert watch.take_stop() is False  # no stop waits, and no ChildProcessError
        assert watch.settle() is True  # its end, still unreaped
    finally:
        _, status = os.waitpid(program, 0)
    assert os.waitstatus_to_exitcode(status) == 7
