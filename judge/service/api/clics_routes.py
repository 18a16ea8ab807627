"""The CLICS Contest API (ccs-specs 2023-06) under /api: what the ICPC's tools (resolver, CDS,
a shadow CCS) read. The objects are judge.contest.clics's, built from the database
(judge.service.clics_record) for the request's viewer; the event feed is the stored one
(judge.service.contest_feed).

Viewers: no user is the public; a team's member (a package's team account, or a user made a
member) is that team; admins and setters (a package's admin, judge and analyst accounts) are the
jury and see everything. Collections take `?` filters on their id properties, ANDed.
"""

from __future__ import annotations

import asyncio
import io
import time
import zipfile
from collections.abc import AsyncIterator
from datetime import datetime

import anyio
from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from judge import __version__
from judge.contest.clics_access import ENDPOINTS, access_object, api_information
from judge.contest.clics_board import scoreboard_object, state_object
from judge.contest.clics_feed import Snapshot, UnknownToken, event_line
from judge.contest.clics_objects import submission_object
from judge.contest.model import AccountType, View
from judge.service.api.clics_clar import (
    JURY_CAPABILITIES,
    TEAM_CAPABILITIES,
    post_clarification,
    put_clarification,
)
from judge.service.api.clics_submit import submit_to_contest
from judge.service.api.deps import Services, optional_user, services
from judge.service.api.errors import ApiError
from judge.service.clics_record import clics_submission, settled_at
from judge.service.contest_feed import (
    NOT_SERVED,
    ended,
    events_after,
    events_from,
    feed_view,
)
from judge.service.contests import aware, contest_head, load_contest
from judge.service.feed_views import view_log
from judge.service.models import Contest, ContestEvent, Role, Submission, TeamMember, User

router = APIRouter(prefix="/api", tags=["contest api (CLICS)"])
COLLECTIONS = ("judgement-types", "languages", "problems", "groups", "organizations", "teams",
               "accounts", "submissions", "judgements", "runs", "clarifications", "awards")


class Viewer:
    """Who asks, as the CLICS objects know viewers: an account type (None: the public) and,
    for a team, its id."""

    def __init__(self, kind: AccountType | None, team_id: str | None = None):
        self.kind = kind
        self.team_id = team_id

    @property
    def jury(self) -> bool:
        return self.kind is AccountType.ADMIN


def viewer_of(session: Session, user: User | None, contest_id: str) -> Viewer:
    if user is None:
        return Viewer(None)
    if user.role is Role.WORKER:
        raise ApiError(403, "a worker token may use the /api/worker/ routes only")
    if user.role.sees_everything:
        return Viewer(AccountType.ADMIN)
    member = session.get(TeamMember, (contest_id, user.id))
    return Viewer(AccountType.TEAM, member.team_id) if member is not None else Viewer(None)


def _now(parts: Services) -> datetime:
    return aware(parts.clock())


def _objects(parts: Services, user: User | None, contest_id: str) -> tuple[Snapshot, Viewer]:
    """The viewer's objects, as the last event of each in the viewer's feed shows it."""
    with parts.database.session() as session:
        viewer = viewer_of(session, user, contest_id)
    found = view_log(parts.database, parts.feeds, contest_id, parts.load_problem, parts.clock(),
                     feed_view(viewer.kind, viewer.team_id))
    if found is None:
        raise ApiError(404, f"no contest {contest_id!r}")
    return found.objects, viewer


def _filtered(items: list[dict], query: dict[str, str], endpoint: str) -> list[dict]:
    """Only `?name=value` pairs on id properties (id, *_id, *_ids); anything else is a 400."""
    for name in query:
        if not (name == "id" or name.endswith(("_id", "_ids"))):
            raise ApiError(400, f"{endpoint}: cannot filter on {name!r} (id properties only)")
    if items and any(name not in items[0] for name in query):
        unknown = sorted(name for name in query if name not in items[0])
        raise ApiError(400, f"{endpoint}: no property {', '.join(unknown)}")

    def matches(obj: dict) -> bool:
        for name, value in query.items():
            have = obj.get(name)
            if isinstance(have, list) and value not in have or (
                    not isinstance(have, list) and have != value):
                return False
        return True

    return [obj for obj in items if matches(obj)]


@router.get("")
def information() -> dict:
    """The API information object."""
    return api_information(__version__)


@router.get("/contests")
def contests(user: User | None = Depends(optional_user),
             parts: Services = Depends(services)) -> list[dict]:
    with parts.database.session() as session:
        ids = list(session.scalars(select(Contest.id).order_by(Contest.start_time, Contest.id)))
    return [_objects(parts, user, contest_id)[0]["contest"][None] for contest_id in ids]


@router.get("/contests/{contest_id}")
def contest(contest_id: str, user: User | None = Depends(optional_user),
            parts: Services = Depends(services)) -> dict:
    return _objects(parts, user, contest_id)[0]["contest"][None]


@router.get("/contests/{contest_id}/access")
def access(contest_id: str, user: User | None = Depends(optional_user),
           parts: Services = Depends(services)) -> dict:
    _, viewer = _objects(parts, user, contest_id)
    with parts.database.session() as session:
        contest = load_contest(session, contest_id)
    if contest is None:
        raise ApiError(404, f"no contest {contest_id!r}")
    capabilities = ("team_submit", *TEAM_CAPABILITIES) if viewer.kind is AccountType.TEAM else (
        ("admin_submit", *JURY_CAPABILITIES) if viewer.jury else ())
    found = access_object(contest, viewer.kind, capabilities)
    found["endpoints"] = [e for e in found["endpoints"] if e["type"] not in NOT_SERVED]
    return found


@router.get("/contests/{contest_id}/state")
def state(contest_id: str, user: User | None = Depends(optional_user),
          parts: Services = Depends(services)) -> dict:
    return _objects(parts, user, contest_id)[0]["state"][None]


@router.get("/contests/{contest_id}/scoreboard")
def scoreboard(contest_id: str, user: User | None = Depends(optional_user),
               parts: Services = Depends(services)) -> dict:
    """The board the pages serve too, from the board cache (judge.service.board_cache: made
    again only for what changed, not for each request), with the state as the feed has it."""
    now = _now(parts)
    with parts.database.session() as session:
        viewer = viewer_of(session, user, contest_id)
        row = session.get(Contest, contest_id)
        if row is None:
            raise ApiError(404, f"no contest {contest_id!r}")
        head, thawed, finalized = contest_head(row), aware(row.thawed_at), aware(row.finalized_at)
    view = View.JURY if viewer.jury else View.PUBLIC
    served = parts.boards.board(parts.database, contest_id, view, None, now)
    if served is not None and (served.board.thawed_at, served.board.finalized_at) != (
            thawed, finalized):
        # Thawed or finalized by another process (`judge contest`), which tells no cache: the
        # cache would look at the row within a second; the board must agree with its state now.
        parts.boards.forget(contest_id)
        served = parts.boards.board(parts.database, contest_id, view, None, now)
    if served is None:
        raise ApiError(404, f"no contest {contest_id!r}")
    state = state_object(head, now, thawed_at=thawed, finalized_at=finalized,
                         end_of_updates_at=settled_at(thawed, finalized))
    return scoreboard_object(served.board.contest, served.standings, time=now, state=state)


@router.get("/contests/{contest_id}/event-feed")
def event_feed(contest_id: str, request: Request, since_token: str | None = None,
               stream: bool = True, user: User | None = Depends(optional_user),
               parts: Services = Depends(services)) -> StreamingResponse:
    """NDJSON, one event a line, from the beginning or after `since_token`; a newline after
    each quiet keep-alive interval; ends after the state that ends the updates, or at once
    with `stream=false`."""
    allowed = {"since_token", "stream"}
    if set(request.query_params) - allowed:
        raise ApiError(400, f"event-feed takes only {', '.join(sorted(allowed))}")
    with parts.database.session() as session:
        viewer = viewer_of(session, user, contest_id)
    view = feed_view(viewer.kind, viewer.team_id)
    if view_log(parts.database, parts.feeds, contest_id, parts.load_problem, parts.clock(),
                view) is None:
        raise ApiError(404, f"no contest {contest_id!r}")
    with parts.database.session() as session:
        try:
            first, position = events_after(session, contest_id, view, since_token)
        except UnknownToken as exc:
            raise ApiError(400, str(exc)) from None
        # Resumed at (or after) the state that ended the updates: nothing more will come, so
        # the response ends instead of sending keep-alives forever (a tail never ends for a
        # reader that starts past the end: it only sees the end among events it reads).
        over = not first and _ends_at(session, contest_id, view, position)
    lines = feed_lines(parts, contest_id, view, first, position, stream and not over)
    return StreamingResponse(lines, media_type="application/x-ndjson")


async def feed_lines(parts: Services, contest_id: str, view: str, first: list, position: int,
                     stream: bool) -> AsyncIterator[bytes]:
    """The feed's lines: what is stored, then (streaming) what comes, from the view's tail
    that one thread follows for all its readers (judge.service.feed_tails); a newline after
    each quiet keep-alive interval."""
    if first:
        yield b"".join(event_line(event) for event in first)
        if ended(first):
            return
    if not stream:
        return
    settings = parts.settings
    quiet_since = time.monotonic()
    with parts.tails.reading(parts, contest_id, view, position) as tail:
        while not parts.closing.is_set():
            if position < tail.start:  # the tail began after this reader read the database
                missed, position = await anyio.to_thread.run_sync(
                    _stored_after, parts, contest_id, view, position)
                lines, last = [event_line(event) for event in missed], ended(missed)
            else:
                lines = tail.after(position)
                position += len(lines)
                last = tail.ended and position >= tail.position
            if lines:
                yield b"".join(lines)
                quiet_since = time.monotonic()
            if last:
                return
            if not lines and time.monotonic() - quiet_since >= settings.feed_keepalive_seconds:
                yield b"\n"
                quiet_since = time.monotonic()
            await asyncio.sleep(settings.feed_poll_seconds)


def _ends_at(session: Session, contest_id: str, view: str, position: int) -> bool:
    """Whether the view's event at `position` is the state that ends the updates."""
    data = session.scalar(select(ContestEvent.data).where(
        ContestEvent.contest_id == contest_id, ContestEvent.view == view,
        ContestEvent.position == position, ContestEvent.type == "state"))
    return bool(data and data.get("end_of_updates"))


def _stored_after(parts: Services, contest_id: str, view: str, position: int):
    with parts.database.session() as session:
        return events_from(session, contest_id, view, position)


@router.get("/contests/{contest_id}/submissions/{submission_id}/files")
def submission_files(contest_id: str, submission_id: str,
                     user: User | None = Depends(optional_user),
                     parts: Services = Depends(services)) -> Response:
    """The submission's files as one zip (the jury's and the submitting team's only)."""
    objects, viewer = _objects(parts, user, contest_id)
    found = objects["submissions"].get(submission_id)
    if found is None or not (viewer.jury or found["team_id"] == viewer.team_id):
        raise ApiError(404, f"no submission {submission_id!r} in contest {contest_id!r}")
    with parts.database.session() as session:
        row = session.get(Submission, int(submission_id))
        name, source = row.filename, row.source
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, source)
    return Response(buffer.getvalue(), media_type="application/zip")


@router.post("/contests/{contest_id}/submissions")
async def post_submission(contest_id: str, request: Request,
                          user: User | None = Depends(optional_user),
                          parts: Services = Depends(services)) -> JSONResponse:
    submission_id = await submit_to_contest(request, parts, user, contest_id)
    with parts.database.session() as session:
        contest = load_contest(session, contest_id)
        made = clics_submission(session.get(Submission, submission_id))
    # Built from its row, not the viewer's objects: a hidden team sees its own submission.
    return JSONResponse(submission_object(contest, made), status_code=201, headers={
        "Location": f"/api/contests/{contest_id}/submissions/{made.id}"})


@router.post("/contests/{contest_id}/clarifications")
async def clarification(contest_id: str, request: Request,
                        user: User | None = Depends(optional_user),
                        parts: Services = Depends(services)) -> JSONResponse:
    raw = await request.body()
    made = await run_in_threadpool(post_clarification, raw, parts, user, contest_id)
    return JSONResponse(made, status_code=201, headers={
        "Location": f"/api/contests/{contest_id}/clarifications/{made['id']}"})


@router.put("/contests/{contest_id}/clarifications/{clarification_id}")
async def put_clarification_route(contest_id: str, clarification_id: str, request: Request,
                                  user: User | None = Depends(optional_user),
                                  parts: Services = Depends(services)) -> JSONResponse:
    raw = await request.body()
    made = await run_in_threadpool(put_clarification, raw, parts, user, contest_id,
                                   clarification_id)
    return JSONResponse(made, status_code=201, headers={
        "Location": f"/api/contests/{contest_id}/clarifications/{made['id']}"})


@router.get("/contests/{contest_id}/{endpoint}")
def collection(contest_id: str, endpoint: str, request: Request,
               user: User | None = Depends(optional_user),
               parts: Services = Depends(services)) -> list[dict]:
    objects, viewer = _objects(parts, user, contest_id)
    _check_endpoint(endpoint, viewer)
    return _filtered(list(objects.get(endpoint, {}).values()), dict(request.query_params),
                     endpoint)


@router.get("/contests/{contest_id}/{endpoint}/{object_id}")
def element(contest_id: str, endpoint: str, object_id: str,
            user: User | None = Depends(optional_user),
            parts: Services = Depends(services)) -> dict:
    objects, viewer = _objects(parts, user, contest_id)
    _check_endpoint(endpoint, viewer)
    found = objects.get(endpoint, {}).get(object_id)
    if found is None:
        raise ApiError(404, f"no {endpoint} {object_id!r} in contest {contest_id!r}")
    return found


def _check_endpoint(endpoint: str, viewer: Viewer) -> None:
    if endpoint not in COLLECTIONS or endpoint not in ENDPOINTS[viewer.kind]:
        raise ApiError(404, f"no endpoint {endpoint!r}")
