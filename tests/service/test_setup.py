"""Setting the service up: migrations, users, and the refusal to judge without isolation."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from click.testing import CliRunner

from judge.cache import Cache
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


def plain_sandbox(cache):
    return PlainSandbox(cache, "namespaces are not available to this test")


def test_worker_refuses_a_sandbox_that_does_not_isolate(cache):
    with pytest.raises(JudgeError) as refused:
        require_isolation(plain_sandbox, cache, unsandboxed=False)
    message = str(refused.value)
    assert "plain sandbox lacks network, file system, processes" in message
    assert "namespaces are not available to this test" in message
    assert "--unsandboxed" in message
    info = require_isolation(plain_sandbox, cache, unsandboxed=True)
    assert info.kind == "plain" and not info.isolated


def test_embedded_server_refuses_too_before_touching_the_database(project_root, cache, tmp_path):
    settings = ServiceSettings(
        root=project_root, cache=cache, db_url=f"sqlite:///{tmp_path / 'j.db'}"
    )
    with pytest.raises(JudgeError, match="refusing to run untrusted code"):
        JudgeServer(settings, plain_sandbox)
    assert not (tmp_path / "j.db").exists()


def test_other_packages_extend_the_app_with_the_same_users_and_database(project_root, tmp_path):
    from fastapi import APIRouter, Depends
    from fastapi.testclient import TestClient
    from sqlalchemy import func, select
    from sqlalchemy.orm import Session

    from judge.service.api import create_app
    from judge.service.api.deps import current_user, db_session
    from tests.service.conftest import Api

    router = APIRouter()

    @router.get("/pages/whoami")
    def whoami(user=Depends(current_user), session: Session = Depends(db_session)) -> dict:
        from judge.service.models import User

        return {"name": user.name, "users": session.scalar(select(func.count(User.id)))}

    api = Api(project_root, f"sqlite:///{tmp_path / 'j.db'}", Cache(tmp_path / "cache"))
    try:
        app = create_app(api.parts, [lambda app: app.include_router(router)])
        with TestClient(app) as client:
            answer = client.get("/pages/whoami", headers=api.headers("bob"))
            assert answer.json() == {"name": "bob", "users": 5}
            client.cookies.set("judge_token", api.tokens["alice"])  # a browser's session
            assert client.get("/pages/whoami").json()["name"] == "alice"
            assert client.get("/pages/nothing").json()["status"] == 404
    finally:
        api.close()


def test_a_cookie_session_reads_but_never_writes(api):
    api.client.cookies.set("judge_token", api.tokens["alice"])
    try:
        assert api.client.get("/api/problems").status_code == 200
        body = {"problem": "sum", "language": "python", "source": "print(3)\n"}
        assert api.client.post("/api/submissions", json=body).status_code == 401
    finally:
        api.client.cookies.clear()
