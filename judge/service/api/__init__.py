"""The FastAPI application. `create_app` builds it around the service's parts; other packages
(HTML pages) extend it with a function that adds their routers, static files and templates, and
share its dependencies (judge.service.api.deps: the current user, a database session)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from judge import __version__
from judge.service.api import (
    balloons,
    clarifications,
    clics_routes,
    events,
    languages,
    operations,
    rejudgings,
    problems,
    submissions,
    verification,
    worker,
)
from judge.service.api.deps import Services
from judge.service.api.errors import BodyLimit, install_error_handlers

WORKER_BODY_LIMIT = 32 * 1024 * 1024  # a result document of many tests with their details
# The API browser's script and style, served here: no CDN, so /api/docs works offline.
SWAGGER_UI = Path(__file__).resolve().parent / "static" / "swagger-ui"
SWAGGER_PREFIX = "/api/static/swagger-ui"


Extension = Callable[[FastAPI], None]


def create_app(parts: Services, extensions: Iterable[Extension] = ()) -> FastAPI:
    app = FastAPI(
        title="judge",
        version=__version__,
        summary="An online judge: submit programs, follow their judging, read verdicts.",
        openapi_url="/api/openapi.json",
        docs_url=None,
        redoc_url=None,
    )
    app.mount(SWAGGER_PREFIX, StaticFiles(directory=SWAGGER_UI), name="swagger-ui")

    @app.get("/api/docs", include_in_schema=False)
    def api_docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url="/api/openapi.json",
            title="judge API",
            swagger_js_url=f"{SWAGGER_PREFIX}/swagger-ui-bundle.js",
            swagger_css_url=f"{SWAGGER_PREFIX}/swagger-ui.css",
            swagger_favicon_url=f"{SWAGGER_PREFIX}/favicon-32x32.png",
        )

    app.state.services = parts
    parts.changes.listen(parts.boards.changed)
    parts.changes.listen(parts.change_delivered)  # the CLICS feeds, as the boards
    install_error_handlers(app)
    # events first: its /api/submissions/events must match before /api/submissions/{id}.
    for module in (
        events, submissions, problems, languages, verification, worker, operations,
        clarifications, rejudgings, balloons, clics_routes,
    ):
        app.include_router(module.router)
    for extend in extensions:
        extend(app)
    app.add_middleware(
        BodyLimit,
        limit=parts.settings.max_body,
        large_prefix="/api/worker/",
        large_limit=WORKER_BODY_LIMIT,
    )
    return app
