"""Which queued job a judging process gets next: fair across users, urgent work first.

Queued submissions are taken by their Priority first (a live contest's before practice, before
rejudges, before verify runs). Within one level they are shared out round-robin by fairness
key: the key whose judging started longest ago (or never) goes next, with its oldest queued
submission, and then it goes to the back. So a user with thirty submissions queued, one of
them being judged, waits behind another user's first: one user cannot occupy the judge.

The fairness key is one function, `fairness_key`: users now, teams once contests have them.

A queue message only says that there is one more job; the server decides here which one a
process gets, at the moment it asks. Several processes asking at once each try the next
candidate with one UPDATE that only a still-queued submission passes, so no job is handed out
twice.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import ColumnElement, func, select, update
from sqlalchemy.orm import Session

from judge.languages.registry import UnknownLanguage, language_by_id
from judge.service.models import Status, Submission

CANDIDATES = 8  # looked up at once: enough that a race lost to another process finds the next


def fairness_key() -> ColumnElement:
    """The column that jobs are shared out by: whose submissions take turns."""
    return Submission.user_id


def next_candidates(
    session: Session, languages: Iterable[str], limit: int = CANDIDATES
) -> list[int]:
    """The ids of the queued submissions to judge next, in order, among those in `languages`."""
    key = fairness_key()
    waiting = select(key).where(Submission.status == Status.QUEUED).distinct()
    served = (
        select(key.label("key"), func.max(Submission.started_at).label("last"))
        .where(key.in_(waiting), Submission.started_at.is_not(None))
        .group_by(key)
        .subquery()
    )
    query = (
        select(Submission.id)
        .outerjoin(served, served.c.key == key)
        .where(
            Submission.status == Status.QUEUED,
            Submission.language.in_(every_name_of(languages)),
        )
        .order_by(Submission.priority, served.c.last.asc().nulls_first(), Submission.id)
        .limit(limit)
    )
    return list(session.scalars(query))


def every_name_of(languages: Iterable[str]) -> list[str]:
    """The names a claim for `languages` matches in stored submissions: each language's id
    and every alias, whichever of them the worker sent."""
    names = set(languages)
    for name in list(names):
        try:
            language = language_by_id(name)
        except UnknownLanguage:
            continue  # not known to this server: matched by its name alone
        names.update((language.id, *language.aliases))
    return sorted(names)


def take(session: Session, submission_id: int, values: dict) -> bool:
    """Mark one candidate `judging` with `values`, if it is still queued (one UPDATE decides
    between processes that chose it at once)."""
    taken = session.execute(
        update(Submission)
        .where(Submission.id == submission_id, Submission.status == Status.QUEUED)
        .values(status=Status.JUDGING, **values)
        .execution_options(synchronize_session=False)
    )
    return taken.rowcount == 1

