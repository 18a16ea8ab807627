"""Refusals on the pages are pages: a 404 or a 403 as HTML, and a page that needs a user sends
a browser that has none to the sign-in form. Everything under /api keeps the API's JSON
refusals (judge.service.api.errors), which these handlers wrap."""

from __future__ import annotations

from http import HTTPStatus
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.responses import Response

from judge.service.api.deps import services
from judge.service.sessions import SESSION_COOKIE, session_user
from judge.web.site.rendering import here, redirect, renderer
from judge.web.site.views import error_page, signin_page

API_PREFIX = "/api/"


def install_error_pages(app: FastAPI) -> None:
    api_refusal = app.exception_handlers[HTTPException]
    api_invalid = app.exception_handlers[RequestValidationError]
    api_failure = app.exception_handlers[Exception]

    async def refusal(request: Request, exc: HTTPException) -> Response:
        if _is_api(request):
            return await api_refusal(request, exc)
        if exc.status_code == 401:
            if request.method in ("GET", "HEAD"):
                return redirect("/signin?next=" + quote(here(request), safe="/"))
            page = signin_page("/", "Your session has ended: sign in again.")
            return renderer(request).page(request, page, None, section="signin", status=401)
        return await run_in_threadpool(_page, request, exc.status_code, str(exc.detail))

    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        if _is_api(request):
            return await api_invalid(request, exc)
        where = "; ".join(str(error["loc"][-1]) + ": " + error["msg"] for error in exc.errors())
        return await run_in_threadpool(_page, request, 422, where)

    async def failure(request: Request, exc: Exception) -> Response:
        response = await api_failure(request, exc)  # logs it
        if _is_api(request):
            return response
        return await run_in_threadpool(_page, request, 500, "internal error; it is logged")

    app.add_exception_handler(HTTPException, refusal)
    app.add_exception_handler(RequestValidationError, invalid)
    app.add_exception_handler(Exception, failure)


def _is_api(request: Request) -> bool:
    return request.url.path.startswith(API_PREFIX) or request.url.path == API_PREFIX.rstrip("/")


def _page(request: Request, status: int, message: str) -> Response:
    try:
        reason = HTTPStatus(status).phrase
    except ValueError:
        reason = ""
    site = renderer(request)
    return site.page(request, error_page(status, reason, message), _viewer(request), status=status)


def _viewer(request: Request):
    """Who is looking, for the page's header; the refusal may have come before any lookup."""
    secret = request.cookies.get(SESSION_COOKIE)
    if not secret:
        return None
    with services(request).database.session() as session:
        return session_user(session, secret)
