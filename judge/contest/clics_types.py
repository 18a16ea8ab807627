"""This judge's verdicts as CLICS judgement types (the spec's table of known judgement types).

Penalty and solved follow the CCS requirements: only an accepted submission solves; a compile error
costs nothing; a judge error is the judge's fault, not the team's, and is not a final judgement (the
scoring rules read it as pending until a rejudge replaces it). The 2023-06 schemas know no
"partially accepted": a scored submission that is not fully accepted is `RE`, the spec's generic
"Rejected", and its points travel in the judgement's `score`.
"""

from __future__ import annotations

from judge.contest.model import ScoreboardType
from judge.verdicts.verdict import Verdict

# verdict -> (CLICS id, name, penalty, solved)
_TYPES: dict[Verdict, tuple[str, str, bool, bool]] = {
    Verdict.AC: ("AC", "Accepted", False, True),
    Verdict.WA: ("WA", "Wrong Answer", True, False),
    Verdict.TLE: ("TLE", "Time Limit Exceeded", True, False),
    Verdict.RE: ("RTE", "Run-Time Error", True, False),
    Verdict.MLE: ("MLE", "Memory Limit Exceeded", True, False),
    Verdict.OLE: ("OLE", "Output Limit Exceeded", True, False),
    Verdict.PE: ("PE", "Presentation Error", True, False),
    Verdict.CE: ("CE", "Compile Error", False, False),
    Verdict.JE: ("JE", "Judging Error", False, False),
    Verdict.PA: ("RE", "Rejected (partial score)", True, False),
}


def judgement_type_id(verdict: Verdict) -> str:
    return _TYPES[verdict][0]


def judgement_type_objects(scoreboard_type: ScoreboardType) -> list[dict]:
    """The judgement-types endpoint. `penalty` is there iff the contest has a penalty time (the
    spec ties the two), and the partial-score type only in contests that score."""
    objects = []
    for verdict, (type_id, name, penalty, solved) in _TYPES.items():
        if verdict is Verdict.PA and scoreboard_type is not ScoreboardType.SCORE:
            continue
        obj: dict = {"id": type_id, "name": name}
        if scoreboard_type is ScoreboardType.PASS_FAIL:
            obj["penalty"] = penalty
        obj["solved"] = solved
        objects.append(obj)
    return objects


def verdict_of(type_id: str) -> Verdict | None:
    """The verdict a judgement type of this judge's stands for (None: not one of them), to read
    an archive back: the generic rejection `RE` is the partial score it stands for here."""
    return next((verdict for verdict, written in _TYPES.items() if written[0] == type_id), None)
