"""The CLICS state and scoreboard objects (2023-06): when the contest started, froze, ended,
thawed and was finalized, and the standings as the scoreboard endpoint writes them.

Both are pure functions of the contest and the times passed in: the caller says what time it is.
"""

from __future__ import annotations

from datetime import datetime

from judge.contest.clics_times import abstime, abstime_or_none, contest_time
from judge.contest.model import Cell, Contest, Row, ScoreboardType, Standings


def _reached(moment: datetime | None, now: datetime) -> datetime | None:
    return moment if moment is not None and moment <= now else None


def state_object(
    contest: Contest,
    now: datetime,
    *,
    thawed_at: datetime | None = None,
    finalized_at: datetime | None = None,
    end_of_updates_at: datetime | None = None,
) -> dict:
    """The state at `now`. The spec orders the changes (started < frozen < ended < thawed <
    end_of_updates, ended < finalized < end_of_updates), so a later one is not shown before the
    ones it needs: a thaw before the end, or the end of updates before the final results, waits.
    `frozen` and `thawed` are there (maybe null) iff the contest has a freeze."""
    started = _reached(contest.start_time, now)
    ended = _reached(contest.end_time, now) if started else None
    has_freeze = bool(contest.scoreboard_freeze_duration)
    frozen = _reached(contest.freeze_time, now) if has_freeze and started else None
    thawed = _reached(thawed_at, now) if frozen and ended else None
    if thawed is not None and thawed < ended:
        thawed = None
    finalized = _reached(finalized_at, now) if ended else None
    settled = finalized is not None and (thawed is not None or frozen is None)
    end_of_updates = _reached(end_of_updates_at, now) if settled else None
    state = {"started": abstime_or_none(started)}
    if contest.scoreboard_freeze_duration is not None:
        state["frozen"] = abstime_or_none(frozen)
    state["ended"] = abstime_or_none(ended)
    if contest.scoreboard_freeze_duration is not None:
        state["thawed"] = abstime_or_none(thawed)
    state["finalized"] = abstime_or_none(finalized)
    state["end_of_updates"] = abstime_or_none(end_of_updates)
    return state


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def _cell(cell: Cell, scored: bool) -> dict:
    obj = {"problem_id": cell.problem_id, "num_judged": cell.num_judged,
           "num_pending": cell.num_pending}
    if scored:
        obj["score"] = _number(cell.score or 0)
        gained = bool(cell.score)
    else:
        obj["solved"] = cell.solved
        gained = cell.solved
    # The schema: a time iff the problem is solved or scored above zero.
    if gained:
        obj["time"] = cell.time if cell.time is not None else 0
    return obj


def _row(row: Row, scored: bool) -> dict:
    if scored:
        score: dict = {"score": _number(row.score or 0)}
        if row.score and row.last_time is not None:
            score["time"] = row.last_time
    else:
        score = {"num_solved": row.num_solved, "total_time": row.total_time}
        if row.num_solved and row.last_time is not None:
            score["time"] = row.last_time
    return {"rank": row.rank, "team_id": row.team_id, "score": score,
            "problems": [_cell(cell, scored) for cell in row.cells]}


def scoreboard_object(contest: Contest, standings: Standings, *, time: datetime,
                      state: dict) -> dict:
    """`time` is the time of the event after which the board was computed; `state` the state
    object at that time (the spec has the board carry it, so that the two agree)."""
    scored = contest.scoreboard_type is ScoreboardType.SCORE
    return {
        "time": abstime(time),
        "contest_time": contest_time(contest.start_time, time),
        "state": state,
        "rows": [_row(row, scored) for row in standings.rows],
    }

