"""Every CLICS object this judge builds validates against the official 2023-06 schemas, strictly
(no property the spec does not define), for every viewer, before, during and after the contest."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta, timezone

import pytest

from judge.contest.clics import (
    Judgement,
    Run,
    abstime,
    access_object,
    api_information,
    endpoint_properties,
    judgement_object,
    judgement_type_id,
    judgement_type_objects,
    reltime,
    run_object,
    scoreboard_object,
    snapshot,
    state_object,
)
from judge.contest.model import AccountType
from judge.verdicts.verdict import Verdict
from tests.contest.clics_contest import (
    CONTEST,
    END,
    END_OF_UPDATES,
    SCORED,
    SCORED_PROBLEMS,
    SCORED_STANDINGS,
    STANDINGS,
    START,
    record_at,
)
from tests.contest.clics_schemas import dangling, errors, validator

VIEWERS = (None, AccountType.TEAM, AccountType.JUDGE, AccountType.ADMIN)
# Singular schema per endpoint type, and the collection's.
SINGLE = {"contest": "contest.json", "state": "state.json",
          "judgement-types": "judgement-type.json", "languages": "language.json",
          "problems": "problem.json", "groups": "group.json",
          "organizations": "organization.json", "teams": "team.json",
          "accounts": "account.json", "submissions": "submission.json",
          "judgements": "judgement.json", "runs": "run.json",
          "clarifications": "clarification.json", "awards": "award.json"}
COLLECTION = {kind: name.replace(".json", "s.json") for kind, name in SINGLE.items()
              if kind not in ("contest", "state")}
COLLECTION.update({"judgement-types": "judgement-types.json", "accounts": "accounts.json"})


def test_the_schemas_are_valid_draft_2020_12_and_resolve_locally():
    for name in ("common.json", "event-feed.json", "scoreboard.json", "contests.json"):
        schema_validator = validator(name)
        schema_validator.check_schema(schema_validator.schema)
    # A reference to common.json resolves without the network: a wrong time is caught there.
    assert errors("run.json", {"id": "r", "judgement_id": "j", "ordinal": 1,
                               "judgement_type_id": "AC", "time": "yesterday",
                               "contest_time": "0:00:01.000"})


def test_strict_mode_refuses_a_property_the_spec_does_not_define():
    team = {"id": "t1", "name": "Flow Riders", "label": "t1", "favourite_colour": "red"}
    assert errors("team.json", team)
    assert not errors("team.json", team, strict=False)


def test_times_are_rfc3339_with_milliseconds_and_contest_times_are_h_mm_ss_uuu():
    assert abstime(START) == "2026-12-04T10:00:00.000Z"
    assert reltime(timedelta(hours=5)) == "5:00:00.000"
    assert reltime(timedelta(hours=123, seconds=7.25)) == "123:00:07.250"
    assert reltime(-timedelta(minutes=15, seconds=32.457)) == "-0:15:32.457"
    assert reltime(-timedelta(microseconds=400)) == "0:00:00.000"
    assert abstime(START.astimezone(timezone(timedelta(hours=-3, minutes=-30)))) == (
        "2026-12-04T06:30:00.000-03:30")


@pytest.mark.parametrize("viewer", VIEWERS, ids=lambda v: getattr(v, "value", "public"))
@pytest.mark.parametrize("minutes", [-60, 0, 100, 245, 300, 400])
def test_every_object_and_endpoint_list_validates(viewer, minutes):
    now = START + timedelta(minutes=minutes)
    objects = snapshot(record_at(now), viewer, now, team_id="t1")
    for kind, by_id in objects.items():
        for obj in by_id.values():
            assert not errors(SINGLE[kind], obj), (kind, obj)
        if kind in COLLECTION:
            assert not errors(COLLECTION[kind], list(by_id.values())), kind
    assert not errors("contests.json", [objects["contest"][None]], nonempty=True)


def test_the_whole_contest_has_every_collection_non_empty_for_the_jury():
    now = END_OF_UPDATES
    objects = snapshot(record_at(now), AccountType.ADMIN, now)
    for kind, name in COLLECTION.items():
        assert objects[kind], kind
        assert not errors(name, list(objects[kind].values()), nonempty=True), kind


@pytest.mark.parametrize("viewer", VIEWERS, ids=lambda v: getattr(v, "value", "public"))
def test_objects_carry_only_the_properties_access_lists_for_their_viewer(viewer):
    access = access_object(CONTEST, viewer, ("team_submit",) if viewer else ())
    assert not errors("access.json", access)
    listed = {endpoint["type"]: set(endpoint["properties"]) for endpoint in access["endpoints"]}
    objects = snapshot(record_at(END_OF_UPDATES), viewer, END_OF_UPDATES, team_id="t1")
    for kind, by_id in objects.items():
        for obj in by_id.values():
            assert set(obj) <= listed[kind], (kind, set(obj) - listed[kind])
    # Referential integrity of access itself: what a listed property refers to is listed.
    refers = {"team_id": "teams", "problem_id": "problems", "language_id": "languages",
              "submission_id": "submissions", "judgement_id": "judgements",
              "organization_id": "organizations", "group_ids": "groups",
              "judgement_type_id": "judgement-types"}
    for properties in listed.values():
        for name in properties & set(refers):
            assert refers[name] in listed, name


def test_passwords_are_for_admins_only():
    for viewer in VIEWERS:
        accounts = snapshot(record_at(END), viewer, END, team_id="t1").get("accounts", {})
        shown = [a for a in accounts.values() if "password" in a]
        assert bool(shown) == (viewer is AccountType.ADMIN), viewer
        assert ("password" in endpoint_properties(CONTEST, viewer, "accounts")) == (
            viewer is AccountType.ADMIN)
    team_view = snapshot(record_at(END), AccountType.TEAM, END, team_id="t1")["accounts"]
    assert list(team_view) == ["team-t1"]


def test_the_public_does_not_see_hidden_teams_nor_judgements_behind_the_freeze():
    now = END
    public = snapshot(record_at(now), None, now)
    jury = snapshot(record_at(now), AccountType.JUDGE, now)
    assert "t3" not in public["teams"] and "t3" in jury["teams"]
    assert "observers" not in public["groups"]
    assert "5" not in public["submissions"]  # the hidden team's
    assert "j11" in jury["judgements"] and "j11" not in public["judgements"]
    assert "runs" not in public and "accounts" not in public
    thawed = snapshot(record_at(END_OF_UPDATES), None, END_OF_UPDATES)
    assert "j11" in thawed["judgements"]
    # A team sees its own results behind the freeze, not the others'.
    assert "j11" in snapshot(record_at(now), AccountType.TEAM, now, team_id="t1")["judgements"]
    assert "j11" not in snapshot(record_at(now), AccountType.TEAM, now, team_id="t2")[
        "judgements"]


def test_a_team_in_a_hidden_group_is_hidden_with_it():
    observer = replace(CONTEST.teams[2], hidden=False)
    contest = replace(CONTEST, teams=CONTEST.teams[:2] + (observer,))
    public = snapshot(record_at(END, contest), None, END)
    assert "t3" not in public["teams"] and "observers" not in public["groups"]
    assert "t3" in snapshot(record_at(END, contest), AccountType.ADMIN, END)["teams"]


@pytest.mark.parametrize(("viewer", "team_id"), [(v, "t1") for v in VIEWERS] + [
    (AccountType.TEAM, "t2")], ids=lambda v: getattr(v, "value", str(v)))
def test_what_a_viewer_sees_refers_only_to_what_it_sees(viewer, team_id):
    for minutes in range(-60, 420, 5):
        now = START + timedelta(minutes=minutes)
        objects = snapshot(record_at(now), viewer, now, team_id=team_id)
        assert not dangling(objects), (minutes, dangling(objects))


def test_a_team_reads_its_own_clarifications_and_the_broadcasts():
    def seen(team_id):
        clars = snapshot(record_at(END), AccountType.TEAM, END, team_id=team_id)
        return clars["clarifications"]

    assert set(seen("t1")) == {"c0", "c1", "c2", "c3", "c4"}
    assert seen("t1")["c0"]["contest_time"] == "-0:10:00.000"
    assert seen("t1")["c4"]["reply_to_id"] == "c1"
    assert set(seen("t2")) == {"c0", "c3", "c4"}
    assert seen("t2")["c4"]["reply_to_id"] is None  # t2 cannot see t1's question


def test_runs_are_numbered_within_their_problem_s_tests():
    objects = snapshot(record_at(END), AccountType.ADMIN, END)
    for run in objects["runs"].values():
        judgement = objects["judgements"][run["judgement_id"]]
        problem = objects["submissions"][judgement["submission_id"]]["problem_id"]
        assert 1 <= run["ordinal"] <= objects["problems"][problem]["test_data_count"]
        assert run["run_time"] <= judgement["max_run_time"]


def test_judgement_types_map_the_verdicts_with_the_ccs_penalties():
    types = snapshot(record_at(START), None, START)["judgement-types"]
    assert set(types) == {"AC", "WA", "TLE", "RTE", "MLE", "OLE", "PE", "CE", "JE"}
    assert types["AC"] == {"id": "AC", "name": "Accepted", "penalty": False, "solved": True}
    assert not types["CE"]["penalty"] and not types["JE"]["penalty"]
    assert all(t["penalty"] for k, t in types.items() if k not in ("AC", "CE", "JE"))


def test_scoreboard_state_and_api_information_validate():
    state = state_object(CONTEST, END, thawed_at=None)
    assert not errors("state.json", state)
    board = scoreboard_object(CONTEST, STANDINGS, time=END, state=state)
    assert not errors("scoreboard.json", board)
    assert board["rows"][0]["score"] == {"num_solved": 3, "total_time": 491, "time": 250}
    assert board["rows"][0]["problems"][0] == {"problem_id": "sightseeing", "num_judged": 2,
                                               "num_pending": 0, "solved": True, "time": 31}
    assert "time" not in board["rows"][1]["problems"][1]  # not solved: no time
    objects = snapshot(record_at(END), AccountType.JUDGE, END)
    for row in board["rows"]:
        assert row["team_id"] in objects["teams"]
        assert [cell["problem_id"] for cell in row["problems"]] == list(objects["problems"])
    assert not errors("api_information.json", api_information("0.1.0"))
    assert api_information()["version"] == "2023-06"


def test_state_follows_the_contest_and_keeps_the_spec_order():
    def state(minutes, **times):
        return state_object(CONTEST, START + timedelta(minutes=minutes), **times)

    assert state(-1) == {"started": None, "frozen": None, "ended": None, "thawed": None,
                         "finalized": None, "end_of_updates": None}
    assert state(241)["frozen"] == "2026-12-04T14:00:00.000Z"
    # A thaw or an end of updates asked for too early waits for what must come before it.
    early = state(310, thawed_at=START + timedelta(minutes=200),
                  end_of_updates_at=START + timedelta(minutes=305))
    assert early["thawed"] is None and early["end_of_updates"] is None
    done = state(400, thawed_at=END + timedelta(minutes=1),
                 finalized_at=END + timedelta(minutes=2),
                 end_of_updates_at=END + timedelta(minutes=3))
    assert None not in done.values()
    assert not errors("state.json", done)
    unfrozen = replace(CONTEST, scoreboard_freeze_duration=None)
    assert set(state_object(unfrozen, END)) == {"started", "ended", "finalized", "end_of_updates"}


def test_a_scored_contest_validates_with_scores_and_without_penalties():
    record = replace(record_at(END), contest=SCORED, problems=SCORED_PROBLEMS)
    objects = snapshot(record, AccountType.ADMIN, END)
    for kind, by_id in objects.items():
        for obj in by_id.values():
            assert not errors(SINGLE[kind], obj), (kind, obj)
    assert "penalty_time" not in objects["contest"][None]
    assert all("penalty" not in t for t in objects["judgement-types"].values())
    assert "RE" in objects["judgement-types"]
    assert all("score" in j for j in objects["judgements"].values())
    assert objects["problems"]["bridges"]["max_score"] == 100
    board = scoreboard_object(SCORED, SCORED_STANDINGS, time=END,
                              state=state_object(SCORED, END))
    assert not errors("scoreboard.json", board)
    assert board["rows"][0]["score"] == {"score": 137.5, "time": 130}
    assert board["rows"][1]["problems"][0] == {"problem_id": "sightseeing", "num_judged": 1,
                                               "num_pending": 0, "score": 0}


def test_every_verdict_of_this_judge_has_a_known_judgement_type():
    known = validator("common.json").schema["judgementtypeid"]["enum"]
    for verdict in Verdict:
        assert judgement_type_id(verdict) in known, verdict
    assert judgement_type_id(Verdict.RE) == "RTE"  # CLICS' RE is "rejected", not a crash
    assert judgement_type_id(Verdict.PA) == "RE"


def test_a_partially_accepted_judgement_is_rejected_with_its_score():
    begin = START + timedelta(minutes=30)
    run = Run("p-1", 1, Verdict.PA, begin + timedelta(seconds=1), 0.25)
    judgement = Judgement("p", "1", begin, begin + timedelta(seconds=2), Verdict.PA, score=37.5,
                          max_run_time=0.25, runs=(run,))
    obj = judgement_object(SCORED, judgement)
    assert obj["judgement_type_id"] == "RE" and obj["score"] == 37.5
    assert not errors("judgement.json", obj)
    assert not errors("run.json", run_object(SCORED, "p", run))
    types = {t["id"]: t for t in judgement_type_objects(SCORED.scoreboard_type)}
    assert types["RE"]["solved"] is False
