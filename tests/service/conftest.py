"""Fixtures of the service tests: databases (SQLite and a real PostgreSQL), Redis, the app."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from judge.cache import Cache
from judge.sandbox import open_sandbox
from judge.service.api import create_app
from judge.service.api.deps import Services
from judge.service.auth import add_user
from judge.service.db import Database
from judge.service.models import Role
from judge.service.packages import PackageStore
from judge.service.queue import Sender, open_broker
from judge.service.settings import QueueSettings, ServiceSettings
from tests.conftest import write_project
from tests.service.processes import PostgresServer, RedisServer

_databases = itertools.count(1)


@pytest.fixture(scope="session")
def postgres():
    server = PostgresServer()
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path) -> str:
    """Each test that takes it runs on SQLite and on a real PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'judge.db'}"
    server = request.getfixturevalue("postgres")
    return server.fresh_database(f"judge_{os.getpid()}_{next(_databases)}")


@pytest.fixture
def redis(tmp_path):
    server = RedisServer(tmp_path / "redis")
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def isolation_flags(tmp_path_factory) -> list[str]:
    """--unsandboxed only on a host where the sandbox cannot isolate (tests of the refusal
    itself use a plain sandbox on purpose)."""
    sandbox = open_sandbox(Cache(tmp_path_factory.getbasetemp() / "judge-cache"))
    try:
        return [] if sandbox.info.isolated else ["--unsandboxed"]
    finally:
        sandbox.close()


@pytest.fixture
def service_env(cache) -> dict[str, str]:
    env = dict(os.environ)
    env["JUDGE_CACHE_DIR"] = str(cache.root)
    env.pop("JUDGE_TOKEN", None)
    env.pop("JUDGE_ROOT", None)
    return env


class Api:
    """The real app in this process (no queue consumer: submissions stay queued), its
    database, and a token per role."""

    def __init__(self, root: Path, db_url: str, cache: Cache, **settings):
        self.settings = ServiceSettings(
            root=root, cache=cache, db_url=db_url, queue=QueueSettings(), **settings
        )
        self.database = Database(db_url)
        self.database.migrate()
        self.broker = open_broker(None, self.settings.queue)
        self.parts = Services(self.settings, self.database, Sender(self.broker), PackageStore())
        self.client = TestClient(create_app(self.parts), raise_server_exceptions=False)
        self.tokens = {}
        with self.database.writing() as session:
            for name, role in [
                ("admin", Role.ADMIN),
                ("setter", Role.SETTER),
                ("alice", Role.CONTESTANT),
                ("bob", Role.CONTESTANT),
                ("worker", Role.WORKER),
            ]:
                self.tokens[name] = add_user(session, name, role)

    def headers(self, name: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[name]}"}

    def get(self, path: str, as_user: str = "alice", **kwargs):
        return self.client.get(path, headers=self.headers(as_user), **kwargs)

    def post(self, path: str, as_user: str = "alice", **kwargs):
        return self.client.post(path, headers=self.headers(as_user), **kwargs)

    def queued_messages(self) -> int:
        return self.broker.queues["judge"].qsize()

    def close(self) -> None:
        self.client.close()
        self.database.close()


@pytest.fixture
def project_root(tmp_path) -> Path:
    return write_project(tmp_path / "project")


@pytest.fixture
def api(project_root, db_url, cache):
    app = Api(project_root, db_url, cache, rate_limit=5)
    try:
        yield app
    finally:
        app.close()
