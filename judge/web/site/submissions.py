"""Submissions: the list (live on its first page), submitting through the form, a submission's
page (live while it is judged), and rejudging one. Who may see what is decided by the API's own
functions (readable_submission, listing_filter, visible), never here."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Query, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import Response

from judge.present.report import pending_report_dict
from judge.service.api.deps import Services, current_user, require_role, services
from judge.service.api.errors import ApiError
from judge.service.api.intake import read_form, read_submission
from judge.service.api.submissions import (
    accept_submission,
    document_now,
    listing_filter,
    readable_submission,
    rejudge,
    submission_summaries,
)
from judge.service.documents import visible
from judge.service.models import Role, Status, User
from judge.problem.spec import list_problem_ids
from judge.problem.testdata import discover_tests
from judge.verdicts.verdict import Verdict
from judge.web.site.problems import problem_response
from judge.web.site.rendering import SiteRenderer, redirect, renderer
from judge.web.site.views import (
    ListFilters,
    SubmitForm,
    judging_report,
    relabeled,
    site_submission_page,
    submission_list_page,
)

router = APIRouter(include_in_schema=False)
PAGE_SIZE = 50
VERDICTS = frozenset(verdict.value for verdict in Verdict)


@router.get("/submissions")
def submission_list(
    request: Request,
    problem: str = "",
    user_name: str = Query("", alias="user"),
    verdict: str = "",
    offset: int = Query(0, ge=0),
    user: User = Depends(current_user),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    filters = ListFilters(
        problem=problem or None,
        user=user_name or None,
        verdict=verdict if verdict in VERDICTS else None,
        offset=offset,
        limit=PAGE_SIZE,
    )
    where = listing_filter(user, filters.problem, filters.user, filters.verdict)
    with parts.database.session() as session:
        items, total = submission_summaries(session, where, filters.offset, filters.limit)
    hidden = parts.hidden(user)  # problems of contests that have not started
    shown = [problem_id for problem_id in list_problem_ids(parts.settings.root)
             if problem_id not in hidden]
    page = submission_list_page(items, total, filters, shown)
    return site.page(request, page, user, section="submissions")


@router.post("/submissions")
async def submit(
    request: Request,
    user: User = Depends(current_user),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    """The problem page's form: read and checked as the API reads a multipart submission; a
    refusal shows the form again, with what was sent and why."""
    try:
        new = await read_submission(request, parts.settings.source_limit)
        job = await run_in_threadpool(accept_submission, parts, user, new)
    except ApiError as exc:
        form = await read_form(request, parts.settings.source_limit)
        problem_id = form.get("problem")
        if exc.status_code in (401, 403) or not isinstance(problem_id, str):
            raise
        sent = SubmitForm(
            language=_text(form.get("language")),
            source=_text(form.get("source")),
            error=exc.detail,
            contest=_text(form.get("contest")),
        )
        return await run_in_threadpool(
            problem_response, request, parts, site, user, problem_id, sent, exc.status_code
        )
    return redirect(f"/submissions/{job.submission_id}")


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


@router.get("/submissions/{submission_id}")
def submission_page(
    submission_id: int,
    request: Request,
    user: User = Depends(current_user),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    """As GET /api/submissions/ID shows it to this user, with the source (only its author,
    setters and admins may read a submission at all)."""
    with parts.database.session() as session:
        row = readable_submission(session, submission_id, user)
        labels = parts.labels(row.problem)
        document = visible(document_now(session, row), user, labels)
        source = row.source.decode("utf-8", errors="replace")
    report = document.model_dump(mode="json", by_alias=True)
    try:
        problem = parts.problem(row.problem)
    except ApiError:
        problem = None
    if document.status != Status.DONE.value:
        if problem is None or document.status == Status.FAILED.value:
            page = site_submission_page(
                report, problem_title="", source=source, live=False, bare=True
            )
            return site.page(request, page, user, section="submissions")
        pending = pending_report_dict(problem, discover_tests(problem), row.filename, row.language)
        if not user.role.sees_everything:
            pending = relabeled(pending, labels)
        report |= judging_report(pending, report["tests"])
    live = document.status in (Status.QUEUED.value, Status.JUDGING.value)
    title = problem.title if problem else ""
    page = site_submission_page(report, problem_title=title, source=source, live=live)
    return site.page(request, page, user, section="submissions")


@router.post("/submissions/{submission_id}/rejudge")
def rejudge_submission(
    submission_id: int,
    user: User = Depends(require_role(Role.ADMIN)),
    parts: Services = Depends(services),
) -> Response:
    rejudge(parts, submission_id)
    return redirect(f"/submissions/{submission_id}")
