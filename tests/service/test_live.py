"""Live updates are pushed: an idle stream reads nothing from the database until a change to
what it shows wakes it, and one user holds at most a few streams open."""

from __future__ import annotations

import asyncio

from sqlalchemy import event, select

from judge.service import store
from judge.service.api import events
from judge.service.api.submissions import listing_filter
from judge.service.models import User
from tests.service.test_access import WRONG

BODY = {"problem": "sum", "language": "python", "source": WRONG}


def user(api, name: str) -> User:
    with api.database.session() as session:
        return session.scalar(select(User).where(User.name == name))


def test_an_idle_stream_reads_nothing_until_a_change_wakes_it(api):
    api.post("/api/submissions", "alice", json=BODY)
    statements: list[str] = []
    event.listen(
        api.database.engine, "before_cursor_execute", lambda *args: statements.append(args[2])
    )
    alice = user(api, "alice")

    async def scenario() -> str:
        stream = events._feed(listing_filter(alice), 50, api.parts)
        first = await anext(stream)  # the list as it is now
        assert '"user": "alice"' in first
        statements.clear()
        waiting = asyncio.ensure_future(anext(stream))
        done, _ = await asyncio.wait({waiting}, timeout=0.5)
        assert not done and statements == []  # idle: not one query
        api.post("/api/submissions", "bob", json=BODY)  # not in alice's list
        statements.clear()
        done, _ = await asyncio.wait({waiting}, timeout=0.5)
        assert not done and statements == []  # bob's change woke nothing of alice's
        api.post("/api/submissions", "alice", json=BODY)
        sent = await asyncio.wait_for(waiting, 30)
        await stream.aclose()
        return sent

    sent = asyncio.run(scenario())
    assert sent.startswith("event: submission") and '"id": 3' in sent


def test_a_user_holds_at_most_its_limit_of_streams(api):
    alice, bob = user(api, "alice"), user(api, "bob")
    limit = api.settings.stream_limit
    for _ in range(limit):  # pages alice has open
        assert api.parts.streams.open(alice.id, limit)
    refused = api.get("/api/submissions/events", "alice")
    assert refused.status_code == 429 and f"{limit} event streams open" in refused.json()["message"]
    assert refused.headers["retry-after"]
    # bob's are his own; a stream that ends gives its place back.
    submission_id = api.post("/api/submissions", "bob", json=BODY).json()["id"]
    with api.database.writing() as session:
        store.fail_unclaimed(session, store.Job(submission_id, 1), "not judged here")
    with api.client.stream(
        "GET", f"/api/submissions/{submission_id}/events", headers=api.headers("bob")
    ) as response:
        assert response.status_code == 200 and "event: done" in "".join(response.iter_text())
    assert api.parts.streams.total() == limit  # alice's only: bob's went with its stream
    assert api.parts.streams.open(bob.id, limit)
