"""A contest as the CLICS Contest API shows it, read from the database: the ContestRecord that
judge.contest.clics_snapshot turns into every endpoint's objects.

A stored submission of a contest (practice left out, as the board leaves it out) is a CLICS
submission; once a worker has started on it, its current attempt is a judgement (id
`<submission>-<attempt>`: a rejudge is a new judgement, after the ones it replaced, which stay:
judge.service.judgement_history), with a run per finished test, read from the result document
once judged and from the progress table while judging. The service
keeps no clock per test, so a run's time is the judgement's start plus the tests' wall times so
far (never past the judgement's end). A submission the judge could not judge (failed) is a JE.

Clarifications are the stored ones (id: the row's); the awards are read off the jury's and the
public's boards (judge.contest.clics_awards), the same boards the scoreboard endpoint serves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from judge.contest.clics_awards import awards
from judge.contest.clics_input import Award, Clarification, Judgement, Language, Run, Submission
from judge.contest.clics_snapshot import ContestRecord, ProblemFacts
from judge.errors import JudgeError
from judge.languages.descriptor import Entry
from judge.languages.registry import all_languages
from judge.problem.spec import Problem
from judge.problem.testdata import discover_tests
from judge.service import store
from judge.contest import model
from judge.contest.model import View
from judge.service.contest_board import (
    board_of,
    judged_submission,
    team_starts,
    with_max_scores,
)
from judge.service.clarifications import clics_id_of
from judge.service.contests import aware, load_contest
from judge.service.judgement_history import past_judgements
from judge.service.models import Clarification as ClarificationRow
from judge.service.models import Contest, ContestTeam, PastJudgement, Status
from judge.service.models import Submission as SubmissionRow
from judge.verdicts.verdict import Verdict

ENTRY_NAMES = {Entry.MAIN_FILE: "Main file", Entry.MAIN_CLASS: "Main class"}


def clics_languages() -> tuple[Language, ...]:
    """The languages this judge knows (the registry), as CLICS languages."""
    return tuple(
        Language(
            id=language.id,
            name=language.name,
            extensions=tuple(ext.lstrip(".") for ext in language.extensions),
            entry_point_required=language.entry is not Entry.BINARY,
            entry_point_name=ENTRY_NAMES.get(language.entry),
        )
        for language in all_languages()
    )


def entry_point(language_id: str, filename: str) -> str | None:
    """What the submission's program starts from: Java's class, a script's file; None for
    languages that compile to a binary."""
    entry = next((lang.entry for lang in all_languages() if lang.id == language_id), None)
    if entry is Entry.MAIN_CLASS:
        return filename.rsplit(".", 1)[0]
    if entry is Entry.MAIN_FILE:
        return filename
    return None


def contest_record(
    session: Session, contest_id: str, problem: Callable[[str], Problem]
) -> ContestRecord | None:
    """The contest `contest_id` as it stands, or None when there is none. `problem` loads a
    problem of the project (its title, time limit and tests)."""
    row = session.get(Contest, contest_id)
    contest = load_contest(session, contest_id)
    if row is None or contest is None:
        return None
    contest = with_max_scores(session, contest)
    facts, orders = problem_facts(contest, problem)
    teams = {team.id for team in contest.teams}
    rows = session.scalars(
        select(SubmissionRow)
        .where(SubmissionRow.contest_id == contest_id, SubmissionRow.practice.is_(False))
        .order_by(SubmissionRow.submitted_at, SubmissionRow.id)
    ).all()
    submissions, judgements = [], []
    past = past_judgements(session, contest_id)
    for sub in rows:
        if sub.team_id not in teams:
            continue
        submissions.append(clics_submission(sub))
        judgements += submission_judgements(session, sub, past.get(sub.id, ()), orders)
    thawed, finalized = aware(row.thawed_at), aware(row.finalized_at)
    jury_awards, public_awards = _awards(session, contest, rows, thawed)
    return ContestRecord(
        contest=contest,
        problems=facts,
        languages=clics_languages(),
        submissions=tuple(submissions),
        judgements=tuple(judgements),
        clarifications=clarifications(session, contest),
        awards=jury_awards,
        public_awards=public_awards,
        thawed_at=thawed,
        finalized_at=finalized,
        end_of_updates_at=settled_at(thawed, finalized),
        started_teams=started_teams(session, contest_id),
    )


def started_teams(session: Session, contest_id: str) -> frozenset[str]:
    """The teams that have started their own windows (a contest of team windows)."""
    return frozenset(session.scalars(select(ContestTeam.id).where(
        ContestTeam.contest_id == contest_id, ContestTeam.started_at.is_not(None))))


def problem_facts(contest: model.Contest, problem: Callable[[str], Problem]
                  ) -> tuple[tuple[ProblemFacts, ...], dict[str, dict[str, int]]]:
    """What the problem packages say of the contest's problems, and each problem's tests'
    places in its order (by test name)."""
    orders = {}
    facts = []
    for entry in contest.problems:
        try:
            loaded = problem(entry.id)
            names = [case.name for case in discover_tests(loaded)]
            title, limit = loaded.title, loaded.limits.time_ms / 1000
        except JudgeError:
            names, title, limit = [], entry.id, 0.0  # a broken package: what there is to say
        orders[entry.id] = {name: i for i, name in enumerate(names, 1)}
        facts.append(ProblemFacts(entry.id, title, limit, len(names), entry.max_score))
    return tuple(facts), orders


def submission_judgements(session: Session, sub: SubmissionRow, past: Iterable[PastJudgement],
                          orders: dict[str, dict[str, int]]) -> list[Judgement]:
    """The submission's judgements: those a rejudge replaced (`past`, oldest first), then
    its current one if a worker has started on it."""
    order = orders.get(sub.problem, {})
    judgements = [_past_judgement(sub, kept, order) for kept in past]
    judgement = _judgement(session, sub, order)
    return judgements if judgement is None else [*judgements, judgement]


def _awards(session: Session, contest: model.Contest, rows: list[SubmissionRow],
            thawed: datetime | None) -> tuple[tuple[Award, ...], tuple[Award, ...]]:
    """The awards of the jury's board and of the public's, from the submissions read already.
    The public's board differs only while a freeze hides a submission (hidden teams win
    nothing on either), so it is made only then: a board costs as much as the rest."""
    starts = team_starts(session, contest)
    judged = [judged_submission(sub, starts[sub.team_id]) for sub in rows
              if sub.team_id in starts]
    jury = awards(contest, board_of(contest, judged, View.JURY, thawed, None).standings)
    if not freeze_hides_any(contest, thawed, judged):
        return jury, jury
    public = board_of(contest, judged, View.PUBLIC, thawed, None).standings
    return jury, awards(contest, public)


def freeze_hides_any(contest: model.Contest, thawed: datetime | None,
                     judged: Iterable[model.JudgedSubmission]) -> bool:
    """Whether the public's board differs from the jury's: only while a freeze, not yet
    thawed, hides a submission."""
    freeze = contest.freeze_time
    return not (thawed is not None or freeze is None
                or all(s.submitted_at < freeze for s in judged))


def clarifications(session: Session, contest: model.Contest) -> tuple[Clarification, ...]:
    """The contest's clarifications, oldest first (who sees which: clics_snapshot). Those of
    a team no longer in the contest (it was imported again without it) go with the team, and
    a problem no longer in it is no longer named: the API's references must resolve."""
    teams = {team.id for team in contest.teams}
    problems = {problem.id for problem in contest.problems}
    rows = session.scalars(
        select(ClarificationRow).where(ClarificationRow.contest_id == contest.id)
        .order_by(ClarificationRow.sent_at, ClarificationRow.id)
    ).all()
    kept = [row for row in rows if {row.from_team_id, row.to_team_id} <= teams | {None}]
    ids = {row.id: clics_id_of(row) for row in kept}
    return tuple(Clarification(
        id=ids[row.id], time=aware(row.sent_at), text=row.text, from_team_id=row.from_team_id,
        to_team_id=row.to_team_id, problem_id=row.problem if row.problem in problems else None,
        reply_to_id=ids.get(row.reply_to_id),
    ) for row in kept)


def clics_submission(sub: SubmissionRow) -> Submission:
    return Submission(
        id=str(sub.id), team_id=sub.team_id, problem_id=sub.problem, language_id=sub.language,
        time=aware(sub.submitted_at), entry_point=entry_point(sub.language, sub.filename),
    )


def settled_at(thawed: datetime | None, finalized: datetime | None) -> datetime | None:
    """When the updates end: once finalized (and thawed, when thawed later; a frozen contest's
    state waits for the thaw in any case, judge.contest.clics_board)."""
    if finalized is None:
        return None
    return max(finalized, thawed) if thawed is not None else finalized


def _judgement(session: Session, sub: SubmissionRow, order: dict[str, int]) -> Judgement | None:
    if sub.started_at is None or sub.status is Status.QUEUED:
        return None
    # Never before the submission: a submission is stamped by the service's clock (contest
    # time), its judging by the machine's, and the two may differ (a clock set back, a test's
    # clock); a reader of the feed must meet the submission before its judgement.
    start = max(aware(sub.started_at), aware(sub.submitted_at))
    judgement_id = f"{sub.id}-{sub.attempt}"
    end = None
    if sub.status in (Status.DONE, Status.FAILED):
        end = max(aware(sub.finished_at or sub.started_at), start)
    if sub.status is Status.DONE and sub.result is not None:
        cases = list(sub.result.get("tests") or ())
    else:
        cases = store.progress_cases(session, sub)
    verdict = None
    if sub.status is Status.DONE:
        verdict = _verdict(sub.verdict) or Verdict.JE
    elif sub.status is Status.FAILED:
        verdict = Verdict.JE
    max_run = (sub.result or {}).get("max_time_ms")
    return Judgement(
        id=judgement_id,
        submission_id=str(sub.id),
        start_time=start,
        end_time=end if verdict is not None else None,
        verdict=verdict,
        score=sub.score,
        max_run_time=max_run / 1000 if max_run is not None else None,
        runs=_runs(judgement_id, cases, order, start, end),
    )


def _past_judgement(sub: SubmissionRow, kept: PastJudgement, order: dict[str, int]) -> Judgement:
    """A judgement a later attempt replaced, as it ended (judge.service.judgement_history)."""
    start = max(aware(kept.started_at), aware(sub.submitted_at))
    end = max(aware(kept.finished_at), start)
    judgement_id = f"{sub.id}-{kept.attempt}"
    return Judgement(
        id=judgement_id,
        submission_id=str(sub.id),
        start_time=start,
        end_time=end,
        verdict=_verdict(kept.verdict) or Verdict.JE,
        score=kept.score,
        max_run_time=kept.max_time_ms / 1000 if kept.max_time_ms is not None else None,
        runs=_runs(judgement_id, kept.tests, order, start, end),
    )


def _runs(judgement_id: str, cases: list[dict], order: dict[str, int], start: datetime,
          end: datetime | None) -> tuple[Run, ...]:
    runs, elapsed = [], timedelta(0)
    for position, case in enumerate(cases, 1):
        elapsed += timedelta(milliseconds=case.get("wall_ms") or 0)
        moment = start + elapsed if end is None else min(start + elapsed, end)
        runs.append(Run(
            id=f"{judgement_id}-{position}",
            ordinal=order.get(case.get("name"), position),
            verdict=_verdict(case.get("verdict")) or Verdict.JE,
            time=moment,
            run_time=(case.get("time_ms") or 0) / 1000,
        ))
    return tuple(runs)


def _verdict(value: str | None) -> Verdict | None:
    try:
        return Verdict(value) if value else None
    except ValueError:
        return None
