"""The CLICS scoreboard endpoint, served from the board cache: after each of a sequence of
verdicts (a wrong answer, a compile error, solves before and after the freeze, a rejudge), for
the public and the jury, it is exactly the board made from scratch from the database
(contest_board, the rules run over every submission), and the board recomputed by the test from
the submissions and judgements endpoints alone (test_clics_api.recomputed_board). The contest,
teams and helpers are test_clics_api's; SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta, timezone

from sqlalchemy import update

from judge.contest.clics_board import scoreboard_object
from judge.contest.model import View
from judge.service.contest_board import contest_board
from judge.service.models import Contest as ContestRow
from tests.contest.clics_schemas import errors
from tests.service import test_clics_api
from tests.service.test_clics_api import (
    BROKEN,
    CORRECT,
    START,
    WRONG,
    check_schemas,
    recomputed_board,
    served_board,
)

contestants = test_clics_api.contestants  # the judged contest, its clock and its requests

BOARD = "/api/contests/cup/scoreboard"


def from_scratch(c, who: str | None) -> dict:
    """The board made for this request alone, from every submission in the database."""
    with c.api.database.session() as session:
        board = contest_board(session, "cup", View.JURY if who == "jury" else View.PUBLIC)
    state = c.json("/api/contests/cup/state", who)
    return scoreboard_object(board.contest, board.standings,
                             time=c.clock.now.replace(tzinfo=timezone.utc), state=state)


def agree(c) -> dict[str | None, dict]:
    """Each viewer's served board, checked against both recomputations."""
    boards = {}
    for who in (None, "team2", "jury"):
        served = c.json(BOARD, who)
        assert not errors("scoreboard.json", served)
        assert served == from_scratch(c, who), who
        boards[who] = served
        if who == "team2":
            continue  # its endpoints show its own judgements after the freeze, its board not
        objects = check_schemas(c, who)
        assert served_board(served) == recomputed_board(objects, objects["contest"][None]), who
    assert boards[None] == boards["team2"]  # a team reads the public's board
    return boards


def test_the_cached_board_equals_the_recomputed_one_after_each_verdict(contestants):
    c = contestants
    c.clock.now = START + timedelta(minutes=1)
    agree(c)  # the cache holds the empty board of the started contest
    made = c.api.parts.boards.made
    assert made >= 2  # the public's and the jury's, made by the cache
    c.json(BOARD), c.json(BOARD, "jury")
    assert c.api.parts.boards.made == made  # nothing changed: served as it was made
    c.submit("team1", "sum", WRONG, 5)
    agree(c)
    c.submit("team2", "other", BROKEN, 12)  # a compile error costs no penalty
    agree(c)
    c.submit("team1", "sum", CORRECT, 30)
    c.submit("team3", "other", CORRECT, 35)  # a hidden group's team: the jury's board only
    boards = agree(c)
    assert [(row["team_id"], row["score"]["num_solved"], row["score"]["total_time"])
            for row in boards[None]["rows"]][:1] == [("t1", 1, 50)]
    assert "t3" not in {row["team_id"] for row in boards[None]["rows"]}
    assert "t3" in {row["team_id"] for row in boards["jury"]["rows"]}

    c.submit("team2", "sum", CORRECT, 250)  # after the freeze at 4:00
    c.clock.now = START + timedelta(hours=4, minutes=15)
    boards = agree(c)
    public = {row["team_id"]: row for row in boards[None]["rows"]}
    jury = {row["team_id"]: row for row in boards["jury"]["rows"]}
    assert public["t2"]["score"]["num_solved"] == 0 and jury["t2"]["score"]["num_solved"] == 1

    # A rejudge of team1's solve, to wrong: the cache follows the new judgement.
    solved = c.json("/api/contests/cup/submissions?team_id=t1", "jury")[-1]["id"]
    assert c.api.post(f"/api/submissions/{solved}/rejudge", "admin").status_code == 202
    (c.api.settings.root / "testdata" / "sum" / "hand-01-negative.ans").write_text("-8\n")
    c.api.parts.packages.recheck_seconds = 0
    c.judge(int(solved), 30, attempt=2)
    boards = agree(c)
    assert {row["team_id"]: row["score"]["num_solved"] for row in boards[None]["rows"]}[
        "t1"] == 0

    # Thawed behind the cache's back (as `judge contest thaw` in another process does).
    c.clock.now = START + timedelta(hours=5, minutes=5)
    agree(c)
    with c.api.database.writing() as session:
        session.execute(update(ContestRow).values(thawed_at=c.clock.now))
    boards = agree(c)
    assert {row["team_id"]: row["score"]["num_solved"] for row in boards[None]["rows"]}[
        "t2"] == 1
