"""Setting the service up: migrations, users, and the refusal to judge without isolation."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from click.testing import CliRunner

from judge.cli import cli
from judge.errors import JudgeError
from judge.sandbox.plain import PlainSandbox
from judge.service.auth import user_for_token
from judge.service.db import Database
from judge.service.models import Base, Role
from judge.service.server import JudgeServer
from judge.service.settings import ServiceSettings
from judge.service.worker import require_isolation


def test_migrations_build_exactly_the_models(db_url):
    database = Database(db_url)
    try:
        database.migrate()
        database.migrate()  # a second start changes nothing
        with database.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []
    finally:
        database.close()


def test_user_add_prints_a_token_that_is_stored_hashed(project_root, tmp_path):
    db_url = f"sqlite:///{tmp_path / 'judge.db'}"
    runner = CliRunner()
    args = ["--root", str(project_root), "user", "add", "carol", "--role", "setter", "--db", db_url]
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    token = result.stdout.strip().splitlines()[-1]
    database = Database(db_url)
    try:
        with database.session() as session:
            user = user_for_token(session, token)
            assert user is not None and user.name == "carol" and user.role is Role.SETTER
            assert token not in user.token_hash
            assert user_for_token(session, token[:-1] + "x") is None
    finally:
        database.close()
    again = runner.invoke(cli, args)
    assert again.exit_code == 2 and "exists already" in again.output
    bad = runner.invoke(cli, ["--root", str(project_root), "user", "add", "../x", "--db", db_url])
    assert bad.exit_code == 2 and "user name" in bad.output


def plain_sandbox(cache_dir):
    return PlainSandbox(cache_dir, "namespaces are not available to this test")


def test_worker_refuses_a_sandbox_that_does_not_isolate(cache_dir):
    with pytest.raises(JudgeError) as refused:
        require_isolation(plain_sandbox, cache_dir, unsandboxed=False)
    message = str(refused.value)
    assert "plain sandbox lacks network, file system, processes" in message
    assert "namespaces are not available to this test" in message
    assert "--unsandboxed" in message
    info = require_isolation(plain_sandbox, cache_dir, unsandboxed=True)
    assert info.kind == "plain" and not info.isolated


def test_embedded_server_refuses_too_before_touching_the_database(
    project_root, cache_dir, tmp_path
):
    settings = ServiceSettings(
        root=project_root, cache_dir=cache_dir, db_url=f"sqlite:///{tmp_path / 'j.db'}"
    )
    with pytest.raises(JudgeError, match="refusing to judge"):
        JudgeServer(settings, plain_sandbox)
    assert not (tmp_path / "j.db").exists()
