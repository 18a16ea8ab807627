"""Verify runs (setters and admins): every bundled solution of a problem judged through the
queue, read back as `judge verify`'s matrix (judge.service.verify_runs)."""

from __future__ import annotations

from fastapi import APIRouter, Depends
from pydantic import BaseModel

from judge.errors import JudgeError
from judge.service.api.deps import Services, require_role, services
from judge.service.api.errors import ApiError
from judge.service.models import Role, User
from judge.service.verify_runs import latest_run, run_document, start_run

router = APIRouter(prefix="/api", tags=["problems"])
setter_or_admin = require_role(Role.SETTER, Role.ADMIN)


class RunStarted(BaseModel):
    problem: str
    run: int
    submissions: int


@router.post("/problems/{problem_id}/verify", status_code=202, response_model=RunStarted)
def start_verify_run(
    problem_id: str, user: User = Depends(setter_or_admin), parts: Services = Depends(services)
) -> RunStarted:
    """Judge every bundled solution of the problem through the queue (setter, admin)."""
    return begin_run(parts, problem_id, user)


@router.get("/problems/{problem_id}/verify")
def latest_verify_run(
    problem_id: str, user: User = Depends(setter_or_admin), parts: Services = Depends(services)
) -> dict:
    """The latest run: `judge verify --json`'s entry for the problem, with the run's fields."""
    document = latest_run_document(parts, problem_id)
    if document is None:
        raise ApiError(404, f"no verify run of {problem_id} yet")
    return document


def begin_run(parts: Services, problem_id: str, user: User) -> RunStarted:
    problem = parts.problem(problem_id)
    try:
        with parts.database.writing() as session:
            run, jobs = start_run(session, problem, user)
            run_id = run.id
    except JudgeError as exc:
        raise ApiError(422, str(exc)) from None
    for job in jobs:  # after the commit, as for every submission
        parts.sender.send(job)
    # Verify runs are not in the lists: the verify page reloads itself meanwhile.
    return RunStarted(problem=problem_id, run=run_id, submissions=len(jobs))


def latest_run_document(parts: Services, problem_id: str) -> dict | None:
    problem = parts.problem(problem_id)
    with parts.database.session() as session:
        run = latest_run(session, problem_id)
        return None if run is None else run_document(session, problem, run)
