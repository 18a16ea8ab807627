"""The verdict of an interactive test: the submission's run and the interactor's word, in order.

The submission's run is judged by the one verdict table (judge.verdicts.outcome); the interactor's
exit by its convention (judge.checkers.conventions). Which of the two decides follows Kattis
(problemtools): an interactor that fails is a judge error, an interactor that rejects and exits
first is believed even if the submission then hangs or crashes (it may have been left waiting), and
otherwise the submission's own failure comes before the interactor's verdict:

    row  facts                                                            verdict
    1    the submission's run is a judge error (the sandbox failed, or
         the program could not start)                                     JE
    2    the submission passed a limit, which stopped the interactor too
         (the interactor had no chance to say anything)                   the submission's
    3    the interactor failed (crashed, hung, exited outside its
         convention, gave points outside 0..1)                            JE
    4    the interactor rejected (WA, PE) and exited first                 the interactor's
    5    the submission's run failed (TLE, MLE, OLE, RE; or it was still
         running when the interactor was done)                            the submission's
    6    otherwise                                                        the interactor's
                                                                          (AC, PA, WA, PE)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from judge.checkers.base import CheckResult
from judge.verdicts.outcome import Judgement
from judge.verdicts.verdict import Verdict

REJECTIONS = (Verdict.WA, Verdict.PE)


@dataclass(frozen=True)
class PairFacts:
    submission: Judgement  # the verdict table's word on the submission's run (AC: exited 0)
    interactor: CheckResult  # the interactor's word, by its convention
    interactor_first: bool  # the interactor exited before the submission did
    interactor_stopped: bool = False  # stopped by the sandbox when the submission passed a limit


@dataclass(frozen=True)
class PairRow:
    when: str  # the row as documented above
    applies: Callable[[PairFacts], bool]
    decide: Callable[[PairFacts], CheckResult]


def _submission(facts: PairFacts) -> CheckResult:
    return CheckResult(facts.submission.verdict, facts.submission.message)


def _interactor_first(facts: PairFacts) -> CheckResult:
    """The interactor's rejection, noting what the submission did once left alone."""
    after = facts.submission
    if after.verdict is Verdict.AC:
        return facts.interactor
    note = f" (then the submission got {after.verdict.value}: {after.message})"
    return dataclasses.replace(facts.interactor, message=facts.interactor.message + note)


PAIR_ORDER: tuple[PairRow, ...] = (
    PairRow(
        "the submission's run is a judge error",
        lambda f: f.submission.verdict is Verdict.JE,
        _submission,
    ),
    PairRow(
        "the submission passed a limit, which stopped the interactor too",
        lambda f: f.interactor_stopped,
        _submission,
    ),
    PairRow(
        "the interactor failed",
        lambda f: f.interactor.verdict is Verdict.JE,
        lambda f: f.interactor,
    ),
    PairRow(
        "the interactor rejected and exited first",
        lambda f: f.interactor_first and f.interactor.verdict in REJECTIONS,
        _interactor_first,
    ),
    PairRow(
        "the submission's run failed",
        lambda f: f.submission.verdict is not Verdict.AC,
        _submission,
    ),
    PairRow("otherwise", lambda f: True, lambda f: f.interactor),
)


def interactive_verdict(
    submission: Judgement,
    interactor: CheckResult,
    interactor_first: bool,
    interactor_stopped: bool = False,
) -> CheckResult:
    facts = PairFacts(submission, interactor, interactor_first, interactor_stopped)
    return deciding_row(facts).decide(facts)


def deciding_row(facts: PairFacts) -> PairRow:
    return next(row for row in PAIR_ORDER if row.applies(facts))
