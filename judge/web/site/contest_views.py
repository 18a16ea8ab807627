"""What the contest pages show, from plain data (judge.web.site.contests reads it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from judge.contest import model
from judge.contest.times import format_reltime
from judge.contest.window import Phase, Window
from judge.service.board_cache import ServedBoard
from judge.service.contest_jury import State
from judge.web.assets import Bundle
from judge.web.pages import Page
from judge.web.site.views import SubmitForm


@dataclass(frozen=True)
class ContestRow:
    id: str
    name: str
    start: datetime | None  # aware UTC
    end: datetime | None
    duration: str
    state: str

    @classmethod
    def of(cls, contest: model.Contest, state: State) -> ContestRow:
        return cls(contest.id, contest.name, contest.start_time, contest.end_time,
                   format_reltime(contest.duration), state.value)


@dataclass(frozen=True)
class ProblemEntry:
    id: str
    label: str
    title: str
    color: str
    rgb: str

    @classmethod
    def of(cls, problem: model.ContestProblem, title: str) -> ProblemEntry:
        return cls(problem.id, problem.label, title, problem.color or "", problem.rgb or "")


@dataclass(frozen=True)
class TeamSubmission:
    id: int
    label: str
    problem: str
    language: str
    submitted_at: datetime
    status: str
    verdict: str
    practice: bool
    user: str

    @classmethod
    def of(cls, row, label: str) -> TeamSubmission:
        return cls(row.id, label, row.problem, row.language, row.submitted_at, row.status.value,
                   row.verdict or "", row.practice, row.name)


@dataclass(frozen=True)
class TeamWindow:
    """Where the viewer's team stands: its phase, its window once it has one, and the length
    of a team's own window (None: the contest's)."""

    phase: Phase
    window: Window | None
    team_duration: timedelta | None

    @property
    def may_start(self) -> bool:
        return self.phase is Phase.NOT_STARTED

    @property
    def sees_problems(self) -> bool:
        """A team of a contest of team windows sees the problems once its own has begun."""
        return self.phase in (Phase.RUNNING, Phase.AFTER)

    @property
    def length(self) -> str:
        return format_reltime(self.team_duration) if self.team_duration else ""


def contest_list_page(rows: Sequence[ContestRow]) -> Page:
    return Page("site/contests.html", "Contests", {"contests": rows})


def contest_page(
    contest: model.Contest,
    problems: Sequence[ProblemEntry],
    state: State,
    now: datetime,
    team: model.Team | None,
    own: Sequence[TeamSubmission],
    form: SubmitForm,
    *,
    thawed_at: datetime | None,
    finalized_at: datetime | None,
    window: TeamWindow | None = None,
) -> Page:
    """The countdown counts to the start, then to the end (static/js/scoreboard.js)."""
    target, towards = None, ""
    if state is State.SCHEDULED and contest.start_time is not None:
        target, towards = contest.start_time, "start"
    elif state in (State.RUNNING, State.FROZEN):
        target, towards = contest.end_time, "end"
    if (window is not None and window.phase is Phase.RUNNING and window.window is not None
            and window.window.end != contest.end_time):
        # a team's own window, or extra time: its own end is the one that matters to it
        target, towards = window.window.end, "end of your window"
    left = format_reltime(max(target - now, timedelta(0))) if target else ""
    return Page(
        "site/contest.html",
        contest.name,
        {
            "contest": contest,
            "problems": problems,
            "state": state.value,
            "team": team,
            "own": own,
            "form": form,
            "window": window,
            "countdown_to": _iso(target),
            "countdown_towards": towards,
            "countdown_left": left,
            "thawed_at": thawed_at,
            "finalized_at": finalized_at,
            "may_thaw": contest.freeze_time is not None and thawed_at is None,
            "may_finalize": finalized_at is None and state is State.OVER,
        },
        frozenset({Bundle.SUBMIT, Bundle.BOARD}),
    )


def contest_edit_page(form, creating: bool, errors: dict[str, str],
                      tokens: Sequence[tuple[str, str]], problem_ids: Sequence[str]) -> Page:
    """The admin's contest form (judge.web.site.contest_form.ContestForm, with blank rows)."""
    title = "New contest" if creating else f"Edit {form.name or form.id}"
    return Page(
        "site/contest_edit.html",
        title,
        {
            "form": form,
            "creating": creating,
            "errors": errors,
            "tokens": tokens,
            "problem_ids": problem_ids,
            "action": "/admin/contests/new" if creating else f"/admin/contests/{form.id}",
            "scoreboard_types": [t.value for t in model.ScoreboardType],
            "score_modes": [m.value for m in model.ScoreMode],
        },
    )


def scoreboard_page(served: ServedBoard, document: dict, *, big: bool) -> Page:
    contest = served.board.contest
    group_query = f"?group={served.group}" if served.group else ""
    groups = [group for group in contest.groups
              if served.standings.view is model.View.JURY or not group.hidden]
    return Page(
        "site/scoreboard.html",
        f"Scoreboard · {contest.name}",
        {
            "contest": contest,
            "board": document,
            "etag": served.etag,
            "board_url": f"/contests/{contest.id}/board.json{group_query}",
            "groups": groups,
            "group": served.group or "",
            "big": big,
            "freeze_since": contest.freeze_time,
        },
        frozenset({Bundle.BOARD}),
    )


def _iso(moment: datetime | None) -> str:
    return "" if moment is None else moment.isoformat().replace("+00:00", "Z")
