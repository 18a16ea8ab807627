"""Pages around a contest, over the same functions as their API: a contest's clarifications
(teams ask, the jury answers, live), its balloons for runners, and rejudgings for admins."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Form, Request
from starlette.responses import Response

from judge.service import balloons, rejudgings
from judge.service.api import balloons as balloons_api
from judge.service.api import rejudgings as rejudgings_api
from judge.service.api.clarifications import ClarificationRequest, send, viewer_team
from judge.service.api.clarifications import visible_documents
from judge.service.api.deps import Services, current_user, require_role, services
from judge.service.api.errors import ApiError
from judge.service.contests import load_contest
from judge.service.models import Role, User
from judge.service.rejudgings import Selection
from judge.web.site.jury_views import (
    balloons_page,
    clarifications_page,
    rejudging_page,
    rejudgings_page,
)
from judge.web.site.rendering import SiteRenderer, redirect, renderer

router = APIRouter(include_in_schema=False)
admin_only = require_role(Role.ADMIN)


@router.get("/contests/{contest_id}/clarifications")
def clarifications(
    contest_id: str,
    request: Request,
    user: User = Depends(current_user),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    with parts.database.session() as session:
        team = viewer_team(session, contest_id, user)
        items = visible_documents(session, contest_id, user)
        contest = load_contest(session, contest_id)
    problems = [(p.id, p.label) for p in contest.problems]
    teams = [t.id for t in contest.teams]
    page = clarifications_page(
        contest_id, contest.name, items, team is None, team, problems, teams
    )
    return site.page(request, page, user, section="contests")


@router.post("/contests/{contest_id}/clarifications")
def send_clarification(
    contest_id: str,
    text: str = Form(""),
    problem: str = Form(""),
    reply_to: str = Form(""),
    to: str = Form(""),
    user: User = Depends(current_user),
    parts: Services = Depends(services),
) -> Response:
    """The page's form: a team's question, or the jury's answer or announcement."""
    if reply_to.strip() and not reply_to.strip().isdigit():
        raise ApiError(422, f"'answers #' takes a clarification's number, not {reply_to!r}")
    body = ClarificationRequest.model_construct(
        contest=contest_id, text=text, problem=problem or None,
        reply_to=int(reply_to) if reply_to.strip() else None, to=to or None,
    )
    send(parts, user, body)
    return redirect(f"/contests/{contest_id}/clarifications")


@router.get("/contests/{contest_id}/balloons")
def balloon_list(
    contest_id: str,
    request: Request,
    user: User = Depends(current_user),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    with parts.database.session() as session:
        balloons_api.check_runner(session, contest_id, user)
        contest = load_contest(session, contest_id)
        found = balloons.contest_balloons(session, contest)
    page = balloons_page(contest_id, contest.name, found, contest.balloons_after_freeze)
    return site.page(request, page, user, section="contests")


@router.post("/contests/{contest_id}/balloons/{submission_id}")
def balloon_done(
    contest_id: str,
    submission_id: int,
    done: str = Form("yes"),
    user: User = Depends(current_user),
    parts: Services = Depends(services),
) -> Response:
    balloons_api.mark(parts, user, contest_id, submission_id, done == "yes")
    return redirect(f"/contests/{contest_id}/balloons")


@router.get("/admin/rejudgings")
def rejudging_list(
    request: Request,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    return _list(request, user, parts, site)


def _list(request, user, parts, site, error: str = "") -> Response:
    with parts.database.session() as session:
        ids = [row.id for row in rejudgings.list_rejudgings(session)][:50]
    views = [rejudgings_api.read(parts, rejudging_id) for rejudging_id in ids]
    return site.page(request, rejudgings_page(views, error), user, section="admin",
                     status=422 if error else 200)


@router.post("/admin/rejudgings")
def new_rejudging(
    request: Request,
    contest: str = Form(""),
    problem: str = Form(""),
    verdict: str = Form(""),
    submissions: str = Form(""),
    reason: str = Form(""),
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    """A refused selection shows the list again with the reason."""
    words = submissions.replace(",", " ").split()
    if not all(word.isdigit() and len(word) < 19 for word in words):
        return _list(request, user, parts, site, "submissions: ids separated by spaces")
    selection = Selection(
        contest.strip() or None, problem.strip() or None, verdict or None,
        tuple(int(word) for word in words),
    )
    try:
        view = rejudgings_api.start(parts, user, selection, reason)
    except ApiError as exc:
        return _list(request, user, parts, site, exc.detail)
    return redirect(f"/admin/rejudgings/{view.id}")


@router.get("/admin/rejudgings/{rejudging_id}")
def rejudging(
    rejudging_id: int,
    request: Request,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    view = rejudgings_api.read(parts, rejudging_id)
    return site.page(request, rejudging_page(view), user, section="admin")


@router.post("/admin/rejudgings/{rejudging_id}/{action}")
def close_rejudging(
    rejudging_id: int,
    action: str,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
) -> Response:
    if action not in ("apply", "cancel"):
        raise ApiError(404, f"no action {action!r}: apply or cancel")
    rejudgings_api.close(parts, rejudging_id, apply=action == "apply")
    return redirect(f"/admin/rejudgings/{rejudging_id}")
