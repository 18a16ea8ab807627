"""Clarifications, on SQLite and on a real PostgreSQL: what each role sees (team A, team B,
the jury), answers to one team and to all, announcements, who may ask, and live delivery."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from judge.service.api import clarifications as api_clarifications
from judge.service.auth import add_user, remove_user
from judge.service.clarifications import MAX_TEXT
from judge.service.contests import store_contest
from judge.service.models import Role, User
from tests.service.conftest import Api
from tests.service.test_contest_window import CUP


@pytest.fixture
def cup(project_root, db_url, cache):
    app = Api(project_root, db_url, cache, rate_limit=50)
    with app.database.writing() as session:
        store_contest(session, CUP)  # alice is on t1, bob on t2
    try:
        yield app
    finally:
        app.close()


def ask(api, who, text, **more):
    response = api.post("/api/clarifications", who, json={"contest": "cup", "text": text} | more)
    assert response.status_code == 201, response.text
    return response.json()


def seen(api, who):
    response = api.get("/api/clarifications", who, params={"contest": "cup"})
    assert response.status_code == 200, response.text
    return [(c["from_team"], c["to_team"], c["text"], c["question"]) for c in response.json()]


def test_each_team_sees_its_own_questions_and_answers_and_what_went_to_all(cup):
    mine = ask(cup, "alice", "Is n at most 10^5?", problem="sum")
    assert (mine["from_team"], mine["to_team"], mine["problem"]) == ("t1", None, "sum")
    theirs = ask(cup, "bob", "  May the input end without a newline?  ")
    ask(cup, "setter", "Yes.", reply_to=mine["id"])  # to alice's team only
    ask(cup, "admin", "It may; read tokens.", reply_to=theirs["id"], to="all")
    ask(cup, "admin", "The contest is extended by 10 minutes.")  # an announcement
    ask(cup, "admin", "Team Beta: your printer is fixed.", to="t2")
    assert seen(cup, "alice") == [
        ("t1", None, "Is n at most 10^5?", None),
        (None, "t1", "Yes.", None),
        # bob's question is shown only with its answer to all
        (None, None, "It may; read tokens.", "May the input end without a newline?"),
        (None, None, "The contest is extended by 10 minutes.", None),
    ]
    assert seen(cup, "bob") == [
        ("t2", None, "May the input end without a newline?", None),
        (None, None, "It may; read tokens.", None),
        (None, None, "The contest is extended by 10 minutes.", None),
        (None, "t2", "Team Beta: your printer is fixed.", None),
    ]
    jury = seen(cup, "setter")
    assert len(jury) == 6 and all(question is None for *_, question in jury)
    answer = cup.get("/api/clarifications", "admin", params={"contest": "cup"}).json()[2]
    assert answer["reply_to"] == mine["id"] and answer["problem"] == "sum"


def test_only_a_team_of_the_contest_asks_and_only_the_jury_answers(cup):
    with cup.database.writing() as session:
        cup.tokens["carol"] = add_user(session, "carol", Role.CONTESTANT)  # on no team
    refused = cup.post("/api/clarifications", "carol", json={"contest": "cup", "text": "hi"})
    assert refused.status_code == 403 and "no team of contest 'cup'" in refused.json()["message"]
    assert cup.get("/api/clarifications", "carol", params={"contest": "cup"}).status_code == 403
    unknown = cup.post("/api/clarifications", "alice", json={"contest": "nope", "text": "hi"})
    assert unknown.status_code == 404 and "no contest 'nope'" in unknown.json()["message"]
    question = ask(cup, "alice", "why?")
    answering = cup.post("/api/clarifications", "bob",
                         json={"contest": "cup", "text": "because", "reply_to": question["id"]})
    assert answering.status_code == 403 and "only the jury" in answering.json()["message"]
    assert cup.post("/api/clarifications", "worker",
                    json={"contest": "cup", "text": "x"}).status_code == 403


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"text": "   "}, "the text is empty"),
        ({"text": "x" * (MAX_TEXT + 1)}, f"at most {MAX_TEXT}"),
        ({"text": "x", "problem": "flow"}, "no problem 'flow' in contest 'cup'"),
    ],
)
def test_what_cannot_be_a_clarification_is_refused_with_the_reason(cup, body, message):
    refused = cup.post("/api/clarifications", "alice", json={"contest": "cup"} | body)
    assert refused.status_code == 422 and message in refused.json()["message"]


def test_the_jury_answers_only_questions_of_the_contest_to_its_teams(cup):
    no_question = cup.post("/api/clarifications", "admin",
                           json={"contest": "cup", "text": "a", "reply_to": 99})
    assert no_question.status_code == 404
    no_team = cup.post("/api/clarifications", "admin",
                       json={"contest": "cup", "text": "a", "to": "t9"})
    assert no_team.status_code == 422 and "no team 't9'" in no_team.json()["message"]
    too_long = cup.post("/api/clarifications", "alice",
                        json={"contest": "cup", "text": "x" * (3 * MAX_TEXT)})
    assert too_long.status_code == 422


def test_a_team_stream_shows_an_answer_as_it_is_sent_and_nothing_of_other_teams(cup):
    ask(cup, "alice", "first question")
    with cup.database.session() as session:
        alice = session.scalar(select(User).where(User.name == "alice"))

    async def scenario() -> list[str]:
        stream = api_clarifications._stream("cup", alice, cup.parts)
        first = await anext(stream)
        assert "first question" in first
        waiting = asyncio.ensure_future(anext(stream))
        ask(cup, "bob", "a question of team Beta")  # wakes the stream, shows it nothing
        done, _ = await asyncio.wait({waiting}, timeout=0.5)
        assert not done
        ask(cup, "admin", "An answer for everyone.")
        sent = await asyncio.wait_for(waiting, 30)
        await stream.aclose()
        return [first, sent]

    first, sent = asyncio.run(scenario())
    assert sent.startswith("event: clarification") and "An answer for everyone." in sent
    assert "team Beta" not in first + sent


def test_a_removed_user_s_questions_stay_with_the_team(cup):
    ask(cup, "alice", "Is the graph connected?")
    with cup.database.writing() as session:
        remove_user(session, "alice")
    assert seen(cup, "setter") == [("t1", None, "Is the graph connected?", None)]
