"""The CLICS Contest API (ccs-specs 2023-06) seen from outside: its objects and its event feed as
pure functions of the contest model. The service serves what these return under /api/contests/...

    clics_times     RFC 3339 times and (-)h:mm:ss.uuu contest times
    clics_input     the facts the model lacks (languages, submissions, judgements and runs, ...)
    clics_types     this judge's verdicts as judgement types
    clics_objects   one builder per endpoint object
    clics_board     state and scoreboard
    clics_access    api information, access, and which viewer sees which properties
    clics_snapshot  every endpoint's objects at one moment, for one viewer
    clics_feed      the event feed: an append-only log with since_token
"""

from judge.contest.clics_access import access_object, api_information, endpoint_properties
from judge.contest.clics_board import scoreboard_object, state_object
from judge.contest.clics_feed import Event, FeedLog, UnknownToken, event_line, event_object
from judge.contest.clics_input import Award, Clarification, Judgement, Language, Run, Submission
from judge.contest.clics_objects import (
    account_object,
    award_object,
    clarification_object,
    contest_object,
    group_object,
    judgement_object,
    language_object,
    organization_object,
    problem_object,
    run_object,
    submission_object,
    team_object,
)
from judge.contest.clics_snapshot import ContestRecord, ProblemFacts, snapshot
from judge.contest.clics_times import abstime, contest_time, reltime
from judge.contest.clics_types import judgement_type_id, judgement_type_objects

__all__ = [
    "Award", "Clarification", "ContestRecord", "Event", "FeedLog", "Judgement", "Language",
    "ProblemFacts", "Run", "Submission", "UnknownToken", "abstime", "access_object",
    "account_object", "api_information", "award_object", "clarification_object",
    "contest_object", "contest_time", "endpoint_properties", "event_line", "event_object",
    "group_object", "judgement_object", "judgement_type_id", "judgement_type_objects",
    "language_object", "organization_object", "problem_object", "reltime", "run_object",
    "scoreboard_object", "snapshot", "state_object", "submission_object", "team_object",
]
