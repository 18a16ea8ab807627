"""One view's standings kept up to date as submissions change, by the same parts of the same
rule (board.Rules) that make a board from scratch.

A change touches a few cells (team, problem): only those are scored again. The awards (first to
solve), the order and the ranks depend on every row and are made again each time, which costs
a few milliseconds where scoring every cell of a 500-team board costs tens. After any sequence
of changes the standings equal `made_standings` of the submissions as they are then (the tests
check it after every change).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable
from typing import Any

from judge.contest.board import (
    Rules, board_problems, board_teams, cells_of, freeze_cut, ranked_standings,
)
from judge.contest.model import Contest, JudgedSubmission, Row, Standings, View


class LiveStandings:
    """The standings of `contest` as `view` sees it, given its submissions in the caller's
    order (`order`: the key that sorts them so, as `standings` would be given them)."""

    def __init__(self, rules: Rules, contest: Contest, view: View, thawed: bool,
                 submissions: Iterable[JudgedSubmission],
                 order: Callable[[JudgedSubmission], Any]) -> None:
        self.rules, self.contest, self.view, self.thawed = rules, contest, view, thawed
        self._teams = board_teams(contest, view)
        self._by_team = {team.id: team for team in self._teams}
        self._problems = board_problems(contest)
        self._by_problem = {problem.id: problem for problem in self._problems}
        self._cut = freeze_cut(contest, view, thawed)
        # A cell's submissions as cells_of sorts them; the caller's order breaks its ties.
        self._sort_key = lambda s: (s.contest_time, s.submitted_at, order(s))
        self._cells = cells_of(contest, submissions, self._teams)
        self._hidden = sum(self._after_cut(s) for subs in self._cells.values() for s in subs)
        self._results = {problem.id: {} for problem in self._problems}  # per problem
        for cell in self._cells:
            self._results[cell[1]][cell] = self._score(cell)
        self._all_results = {cell: result for results in self._results.values()
                             for cell, result in results.items()}
        # A problem's awards are made of its own cells: a change scores again its problem's.
        self._awards = {problem_id: rules.awards(contest, results)
                        for problem_id, results in self._results.items()}
        awards = self._every_award()
        rows = {team.id: self._row(team.id, awards) for team in self._teams}
        self.standings = self._ranked(rows)

    def update(self, gone: Iterable[JudgedSubmission],
               came: Iterable[JudgedSubmission]) -> Standings:
        """The standings once the submissions `gone` (as they were read before) are replaced
        by `came` (as they are now: a new one, or one judged or rejudged since)."""
        touched: set[tuple[str, str]] = set()
        for submission in gone:
            cell = self._cell_of(submission)
            if cell is None:
                continue
            subs = self._cells.get(cell, [])
            kept = [s for s in subs if s.id != submission.id]
            if len(kept) != len(subs):
                self._hidden -= self._after_cut(submission)
                self._cells[cell] = kept
                touched.add(cell)
        for submission in came:
            cell = self._cell_of(submission)
            if cell is None:
                continue
            bisect.insort(self._cells.setdefault(cell, []), submission, key=self._sort_key)
            self._hidden += self._after_cut(submission)
            touched.add(cell)
        if not touched:
            return self.standings
        teams = {team_id for team_id, _ in touched}
        for cell in touched:
            if self._cells.get(cell):
                self._results[cell[1]][cell] = self._all_results[cell] = self._score(cell)
            else:  # as if never sent to: cells_of makes no cell for it
                self._cells.pop(cell, None)
                self._results[cell[1]].pop(cell, None)
                self._all_results.pop(cell, None)
        for problem_id in {problem_id for _, problem_id in touched}:
            awards = self.rules.awards(self.contest, self._results[problem_id])
            teams |= {team_id for team_id, _ in awards ^ self._awards[problem_id]}
            self._awards[problem_id] = awards
        awards = self._every_award()
        # The rows of the last standings, ranked: a row whose rank stays is not made again.
        rows = {row.team_id: row for row in self.standings.rows}
        for team_id in teams:
            if team_id in self._by_team:
                rows[team_id] = self._row(team_id, awards)
        self.standings = self._ranked(rows)
        return self.standings

    def _cell_of(self, submission: JudgedSubmission) -> tuple[str, str] | None:
        """Its cell, when it is on this board (a team of the view, a problem of the contest)."""
        if submission.team_id in self._by_team and submission.problem_id in self._by_problem:
            return submission.team_id, submission.problem_id
        return None

    def _after_cut(self, submission: JudgedSubmission) -> bool:
        return self._cut is not None and submission.submitted_at >= self._cut

    def _score(self, cell: tuple[str, str]) -> Any:
        return self.rules.cell(self.contest, self._by_problem[cell[1]], self._cells[cell],
                               self._cut)

    def _row(self, team_id: str, awards: frozenset[tuple[str, str]]) -> Row:
        return self.rules.row(self.contest, self._by_team[team_id], self._problems,
                              self._all_results, awards)

    def _every_award(self) -> frozenset[tuple[str, str]]:
        return frozenset().union(*self._awards.values())

    def _ranked(self, rows: dict[str, Row]) -> Standings:
        return ranked_standings(self.rules, self.contest, self.view, self._teams,
                                self._problems, [rows[team.id] for team in self._teams],
                                self._hidden > 0)
