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
                      "jury": ["admin_submit", "admin_clar", "proxy_clar"]}


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
        "the jury as a team, to a team": post(c, "jury", {
            "text": "x", "from_team_id": "t1", "to_team_id": "t2",
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
        "the jury as a team, to a team": 400, "an answer to nothing": 404, "to no such team": 422,
        "not JSON": 400,
    }
    assert [clar["id"] for clar in c.json(CLARIFICATIONS, "jury")] == [question["id"]]


def put(c, who: str | None, clarification_id: str, body: dict, contest: str = "cup"):
    auth = (who, PASSWORDS[who]) if who else None
    return c.api.client.put(f"/api/contests/{contest}/clarifications/{clarification_id}",
                            json=body, auth=auth)


def test_a_proxy_asks_for_a_team_and_an_admin_puts_with_its_own_ids(contestants):
    c = contestants
    c.clock.now = START + timedelta(minutes=20)
    before = {who: feed(c, who) for who in ("team1", "team2", "jury")}

    # proxy_clar: the jury hands in team2's question, sent now as team2's.
    asked = post(c, "jury", {"text": "Paper question", "from_team_id": "t2",
                             "problem_id": "sum"})
    assert asked.status_code == 201, asked.text
    question = asked.json()
    assert not errors("clarification.json", question)
    assert (question["from_team_id"], question["to_team_id"], question["contest_time"]) == (
        "t2", None, "0:20:00.000")
    assert "Paper question" in texts(c, "team2") and "Paper question" not in texts(c, "team1")

    # admin_clar by PUT: the answer to it, to team2, with an id of the jury's choosing.
    answer = {"id": "ans-1", "text": "Yes.", "reply_to_id": question["id"],
              "to_team_id": "t2", "time": "2026-12-05T09:25:00Z"}
    made = put(c, "jury", "ans-1", answer)
    assert made.status_code == 201, made.text
    assert made.headers["location"] == f"{CLARIFICATIONS}/ans-1"
    assert (made.json()["id"], made.json()["reply_to_id"], made.json()["contest_time"]) == (
        "ans-1", question["id"], "0:25:00.000")
    assert c.json(f"{CLARIFICATIONS}/ans-1", "team2") == made.json()
    assert c.get(f"{CLARIFICATIONS}/ans-1", "team1").status_code == 404

    # A team's question copied with its own id and time (a shadow system), then answered to
    # all by POST, naming it by that id.
    copied = put(c, "jury", "q.7", {"id": "q.7", "text": "Copied?", "from_team_id": "t1",
                                    "time": "2026-12-05T09:21:00Z"})
    assert copied.status_code == 201, copied.text
    assert copied.json()["from_team_id"] == "t1"
    to_all = post(c, "jury", {"text": "Copied, yes.", "reply_to_id": "q.7",
                              "time": "2026-12-05T09:26:00Z"})
    assert to_all.status_code == 201, to_all.text
    assert (to_all.json()["reply_to_id"], to_all.json()["to_team_id"]) == ("q.7", None)

    # Each feed sends what its reader sees of them, as the endpoints show them.
    shown = {"team1": {"Copied?", "Copied, yes."},
             "team2": {"Paper question", "Yes.", "Copied, yes."},
             "jury": {"Paper question", "Yes.", "Copied?", "Copied, yes."}}
    for who, expected in shown.items():
        objects = check_schemas(c, who)
        after = feed(c, who, since=before[who][-1]["token"])
        sent = {e["data"]["text"]: e["data"] for e in after if e["type"] == "clarifications"}
        assert set(sent) == expected, who
        assert all(objects["clarifications"][clar["id"]] == clar for clar in sent.values())
    assert texts(c, "team2")["Copied, yes."]["reply_to_id"] is None  # a question not shown

    stamp = "2026-12-05T09:30:00Z"
    refused = {
        "proxy: to a team": post(c, "jury", {"text": "x", "from_team_id": "t1",
                                             "to_team_id": "t2"}),
        "proxy: an id": post(c, "jury", {"text": "x", "from_team_id": "t1", "id": "p1"}),
        "proxy: a contest time": post(c, "jury", {"text": "x", "from_team_id": "t1",
                                                  "contest_time": "0:30:00.000"}),
        "proxy: no such team": post(c, "jury", {"text": "x", "from_team_id": "t9"}),
        "POST with an id": post(c, "jury", {"text": "x", "id": "p2", "time": stamp}),
        "PUT: the id exists": put(c, "jury", "ans-1", dict(answer, text="again")),
        "PUT: another id than the URL's": put(c, "jury", "ans-2", answer),
        "PUT: no id": put(c, "jury", "ans-3", {"text": "x", "time": stamp}),
        "PUT: digits only": put(c, "jury", "12345", {"id": "12345", "text": "x",
                                                     "time": stamp}),
        "PUT: not an id": put(c, "jury", "-x", {"id": "-x", "text": "x", "time": stamp}),
        "PUT: no time": put(c, "jury", "ans-4", {"id": "ans-4", "text": "x"}),
        "PUT: an answer to nothing": put(c, "jury", "ans-5", {
            "id": "ans-5", "text": "x", "reply_to_id": "nope", "time": stamp}),
        "PUT: no such contest": put(c, "jury", "ans-6", {"id": "ans-6", "text": "x",
                                                          "time": stamp}, contest="nope"),
        "PUT by a team": put(c, "team1", "mine", {"id": "mine", "text": "x"}),
        "PUT by nobody": put(c, None, "anon", {"id": "anon", "text": "x"}),
    }
    assert {why: r.status_code for why, r in refused.items()} == {
        "proxy: to a team": 400, "proxy: an id": 400, "proxy: a contest time": 400,
        "proxy: no such team": 422, "POST with an id": 400, "PUT: the id exists": 409,
        "PUT: another id than the URL's": 409, "PUT: no id": 400, "PUT: digits only": 400,
        "PUT: not an id": 400, "PUT: no time": 400, "PUT: an answer to nothing": 404,
        "PUT: no such contest": 404, "PUT by a team": 403, "PUT by nobody": 401,
    }
    assert all(r.json()["message"] for r in refused.values())
    assert len(c.json(CLARIFICATIONS, "jury")) == 4  # nothing refused was stored


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
