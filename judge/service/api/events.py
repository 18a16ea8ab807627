"""Live progress as Server-Sent Events. A stream reads the database when it starts and again
only when a change wakes it (judge.service.changes: pushed, never polled), so any server
process can serve any stream and an idle one costs nothing but a keep-alive line. A user may
hold a few streams open at once (`judge serve --stream-limit`); more are refused with 429.
One submission, /api/submissions/{id}/events:

    event: status   data: {"status": "judging", "attempt": 1}
    event: test     data: one test's result (as the viewer may see it), as soon as it is judged
    event: done     data: the whole submission document; the stream then ends

and the newest submissions of a list, /api/submissions/events?problem=&user=&verdict=&status=:

    event: submission   data: a SubmissionSummary, at the start and whenever it changes
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool
from starlette.types import Receive, Scope, Send

from judge.present.schema import CaseDocument
from judge.service import store
from judge.service.api.deps import Services, current_user, services
from judge.service.api.errors import ApiError
from judge.service.changes import Change
from judge.service.api.submissions import (
    MAX_PAGE,
    VERDICT_PATTERN,
    document_now,
    listing_filter,
    readable_submission,
    submission_summaries,
)
from judge.service.documents import SubmissionSummary, visible, visible_case
from judge.service.models import Status, User

router = APIRouter(prefix="/api", tags=["submissions"])
KEEPALIVE_SECONDS = 15.0
FINAL = (Status.DONE, Status.FAILED)
SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


class EventStream(StreamingResponse):
    """A stream that gives its place back (`release`) however it ends: finished, the client
    gone, the server stopping, or never started at all."""

    def __init__(self, content: AsyncIterator[str], release: Callable[[], None]) -> None:
        super().__init__(content, media_type="text/event-stream", headers=SSE_HEADERS)
        self.release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.release()


def open_stream(parts: Services, user: User, stream: AsyncIterator[str]) -> EventStream:
    limit = parts.settings.stream_limit
    if not parts.streams.open(user.id, limit):
        raise ApiError(
            429,
            f"{user.name} has {limit} event streams open already: close a page first",
            {"Retry-After": str(int(KEEPALIVE_SECONDS))},
        )
    return EventStream(stream, lambda: parts.streams.close(user.id))


@router.get(
    "/submissions/events",
    response_class=StreamingResponse,
    responses={200: {"content": {"text/event-stream": {}}}},
)
def feed(
    request: Request,
    problem: str | None = None,
    user_name: str | None = Query(None, alias="user"),
    verdict: str | None = Query(None, pattern=VERDICT_PATTERN),
    status: Status | None = None,
    limit: int = Query(50, ge=1, le=MAX_PAGE),
    user: User = Depends(current_user),
    parts: Services = Depends(services),
) -> StreamingResponse:
    """The newest submissions that GET /api/submissions lists with the same filters (first
    page), each as it is now and again whenever it changes (Server-Sent Events)."""
    where = listing_filter(user, problem, user_name, verdict, status)
    return open_stream(parts, user, _feed(where, limit, parts))


def concerns(where: store.SubmissionFilter) -> Callable[[Change], bool]:
    """Whether a change may alter the list `where` selects (status and verdict are read)."""

    def wanted(change: Change) -> bool:
        return (
            change.clarifications is None
            and change.verify_run == where.verify_run
            and where.problem in (None, change.problem)
            and where.user in (None, change.user)
        )

    return wanted


async def _feed(where: store.SubmissionFilter, limit: int, parts: Services) -> AsyncIterator[str]:
    sent: dict[int, SubmissionSummary] = {}
    with parts.changes.feed(concerns(where)) as watch:
        while not parts.closing.is_set():
            newest = await run_in_threadpool(_newest, parts, where, limit)
            for summary in reversed(newest):  # oldest first: a page that prepends keeps order
                if sent.get(summary.id) != summary:
                    yield _event("submission", summary.model_dump(mode="json"))
            sent = {summary.id: summary for summary in newest}
            while not await watch.wait(KEEPALIVE_SECONDS):
                yield ": keep-alive\n\n"


def _newest(parts: Services, where: store.SubmissionFilter, limit: int) -> list[SubmissionSummary]:
    with parts.database.session() as session:
        return submission_summaries(session, where, 0, limit)[0]


@router.get(
    "/submissions/{submission_id}/events",
    response_class=StreamingResponse,
    responses={200: {"content": {"text/event-stream": {}}}},
)
def events(
    submission_id: int,
    user: User = Depends(current_user),
    parts: Services = Depends(services),
) -> StreamingResponse:
    """Each test's result as it is judged, then the whole document (Server-Sent Events)."""
    with parts.database.session() as session:
        readable_submission(session, submission_id, user)  # 404 before the stream starts
    return open_stream(parts, user, _stream(submission_id, user, parts))


async def _stream(submission_id: int, user: User, parts: Services) -> AsyncIterator[str]:
    seen_status, seen_attempt, position = None, None, -1
    with parts.changes.submission(submission_id) as watch:
        while not parts.closing.is_set():
            snapshot = await run_in_threadpool(_snapshot, parts, submission_id, user, position)
            status, attempt, cases, document = snapshot
            if (status, attempt) != (seen_status, seen_attempt):
                if attempt != seen_attempt:
                    if seen_attempt is not None:
                        cases = []  # read past the old attempt's position: read again
                    position = -1  # a new attempt starts its tests again
                seen_status, seen_attempt = status, attempt
                yield _event("status", {"status": status.value, "attempt": attempt})
            for case in cases:
                position += 1
                yield _event("test", case.model_dump(mode="json"))
            if document is not None:
                yield _event("done", document.model_dump(mode="json", by_alias=True))
                return
            while not await watch.wait(KEEPALIVE_SECONDS):
                yield ": keep-alive\n\n"


def _snapshot(parts: Services, submission_id: int, user: User, after: int):
    with parts.database.session() as session:
        submission = readable_submission(session, submission_id, user)
        labels = parts.labels(submission.problem)
        cases = []
        if submission.status is Status.JUDGING:
            raw = store.progress_cases(session, submission, after)
            cases = [CaseDocument.model_validate(c) for c in raw]
            if not user.role.sees_everything:
                cases = [visible_case(case, labels) for case in cases]
        document = None
        if submission.status in FINAL:
            document = visible(document_now(session, submission), user, labels)
        return submission.status, submission.attempt, cases, document


def _event(name: str, data: dict) -> str:
    return f"event: {name}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"
