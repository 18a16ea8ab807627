"""The front page (every problem, with how many solved and tried it) and a problem's page."""

from __future__ import annotations

import dataclasses

from fastapi import APIRouter, Depends, Request
from starlette.responses import Response

from judge.errors import JudgeError
from judge.service import store
from judge.service.api.deps import Services, optional_user, services
from judge.service.api.errors import ApiError
from judge.service.models import ContestProblem, User
from judge.problem.spec import list_problem_ids
from judge.problem.testdata import discover_tests
from judge.web.pages import read_interactions, read_samples
from judge.web.site.rendering import SiteRenderer, renderer
from judge.web.site.views import ProblemRow, SubmitForm, problem_list_page, site_problem_page

router = APIRouter(include_in_schema=False)
NO_COUNTS = store.ProblemCounts(accepted=0, attempted=0)


@router.get("/")
def problem_list(
    request: Request,
    user: User | None = Depends(optional_user),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    with parts.database.session() as session:
        counts = store.problem_counts(session)
    rows, broken = [], {}
    # Why a package is broken names files on the server: for setters only.
    setter = user is not None and user.role.sees_everything
    hidden = parts.hidden(user)  # problems of contests that have not started
    for problem_id in list_problem_ids(parts.settings.root):
        if problem_id in hidden:
            continue
        try:
            problem = parts.problems.load(parts.settings.root, problem_id)
        except JudgeError as exc:
            broken[problem_id] = str(exc)
            continue
        solved = counts.get(problem_id, NO_COUNTS)
        rows.append(
            ProblemRow(
                id=problem.id,
                title=problem.title,
                source=problem.source,
                time_ms=problem.limits.time_ms,
                memory_kb=problem.limits.memory_kb,
                accepted=solved.accepted,
                attempted=solved.attempted,
                broken=problem.broken if setter else "",
            )
        )
    shown = broken if setter else {}
    return site.page(request, problem_list_page(rows, shown), user, section="problems")


@router.get("/problems/{problem_id}")
def problem_page(
    problem_id: str,
    request: Request,
    contest: str = "",
    user: User | None = Depends(optional_user),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    """?contest=ID: as one of that contest's problems (its label, the form sending to it)."""
    return problem_response(request, parts, site, user, problem_id, SubmitForm(contest=contest))


def problem_response(
    request: Request,
    parts: Services,
    site: SiteRenderer,
    user: User | None,
    problem_id: str,
    form: SubmitForm,
    status: int = 200,
) -> Response:
    """The statement, limits, samples (the `samples` group only; an interactive problem's
    sample interactions) and the submit form."""
    try:
        problem = parts.problem_for(user, problem_id)  # hidden: as if it did not exist
    except ApiError:
        if user is not None and user.role.sees_everything:
            raise  # why the package does not load names files on the server: setters only
        raise ApiError(404, f"no problem {problem_id}") from None
    try:
        statement = problem.statement.read_text(encoding="utf-8", errors="replace")
        tests = discover_tests(problem)
        samples, interactions = read_samples(tests), read_interactions(tests)
    except (OSError, JudgeError) as exc:
        raise ApiError(404, f"problem {problem_id}: {exc}") from None
    if form.contest:
        with parts.database.session() as session:
            entry = session.get(ContestProblem, (form.contest, problem_id))
        label = entry.label if entry is not None else ""
        form = dataclasses.replace(form, contest=form.contest if label else "", label=label)
    page = site_problem_page(problem, statement, samples, interactions, form)
    return site.page(request, page, user, section="problems", status=status)
