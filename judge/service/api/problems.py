"""Problems: the list, and one problem's statement, limits and samples (never other tests)."""

from __future__ import annotations

from fastapi import APIRouter, Depends
from pydantic import BaseModel
from sqlalchemy import select

from judge.errors import JudgeError
from judge.present.schema import LimitsDocument
from judge.service import store
from judge.service.api.deps import Services, current_user, require_role, services
from judge.service.api.errors import ApiError
from judge.service.documents import SAMPLE_GROUP
from judge.service.changes import change_of
from judge.service.models import Priority, Role, Submission, User
from judge.problem.spec import Problem, list_problem_ids, load_problem
from judge.problem.testdata import discover_tests

router = APIRouter(prefix="/api", tags=["problems"])


class Sample(BaseModel):
    name: str
    input: str
    answer: str


class ProblemSummary(BaseModel):
    id: str
    title: str
    source: str
    limits: LimitsDocument
    checker: str
    tests: int


class ProblemDocument(ProblemSummary):
    statement: str  # Markdown
    samples: tuple[Sample, ...]


class ProblemList(BaseModel):
    items: tuple[ProblemSummary, ...]
    broken: dict[str, str]  # problem id -> why its package cannot be loaded


class Rejudged(BaseModel):
    problem: str
    submissions: int


@router.get("/problems", response_model=ProblemList)
def list_problems(
    user: User = Depends(current_user), parts: Services = Depends(services)
) -> ProblemList:
    items, broken = [], {}
    hidden = parts.hidden(user)  # problems of contests that have not started
    for problem_id in list_problem_ids(parts.settings.root):
        if problem_id in hidden:
            continue
        try:
            items.append(_summary(load_problem(parts.settings.root, problem_id)))
        except JudgeError as exc:
            broken[problem_id] = str(exc)
    return ProblemList(items=tuple(items), broken=broken)


@router.get("/problems/{problem_id}", response_model=ProblemDocument)
def get_problem(
    problem_id: str, user: User = Depends(current_user), parts: Services = Depends(services)
) -> ProblemDocument:
    """Statement, limits and the sample tests (inputs and answers); no other test data."""
    problem = parts.problem_for(user, problem_id)
    try:
        statement = problem.statement.read_text(encoding="utf-8")
        samples = tuple(
            Sample(
                name=case.name,
                input=case.input_path.read_text(encoding="utf-8", errors="replace"),
                answer=case.answer_path.read_text(encoding="utf-8", errors="replace"),
            )
            for case in discover_tests(problem)
            if case.group == SAMPLE_GROUP
        )
    except (OSError, JudgeError) as exc:
        raise ApiError(404, f"problem {problem_id}: {exc}") from None
    return ProblemDocument(**dict(_summary(problem)), statement=statement, samples=samples)


@router.post("/problems/{problem_id}/rejudge", status_code=202, response_model=Rejudged)
def rejudge_problem(
    problem_id: str,
    user: User = Depends(require_role(Role.ADMIN)),
    parts: Services = Depends(services),
) -> Rejudged:
    """Judge every submission of the problem again, each under a new attempt (admin)."""
    return Rejudged(problem=problem_id, submissions=rejudge_all(parts, problem_id))


def rejudge_all(parts: Services, problem_id: str) -> int:
    parts.problem(problem_id)
    with parts.database.writing() as session:
        rows = list(session.scalars(select(Submission).where(
            Submission.problem == problem_id, Submission.rejudging_id.is_(None)  # not copies
        )))
        jobs = [store.requeue(session, row, priority=Priority.REJUDGE) for row in rows]
        changes = [change_of(row) for row in rows]
        contests: dict[tuple[str, str], list[int]] = {}
        for row in rows:
            if row.contest_id is not None:
                contests.setdefault((row.contest_id, row.team_id), []).append(row.id)
    parts.changes.publish_all(changes)
    for job in jobs:
        parts.sender.send(job)
    for (contest_id, team_id), ids in contests.items():
        parts.feed_changed(contest_id, team_id, ids)
    return len(jobs)


def _summary(problem: Problem) -> ProblemSummary:
    return ProblemSummary(
        id=problem.id,
        title=problem.title,
        source=problem.source,
        limits=LimitsDocument.from_limits(problem.limits),
        checker=problem.checker.name,
        tests=len(discover_tests(problem)),
    )
