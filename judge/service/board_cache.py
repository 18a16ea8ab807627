"""Contest boards made once per change and served from memory to every viewer.

A board is made again only when something on it may have changed: a submission of the contest
stored, judged or rejudged (the change notifications of judge.service.changes, which reach every
server process, the embedded judge's results included, since they arrive over HTTP or Redis),
or the contest itself re-imported, thawed or finalized. Those last come from `judge contest`
too, a process of its own that publishes nothing, so a board older than a second looks at its
contest row once (one indexed read) before it is served again; and a board made before a moment
that changes the contest's state (its start, the freeze, the end) is made again after it.

Each board is served as its JSON document with an ETag: a page that polls with If-None-Match
costs a dictionary lookup until something changes.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from judge.contest import model
from judge.contest.standings import filter_group
from judge.service.changes import Change
from judge.service.contest_board import Board, contest_board
from judge.service.contest_jury import State, state_of
from judge.service.db import Database
from judge.service.models import Contest

RECHECK_SECONDS = 1.0  # how stale a board may be after a change made by another process


@dataclass(frozen=True)
class ServedBoard:
    """One view of a contest's board (of one group, or all), as it is served."""

    board: Board
    standings: model.Standings  # the group's, when one was asked for
    group: str | None
    state: State
    document: bytes  # JSON (board_document)
    etag: str


@dataclass(frozen=True)
class _Entry:
    served: ServedBoard
    generation: tuple[int, int]  # (everything, this contest) when it was made
    stamp: tuple  # the contest row's times when it was made
    checked: float  # time.monotonic() of the last look at the contest row


Key = tuple[str, model.View, str | None]


class BoardCache:
    def __init__(self, recheck_seconds: float = RECHECK_SECONDS,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self.recheck_seconds = recheck_seconds
        self._monotonic = monotonic
        self._lock = threading.Lock()
        self._entries: dict[Key, _Entry] = {}
        self._epoch = 0  # bumped when any board may be wrong
        self._generations: dict[str, int] = {}  # bumped by each change of that contest
        self._making: dict[Key, threading.Lock] = {}
        self.made = 0  # boards made so far (tests and the benchmark count them)

    def changed(self, change: Change | None) -> None:
        """A ChangeHub listener: the change's contest (None: every contest) is made again."""
        if change is not None and change.contest is None:
            return
        with self._lock:
            if change is None:
                self._epoch += 1
            else:
                self._generations[change.contest] = self._generations.get(change.contest, 0) + 1

    def forget(self, contest_id: str) -> None:
        """The contest changed here (thawed, finalized, imported by this process)."""
        with self._lock:
            self._generations[contest_id] = self._generations.get(contest_id, 0) + 1

    def board(self, database: Database, contest_id: str, view: model.View,
              group: str | None, now: datetime) -> ServedBoard | None:
        """The board as `view` sees it at `now` (aware UTC), of `group`'s teams when given (a
        JudgeError names an unknown group); None when there is no such contest."""
        key = (contest_id, view, group or None)
        entry = self._fresh(key, now)
        if entry is not None:
            return entry.served
        with self._maker(key):  # one request makes it; the others wait for it
            entry = self._fresh(key, now)
            if entry is not None:
                return entry.served
            with self._lock:
                generation = self._generation(contest_id)
                old = self._entries.get(key)
            with database.session() as session:
                stamp = _stamp(session, contest_id)
                if stamp is None:
                    return None
                if (old is not None and old.generation == generation and old.stamp == stamp
                        and _state(old.served.board, now) is old.served.state):
                    entry = _Entry(old.served, generation, stamp, self._monotonic())
                else:
                    board = contest_board(session, contest_id, view)
                    if board is None:
                        return None
                    entry = _Entry(served(board, group, now), generation, stamp,
                                   self._monotonic())
                    self.made += 1
            with self._lock:
                self._entries[key] = entry
            return entry.served

    def _fresh(self, key: Key, now: datetime) -> _Entry | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry.generation != self._generation(key[0]):
                return None
        if self._monotonic() - entry.checked >= self.recheck_seconds:
            return None
        if _state(entry.served.board, now) is not entry.served.state:
            return None
        return entry

    def _generation(self, contest_id: str) -> tuple[int, int]:
        return self._epoch, self._generations.get(contest_id, 0)

    def _maker(self, key: Key) -> threading.Lock:
        with self._lock:
            return self._making.setdefault(key, threading.Lock())


def served(board: Board, group: str | None, now: datetime) -> ServedBoard:
    standings = board.standings
    if group:
        standings = filter_group(standings, board.contest, group)
    state = _state(board, now)
    document = json.dumps(board_document(board, standings, state), separators=(",", ":"))
    data = document.encode()
    etag = '"' + hashlib.sha256(data).hexdigest()[:20] + '"'
    return ServedBoard(board, standings, group or None, state, data, etag)


def _state(board: Board, now: datetime) -> State:
    return state_of(board.contest, board.finalized_at, now)


def _stamp(session, contest_id: str) -> tuple | None:
    row = session.execute(
        select(Contest.updated_at, Contest.thawed_at, Contest.finalized_at)
        .where(Contest.id == contest_id)
    ).first()
    return None if row is None else tuple(row)


def board_document(board: Board, standings: model.Standings, state: State) -> dict:
    """The board as the contest pages read it (GET /contests/ID/board.json)."""
    contest = board.contest
    teams = {team.id: team for team in contest.teams}
    organizations = {org.id: org for org in contest.organizations}
    freeze = contest.freeze_time
    rows = []
    for row in standings.rows:
        team = teams.get(row.team_id)
        organization = organizations.get(team.organization_id) if team else None
        rows.append({
            "rank": row.rank,
            "team_id": row.team_id,
            "team": (team.display_name or team.name) if team else row.team_id,
            "organization": organization.name if organization else "",
            "solved": row.num_solved,
            "penalty": row.total_time,
            "score": row.score,
            "cells": [{
                "problem": cell.problem_id,
                "tries": cell.num_judged,
                "pending": cell.num_pending,
                "solved": cell.solved,
                "first": cell.first_to_solve,
                "time": cell.time,
                "score": cell.score,
            } for cell in row.cells],
        })
    return {
        "contest": contest.id,
        "name": contest.name,
        "type": contest.scoreboard_type.value,
        "state": state.value,
        "view": standings.view.value,
        "frozen": is_frozen(board, standings.view, state),
        "freeze_time": _iso(freeze),
        "thawed_at": _iso(board.thawed_at),
        "finalized_at": _iso(board.finalized_at),
        "problems": [{"id": p.id, "label": p.label, "name": p.name, "rgb": p.rgb}
                     for p in (standings.problems or contest.problems)],
        "rows": rows,
    }


def is_frozen(board: Board, view: model.View, state: State) -> bool:
    """Whether `view` sees the board frozen now: the public, from the freeze to the thaw."""
    return (view is model.View.PUBLIC and board.contest.freeze_time is not None
            and board.thawed_at is None and state in (State.FROZEN, State.OVER, State.FINAL))


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat().replace("+00:00", "Z")
