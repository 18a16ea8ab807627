"""Contests in the database, on SQLite and on a real PostgreSQL: stored rows load back as the
same contest; storing again replaces it but keeps what the contest lived through; importing
makes users with tokens for the package's accounts."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlalchemy import select

from judge.contest.model import ScoreboardType, ScoreMode
from judge.contest.package import read_contest
from judge.errors import JudgeError
from judge.service.auth import add_user, remove_user, user_for_token
from judge.service.contests import import_contest, list_contests, load_contest, store_contest
from judge.service.db import Database
from judge.service.models import ContestTeam, Role, TeamMember, User

FIXTURE = Path(__file__).parent.parent / "fixtures" / "contests" / "flows"


@pytest.fixture
def database(db_url):
    database = Database(db_url)
    database.migrate()
    try:
        yield database
    finally:
        database.close()


@pytest.fixture
def flows():
    return read_contest(FIXTURE).contest


def members(database: Database, contest_id: str) -> dict[str, str]:
    with database.session() as session:
        query = (
            select(User.name, TeamMember.team_id)
            .join(User, User.id == TeamMember.user_id)
            .where(TeamMember.contest_id == contest_id)
        )
        return dict(session.execute(query).all())


def test_a_stored_contest_loads_back_the_same(database, flows):
    with database.writing() as session:
        assert store_contest(session, flows) is False
    with database.session() as session:
        assert load_contest(session, "flows") == flows
        assert load_contest(session, "nothing") is None


def test_every_field_survives_the_database(database, flows):
    scored = dataclasses.replace(
        flows,
        id="day1",
        start_time=None,
        duration=timedelta(hours=5, milliseconds=250),
        scoreboard_freeze_duration=None,
        scoreboard_type=ScoreboardType.SCORE,
        score_mode=ScoreMode.BEST_SUBMISSION,
        time_tiebreak=True,
        team_duration=timedelta(hours=3),
        penalty_time=0,
    )
    with database.writing() as session:
        store_contest(session, scored)
    with database.session() as session:
        assert load_contest(session, "day1") == scored


def test_storing_again_replaces_but_keeps_a_teams_start(database, flows):
    started = datetime(2026, 12, 5, 9, 30)
    with database.writing() as session:
        store_contest(session, flows)
        session.flush()
        session.get(ContestTeam, ("flows", "t2")).started_at = started
    smaller = dataclasses.replace(
        flows, name="Flows Cup (final)", teams=flows.teams[1:],
        accounts=tuple(a for a in flows.accounts if a.team_id != "t1"),
    )
    with database.writing() as session:
        assert store_contest(session, smaller) is True
    with database.session() as session:
        assert load_contest(session, "flows") == smaller
        assert session.get(ContestTeam, ("flows", "t2")).started_at == started


def test_import_makes_users_with_tokens_and_teams_of_them(database, flows):
    with database.writing() as session:
        add_user(session, "team1", Role.CONTESTANT)  # there already: keeps its token
    with database.writing() as session:
        imported = import_contest(session, flows)
    assert not imported.updated
    assert imported.existing_users == ("team1",)
    assert [name for name, _ in imported.tokens] == ["team2a", "team2b", "team3", "jury"]
    with database.session() as session:
        for name, token in imported.tokens:
            user = user_for_token(session, token)
            assert user is not None and user.name == name
        assert user_for_token(session, imported.tokens[-1][1]).role is Role.SETTER
    assert members(database, "flows") == {
        "team1": "t1", "team2a": "t2", "team2b": "t2", "team3": "t3",
    }
    with database.writing() as session:
        again = import_contest(session, flows)
    assert again.updated and again.tokens == ()
    assert len(members(database, "flows")) == 4


def test_removing_a_user_takes_it_off_its_team(database, flows):
    with database.writing() as session:
        import_contest(session, flows)
    with database.writing() as session:
        remove_user(session, "team2a")
    assert members(database, "flows") == {"team1": "t1", "team2b": "t2", "team3": "t3"}


def test_an_account_name_that_cannot_be_a_user_is_refused(database, flows):
    account = dataclasses.replace(flows.accounts[0], username="team one")
    with database.writing() as session, pytest.raises(JudgeError, match="'team one'"):
        import_contest(session, dataclasses.replace(flows, accounts=(account,)))


def test_contests_are_listed_by_start(database, flows):
    later = dataclasses.replace(
        flows, id="later", start_time=flows.start_time + timedelta(days=1), teams=(),
        accounts=(),
    )
    unscheduled = dataclasses.replace(flows, id="someday", start_time=None, problems=())
    with database.writing() as session:
        for contest in (unscheduled, later, flows):
            store_contest(session, contest)
    with database.session() as session:
        listed = list_contests(session)
    assert [(c.id, c.problems, c.teams) for c in listed] == [
        ("flows", 3, 3), ("later", 3, 0), ("someday", 0, 3),
    ]
    assert listed[0].start_time == datetime(2026, 12, 5, 9, tzinfo=timezone.utc)
