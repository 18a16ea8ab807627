"""Contest boards made once per change and served from memory to every viewer.

A board is made again only when something on it may have changed: a submission of the contest
stored, judged or rejudged (the change notifications of judge.service.changes, which reach every
server process, the embedded judge's results included, since they arrive over HTTP or Redis),
or the contest itself re-imported, thawed or finalized. Those last come from `judge contest`
too, a process of its own that publishes nothing, so a board older than a second looks at its
contest row once (one indexed read) before it is served again; and a board made before a moment
that changes the contest's state (its start, the freeze, the end) is made again after it.

The contest's submissions are kept as the scoring rules read them, and a change reads again
only the submissions it names; each view's standings are kept up to date with them
(judge.contest.live), scoring again only the cells the change touches: a verdict on a board of
500 teams and 20,000 submissions costs about a millisecond of scoring instead of the hundred
or more of scoring it all, time in which this process's event loop, which answers the polls,
would wait for the interpreter's lock. A re-import, a missed change (the Redis relay was away),
or a contest whose teams each start their own window reads them all again.

Each board is served as its JSON document (and that gzipped, made once) with an ETag: a page
that polls with If-None-Match costs a dictionary lookup until something changes. While one
request makes a new board, the others are served the one before (a poll a moment later gets
the new one) rather than queue behind it.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import select

from judge.contest import model
from judge.contest.live import LiveStandings
from judge.contest.standings import filter_group, rules_of
from judge.service.changes import Change
from judge.service.contest_board import Board, judged_submissions, with_max_scores
from judge.service.contest_jury import State, state_of
from judge.service.contests import aware, load_contest
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
    gzipped: bytes  # the same, gzipped
    etag: str


@dataclass(frozen=True)
class _Entry:
    served: ServedBoard
    generation: tuple[int, int]  # (everything, this contest) when it was made
    checked: float  # time.monotonic() of the last look at the contest row


@dataclass
class _Submissions:
    """A contest's submissions as last read, what they were read with, and each view's
    standings kept up to date with them (changed only under the contest's lock)."""

    contest: model.Contest  # as stored
    scored: model.Contest  # the same with its problems' most points (score contests)
    by_id: dict[int, model.JudgedSubmission]
    stamp: tuple  # the contest row's (updated_at, thawed_at, finalized_at)
    epoch: int
    live: dict[model.View, LiveStandings] = field(default_factory=dict)  # made when asked
    fragments: dict[tuple[model.View, str | None], Fragments] = field(default_factory=dict)

    def standings(self, view: model.View, thawed: bool) -> model.Standings:
        live = self.live.get(view)
        if live is None or live.thawed != thawed:
            ordered = sorted(self.by_id.values(), key=_oldest_first)
            live = LiveStandings(rules_of(self.scored), self.scored, view, thawed, ordered,
                                 _oldest_first)
            self.live[view] = live
        return live.standings


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
        self._changed: dict[str, set[int]] = {}  # submissions to read again, per contest
        self._read: dict[str, _Submissions] = {}
        self._making: dict[str, threading.Lock] = {}
        self.made = 0  # boards made so far (tests and the benchmark count them)

    def changed(self, change: Change | None) -> None:
        """A ChangeHub listener: the change's contest (None: every contest) is made again."""
        if change is not None and (change.contest is None or not change.board):
            return
        with self._lock:
            if change is None:
                self._epoch += 1
            else:
                contest = change.contest
                self._generations[contest] = self._generations.get(contest, 0) + 1
                self._changed.setdefault(contest, set()).add(change.submission_id)

    def forget(self, contest_id: str) -> None:
        """The contest changed here (thawed, finalized, imported by this process)."""
        with self._lock:
            self._generations[contest_id] = self._generations.get(contest_id, 0) + 1

    def ready(self, contest_id: str, view: model.View, group: str | None,
              now: datetime) -> ServedBoard | None:
        """The board when it is served from memory as it is (no database, no waiting: what a
        request may ask on the event loop); None when `board` must be asked."""
        with self._lock:
            entry = self._entries.get((contest_id, view, group or None))
            generation = self._generation(contest_id)
            making = self._making.get(contest_id)
        if entry is not None and self._fresh(entry, generation, now):
            return entry.served
        if entry is not None and making is not None and making.locked():
            return entry.served  # the board before, as `board` serves it meanwhile
        return None

    def board(self, database: Database, contest_id: str, view: model.View,
              group: str | None, now: datetime) -> ServedBoard | None:
        """The board as `view` sees it at `now` (aware UTC), of `group`'s teams when given (a
        JudgeError names an unknown group); None when there is no such contest."""
        key = (contest_id, view, group or None)
        with self._lock:
            entry = self._entries.get(key)
            generation = self._generation(contest_id)
        if entry is not None and self._fresh(entry, generation, now):
            return entry.served
        maker = self._maker(contest_id)
        # One request makes it; the others get the board before meanwhile (none yet: they wait).
        if not maker.acquire(blocking=entry is None):
            return entry.served
        changed: set[int] = set()
        try:
            with self._lock:
                entry = self._entries.get(key)
                generation = self._generation(contest_id)
            if entry is not None and self._fresh(entry, generation, now):
                return entry.served  # made while this request waited
            with self._lock:
                generation = self._generation(contest_id)
                changed = self._changed.pop(contest_id, set())
                epoch = self._epoch
            if entry is not None and entry.generation != generation:
                entry = None  # a change came: the board is made again, whatever the row says
            served = self._make(database, contest_id, view, group, now, changed, epoch, entry)
            if served is None:
                return None
            with self._lock:
                self._entries[key] = _Entry(served, generation, self._monotonic())
            return served
        except BaseException:
            with self._lock:  # read them again next time
                self._changed.setdefault(contest_id, set()).update(changed)
            self._read.pop(contest_id, None)  # a change half applied: everything, in fact
            raise
        finally:
            maker.release()

    def _make(self, database: Database, contest_id: str, view: model.View, group: str | None,
              now: datetime, changed: set[int], epoch: int,
              entry: _Entry | None) -> ServedBoard | None:
        """Under the contest's lock: the board from the submissions read again as needed;
        `entry` (when no change came since it was made) is kept if the contest row says the
        same as when it was made."""
        with database.session() as session:
            stamp = _stamp(session, contest_id)
            if stamp is None:
                self._read.pop(contest_id, None)
                return None
            read = self._read.get(contest_id)
            if (read is not None and read.stamp == stamp and read.epoch == epoch and not changed
                    and entry is not None and _state(entry.served.board, now)
                    is entry.served.state):
                return entry.served  # only looked at the row: nothing changed
            if (read is None or read.stamp[0] != stamp[0] or read.epoch != epoch
                    or read.contest.team_duration is not None):
                # Everything read again: a re-import, a missed change, or team windows (whose
                # starts move every contest time of the team).
                contest = load_contest(session, contest_id)
                if contest is None:
                    return None
                by_id = {int(s.id): s for s in judged_submissions(session, contest)}
                read = _Submissions(contest, with_max_scores(session, contest), by_id, stamp,
                                    epoch)
            elif changed:
                gone = [read.by_id.pop(i) for i in changed if i in read.by_id]
                came = judged_submissions(session, read.contest, changed)
                read.by_id.update((int(s.id), s) for s in came)
                if any(s.score is not None for s in (*gone, *came)):
                    # A scored result may bring a problem's most points: the boards are made
                    # again from scratch only when it does.
                    scored = with_max_scores(session, read.contest)
                    if scored != read.scored:
                        read.scored, read.live = scored, {}
                for live in read.live.values():
                    live.update(gone, came)
            read.stamp = stamp
            self._read[contest_id] = read
            standings = read.standings(view, thawed=stamp[1] is not None)
            fragments = read.fragments.setdefault((view, group or None), {})
        board = Board(read.scored, standings, aware(stamp[1]), aware(stamp[2]))
        self.made += 1
        return served(board, group, now, fragments)

    def _fresh(self, entry: _Entry, generation: tuple[int, int], now: datetime) -> bool:
        return (entry.generation == generation
                and self._monotonic() - entry.checked < self.recheck_seconds
                and _state(entry.served.board, now) is entry.served.state)

    def _generation(self, contest_id: str) -> tuple[int, int]:
        return self._epoch, self._generations.get(contest_id, 0)

    def _maker(self, contest_id: str) -> threading.Lock:
        with self._lock:
            return self._making.setdefault(contest_id, threading.Lock())


# A row's JSON, kept with the row it was made of (same object: the same JSON), per team.
Fragments = dict[str, tuple[model.Row, bytes]]


def served(board: Board, group: str | None, now: datetime,
           fragments: Fragments | None = None) -> ServedBoard:
    """The board as it is served. `fragments` (kept from the board before of the same view
    and group, with the same contest) spares the JSON of every row that did not change:
    encoding 500 rows is most of the cost of a board kept up to date."""
    standings = board.standings
    if group:
        standings = filter_group(standings, board.contest, group)
    state = _state(board, now)
    fragments = {} if fragments is None else fragments
    names = _names(board.contest)
    rows = []
    for row in standings.rows:
        kept = fragments.get(row.team_id)
        if kept is None or kept[0] is not row:
            kept = row, _json(row_document(row, *names))
            fragments[row.team_id] = kept
        rows.append(kept[1])
    head = _json(board_head(board, standings, state))
    # The same bytes as json.dumps of board_document, whose "rows" come last.
    data = head[:-1] + b',"rows":[' + b",".join(rows) + b"]}"
    etag = '"' + hashlib.sha256(data).hexdigest()[:20] + '"'
    return ServedBoard(board, standings, group or None, state, data,
                       gzip.compress(data, compresslevel=6, mtime=0), etag)


def _json(document: dict) -> bytes:
    return json.dumps(document, separators=(",", ":")).encode()


def _oldest_first(submission: model.JudgedSubmission) -> tuple:
    return submission.submitted_at, int(submission.id)  # as judged_submissions orders them


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
    names = _names(board.contest)
    return {**board_head(board, standings, state),
            "rows": [row_document(row, *names) for row in standings.rows]}


def board_head(board: Board, standings: model.Standings, state: State) -> dict:
    """The board's document but its rows."""
    contest = board.contest
    return {
        "contest": contest.id,
        "name": contest.name,
        "type": contest.scoreboard_type.value,
        "state": state.value,
        "view": standings.view.value,
        "frozen": is_frozen(board, standings.view, state),
        "freeze_time": _iso(contest.freeze_time),
        "thawed_at": _iso(board.thawed_at),
        "finalized_at": _iso(board.finalized_at),
        "problems": [{"id": p.id, "label": p.label, "name": p.name, "rgb": p.rgb}
                     for p in (standings.problems or contest.problems)],
    }


def row_document(row: model.Row, teams: dict[str, model.Team],
                 organizations: dict[str, model.Organization]) -> dict:
    team = teams.get(row.team_id)
    organization = organizations.get(team.organization_id) if team else None
    return {
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
    }


def _names(contest: model.Contest) -> tuple[dict, dict]:
    return ({team.id: team for team in contest.teams},
            {org.id: org for org in contest.organizations})


def is_frozen(board: Board, view: model.View, state: State) -> bool:
    """Whether `view` sees the board frozen now: the public, from the freeze to the thaw."""
    return (view is model.View.PUBLIC and board.contest.freeze_time is not None
            and board.thawed_at is None and state in (State.FROZEN, State.OVER, State.FINAL))


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat().replace("+00:00", "Z")
