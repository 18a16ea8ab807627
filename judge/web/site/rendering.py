"""HTML responses of the site: the shared templates with linked assets, the viewer and its CSRF
token in every page, cookies set the same way everywhere, and headers that keep a page to its
own origin (scripts, frames, form targets)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse
from jinja2 import Environment
from starlette.responses import Response

from judge.service.models import Role, User
from judge.service.sessions import (
    ANONYMOUS_COOKIE,
    SESSION_COOKIE,
    SESSION_DAYS,
    csrf_secret,
    csrf_token,
    new_secret,
)
from judge.web.assets import Bundle, LinkedAssets
from judge.web.environment import make_environment, render
from judge.web.pages import Page

STATIC_PREFIX = "/static"
# Everything from this origin; inline styles only (KaTeX and chart boxes size elements), no
# inline script (the pages' JSON data blocks are not scripts), no framing, forms to us only.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; "
        "frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",  # pages show one user's data
}


@dataclass(frozen=True)
class Viewer:
    """Who is looking, as the templates need it."""

    name: str
    role: str
    sees_everything: bool
    is_admin: bool
    may_verify: bool

    @classmethod
    def of(cls, user: User | None) -> Viewer | None:
        if user is None:
            return None
        return cls(
            name=user.name,
            role=user.role.value,
            sees_everything=user.role.sees_everything,
            is_admin=user.role is Role.ADMIN,
            may_verify=user.role in (Role.SETTER, Role.ADMIN),
        )


@dataclass(frozen=True)
class SiteContext:
    """What every site page reads as `site`: the viewer, the CSRF token for its forms, and
    where it is (the navigation marks the section; sign-in comes back to `path`)."""

    viewer: Viewer | None
    csrf: str
    path: str
    section: str


class SiteRenderer:
    def __init__(self) -> None:
        self.environment: Environment = make_environment()
        self.environment.filters["when"] = when
        self.assets = LinkedAssets(STATIC_PREFIX)

    def page(
        self,
        request: Request,
        page: Page,
        user: User | None,
        *,
        section: str = "",
        status: int = 200,
    ) -> HTMLResponse:
        """The page as HTML. A browser without any secret yet gets an anonymous one, so that
        its forms (signing in) carry a CSRF token too."""
        secret = csrf_secret(request.cookies)
        fresh = secret is None
        if fresh:
            secret = new_secret()
        site = SiteContext(Viewer.of(user), csrf_token(secret), here(request), section)
        page = Page(page.template, page.title, page.context, page.bundles | {Bundle.SERVICE})
        html = render(self.environment, page, self.assets, {"site": site})
        response = HTMLResponse(html, status_code=status, headers=SECURITY_HEADERS)
        if fresh:
            set_cookie(response, request, ANONYMOUS_COOKIE, secret)
        return response


def renderer(request: Request) -> SiteRenderer:
    """The site's renderer, made once with the app (judge.web.site.install_site)."""
    return request.app.state.site


def when(moment: datetime | str) -> str:
    """A moment in UTC to the second, from a datetime or the ISO form the documents carry."""
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment.replace("Z", "+00:00"))
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def here(request: Request) -> str:
    query = request.url.query
    return request.url.path + (f"?{query}" if query else "")


def set_cookie(
    response: Response, request: Request, name: str, value: str, max_age: int | None = None
) -> None:
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def set_session_cookie(response: Response, request: Request, secret: str) -> None:
    set_cookie(response, request, SESSION_COOKIE, secret, max_age=SESSION_DAYS * 24 * 3600)
    response.delete_cookie(ANONYMOUS_COOKIE, path="/")


def redirect(url: str) -> RedirectResponse:
    """After a form: 303, so that reloading the next page does not post the form again."""
    return RedirectResponse(url, status_code=303)


def local_path(target: str | None, default: str = "/") -> str:
    """Where to go after signing in: a path on this site only (never //host or a URL)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return default
    return target
