"""What each page of the service shows: Page objects built from plain data (no request, no
database), the same way judge.web.pages builds the offline reports' pages."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import urlencode

from judge.languages.registry import all_languages
from judge.service.auth import UserRow
from judge.service.documents import SubmissionSummary
from judge.service.models import Submission
from judge.service.sessions import SESSION_DAYS
from judge.service.workers import QueueView, priority_name
from judge.problem.spec import Problem
from judge.verdicts.verdict import Verdict
from judge.web.assets import Bundle
from judge.web.pages import (
    Interaction,
    Page,
    Sample,
    margin_chart,
    problem_page,
    submission_page,
    time_margin,
)

@dataclass(frozen=True)
class ProblemRow:
    id: str
    title: str
    source: str
    time_ms: int
    memory_kb: int
    accepted: int  # users who solved it
    attempted: int  # users who submitted
    # Why the problem is known to be broken (kept by `judge import --keep-broken`); shown to
    # setters only, like a package that does not load. "" when sound or not shown.
    broken: str = ""


@dataclass(frozen=True)
class LanguageChoice:
    name: str
    title: str
    extensions: tuple[str, ...]


@dataclass(frozen=True)
class SubmitForm:
    """The submit form as it is shown: empty, or again with what was sent and why it was
    refused."""

    language: str = ""
    source: str = ""
    error: str = ""
    contest: str = ""  # the contest it goes to (the problem page opened from a contest's)
    label: str = ""  # the problem's label in that contest

    @property
    def languages(self) -> tuple[LanguageChoice, ...]:
        return tuple(
            LanguageChoice(lang.id, lang.name, lang.extensions) for lang in all_languages()
        )

    @property
    def accept(self) -> str:
        return ",".join(dict.fromkeys(ext for lang in all_languages() for ext in lang.extensions))


@dataclass(frozen=True)
class ListFilters:
    problem: str | None = None
    user: str | None = None
    verdict: str | None = None
    offset: int = 0
    limit: int = 50

    @property
    def any(self) -> bool:
        return bool(self.problem or self.user or self.verdict)

    def query(self, **changes) -> str:
        """The query string of these filters (with `changes`), empty values left out."""
        values = dataclasses.asdict(dataclasses.replace(self, **changes))
        values.pop("limit")
        if not values["offset"]:
            values.pop("offset")
        return urlencode({key: value for key, value in values.items() if value})


def problem_list_page(rows: Sequence[ProblemRow], broken: Mapping[str, str]) -> Page:
    return Page("site/problems.html", "Problems", {"problems": rows, "broken": broken})


def site_problem_page(
    problem: Problem,
    statement: str,
    samples: tuple[Sample, ...],
    interactions: tuple[Interaction, ...],
    form: SubmitForm,
) -> Page:
    page = problem_page(problem, statement, samples, interactions)
    context = {**page.context, "form": form}
    if form.label:  # in a contest's context the problem goes by its label
        context["problem"] = {**context["problem"],
                              "title": f"{form.label} · {problem.title}"}
    return dataclasses.replace(
        page,
        template="site/problem.html",
        context=context,
        bundles=page.bundles | {Bundle.SUBMIT},
    )


def submission_list_page(
    items: Sequence[SubmissionSummary],
    total: int,
    filters: ListFilters,
    problem_ids: Sequence[str],
) -> Page:
    """The first page follows the event stream of the same list (static/js/feed.js)."""
    live = filters.offset == 0
    feed_url = f"/api/submissions/events?{filters.query()}&limit={filters.limit}" if live else ""
    older = filters.offset + filters.limit
    newer = max(0, filters.offset - filters.limit)
    return Page(
        "site/submissions.html",
        "Submissions",
        {
            "items": items,
            "total": total,
            "filters": filters,
            "problem_ids": problem_ids,
            "verdicts": [verdict.value for verdict in Verdict],
            "feed_url": feed_url,
            "older_url": f"/submissions?{filters.query(offset=older)}" if older < total else "",
            "newer_url": f"/submissions?{filters.query(offset=newer)}" if filters.offset else "",
        },
        frozenset({Bundle.FEED}) if live else frozenset(),
    )


def relabeled(pending: Mapping, labels: Mapping[str, str]) -> dict:
    """The pending document with hidden tests under their labels (what contestants see)."""
    tests = [{**case, "name": labels.get(case["name"], case["name"])} for case in pending["tests"]]
    return {**pending, "tests": tests}


def judging_report(pending: Mapping, judged_so_far: Sequence[Mapping]) -> dict:
    """The pending document (every test listed, nothing judged) with the tests judged so far."""
    done = {case["name"]: case for case in judged_so_far}
    return {**pending, "tests": [done.get(case["name"], case) for case in pending["tests"]]}


def site_submission_page(
    report: Mapping,
    *,
    problem_title: str,
    source: str | None,
    live: bool,
    bare: bool = False,
) -> Page:
    """`report`: the submission document with the service's fields (id, user, status, ...);
    while it is judged, live pages follow /api/submissions/ID/events (static/js/live.js)."""
    live_url = f"/api/submissions/{report['id']}/events" if live else None
    if bare:
        page = Page("", f"#{report['id']} · {report['problem']}", {"report": report})
    else:
        page = submission_page(
            report, problem_title=problem_title, source=source, live_url=live_url
        )
    return dataclasses.replace(
        page,
        template="site/submission.html",
        title=f"#{report['id']} {page.title}",
        context={**page.context, "source": source, "bare": bare},
    )


def verify_page(problem: Problem, document: Mapping | None) -> Page:
    context = {"problem": {"id": problem.id, "title": problem.title}, "doc": document}
    if document is not None:
        context |= {"margin": time_margin(document), "margin_chart": margin_chart(document)}
    return Page(
        "site/verify.html",
        f"verify · {problem.id}",
        context,
        frozenset({Bundle.CHARTS}) if document else frozenset(),
    )


def signin_page(next_path: str, error: str = "") -> Page:
    return Page(
        "site/signin.html",
        "Sign in",
        {"next": next_path, "error": error, "session_days": SESSION_DAYS},
    )


def error_page(status: int, reason: str, message: str) -> Page:
    return Page(
        "site/error.html",
        f"{status} {reason}",
        {"status": status, "reason": reason, "message": message},
    )


@dataclass(frozen=True)
class NewToken:
    """A token shown once: to a user just created, or in place of one rotated."""

    user: str
    token: str
    created: bool


@dataclass(frozen=True)
class QueueRow:
    id: int
    user: str
    problem: str
    language: str
    priority: str
    attempt: int
    queued_at: datetime

    @classmethod
    def of(cls, submission: Submission) -> QueueRow:
        return cls(
            id=submission.id,
            user=submission.user.name,
            problem=submission.problem,
            language=submission.language,
            priority=priority_name(submission.priority),
            attempt=submission.attempt,
            queued_at=submission.queued_at,
        )


def users_page(
    rows: Sequence[UserRow], roles: Sequence[str], token: NewToken | None, error: str
) -> Page:
    return Page(
        "site/admin_users.html",
        "Users",
        {"users": rows, "roles": roles, "token": token, "error": error},
    )


def queue_page(view: QueueView, next_up: Sequence[QueueRow]) -> Page:
    levels = [(priority_name(level), count) for level, count in sorted(view.queued.items())]
    return Page(
        "site/admin_queue.html",
        "Queue and workers",
        {
            "levels": levels,
            "queued": sum(view.queued.values()),
            "judging": view.judging,
            "next_up": next_up,
            "workers": view.workers,
            "alive": view.alive,
        },
    )
