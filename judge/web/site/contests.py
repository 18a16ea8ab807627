"""The contests: their list, a contest's page (problems with labels, window, the team's own
submissions, the submit form, a team's start of its own window), its scoreboard (live:
board.json polled with its ETag, served from the board cache, judge.service.board_cache) and,
for admins, the thaw and finalization.

Setters and admins see the jury's board, live; everyone else (teams, and visitors who are not
signed in) the public one, frozen from the freeze until the thaw."""

from __future__ import annotations

import json
from datetime import timezone

from fastapi import APIRouter, Depends, Request
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool
from starlette.responses import Response

from judge.contest import model
from judge.contest.window import Phase, phase_at, team_window
from judge.errors import JudgeError
from judge.service.api.deps import (
    Services,
    bearer_token,
    current_user,
    optional_user,
    require_role,
    services,
)
from judge.service.api.errors import ApiError
from judge.service.board_cache import ServedBoard
from judge.service.contest_jury import finalize, state_of, thaw
from judge.service.contests import aware, contest_head, load_contest
from judge.service.models import Contest, ContestTeam, Role, Submission, TeamMember, User
from judge.service.sessions import SESSION_COOKIE
from judge.service.team_windows import start_team_window
from judge.web.site.contest_views import (
    ContestRow,
    ProblemEntry,
    TeamWindow,
    TeamSubmission,
    contest_list_page,
    contest_page,
    scoreboard_page,
)
from judge.web.site.board_polls import board_response
from judge.web.site.rendering import SiteRenderer, redirect, renderer
from judge.web.site.views import SubmitForm

router = APIRouter(include_in_schema=False)
admin_only = require_role(Role.ADMIN)
OWN_SUBMISSIONS = 50  # the newest of the team's submissions on the contest page


@router.get("/contests")
def contest_list(
    request: Request,
    user: User | None = Depends(optional_user),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    now = _now(parts)
    with parts.database.session() as session:
        rows = session.scalars(select(Contest).order_by(Contest.start_time, Contest.id)).all()
        listed = [
            ContestRow.of(contest_head(row), state_of(contest_head(row), aware(row.finalized_at),
                                                      now))
            for row in rows
        ]
    return site.page(request, contest_list_page(listed), user, section="contests")


@router.get("/contests/{contest_id}")
def contest_home(
    contest_id: str,
    request: Request,
    user: User | None = Depends(optional_user),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    now = _now(parts)
    with parts.database.session() as session:
        contest = load_contest(session, contest_id)
        row = session.get(Contest, contest_id)
        if contest is None or row is None:
            raise ApiError(404, f"no contest {contest_id}")
        team, window = None, None
        own: list[TeamSubmission] = []
        if user is not None:
            member = session.get(TeamMember, (contest_id, user.id))
            if member is not None:
                team = next((t for t in contest.teams if t.id == member.team_id), None)
                own = _team_submissions(session, contest, member.team_id)
                window = _team_window(session, contest, team, now)
    # The problems are shown from the contest's start (judge.service.hidden_problems), and to
    # the jury before. A contest of team windows shows them to a team once it has started; a
    # visitor sees them no sooner than a team that has not pressed start.
    begun = contest.start_time is not None and now >= contest.start_time
    shown = (user is not None and user.role.sees_everything) or begun and (
        contest.team_duration is None or (window is not None and window.sees_problems))
    problems = [ProblemEntry.of(problem, _title(parts, problem))
                for problem in (contest.problems if shown else ())]
    state = state_of(contest, aware(row.finalized_at), now)
    page = contest_page(
        contest, problems, state, now, team, own, SubmitForm(),
        thawed_at=aware(row.thawed_at), finalized_at=aware(row.finalized_at), window=window,
    )
    return site.page(request, page, user, section="contests")


@router.post("/contests/{contest_id}/start")
def start_window(
    contest_id: str,
    user: User = Depends(current_user),
    parts: Services = Depends(services),
) -> Response:
    """A team member presses start: the team's own window begins now."""
    try:
        with parts.database.writing() as session:
            start_team_window(session, contest_id, user, parts.clock())
            team_id = session.get(TeamMember, (contest_id, user.id)).team_id
    except JudgeError as exc:
        status = 404 if str(exc).startswith("no contest") else 409
        raise ApiError(status, str(exc)) from None
    parts.boards.forget(contest_id)  # the team's contest time now runs from its own start
    parts.feed_changed(contest_id, team_id)  # its CLICS view now has the problems
    return redirect(f"/contests/{contest_id}")


@router.get("/contests/{contest_id}/scoreboard")
def scoreboard(
    contest_id: str,
    request: Request,
    group: str | None = None,
    big: bool = False,
    user: User | None = Depends(optional_user),
    parts: Services = Depends(services),
    site: SiteRenderer = Depends(renderer),
) -> Response:
    served = _served(parts, contest_id, user, group)
    document = json.loads(served.document)
    page = scoreboard_page(served, document, big=big)
    return site.page(request, page, user, section="contests")


@router.get("/contests/{contest_id}/board.json")
async def board_json(
    contest_id: str,
    request: Request,
    group: str | None = None,
    parts: Services = Depends(services),
) -> Response:
    """The board as the scoreboard page shows it; with If-None-Match, 304 until it changes.
    Asked for every second by every open scoreboard: a visitor's poll of a board in memory is
    answered before routing (board_polls), on the event loop, without a thread or the database;
    here when it must be made, or for a signed-in user."""
    user = None
    if bearer_token(request) is not None or request.cookies.get(SESSION_COOKIE) is not None:
        user = await run_in_threadpool(optional_user, request, parts, None)
    served = parts.boards.ready(contest_id, _view(user), group, _now(parts))
    if served is None:
        served = await run_in_threadpool(_served, parts, contest_id, user, group)
    return board_response(served, request.headers.get("if-none-match"),
                          request.headers.get("accept-encoding", ""))


@router.post("/contests/{contest_id}/thaw")
def thaw_contest(
    contest_id: str,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
) -> Response:
    _jury_act(parts, contest_id, thaw)
    return redirect(f"/contests/{contest_id}")


@router.post("/contests/{contest_id}/finalize")
def finalize_contest(
    contest_id: str,
    user: User = Depends(admin_only),
    parts: Services = Depends(services),
) -> Response:
    _jury_act(parts, contest_id, finalize)
    return redirect(f"/contests/{contest_id}")


def _jury_act(parts: Services, contest_id: str, act) -> None:
    try:
        with parts.database.writing() as session:
            act(session, contest_id, parts.clock())
    except JudgeError as exc:
        status = 404 if str(exc).startswith("no contest") else 409
        raise ApiError(status, str(exc)) from None
    parts.boards.forget(contest_id)
    parts.feed_changed(contest_id)  # the Contest API's feed sends the new state


def _served(parts: Services, contest_id: str, user: User | None,
            group: str | None) -> ServedBoard:
    try:
        served = parts.boards.board(parts.database, contest_id, _view(user), group, _now(parts))
    except JudgeError as exc:
        raise ApiError(404, str(exc)) from None
    if served is None:
        raise ApiError(404, f"no contest {contest_id}")
    return served


def _view(user: User | None) -> model.View:
    """Setters and admins are the jury; teams and visitors see the public board."""
    return model.View.JURY if user is not None and user.role.sees_everything else model.View.PUBLIC


def _team_window(session, contest: model.Contest, team: model.Team | None,
                 now) -> TeamWindow | None:
    if team is None:
        return None
    started = aware(session.get(ContestTeam, (contest.id, team.id)).started_at)
    phase = phase_at(contest, team, started, now)
    window = team_window(contest, team, started)
    if window is None or phase in (Phase.NOT_STARTED, Phase.BEFORE):
        window = None
    return TeamWindow(phase, window, contest.team_duration)


def _team_submissions(session, contest: model.Contest, team_id: str) -> list[TeamSubmission]:
    labels = {problem.id: problem.label for problem in contest.problems}
    rows = session.execute(
        select(Submission.id, Submission.problem, Submission.language, Submission.submitted_at,
               Submission.status, Submission.verdict, Submission.practice, User.name)
        .join(User, User.id == Submission.user_id)
        .where(Submission.contest_id == contest.id, Submission.team_id == team_id)
        .order_by(Submission.id.desc()).limit(OWN_SUBMISSIONS)
    ).all()
    return [TeamSubmission.of(row, labels.get(row.problem, "")) for row in rows]


def _title(parts: Services, problem: model.ContestProblem) -> str:
    if problem.name:
        return problem.name
    try:
        return parts.problems.load(parts.settings.root, problem.id).title
    except JudgeError:
        return problem.id


def _now(parts: Services):
    return parts.clock().replace(tzinfo=timezone.utc)
