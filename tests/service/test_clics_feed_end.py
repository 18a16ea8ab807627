"""The end of a finalized contest's event feed, for a reader that resumes at it: the CLICS spec
sends nothing after the state with end_of_updates, so a streaming reader whose since_token is
that state's gets nothing and the response ends (rather than keep-alive newlines forever).
The contest, teams and helpers are test_clics_api's; SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from datetime import timedelta

from sqlalchemy import update

from judge.service.models import Contest as ContestRow
from tests.service import test_clics_api
from tests.service.test_clics_api import CORRECT, START, feed

contestants = test_clics_api.contestants  # the judged contest, its clock and its requests

PATIENCE = 60.0  # seconds; the response is expected at once, the machine is shared


def streamed(c, who: str | None, since: str) -> tuple[int, bytes]:
    """The streaming response to a reader resuming at `since`, read whole; fails the test
    (instead of hanging it) if the response has not ended within PATIENCE."""
    got: dict = {}

    def read() -> None:
        response = c.get(f"/api/contests/cup/event-feed?since_token={since}", who)
        got["answer"] = response.status_code, response.content

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(PATIENCE)
    if reader.is_alive():
        c.api.parts.closing.set()  # ends the stream, so that the thread ends with the test
        raise AssertionError(f"the feed after {since} did not end within {PATIENCE} s")
    return got["answer"]


def test_a_reader_resuming_at_the_end_of_updates_gets_an_end(contestants):
    c = contestants
    c.submit("team1", "sum", CORRECT, 10)
    c.clock.now = START + timedelta(hours=6)
    with c.api.database.writing() as session:
        session.execute(update(ContestRow).values(thawed_at=c.clock.now,
                                                  finalized_at=c.clock.now))
    c.clock.now += timedelta(minutes=1)
    for who in (None, "team1", "jury"):
        events = feed(c, who)
        last = events[-1]
        assert last["type"] == "state" and last["data"]["end_of_updates"], who
        assert streamed(c, who, last["token"]) == (200, b"")
        # One before the end: the end, then the response ends too.
        status, body = streamed(c, who, events[-2]["token"])
        assert status == 200 and body.count(b"\n") == 1 and b"end_of_updates" in body
