"""`judge contest import | export | list | show` on a real database, with the project's own
problems: tokens for the package's accounts, re-import, and located errors (exit 2)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.contest.package import read_contest
from judge.service.auth import user_for_token
from judge.service.db import Database

REPO = Path(__file__).resolve().parents[2]  # the bundled problems the fixture contest uses
FIXTURE = REPO / "tests" / "fixtures" / "contests" / "flows"


@pytest.fixture
def db_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'judge.db'}"


def judge(db_url: str, *args: str):
    return CliRunner().invoke(cli, ["--root", str(REPO), "contest", *args, "--db", db_url])


def tokens_of(output: str) -> dict[str, str]:
    lines = output.split("shown only now", 1)[1].splitlines()[1:]
    return dict(line.split() for line in lines if line.strip())


def test_import_prints_a_working_token_for_each_account(db_url):
    result = judge(db_url, "import", str(FIXTURE))
    assert result.exit_code == 0, result.output
    assert "contest flows imported: 3 problems, 3 teams, 5 accounts" in result.output
    tokens = tokens_of(result.output)
    assert sorted(tokens) == ["jury", "team1", "team2a", "team2b", "team3"]
    database = Database(db_url)
    try:
        with database.session() as session:
            for name, token in tokens.items():
                assert user_for_token(session, token).name == name
    finally:
        database.close()


def test_import_again_updates_and_keeps_the_tokens(db_url):
    first = judge(db_url, "import", str(FIXTURE))
    again = judge(db_url, "import", str(FIXTURE))
    assert again.exit_code == 0, again.output
    assert "contest flows updated" in again.output
    assert "keep their tokens: team1, team2a, team2b, team3, jury" in again.output
    assert "shown only now" not in again.output
    for token in tokens_of(first.output).values():
        assert token not in again.output


def test_list_and_show(db_url):
    empty = judge(db_url, "list")
    assert empty.exit_code == 0 and "no contests yet" in empty.output
    judge(db_url, "import", str(FIXTURE))
    listed = judge(db_url, "list")
    assert listed.exit_code == 0, listed.output
    assert listed.output.splitlines()[1].split() == [
        "flows", "2026-12-05", "09:00:00", "5:00:00", "3", "3", "Flows", "Cup",
    ]
    shown = judge(db_url, "show", "flows")
    assert shown.exit_code == 0, shown.output
    text = shown.output
    assert "window      2026-12-05 09:00:00 to 2026-12-05 14:00:00 UTC (5:00:00)" in text
    assert "freeze      2026-12-05 13:00:00 UTC (the last 1:00:00)" in text
    assert "balloons    none for submissions sent during the freeze" in text
    assert "teams       3 (2 organizations, 2 groups), 5 accounts" in text
    labels = [line.split()[:2] for line in text.split("problems\n")[1].splitlines()]
    assert labels == [["A", "sightseeing"], ["B", "drainage"], ["C", "powernetwork"]]
    assert "Drainage Ditches" in text  # no name in the package: the problem's own title


def test_export_writes_the_package_back(db_url, tmp_path):
    judge(db_url, "import", str(FIXTURE))
    result = judge(db_url, "export", "flows", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert read_contest(tmp_path / "out").contest == read_contest(FIXTURE).contest


def test_unknown_contest_is_a_usage_error(db_url, tmp_path):
    judge(db_url, "import", str(FIXTURE))
    for args in (["show", "flow"], ["export", "flow", str(tmp_path / "out")]):
        result = judge(db_url, *args)
        assert result.exit_code == 2
        assert "no contest 'flow'; did you mean 'flows'?" in result.output


@pytest.mark.parametrize(
    ("file", "old", "new", "where"),
    [
        ("problems.yaml", "- id: drainage", "- id: drainag", "problems.yaml:6: key 'id': "
         "no problem 'drainag' in this project's problems/; did you mean 'drainage'"),
        ("teams.json", '"organization_id": "kth"', '"organization_id": "mit"',
         "teams.json:8: key 'organization_id': t2: no organization 'mit' in the package"),
        ("contest.yaml", "duration: 5:00:00", "duration: 5 hours",
         "contest.yaml:6: key 'duration': expected a length of time as h:mm:ss(.uuu)"),
    ],
)
def test_a_broken_package_is_refused_with_its_place(db_url, tmp_path, file, old, new, where):
    package = tmp_path / "flows"
    shutil.copytree(FIXTURE, package)
    (package / file).write_text((package / file).read_text().replace(old, new))
    result = judge(db_url, "import", str(package))
    assert result.exit_code == 2
    assert f"judge: error: {package / where}" in result.output
    assert "Traceback" not in result.output
    assert "no contests yet" in judge(db_url, "list").output  # nothing half-stored


def test_ignored_keys_are_noted(db_url, tmp_path):
    package = tmp_path / "flows"
    shutil.copytree(FIXTURE, package)
    with open(package / "contest.yaml", "a") as file:
        file.write("scoreboard_frezee_duration: 0:30:00\n")
    result = judge(db_url, "import", str(package))
    assert result.exit_code == 0, result.output
    assert f"note: {package / 'contest.yaml'}:10: key 'scoreboard_frezee_duration' ignored" in (
        result.stderr
    )


def test_thaw_then_finalize_after_the_end(db_url, tmp_path):
    package = tmp_path / "past"
    shutil.copytree(FIXTURE, package)
    yaml = package / "contest.yaml"
    yaml.write_text(yaml.read_text().replace("2026-12-05T10:00", "2020-12-05T10:00"))
    assert judge(db_url, "import", str(package)).exit_code == 0
    thawed = judge(db_url, "thaw", "flows")
    assert thawed.exit_code == 0, thawed.output
    assert "contest flows thawed at " in thawed.output
    again = judge(db_url, "thaw", "flows")
    assert again.exit_code != 0 and "was thawed already" in again.output
    final = judge(db_url, "finalize", "flows")
    assert final.exit_code == 0, final.output
    assert "contest flows finalized at " in final.output
    assert "finalized already" in judge(db_url, "finalize", "flows").output


def test_finalize_before_the_end_is_refused_saying_when_it_ends(db_url, tmp_path):
    package = tmp_path / "future"
    shutil.copytree(FIXTURE, package)
    yaml = package / "contest.yaml"
    yaml.write_text(yaml.read_text().replace("2026-12-05T10:00", "2099-12-05T10:00"))
    assert judge(db_url, "import", str(package)).exit_code == 0
    early = judge(db_url, "finalize", "flows")
    assert early.exit_code != 0
    assert "ends at 2099-12-05 14:00:00 UTC: it can be finalized only after its end" in (
        early.output)
    assert "no contest 'nope'" in judge(db_url, "thaw", "nope").output


def test_medals_are_kept_shown_and_exported(db_url, tmp_path):
    package = tmp_path / "flows"
    shutil.copytree(FIXTURE, package)
    with (package / "contest.yaml").open("a") as yaml_file:
        yaml_file.write("medals: {gold: 1, silver: 1, bronze: 2}\n")
    assert judge(db_url, "import", str(package)).exit_code == 0
    shown = judge(db_url, "show", "flows")
    assert "medals      1 gold, 1 silver, 2 bronze (places)" in shown.output
    assert judge(db_url, "export", "flows", str(tmp_path / "out")).exit_code == 0
    assert read_contest(tmp_path / "out").contest == read_contest(package).contest
