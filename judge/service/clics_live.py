"""A contest's CLICS record kept in memory between the event feed's updates, so that a change
of a few submissions costs what they cost, not what the contest costs.

Reading the whole record (judge.service.clics_record) and making every view's objects from it
took about a second at 5,000 judged submissions, after each of them. Here the record is read
whole once; a change then re-reads only the submissions it names (their row, their past
judgements, their runs), keeps the jury's and the public's standings up to date with them
(judge.contest.live, as the board cache does) to read the awards off, and marks them with a
new generation. A view's log that was brought up to date from this record at generation g is
then brought up to date by the objects of the submissions changed since g alone
(`touched_objects`), with the clarifications and the awards, which are few.

The whole record is read again whenever a part may have changed that a submission's change
does not tell: the contest row (imported again, thawed, finalized), a contest of team windows
(a team's start moves its contest times), the problems' packages, a score contest's most
points. Read again, it is compared with the record kept: the submissions that differ get a
new generation, so that the views' logs stay up to date by their objects alone.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from judge.contest import model
from judge.contest.clics_awards import awards
from judge.contest.clics_input import Award, Judgement, Submission
from judge.contest.clics_snapshot import (
    JURY,
    ContestRecord,
    award_objects,
    clarification_objects,
    live_view,
)
from judge.contest.live import LiveStandings
from judge.contest.model import AccountType, View
from judge.contest.standings import rules_of
from judge.problem.spec import Problem
from judge.service.clics_record import (
    clarifications,
    clics_languages,
    clics_submission,
    freeze_hides_any,
    problem_facts,
    settled_at,
    started_teams,
    submission_judgements,
)
from judge.service.contest_board import judged_submission, team_starts, with_max_scores
from judge.service.contests import aware, load_contest
from judge.service.judgement_history import past_judgements
from judge.service.models import Contest
from judge.service.models import Submission as SubmissionRow

# Besides a changed submission's objects, those compared whole at each update (they are few).
WHOLE_KINDS = ("clarifications", "awards")


@dataclass
class LiveRecord:
    """The record of one contest as last read, changed only under its update's lock."""

    stamp: tuple  # the contest row's (updated_at, thawed_at, finalized_at) when read
    base: ContestRecord  # all but the submissions and judgements (kept below)
    orders: dict[str, dict[str, int]]  # problem -> test name -> place
    submissions: dict[str, Submission]
    order: list[tuple[datetime, int]]  # the submissions' (time, id), as the record lists them
    judgements: dict[str, tuple[Judgement, ...]]  # per submission, as the record lists them
    judged: dict[str, model.JudgedSubmission]  # as the scoring rules read them
    standings: dict[View, LiveStandings]
    lineage: object = field(default_factory=object)  # a log synced to another: made whole
    generation: int = 0
    changed_at: dict[str, int] = field(default_factory=dict)  # submission -> generation
    # Every judgement id and run count a log synced to this record may hold: what a change
    # may have to delete (a judgement of a submission queued again, a submission gone).
    ever_judgements: dict[str, set[str]] = field(default_factory=dict)
    ever_runs: dict[str, int] = field(default_factory=dict)
    gone: dict[str, Submission] = field(default_factory=dict)  # no longer there: where they were
    # Each view's log's length when the record was read whole: a log still that long has
    # nothing the record has not (judge.service.contest_feed makes it whole from the record).
    positions: dict[str, int] = field(default_factory=dict)

    def record(self) -> ContestRecord:
        """The whole record, as judge.service.clics_record.contest_record reads it."""
        ids = [str(number) for _, number in self.order]
        return replace(self.base, submissions=tuple(self.submissions[i] for i in ids),
                       judgements=tuple(j for i in ids for j in self.judgements[i]))

    def changed_since(self, generation: int) -> list[str]:
        """The submissions changed after `generation`, as the record lists them."""
        found = [(self._place(sid), sid) for sid, seen in self.changed_at.items()
                 if seen > generation]
        return [sid for _, sid in sorted(found)]

    def _place(self, sid: str) -> tuple[datetime, int]:
        submission = self.submissions.get(sid) or self.gone.get(sid)
        return submission.time, int(sid)

    def _put(self, submission: Submission | None, sid: str,
             judgements: tuple[Judgement, ...]) -> None:
        """The submission `sid` as read now (None: no longer one of the contest's)."""
        before = self.submissions.get(sid)
        if before is not None:
            del self.order[bisect.bisect_left(self.order, (before.time, int(sid)))]
        if submission is None:
            if before is not None:
                self.gone[sid] = before
            self.submissions.pop(sid, None)
            self.judgements.pop(sid, None)
        else:
            bisect.insort(self.order, (submission.time, int(sid)))
            self.submissions[sid] = submission
            self.judgements[sid] = judgements
        ever = self.ever_judgements.setdefault(sid, set())
        for judgement in judgements:
            ever.add(judgement.id)
            self.ever_runs[judgement.id] = max(self.ever_runs.get(judgement.id, 0),
                                               len(judgement.runs))

    def touched_objects(self, viewer: AccountType | None, team_id: str | None, state: dict,
                        sids: list[str], kinds: Collection[str],
                        ) -> tuple[dict[str, dict], dict[str, list]]:
        """The objects of submissions `sids` (as changed_since lists them) as `viewer` sees
        them in `state`, with every clarification and award, and the ids a log may hold of
        each kind touched: what FeedLog.record compares. `kinds`: those the view has."""
        view = live_view(self.base, viewer, state, team_id)
        present = [self.submissions[sid] for sid in sids if sid in self.submissions]
        objects = view.objects(present, [j for s in present for j in self.judgements[s.id]])
        jury = viewer in JURY
        objects["clarifications"] = clarification_objects(self.base, jury, team_id)
        objects["awards"] = award_objects(self.base, jury, view.hidden)
        judgement_ids = [jid for sid in sids for jid in
                         sorted(self.ever_judgements.get(sid, ()), key=_attempt)]
        touched = {
            "submissions": sids,
            "judgements": judgement_ids,
            "runs": [f"{jid}-{n}" for jid in judgement_ids
                     for n in range(1, self.ever_runs.get(jid, 0) + 1)],
        }
        touched = {kind: keys for kind, keys in touched.items() if kind in kinds}
        return objects, touched


def _attempt(judgement_id: str) -> int:
    return int(judgement_id.rsplit("-", 1)[1])


def stamp_of(session: Session, contest_id: str) -> tuple | None:
    found = session.execute(
        select(Contest.updated_at, Contest.thawed_at, Contest.finalized_at)
        .where(Contest.id == contest_id)).first()
    return None if found is None else tuple(found)


def read_record(session: Session, contest_id: str, problem: Callable[[str], Problem],
                kept: LiveRecord | None = None,
                changed: Collection[int] | None = None) -> LiveRecord | None:
    """The contest's record as it stands (None: no such contest): `kept` brought up to date
    when only the submissions `changed` (None: any) may have changed since it was read, else
    read whole (and compared with `kept`, to go on from it where it can)."""
    stamp = stamp_of(session, contest_id)
    if stamp is None:
        return None
    if kept is not None and changed is not None and kept.stamp == stamp:
        if _refresh(session, kept, problem, changed):
            return kept
    return _read_whole(session, contest_id, problem, stamp, kept)


def _base(session: Session, contest: model.Contest, row_stamp: tuple,
          problem: Callable[[str], Problem]) -> tuple[ContestRecord, dict]:
    facts, orders = problem_facts(contest, problem)
    thawed, finalized = aware(row_stamp[1]), aware(row_stamp[2])
    return ContestRecord(
        contest=contest,
        problems=facts,
        languages=clics_languages(),
        clarifications=clarifications(session, contest),
        thawed_at=thawed,
        finalized_at=finalized,
        end_of_updates_at=settled_at(thawed, finalized),
        started_teams=started_teams(session, contest.id),
    ), orders


def _read_whole(session: Session, contest_id: str, problem: Callable[[str], Problem],
                stamp: tuple, kept: LiveRecord | None) -> LiveRecord | None:
    contest = load_contest(session, contest_id)
    if contest is None:
        return None
    base, orders = _base(session, with_max_scores(session, contest), stamp, problem)
    live = LiveRecord(stamp, base, orders, {}, [], {}, {}, {})
    rows = _rows(session, base.contest)
    past = past_judgements(session, contest_id)
    for sub in rows:
        live._put(clics_submission(sub), str(sub.id),
                  tuple(submission_judgements(session, sub, past.get(sub.id, ()), orders)))
    starts = team_starts(session, base.contest)
    live.judged = {str(sub.id): judged_submission(sub, starts[sub.team_id]) for sub in rows
                   if sub.team_id in starts}
    _score_all(live)
    if kept is not None and _continues(kept, live):
        _go_on(kept, live)
    return live


def _rows(session: Session, contest: model.Contest, only: Collection[int] | None = None):
    teams = [team.id for team in contest.teams]
    where = [SubmissionRow.contest_id == contest.id, SubmissionRow.practice.is_(False),
             SubmissionRow.team_id.in_(teams)]
    if only is not None:
        where.append(SubmissionRow.id.in_(list(only)))
    return session.scalars(select(SubmissionRow).where(*where)
                           .order_by(SubmissionRow.submitted_at, SubmissionRow.id)).all()


def _ordered(live: LiveRecord) -> list[model.JudgedSubmission]:
    return sorted(live.judged.values(), key=_oldest_first)


def _oldest_first(submission: model.JudgedSubmission) -> tuple:
    return submission.submitted_at, int(submission.id)


def _score_all(live: LiveRecord) -> None:
    contest = live.base.contest
    thawed = live.base.thawed_at is not None
    ordered = _ordered(live)
    live.standings = {view: LiveStandings(rules_of(contest), contest, view, thawed, ordered,
                                          _oldest_first)
                      for view in (View.JURY, View.PUBLIC)}
    _award(live)


def _award(live: LiveRecord) -> None:
    """The awards of the jury's board and of the public's, as clics_record._awards gives
    them: the public's differ only while a freeze hides a submission."""
    contest = live.base.contest
    jury = awards(contest, live.standings[View.JURY].standings)
    public: tuple[Award, ...] = jury
    if freeze_hides_any(contest, live.base.thawed_at, live.judged.values()):
        public = awards(contest, live.standings[View.PUBLIC].standings)
    live.base = replace(live.base, awards=jury, public_awards=public)


def _refresh(session: Session, live: LiveRecord, problem: Callable[[str], Problem],
             changed: Collection[int]) -> bool:
    """`live` brought up to date by reading the submissions `changed` again; False (nothing
    changed in it) when more than those may have changed: it is read whole then."""
    contest = live.base.contest
    if contest.team_duration is not None or with_max_scores(session, contest) != contest:
        return False
    facts, orders = problem_facts(contest, problem)
    if facts != live.base.problems or orders != live.orders:
        return False
    live.generation += 1
    live.base = replace(live.base, clarifications=clarifications(session, contest),
                        started_teams=started_teams(session, contest.id))
    if not changed:
        return True
    rows = {str(sub.id): sub for sub in _rows(session, contest, changed)}
    past = past_judgements(session, contest.id, changed)
    starts = team_starts(session, contest)
    gone, came = [], []
    for number in sorted(changed):
        sid = str(number)
        sub = rows.get(sid)
        if sub is None and sid not in live.submissions:
            continue  # none of the record's, before or now: practice, another contest's
        judgements = () if sub is None else tuple(
            submission_judgements(session, sub, past.get(sub.id, ()), orders))
        live._put(None if sub is None else clics_submission(sub), sid, judgements)
        live.changed_at[sid] = live.generation
        if sid in live.judged:
            gone.append(live.judged.pop(sid))
        if sub is not None and sub.team_id in starts:
            live.judged[sid] = judged_submission(sub, starts[sub.team_id])
            came.append(live.judged[sid])
    for standings in live.standings.values():
        standings.update(gone, came)
    _award(live)
    return True


def _continues(kept: LiveRecord, live: LiveRecord) -> bool:
    """Whether `live`, read whole, differs from `kept` in submissions and judgements alone
    (and the clarifications and awards, which a view's update compares whole)."""
    keep = ("submissions", "judgements", "clarifications", "awards", "public_awards")
    return (kept.stamp == live.stamp and kept.orders == live.orders
            and replace(kept.base, **{name: () for name in keep})
            == replace(live.base, **{name: () for name in keep}))


def _go_on(kept: LiveRecord, live: LiveRecord) -> None:
    """`live` goes on from `kept`'s generations: the submissions that differ are changed in
    a new one, so that a log synced to `kept` stays in step by their objects alone."""
    live.lineage = kept.lineage
    live.generation = kept.generation + 1
    live.changed_at = dict(kept.changed_at)
    live.gone = dict(kept.gone)
    for sid in kept.submissions.keys() | live.submissions.keys():
        if (kept.submissions.get(sid) != live.submissions.get(sid)
                or kept.judgements.get(sid) != live.judgements.get(sid)):
            live.changed_at[sid] = live.generation
            if sid not in live.submissions:
                live.gone[sid] = kept.submissions[sid]
    for sid, ids in kept.ever_judgements.items():
        live.ever_judgements.setdefault(sid, set()).update(ids)
    for jid, count in kept.ever_runs.items():
        live.ever_runs[jid] = max(live.ever_runs.get(jid, 0), count)
