"""Two runs wired together, as an interactive problem needs: the submission (isolated, as any)
and the interactor (trusted). The worker makes two pipes, the submission's stdout to the
interactor's stdin and the interactor's stdout to the submission's stdin, starts both, and
follows both in one loop, each measured in cgroups of its own.

How they are stopped:
- a limit (CPU, wall clock, output) passed by either stops both: the other is "partner";
- when the interactor exits, the submission meets the end of its input (or SIGPIPE) and is
  given `grace_ms` to exit; past that it is killed ("partner", killed_after_interactor);
- when the submission exits first, the interactor reads the end of its input and goes on
  under its own limits. The server keeps a read end of the interactor's output open until the
  pair is over (as Kattis' own runner does), so that an interactor that still writes to a
  submission which has left is not killed by SIGPIPE but reads that end and gives its verdict.
"""

import os
import select
import time

from . import protocol
from .processes import RUN, reap_orphans
from .pyrunner import PythonJob
from .supervise import POLL_MS, open_output, start


def supervise_pair(server, pair):
    """The PairReport in the worker; in the child that became a Python program, its job."""
    to_interactor_r, to_interactor_w = os.pipe2(os.O_CLOEXEC)
    to_submission_r, to_submission_w = os.pipe2(os.O_CLOEXEC)
    ends = (to_interactor_r, to_interactor_w, to_submission_r, to_submission_w)
    submission_files = (to_submission_r, to_interactor_w, open_output(pair.submission.stderr))
    interactor_files = (to_interactor_r, to_submission_w, open_output(pair.interactor.stderr))
    runs = []
    try:
        for order, files, cgroups in ((pair.submission, submission_files, server.cgroups),
                                      (pair.interactor, interactor_files,
                                       server.partner_cgroups)):
            run = start(server, order._replace(piped=True), cgroups, files)
            if isinstance(run, PythonJob):
                return run  # we are one of the two programs
            runs.append(run)
        for fd in ends:  # only the programs may hold the pipes: the end of one is EOF to other
            if fd != to_submission_r:  # held: writes to a departed submission must not kill
                os.close(fd)
        ends = (to_submission_r,)
        return PairRun(server, *runs, pair.grace_ms / 1000).follow()
    finally:
        if server.role != RUN:
            for fd in (*ends, submission_files[2], interactor_files[2]):
                os.close(fd)


class PairRun:
    def __init__(self, server, submission, interactor, grace_s):
        self.server, self.grace_s = server, grace_s
        self.submission, self.interactor = submission, interactor
        self.killed_after_interactor = False

    def follow(self):
        runs = (self.submission, self.interactor)
        poller = select.poll()
        for run in runs:
            run.register(poller)
        poller.register(self.server.request_fd, select.POLLIN | select.POLLHUP)
        try:
            while any(run.ended_at is None for run in runs):
                events = dict(poller.poll(POLL_MS))
                now = time.monotonic()
                if self.server.request_fd in events:  # the judge went away
                    poller.unregister(self.server.request_fd)
                    self.stop_both("abandoned", "abandoned", now)
                for run in runs:
                    if run.ended_at is None:
                        run.on_events(events, poller, now)
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
                run.stop_now(why, now)
                if other.ended_at is None:
                    other.stop_now("partner", now)
        submission, interactor = self.submission, self.interactor
        if (interactor.ended_at is not None and submission.ended_at is None
                and submission.stopped is None and now - interactor.ended_at > self.grace_s):
            submission.stop_now("partner", now)
            self.killed_after_interactor = True
        for run in (submission, interactor):
            if run.ended_at is None:
                run.escalate(now)

    def stop_both(self, submission_why, interactor_why, now):
        for run, why in ((self.submission, submission_why), (self.interactor, interactor_why)):
            if run.ended_at is None:
                run.stop_now(why, now)

    def report(self):
        submission, interactor = self.submission, self.interactor
        started = min(submission.started, interactor.started)
        submission_end = submission.program_ended_at()
        interactor_end = interactor.program_ended_at()
        return protocol.PairReport(
            submission=submission.report(),
            interactor=interactor.report(),
            first="submission" if submission_end <= interactor_end else "interactor",
            submission_ended_s=submission_end - started,
            interactor_ended_s=interactor_end - started,
            killed_after_interactor=self.killed_after_interactor,
        )
