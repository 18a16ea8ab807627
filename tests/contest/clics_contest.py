"""A realistic contest for the CLICS tests: three problems, three teams (one hidden), two
organizations, two groups, accounts, three languages, a dozen submissions with judgements and
runs (a compile error, a judge error rejudged, one still judging, some after the freeze), and a
clarification exchange. `record_at(now)` gives the contest as it stood at `now`."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone

from judge.contest.clics import (
    Award,
    Clarification,
    ContestRecord,
    Judgement,
    Language,
    ProblemFacts,
    Run,
    Submission,
)
from judge.contest.model import (
    Account,
    AccountType,
    Cell,
    Contest,
    ContestProblem,
    Group,
    Organization,
    Row,
    ScoreboardType,
    Standings,
    Team,
    View,
)
from judge.verdicts.verdict import Verdict

V = Verdict
START = datetime(2026, 12, 4, 10, 0, tzinfo=timezone.utc)
TESTS = 3  # every problem here has three tests


def at(minutes: float) -> datetime:
    return START + timedelta(minutes=minutes)


CONTEST = Contest(
    id="nwerc-practice",
    name="Practice",
    formal_name="NWERC 2026 practice session",
    start_time=START,
    duration=timedelta(hours=5),
    scoreboard_freeze_duration=timedelta(hours=1),
    penalty_time=20,
    problems=(
        ContestProblem("sightseeing", "A", 0, color="red", rgb="#ff0000"),
        ContestProblem("bridges", "B", 1, name="Bridges of Königsberg", color="blue",
                       rgb="#00f"),
        ContestProblem("dining", "C", 2),
    ),
    organizations=(
        Organization("uva", "UvA", "Universiteit van Amsterdam", "NLD"),
        Organization("kth", "KTH"),
    ),
    groups=(Group("students", "Students"), Group("observers", "Observers", hidden=True)),
    teams=(
        Team("t1", "Flow Riders", organization_id="uva", group_ids=("students",)),
        Team("t2", "Max Cut", display_name="Max Cut (KTH)", organization_id="kth",
             group_ids=("students",)),
        Team("t3", "Jury Test", group_ids=("observers",), hidden=True),
    ),
    accounts=(
        Account("admin", "admin", AccountType.ADMIN, password="s3cret"),
        Account("judge1", "judge1", AccountType.JUDGE, name="Head judge", password="j"),
        Account("team-t1", "t1", AccountType.TEAM, team_id="t1", password="p1"),
        Account("team-t2", "t2", AccountType.TEAM, team_id="t2", password="p2"),
        Account("team-t3", "t3", AccountType.TEAM, team_id="t3", password="p3"),
    ),
)

PROBLEMS = (
    ProblemFacts("sightseeing", "Sightseeing tour", 1.0, TESTS),
    ProblemFacts("bridges", "Bridges", 2.5, TESTS),
    ProblemFacts("dining", "Dining", 0.75, TESTS),
)

LANGUAGES = (
    Language("python3", "Python 3", ("py",), True, "Main file", runner="python3"),
    Language("cpp", "C++", ("cc", "cpp", "cxx", "c++", "C"), compiler="g++"),
    Language("c", "C", ("c",), compiler="gcc"),
)

# id, team, problem, language, minute, verdicts per test (judging stops at the first failure)
_PLAN = (
    ("1", "t1", "sightseeing", "cpp", 12, (V.AC, V.WA)),
    ("2", "t2", "sightseeing", "python3", 20, (V.CE,)),
    ("3", "t1", "sightseeing", "cpp", 31, (V.AC, V.AC, V.AC)),
    ("4", "t2", "bridges", "c", 45, (V.TLE,)),
    ("5", "t3", "dining", "python3", 50, (V.AC, V.AC, V.AC)),
    ("6", "t2", "sightseeing", "python3", 66, (V.AC, V.RE)),
    ("7", "t2", "sightseeing", "python3", 90, (V.AC, V.AC, V.AC)),
    ("8", "t1", "bridges", "cpp", 130, (V.AC, V.MLE)),
    ("9", "t1", "dining", "cpp", 170, (V.JE,)),  # rejudged below
    ("10", "t2", "dining", "c", 200, (V.AC, V.PE)),
    ("11", "t1", "bridges", "cpp", 250, (V.AC, V.AC, V.AC)),  # after the freeze at 4:00
    ("12", "t2", "bridges", "c", 290, None),  # still judging at the end
)

SUBMISSIONS = tuple(
    Submission(sid, team, problem, language, at(minute),
               entry_point="main.py" if language == "python3" else None)
    for sid, team, problem, language, minute, _ in _PLAN)


def _judgement(jid: str, sid: str, begin: datetime, verdicts) -> Judgement:
    if verdicts is None:
        return Judgement(jid, sid, begin)
    runs = tuple(Run(f"{jid}-{n}", n, verdict, begin + timedelta(seconds=2 * n), 0.1 * n + 0.013)
                 for n, verdict in enumerate(verdicts, 1))
    end = begin + timedelta(seconds=2 * len(verdicts) + 1)
    overall = next((v for v in verdicts if v is not V.AC), V.AC)
    if overall is V.CE:
        runs = ()
    return Judgement(jid, sid, begin, end, overall,
                     max_run_time=max((run.run_time for run in runs), default=None), runs=runs)


JUDGEMENTS = tuple(
    _judgement(f"j{sid}", sid, at(minute) + timedelta(seconds=5), verdicts)
    for sid, _, _, _, minute, verdicts in _PLAN
) + (_judgement("j9r", "9", at(175), (V.AC, V.AC, V.AC)),)

CLARIFICATIONS = (
    Clarification("c0", at(-10), "Welcome; do not touch anything before the start."),
    Clarification("c1", at(25), "Is the graph connected?", from_team_id="t1",
                  problem_id="sightseeing"),
    Clarification("c2", at(27), "Read the statement.", to_team_id="t1", reply_to_id="c1",
                  problem_id="sightseeing"),
    Clarification("c3", at(60), "Problem C has a fourth sample now."),
    Clarification("c4", at(28), "To all: yes, the graph is connected.", reply_to_id="c1",
                  problem_id="sightseeing"),
)

AWARDS = (Award("winner", "Contest winner", ("t1",)),
          Award("first-to-solve-sightseeing", "First to solve A", ("t1",)))

END = CONTEST.end_time
THAWED = END + timedelta(minutes=30)
FINALIZED = END + timedelta(minutes=40)
END_OF_UPDATES = END + timedelta(minutes=45)


def _judgement_at(judgement: Judgement, now: datetime) -> Judgement:
    runs = tuple(run for run in judgement.runs if run.time <= now)
    if judgement.end_time is not None and judgement.end_time <= now:
        return replace(judgement, runs=runs)
    return Judgement(judgement.id, judgement.submission_id, judgement.start_time, runs=runs)


def record_at(now: datetime, contest: Contest = CONTEST) -> ContestRecord:
    """The contest as it stood at `now`: what had been submitted, judged and said by then."""
    return ContestRecord(
        contest=contest,
        problems=PROBLEMS,
        languages=LANGUAGES,
        submissions=tuple(s for s in SUBMISSIONS if s.time <= now),
        judgements=tuple(_judgement_at(j, now) for j in JUDGEMENTS if j.start_time <= now),
        clarifications=tuple(c for c in CLARIFICATIONS if c.time <= now),
        awards=AWARDS if now >= FINALIZED else (),
        thawed_at=THAWED, finalized_at=FINALIZED, end_of_updates_at=END_OF_UPDATES,
    )


def moments() -> list[datetime]:
    """Every moment something happens, in order, from before the start to the end of updates."""
    times = {START - timedelta(hours=1), START, CONTEST.freeze_time, END, THAWED, FINALIZED,
             END_OF_UPDATES}
    times |= {s.time for s in SUBMISSIONS} | {c.time for c in CLARIFICATIONS}
    for judgement in JUDGEMENTS:
        times.add(judgement.start_time)
        times |= {run.time for run in judgement.runs}
        if judgement.end_time is not None:
            times.add(judgement.end_time)
    return sorted(times)


def _cell(problem: str, judged: int, pending: int = 0, solved_at: int | None = None,
          first: bool = False) -> Cell:
    return Cell(problem, judged, pending, solved_at is not None, solved_at, first)


# The jury's final board, by hand (hidden t3 is left off, as on any official board).
STANDINGS = Standings(
    rows=(
        Row(1, "t1", 3, 31 + 20 + 250 + 20 + 170, (
            _cell("sightseeing", 2, solved_at=31, first=True),
            _cell("bridges", 2, solved_at=250),
            _cell("dining", 1, solved_at=170, first=True),
        ), last_time=250),
        Row(2, "t2", 1, 90 + 20, (
            _cell("sightseeing", 2, solved_at=90),
            _cell("bridges", 1, pending=1),
            _cell("dining", 1),
        ), last_time=90),
    ),
    view=View.JURY, frozen=False, problems=CONTEST.problems,
)

# A scored twin: the same teams on the same problems, for IOI-style objects.
SCORED = replace(CONTEST, id="ioi-practice", scoreboard_type=ScoreboardType.SCORE,
                 scoreboard_freeze_duration=None)
SCORED_PROBLEMS = tuple(replace(p, max_score=100) for p in PROBLEMS)
SCORED_STANDINGS = Standings(
    rows=(
        Row(1, "t1", 0, 0, (
            Cell("sightseeing", 2, 0, False, 31, score=100),
            Cell("bridges", 1, 0, False, 130, score=37.5),
            Cell("dining", 0, 0, False),
        ), score=137.5, last_time=130),
        Row(2, "t2", 0, 0, (
            Cell("sightseeing", 1, 0, False, None, score=0),
            Cell("bridges", 0, 0, False),
            Cell("dining", 0, 1, False),
        ), score=0),
    ),
    view=View.JURY, frozen=False, problems=CONTEST.problems,
)
