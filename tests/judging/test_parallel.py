"""Sandboxes opened ahead for the workers of a submission
(judge.judging.parallel.SandboxesOpening)."""

from __future__ import annotations

import signal
import threading

import pytest

from judge.judging.parallel import SandboxesOpening, SandboxPerThread


class Box:
    def __init__(self, number):
        self.number, self.thread, self.closed = number, threading.get_ident(), False
        self.interrupted = False

    def interrupt(self):
        self.interrupted = True

    def close(self):
        self.closed = True


class Factory:
    def __init__(self, fail_on=()):
        self.made, self.fail_on = [], set(fail_on)
        self.lock = threading.Lock()

    def __call__(self):
        with self.lock:
            number = len(self.made) + 1
            if number in self.fail_on:
                self.made.append(None)
                raise OSError(f"sandbox {number} did not open")
            box = Box(number)
            self.made.append(box)
            return box


def test_sandboxes_open_ahead_in_threads_and_are_handed_out_then_made_anew():
    factory = Factory()
    with SandboxesOpening(factory, 2) as opening:
        taken = [opening.take(), opening.take(), opening.take()]
    assert sorted(box.number for box in taken[:2]) == [1, 2]
    assert all(box.thread != threading.get_ident() for box in taken[:2])  # opened ahead
    assert taken[2].number == 3 and taken[2].thread == threading.get_ident()  # made on demand
    assert not any(box.closed for box in taken)  # the taker closes what it took


def test_sandboxes_never_taken_are_closed():
    factory = Factory()
    opening = SandboxesOpening(factory, 3)
    taken = opening.take()
    opening.close()
    assert not taken.closed
    assert sorted(box.number for box in factory.made if box.closed) == sorted(
        box.number for box in factory.made if box is not taken)
    assert len(factory.made) == 3


def test_a_sandbox_that_fails_to_open_fails_its_take_and_not_the_close():
    factory = Factory(fail_on={1})
    opening = SandboxesOpening(factory, 1)
    with pytest.raises(OSError, match="did not open"):
        opening.take()
    opening.close()
    failing_close = SandboxesOpening(Factory(fail_on={1}), 1)
    failing_close.close()  # nothing opened, nothing to close: no error


def test_no_sandbox_ahead_opens_on_demand():
    factory = Factory()
    with SandboxesOpening(factory, 0) as opening:
        assert factory.made == []
        assert opening.take().number == 1


def test_a_take_interrupted_while_its_sandbox_opens_leaves_it_for_close():
    """Ctrl-C while `judge submit` waits for its first sandbox: that sandbox still opens in its
    thread, and `close` closes it (its fork server does not outlive the command)."""
    release, made = threading.Event(), []

    def slow():
        release.wait(timeout=60)
        made.append(Box(1))
        return made[0]

    def interrupt(signum, frame):
        release.set()  # from here on the sandbox opens; the take is interrupted first
        raise KeyboardInterrupt

    opening = SandboxesOpening(slow, 1)
    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(KeyboardInterrupt):
            opening.take()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    opening.close()
    assert [box.closed for box in made] == [True]


def test_an_interruption_reaches_every_sandbox_handed_out_before_it_or_after():
    """A worker thread still opening its sandbox when the command is interrupted gets it
    interrupted: it must not start a run that nothing waits for (a sleeper ran on to its
    limit after `judge submit` had been told to stop)."""
    factory = Factory()
    first = Box(0)
    sandboxes = SandboxPerThread(factory, first=first)
    before = sandboxes.get()
    sandboxes.interrupt()
    after = []
    thread = threading.Thread(target=lambda: after.append(sandboxes.get()))
    thread.start()
    thread.join()
    assert before is first and first.interrupted
    assert after[0] is factory.made[0] and after[0].interrupted
    sandboxes.close()
    assert after[0].closed and not first.closed  # the caller's own stays the caller's to close
