"""Balloons over the API, for the jury and the contest's staff (judge.service.balloons):

    GET  /api/balloons?contest=ID    first accepted per team and problem, in time order
    POST /api/balloons/done          {"contest", "submission", "done": true|false}
"""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Depends, Query
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from judge.service import balloons
from judge.service.api.deps import Services, current_user, services
from judge.service.api.errors import ApiError
from judge.service.balloons import Balloon
from judge.service.models import Contest, User

router = APIRouter(prefix="/api", tags=["balloons"])


class BalloonDocument(BaseModel):
    submission: int
    team_id: str
    team: str
    problem: str
    label: str
    color: str | None
    rgb: str | None
    time: datetime
    first_to_solve: bool
    done: bool

    @classmethod
    def of(cls, balloon: Balloon) -> BalloonDocument:
        return cls(
            submission=balloon.submission_id, team_id=balloon.team_id, team=balloon.team,
            problem=balloon.problem, label=balloon.label, color=balloon.color, rgb=balloon.rgb,
            time=balloon.submitted_at, first_to_solve=balloon.first_to_solve, done=balloon.done,
        )


class DoneRequest(BaseModel):
    contest: str = Field(max_length=36)
    submission: int = Field(ge=1, le=2**63 - 1)
    done: bool = True


def check_runner(session: Session, contest_id: str, user: User) -> None:
    if session.get(Contest, contest_id) is None:
        raise ApiError(404, f"no contest {contest_id!r}")
    if not balloons.may_run_balloons(session, contest_id, user):
        raise ApiError(403, f"balloons are for the jury and the staff of {contest_id!r}")


@router.get("/balloons", response_model=list[BalloonDocument])
def list_balloons(
    contest: str = Query(max_length=36),
    user: User = Depends(current_user),
    parts: Services = Depends(services),
) -> list[BalloonDocument]:
    with parts.database.session() as session:
        check_runner(session, contest, user)
        return [BalloonDocument.of(b) for b in balloons.balloons_of(session, contest) or ()]


@router.post("/balloons/done", response_model=BalloonDocument)
def done(
    body: DoneRequest, user: User = Depends(current_user), parts: Services = Depends(services)
) -> BalloonDocument:
    return BalloonDocument.of(mark(parts, user, body.contest, body.submission, body.done))


def mark(parts: Services, user: User, contest: str, submission: int, done: bool) -> Balloon:
    with parts.database.writing() as session:
        check_runner(session, contest, user)
        balloon = balloons.mark_done(session, contest, submission, user, done)
    if balloon is None:
        raise ApiError(422, f"submission {submission} is no balloon of {contest!r}")
    return balloon
