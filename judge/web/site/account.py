"""Signing in with a token (a session cookie, judge.service.sessions) and signing out."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Form, Request
from starlette.responses import Response

from judge.service.api.deps import Services, csrf_guard, optional_user, services
from judge.service.auth import user_for_token
from judge.service.models import Role, User
from judge.service.sessions import (
    SESSION_COOKIE,
    close_session,
    csrf_matches,
    csrf_secret,
    open_session,
)
from judge.web.site.rendering import (
    SiteRenderer,
    local_path,
    redirect,
    renderer,
    set_session_cookie,
)
from judge.web.site.views import signin_page

router = APIRouter(include_in_schema=False)


@router.get("/signin")
def sign_in_form(
    request: Request,
    next: str = "/",
    user: User | None = Depends(optional_user),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    return site.page(request, signin_page(local_path(next)), user, section="signin")


@router.post("/signin")
def sign_in(
    request: Request,
    token: str = Form(""),
    given_csrf: str = Form("", alias="csrf_token"),
    next: str = Form("/"),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    """The token becomes a session of its own; the token itself is never kept in the browser."""
    target = local_path(next)
    if not csrf_matches(csrf_secret(request.cookies), given_csrf):
        page = signin_page(target, "This form is out of date or came from another site; try again.")
        return site.page(request, page, None, section="signin", status=403)
    with parts.database.writing() as session:
        user = user_for_token(session, token.strip()) if token.strip() else None
        if user is None or user.role is Role.WORKER:
            error = "Worker tokens cannot sign in." if user else "No user has this token."
            page = signin_page(target, error)
            return site.page(request, page, None, section="signin", status=401)
        secret = open_session(session, user)
    response = redirect(target)
    set_session_cookie(response, request, secret)
    return response


@router.post("/signout", dependencies=[Depends(csrf_guard)])
def sign_out(request: Request, parts: Services = Depends(services)) -> Response:
    """Ends the session on the server too: a copy of the cookie stops working."""
    secret = request.cookies.get(SESSION_COOKIE)
    if secret:
        with parts.database.writing() as session:
            close_session(session, secret)
    response = redirect("/")
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response
