"""Live progress as Server-Sent Events, read from the database (so any server process can
serve any submission's stream):

    event: status   data: {"status": "judging", "attempt": 1}
    event: test     data: one test's result (as the viewer may see it), as soon as it is judged
    event: done     data: the whole submission document; the stream then ends
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

from fastapi import APIRouter, Depends, Request
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from judge.schema import CaseDocument
from judge.service import store
from judge.service.api.deps import Services, current_user, services
from judge.service.api.submissions import document_now, readable_submission
from judge.service.documents import visible, visible_case
from judge.service.models import Status, User

router = APIRouter(prefix="/api", tags=["submissions"])
POLL_SECONDS = 0.1
KEEPALIVE_SECONDS = 15.0
FINAL = (Status.DONE, Status.FAILED)


@router.get(
    "/submissions/{submission_id}/events",
    response_class=StreamingResponse,
    responses={200: {"content": {"text/event-stream": {}}}},
)
def events(
    submission_id: int,
    request: Request,
    user: User = Depends(current_user),
    parts: Services = Depends(services),
) -> StreamingResponse:
    """Each test's result as it is judged, then the whole document (Server-Sent Events)."""
    with parts.database.session() as session:
        readable_submission(session, submission_id, user)  # 404 / 403 before the stream starts
    stream = _stream(submission_id, request, user, parts)
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return StreamingResponse(stream, media_type="text/event-stream", headers=headers)


async def _stream(
    submission_id: int, request: Request, user: User, parts: Services
) -> AsyncIterator[str]:
    seen_status, seen_attempt, position = None, None, -1
    idle = 0.0
    while not await request.is_disconnected():
        snapshot = await run_in_threadpool(_snapshot, parts, submission_id, user, position)
        status, attempt, cases, document = snapshot
        if (status, attempt) != (seen_status, seen_attempt):
            if attempt != seen_attempt:
                if seen_attempt is not None:
                    cases = []  # read past the old attempt's position: read again next time
                position = -1  # a new attempt starts its tests again
            seen_status, seen_attempt = status, attempt
            yield _event("status", {"status": status.value, "attempt": attempt})
            idle = 0.0
        for case in cases:
            position += 1
            yield _event("test", case.model_dump(mode="json"))
            idle = 0.0
        if document is not None:
            yield _event("done", document.model_dump(mode="json", by_alias=True))
            return
        await asyncio.sleep(POLL_SECONDS)
        idle += POLL_SECONDS
        if idle >= KEEPALIVE_SECONDS:
            yield ": keep-alive\n\n"
            idle = 0.0


def _snapshot(parts: Services, submission_id: int, user: User, after: int):
    with parts.database.session() as session:
        submission = readable_submission(session, submission_id, user)
        cases = []
        if submission.status is Status.JUDGING:
            raw = store.progress_cases(session, submission, after)
            cases = [
                visible_case(CaseDocument.model_validate(c), user.role.sees_everything) for c in raw
            ]
        document = None
        if submission.status in FINAL:
            document = visible(document_now(session, submission), user)
        return submission.status, submission.attempt, cases, document


def _event(name: str, data: dict) -> str:
    return f"event: {name}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"
