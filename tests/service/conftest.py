"""Fixtures of the service tests: databases (SQLite and a real PostgreSQL), Redis, the app."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from judge.cache import Cache
from judge.sandbox import open_sandbox
from judge.sandbox.owned_folders import OwnedFolders
from judge.service.api import create_app
from judge.service.api.deps import Services
from judge.service.auth import add_user
from judge.service.client import ServiceClient
from judge.service.db import Database
from judge.service.judging import JOB_FOLDER_PREFIX, JudgeJob
from judge.service.models import Role, User, utcnow
from judge.service.packages import PackageCache, PackageStore
from judge.service.queue import Sender, open_broker
from judge.service.sessions import open_session
from judge.service.settings import QueueSettings, ServiceSettings
from tests.conftest import SUM_YAML, write_project
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

    def __init__(
        self, root: Path, db_url: str, cache: Cache, extensions=(), clock=utcnow, **settings
    ):
        self.settings = ServiceSettings(
            root=root, cache=cache, db_url=db_url, queue=QueueSettings(), **settings
        )
        self.database = Database(db_url)
        self.database.migrate()
        self.broker = open_broker(None, self.settings.queue)
        self.parts = Services(
            self.settings, self.database, Sender(self.broker), PackageStore(), clock=clock
        )
        app = create_app(self.parts, extensions)
        self.client = TestClient(app, raise_server_exceptions=False)
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

    def open_session(self, name: str) -> str:
        """A browser session of user `name`, as signing in on the pages gives: its secret."""
        with self.database.writing() as session:
            user = session.scalar(select(User).where(User.name == name))
            return open_session(session, user)

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


# The service stops at a pass-fail problem's first rejected test; these tests look at every
# test of a judged submission (what each role sees of it), so the fixture problem asks for all.
ALL_TESTS_YAML = SUM_YAML + "judging:\n  all_tests: true\n"


@pytest.fixture
def project_root(tmp_path) -> Path:
    return write_project(tmp_path / "project", problem_yaml=ALL_TESTS_YAML)


@pytest.fixture
def api(project_root, db_url, cache):
    app = Api(project_root, db_url, cache, rate_limit=5)
    try:
        yield app
    finally:
        app.close()


@contextmanager
def judging_for(
    api: Api, cache: Cache, folder: Path, unavailable: dict[str, str] | None = None
) -> Iterator[JudgeJob]:
    """Runs a job as a worker would, over the API, with a real sandbox; `unavailable`: the
    languages that failed their self-test on that worker."""
    http = TestClient(api.client.app, base_url="http://testserver")
    client = ServiceClient("http://testserver", api.tokens["worker"], http=http)
    sandbox = open_sandbox(cache)
    folders = OwnedFolders(JOB_FOLDER_PREFIX, folder)
    job = JudgeJob(client, PackageCache(folder / "worker-packages"), lambda: sandbox, folders,
                   unavailable)
    try:
        yield job
    finally:
        folders.close()
        sandbox.close()
        http.close()


@pytest.fixture
def judge_job(api, cache, tmp_path):
    with judging_for(api, cache, tmp_path) as job:
        yield job
