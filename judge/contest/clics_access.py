"""The CLICS metadata endpoints (2023-06): the API information object and `access`, which lists,
per viewer, the endpoints served and the properties each object may carry.

The property lists are the ones the builders in clics_objects and clics_board write, kept here
in one table so that a test can hold every object to its viewer's list (the spec: objects carry
only the properties `access` lists, and every listed property that has a value).
"""

from __future__ import annotations

from judge.contest.model import AccountType, Contest, ScoreboardType

API_VERSION = "2023-06"
API_VERSION_URL = "https://ccs-specs.icpc.io/2023-06/contest_api"

# Endpoint type (the feed's and access's name) -> every property this judge writes.
PROPERTIES: dict[str, tuple[str, ...]] = {
    "contest": ("id", "name", "formal_name", "start_time", "duration",
                "scoreboard_freeze_duration", "scoreboard_type", "penalty_time"),
    "judgement-types": ("id", "name", "penalty", "solved"),
    "languages": ("id", "name", "entry_point_required", "entry_point_name", "extensions",
                  "compiler", "runner"),
    "problems": ("id", "uuid", "label", "name", "ordinal", "rgb", "color", "time_limit",
                 "test_data_count", "max_score"),
    "groups": ("id", "name"),
    "organizations": ("id", "name", "formal_name", "country"),
    "teams": ("id", "name", "label", "display_name", "organization_id", "group_ids", "hidden"),
    "accounts": ("id", "username", "password", "name", "type", "team_id"),
    "state": ("started", "frozen", "ended", "thawed", "finalized", "end_of_updates"),
    "submissions": ("id", "language_id", "problem_id", "team_id", "time", "contest_time",
                    "entry_point", "files"),
    "judgements": ("id", "submission_id", "judgement_type_id", "score", "start_time",
                   "start_contest_time", "end_time", "end_contest_time", "max_run_time"),
    "runs": ("id", "judgement_id", "ordinal", "judgement_type_id", "time", "contest_time",
             "run_time"),
    "clarifications": ("id", "from_team_id", "to_team_id", "reply_to_id", "problem_id", "text",
                       "time", "contest_time"),
    "awards": ("id", "citation", "team_ids"),
    "scoreboard": ("time", "contest_time", "state", "rows"),
    "event-feed": ("type", "id", "data", "token"),
}

_EVERYONE = ("contest", "judgement-types", "languages", "problems", "groups", "organizations",
             "teams", "state", "submissions", "judgements", "clarifications", "awards",
             "scoreboard", "event-feed")
# Who sees which endpoints. Everyone sees clarifications, each viewer its own share of them (the
# public the jury's messages to all; a team also its own questions and what is sent to it);
# teams see their own account; per-test runs and everyone's accounts are for the jury.
ENDPOINTS: dict[AccountType | None, tuple[str, ...]] = {
    None: _EVERYONE,
    AccountType.TEAM: _EVERYONE + ("accounts",),
    AccountType.ANALYST: _EVERYONE + ("runs",),
    AccountType.STAFF: _EVERYONE,
    AccountType.JUDGE: _EVERYONE + ("runs", "accounts"),
    AccountType.ADMIN: _EVERYONE + ("runs", "accounts"),
}


def api_information(provider_version: str | None = None) -> dict:
    provider = {"name": "judge"}
    if provider_version is not None:
        provider["version"] = provider_version
    return {"version": API_VERSION, "version_url": API_VERSION_URL, "provider": provider}


def endpoint_properties(contest: Contest, viewer: AccountType | None, endpoint: str) -> list[str]:
    """The properties of `endpoint`'s objects that `viewer` may see in `contest`."""
    scored = contest.scoreboard_type is ScoreboardType.SCORE
    # Penalties exist only in pass-fail contests, scores only in scored ones (the spec ties them).
    left_out = {"penalty_time", "penalty"} if scored else {"score", "max_score"}
    if viewer is not AccountType.ADMIN:
        left_out.add("password")
    return [name for name in PROPERTIES[endpoint] if name not in left_out]


def access_object(contest: Contest, viewer: AccountType | None,
                  capabilities: tuple[str, ...] = ()) -> dict:
    """`capabilities` are the ones the service grants this viewer (team_submit, contest_start,
    ...): what the service can do is its own to say, so nothing is assumed here."""
    return {
        "capabilities": list(capabilities),
        "endpoints": [{"type": endpoint,
                       "properties": endpoint_properties(contest, viewer, endpoint)}
                      for endpoint in ENDPOINTS[viewer]],
    }
