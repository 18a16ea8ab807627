"""The CLICS event feed of a whole contest, from an hour before the start to the end of updates:
every line validates against the official schema, a reader applying the events in order never
meets a dangling reference, the last event of every object is the object, and a reader that
reconnects with since_token gets exactly what it missed."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timedelta

import pytest

from judge.contest.clics import (
    Event,
    FeedLog,
    UnknownToken,
    event_line,
    event_object,
    snapshot,
)
from judge.contest.model import Account, AccountType, Organization, Team
from judge.errors import JudgeError
from tests.contest.clics_contest import CONTEST, END_OF_UPDATES, START, moments, record_at
from tests.contest.clics_schemas import dangling, errors

# Part-way through, the jury edits the configuration: a team withdraws (its account goes with it),
# another team moves to a new organization and the old one is removed.
EDITED_AT = START + timedelta(minutes=100)
WITH_T4 = replace(
    CONTEST,
    teams=CONTEST.teams + (Team("t4", "Late Withdrawal", organization_id="kth"),),
    accounts=CONTEST.accounts + (Account("team-t4", "t4", AccountType.TEAM, team_id="t4"),),
)
EDITED = replace(
    CONTEST,
    organizations=(CONTEST.organizations[0], Organization("lund", "Lund University")),
    teams=tuple(replace(t, organization_id="lund", name="Max Cut!") if t.id == "t2" else t
                for t in CONTEST.teams),
)

def view_at(now: datetime) -> dict:
    contest = EDITED if now >= EDITED_AT else WITH_T4
    return snapshot(record_at(now, contest), AccountType.JUDGE, now)


def whole_feed() -> tuple[FeedLog, dict]:
    log = FeedLog()
    times = sorted(set(moments()) | {EDITED_AT})
    for now in times:
        log.record(view_at(now))
    return log, view_at(times[-1])


def apply(state: dict, event: Event) -> None:
    objects = state.setdefault(event.type, {})
    if event.data is None:
        del objects[event.id]
    else:
        objects[event.id] = event.data


@pytest.fixture(scope="module")
def feed():
    return whole_feed()


def test_every_line_is_one_ndjson_line_valid_against_the_event_feed_schema(feed):
    log, _ = feed
    assert len(log.events) > 100
    lines = [event_line(event) for event in log.events]
    for event, line in zip(log.events, lines, strict=True):
        assert line.endswith(b"\n") and line.count(b"\n") == 1
        assert json.loads(line) == event_object(event)
        assert list(json.loads(line)) == ["type", "id", "data", "token"]
        assert not errors("event-feed.json", event_object(event)), line
    assert not errors("event-feed-array.json", [json.loads(line) for line in lines],
                      nonempty=True)


def test_a_reader_applying_the_events_in_order_never_meets_a_dangling_reference(feed):
    log, _ = feed
    state: dict = {}
    for event in log.events:
        apply(state, event)
        assert not dangling(state), (event.token, event.type, event.id, dangling(state))


def test_the_last_event_of_every_object_is_the_object_and_deletions_are_final(feed):
    log, final = feed
    state: dict = {}
    for event in log.events:
        apply(state, event)
    assert {k: v for k, v in state.items() if v} == {k: v for k, v in final.items() if v}
    deleted = {(e.type, e.id) for e in log.events if e.data is None}
    assert deleted == {("teams", "t4"), ("accounts", "team-t4"), ("organizations", "kth")}
    # Deletions keep integrity too: the account before its team, the team before the org.
    order = [(e.type, e.id) for e in log.events if e.data is None]
    assert order.index(("accounts", "team-t4")) < order.index(("teams", "t4"))


def test_the_feed_opens_with_the_contest_and_its_state_and_ends_with_end_of_updates(feed):
    log, _ = feed
    kinds = [event.type for event in log.events]
    assert kinds[:2] == ["contest", "state"]
    assert kinds.index("judgement-types") < kinds.index("problems") < kinds.index("teams")
    assert kinds.index("organizations") < kinds.index("teams") < kinds.index("accounts")
    last = log.events[-1]
    assert last.type == "state" and last.data["end_of_updates"] is not None
    assert all(e.data is None or not e.data.get("end_of_updates") for e in log.events[:-1]
               if e.type == "state")


def test_live_data_comes_in_time_order_and_the_rejudge_updates_nothing_in_place(feed):
    log, _ = feed
    submissions = [e.id for e in log.events if e.type == "submissions"]
    assert submissions == [str(n) for n in range(1, 13)]
    judgement_events = [e for e in log.events if e.type == "judgements"]
    # Each judgement is sent when it starts and once more when it ends (the pending one once).
    assert sum(1 for e in judgement_events if e.id == "j12") == 1
    assert [e.data["judgement_type_id"] for e in judgement_events if e.id == "j9"] == [None, "JE"]
    assert [e.data["judgement_type_id"] for e in judgement_events if e.id == "j9r"] == [None, "AC"]


def test_since_token_gives_exactly_the_events_after_it(feed):
    log, final = feed
    events = log.events
    tokens = [event.token for event in events]
    assert len(set(tokens)) == len(tokens)
    assert log.since(None) == events
    for k, token in enumerate(tokens):
        rest = log.since(token)
        assert rest == events[k + 1:]
        state: dict = {}
        for event in events[:k + 1] + rest:
            apply(state, event)
        assert {t: v for t, v in state.items() if v} == {t: v for t, v in final.items() if v}


@pytest.mark.parametrize("token", ["0", "x", "01", "-1", "", "1.0", "999999", "xY-99_"])
def test_an_unknown_token_is_a_typed_error(feed, token):
    log, _ = feed
    with pytest.raises(UnknownToken) as caught:
        log.since(token)
    assert isinstance(caught.value, JudgeError)
    assert repr(token) in str(caught.value)


def test_nothing_changed_means_no_event_and_nothing_may_follow_the_end_of_updates():
    log = FeedLog()
    first = log.record(view_at(START))
    assert first and log.record(view_at(START)) == []
    log.record(view_at(END_OF_UPDATES))
    assert log.events[-1].type == "state"
    assert log.record(view_at(END_OF_UPDATES)) == []
    changed = view_at(END_OF_UPDATES)
    changed["teams"]["t1"] = dict(changed["teams"]["t1"], name="Renamed")
    with pytest.raises(ValueError):
        log.record(changed)


def test_the_log_keeps_its_own_copy_of_what_it_was_given():
    log = FeedLog()
    view = view_at(START)
    log.record(view)
    team_event = next(e for e in log.events if e.type == "teams" and e.id == "t1")
    view["teams"]["t1"]["name"] = "Changed behind the log's back"
    assert team_event.data["name"] == "Flow Riders"
    events = log.record(view)
    assert [(e.type, e.id) for e in events] == [("teams", "t1")]
    view["teams"]["t1"]["name"] = "Changed again"
    assert events[0].data["name"] == "Changed behind the log's back"


def test_told_what_changed_the_log_sends_what_comparing_everything_sends():
    """A caller that knows which objects may have changed (the service, after a change of a
    few submissions) names them, in the snapshot's order, and the log compares those alone:
    the same events, in the same order, as comparing the whole snapshots."""
    whole, told = FeedLog(), FeedLog()
    before: dict = {}
    for now in sorted(set(moments()) | {EDITED_AT}):
        view = view_at(now)
        touched = {kind: [key for key, obj in view.get(kind, {}).items()
                          if before.get(kind, {}).get(key) != obj]
                   + [key for key in before.get(kind, {}) if key not in view.get(kind, {})]
                   for kind in view.keys() | before.keys()}
        expected = whole.record(view)
        assert told.record(view, {kind: keys for kind, keys in touched.items() if keys}) == (
            expected)
        assert told.objects == whole.objects
        before = view
    assert len(told.events) > 50


def test_a_log_may_hold_another_log_s_objects_where_they_are_equal():
    public, team = FeedLog(), FeedLog()
    view = view_at(START)
    public.record(view)
    team.record(view, shared=public.objects)
    assert team.objects["teams"]["t1"] is public.objects["teams"]["t1"]
    view["teams"]["t1"]["name"] = "Changed behind the logs' backs"
    assert team.objects["teams"]["t1"]["name"] == "Flow Riders"


def test_coarse_snapshots_still_keep_every_reference_intact():
    """A service that records rarely sees a judgement start, run and end between two records:
    the judgement still comes before its runs."""
    log = FeedLog()
    for minutes in range(-60, 420, 60):
        log.record(view_at(START + timedelta(minutes=minutes)))
    log.record(view_at(END_OF_UPDATES))
    state: dict = {}
    for event in log.events:
        apply(state, event)
        assert not dangling(state), (event.token, dangling(state))
    final = view_at(END_OF_UPDATES)
    assert {k: v for k, v in state.items() if v} == {k: v for k, v in final.items() if v}


def test_a_log_restored_from_its_events_goes_on_as_if_never_stopped(feed):
    """After a restart the service rebuilds the log from the events it stored: tokens stay
    valid, and the next changes give the very events the uninterrupted log gave."""
    log, _ = feed
    times = sorted(set(moments()) | {EDITED_AT})
    for cut in (0, 1, len(times) // 2, len(times) - 1):
        first = FeedLog()
        for now in times[:cut]:
            first.record(view_at(now))
        restored = FeedLog(first.events)
        assert restored.since(first.events[-1].token if first.events else None) == ()
        for now in times[cut:]:
            restored.record(view_at(now))
        assert restored.events == log.events


def test_a_stored_log_with_a_gap_is_refused(feed):
    log, _ = feed
    with pytest.raises(ValueError):
        FeedLog(log.events[:3] + log.events[4:])


def test_a_token_of_another_log_history_is_unknown():
    """A log started afresh under a new prefix (say, after its stored events were lost) must not
    take an old client's token for a position in its own history."""
    old, new = FeedLog(prefix="a-"), FeedLog(prefix="b-")
    for log in (old, new):
        log.record(view_at(START))
        log.record(view_at(END_OF_UPDATES))
    token = old.events[5].token
    assert token == "a-6" and old.since(token) == old.events[6:]
    for stale in (token, "6", "b-06", "b-", "b-0"):
        with pytest.raises(UnknownToken):
            new.since(stale)
    assert new.since("b-6") == new.events[6:]
    assert FeedLog(old.events, prefix="a-").since(token) == old.events[6:]
    with pytest.raises(ValueError):
        FeedLog(old.events, prefix="b-")
