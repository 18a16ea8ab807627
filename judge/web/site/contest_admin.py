"""For admins: a contest created and edited on the pages, the same contest that
`judge contest import` stores (judge.service.contests.import_contest): its contest.yaml fields,
its problems, groups, and teams with their members. A member who is no user yet becomes one,
and its token is shown once, as on /admin/users. A refused form comes back as it was typed,
each error next to its field."""

from __future__ import annotations

from dataclasses import replace

from fastapi import APIRouter, Depends, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import Response

from judge.problem.spec import list_problem_ids
from judge.service.api.deps import Services, require_role, services
from judge.service.api.errors import ApiError
from judge.service.api.intake import read_form
from judge.service.contests import import_contest, load_contest
from judge.service.models import Contest, Role, User
from judge.web.site.contest_form import ContestForm, contest_of_form
from judge.web.site.contest_views import contest_edit_page
from judge.web.site.rendering import SiteRenderer, redirect, renderer

router = APIRouter(include_in_schema=False)
admin_only = require_role(Role.ADMIN)


@router.get("/admin/contests/new")
def new_contest(
    request: Request,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    return _form(request, user, parts, site, ContestForm(), creating=True)


@router.get("/admin/contests/{contest_id}")
def edit_contest(
    contest_id: str,
    request: Request,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    with parts.database.session() as session:
        contest = load_contest(session, contest_id)
    if contest is None:
        raise ApiError(404, f"no contest {contest_id}")
    return _form(request, user, parts, site, ContestForm.of_contest(contest), creating=False)


@router.post("/admin/contests/new")
async def create_contest(
    request: Request,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    form = ContestForm.of_fields(await read_form(request, parts.settings.source_limit))
    return await run_in_threadpool(_save, request, user, parts, site, form, None)


@router.post("/admin/contests/{contest_id}")
async def save_contest(
    contest_id: str,
    request: Request,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    form = ContestForm.of_fields(await read_form(request, parts.settings.source_limit))
    return await run_in_threadpool(_save, request, user, parts, site, form, contest_id)


def _save(request, user, parts: Services, site, form: ContestForm, contest_id: str | None):
    """`contest_id`: the contest edited (its id is not the form's to change); None: a new one."""
    creating = contest_id is None
    if not creating:
        form = replace(form, id=contest_id)
    with parts.database.writing() as session:
        existing = None if creating else load_contest(session, contest_id)
        if not creating and existing is None:
            raise ApiError(404, f"no contest {contest_id}")
        contest, errors = contest_of_form(form, list_problem_ids(parts.settings.root), existing)
        if creating and contest is not None and session.get(Contest, contest.id) is not None:
            contest, errors = None, {"id": f"there is a contest {form.id} already"}
        imported = None if contest is None else import_contest(session, contest,
                                                               keep_passwords=True)
    if contest is None:
        return _form(request, user, parts, site, form, creating=creating, errors=errors)
    parts.users.forget()  # new members' tokens, and old members' teams
    parts.boards.forget(contest.id)
    parts.feed_changed(contest.id)
    if imported.tokens:
        return _form(request, user, parts, site, ContestForm.of_contest(contest),
                     creating=False, tokens=imported.tokens)
    return redirect(f"/contests/{contest.id}")


def _form(request, user, parts: Services, site, form: ContestForm, *, creating: bool,
          errors: dict[str, str] | None = None, tokens=()) -> Response:
    page = contest_edit_page(form.with_blank_rows(), creating, errors or {}, tokens,
                             list_problem_ids(parts.settings.root))
    return site.page(request, page, user, section="contests", status=422 if errors else 200)
