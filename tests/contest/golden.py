"""Golden contests written as the rules read: teams, submissions as `team problem h:mm:ss verdict`
lines, and the boards they must give as small tables.

A submission line: `alpha A 0:12:30 WA` (the contest time; `-` as the verdict: not judged yet).
Score contests add the points: `alpha A 0:10:00 PA 40+0` (per subtask) or `... PA 40` (one score).

A board is a table whose header names its columns: rank, team, solved, time (penalty, or the
tie-break time on a score board), last (the last solve's or gain's minute), score, and the
problems' labels. A pass-fail cell reads `3@50*`: three judged tries, solved at minute 50, first
to solve; `2?1`: two judged, one pending; `.`: nothing. A score cell reads `70@25?1`: 70 points,
last raised at minute 25, one pending; `0`: no points.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from judge.contest.model import (
    Cell, Contest, ContestProblem, Group, JudgedSubmission, Row, ScoreboardType, ScoreMode,
    Standings, Team,
)
from judge.verdicts.verdict import Verdict

START = datetime(2026, 1, 1, 10, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Case:
    rule: str  # the rule the case shows, in the rules' words
    submissions: str
    public: str | None = None  # the public board, frozen if the contest has a freeze
    jury: str | None = None
    thawed: str | None = None  # the public board after the thaw
    teams: str = "alpha\nbravo\ncharlie"  # one a line: id [name=Name] [groups=a,b] [hidden]
    groups: str = ""  # one a line: id [hidden]
    problems: str = "A B C"  # labels; `A=100` gives full marks (score contests)
    penalty: int = 20
    freeze: str | None = None  # the freeze's length before the end, h:mm:ss
    duration: str = "5:00:00"
    scoring: ScoreboardType = ScoreboardType.PASS_FAIL
    mode: ScoreMode = ScoreMode.SUBTASK_SUM
    time_tiebreak: bool = False
    extra: dict = field(default_factory=dict)

    def __str__(self) -> str:
        return self.rule


def clock(text: str) -> timedelta:
    hours, minutes, seconds = text.split(":")
    return timedelta(hours=int(hours), minutes=int(minutes), seconds=float(seconds))


def contest_of(case: Case) -> Contest:
    problems = []
    for ordinal, word in enumerate(case.problems.split()):
        label, _, most = word.partition("=")
        problems.append(ContestProblem(id=label.lower(), label=label, ordinal=ordinal,
                                       max_score=float(most) if most else None))
    return Contest(
        id="golden", name="Golden", start_time=START, duration=clock(case.duration),
        scoreboard_freeze_duration=clock(case.freeze) if case.freeze else None,
        penalty_time=case.penalty, scoreboard_type=case.scoring, score_mode=case.mode,
        time_tiebreak=case.time_tiebreak, problems=tuple(problems),
        teams=tuple(team_of(line) for line in lines(case.teams)),
        groups=tuple(Group(id=line.split()[0], name=line.split()[0],
                           hidden="hidden" in line.split()[1:]) for line in lines(case.groups)),
    )


def team_of(line: str) -> Team:
    id_, *words = line.split()
    options = dict(word.partition("=")[::2] for word in words)
    return Team(id=id_, name=options.get("name") or id_, hidden="hidden" in options,
                group_ids=tuple(filter(None, options.get("groups", "").split(","))))


def submissions_of(case: Case) -> list[JudgedSubmission]:
    made = []
    for number, line in enumerate(lines(case.submissions), start=1):
        team, label, at, verdict, *points = line.split()
        parts = tuple(float(part) for part in points[0].split("+")) if points else ()
        made.append(JudgedSubmission(
            id=str(number), team_id=team, problem_id=label.lower(),
            submitted_at=START + clock(at), contest_time=clock(at),
            verdict=None if verdict == "-" else Verdict(verdict),
            score=sum(parts) if parts else None,
            subtask_scores=parts if len(parts) > 1 else ()))
    return made


def lines(text: str) -> list[str]:
    return [line.strip() for line in textwrap.dedent(text).splitlines() if line.strip()]


def table(text: str) -> list[list[str]]:
    return [line.split() for line in lines(text)]


def render(board: Standings, header: list[str]) -> list[list[str]]:
    """The board as the rows of a golden table with these columns."""
    labels = {problem.label: index for index, problem in enumerate(board.problems)}
    return [header] + [[column(row, name, labels) for name in header] for row in board.rows]


def column(row: Row, name: str, labels: dict[str, int]) -> str:
    if name in labels:
        return cell_text(row.cells[labels[name]])
    value = {"rank": row.rank, "team": row.team_id, "solved": row.num_solved,
             "time": row.total_time, "last": "-" if row.last_time is None else row.last_time,
             "score": None if row.score is None else f"{row.score:g}"}[name]
    return str(value)


def cell_text(cell: Cell) -> str:
    if cell.score is not None:
        text = f"{cell.score:g}" + (f"@{cell.time}" if cell.time is not None else "")
        return text + (f"?{cell.num_pending}" if cell.num_pending else "")
    if not cell.num_judged and not cell.num_pending:
        return "."
    return (str(cell.num_judged) + (f"@{cell.time}" if cell.solved else "")
            + (f"?{cell.num_pending}" if cell.num_pending else "")
            + ("*" if cell.first_to_solve else ""))


def shown(rows: list[list[str]]) -> str:
    width = max(len(word) for row in rows for word in row)
    return "\n".join("  ".join(word.ljust(width) for word in row).rstrip() for row in rows)


def assert_board(board: Standings, expected: str) -> None:
    want = table(expected)
    got = render(board, want[0])
    assert got == want, f"\nexpected:\n{shown(want)}\n\ngot:\n{shown(got)}"
