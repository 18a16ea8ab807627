"""The one entry point: a contest, its submissions and a view give the standings; and a group's
own board (a division's, a site's), ranked among its teams only."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from judge.contest import icpc, ioi
from judge.contest.board import Rules, made_standings, with_ranks
from judge.contest.model import (
    Contest, JudgedSubmission, Row, ScoreboardType, Standings, View,
)
from judge.errors import JudgeError, did_you_mean


def standings(contest: Contest, submissions: Iterable[JudgedSubmission], view: View,
              thawed: bool = False) -> Standings:
    """The board of `contest` as `view` sees it. `submissions` are those on the official board:
    the caller leaves out practice (after a team's window); `thawed` shows the public what the
    freeze hid."""
    return made_standings(rules_of(contest), contest, submissions, view, thawed)


def rules_of(contest: Contest) -> Rules:
    """The contest's scoring rule, as the parts its board is made of."""
    if contest.scoreboard_type is ScoreboardType.SCORE:
        return ioi.RULES
    return icpc.RULES


def filter_group(board: Standings, contest: Contest, group_id: str) -> Standings:
    """The board restricted to one group's teams, ranked among themselves (as the Contest API's
    scoreboard?group_id= is). The cells are unchanged: first to solve stays the contest's.
    A group the view may not see (a hidden one, on the public board) is no group at all."""
    visible = [group for group in contest.groups
               if board.view is View.JURY or not group.hidden]
    if group_id not in {group.id for group in visible}:
        raise JudgeError(f"contest '{contest.id}' has no group '{group_id}'"
                         + did_you_mean(group_id, [group.id for group in visible]))
    members = {team.id for team in contest.teams if group_id in team.group_ids}
    rows = [row for row in board.rows if row.team_id in members]
    return Standings(rows=with_ranks(rows, rank_key(contest)), view=board.view,
                     frozen=board.frozen, problems=board.problems)


def rank_key(contest: Contest) -> Callable[[Row], tuple]:
    return rules_of(contest).key(contest)

