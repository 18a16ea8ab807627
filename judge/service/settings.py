"""Every knob of the service, parsed once at the edge into frozen settings."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from judge.cache import Cache

DEFAULT_SOURCE_LIMIT = 64 * 1024  # bytes of source code a submission may have
DEFAULT_DB_FILE = Path(".judge") / "judge.db"


def default_processes() -> int:
    """One judging process per core."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


def sqlite_url(root: Path) -> str:
    """The embedded default: SQLite inside the project, `.judge/judge.db`."""
    return f"sqlite:///{root / DEFAULT_DB_FILE}"


@dataclass(frozen=True)
class QueueSettings:
    """How the queue and its safety nets behave (defaults suit a contest; tests shorten them)."""

    # A judging job holds a lease, renewed by each test it reports; a lease that runs out (the
    # worker died or hangs) puts the submission back in the queue under a new attempt.
    lease_seconds: float = 120.0
    # A submission still queued this long after it was sent is sent again (a broker that lost
    # its messages, e.g. Redis restarted without persistence). Duplicates are harmless: a job
    # runs only if it can claim its submission.
    resend_after_seconds: float = 300.0
    sweep_every_seconds: float = 5.0
    max_attempts: int = 5  # then the submission is `failed` (it keeps killing workers)
    # Redis broker: a worker that stops beating its heart this long gives its messages back.
    heartbeat_timeout_ms: int = 60_000


@dataclass(frozen=True)
class ServiceSettings:
    root: Path  # the project root whose problems are served
    cache: Cache  # compiled programs and baselines of the embedded judge
    db_url: str
    broker_url: str | None = None  # None: judge in this process, with an in-memory broker
    host: str = "127.0.0.1"
    port: int = 8000
    processes: int = 1  # judging processes of its own, when broker_url is None
    unsandboxed: bool = False  # allow judging without isolation (embedded mode)
    source_limit: int = DEFAULT_SOURCE_LIMIT
    rate_limit: int = 30  # submissions per user per rate_window_seconds (admins are exempt)
    rate_window_seconds: float = 60.0
    stream_limit: int = 8  # event streams (live pages) one user may hold open at once
    queue: QueueSettings = QueueSettings()
    # The CLICS event feed: a newline after this long without events (the spec's 120 s), and
    # how often a streaming reader looks for new events.
    feed_keepalive_seconds: float = 120.0
    feed_poll_seconds: float = 1.0

    @property
    def public_url(self) -> str:
        """Where the embedded workers reach the API (the same code path as remote workers)."""
        host = "127.0.0.1" if self.host in ("0.0.0.0", "") else self.host
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}"

    @property
    def max_body(self) -> int:
        """The largest request body read at all: a source at the limit plus form overhead."""
        return 4 * self.source_limit + 16 * 1024


@dataclass(frozen=True)
class WorkerSettings:
    server_url: str
    token: str
    cache: Cache  # compiled programs, baselines, and the unpacked problem packages
    broker_url: str | None
    processes: int = 1  # judging processes, each with a sandbox of its own
    unsandboxed: bool = False
    queue: QueueSettings = QueueSettings()
