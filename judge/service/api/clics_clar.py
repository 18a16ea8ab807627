"""POST /api/contests/{id}/clarifications, as the CLICS Contest API has it (2023-06).

A team (`team_clar`) asks the jury: `text` and an optional `problem_id`; `from_team_id` may be
given and must then be its own team; `id`, `to_team_id`, `time` and `contest_time` must not be
given. An admin (`admin_clar`) sends the jury's message: `text`, `time` (the spec requires it),
optional `problem_id`, `reply_to_id` and `to_team_id` (null: to all teams); not `id`, which the
server chooses. Both go through the service's own clarifications (judge.service.clarifications:
the same checks as the pages' and /api/clarifications), so the pages and both APIs see one
history. A team's reply to a clarification is not taken: this judge's teams ask, the jury
answers.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from judge.contest.clics_input import Clarification
from judge.contest.clics_objects import clarification_object
from judge.service import clarifications
from judge.service.api.clarifications import ClarificationRequest, send
from judge.service.api.deps import Services
from judge.service.api.errors import ApiError
from judge.service.clarifications import ClarificationView
from judge.service.contests import contest_head
from judge.service.models import Contest, User


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


def _team_request(parts: Services, user: User, contest_id: str,
                  body: ClicsClarification) -> ClarificationRequest:
    _refuse(body, ("id", "to_team_id", "time", "contest_time", "reply_to_id"), "a team")
    if body.from_team_id is not None:
        with parts.database.session() as session:
            own = clarifications.team_of(session, contest_id, user)
        if own is not None and body.from_team_id != own:
            raise ApiError(403, f"{user.name} asks only as its own team ({own})")
    return ClarificationRequest(contest=contest_id, text=body.text, problem=body.problem_id)


def _jury_request(contest_id: str, body: ClicsClarification) -> tuple[ClarificationRequest,
                                                                        datetime]:
    _refuse(body, ("id", "from_team_id"), "the jury")
    if body.time is None:
        raise ApiError(400, "time: required of an admin's clarification")
    if body.reply_to_id is not None and not body.reply_to_id.isdigit():
        raise ApiError(404, f"no clarification {body.reply_to_id!r} in {contest_id!r}")
    moment = body.time if body.time.tzinfo else body.time.replace(tzinfo=timezone.utc)
    request = ClarificationRequest(
        contest=contest_id, text=body.text, problem=body.problem_id,
        reply_to=int(body.reply_to_id) if body.reply_to_id is not None else None,
        to=body.to_team_id or "all")
    return request, moment.astimezone(timezone.utc).replace(tzinfo=None)


def post_clarification(raw: bytes, parts: Services, user: User | None,
                       contest_id: str) -> dict:
    """Store the clarification (and tell its readers); the Contest API's object of it, as its
    sender sees it (a team its own question, the jury all)."""
    view = _sent(raw, parts, user, contest_id)
    with parts.database.session() as session:
        contest = contest_head(session.get(Contest, contest_id))
    return clarification_object(contest, Clarification(
        id=str(view.id), time=view.sent_at, text=view.text, from_team_id=view.from_team_id,
        to_team_id=view.to_team_id, problem_id=view.problem,
        reply_to_id=str(view.reply_to_id) if view.reply_to_id is not None else None))


def _sent(raw: bytes, parts: Services, user: User | None,
          contest_id: str) -> ClarificationView:
    if user is None:
        raise ApiError(401, "sending a clarification needs an account",
                       {"WWW-Authenticate": "Basic"})
    body = _body(raw)
    if user.role.sees_everything:  # the Contest API's admins (clics_routes.viewer_of)
        request, moment = _jury_request(contest_id, body)
        return send(parts, user, request, now=moment)
    return send(parts, user, _team_request(parts, user, contest_id, body))

