"""Rejudgings over the API, for admins (judge.service.rejudgings says how they work):

    POST /api/rejudgings               {"contest", "problem", "verdict", "submissions": [ids],
                                        "reason"}: a new rejudging of what all filters select
    GET  /api/rejudgings               newest first
    GET  /api/rejudgings/{id}          old and new verdicts side by side
    POST /api/rejudgings/{id}/apply    the new results become the submissions'
    POST /api/rejudgings/{id}/cancel   nothing changes
"""

from __future__ import annotations

from datetime import datetime, timezone

from fastapi import APIRouter, Depends, Path
from pydantic import BaseModel, Field

from judge.service import rejudgings
from judge.service.api.deps import Services, require_role, services
from judge.service.api.errors import ApiError
from judge.service.api.submissions import VERDICT_PATTERN
from judge.service.models import Role, User
from judge.service.rejudgings import RejudgingRefused, RejudgingView, Selection

router = APIRouter(prefix="/api", tags=["rejudgings"])
admin_only = require_role(Role.ADMIN)
RejudgingId = Path(ge=1, le=2**31 - 1)


class RejudgingRequest(BaseModel):
    contest: str | None = Field(None, max_length=36)
    problem: str | None = Field(None, max_length=64)
    verdict: str | None = Field(None, pattern=VERDICT_PATTERN)
    submissions: list[int] = Field(default_factory=list, max_length=rejudgings.MAX_SUBMISSIONS)
    reason: str = Field("", max_length=255)

    def selection(self) -> Selection:
        return Selection(self.contest, self.problem, self.verdict, tuple(self.submissions))


class RejudgedSubmission(BaseModel):
    submission: int
    problem: str
    user: str
    team: str | None
    old_verdict: str | None
    new_status: str
    new_verdict: str | None
    changed: bool
    current_verdict: str | None


class RejudgingDocument(BaseModel):
    id: int
    user: str
    reason: str
    state: str
    created_at: datetime
    closed_at: datetime | None
    pending: int  # copies still queued or being judged
    changed: int
    submissions: list[RejudgedSubmission]

    @classmethod
    def of(cls, view: RejudgingView) -> RejudgingDocument:
        return cls(
            id=view.id, user=view.user, reason=view.reason, state=view.state.value,
            created_at=_utc(view.created_at), closed_at=_utc(view.closed_at),
            pending=view.pending, changed=sum(item.changed for item in view.items),
            submissions=[
                RejudgedSubmission(
                    submission=item.submission_id, problem=item.problem, user=item.user,
                    team=item.team_id, old_verdict=item.old_verdict,
                    new_status=item.new_status.value, new_verdict=item.new_verdict,
                    changed=item.changed, current_verdict=item.current_verdict,
                )
                for item in view.items
            ],
        )


def _utc(moment: datetime | None) -> datetime | None:
    return None if moment is None else moment.replace(tzinfo=timezone.utc)


@router.post("/rejudgings", status_code=201, response_model=RejudgingDocument)
def create(
    body: RejudgingRequest, user: User = Depends(admin_only), parts: Services = Depends(services)
) -> RejudgingDocument:
    return RejudgingDocument.of(start(parts, user, body.selection(), body.reason))


def start(parts: Services, user: User, selection: Selection, reason: str) -> RejudgingView:
    with parts.database.writing() as session:
        try:
            rejudging, jobs = rejudgings.create_rejudging(session, user, selection, reason)
        except RejudgingRefused as exc:
            raise ApiError(exc.status, exc.message) from None
        rejudging_id = rejudging.id
    for job in jobs:
        parts.sender.send(job)
    return read(parts, rejudging_id)


def read(parts: Services, rejudging_id: int) -> RejudgingView:
    with parts.database.session() as session:
        view = rejudgings.rejudging_view(session, rejudging_id)
    if view is None:
        raise ApiError(404, f"no rejudging {rejudging_id}")
    return view


@router.get("/rejudgings", response_model=list[RejudgingDocument])
def list_all(
    user: User = Depends(admin_only), parts: Services = Depends(services)
) -> list[RejudgingDocument]:
    with parts.database.session() as session:
        ids = [row.id for row in rejudgings.list_rejudgings(session)]
    return [RejudgingDocument.of(read(parts, rejudging_id)) for rejudging_id in ids[:50]]


@router.get("/rejudgings/{rejudging_id}", response_model=RejudgingDocument)
def one(
    rejudging_id: int = RejudgingId,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
) -> RejudgingDocument:
    return RejudgingDocument.of(read(parts, rejudging_id))


@router.post("/rejudgings/{rejudging_id}/apply", response_model=RejudgingDocument)
def apply(
    rejudging_id: int = RejudgingId,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
) -> RejudgingDocument:
    return RejudgingDocument.of(close(parts, rejudging_id, apply=True))


@router.post("/rejudgings/{rejudging_id}/cancel", response_model=RejudgingDocument)
def cancel(
    rejudging_id: int = RejudgingId,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
) -> RejudgingDocument:
    return RejudgingDocument.of(close(parts, rejudging_id, apply=False))


def close(parts: Services, rejudging_id: int, *, apply: bool) -> RejudgingView:
    changes = []
    with parts.database.writing() as session:
        try:
            if apply:
                changes = rejudgings.apply_rejudging(session, rejudging_id)
            else:
                rejudgings.cancel_rejudging(session, rejudging_id)
        except RejudgingRefused as exc:
            raise ApiError(exc.status, exc.message) from None
    parts.changes.publish_all(changes)
    for contest_id in sorted({change.contest for change in changes if change.contest}):
        # new judgements in the feed, after the old ones
        parts.feed_changed(contest_id, submissions=[
            change.submission_id for change in changes if change.contest == contest_id])
    return read(parts, rejudging_id)
