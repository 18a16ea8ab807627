"""What the CLICS objects are built from besides the contest model: the facts the service keeps in
its own rows (a submission's language, a judgement and its runs, clarifications, awards) as frozen
data, so that building the API's objects stays a pure function of data."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from judge.verdicts.verdict import Verdict


@dataclass(frozen=True)
class Language:
    id: str  # the spec's known ids where they apply: c, cpp, java, python3, ...
    name: str
    extensions: tuple[str, ...]
    entry_point_required: bool = False
    # "Main file", "Main class": what to name, iff an entry point is required
    entry_point_name: str | None = None
    compiler: str | None = None  # the command, for information only
    runner: str | None = None


@dataclass(frozen=True)
class Submission:
    id: str
    team_id: str
    problem_id: str
    language_id: str
    time: datetime  # when it was made, absolute
    entry_point: str | None = None  # Java's class, Python's main file; None for C and C++


@dataclass(frozen=True)
class Run:
    """One test of a judgement, published as it is judged."""

    id: str
    ordinal: int  # 1 .. the problem's test_data_count, the test's place in the problem's order
    verdict: Verdict
    time: datetime  # when the run completed
    run_time: float  # seconds


@dataclass(frozen=True)
class Judgement:
    """One judging of a submission. A rejudge is another judgement of the same submission."""

    id: str
    submission_id: str
    start_time: datetime
    end_time: datetime | None = None  # None: still judging (verdict None too)
    verdict: Verdict | None = None
    score: float | None = None  # SCORE contests: the judgement's points
    max_run_time: float | None = None  # seconds, the slowest test
    runs: tuple[Run, ...] = ()


@dataclass(frozen=True)
class Clarification:
    id: str
    time: datetime
    text: str
    from_team_id: str | None = None  # None: sent by the jury
    to_team_id: str | None = None  # None: to everyone, or a team's question
    reply_to_id: str | None = None
    problem_id: str | None = None


@dataclass(frozen=True)
class Award:
    id: str  # "winner", "gold-medal", "first-to-solve-<problem>", "group-winner-<group>", ...
    citation: str
    team_ids: tuple[str, ...] = ()
