"""Clarifications sent over the CLICS Contest API (2023-06): POST on the collection, PUT on an
object's URL, under the capabilities the spec names.

- `team_clar` (a team's account): POST `text` and an optional `problem_id`; `from_team_id`
  may be given and must then be its own team; `id`, `to_team_id`, `time` and `contest_time`
  must not be given.
- `proxy_clar` (the jury's accounts, for a team that cannot use its own, e.g. a question
  handed in on paper): POST with `from_team_id` required, the team's question sent now; `id`,
  `to_team_id`, `time` and `contest_time` must not be given.
- `admin_clar` (the jury's accounts): POST without `id`, or PUT with the `id` of the URL
  (unique in the contest, and not of digits only: those are the ids this judge gives); `time`
  is required either way. Without `from_team_id`, the jury's message: `reply_to_id` and
  `to_team_id` (null: to all teams) optional. With it, a team's question as another system
  had it (a shadow CCS copying a contest), with its time; then no `to_team_id`.

Every one goes through the service's own clarifications (judge.service.clarifications: the
same checks as the pages' and /api/clarifications), so the pages and both APIs see one
history, and each is sent in the feeds of those who see it. A team's reply to a clarification
is not taken: this judge's teams ask, the jury answers.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from judge.contest.clics_input import Clarification
from judge.contest.clics_objects import clarification_object
from judge.contest.records import IDENTIFIER
from judge.service import clarifications
from judge.service.api.clarifications import ClarificationRequest, deliver, send
from judge.service.api.deps import Services
from judge.service.api.errors import ApiError
from judge.service.clarifications import ClarificationView
from judge.service.contests import contest_head
from judge.service.models import Clarification as ClarificationRow
from judge.service.models import Contest, User

TEAM_CAPABILITIES = ("team_clar",)
JURY_CAPABILITIES = ("admin_clar", "proxy_clar")


class ClicsClarification(BaseModel):
    """The body; every property of the spec's object may be present, each checked below."""

    model_config = ConfigDict(extra="forbid")
    id: str | None = None
    text: str = Field(min_length=1, max_length=clarifications.MAX_TEXT * 2)
    problem_id: str | None = Field(None, max_length=64)
    reply_to_id: str | None = Field(None, max_length=36)
    from_team_id: str | None = Field(None, max_length=36)
    to_team_id: str | None = Field(None, max_length=36)
    time: datetime | None = None
    contest_time: str | None = None


def _body(raw: bytes) -> ClicsClarification:
    try:
        return ClicsClarification.model_validate(json.loads(raw))
    except ValidationError as exc:
        where = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5])
        raise ApiError(400, where) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiError(400, f"malformed JSON body: {exc}") from None


def _refuse(body: ClicsClarification, names: tuple[str, ...], who: str) -> None:
    given = [name for name in names if getattr(body, name) is not None]
    if given:
        raise ApiError(400, f"{who} may not give {', '.join(given)}")


def post_clarification(raw: bytes, parts: Services, user: User | None,
                       contest_id: str) -> dict:
    """POST: store the clarification (and tell its readers); the Contest API's object of it,
    as its sender sees it (a team its own question, the jury all)."""
    body = _body_of(raw, user)
    if not user.role.sees_everything:  # the Contest API's admins (clics_routes.viewer_of)
        view = send(parts, user, _team_request(parts, user, contest_id, body))
    elif body.time is None and body.from_team_id is not None:
        _refuse(body, ("id", "to_team_id", "contest_time", "reply_to_id"), "a proxy")
        view = _as_team(parts, user, contest_id, body, parts.clock(), None)
    else:
        _refuse(body, ("id",), "a POST (the server chooses the id; PUT gives one)")
        view = _from_jury(parts, user, contest_id, body, None)
    return _clics_object(parts, contest_id, view)


def put_clarification(raw: bytes, parts: Services, user: User | None, contest_id: str,
                      clarification_id: str) -> dict:
    """PUT: an admin's clarification with the id it chose (the URL's)."""
    body = _body_of(raw, user)
    if not user.role.sees_everything:
        raise ApiError(403, f"{user.name} may only POST clarifications (team_clar); a PUT "
                            "is an admin's (admin_clar)")
    if body.id is None:
        raise ApiError(400, "id: required of a PUT")
    if body.id != clarification_id:
        raise ApiError(409, f"id: {body.id!r} is not the URL's {clarification_id!r}")
    if not IDENTIFIER.match(body.id) or body.id.isdigit():
        raise ApiError(400, f"id: {body.id!r} is not taken: an id is 1-36 of [A-Za-z0-9_.-], "
                            "not starting with - or ., not ending with ., and not of digits "
                            "only (the ids this judge gives its clarifications)")
    return _clics_object(parts, contest_id, _from_jury(parts, user, contest_id, body, body.id))


def _body_of(raw: bytes, user: User | None) -> ClicsClarification:
    if user is None:
        raise ApiError(401, "sending a clarification needs an account",
                       {"WWW-Authenticate": "Basic"})
    return _body(raw)


def _team_request(parts: Services, user: User, contest_id: str,
                  body: ClicsClarification) -> ClarificationRequest:
    _refuse(body, ("id", "to_team_id", "time", "contest_time", "reply_to_id"), "a team")
    if body.from_team_id is not None:
        with parts.database.session() as session:
            own = clarifications.team_of(session, contest_id, user)
        if own is not None and body.from_team_id != own:
            raise ApiError(403, f"{user.name} asks only as its own team ({own})")
    return ClarificationRequest(contest=contest_id, text=body.text, problem=body.problem_id)


def _from_jury(parts: Services, user: User, contest_id: str, body: ClicsClarification,
               clics_id: str | None) -> ClarificationView:
    """admin_clar: the jury's message, or a team's question as another system had it."""
    _refuse(body, ("contest_time",), "an admin (the server computes it from time)")
    if body.time is None:
        raise ApiError(400, "time: required of an admin's clarification")
    moment = body.time if body.time.tzinfo else body.time.replace(tzinfo=timezone.utc)
    moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
    if body.from_team_id is not None:
        _refuse(body, ("to_team_id",), "a team's question (it goes to the jury)")
        _refuse(body, ("reply_to_id",), "a team's question (teams ask, the jury answers)")
        return _as_team(parts, user, contest_id, body, moment, clics_id)

    def store(session: Session) -> ClarificationRow:
        _known_contest(session, contest_id)
        reply_to = None
        if body.reply_to_id is not None:
            question = clarifications.by_clics_id(session, contest_id, body.reply_to_id)
            if question is None:
                raise ApiError(404, f"reply_to_id: no clarification {body.reply_to_id!r} in "
                                    f"contest {contest_id!r}")
            reply_to = question.id
        return clarifications.answer(
            session, contest_id, user, body.text, reply_to=reply_to, to_team=body.to_team_id,
            problem=body.problem_id, now=moment, clics_id=clics_id)

    return _delivered(parts, contest_id, store, clics_id)


def _as_team(parts: Services, user: User, contest_id: str, body: ClicsClarification,
             moment: datetime, clics_id: str | None) -> ClarificationView:
    """A team's question sent by the jury for the team (proxy_clar, or admin_clar copying)."""

    def store(session: Session) -> ClarificationRow:
        _known_contest(session, contest_id)
        return clarifications.ask_for(session, contest_id, user, body.from_team_id, body.text,
                                      body.problem_id, moment, clics_id)

    return _delivered(parts, contest_id, store, clics_id)


def _delivered(parts: Services, contest_id: str, store, clics_id: str | None):
    try:
        return deliver(parts, contest_id, store)
    except IntegrityError:  # the same id put twice at once: the other one was first
        raise ApiError(409, f"clarification {clics_id!r} exists already") from None


def _known_contest(session: Session, contest_id: str) -> None:
    if session.get(Contest, contest_id) is None:
        raise ApiError(404, f"no contest {contest_id!r}")


def _clics_object(parts: Services, contest_id: str, view: ClarificationView) -> dict:
    """The Contest API's object of a clarification just stored, with the ids the API shows."""
    with parts.database.session() as session:
        contest = contest_head(session.get(Contest, contest_id))
        ids = {row.id: clarifications.clics_id_of(row) for row in (
            session.get(ClarificationRow, view.id),
            session.get(ClarificationRow, view.reply_to_id) if view.reply_to_id else None)
            if row is not None}
    return clarification_object(contest, Clarification(
        id=ids[view.id], time=view.sent_at, text=view.text, from_team_id=view.from_team_id,
        to_team_id=view.to_team_id, problem_id=view.problem,
        reply_to_id=ids.get(view.reply_to_id)))
