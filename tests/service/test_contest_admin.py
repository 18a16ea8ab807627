"""A contest created and edited by an admin on the pages (an HTTP client keeping cookies), on
SQLite and a real PostgreSQL: the contest.yaml fields, problems, groups and teams with members
stored as `judge contest import` stores them; a refused form comes back as typed with each
error next to its field; only admins, and only with the form's CSRF token."""

from __future__ import annotations

import html as html_text
import re
from dataclasses import replace
from datetime import datetime, timedelta, timezone


from judge.contest.model import Account, AccountType, Medals, ScoreboardType, ScoreMode
from judge.service.auth import add_user
from judge.service.contests import load_contest, store_contest
from judge.service.models import ContestAccount, ContestTeam, Role
from tests.service.test_contest_pages import CSRF, CUP, START, browser
from tests.service.test_contest_pages import clock, site  # noqa: F401 - fixtures

FIELDS = {
    "id": "spring", "name": "Spring Cup", "formal_name": "The Spring Cup 2027",
    "start_time": "2027-03-01 10:00", "duration": "4:00:00", "freeze": "0:30:00",
    "penalty_time": "15", "scoreboard_type": "score", "score_mode": "best-submission",
    "time_tiebreak": "yes", "team_duration": "2:00:00", "balloons_after_freeze": "yes",
}


def rows(**columns: list[str]) -> dict[str, list[str]]:
    """The rows of the form's lists, a column per field name (as the browser posts them)."""
    return columns


def post_form(page, path: str, fields: dict, extra: dict[str, list[str]]):
    token = CSRF.search(page.http.get(path).text).group(1)
    return page.http.post(path, data=fields | extra | {"csrf_token": token})


def field_error(html: str, key: str) -> str:
    found = re.search(rf'id="error-{re.escape(key)}" role="alert">([^<]*)<', html)
    return html_text.unescape(found.group(1)) if found else ""


def test_an_admin_creates_a_contest_with_problems_groups_and_a_team(site):  # noqa: F811
    admin = browser(site, "admin")
    assert 'href="/admin/contests/new"' in admin.http.get("/contests").text
    extra = rows(
        problem_label=["A", "B", ""], problem_problem=["other", "sum", ""],
        problem_color=["green", "", ""], problem_rgb=["#0f0", "", ""],
        group_id=["div1", ""], group_name=["Division 1", ""], group_hidden=["", ""],
        team_id=["t9", ""], team_name=["Gamma", ""], team_members=["alice, carol", ""],
        team_groups=["div1", ""], team_extra_time=["0:15:00", ""],
    )
    answer = post_form(admin, "/admin/contests/new", FIELDS, extra)
    assert answer.status_code == 200, answer.text
    assert re.search(r"carol [0-9a-zA-Z_-]{20,}", answer.text)  # a new user: its token, once
    with site.database.session() as session:
        contest = load_contest(session, "spring")
        assert {a.username: a.team_id for a in contest.accounts} == {"alice": "t9",
                                                                    "carol": "t9"}
    assert contest.name == "Spring Cup" and contest.formal_name == "The Spring Cup 2027"
    assert contest.start_time == datetime(2027, 3, 1, 10, tzinfo=timezone.utc)
    assert (contest.duration, contest.scoreboard_freeze_duration, contest.penalty_time) == (
        timedelta(hours=4), timedelta(minutes=30), 15)
    assert contest.scoreboard_type is ScoreboardType.SCORE
    assert contest.score_mode is ScoreMode.BEST_SUBMISSION and contest.time_tiebreak
    assert contest.team_duration == timedelta(hours=2) and contest.balloons_after_freeze
    assert [(p.label, p.id, p.ordinal, p.color, p.rgb) for p in contest.problems] == [
        ("A", "other", 0, "green", "#00ff00"), ("B", "sum", 1, None, None)]
    assert [(g.id, g.name, g.hidden) for g in contest.groups] == [("div1", "Division 1", False)]
    team = contest.teams[0]
    assert (team.id, team.name, team.group_ids, team.extra_time) == (
        "t9", "Gamma", ("div1",), timedelta(minutes=15))
    listed = admin.http.get("/contests").text
    assert 'href="/contests/spring">Spring Cup</a>' in listed


def test_a_refused_form_comes_back_as_typed_with_each_error_by_its_field(site):  # noqa: F811
    admin = browser(site, "admin")
    fields = FIELDS | {"duration": "four hours", "freeze": "5:00:00", "start_time": "March"}
    extra = rows(problem_label=["A", "A"], problem_problem=["sum", "nope"],
                 problem_color=["", ""], problem_rgb=["", "blue"],
                 team_id=["t9"], team_name=[""], team_members=["alice"],
                 team_groups=["div7"], team_extra_time=[""])
    answer = post_form(admin, "/admin/contests/new", fields, extra)
    assert answer.status_code == 422
    html = answer.text
    assert field_error(html, "duration") == "a length as h:mm:ss"
    assert field_error(html, "start_time").startswith("a time as 2026-12-05 09:00 (UTC)")
    assert field_error(html, "problem-1-label").startswith("a label")
    assert field_error(html, "problem-1-problem").startswith("one of this judge's problems")
    assert field_error(html, "problem-1-rgb") == "a colour as #rrggbb"
    assert field_error(html, "team-0-name") == "a team needs a name"
    assert field_error(html, "team-0-groups") == "no group div7 (add it under Groups)"
    assert field_error(html, "name") == ""  # a right field has no error
    for typed in ('value="four hours"', 'value="March"', 'value="Spring Cup"', 'value="nope"',
                  'value="blue"', 'value="div7"', 'value="alice"'):
        assert typed in html  # nothing typed is lost
    with site.database.session() as session:
        assert load_contest(session, "spring") is None
    again = post_form(admin, "/admin/contests/new", FIELDS | {"id": "cup"}, {})
    assert again.status_code == 422 and field_error(again.text, "id") == (
        "there is a contest cup already")


def test_only_admins_and_only_with_the_forms_token(site):  # noqa: F811
    for name in ("alice", "setter"):
        assert browser(site, name).http.get("/admin/contests/new").status_code == 403
    admin = browser(site, "admin")
    forged = admin.http.post("/admin/contests/new", data=FIELDS | {"csrf_token": "0" * 64})
    assert forged.status_code == 403
    with site.database.session() as session:
        assert load_contest(session, "spring") is None


def test_editing_keeps_what_the_form_does_not_show(site, clock):  # noqa: F811
    staffed = replace(CUP, accounts=(
        Account("a1", "alice", AccountType.TEAM, "t1", password="s3cret"),
        Account("bob", "bob", AccountType.TEAM, "t2"),
        Account("runner", "runner", AccountType.STAFF),
    ), team_duration=timedelta(hours=1), medals=Medals(gold=1, silver=1, bronze=1))
    started = START + timedelta(minutes=5)
    with site.database.writing() as session:
        add_user(session, "runner", Role.CONTESTANT)
        store_contest(session, staffed)
        session.get(ContestTeam, ("cup", "t1")).started_at = started
    admin = browser(site, "admin")
    page = admin.http.get("/admin/contests/cup").text
    assert 'value="Flows Cup"' in page and 'value="alice"' in page and 'value="div1"' in page
    form = {k: v for k, v in FIELDS.items() if k != "id"} | {
        "name": "Flows Cup (renamed)", "start_time": "2026-12-05T09:00:00Z",
        "duration": "5:00:00", "freeze": "1:00:00", "scoreboard_type": "pass-fail",
        "team_duration": "1:00:00", "balloons_after_freeze": ""}
    extra = rows(problem_label=["A"], problem_problem=["sum"], problem_color=["red"],
                 problem_rgb=["#ff0000"],
                 group_id=["div1", "div2"], group_name=["Division 1", "Division 2"],
                 group_hidden=["", "yes"],
                 team_id=["t1", "t2"], team_name=["Alpha", "Beta"],
                 team_members=["alice", "bob"], team_groups=["div1", "div2"],
                 team_extra_time=["", "0:10:00"])
    answer = post_form(admin, "/admin/contests/cup", form, extra)
    assert answer.status_code == 303 and answer.headers["location"] == "/contests/cup"
    with site.database.session() as session:
        contest = load_contest(session, "cup")
        assert session.get(ContestTeam, ("cup", "t1")).started_at == started
        kept = session.get(ContestAccount, ("cup", "a1"))
        assert kept.username == "alice" and kept.password_hash is not None
    assert contest.name == "Flows Cup (renamed)" and [p.id for p in contest.problems] == ["sum"]
    assert contest.organizations == CUP.organizations and contest.medals == staffed.medals
    assert contest.teams[0].organization_id == "kth" and contest.groups[1].hidden
    assert contest.teams[1].extra_time == timedelta(minutes=10)
    assert {a.id for a in contest.accounts} == {"a1", "bob", "runner"}
    assert "Flows Cup (renamed)" in admin.http.get("/contests").text
