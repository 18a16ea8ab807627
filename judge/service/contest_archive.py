"""A stored contest as a CLICS archive (judge.contest.archive), and an archive's history
stored back: what `judge contest export --archive` and `judge contest import` do beyond the
contest package.

The archive is what the Contest API shows the jury at the moment of the export, and the jury's
event feed as stored (brought up to date first, as a reader opening it would). Storing a history
back gives each submission, judgement and clarification a row as the service makes them: a
submission keeps its id when that id is free (always, in a fresh database) and is owned by a user
of its team; a judged one is done with its verdict and its judging's times, an unjudged one is
queued, to be judged here. Runs are not stored back: the service keeps a submission's tests in
its result document, which the archive does not hold.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone

from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from judge import __version__
from judge.contest.archive import Archive, History
from judge.contest.clics_access import api_information
from judge.contest.clics_board import scoreboard_object
from judge.contest.clics_feed import event_object
from judge.contest.clics_input import Judgement
from judge.contest.clics_snapshot import snapshot
from judge.contest.model import AccountType, View
from judge.errors import JudgeError
from judge.problem.spec import Problem
from judge.service.clics_record import contest_record
from judge.service.contest_board import contest_board
from judge.service.contest_feed import events_from, record_changes, served
from judge.service.contests import load_contest
from judge.service.models import Clarification, Contest, Priority, Status, Submission, TeamMember


@dataclass(frozen=True)
class HistoryStored:
    submissions: int
    judgements: int
    clarifications: int
    renumbered: int  # submissions whose id was taken here, stored under a new one


def contest_archive(session: Session, contest_id: str, problem: Callable[[str], Problem],
                    now: datetime) -> Archive | None:
    """The archive of contest `contest_id` at `now` (aware), or None when there is none."""
    row = session.get(Contest, contest_id)
    record = contest_record(session, contest_id, problem)
    board = contest_board(session, contest_id, View.JURY)
    if row is None or record is None or board is None:
        return None
    record_changes(session, row, record, now, ("jury",))
    events, _ = events_from(session, contest_id, "jury", 0)
    objects = served(snapshot(record, AccountType.ADMIN, now))
    endpoints: dict[str, object] = {
        kind: found[None] if kind in ("contest", "state") else list(found.values())
        for kind, found in objects.items()}
    endpoints["scoreboard"] = scoreboard_object(board.contest, board.standings, time=now,
                                                state=objects["state"][None])
    shown = {sub["id"] for sub in endpoints["submissions"]}
    files = {str(sub.id): (sub.filename, sub.source) for sub in session.scalars(
        select(Submission).where(Submission.contest_id == contest_id,
                                 Submission.practice.is_(False)))
        if str(sub.id) in shown}
    return Archive(api_information(__version__), endpoints,
                   tuple(event_object(event) for event in events), files)


def store_history(session: Session, contest_id: str, history: History) -> HistoryStored:
    """Store an archive's submissions, judgements and clarifications into the contest (stored
    already, from the same archive's package), which must have none of its own yet: a history
    goes into a contest once, not over another."""
    contest = load_contest(session, contest_id)
    if contest is None:
        raise JudgeError(f"no contest {contest_id!r}")
    held = session.scalar(select(func.count()).select_from(Submission)
                          .where(Submission.contest_id == contest_id))
    held += session.scalar(select(func.count()).select_from(Clarification)
                           .where(Clarification.contest_id == contest_id))
    if held:
        raise JudgeError(f"contest {contest_id} has submissions or clarifications already: an "
                         "archive's history goes only into a contest that has none")
    owners = _owners(session, contest_id)
    problems = {problem.id for problem in contest.problems}
    judgements = {judgement.submission_id: judgement for judgement in history.judgements}
    renumbered = 0
    for archived in history.submissions:
        sub = archived.submission
        if sub.problem_id not in problems:
            raise JudgeError(f"submission {sub.id}: no problem {sub.problem_id!r} in contest "
                             f"{contest_id} (its problems: {', '.join(sorted(problems))})")
        owner = owners.get(sub.team_id)
        if owner is None:
            raise JudgeError(f"submission {sub.id}: team {sub.team_id!r} has no team account "
                             "in the contest to own its submissions (accounts.json)")
        kept = _free_id(session, Submission, sub.id)
        renumbered += kept is None
        if kept is None:
            _follow_ids(session)  # a new id from the sequence, past the ids given so far
        row = Submission(id=kept, user_id=owner, problem=sub.problem_id,
                         language=sub.language_id, filename=archived.filename,
                         source=archived.source, submitted_at=_naive(sub.time),
                         queued_at=_naive(sub.time), contest_id=contest_id,
                         team_id=sub.team_id, practice=False, priority=int(Priority.CONTEST),
                         status=Status.QUEUED)
        judgement = judgements.get(sub.id)
        if judgement is not None:
            _judged(row, judgement)
        session.add(row)
        session.flush()  # its id taken, before the next one asks for its own
    clarification_ids: dict[str, int] = {}
    for clar in history.clarifications:
        kept = _free_id(session, Clarification, clar.id)
        if kept is None:
            _follow_ids(session)
        row = Clarification(
            id=kept, contest_id=contest_id,
            from_team_id=clar.from_team_id, to_team_id=clar.to_team_id,
            problem=clar.problem_id, text=clar.text, sent_at=_naive(clar.time),
            reply_to_id=clarification_ids.get(clar.reply_to_id or ""), user_id=None,
            # An id of the archive's own choosing stays the API's (digits are this judge's).
            clics_id=None if clar.id.isdigit() else clar.id)
        session.add(row)
        session.flush()
        clarification_ids[clar.id] = row.id
    session.flush()
    _follow_ids(session)
    return HistoryStored(len(history.submissions), len(judgements),
                         len(history.clarifications), renumbered)


def _judged(row: Submission, judgement: Judgement) -> None:
    row.status = Status.DONE
    row.verdict = judgement.verdict.value
    row.started_at = _naive(judgement.start_time)
    row.finished_at = _naive(judgement.end_time)
    if judgement.score is not None:
        row.score = judgement.score
    attempt = judgement.id.removeprefix(f"{judgement.submission_id}-")
    row.attempt = int(attempt) if attempt.isdigit() and int(attempt) > 0 else 1


def _owners(session: Session, contest_id: str) -> dict[str, int]:
    """team -> the user its submissions are stored as: the first of its team accounts."""
    owners: dict[str, int] = {}
    for team_id, user_id in session.execute(
            select(TeamMember.team_id, TeamMember.user_id)
            .where(TeamMember.contest_id == contest_id).order_by(TeamMember.user_id)):
        owners.setdefault(team_id, user_id)
    return owners


def _free_id(session: Session, table, archived: str) -> int | None:
    """The archived id, when it is a number this table has not used (None: a new one)."""
    if not archived.isdigit() or not 0 < int(archived) < 2**31:
        return None
    return int(archived) if session.get(table, int(archived)) is None else None


def _follow_ids(session: Session) -> None:
    """PostgreSQL's id sequences do not see ids given explicitly: move them past the rows, so
    that the next submission or clarification made here gets a free id."""
    if session.get_bind().dialect.name != "postgresql":
        return
    for table in ("submissions", "clarifications"):
        session.execute(text(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
            f"(SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"))


def _naive(moment: datetime) -> datetime:
    """Naive UTC, as the service stores times."""
    return moment.astimezone(timezone.utc).replace(tzinfo=None)
