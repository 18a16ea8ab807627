"""Real servers for the service tests: redis-server, PostgreSQL, `judge serve`, `judge worker`.

Each listens on a loopback port chosen at run time and is stopped (killed if need be) however
the test ends. A program that is not installed makes the tests that need it skip, saying so.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import psutil
import pytest

JUDGE = [sys.executable, "-m", "judge"]
START_TIMEOUT = 60.0
PROVE_TIMEOUT = 300.0  # every language's self-test compiled, on a busy machine
JUDGING_LINE = "the embedded judge takes jobs"  # judge.service.server logs it


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(condition, timeout: float, what: str, interval: float = 0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


def stop_process(process: subprocess.Popen, timeout: float = 15.0) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class RedisServer:
    def __init__(self, folder: Path):
        program = shutil.which("redis-server")
        if program is None:
            pytest.skip("redis-server is not installed (Debian package redis-server)")
        self.program = program
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [
                self.program,
                "--port", str(self.port),
                "--bind", "127.0.0.1",
                "--dir", str(self.folder),
                "--save", "",
                "--appendonly", "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        wait_until(self._answers, START_TIMEOUT, "redis-server")

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process)


class PostgresServer:
    """initdb into a fresh folder and `postgres` on a loopback port, as an unprivileged user
    when the tests run as root (PostgreSQL refuses to run as root)."""

    def __init__(self):
        self.bin = _postgres_bin()
        if self.bin is None:
            pytest.skip("PostgreSQL server programs are not installed (Debian package postgresql)")
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="judge-pg-"))
        self.process: subprocess.Popen | None = None
        self.user = _unprivileged_user() if os.geteuid() == 0 else None

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        data, sockets = self.folder / "data", self.folder / "sockets"
        sockets.mkdir()
        os.chmod(self.folder, 0o755)
        if self.user is not None:
            for path in (self.folder, sockets):
                os.chown(path, self.user.pw_uid, self.user.pw_gid)
        subprocess.run(
            self._as_user(
                [str(self.bin / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                 "--no-sync", "-E", "UTF8"]
            ),
            check=True,
            capture_output=True,
        )  # fmt: skip
        self.process = subprocess.Popen(
            self._as_user(
                [str(self.bin / "postgres"), "-D", str(data), "-k", str(sockets),
                 "-p", str(self.port), "-h", "127.0.0.1", "-c", "fsync=off",
                 "-c", "max_connections=200"]
            ),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        wait_until(self._ready, START_TIMEOUT, "PostgreSQL")

    def _ready(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            raise AssertionError(f"postgres exited with {self.process.returncode}")
        check = subprocess.run(
            [str(self.bin / "pg_isready"), "-h", "127.0.0.1", "-p", str(self.port)],
            capture_output=True,
        )
        return check.returncode == 0

    def fresh_database(self, name: str) -> str:
        """A new empty database; its URL."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def _as_user(self, argv: list[str]) -> list[str]:
        if self.user is None:
            return argv
        return ["setpriv", f"--reuid={self.user.pw_uid}", f"--regid={self.user.pw_gid}",
                "--clear-groups", "--", *argv]  # fmt: skip

    def stop(self) -> None:
        if self.process is not None:
            # SIGINT is PostgreSQL's fast shutdown.
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def _postgres_bin() -> Path | None:
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/postgres"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    if candidates:
        return Path(candidates[-1]).parent
    found = shutil.which("postgres")
    return Path(found).resolve().parent if found else None


def _unprivileged_user() -> pwd.struct_passwd:
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    pytest.skip("no unprivileged user to run PostgreSQL as (postgres or nobody)")


class JudgeProcess:
    """`judge serve` or `judge worker` as a real process, output kept in a log file."""

    def __init__(self, argv: list[str], env: dict[str, str], log: Path):
        self.argv = argv
        self.env = env
        self.log = log
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        handle = open(self.log, "ab")
        self.process = subprocess.Popen(
            [*JUDGE, *self.argv], env=self.env, stdout=handle, stderr=subprocess.STDOUT
        )
        handle.close()

    def kill(self) -> None:
        """kill -9: no cleanup of any kind. Its judging processes end by themselves once it is
        gone (as killed, without cleaning up): they are waited for, so that none outlives the
        test."""
        if self.process is not None and self.process.poll() is None:
            children = psutil.Process(self.process.pid).children(recursive=True)
            self.process.kill()
            self.process.wait()
            psutil.wait_procs(children, timeout=30)

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process)

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


class JudgeServer(JudgeProcess):
    def __init__(self, root: Path, db_url: str | None, env: dict[str, str], log: Path, *extra: str):
        """`db_url` None: the default database in the project."""
        self.port = free_port()
        database = ["--db", db_url] if db_url else []
        argv = ["--root", str(root), "serve", "--port", str(self.port), *database, *extra]
        super().__init__(argv, env, log)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        super().start()
        wait_until(self._ready, START_TIMEOUT, f"judge serve (log: {self.output()[-2000:]})")

    def wait_judging(self, timeout: float = PROVE_TIMEOUT) -> None:
        """Until the embedded judge takes jobs: it first proves every language in the sandbox
        (the first time, compiling each self-test: seconds for a JVM language)."""
        wait_until(lambda: self._ready() and JUDGING_LINE in self.output(), timeout,
                   f"judge serve's embedded judge (log: {self.output()[-2000:]})", interval=0.2)

    def _ready(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"judge serve exited:\n{self.output()[-3000:]}")
        try:
            return httpx.get(self.url + "/api/openapi.json", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False


def add_user(root: Path, db_url: str | None, name: str, role: str, env: dict[str, str]) -> str:
    database = ["--db", db_url] if db_url else []
    done = subprocess.run(
        [*JUDGE, "--root", str(root), "user", "add", name, "--role", role, *database],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip().splitlines()[-1]
