"""The pages of `judge serve`: problems, submissions followed live, the verify matrix, signing
in. An extension of the service's app (judge.service.api.create_app): the same process, the same
users, database and access rules (judge.service.api.deps and the API's own functions), the same
templates as the offline reports (judge.web).

    rendering.py    HTML responses: templates, the viewer, CSRF tokens, cookies, headers
    views.py        what each page shows, from plain data
    account.py      /signin, /signout
    problems.py     /, /problems/ID
    submissions.py  /submissions (list, submit), /submissions/ID, rejudging one
    setters.py      /problems/ID/verify, rejudging a problem
    admin.py        /admin/users (add, remove, new token), /admin/queue (queue and workers)
    contests.py     /contests, /contests/ID (and its scoreboard, board.json, thaw, finalize,
                    a team's start of its own window)
    contest_admin.py  /admin/contests/new, /admin/contests/ID: a contest created and edited
                    (contest_form.py reads the form)
    board_polls.py  visitors' polls of a board.json in memory, answered before routing
    errors.py       refusals as pages (the API keeps its JSON)
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from judge.web.assets import STATIC_DIR
from judge.web.site import (
    account,
    admin,
    contest_admin,
    contest_jury,
    contests,
    problems,
    setters,
    submissions,
)
from judge.web.site.board_polls import BoardPolls
from judge.web.site.errors import install_error_pages
from judge.web.site.rendering import STATIC_PREFIX, SiteRenderer


def install_site(app: FastAPI) -> None:
    """Add the pages to the service's app (an Extension of judge.service.api.create_app)."""
    app.state.site = SiteRenderer()
    app.mount(STATIC_PREFIX, StaticFiles(directory=STATIC_DIR), name="static")
    for module in (account, problems, submissions, setters, admin, contests, contest_jury,
                   contest_admin):
        app.include_router(module.router)
    install_error_pages(app)
    app.add_middleware(BoardPolls)  # visitors' polls of a board in memory, before routing
