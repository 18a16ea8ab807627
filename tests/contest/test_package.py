"""The CLICS contest package: read into a Contest, written back the same; every mistake is
located by file, line and key; the 2021 spellings are read too."""

import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from judge.contest.model import AccountType, Medals, ScoreboardType, ScoreMode
from judge.contest.package import read_contest, write_contest
from judge.errors import ProblemError

FIXTURE = Path(__file__).parent.parent / "fixtures" / "contests" / "flows"
BUNDLED = {"sightseeing", "drainage", "powernetwork", "dining", "guess"}


@pytest.fixture
def package(tmp_path) -> Path:
    folder = tmp_path / "flows"
    shutil.copytree(FIXTURE, folder)
    return folder


def test_reads_the_fixture_contest():
    contest = read_contest(FIXTURE, BUNDLED).contest
    assert contest.id == "flows"
    assert contest.start_time == datetime(2026, 12, 5, 9, 0, tzinfo=timezone.utc)
    assert contest.duration == timedelta(hours=5)  # YAML 1.1 would have read 18000
    assert contest.freeze_time == datetime(2026, 12, 5, 13, 0, tzinfo=timezone.utc)
    assert contest.scoreboard_type is ScoreboardType.PASS_FAIL
    assert [(p.label, p.id, p.ordinal) for p in contest.problems] == [
        ("A", "sightseeing", 0), ("B", "drainage", 1), ("C", "powernetwork", 2),
    ]
    assert [t.id for t in contest.teams] == ["t1", "t2", "t3"]
    assert contest.teams[1].extra_time == timedelta(minutes=15)
    assert contest.teams[2].hidden and contest.groups[1].hidden
    assert [o.id for o in contest.organizations] == ["uu", "kth"]
    members = {a.username: a.team_id for a in contest.accounts if a.type is AccountType.TEAM}
    assert members == {"team1": "t1", "team2a": "t2", "team2b": "t2", "team3": "t3"}


def test_written_package_reads_back_the_same(tmp_path):
    contest = read_contest(FIXTURE).contest
    write_contest(contest, tmp_path / "out")
    again = read_contest(tmp_path / "out")
    assert again.contest == contest
    assert again.ignored == ()


def test_round_trip_of_a_scored_contest_with_team_windows(package, tmp_path):
    (package / "contest.yaml").write_text(
        "id: ioi-day1\nname: Day 1\nstart_time: null\nduration: 5:00:00.250\n"
        "scoreboard_type: score\nscore_mode: best-submission\ntime_tiebreak: true\n"
        "team_duration: 3:00:00\npenalty_time: 0\nballoons_after_freeze: true\n"
        "medals: {gold: 1, bronze: 2}\n"
    )
    (package / "accounts.json").write_text(
        '[{"id": "a", "username": "team1", "type": "team", "team_id": "t1", '
        '"password": "s3cret"}]'
    )
    contest = read_contest(package).contest
    assert contest.start_time is None
    assert contest.duration == timedelta(hours=5, milliseconds=250)
    assert contest.score_mode is ScoreMode.BEST_SUBMISSION and contest.time_tiebreak
    assert contest.team_duration == timedelta(hours=3) and contest.balloons_after_freeze
    assert contest.medals == Medals(gold=1, silver=0, bronze=2)
    write_contest(contest, tmp_path / "out")
    assert "5:00:00.250" in (tmp_path / "out" / "contest.yaml").read_text()
    assert read_contest(tmp_path / "out").contest == contest


def test_export_over_an_older_one_leaves_no_stale_files(package, tmp_path):
    contest = read_contest(package).contest
    write_contest(contest, tmp_path / "out")
    (package / "accounts.json").unlink()
    write_contest(read_contest(package).contest, tmp_path / "out")
    assert not (tmp_path / "out" / "accounts.json").exists()


def test_reads_the_2021_spellings(package):
    (package / "contest.yaml").write_text(
        "short-name: old\nname: Old style\nstart-time: 2021-11-01T09:00:00Z\n"
        "duration: 5:00:00\nscoreboard-freeze-length: 0:45:00\npenalty-time: 10\n"
    )
    (package / "problems.yaml").unlink()
    (package / "problemset.yaml").write_text(
        "problems:\n"
        "  - letter: A\n    short-name: sightseeing\n    color: red\n    rgb: '#f00'\n"
        "  - letter: B\n    short-name: drainage\n"
    )
    (package / "accounts.json").rename(package / "accounts.yaml")
    (package / "accounts.yaml").write_text(
        "- id: team1\n  username: team1\n  type: team\n  team_id: t1\n"
    )
    contest = read_contest(package, BUNDLED).contest
    assert contest.id == "old"
    assert contest.start_time == datetime(2021, 11, 1, 9, tzinfo=timezone.utc)
    assert contest.scoreboard_freeze_duration == timedelta(minutes=45)
    assert contest.penalty_time == 10
    assert [(p.label, p.id, p.rgb) for p in contest.problems] == [
        ("A", "sightseeing", "#ff0000"), ("B", "drainage", None),
    ]
    assert [a.username for a in contest.accounts] == ["team1"]


def test_unknown_keys_and_files_are_reported_not_dropped(package):
    text = (package / "contest.yaml").read_text()
    (package / "contest.yaml").write_text(text + "penalty_tme: 30\n")
    (package / "teams.json").write_text(
        '[\n {"id": "t1", "name": "One", "label": "1"},\n'
        ' {"id": "t2", "name": "Two", "label": "2"},\n'
        ' {"id": "t3", "name": "Three", "label": "3"}\n]\n'
    )
    (package / "logo.png").write_bytes(b"\x89PNG")
    ignored = read_contest(package).ignored
    assert f"{package / 'contest.yaml'}:10: key 'penalty_tme' ignored" in ignored
    assert f"{package / 'teams.json'}:2: key 'label' ignored (and in 2 more)" in ignored
    assert any("logo.png" in line for line in ignored)


CONTEST_HEAD = "id: flows\nname: Flows Cup\nstart_time: 2026-12-05T10:00:00+01:00\n"


@pytest.mark.parametrize(
    ("file", "text", "line", "key", "words"),
    [
        ("contest.yaml", CONTEST_HEAD + "duration: five hours\n", 4, "duration", "h:mm:ss"),
        ("contest.yaml", CONTEST_HEAD.replace("+01:00", "") + "duration: 5:00:00\n", 3,
         "start_time", "offset"),
        ("contest.yaml", CONTEST_HEAD + "duration: 5:00:00\nscoreboard_type: icpc\n", 5,
         "scoreboard_type", "pass-fail, score"),
        ("contest.yaml", CONTEST_HEAD + "duration: 5:00:00\npenalty_time: 20\n"
         "penalty-time: 20\n", 6, "penalty-time", "give one of them"),
        ("contest.yaml", CONTEST_HEAD + "duration: 1:00:00\n"
         "scoreboard_freeze_duration: 2:00:00\n", 5, "scoreboard_freeze_duration", "longer"),
        ("contest.yaml", CONTEST_HEAD, 1, "duration", "missing"),
        ("contest.yaml", CONTEST_HEAD + "duration: 5:00:00\npenalty_time: -5\n", 5,
         "penalty_time", "integer >= 0"),
        ("contest.yaml", "name: [oops\n", 2, None, "invalid YAML"),
        ("contest.yaml", CONTEST_HEAD + "duration: 5:00:00\nmedals: {gold: -1}\n", 5,
         "medals", "gold: expected a count"),
        ("contest.yaml", CONTEST_HEAD + "duration: 5:00:00\nmedals: {platinum: 1}\n", 5,
         "medals", "gold, silver, bronze"),
        ("problems.yaml", "- id: sightseeing\n  label: A\n- id: sightseeing2\n  label: B\n",
         3, "id", "did you mean 'sightseeing'"),
        ("problems.yaml", "- id: sightseeing\n  label: A\n- id: drainage\n  label: A\n",
         4, "label", "given twice"),
        ("problems.yaml", "- id: sightseeing\n  label: A\n- id: drainage\n", 3, "label",
         "missing"),
        ("problems.yaml", "- id: sightseeing\n  label: A\n  rgb: red\n", 3, "rgb", "#rrggbb"),
        ("teams.json", '[\n  {"id": "t1", "name": "One"},\n  {"id": "t2", "name": "Two",\n'
         '   "organization_id": "mit"}\n]\n', 3, "organization_id", "no organization 'mit'"),
        ("teams.json", '[\n  {"id": "t1", "name": "One"},\n  {"id": "t2"}\n]\n', 3, "name",
         "missing"),
        ("teams.json", '[\n  {"id": "t1", "name": "One"},\n  {"id": "t2", "name": }\n]\n', 3,
         None, "invalid JSON"),
        ("teams.json", '[\n  {"id": "t1", "name": "One", "group_ids": ["student"]}\n]\n', 2,
         "group_ids", "did you mean 'students'"),
        ("teams.json", '[\n  {"id": "t1", "name": "One"},\n  {"id": "t 2", "name": "Two"}\n]',
         3, "id", "identifier"),
        ("teams.json", '{"id": "t1", "name": "One"}', 1, None, "list of objects"),
        ("accounts.json", '[\n  {"id": "a", "username": "a", "type": "coach"}\n]', 2, "type",
         "team, judge, admin"),
        ("accounts.json", '[\n  {"id": "a", "username": "a", "type": "team"}\n]', 2, "team_id",
         "names its team"),
        ("accounts.json", '[\n  {"id": "a", "username": "a", "type": "team", "team_id": "t9"}'
         "\n]", 2, "team_id", "no team 't9'"),
        ("accounts.json", '[\n  {"id": "a", "username": "x", "type": "judge"},\n'
         '  {"id": "b", "username": "x", "type": "judge"}\n]', 3, "username", "twice"),
    ],
)
def test_every_mistake_names_file_line_and_key(package, file, text, line, key, words):
    (package / file).write_text(text)
    with pytest.raises(ProblemError) as caught:
        read_contest(package, BUNDLED)
    error = caught.value
    assert error.path == package / file
    assert (error.line, error.key) == (line, key)
    assert words in str(error)


def test_missing_contest_yaml_and_problems_are_located(package):
    (package / "problems.yaml").unlink()
    with pytest.raises(ProblemError, match="problems.yaml: file not found"):
        read_contest(package)
    (package / "contest.yaml").unlink()
    with pytest.raises(ProblemError, match="contest.yaml: file not found"):
        read_contest(package)


def test_a_folder_that_is_not_there(tmp_path):
    with pytest.raises(ProblemError, match="not a folder"):
        read_contest(tmp_path / "nothing")


def test_reads_the_older_tsv_teams_and_groups(package):
    for name in ("teams.json", "groups.json", "organizations.json", "accounts.json"):
        (package / name).unlink()
    (package / "groups.tsv").write_text("groups\t1\nstudents\tStudents\nguests\tGuests\n")
    (package / "teams.tsv").write_text(
        "File_Version\t2\n"
        "1\t24314\tstudents\tMax Flow Min Cut\tUppsala University\tUppsala\tSWE\tuu\n"
        "2\t24315\tstudents\tAugmenting Paths\tKTH Royal Institute\tKTH\tSWE\n"
        "\n"
        "3\t24316\tguests\tVisitors\n"
    )
    contest = read_contest(package).contest
    assert [(g.id, g.name) for g in contest.groups] == [
        ("students", "Students"), ("guests", "Guests"),
    ]
    assert [(t.id, t.name, t.organization_id, t.group_ids) for t in contest.teams] == [
        ("1", "Max Flow Min Cut", "uu", ("students",)),
        ("2", "Augmenting Paths", "KTH", ("students",)),
        ("3", "Visitors", None, ("guests",)),
    ]
    assert [(o.id, o.name, o.formal_name, o.country) for o in contest.organizations] == [
        ("uu", "Uppsala", "Uppsala University", "SWE"),
        ("KTH", "KTH", "KTH Royal Institute", "SWE"),
    ]


def test_tsv_mistakes_are_located_and_json_wins(package):
    (package / "teams.tsv").write_text("teams\t1\n1\t7\tstudents\tOne\n2\t8\n")
    assert f"{package / 'teams.tsv'}: not read, teams.json is" in read_contest(package).ignored
    (package / "teams.json").unlink()
    (package / "accounts.json").unlink()
    with pytest.raises(ProblemError) as caught:
        read_contest(package)
    assert (caught.value.path, caught.value.line) == (package / "teams.tsv", 3)
    assert "expected at least 4 tab-separated fields" in str(caught.value)
    (package / "teams.tsv").write_text("teams\t1\n1\t7\tstudents\tOne\n2\t8\tnobody\tTwo\n")
    with pytest.raises(ProblemError) as caught:
        read_contest(package)
    assert (caught.value.path, caught.value.key) == (package / "teams.tsv", "group_ids")
    assert "2: no group 'nobody' in the package" in str(caught.value)
    (package / "teams.tsv").write_text("team\t1\n")
    with pytest.raises(ProblemError, match="teams.tsv:1: expected a first line 'teams<TAB>1'"):
        read_contest(package)
