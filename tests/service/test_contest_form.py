"""The admin's contest form read into a contest, as pure functions: a contest shown in the
form and saved unchanged is the same contest (the package's own fixture); rows left empty are
no rows; start times as people type them; members become accounts, keeping the ones there."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

from starlette.datastructures import FormData

from judge.contest.model import AccountType
from judge.contest.package import read_contest
from judge.web.site.contest_form import ContestForm, ProblemRow, TeamRow, contest_of_form

FLOWS = Path(__file__).parents[1] / "fixtures" / "contests" / "flows"
KNOWN = ("sightseeing", "drainage", "powernetwork", "sum")


def by_id(accounts):
    return sorted(accounts, key=lambda account: account.id)


def test_a_contest_saved_unchanged_from_its_form_is_the_same_contest():
    contest = read_contest(FLOWS).contest
    again, errors = contest_of_form(ContestForm.of_contest(contest), KNOWN, contest)
    assert errors == {}
    assert replace(again, accounts=()) == replace(contest, accounts=())
    assert by_id(again.accounts) == by_id(contest.accounts)  # passwords and all


def test_empty_rows_are_no_rows_and_what_was_typed_stays_as_typed():
    form = ContestForm.of_fields(FormData([
        ("id", " spring "), ("name", "Spring"), ("duration", "5:00:00"), ("freeze", ""),
        ("penalty_time", "20"), ("scoreboard_type", "pass-fail"), ("score_mode", "subtask-sum"),
        ("problem_label", "A"), ("problem_problem", "sum"), ("problem_color", ""),
        ("problem_rgb", "#abc"),
        ("problem_label", ""), ("problem_problem", ""), ("problem_color", ""),
        ("problem_rgb", ""),
        ("team_id", "t1"), ("team_name", "Alpha"), ("team_members", "ann, bo"),
        ("team_groups", ""), ("team_extra_time", " 0:05:00 "),
    ]))
    assert form.id == "spring" and form.problems == (ProblemRow("A", "sum", "", "#abc"),)
    assert form.teams == (TeamRow("t1", "Alpha", "ann, bo", "", " 0:05:00 "),)
    assert len(form.with_blank_rows().problems) == 3
    contest, errors = contest_of_form(form, KNOWN, None)
    assert errors == {}
    assert contest.problems[0].rgb == "#aabbcc" and contest.scoreboard_freeze_duration is None
    assert contest.teams[0].extra_time == timedelta(minutes=5)
    assert [(a.id, a.username, a.type, a.team_id) for a in contest.accounts] == [
        ("ann", "ann", AccountType.TEAM, "t1"), ("bo", "bo", AccountType.TEAM, "t1")]


def test_start_times_as_people_type_them():
    base = ContestForm(id="c", name="C")
    for typed, meant in [
        ("2027-03-01 10:00", datetime(2027, 3, 1, 10, tzinfo=timezone.utc)),
        ("2027-03-01T10:00:30", datetime(2027, 3, 1, 10, 0, 30, tzinfo=timezone.utc)),
        ("2027-03-01T10:00:00+01:00", datetime(2027, 3, 1, 9, tzinfo=timezone.utc)),
        ("", None),
    ]:
        contest, errors = contest_of_form(replace(base, start_time=typed), KNOWN, None)
        assert errors == {} and contest.start_time == meant, typed
    for wrong in ("2027-02-30 10:00", "tomorrow", "10:00"):
        contest, errors = contest_of_form(replace(base, start_time=wrong), KNOWN, None)
        assert contest is None and "start_time" in errors, wrong


def test_a_member_on_two_teams_and_a_freeze_longer_than_the_contest_are_refused():
    form = ContestForm(id="c", name="C", duration="1:00:00", freeze="2:00:00", teams=(
        TeamRow("t1", "One", "ann"), TeamRow("t2", "Two", "bo ann"), TeamRow("t1", "Again")))
    contest, errors = contest_of_form(form, KNOWN, None)
    assert contest is None
    assert errors == {
        "freeze": "longer than the contest's duration",
        "team-1-members": "ann is on team t1 already",
        "team-2-id": "an identifier, once per contest",
    }


def test_a_members_account_of_the_package_is_kept_and_moved():
    contest = read_contest(FLOWS).contest
    form = ContestForm.of_contest(contest)
    moved = replace(form, teams=(replace(form.teams[0], members="team1 team3"),
                                 *form.teams[1:2], replace(form.teams[2], members="")))
    again, errors = contest_of_form(moved, KNOWN, contest)
    assert errors == {}
    team3 = next(a for a in again.accounts if a.username == "team3")
    assert (team3.id, team3.team_id) == ("team3", "t1")
    assert {a.username for a in again.accounts if a.type is AccountType.JUDGE} == {"jury"}


def test_a_member_whose_name_cannot_be_an_account_id_gets_one_that_can():
    long_name = "a" * 40 + ".b"  # a user name (up to 64), too long for a CLICS id (36)
    form = ContestForm(id="c", name="C", teams=(TeamRow("t1", "One", f"{long_name} x"),))
    contest, errors = contest_of_form(form, KNOWN, None)
    assert errors == {}
    assert [(a.id, a.username) for a in contest.accounts] == [("a" * 30 + "-2", long_name),
                                                               ("x", "x")]
