"""For admins: the users (add, remove, a new token) and the queue with its workers, the same
operations as `judge user ...` (judge.service.auth) and the same figures as /metrics."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Form, Request
from sqlalchemy import select
from starlette.responses import Response

from judge.errors import JudgeError
from judge.languages.registry import all_languages
from judge.service.api.deps import Services, require_role, services
from judge.service.api.errors import ApiError
from judge.service.auth import add_user, list_users, remove_user, rotate_token
from judge.service.models import Role, Submission, User
from judge.service.scheduling import next_candidates
from judge.service.workers import queue_view
from judge.web.site.rendering import SiteRenderer, redirect, renderer
from judge.web.site.views import NewToken, QueueRow, queue_page, users_page

router = APIRouter(include_in_schema=False)
admin_only = require_role(Role.ADMIN)
NEXT_UP = 20  # queued submissions shown in the order they will be judged


@router.get("/admin/users")
def users(
    request: Request,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    return _users(request, user, parts, site)


def _users(request, user, parts, site, token: NewToken | None = None, error: str = ""):
    with parts.database.session() as session:
        rows = list_users(session)
    page = users_page(rows, [role.value for role in Role], token, error)
    return site.page(request, page, user, section="admin", status=422 if error else 200)


@router.post("/admin/users")
def add(
    request: Request,
    name: str = Form(""),
    role: str = Form(Role.CONTESTANT.value),
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    """A new user; its token is shown once, on the page that answers."""
    try:
        with parts.database.writing() as session:
            token = add_user(session, name.strip(), Role(role))
    except (JudgeError, ValueError) as exc:
        return _users(request, user, parts, site, error=str(exc))
    return _users(request, user, parts, site, NewToken(name.strip(), token, created=True))


@router.post("/admin/users/{name}/token")
def new_token(
    name: str,
    request: Request,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    with parts.database.writing() as session:
        token = _known(lambda: rotate_token(session, name))
    parts.users.forget()
    return _users(request, user, parts, site, NewToken(name, token, created=False))


@router.post("/admin/users/{name}/remove")
def remove(
    name: str,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
) -> Response:
    if name == user.name:
        raise ApiError(422, "an admin does not remove itself here (`judge user remove` does)")
    with parts.database.writing() as session:
        _known(lambda: remove_user(session, name))
    parts.users.forget()
    return redirect("/admin/users")


def _known(action):
    try:
        return action()
    except JudgeError as exc:
        raise ApiError(404, str(exc)) from None


@router.get("/admin/queue")
def queue(
    request: Request,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    """The queue by priority, the submissions next up in the order they will be judged, and
    every judging process: host, languages, sandbox, current job, last seen."""
    with parts.database.session() as session:
        view = queue_view(session)
        names = [name for lang in all_languages() for name in (lang.id, *lang.aliases)]
        ids = next_candidates(session, names, NEXT_UP)
        rows = {s.id: s for s in session.scalars(select(Submission).where(Submission.id.in_(ids)))}
        next_up = [QueueRow.of(rows[i]) for i in ids if i in rows]
    return site.page(request, queue_page(view, next_up), user, section="admin")
