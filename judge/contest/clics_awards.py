"""The CLICS awards (2023-06) this judge manages, read off one view's standings: `winner`, the
medals when the contest gives them, `first-to-solve-<problem>` (pass-fail contests) and
`group-winner-<group>`.

The spec's known awards mean "what would be final if the contest ended now", so every award is
there from before the start, with no team until one has scored, and follows the board it is read
from: the public's frozen board gives the public's awards (its winner does not change during the
freeze), the jury's board the true ones. Hidden teams win nothing: they are not in the contest's
results (judge.contest.icpc leaves them out of first to solve on the jury's board too).

Medals go by place, as DOMjudge gives them: a team's place is one more than the number of
ranked teams above it, so teams that tie share the medal of their place, and a medal count
counts places, not teams.
"""

from __future__ import annotations

import bisect

from judge.contest.board import hidden_team
from judge.contest.clics_input import Award
from judge.contest.model import Contest, Medals, Row, ScoreboardType, Standings

MEDALS = ("gold", "silver", "bronze")


def _scored(row: Row) -> bool:
    return bool(row.score) if row.score is not None else row.num_solved > 0


def _places(rows: list[Row]) -> dict[str, int]:
    """team -> place among `rows` (the ranked teams, in board order): one more than the
    number of ranks above it, counted by bisection (a count per row cost 60 ms at 500 teams,
    after every change of the event feed)."""
    ranks = sorted(row.rank for row in rows)
    return {row.team_id: 1 + bisect.bisect_left(ranks, row.rank) for row in rows}


def _leaders(rows: list[Row]) -> list[str]:
    """The teams that share the best rank of `rows`, if they have scored."""
    scored = [row for row in rows if _scored(row)]
    best = min((row.rank for row in scored), default=None)
    return [row.team_id for row in scored if row.rank == best]


def _medal_awards(rows: list[Row], medals: Medals) -> list[Award]:
    places = _places(rows)
    awards, above = [], 0
    for kind in MEDALS:
        count = getattr(medals, kind)
        if not count:
            continue
        won = tuple(row.team_id for row in rows
                    if _scored(row) and above < places[row.team_id] <= above + count)
        awards.append(Award(f"{kind}-medal", f"{kind.capitalize()} medal winner", won))
        above += count
    return awards


def awards(contest: Contest, standings: Standings) -> tuple[Award, ...]:
    """The awards as `standings` (one view's board) give them; medals as `contest.medals`
    says."""
    teams = {team.id: team for team in contest.teams}
    rows = [row for row in standings.rows
            if row.team_id in teams and not hidden_team(teams[row.team_id], contest)]
    found = [Award("winner", "Contest winner", tuple(_leaders(rows)))]
    found += _medal_awards(rows, contest.medals or Medals())
    if contest.scoreboard_type is ScoreboardType.PASS_FAIL:
        first: dict[str, list[str]] = {problem.id: [] for problem in contest.problems}
        for row in rows:
            for cell in row.cells:
                if cell.first_to_solve and cell.problem_id in first:
                    first[cell.problem_id].append(row.team_id)
        found += [Award(f"first-to-solve-{problem.id}", f"First to solve problem {problem.label}",
                        tuple(first[problem.id])) for problem in contest.problems]
    for group in contest.groups:
        if group.hidden:
            continue  # its teams are hidden: no winner to name, and no group to show
        members = [row for row in rows if group.id in teams[row.team_id].group_ids]
        found.append(Award(f"group-winner-{group.id}", f"Winner(s) of group {group.name}",
                               tuple(_leaders(members))))
    return tuple(found)
