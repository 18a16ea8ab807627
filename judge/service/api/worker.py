"""The workers' side of the API: claim a job, fetch a package by hash, report tests, post the
result. Only tokens of the worker role get here; workers never see the database."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Response
from pydantic import BaseModel, Field

from judge.present.schema import CaseDocument, ReportDocument
from judge.service import store
from judge.service.api.deps import Services, require_role, services
from judge.service.api.errors import ApiError
from judge.service.changes import Change, change_of
from judge.service.models import Role, Submission, User
from judge.service.plans import JudgingPlan, judging_plan
from judge.service.workers import record_worker

router = APIRouter(prefix="/api/worker", tags=["workers"])
SubmissionId = Annotated[int, Path(ge=1, le=2**63 - 1)]  # what a database can hold
worker_only = require_role(Role.WORKER)


class ClaimRequest(BaseModel):
    worker: str = Field(max_length=96)  # this process: host:pid:slot
    languages: list[str] = Field(max_length=128)  # those it can judge


class Claimed(BaseModel):
    submission_id: int
    attempt: int
    problem: str
    language: str
    filename: str
    source: str
    package: str  # sha256 of the problem's archive: GET /api/worker/packages/{package}
    all_tests: bool  # judge every test; False: stop at the first rejected one
    rerun_budget: int  # re-runs near the time limit the submission may spend


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


class Heartbeat(BaseModel):
    worker: str = Field(max_length=96)
    host: str = Field(max_length=128)
    languages: list[str] = Field(max_length=128)
    sandbox: str = Field(max_length=128)


@router.post(
    "/claim", response_model=Claimed, responses={204: {"description": "nothing to judge"}}
)
def claim(
    body: ClaimRequest,
    user: User = Depends(worker_only),
    parts: Services = Depends(services),
) -> Claimed | Response:
    """The next job for this process, as the queue's fairness decides (204: none queued)."""
    worker = f"{user.name}/{body.worker}"
    plans: dict[int, JudgingPlan] = {}
    failed: list[Change] = []
    with parts.database.writing() as session:

        def package_of(submission: Submission) -> str | None:
            try:
                problem = parts.problem(submission.problem)
            except ApiError as exc:  # the package broke after the submission was accepted
                job = store.Job(submission.id, submission.attempt)
                store.fail_unclaimed(session, job, f"problem {submission.problem}: {exc.detail}")
                failed.append(change_of(submission))
                return None
            verify_run = submission.verify_run_id is not None
            plans[submission.id] = judging_plan(problem, every_test=verify_run)
            return parts.packages.archive(problem).sha256

        submission = store.claim_next(
            session, worker, parts.settings.queue.lease_seconds, body.languages, package_of
        )
        if submission is None:
            parts.changes.publish_all(failed)
            return Response(status_code=204)
        plan = plans[submission.id]
        waited = (submission.started_at - submission.queued_at).total_seconds()
        claimed = Claimed(
            submission_id=submission.id,
            attempt=submission.attempt,
            problem=submission.problem,
            language=submission.language,
            filename=submission.filename,
            source=submission.source.decode("utf-8"),
            package=submission.package,
            all_tests=plan.all_tests,
            rerun_budget=plan.rerun_budget,
        )
        failed.append(change_of(submission, board=False))  # claimed: pending as before
    parts.changes.publish_all(failed)
    parts.metrics.waiting.observe(max(0.0, waited))
    return claimed


@router.get("/hello", response_model=Outcome)
def hello(user: User = Depends(worker_only)) -> Outcome:
    """A worker's token is good (what `judge worker` checks at start)."""
    return Outcome(outcome=f"hello, {user.name}")


@router.post("/heartbeat", response_model=Outcome)
def heartbeat(
    body: Heartbeat, user: User = Depends(worker_only), parts: Services = Depends(services)
) -> Outcome:
    """A judging process says it is alive, and what it judges with (the queue page)."""
    with parts.database.writing() as session:
        record_worker(
            session, user, f"{user.name}/{body.worker}", body.host, body.languages, body.sandbox
        )
    return Outcome(outcome="seen")


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
    submission_id: SubmissionId,
    body: ProgressRequest,
    user: User = Depends(worker_only),
    parts: Services = Depends(services),
) -> Outcome:
    job = store.Job(submission_id, body.attempt)
    cases = [(item.position, item.case.model_dump(mode="json")) for item in body.cases]
    with parts.database.writing() as session:
        held = store.record_progress(session, job, cases, parts.settings.queue.lease_seconds)
        change = _change(session, submission_id, board=False) if held else None
        contest = _contest(session, submission_id)
    if change is None:
        raise ApiError(409, f"job {submission_id}/{body.attempt} no longer holds the submission")
    parts.changes.publish(change)
    if contest is not None:  # its runs go to the event feed as they are judged
        parts.feed_changed(*contest, submissions=(submission_id,))
    return Outcome(outcome="recorded")


@router.post("/jobs/{submission_id}/result", response_model=Outcome)
def result(
    submission_id: SubmissionId,
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
        change = _change(session, submission_id)
        language = session.get(Submission, submission_id).language if change else ""
        contest = _contest(session, submission_id)
    if outcome is store.Finish.SUPERSEDED:
        raise ApiError(409, f"job {submission_id}/{body.attempt} is no longer current")
    if outcome is store.Finish.STORED:
        parts.changes.publish(change)
        if contest is not None:
            parts.feed_changed(*contest, submissions=(submission_id,))
        parts.metrics.results.labels(verdict or "failed", language).inc()
        if body.judging_ms is not None:
            parts.metrics.judging.labels(language).observe(body.judging_ms / 1000)
    return Outcome(outcome=outcome.value)


def _contest(session, submission_id: int) -> tuple[str, str] | None:
    """The contest and team of a contest's submission."""
    submission = session.get(Submission, submission_id)
    if submission is None or submission.contest_id is None:
        return None
    return submission.contest_id, submission.team_id


def _change(session, submission_id: int, board: bool = True) -> Change | None:
    submission = session.get(Submission, submission_id)
    return change_of(submission, board) if submission is not None else None
