"""The workers' side of the API: claim a job, fetch a package by hash, report tests, post the
result. Only tokens of the worker role get here; workers never see the database."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Response
from pydantic import BaseModel, Field

from judge.present.schema import CaseDocument, ReportDocument
from judge.service import store
from judge.service.api.deps import Services, require_role, services
from judge.service.api.errors import ApiError
from judge.service.models import Role, Submission, User

router = APIRouter(prefix="/api/worker", tags=["workers"])
worker_only = require_role(Role.WORKER)


class ClaimRequest(BaseModel):
    attempt: int
    worker: str = Field(max_length=128)


class Claimed(BaseModel):
    submission_id: int
    attempt: int
    problem: str
    language: str
    filename: str
    source: str
    package: str  # sha256 of the problem's archive: GET /api/worker/packages/{package}


class ProgressItem(BaseModel):
    position: int = Field(ge=0)
    case: CaseDocument


class ProgressRequest(BaseModel):
    attempt: int
    cases: list[ProgressItem]


class ResultRequest(BaseModel):
    attempt: int
    result: ReportDocument | None = None  # None with `error`: the judge could not judge it
    error: str = ""
    judging_ms: float | None = None  # how long judge_submission took on the worker


class Outcome(BaseModel):
    outcome: str


@router.post("/jobs/{submission_id}/claim", response_model=Claimed)
def claim(
    submission_id: int,
    body: ClaimRequest,
    user: User = Depends(worker_only),
    parts: Services = Depends(services),
) -> Claimed:
    """Take the job, if it is still wanted (409 otherwise: acknowledge it and move on)."""
    job = store.Job(submission_id, body.attempt)
    with parts.database.session() as session:
        current = session.get(Submission, submission_id)
        problem_id = current.problem if current is not None else None
    if problem_id is None:
        raise ApiError(404, f"no submission {submission_id}")
    try:
        problem = parts.problem(problem_id)
    except ApiError as exc:  # the package broke after the submission was accepted
        with parts.database.writing() as session:
            store.fail_unclaimed(session, job, f"problem {problem_id}: {exc.detail}")
        raise ApiError(409, f"problem {problem_id} cannot be judged: {exc.detail}") from None
    package = parts.packages.archive(problem).sha256
    worker = f"{user.name}/{body.worker}"
    with parts.database.writing() as session:
        submission = store.claim(session, job, worker, parts.settings.queue.lease_seconds, package)
        if submission is None:
            raise ApiError(409, f"job {submission_id}/{body.attempt} is not claimable")
        return Claimed(
            submission_id=submission.id,
            attempt=submission.attempt,
            problem=submission.problem,
            language=submission.language,
            filename=submission.filename,
            source=submission.source.decode("utf-8"),
            package=package,
        )


@router.get("/packages/{sha256}", response_class=Response)
def package(
    sha256: str, user: User = Depends(worker_only), parts: Services = Depends(services)
) -> Response:
    archive = parts.packages.by_hash(sha256)
    if archive is None:
        raise ApiError(404, f"no package {sha256}")
    return Response(archive.data, media_type="application/gzip")


@router.post("/jobs/{submission_id}/progress", response_model=Outcome)
def progress(
    submission_id: int,
    body: ProgressRequest,
    user: User = Depends(worker_only),
    parts: Services = Depends(services),
) -> Outcome:
    job = store.Job(submission_id, body.attempt)
    cases = [(item.position, item.case.model_dump(mode="json")) for item in body.cases]
    with parts.database.writing() as session:
        held = store.record_progress(session, job, cases, parts.settings.queue.lease_seconds)
    if not held:
        raise ApiError(409, f"job {submission_id}/{body.attempt} no longer holds the submission")
    return Outcome(outcome="recorded")


@router.post("/jobs/{submission_id}/result", response_model=Outcome)
def result(
    submission_id: int,
    body: ResultRequest,
    user: User = Depends(worker_only),
    parts: Services = Depends(services),
) -> Outcome:
    """Store the attempt's result once; the same result again is acknowledged (200), a result
    of an attempt that is no longer current is refused (409)."""
    if body.result is None and not body.error:
        raise ApiError(422, "send a result, or an error saying why there is none")
    job = store.Job(submission_id, body.attempt)
    document = body.result.to_dict() if body.result is not None else None
    verdict = body.result.verdict if body.result is not None else None
    with parts.database.writing() as session:
        outcome = store.finish(session, job, document, verdict, body.error, body.judging_ms)
    if outcome is store.Finish.SUPERSEDED:
        raise ApiError(409, f"job {submission_id}/{body.attempt} is no longer current")
    return Outcome(outcome=outcome.value)
