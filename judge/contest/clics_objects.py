"""The CLICS Contest API's objects (2023-06), one pure function each, from the contest model and
the facts in clics_input.

Optional properties whose value is unknown are left out rather than written as null: the spec
reads both alike, and the schemas refuse null for several (name, label, time_limit). Properties
the 2023-06 schemas do not define are never written, because a strict validator (the spec's own
check-api.sh is strict by default) refuses them.
"""

from __future__ import annotations

from judge.contest.clics_input import Award, Clarification, Judgement, Language, Run, Submission
from judge.contest.clics_times import abstime, abstime_or_none, contest_time, reltime, seconds
from judge.contest.clics_types import judgement_type_id
from judge.contest.model import (
    Account,
    AccountType,
    Contest,
    ContestProblem,
    Group,
    Organization,
    ScoreboardType,
    Team,
)



def _put(obj: dict, key: str, value) -> None:
    if value is not None:
        obj[key] = value


def contest_object(contest: Contest) -> dict:
    obj = {
        "id": contest.id,
        "name": contest.name,
        "formal_name": contest.formal_name or contest.name,
        "start_time": abstime_or_none(contest.start_time),
        "duration": reltime(contest.duration),
        "scoreboard_type": contest.scoreboard_type.value,
    }
    if contest.scoreboard_freeze_duration is not None:
        obj["scoreboard_freeze_duration"] = reltime(contest.scoreboard_freeze_duration)
    # The schema forbids a penalty time on a score contest, and requires it on a pass-fail one.
    if contest.scoreboard_type is ScoreboardType.PASS_FAIL:
        obj["penalty_time"] = contest.penalty_time
    return obj


def problem_object(
    problem: ContestProblem,
    *,
    name: str,
    time_limit: float,
    test_data_count: int,
    max_score: float | None = None,
    uuid: str | None = None,
) -> dict:
    """`name` is the problem's own title, used when the contest does not rename it; the limits
    and the test count come from the problem package, which this module does not read."""
    obj = {
        "id": problem.id,
        "label": problem.label,
        "name": problem.name or name,
        "ordinal": problem.ordinal,
        "time_limit": seconds(time_limit),
        "test_data_count": test_data_count,
    }
    _put(obj, "uuid", uuid)
    _put(obj, "rgb", problem.rgb)
    _put(obj, "color", problem.color)
    _put(obj, "max_score", max_score)
    return obj


def organization_object(organization: Organization) -> dict:
    obj = {"id": organization.id, "name": organization.name}
    _put(obj, "formal_name", organization.formal_name)
    _put(obj, "country", organization.country)
    return obj


def group_object(group: Group) -> dict:
    return {"id": group.id, "name": group.name}


def team_object(team: Team) -> dict:
    obj = {
        "id": team.id,
        "name": team.name,
        "label": team.id,  # the spec: a team's label is its id, as short as reasonable
        "group_ids": list(team.group_ids),
        "hidden": team.hidden,
    }
    _put(obj, "display_name", team.display_name)
    _put(obj, "organization_id", team.organization_id)
    return obj


def account_object(account: Account, viewer: AccountType | None) -> dict:
    """`viewer` is the account type asking (None: not logged in). Only an admin sees passwords:
    the spec expects that non-admin clients never do."""
    obj = {"id": account.id, "username": account.username, "type": account.type.value}
    _put(obj, "name", account.name)
    _put(obj, "team_id", account.team_id)
    if viewer is AccountType.ADMIN:
        _put(obj, "password", account.password)
    return obj


def language_object(language: Language) -> dict:
    obj = {
        "id": language.id,
        "name": language.name,
        "entry_point_required": language.entry_point_required,
        "extensions": list(language.extensions),
    }
    if language.entry_point_required:
        obj["entry_point_name"] = language.entry_point_name or "Main file"
    if language.compiler is not None:
        obj["compiler"] = {"command": language.compiler}
    if language.runner is not None:
        obj["runner"] = {"command": language.runner}
    return obj


def submission_object(contest: Contest, submission: Submission) -> dict:
    obj = {
        "id": submission.id,
        "language_id": submission.language_id,
        "problem_id": submission.problem_id,
        "team_id": submission.team_id,
        "time": abstime(submission.time),
        "contest_time": contest_time(contest.start_time, submission.time),
        # One zip of the files, relative to the API's base URL, where the service serves it.
        "files": [{
            "href": f"contests/{contest.id}/submissions/{submission.id}/files",
            "filename": "files.zip",
            "mime": "application/zip",
        }],
        # Written even when null: the spec says C and C++ have a null entry point, and the
        # schema's test for those languages holds only when the property is there.
        "entry_point": submission.entry_point,
    }
    return obj


def judgement_object(contest: Contest, judgement: Judgement) -> dict:
    """A judgement under way has a null verdict and end; both arrive together with the end."""
    done = judgement.end_time is not None and judgement.verdict is not None
    obj = {
        "id": judgement.id,
        "submission_id": judgement.submission_id,
        "judgement_type_id": judgement_type_id(judgement.verdict) if done else None,
        "start_time": abstime(judgement.start_time),
        "start_contest_time": contest_time(contest.start_time, judgement.start_time),
        "end_time": abstime(judgement.end_time) if done else None,
        "end_contest_time": contest_time(contest.start_time, judgement.end_time) if done else None,
    }
    if judgement.max_run_time is not None:
        obj["max_run_time"] = seconds(judgement.max_run_time)
    if contest.scoreboard_type is ScoreboardType.SCORE:
        obj["score"] = judgement.score if judgement.score is not None else 0
    return obj


def run_object(contest: Contest, judgement_id: str, run: Run) -> dict:
    return {
        "id": run.id,
        "judgement_id": judgement_id,
        "ordinal": run.ordinal,
        "judgement_type_id": judgement_type_id(run.verdict),
        "time": abstime(run.time),
        "contest_time": contest_time(contest.start_time, run.time),
        "run_time": seconds(run.run_time),
    }


def clarification_object(contest: Contest, clarification: Clarification) -> dict:
    if clarification.from_team_id is not None and clarification.to_team_id is not None:
        raise ValueError(f"clarification {clarification.id}: teams cannot write to teams")
    return {
        "id": clarification.id,
        "from_team_id": clarification.from_team_id,
        "to_team_id": clarification.to_team_id,
        "reply_to_id": clarification.reply_to_id,
        "problem_id": clarification.problem_id,
        "text": clarification.text,
        "time": abstime(clarification.time),
        "contest_time": contest_time(contest.start_time, clarification.time),
    }


def award_object(award: Award) -> dict:
    return {"id": award.id, "citation": award.citation, "team_ids": list(award.team_ids)}
