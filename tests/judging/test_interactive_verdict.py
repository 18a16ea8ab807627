"""The Kattis order of an interactive verdict, row by row (judge.judging.interactive_verdict)."""

from __future__ import annotations

import pytest

from judge.checkers.base import CheckResult
from judge.judging.interactive_verdict import (
    PAIR_ORDER,
    PairFacts,
    deciding_row,
    interactive_verdict,
)
from judge.verdicts.outcome import Judgement
from judge.verdicts.verdict import Verdict

AC, PA, WA, PE, TLE, RE, MLE, JE = (
    Verdict.AC,
    Verdict.PA,
    Verdict.WA,
    Verdict.PE,
    Verdict.TLE,
    Verdict.RE,
    Verdict.MLE,
    Verdict.JE,
)


def run(verdict: Verdict, message: str = "") -> Judgement:
    return Judgement(verdict, message or verdict.value.lower())


def said(verdict: Verdict, message: str = "", fraction: float | None = None) -> CheckResult:
    return CheckResult(verdict, message or f"interactor: {verdict.value}", "", fraction)


@pytest.mark.parametrize(
    "submission, interactor, first, stopped, row, verdict",
    [
        # 1: a judge-side failure of the submission's run, whatever the interactor said
        (run(JE, "could not start"), said(WA, "unexpected end of file"), True, False, 0, JE),
        # 2: the submission passed a limit and the sandbox stopped the interactor with it
        (run(TLE, "wall-clock"), said(JE, "interactor stopped"), False, True, 1, TLE),
        (run(MLE), said(JE, "interactor stopped"), False, True, 1, MLE),
        # 3: the interactor crashed: never the contestant's fault, never AC
        (run(AC), said(JE, "interactor crashed"), False, False, 2, JE),
        (run(TLE), said(JE, "interactor crashed"), False, False, 2, JE),
        # 4: the interactor said WA and left first: the submission's hang or crash is its echo
        (run(TLE, "still running"), said(WA, "query limit"), True, False, 3, WA),
        (run(RE, "EOFError"), said(WA, "malformed query"), True, False, 3, WA),
        (run(AC), said(PE, "layout"), True, False, 3, PE),
        # 5: the submission failed while the interactor still waited: the submission's verdict
        (run(TLE), said(WA, "unexpected end of file"), False, False, 4, TLE),
        (run(RE), said(WA, "unexpected end of file"), False, False, 4, RE),
        (run(MLE), said(AC), False, False, 4, MLE),
        (run(RE), said(AC), True, False, 4, RE),  # accepted first, then crashed
        (run(TLE, "still running"), said(AC), True, False, 4, TLE),  # never exited
        # 6: the submission ran cleanly: the interactor decides
        (run(AC), said(AC), True, False, 5, AC),
        (run(AC), said(AC), False, False, 5, AC),
        (run(AC), said(WA, "gave up early"), False, False, 5, WA),  # exited early: rejected
        (run(AC), said(PA, fraction=0.5), False, False, 5, PA),
    ],
)
def test_each_row(submission, interactor, first, stopped, row, verdict):
    facts = PairFacts(submission, interactor, first, stopped)
    assert deciding_row(facts) is PAIR_ORDER[row]
    assert interactive_verdict(submission, interactor, first, stopped).verdict is verdict


def test_a_rejection_first_names_what_the_submission_did_next():
    result = interactive_verdict(
        run(TLE, "wall-clock time over 3000 ms"), said(WA, "over the query limit"), True
    )
    assert result.message == (
        "over the query limit (then the submission got TLE: wall-clock time over 3000 ms)"
    )


def test_partial_points_survive():
    result = interactive_verdict(run(AC), said(PA, fraction=0.25), False)
    assert result.fraction == 0.25

