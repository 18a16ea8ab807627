"""Every CLICS endpoint's objects at one moment, for one viewer: what the REST endpoints return and
what the event feed compares from one change to the next.

The record is the contest as it stands (the caller leaves out what has not happened yet); the
viewer decides what is shown: the public and teams do not see hidden teams, runs or passwords,
nor the problems before the contest starts (DOMjudge and CMS show them from the start; with
team windows, before the team's own start or, for the public, the contest's end), and
while the board is frozen they do not see the judgements of submissions made after the freeze.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from judge.contest.clics_access import ENDPOINTS
from judge.contest.clics_board import state_object
from judge.contest.clics_input import Award, Clarification, Judgement, Language, Submission
from judge.contest.clics_objects import (
    account_object,
    award_object,
    clarification_object,
    contest_object,
    group_object,
    judgement_object,
    language_object,
    organization_object,
    problem_object,
    run_object,
    submission_object,
    team_object,
)
from judge.contest.clics_types import judgement_type_objects
from judge.contest.model import AccountType, Contest

JURY = frozenset({AccountType.JUDGE, AccountType.ADMIN})


@dataclass(frozen=True)
class ProblemFacts:
    """What the problem package says of a contest problem."""

    problem_id: str
    name: str
    time_limit: float  # seconds
    test_data_count: int
    max_score: float | None = None  # SCORE contests


@dataclass(frozen=True)
class ContestRecord:
    contest: Contest
    problems: tuple[ProblemFacts, ...]
    languages: tuple[Language, ...]
    submissions: tuple[Submission, ...] = ()
    judgements: tuple[Judgement, ...] = ()
    clarifications: tuple[Clarification, ...] = ()
    awards: tuple[Award, ...] = ()  # as the jury's board gives them
    # As the public's (frozen) board gives them; None: the same as the jury's.
    public_awards: tuple[Award, ...] | None = None
    thawed_at: datetime | None = None
    finalized_at: datetime | None = None
    end_of_updates_at: datetime | None = None
    # A contest of team windows: the teams that have started their own (they see the problems).
    started_teams: frozenset[str] = frozenset()


def _by_id(objects) -> dict[str, dict]:
    return {obj["id"]: obj for obj in objects}


def _embargo_cut(record: ContestRecord, viewer: AccountType | None, state: dict) -> datetime | None:
    """From when on submissions' judgements are hidden from this viewer for now: the freeze,
    while the board is frozen and not thawed; None: nothing is hidden."""
    if viewer in JURY or not state.get("frozen") or state.get("thawed"):
        return None
    return record.contest.freeze_time


@dataclass(frozen=True)
class LiveView:
    """What decides which of the submissions, judgements and runs one viewer sees, as the
    contest stands: the same for every submission, so that a submission's objects can be made
    on their own (the event feed's update after a change of a few: judge.service.clics_live)."""

    contest: Contest
    hidden: frozenset[str]  # teams whose submissions are not shown
    embargo: datetime | None  # a submission made from then on shows no judgement...
    own: str | None  # ...unless it is this team's: a team always sees its own results
    runs: bool  # whether the viewer sees runs

    def objects(self, submissions: Iterable[Submission],
                judgements: Iterable[Judgement]) -> dict[str, dict[str | None, dict]]:
        """The submissions', judgements' and runs' objects of `submissions` (in the order to
        list them) and of `judgements` (of those submissions or others, likewise)."""
        shown = [s for s in submissions if s.team_id not in self.hidden]
        seen = {s.id for s in shown}
        if self.embargo is not None:
            seen -= {s.id for s in shown if s.time >= self.embargo and s.team_id != self.own}
        judged = [j for j in judgements if j.submission_id in seen]
        return {
            "submissions": _by_id(submission_object(self.contest, s) for s in shown),
            "judgements": _by_id(judgement_object(self.contest, j) for j in judged),
            "runs": _by_id(run_object(self.contest, j.id, run) for j in judged for run in j.runs)
            if self.runs else {},
        }


def live_view(record: ContestRecord, viewer: AccountType | None, state: dict,
              team_id: str | None = None) -> LiveView:
    """The submissions' rules of `viewer` (a team account gives its `team_id`) in `state`.
    Judgements of the viewer's hidden submissions are left out with them; a submission whose
    judgements are embargoed is made after the freeze, so that its judgements are too."""
    contest = record.contest
    return LiveView(
        contest=contest,
        hidden=frozenset(_hidden_teams(contest, viewer in JURY)),
        embargo=_embargo_cut(record, viewer, state),
        own=team_id if viewer is AccountType.TEAM else None,
        runs="runs" in ENDPOINTS[viewer],
    )


def _hidden_teams(contest: Contest, jury: bool) -> set[str]:
    """A hidden group's teams are hidden with it (so no visible team names a hidden group)."""
    if jury:
        return set()
    hidden_groups = {group.id for group in contest.groups if group.hidden}
    return {team.id for team in contest.teams
            if team.hidden or hidden_groups & set(team.group_ids)}


def _problems_shown(record: ContestRecord, jury: bool, team_id: str | None,
                    state: dict) -> bool:
    """From the start; in a contest of team windows, to a team from its own start and to the
    others from the end (a visitor sees no sooner than a team that has not started)."""
    if jury:
        return True
    if state["started"] is None:
        return False
    return (record.contest.team_duration is None or team_id in record.started_teams
            or state["ended"] is not None)


def _clarifications_for(clarifications: tuple[Clarification, ...], jury: bool,
                        team_id: str | None) -> list[Clarification]:
    """The jury reads all; a team its own questions, the answers to it and the broadcasts. A
    broadcast that answers another team's question does not name that question, which the
    reader cannot see."""
    if jury:
        return list(clarifications)
    seen = [c for c in clarifications
            if c.from_team_id is None and c.to_team_id in (None, team_id)
            or team_id is not None and c.from_team_id == team_id]
    ids = {c.id for c in seen}
    return [c if c.reply_to_id in ids or c.reply_to_id is None else replace(c, reply_to_id=None)
            for c in seen]


def clarification_objects(record: ContestRecord, jury: bool,
                          team_id: str | None) -> dict[str | None, dict]:
    return _by_id(clarification_object(record.contest, c) for c in
                  _clarifications_for(record.clarifications, jury, team_id))


def award_objects(record: ContestRecord, jury: bool, hidden: set[str] | frozenset[str]
                  ) -> dict[str | None, dict]:
    """The awards the jury's board gives, or the public's (a team's too), without hidden
    teams."""
    chosen = record.awards if jury or record.public_awards is None else record.public_awards
    return _by_id(award_object(replace(award, team_ids=tuple(
        t for t in award.team_ids if t not in hidden))) for award in chosen)


def snapshot(record: ContestRecord, viewer: AccountType | None, now: datetime,
             team_id: str | None = None) -> dict[str, dict[str | None, dict]]:
    """type -> id -> object, as `viewer` (None: not logged in; a team account gives its
    `team_id`) sees the contest at `now`."""
    contest = record.contest
    jury = viewer in JURY
    facts = {fact.problem_id: fact for fact in record.problems}
    state = state_object(contest, now, thawed_at=record.thawed_at,
                         finalized_at=record.finalized_at,
                         end_of_updates_at=record.end_of_updates_at)
    hidden = _hidden_teams(contest, jury)
    live = live_view(record, viewer, state, team_id).objects(record.submissions,
                                                              record.judgements)
    objects: dict[str, dict[str | None, dict]] = {
        "contest": {None: contest_object(contest)},
        "state": {None: state},
        "judgement-types": _by_id(judgement_type_objects(contest.scoreboard_type)),
        "languages": _by_id(language_object(language) for language in record.languages),
        "problems": _by_id(
            problem_object(problem, name=facts[problem.id].name,
                           time_limit=facts[problem.id].time_limit,
                           test_data_count=facts[problem.id].test_data_count,
                           max_score=facts[problem.id].max_score)
            for problem in contest.problems if _problems_shown(record, jury, team_id, state)),
        "groups": _by_id(group_object(group) for group in contest.groups
                         if jury or not group.hidden),
        "organizations": _by_id(organization_object(org) for org in contest.organizations),
        "teams": _by_id(team_object(team) for team in contest.teams if team.id not in hidden),
        "accounts": _by_id(account_object(account, viewer) for account in contest.accounts
                           if jury or (team_id is not None and account.team_id == team_id)),
        **live,
        "clarifications": clarification_objects(record, jury, team_id),
        "awards": award_objects(record, jury, hidden),
    }
    visible = set(ENDPOINTS[viewer]) | {"contest", "state"}
    return {kind: objs for kind, objs in objects.items() if kind in visible}
