"""The Contest API's clarifications and awards, served for a contest judged for real (the contest,
teams and helpers of test_clics_api): who reads which clarification, a team's question and the
jury's answers posted over the Contest API and the service's own, their events in each viewer's
feed, and the awards following the jury's board and the public's frozen one. Every endpoint and
feed line is held to the official 2023-06 schemas (check_schemas)."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import timedelta

from sqlalchemy import select, update

from judge.contest.model import Medals
from judge.service.contests import import_contest
from judge.service.models import Contest as ContestRow
from judge.service.models import ContestEvent
from tests.contest.clics_schemas import errors
from tests.service import test_clics_api
from tests.service.test_clics_api import (
    CORRECT,
    CUP,
    PASSWORDS,
    START,
    WRONG,
    check_schemas,
    feed,
)

contestants = test_clics_api.contestants  # the judged contest, its clock and its requests

CLARIFICATIONS = "/api/contests/cup/clarifications"


def post(c, who: str | None, body: dict):
    auth = (who, PASSWORDS[who]) if who else None
    return c.api.client.post(CLARIFICATIONS, json=body, auth=auth)


def texts(c, who: str | None) -> dict[str, dict]:
    return {clar["text"]: clar for clar in c.json(CLARIFICATIONS, who)}


def stored_event(c, view: str, clarification_id: str, patience: float = 60.0) -> bool:
    """Whether the view's stored log gets the clarification's event within `patience`
    seconds (the service's feed thread stores it; generous, the machine is shared)."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        with c.api.database.session() as session:
            if session.scalar(select(ContestEvent.id).where(
                    ContestEvent.contest_id == "cup", ContestEvent.view == view,
                    ContestEvent.type == "clarifications",
                    ContestEvent.object_id == clarification_id).limit(1)) is not None:
                return True
        time.sleep(0.05)
    return False


def test_clarifications_by_role_in_the_endpoints_and_each_feed(contestants):
    c = contestants
    c.clock.now = START + timedelta(minutes=30)
    asked = post(c, "team1", {"text": "Is the sum bounded?", "problem_id": "sum",
                              "from_team_id": "t1"})
    assert asked.status_code == 201, asked.text
    question = asked.json()
    assert not errors("clarification.json", question)
    assert asked.headers["location"] == f"{CLARIFICATIONS}/{question['id']}"
    assert (question["from_team_id"], question["to_team_id"], question["problem_id"],
            question["contest_time"]) == ("t1", None, "sum", "0:30:00.000")
    other = post(c, "team2", {"text": "May we use C?"}).json()

    # The jury: a private answer to team1, an answer to all (the question stays hidden), and
    # an announcement through the service's own API, which the Contest API shows as well.
    jury_time = "2026-12-05T09:40:00Z"
    private = post(c, "jury", {"text": "Yes, by 10^9.", "reply_to_id": question["id"],
                               "to_team_id": "t1", "time": jury_time})
    assert private.status_code == 201, private.text
    assert private.json()["contest_time"] == "0:40:00.000"
    to_all = post(c, "jury", {"text": "Python only.", "reply_to_id": other["id"],
                              "time": jury_time})
    assert to_all.status_code == 201 and to_all.json()["to_team_id"] is None
    announced = c.api.post("/api/clarifications", "admin",
                           json={"contest": "cup", "text": "One hour to go."})
    assert announced.status_code == 201, announced.text
    # Sent, it is stored in the public's feed by the service itself, with no reader asking.
    assert stored_event(c, "public", str(announced.json()["id"]))

    public, team1, team2 = texts(c, None), texts(c, "team1"), texts(c, "team2")
    jury = texts(c, "jury")
    broadcasts = {"Python only.", "One hour to go."}
    assert set(public) == broadcasts
    assert public["Python only."]["reply_to_id"] is None  # it answers a question not shown
    assert set(team1) == broadcasts | {"Is the sum bounded?", "Yes, by 10^9."}
    assert team1["Yes, by 10^9."]["reply_to_id"] == question["id"]
    assert set(team2) == broadcasts | {"May we use C?"}
    assert team2["Python only."]["reply_to_id"] == other["id"]  # the answer to its question
    assert set(jury) == set(team1) | set(team2)
    assert c.get(f"{CLARIFICATIONS}/{question['id']}", "team2").status_code == 404

    # Each viewer's feed carries exactly its clarifications (and the schemas hold throughout).
    for who, expected in ((None, public), ("team1", team1), ("team2", team2), ("jury", jury)):
        objects = check_schemas(c, who)
        assert {clar["text"] for clar in objects["clarifications"].values()} == set(expected)
    # A new one is sent as it happens: the next read of the feed ends with it.
    before = feed(c, "team1")
    later = post(c, "jury", {"text": "Mind the overflow.", "to_team_id": "t1",
                             "time": "2026-12-05T09:50:00Z"}).json()
    after = feed(c, "team1", since=before[-1]["token"])
    assert [(e["type"], e["data"]) for e in after] == [("clarifications", later)]
    assert feed(c, "team2", since=feed(c, "team2")[-1]["token"]) == []

    access = {who: c.json("/api/contests/cup/access", who)["capabilities"]
              for who in (None, "team1", "jury")}
    assert access == {None: [], "team1": ["team_submit", "team_clar"],
                      "jury": ["admin_submit", "admin_clar"]}


def test_clarifications_the_spec_refuses(contestants):
    c = contestants
    c.clock.now = START + timedelta(minutes=5)
    question = post(c, "team1", {"text": "Why?"}).json()
    refused = {
        "nobody": post(c, None, {"text": "Hello"}),
        "a team names another team": post(c, "team1", {"text": "x", "from_team_id": "t2"}),
        "a team names a recipient": post(c, "team1", {"text": "x", "to_team_id": "t2"}),
        "a team sets the time": post(c, "team1", {"text": "x", "time": "2026-12-05T09:00:00Z"}),
        "a team chooses the id": post(c, "team1", {"text": "x", "id": "mine"}),
        "an unknown property": post(c, "team1", {"text": "x", "colour": "red"}),
        "an empty text": post(c, "team1", {"text": "   "}),
        "an unknown problem": post(c, "team1", {"text": "x", "problem_id": "nope"}),
        "the jury without a time": post(c, "jury", {"text": "x"}),
        "the jury as a team": post(c, "jury", {"text": "x", "from_team_id": "t1",
                                               "time": "2026-12-05T09:00:00Z"}),
        "an answer to nothing": post(c, "jury", {"text": "x", "reply_to_id": "999",
                                                 "time": "2026-12-05T09:00:00Z"}),
        "to no such team": post(c, "jury", {"text": "x", "to_team_id": "t9",
                                            "time": "2026-12-05T09:00:00Z"}),
        "not JSON": c.api.client.post(CLARIFICATIONS, content=b"{", auth=(
            "team1", PASSWORDS["team1"])),
    }
    assert {why: r.status_code for why, r in refused.items()} == {
        "nobody": 401, "a team names another team": 403, "a team names a recipient": 400,
        "a team sets the time": 400, "a team chooses the id": 400, "an unknown property": 400,
        "an empty text": 422, "an unknown problem": 422, "the jury without a time": 400,
        "the jury as a team": 400, "an answer to nothing": 404, "to no such team": 422,
        "not JSON": 400,
    }
    assert [clar["id"] for clar in c.json(CLARIFICATIONS, "jury")] == [question["id"]]


def awarded(c, who: str | None) -> dict[str, list[str]]:
    return {award["id"]: sorted(award["team_ids"])
            for award in c.json("/api/contests/cup/awards", who)}


def test_awards_follow_the_jurys_board_and_the_publics_frozen_one(contestants):
    c = contestants
    with c.api.database.writing() as session:  # the package again, now with medals
        import_contest(session, replace(CUP, medals=Medals(gold=1, silver=1)))
    empty = {"winner": [], "gold-medal": [], "silver-medal": [], "first-to-solve-sum": [],
             "first-to-solve-other": [],
             "group-winner-students": []}  # no award for the hidden group of guests
    assert awarded(c, None) == awarded(c, "jury") == empty  # there before the start

    c.submit("team3", "other", CORRECT, 20)  # a hidden group's team wins nothing
    c.submit("team1", "sum", WRONG, 25)
    c.submit("team1", "sum", CORRECT, 30)
    opened = dict(empty, **{"winner": ["t1"], "gold-medal": ["t1"],
                            "first-to-solve-sum": ["t1"], "group-winner-students": ["t1"]})
    assert awarded(c, None) == awarded(c, "jury") == opened

    c.submit("team2", "sum", CORRECT, 245)  # after the freeze at 4:00
    c.submit("team2", "other", CORRECT, 250)
    c.clock.now = START + timedelta(hours=5, minutes=5)
    truth = {"winner": ["t2"], "gold-medal": ["t2"], "silver-medal": ["t1"],
             "first-to-solve-sum": ["t1"], "first-to-solve-other": ["t2"],
             "group-winner-students": ["t2"]}
    assert awarded(c, "jury") == truth
    assert awarded(c, None) == awarded(c, "team1") == opened  # the freeze hides the rest
    assert awarded(c, "team2") == opened  # its own results, but the public's board
    for who in (None, "team2", "jury"):
        objects = check_schemas(c, who)
        assert {award_id: sorted(award["team_ids"])
                for award_id, award in objects["awards"].items()} == awarded(c, who)

    with c.api.database.writing() as session:
        session.execute(update(ContestRow).values(thawed_at=c.clock.now))
    c.clock.now += timedelta(minutes=1)
    assert awarded(c, None) == truth
    events = feed(c, None)
    last = {e["id"]: e["data"] for e in events if e["type"] == "awards"}
    assert sorted(last["winner"]["team_ids"]) == ["t2"]
