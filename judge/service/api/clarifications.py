"""Clarifications over the API (judge.service.clarifications says who sees what):

    GET  /api/clarifications?contest=ID          what the caller may see, oldest first
    POST /api/clarifications                     a team's question, or the jury's message
    GET  /api/clarifications/events?contest=ID   the same list, live (Server-Sent Events:
                                                 `event: clarification` for each new one)

A team's question: {"contest": ID, "text": ..., "problem": optional}. The jury's message:
{"contest": ID, "text": ..., "reply_to": optional question id, "to": a team id or "all"};
an answer goes to the asking team unless `to` is "all"; a message without `reply_to` goes
to all unless `to` names a team.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import datetime

from fastapi import APIRouter, Depends, Query
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from judge.service import clarifications
from judge.service.api.deps import Services, current_user, services
from judge.service.api.errors import ApiError
from judge.service.api.events import KEEPALIVE_SECONDS, _event, open_stream
from judge.service.changes import clarifications_changed
from judge.service.clarifications import ClarificationRefused, ClarificationView
from judge.service.models import Clarification, Contest, User

router = APIRouter(prefix="/api", tags=["clarifications"])
ALL = "all"


class ClarificationRequest(BaseModel):
    contest: str = Field(max_length=36)
    text: str = Field(max_length=clarifications.MAX_TEXT * 2)  # trimmed, then checked exactly
    problem: str | None = Field(None, max_length=64)
    reply_to: int | None = Field(None, ge=1, le=2**31 - 1)
    to: str | None = Field(None, max_length=36)  # the jury's: a team id, or "all"


class ClarificationDocument(BaseModel):
    id: int
    contest: str
    from_team: str | None  # None: the jury
    to_team: str | None  # None: everyone (a team's question: the jury)
    problem: str | None
    text: str
    reply_to: int | None
    time: datetime
    question: str | None = None  # an answer to all: the question it answers

    @classmethod
    def of(cls, view: ClarificationView) -> ClarificationDocument:
        return cls(
            id=view.id, contest=view.contest_id, from_team=view.from_team_id,
            to_team=view.to_team_id, problem=view.problem, text=view.text,
            reply_to=view.reply_to_id, time=view.sent_at, question=view.quoted,
        )


def viewer_team(session: Session, contest_id: str, user: User) -> str | None:
    """The team whose clarifications `user` reads (None: the jury, who reads all); 404 for an
    unknown contest, 403 for someone on none of its teams."""
    if session.get(Contest, contest_id) is None:
        raise ApiError(404, f"no contest {contest_id!r}")
    if user.role.sees_everything:
        return None
    team = clarifications.team_of(session, contest_id, user)
    if team is None:
        raise ApiError(403, f"{user.name} is on no team of contest {contest_id!r}")
    return team


def visible_documents(session: Session, contest_id: str, user: User) -> list[ClarificationDocument]:
    team = viewer_team(session, contest_id, user)
    views = clarifications.visible_clarifications(session, contest_id, team, jury=team is None)
    return [ClarificationDocument.of(view) for view in views]


@router.get("/clarifications", response_model=list[ClarificationDocument])
def list_clarifications(
    contest: str = Query(max_length=36),
    user: User = Depends(current_user),
    parts: Services = Depends(services),
) -> list[ClarificationDocument]:
    with parts.database.session() as session:
        return visible_documents(session, contest, user)


@router.post("/clarifications", status_code=201, response_model=ClarificationDocument)
def send_clarification(
    body: ClarificationRequest,
    user: User = Depends(current_user),
    parts: Services = Depends(services),
) -> ClarificationDocument:
    return ClarificationDocument.of(send(parts, user, body))


def send(parts: Services, user: User, body: ClarificationRequest,
         now: datetime | None = None) -> ClarificationView:
    """Store a team's question or the jury's message, then wake the streams that show it.
    `now`: when it was sent (naive UTC), if not now (the Contest API's admins say when)."""

    def store(session: Session) -> Clarification:
        viewer_team(session, body.contest, user)
        return _store(session, user, body, now or parts.clock())

    return deliver(parts, body.contest, store)


def deliver(parts: Services, contest_id: str,
            store: Callable[[Session], Clarification]) -> ClarificationView:
    """Store the clarification that `store` makes (a ClarificationRefused is the API's error),
    then wake the streams that show it."""
    with parts.database.writing() as session:
        try:
            row = store(session)
        except ClarificationRefused as exc:
            raise ApiError(exc.status, exc.message) from None
        view = ClarificationView(
            row.id, row.contest_id, row.from_team_id, row.to_team_id, row.problem, row.text,
            row.reply_to_id, clarifications.aware(row.sent_at),
        )
    parts.changes.publish(clarifications_changed(contest_id))
    # The Contest API's feed sends it too: the jury's and the public's logs, and the log of
    # the team that asked or is answered.
    parts.feed_changed(contest_id, view.from_team_id or view.to_team_id, submissions=())
    return view


def _store(session: Session, user: User, body: ClarificationRequest, now) -> Clarification:
    if not user.role.sees_everything:
        if body.reply_to is not None or body.to is not None:
            raise ClarificationRefused(403, "only the jury answers or chooses who reads")
        return clarifications.ask(session, body.contest, user, body.text, body.problem, now)
    to_team = None if body.to in (None, ALL) else body.to
    if body.reply_to is not None and body.to is None:
        question = session.get(Clarification, body.reply_to)
        to_team = question.from_team_id if question is not None else None
    return clarifications.answer(
        session, body.contest, user, body.text, reply_to=body.reply_to, to_team=to_team,
        problem=body.problem, now=now,
    )


@router.get(
    "/clarifications/events",
    response_class=StreamingResponse,
    responses={200: {"content": {"text/event-stream": {}}}},
)
def clarification_events(
    contest: str = Query(max_length=36),
    user: User = Depends(current_user),
    parts: Services = Depends(services),
) -> StreamingResponse:
    """Every clarification the caller may see, then each new one as it is sent."""
    with parts.database.session() as session:
        viewer_team(session, contest, user)  # 403/404 before the stream starts
    return open_stream(parts, user, _stream(contest, user, parts))


async def _stream(contest: str, user: User, parts: Services) -> AsyncIterator[str]:
    sent: set[int] = set()
    with parts.changes.feed(lambda change: change.clarifications == contest) as watch:
        while not parts.closing.is_set():
            documents = await run_in_threadpool(_read, parts, contest, user)
            for document in documents:
                if document.id not in sent:
                    sent.add(document.id)
                    yield _event("clarification", document.model_dump(mode="json"))
            while not await watch.wait(KEEPALIVE_SECONDS):
                yield ": keep-alive\n\n"


def _read(parts: Services, contest: str, user: User) -> list[ClarificationDocument]:
    with parts.database.session() as session:
        return visible_documents(session, contest, user)
