"""What one view of a scoreboard is made of, whatever the scoring: the teams it lists, the
submissions the freeze hides from it, the order of a board's cells, and ranks shared by ties;
and a scoring rule as the parts a board is made of (Rules), put together by `made_standings`
from scratch (and by judge.contest.live one changed cell at a time, with the same parts).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from judge.contest.model import (
    Contest, ContestProblem, JudgedSubmission, Row, Standings, Team, View,
)
from judge.verdicts.verdict import Verdict


def minutes(contest_time: timedelta) -> int:
    """Contest time as the CCS requirements score it: whole minutes, rounded down (59.99 s is 0)."""
    return int(contest_time.total_seconds() // 60)


def is_pending(submission: JudgedSubmission) -> bool:
    """Not judged yet, or judged with a Judging Error: the CCS requirements count both as pending,
    and pending judgements have no effect on scoring."""
    return submission.verdict is None or submission.verdict is Verdict.JE


def hidden_team(team: Team, contest: Contest) -> bool:
    """A hidden team, or a team in a hidden group: on the jury's board only."""
    hidden_groups = {group.id for group in contest.groups if group.hidden}
    return team.hidden or any(group_id in hidden_groups for group_id in team.group_ids)


def board_teams(contest: Contest, view: View) -> list[Team]:
    if view is View.JURY:
        return list(contest.teams)
    return [team for team in contest.teams if not hidden_team(team, contest)]


def freeze_cut(contest: Contest, view: View, thawed: bool) -> datetime | None:
    """The time from which this view sees submissions as pending: the public board's freeze,
    until it is thawed. The jury never sees a freeze."""
    if view is View.JURY or thawed:
        return None
    return contest.freeze_time


def cells_of(contest: Contest, submissions: Iterable[JudgedSubmission], teams: list[Team]
             ) -> dict[tuple[str, str], list[JudgedSubmission]]:
    """Each (team, problem) of the board with its submissions in the order they were made.
    Submissions of teams not on this board, or to problems not in the contest, are left out."""
    team_ids = {team.id for team in teams}
    problem_ids = {problem.id for problem in contest.problems}
    cells: dict[tuple[str, str], list[JudgedSubmission]] = {}
    for submission in submissions:
        if submission.team_id in team_ids and submission.problem_id in problem_ids:
            cells.setdefault((submission.team_id, submission.problem_id), []).append(submission)
    for made in cells.values():
        # contest_time first: with per-team windows it is what "earlier" means for the team.
        made.sort(key=lambda submission: (submission.contest_time, submission.submitted_at))
    return cells


def name_order(team: Team) -> tuple[str, str, str]:
    """Teams that tie are listed alphabetically by name, then by id so the order is total."""
    return (team.name.casefold(), team.name, team.id)


def with_ranks(rows: list[Row], key: Callable[[Row], Hashable]) -> tuple[Row, ...]:
    """Rows already in board order, ranked: teams equal on `key` share a rank and the ranks
    after them are left empty (four teams tied for 17th: 17, 17, 17, 17, then 21)."""
    ranked: list[Row] = []
    for position, row in enumerate(rows, start=1):
        if ranked and key(row) == key(ranked[-1]):
            rank = ranked[-1].rank
        else:
            rank = position
        ranked.append(row if row.rank == rank else replace(row, rank=rank))
    return tuple(ranked)



Cells = dict[tuple[str, str], Any]  # (team, problem) -> a rule's result for that cell


@dataclass(frozen=True)
class Rules:
    """A scoring rule as the parts a board is made of. A cell's result depends on that cell's
    submissions only; awards (first to solve) on every cell's result; a team's row on its own
    cells and the awards; the order on the rows. That is what lets a board be kept up to date
    by scoring again only the cells a change touches."""

    # (contest, problem, the cell's submissions in board order, the freeze's cut) -> result
    cell: Callable[[Contest, ContestProblem, list[JudgedSubmission], datetime | None], Any]
    # (contest, cells' results) -> the (team, problem) cells that are first to solve: a
    # problem's awards depend on that problem's cells only, so that the cells of some
    # problems give those problems' awards
    awards: Callable[[Contest, Cells], frozenset[tuple[str, str]]]
    # (contest, team, problems in board order, every cell's result, awards) -> the team's row
    row: Callable[[Contest, Team, list[ContestProblem], Cells, frozenset[tuple[str, str]]], Row]
    # (contest) -> what ranks a row (equal keys share a rank)
    key: Callable[[Contest], Callable[[Row], Hashable]]


def no_awards(contest: Contest, cells: Cells) -> frozenset[tuple[str, str]]:
    return frozenset()


def board_problems(contest: Contest) -> list[ContestProblem]:
    return sorted(contest.problems, key=lambda problem: problem.ordinal)


def made_standings(rules: Rules, contest: Contest, submissions: Iterable[JudgedSubmission],
                   view: View, thawed: bool) -> Standings:
    """The board of `contest` as `view` sees it, from all its submissions at once."""
    teams = board_teams(contest, view)
    cut = freeze_cut(contest, view, thawed)
    made = cells_of(contest, submissions, teams)
    problems = board_problems(contest)
    by_id = {problem.id: problem for problem in problems}
    results = {cell: rules.cell(contest, by_id[cell[1]], subs, cut) for cell, subs in made.items()}
    awards = rules.awards(contest, results)
    rows = [rules.row(contest, team, problems, results, awards) for team in teams]
    frozen = cut is not None and any(s.submitted_at >= cut for subs in made.values() for s in subs)
    return ranked_standings(rules, contest, view, teams, problems, rows, frozen)


def ranked_standings(rules: Rules, contest: Contest, view: View, teams: list[Team],
                     problems: list[ContestProblem], rows: list[Row], frozen: bool) -> Standings:
    """The rows in board order (by the rule's key, then by name), ranked."""
    key = rules.key(contest)
    names = {team.id: name_order(team) for team in teams}
    ordered = sorted(rows, key=lambda row: (*key(row), *names[row.team_id]))
    return Standings(rows=with_ranks(ordered, key), view=view, frozen=frozen,
                     problems=tuple(problems))
