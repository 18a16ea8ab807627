"""For setters and admins: a problem's verify matrix from its latest verify run (judged by the
workers, judge.service.verify_runs), starting a run, and rejudging a whole problem."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from starlette.responses import Response

from judge.service.api.deps import Services, require_role, services
from judge.service.api.problems import rejudge_all
from judge.service.api.verification import begin_run, latest_run_document, setter_or_admin
from judge.service.models import Role, User
from judge.web.site.rendering import SiteRenderer, redirect, renderer
from judge.web.site.views import verify_page

router = APIRouter(include_in_schema=False)


@router.get("/problems/{problem_id}/verify")
def verify_matrix(
    problem_id: str,
    request: Request,
    user: User = Depends(setter_or_admin),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    document = latest_run_document(parts, problem_id)
    page = verify_page(parts.problem(problem_id), document)
    return site.page(request, page, user, section="problems")


@router.post("/problems/{problem_id}/verify")
def start_run(
    problem_id: str, user: User = Depends(setter_or_admin), parts: Services = Depends(services)
) -> Response:
    begin_run(parts, problem_id, user)
    return redirect(f"/problems/{problem_id}/verify")


@router.post("/problems/{problem_id}/rejudge")
def rejudge_problem(
    problem_id: str,
    user: User = Depends(require_role(Role.ADMIN)),
    parts: Services = Depends(services),
) -> Response:
    rejudge_all(parts, problem_id)
    return redirect(f"/submissions?problem={problem_id}")
