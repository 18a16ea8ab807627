"""Two runs wired together, as an interactive problem needs: the submission (isolated, as any)
and the interactor (trusted). Each program's stdout is a pipe to the worker and its stdin a pipe
from it; the worker passes the bytes on both ways (relay), starts both runs, and follows both
in one loop, each measured in cgroups of its own.

How they are stopped:
- a limit (CPU, wall clock, memory, output) passed by either stops both: the other is
  "partner". What the submission sends the interactor counts against its output cap: one
  byte over stops it (OLE) and the interactor with it, before the interactor has read on;
- when the interactor exits, the submission meets the end of its input (or SIGPIPE) and is
  given `grace_ms` to exit; past that it is killed ("partner", killed_after_interactor);
- when the submission exits first, the interactor reads the end of its input and goes on
  under its own limits. The worker keeps the interactor's output pipe open until the pair is
  over (as Kattis' own runner does), so that an interactor that still writes to a submission
  which has left is not killed by SIGPIPE but reads that end and gives its verdict.

Which of the two ended first is decided by what the worker saw first of each side's end: its
end of output, its input closed, or its program's end. Every byte and every end of file between
the two passes through the worker, which notes a side's end before the other side can learn
of it, so a submission that crashes at once has ended first on every run, and an interactor that
rejects and leaves has ended before the submission that reacts to it.
"""

import os
import select
import time

from . import protocol
from .processes import RUN, reap_orphans
from .pyrunner import PythonJob
from .relay import Relay
from .supervise import POLL_MS, POLL_S, open_output, start


def supervise_pair(server, pair):
    """The PairReport in the worker; in the child that became a Python program, its job."""
    submission_in, to_submission = os.pipe2(os.O_CLOEXEC)
    from_submission, submission_out = os.pipe2(os.O_CLOEXEC)
    interactor_in, to_interactor = os.pipe2(os.O_CLOEXEC)
    from_interactor, interactor_out = os.pipe2(os.O_CLOEXEC)
    programs_ends = [submission_in, submission_out, interactor_in, interactor_out]
    workers_ends = [to_submission, from_submission, to_interactor, from_interactor]
    submission_files = (submission_in, submission_out, open_output(pair.submission.stderr))
    interactor_files = (interactor_in, interactor_out, open_output(pair.interactor.stderr))
    runs = []
    try:
        for order, files, cgroups in ((pair.submission, submission_files, server.cgroups),
                                      (pair.interactor, interactor_files,
                                       server.partner_cgroups)):
            run = start(server, order._replace(piped=True), cgroups, files)
            if isinstance(run, PythonJob):
                return run  # we are one of the two programs
            runs.append(run)
        for fd in programs_ends:  # only the programs hold them: an end of one is EOF to other
            os.close(fd)
        programs_ends = []
        relays = (Relay(from_submission, to_interactor, cap=pair.submission.output_kb * 1024 + 1),
                  Relay(from_interactor, to_submission, keep_writer=True))
        workers_ends = []  # the relays' now
        try:
            return PairRun(server, *runs, *relays, pair.grace_ms / 1000).follow()
        finally:
            for relay in relays:
                relay.close()
    finally:
        if server.role != RUN:
            for fd in (*programs_ends, *workers_ends, submission_files[2], interactor_files[2]):
                os.close(fd)


class PairRun:
    def __init__(self, server, submission, interactor, from_submission, from_interactor,
                 grace_s):
        self.server, self.grace_s = server, grace_s
        self.submission, self.interactor = submission, interactor
        self.from_submission, self.from_interactor = from_submission, from_interactor
        self.killed_after_interactor = False

    def follow(self):
        runs = (self.submission, self.interactor)
        relays = (self.from_submission, self.from_interactor)
        poller = select.poll()
        for run in runs:
            run.register(poller)
        for relay in relays:
            relay.register(poller)
        poller.register(self.server.request_fd, select.POLLIN | select.POLLHUP)
        try:
            next_check = time.monotonic()
            while any(run.ended_at is None for run in runs):
                events = dict(poller.poll(POLL_MS))
                now = time.monotonic()
                if self.server.request_fd in events:  # the judge went away
                    poller.unregister(self.server.request_fd)
                    self.stop_both("abandoned", "abandoned", now)
                for relay in relays:
                    relay.on_events(events, poller, now)
                for run in runs:
                    if run.ended_at is None:
                        run.on_events(events, poller, now)
                if self.from_submission.over_cap:
                    self.stop_for(self.submission, self.interactor, "output", now)
                if now >= next_check:  # on a timer, however busy the pipes are
                    next_check = now + POLL_S
                    self.check(now)
            for run in runs:
                run.clean_up()
            reap_orphans()  # only once both runs have reaped their own children
            for run in runs:
                run.wait_released()
            return self.report()
        finally:
            for run in runs:
                run.close()

    def check(self, now):
        """Limits of both, the interactor's end, and stops that take too long."""
        for run, other in ((self.submission, self.interactor), (self.interactor, self.submission)):
            if run.ended_at is None and run.stopped is None and (why := run.limit_passed(now)):
                self.stop_for(run, other, why, now)
        submission, interactor = self.submission, self.interactor
        if (interactor.ended_at is not None and submission.ended_at is None
                and submission.stopped is None and now - interactor.ended_at > self.grace_s):
            submission.stop_now("partner", now)
            self.killed_after_interactor = True
        for run in (submission, interactor):
            if run.ended_at is None:
                run.escalate(now)

    def stop_for(self, run, other, why, now):
        """`run` passed a limit: stop it, and its partner with it."""
        if run.ended_at is None:
            run.stop_now(why, now)
        if other.ended_at is None:
            other.stop_now("partner", now)

    def stop_both(self, submission_why, interactor_why, now):
        for run, why in ((self.submission, submission_why), (self.interactor, interactor_why)):
            if run.ended_at is None:
                run.stop_now(why, now)

    def ends(self):
        """When the worker first saw each side end: (submission, interactor). The submission:
        its end of output, or its program's end; the interactor: its end of output, its input
        closed, or its program's end."""
        submission = earliest(self.from_submission.eof_at, self.submission.program_ended_at())
        interactor = earliest(self.from_interactor.eof_at, self.from_submission.refused_at,
                              self.interactor.program_ended_at())
        return submission, interactor

    def report(self):
        submission, interactor = self.submission, self.interactor
        started = min(submission.started, interactor.started)
        submission_end, interactor_end = self.ends()
        return protocol.PairReport(
            submission=submission.report(),
            interactor=interactor.report(),
            first="submission" if submission_end <= interactor_end else "interactor",
            submission_ended_s=submission_end - started,
            interactor_ended_s=interactor_end - started,
            killed_after_interactor=self.killed_after_interactor,
        )


def earliest(*moments):
    return min(moment for moment in moments if moment is not None)
