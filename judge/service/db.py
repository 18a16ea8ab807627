"""Engines, sessions and migrations. SQLite (WAL) by default, PostgreSQL by URL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
import os
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import Session, sessionmaker

from judge.errors import JudgeError

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
SQLITE_BUSY_MS = 30_000
IMMEDIATE = "judge_immediate"  # execution option: a writing transaction (SQLite)


def normalize_url(url: str) -> str:
    """postgresql://... means psycopg 3 (the maintained driver); other URLs pass unchanged."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise JudgeError(f"--db: not a database URL: {url!r}") from None
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise JudgeError(f"--db: only sqlite:/// and postgresql:// are supported, not {url!r}")
    return parsed.render_as_string(hide_password=False)


def open_engine(url: str) -> Engine:
    url = normalize_url(url)
    if make_url(url).get_backend_name() == "sqlite":
        return _sqlite_engine(url)
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


def _writable_database(path: Path) -> None:
    """Make sure the database file can be opened for writing (made where it is missing):
    SQLite itself says only "unable to open database file", and says it later."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644))
    except OSError as exc:
        raise JudgeError(f"--db: cannot write the database {path}: {exc.strerror or exc} "
                         "(give another with --db sqlite:///PATH)") from None


def _sqlite_engine(url: str) -> Engine:
    database = make_url(url).database
    if database and database != ":memory:":
        _writable_database(Path(database))
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _connect(connection, _record) -> None:
        # SQLAlchemy, not the driver, starts transactions (see _begin below).
        connection.isolation_level = None
        cursor = connection.cursor()
        # WAL lets readers (progress streams) go on while a result is written.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection) -> None:
        # A transaction that reads and then writes takes the write lock at BEGIN, so that two
        # writers wait for each other (busy_timeout) instead of one failing on a lock upgrade.
        immediate = connection.get_execution_options().get(IMMEDIATE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (Alembic); a no-op when it is there already."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Database:
    """An engine and its session factory: what the API, the sweeper and `judge user` share."""

    def __init__(self, url: str):
        self.engine = open_engine(url)
        self._readers = sessionmaker(self.engine, expire_on_commit=False)
        self._writers = sessionmaker(
            self.engine.execution_options(**{IMMEDIATE: True}), expire_on_commit=False
        )

    @property
    def backend(self) -> str:
        return self.engine.dialect.name

    @contextmanager
    def session(self) -> Iterator[Session]:
        """One reading transaction: committed when the block ends, rolled back on error."""
        with self._readers() as session, session.begin():
            yield session

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """One transaction that writes (it may read first)."""
        with self._writers() as session, session.begin():
            yield session

    def migrate(self) -> None:
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()
