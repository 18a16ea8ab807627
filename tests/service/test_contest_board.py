"""A contest's board from the service's database, on SQLite and on a real PostgreSQL: what is
stored for each submission (status, verdict, scores, practice, team) reaches the scoring rules
as they expect it."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import event, select

from judge.contest.model import (
    Contest,
    ContestProblem,
    ScoreboardType,
    ScoreMode,
    Team,
    View,
)
from judge.service.auth import add_user
from judge.service.board_cache import BoardCache, board_document
from judge.service.changes import change_of
from judge.service.contest_board import contest_board, with_max_scores
from judge.service.contest_jury import thaw
from judge.service.contests import ContestEntry, store_contest
from judge.service.db import Database
from judge.service.models import Contest as ContestRow
from judge.service.models import Priority, Role, Status, Submission, User
from judge.service.store import Job, create_submission, finish

START = datetime(2026, 12, 5, 9, 0)  # naive UTC, as stored
CUP = Contest(
    id="cup",
    name="Cup",
    start_time=START.replace(tzinfo=timezone.utc),
    duration=timedelta(hours=5),
    scoreboard_freeze_duration=timedelta(hours=1),
    problems=(ContestProblem("sum", "A", 0), ContestProblem("flow", "B", 1)),
    teams=(Team("t1", "Alpha"), Team("t2", "Beta"), Team("t3", "Gamma")),
)


@pytest.fixture
def database(db_url):
    database = Database(db_url)
    database.migrate()
    with database.writing() as session:
        add_user(session, "alice", Role.CONTESTANT)
        store_contest(session, CUP)
    try:
        yield database
    finally:
        database.close()


def send(database, team, problem, minutes, verdict=None, *, practice=False, result=None):
    """A submission by `team` at `minutes` into the contest, judged `verdict` (None: still
    queued; "failed": the judge could not judge it)."""
    with database.writing() as session:
        user = session.scalar(select(User).where(User.name == "alice"))
        entry = ContestEntry(CUP.id, team, practice, Priority.CONTEST)
        row = create_submission(session, user, problem, "python", "a.py", b"", contest=entry,
                                now=START + timedelta(minutes=minutes))
        session.flush()
        if verdict is None:
            return
        row.status = Status.JUDGING
        session.flush()
        document = result if result is not None else {"verdict": verdict, "groups": []}
        finish(session, Job(row.id, row.attempt), None if verdict == "failed" else document,
               None if verdict == "failed" else verdict)


def board(database, view=View.JURY, contest_id="cup"):
    with database.session() as session:
        return contest_board(session, contest_id, view)


def rows(found):
    """(rank, team, solved, penalty) of each row, best first."""
    return [(r.rank, r.team_id, r.num_solved, r.total_time) for r in found.standings.rows]


def test_verdicts_times_and_penalties_come_from_the_stored_submissions(database):
    send(database, "t1", "sum", 10, "WA")
    send(database, "t1", "sum", 30.5, "AC")  # 30 minutes, plus 20 for the WA
    send(database, "t2", "sum", 20, "CE")  # no penalty
    send(database, "t2", "sum", 45, "AC")
    send(database, "t2", "flow", 50, "failed")  # the judge could not judge it: pending
    send(database, "t3", "flow", 60)  # still queued: pending
    found = board(database)
    assert rows(found) == [(1, "t2", 1, 45), (2, "t1", 1, 50), (3, "t3", 0, 0)]
    beta = found.standings.rows[0]
    assert [(c.problem_id, c.num_judged, c.num_pending) for c in beta.cells] == [
        ("sum", 1, 0), ("flow", 0, 1)]


def test_practice_after_the_window_is_off_the_board(database):
    send(database, "t1", "sum", 400, "AC", practice=True)
    assert rows(board(database))[0][2:] == (0, 0)


def test_the_public_board_hides_what_came_after_the_freeze_until_the_thaw(database):
    send(database, "t1", "sum", 250, "AC")  # the freeze begins at 4:00
    public = board(database, View.PUBLIC)
    alpha = next(r for r in public.standings.rows if r.team_id == "t1")
    assert public.standings.frozen and alpha.num_solved == 0 and alpha.cells[0].num_pending == 1
    assert next(r for r in board(database).standings.rows if r.team_id == "t1").num_solved == 1
    with database.writing() as session:
        session.get(ContestRow, "cup").thawed_at = START + timedelta(hours=6)
    thawed = board(database, View.PUBLIC)
    assert thawed.thawed_at is not None and not thawed.standings.frozen
    assert next(r for r in thawed.standings.rows if r.team_id == "t1").num_solved == 1


def test_a_score_contest_adds_each_subtasks_best(database):
    with database.writing() as session:
        store_contest(session, replace(CUP, id="ioi", scoreboard_type=ScoreboardType.SCORE,
                                       score_mode=ScoreMode.SUBTASK_SUM,
                                       scoreboard_freeze_duration=None))

    def scored(team, minutes, groups):
        with database.writing() as session:
            user = session.scalar(select(User).where(User.name == "alice"))
            row = create_submission(session, user, "sum", "python", "a.py", b"",
                                    contest=ContestEntry("ioi", team, False, Priority.CONTEST),
                                    now=START + timedelta(minutes=minutes))
            row.status = Status.JUDGING
            session.flush()
            result = {"score": sum(groups), "max_score": 100.0,
                      "groups": [{"score": g} for g in groups]}
            finish(session, Job(row.id, row.attempt), result, "WA")

    scored("t1", 10, [40.0, 0.0])
    scored("t1", 20, [0.0, 60.0])  # best of each subtask: 40 + 60, full marks
    scored("t2", 15, [40.0, 30.0])
    found = board(database, contest_id="ioi")
    assert [(r.rank, r.team_id, r.score) for r in found.standings.rows[:2]] == [
        (1, "t1", 100.0), (2, "t2", 70.0)]
    assert found.standings.rows[0].cells[0].solved


def test_an_unknown_contest_has_no_board(database):
    assert board(database, contest_id="nope") is None


def test_the_served_board_equals_the_rules_standings_after_each_verdict_frozen_and_thawed(
        database):
    """The board cache keeps each view's standings up to date one change at a time; after each
    change both views equal the standings the rules make from everything stored."""
    cache = BoardCache()
    now = START.replace(tzinfo=timezone.utc) + timedelta(hours=4, minutes=30)

    def submitted(team, problem, minutes):
        with database.writing() as session:
            user = session.scalar(select(User).where(User.name == "alice"))
            row = create_submission(session, user, problem, "python", "a.py", b"",
                                    contest=ContestEntry(CUP.id, team, False, Priority.CONTEST),
                                    now=START + timedelta(minutes=minutes))
            session.flush()
            change = change_of(row)
        cache.changed(change)
        return change.submission_id

    def judged(submission_id, verdict):
        with database.writing() as session:
            row = session.get(Submission, submission_id)
            row.status = Status.JUDGING
            session.flush()
            finish(session, Job(row.id, row.attempt), {"verdict": verdict, "groups": []},
                   verdict)
            change = change_of(row)
        cache.changed(change)

    def the_same():
        for view in (View.PUBLIC, View.JURY):
            served = cache.board(database, "cup", view, None, now)
            assert served.standings == board(database, view).standings, view
            # its JSON, made again only for the rows that changed, is the whole board's
            whole = board_document(served.board, served.standings, served.state)
            assert served.document == json.dumps(whole, separators=(",", ":")).encode()
        return served

    the_same()
    made = cache.made
    steps = [("t1", "sum", 10, "WA"), ("t2", "sum", 12, "AC"), ("t1", "sum", 20, "AC"),
             ("t3", "flow", 30, "CE"), ("t3", "flow", 35, "JE"), ("t2", "flow", 250, "AC"),
             ("t1", "flow", 260, "WA"), ("t3", "sum", 5, "AC")]  # the last is first to solve
    for team, problem, minutes, verdict in steps:
        submission_id = submitted(team, problem, minutes)
        the_same()
        judged(submission_id, verdict)
        the_same()
    assert cache.made == made + 4 * len(steps)  # each view once per change
    public = cache.board(database, "cup", View.PUBLIC, None, now)
    assert public.standings.frozen
    assert next(r for r in public.standings.rows if r.team_id == "t2").num_solved == 1
    with database.writing() as session:
        thaw(session, "cup", now.replace(tzinfo=None))
    cache.forget("cup")
    thawed = the_same()
    assert not cache.board(database, "cup", View.PUBLIC, None, now).standings.frozen
    assert next(r for r in thawed.standings.rows if r.team_id == "t2").num_solved == 2
    judged(submitted("t3", "flow", 270), "AC")  # after the thaw, still one change at a time
    the_same()


def test_a_score_contests_most_points_are_read_in_one_query(database):
    contest = replace(CUP, id="ioi", scoreboard_type=ScoreboardType.SCORE,
                      problems=(*CUP.problems, ContestProblem("other", "C", 2)))
    with database.writing() as session:
        store_contest(session, contest)
    for problem, most in (("sum", 100.0), ("flow", 60.0), ("sum", 80.0)):
        with database.writing() as session:
            user = session.scalar(select(User).where(User.name == "alice"))
            row = create_submission(session, user, problem, "python", "a.py", b"",
                                    contest=ContestEntry("ioi", "t1", False, Priority.CONTEST),
                                    now=START + timedelta(minutes=10))
            row.status = Status.JUDGING
            session.flush()
            finish(session, Job(row.id, row.attempt),
                   {"score": 10.0, "max_score": most, "groups": []}, "WA")
    statements = []
    event.listen(database.engine, "before_cursor_execute",
                 lambda *args: statements.append(args[2]))
    with database.session() as session:
        found = with_max_scores(session, contest)
    # The newest result of each problem gives its most points; a problem without one has none.
    assert [(p.id, p.max_score) for p in found.problems] == [
        ("sum", 80.0), ("flow", 60.0), ("other", None)]
    assert [s.split()[0] for s in statements if s != "BEGIN"] == ["SELECT"]  # SQLite's BEGIN
