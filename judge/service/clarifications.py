"""Clarifications: a team asks the jury, the jury answers one team or all, or announces.

Who sees what (as DOMjudge does it): the jury sees everything; a team sees its own questions,
whatever is sent to it, and whatever is sent to all. A question of another team stays hidden,
unless the jury answered it to all: then it is shown with the answer, since the answer alone
would make no sense. Who may ask: a member of one of the contest's teams, for that team.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from judge.service.contests import aware
from judge.service.models import (
    Clarification,
    ContestProblem,
    ContestTeam,
    TeamMember,
    User,
    utcnow,
)

MAX_TEXT = 4000  # characters: a question or an answer, not a file


class ClarificationRefused(Exception):
    """What was sent cannot be a clarification: `status` is the HTTP status that says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class ClarificationView:
    id: int
    contest_id: str
    from_team_id: str | None  # None: the jury
    to_team_id: str | None  # None: everyone (a question: the jury)
    problem: str | None
    text: str
    reply_to_id: int | None
    sent_at: datetime  # aware UTC
    quoted: str | None = None  # an answer to all shows the question it answers


def team_of(session: Session, contest_id: str, user: User) -> str | None:
    return session.scalar(
        select(TeamMember.team_id).where(
            TeamMember.contest_id == contest_id, TeamMember.user_id == user.id
        )
    )


def ask(
    session: Session, contest_id: str, user: User, text: str, problem: str | None,
    now: datetime | None = None,
) -> Clarification:
    """A team's question to the jury (only a member of a team of the contest asks)."""
    team = team_of(session, contest_id, user)
    if team is None:
        raise ClarificationRefused(
            403, f"{user.name} is on no team of contest {contest_id!r}: only its teams ask"
        )
    return _store(session, contest_id, user, text, problem, team, None, None, now)


def ask_for(
    session: Session, contest_id: str, user: User, team_id: str, text: str,
    problem: str | None, now: datetime | None = None, clics_id: str | None = None,
) -> Clarification:
    """A team's question sent for it by `user`, one of the jury (a proxy of the team's, or a
    shadow system copying the team's question with its time and id)."""
    if session.get(ContestTeam, (contest_id, team_id)) is None:
        raise ClarificationRefused(422, f"no team {team_id!r} in contest {contest_id!r}")
    return _store(session, contest_id, user, text, problem, team_id, None, None, now, clics_id)


def answer(
    session: Session, contest_id: str, user: User, text: str, *, reply_to: int | None = None,
    to_team: str | None = None, problem: str | None = None, now: datetime | None = None,
    clics_id: str | None = None,
) -> Clarification:
    """The jury's message: an answer to a question (to its team, or to all when `to_team` is
    None), or, without `reply_to`, a message to one team or an announcement to all."""
    if reply_to is not None:
        question = session.get(Clarification, reply_to)
        if question is None or question.contest_id != contest_id:
            raise ClarificationRefused(404, f"no clarification {reply_to} in {contest_id!r}")
        if question.from_team_id is None:
            raise ClarificationRefused(422, f"clarification {reply_to} is the jury's own")
        problem = question.problem
    if to_team is not None and session.get(ContestTeam, (contest_id, to_team)) is None:
        raise ClarificationRefused(422, f"no team {to_team!r} in contest {contest_id!r}")
    return _store(session, contest_id, user, text, problem, None, to_team, reply_to, now,
                  clics_id)


def clics_id_of(row: Clarification) -> str:
    """The id the Contest API shows for the clarification: the one its sender chose (a PUT's),
    else its row's number."""
    return row.clics_id or str(row.id)


def by_clics_id(session: Session, contest_id: str, clics_id: str) -> Clarification | None:
    """The contest's clarification that the Contest API calls `clics_id` (its own id, or the
    id of its row when its sender chose none)."""
    chosen = session.scalar(select(Clarification).where(
        Clarification.contest_id == contest_id, Clarification.clics_id == clics_id))
    if chosen is not None or not clics_id.isdigit() or len(clics_id) > 9:
        return chosen
    row = session.get(Clarification, int(clics_id))
    return row if row is not None and row.contest_id == contest_id and (
        row.clics_id is None) else None


def _store(session, contest_id, user, text, problem, from_team, to_team, reply_to, now,
           clics_id=None):
    text = text.strip()
    if not text:
        raise ClarificationRefused(422, "the text is empty")
    if len(text) > MAX_TEXT:
        raise ClarificationRefused(
            422, f"the text has {len(text)} characters; at most {MAX_TEXT} are taken"
        )
    if clics_id is not None and by_clics_id(session, contest_id, clics_id) is not None:
        raise ClarificationRefused(409, f"clarification {clics_id!r} exists already")
    if problem is not None and session.get(ContestProblem, (contest_id, problem)) is None:
        labels = session.scalars(
            select(ContestProblem.problem).where(ContestProblem.contest_id == contest_id)
        ).all()
        raise ClarificationRefused(
            422, f"no problem {problem!r} in contest {contest_id!r} (its problems: "
            f"{', '.join(labels) or 'none'})"
        )
    row = Clarification(
        contest_id=contest_id, from_team_id=from_team, to_team_id=to_team, problem=problem,
        text=text, reply_to_id=reply_to, user_id=user.id, sent_at=now or utcnow(),
        clics_id=clics_id,
    )
    session.add(row)
    session.flush()
    return row


def visible_clarifications(
    session: Session, contest_id: str, team: str | None, jury: bool
) -> list[ClarificationView]:
    """What the jury (`jury`) or the team `team` sees of the contest's clarifications, oldest
    first; an answer to all carries the question it answers."""
    rows = session.scalars(
        select(Clarification).where(Clarification.contest_id == contest_id)
        .order_by(Clarification.id)
    ).all()
    by_id = {row.id: row for row in rows}
    shown = []
    for row in rows:
        if not (jury or _sees(row, team)):
            continue
        quoted = None
        question = by_id.get(row.reply_to_id) if row.reply_to_id is not None else None
        if question is not None and not (jury or _sees(question, team)):
            quoted = question.text  # an answer to all: the question comes with it
        shown.append(ClarificationView(
            row.id, row.contest_id, row.from_team_id, row.to_team_id, row.problem, row.text,
            row.reply_to_id, aware(row.sent_at), quoted,
        ))
    return shown


def _sees(row: Clarification, team: str | None) -> bool:
    if team is None:
        return False
    if row.from_team_id is not None:
        return row.from_team_id == team  # a question: its own team only
    return row.to_team_id in (None, team)
