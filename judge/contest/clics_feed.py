"""The CLICS event feed (2023-06) as pure data: an append-only log of events, each the new state of
one object (or its deletion), found by comparing what the endpoints show after each change.

The spec promises readers only this: every change is notified after it happened, the last event
of an object is its current state, and `state` with `end_of_updates` set comes last. This log
adds an order that keeps references intact for a reader that applies events one by one:
the contest and its state first, then configuration in the order of what refers to what
(judgement types, languages, problems, groups, organizations, teams, accounts), then live data in
time order (a submission before its judgement, a judgement before its runs), awards, and finally
deletions, the referring objects before the ones they refer to.

Tokens are opaque strings, one per event, increasing; `since(token)` gives exactly the events
after it, and a token this log did not issue is an UnknownToken (the API answers 400).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from judge.errors import JudgeError

# Endpoint types in the order their creations are sent.
ORDER = ("contest", "state", "judgement-types", "languages", "problems", "groups",
         "organizations", "teams", "accounts", "submissions", "judgements", "runs",
         "clarifications", "awards")
_CONFIG = ("judgement-types", "languages", "problems", "groups", "organizations", "teams",
           "accounts")
_LIVE = ("submissions", "judgements", "runs", "clarifications")

# type -> id -> object; the singletons (contest, state) are stored under the id None.
Snapshot = Mapping[str, Mapping[str | None, dict]]


class UnknownToken(JudgeError):
    """A since_token this feed never issued (or no longer keeps)."""


@dataclass(frozen=True)
class Event:
    token: str
    type: str
    id: str | None  # None for the singletons: contest and state
    data: dict | None  # None: the object was deleted


def event_object(event: Event) -> dict:
    return {"type": event.type, "id": event.id, "data": event.data, "token": event.token}


def event_line(event: Event) -> bytes:
    """One NDJSON line of the feed, newline included."""
    text = json.dumps(event_object(event), ensure_ascii=False, separators=(",", ":"))
    return text.encode() + b"\n"


def _moment(text: str) -> datetime:
    # fromisoformat reads "Z" only from Python 3.11 on.
    return datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith("Z") else text)


def _live_time(kind: str, obj: dict, new: bool) -> datetime:
    """Where a live object goes in time order. A judgement is placed at its start when it is new,
    even if it has also ended since the last snapshot, so that it comes before its runs; an
    update of one (its verdict) is placed at its end."""
    if kind == "judgements":
        return _moment(obj["start_time"] if new else obj.get("end_time") or obj["start_time"])
    return _moment(obj["time"])


Change = tuple[str, str | None, dict | None]  # (type, id, data); data None: deleted


def _changed(kind: str, before: Mapping, after: Mapping) -> list[Change]:
    return [(kind, key, obj) for key, obj in after.items() if before.get(key) != obj]


def _in_time_order(previous: Snapshot, changed: dict[str, list[Change]]) -> list[Change]:
    """The live objects' changes by time; at equal times a submission before its judgement
    before its runs, and otherwise in the snapshot's order."""
    keyed = [(_live_time(kind, obj, key not in previous.get(kind, {})), ORDER.index(kind),
              position, (kind, key, obj))
             for kind in _LIVE for position, (_, key, obj) in enumerate(changed[kind])]
    return [change for *_, change in sorted(keyed, key=lambda item: item[:3])]


def changes(previous: Snapshot, current: Snapshot) -> list[Change]:
    """Every object created, changed or deleted from `previous` to `current`, in the order to
    send: contest and state, configuration, live data in time order, awards, deletions (the
    referring before the referred), and a state that ends the updates last of all."""
    changed = {kind: _changed(kind, previous.get(kind, {}), current.get(kind, {}))
               for kind in ORDER}
    ends = any(obj.get("end_of_updates") for _, _, obj in changed["state"])
    out = changed["contest"] + ([] if ends else changed["state"])
    for kind in _CONFIG:
        out += changed[kind]
    out += _in_time_order(previous, changed) + changed["awards"]
    for kind in reversed(ORDER):
        out += [(kind, key, None) for key in previous.get(kind, {})
                if key not in current.get(kind, {})]
    return out + (changed["state"] if ends else [])


def _owned(obj: dict, before: dict | None, other: dict | None) -> dict:
    """A log's own `obj`: another log's equal one (no log ever changes its objects), else
    its own equal one from `before`, else a copy."""
    if other is not None and other == obj:
        return other
    return before if before == obj else copy.deepcopy(obj)


class FeedLog:
    """The feed of one contest: give it the endpoints' objects after each change (`record`), read
    the events back (`events`, `since`). No clock and no threads: the caller serialises calls."""

    def __init__(self, events: tuple[Event, ...] = (), *, prefix: str = "") -> None:
        """`events`: a log kept elsewhere (the service's database) to go on from, e.g. after a
        restart; its tokens stay valid and the next event follows the last one. `prefix` starts
        every token: a log rebuilt from scratch under a new prefix refuses the old log's tokens
        (a 400, the client starts over) instead of taking them for positions in a new history."""
        self._prefix = prefix
        self._events: list[Event] = []
        self._snapshot: dict[str, dict[str | None, dict]] = {}
        self._closed = False
        for position, event in enumerate(events, 1):
            if event.token != self._token(position):
                raise ValueError(f"event {position} of the log has token {event.token!r}")
            self._events.append(event)
            objects = self._snapshot.setdefault(event.type, {})
            if event.data is None:
                objects.pop(event.id, None)
            else:
                objects[event.id] = copy.deepcopy(event.data)
            self._closed = event.type == "state" and bool(event.data) and bool(
                event.data.get("end_of_updates"))

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def objects(self) -> Snapshot:
        """Every object as its last event shows it (type -> id -> object): what the endpoints
        serve. Not to be changed: `record` replaces it, so a reader may keep it meanwhile."""
        return self._snapshot

    def record(self, snapshot: Snapshot,
               touched: Mapping[str, Sequence[str | None]] | None = None,
               shared: Snapshot | None = None) -> list[Event]:
        """Append an event per difference from the previous snapshot; returns the new events.
        `touched`: only these objects (type -> ids, in the order the whole snapshot lists
        them, ids the previous one had included) may differ, and of the other types only
        the keys of `snapshot` matter (their objects are the previous ones): the difference
        is looked for among those ids alone, with the same events as a comparison of
        everything would give. `shared`: another log's objects, which this one takes as they
        are where they are equal instead of copying them (a team's log and the public's
        share most of theirs)."""
        shared = shared or {}
        if touched is None:
            current = self._own_copy(snapshot, shared)
            found = changes(self._snapshot, current)
        else:
            current = {kind: self._snapshot.get(kind, {}) for kind in snapshot}
            for kind in touched:
                current[kind] = self._touched_copy(kind, snapshot.get(kind, {}), touched[kind],
                                                   shared.get(kind, {}))
            found = changes(*(
                {kind: {key: objects[kind][key] for key in keys if key in objects.get(kind, {})}
                 for kind, keys in touched.items()}
                for objects in (self._snapshot, current)))
        new = []
        for kind, key, data in found:
            if self._closed:
                raise ValueError("the feed changed after its end_of_updates")
            event = Event(self._token(len(self._events) + 1), kind, key, data)
            self._events.append(event)
            new.append(event)
            if kind == "state" and data and data.get("end_of_updates"):
                self._closed = True
        self._snapshot = current
        return new

    def _own_copy(self, snapshot: Snapshot,
                  shared: Snapshot) -> dict[str, dict[str | None, dict]]:
        """The log keeps its own copy, and its events share it, so that the caller may go on
        changing its dictionaries without changing history. Unchanged objects are the log's
        already: only what changed is copied (a whole copy costs 0.18 s at 25,000 objects)."""
        current = {}
        for kind, objects in snapshot.items():
            before, others = self._snapshot.get(kind, {}), shared.get(kind, {})
            current[kind] = {key: _owned(obj, before.get(key), others.get(key))
                             for key, obj in objects.items()}
        return current

    def _touched_copy(self, kind: str, objects: Mapping[str | None, dict],
                      keys: Sequence[str | None],
                      others: Mapping[str | None, dict]) -> dict[str | None, dict]:
        """The previous objects of `kind` with those of `keys` as `objects` has them (a new
        one goes last: the order of a type's objects is the order of their first events, as
        in a log read back from its events)."""
        current = dict(self._snapshot.get(kind, {}))
        for key in keys:
            obj = objects.get(key)
            if obj is None:
                current.pop(key, None)
            else:
                current[key] = _owned(obj, current.get(key), others.get(key))
        return current

    def _token(self, position: int) -> str:
        return f"{self._prefix}{position}"

    def since(self, token: str | None) -> tuple[Event, ...]:
        """The events after `token` (all of them for None)."""
        if token is None:
            return self.events
        number = token.removeprefix(self._prefix) if token.startswith(self._prefix) else ""
        position = int(number) if number.isdigit() else 0
        if not 1 <= position <= len(self._events) or self._token(position) != token:
            raise UnknownToken(f"unknown since_token {token!r}")
        return tuple(self._events[position:])
