"""`judge serve`: migrate the database, serve the API, keep the queue honest, and (without a
broker) judge in processes of its own, the same pool that `judge worker` runs.

The judging processes and the sweeper start only once the HTTP listener is up: the judging
processes report to this very server, and one that started first would find nobody there."""

from __future__ import annotations

import asyncio
import functools
import logging
import socket
import threading
from collections.abc import Callable, Iterable

import uvicorn

from judge.service.api import Extension, create_app
from judge.service.api.deps import Services
from judge.service.auth import count_people, replace_token
from judge.service.changes import ChangeHub
from judge.service.db import Database
from judge.service.metrics import State
from judge.service.models import Role
from judge.service.packages import PackageStore
from judge.service.queue import Sender, open_broker, warn_if_unreachable
from judge.service.settings import ServiceSettings
from judge.service.sweeper import Sweeper
from judge.service.worker import (
    JudgingPool,
    ProcessSpec,
    SandboxFactory,
    prove_languages,
    require_isolation,
)
from judge.service.workers import queue_view

# Not a name `judge user add` accepts, so that no user can be (or be replaced by) it.
EMBEDDED_WORKER = "~embedded-worker"
log = logging.getLogger("judge.service")


class JudgeServer:
    """The server's parts, started and stopped in order."""

    def __init__(
        self,
        settings: ServiceSettings,
        sandbox_factory: SandboxFactory,
        extensions: Iterable[Extension] = (),
    ):
        self.settings = settings
        embedded = settings.broker_url is None
        self.sandbox_factory = sandbox_factory
        if embedded:
            require_isolation(sandbox_factory, settings.cache, settings.unsandboxed)
        self.database = Database(settings.db_url)
        self.database.migrate()
        broker = open_broker(settings.broker_url, settings.queue)
        warn_if_unreachable(broker, settings.broker_url)
        self.sender = Sender(broker)
        self.changes = ChangeHub(settings.broker_url)
        parts = Services(
            settings, self.database, self.sender, PackageStore(), changes=self.changes
        )
        parts.metrics.watch_state(functools.partial(_state, parts))
        self.parts = parts
        self.app = create_app(parts, extensions)
        self.sweeper = Sweeper(self.database, self.sender, settings.queue, self.changes)
        self.pool: JudgingPool | None = None
        if embedded:
            with self.database.writing() as session:
                token = replace_token(session, EMBEDDED_WORKER, Role.WORKER)
            spec = ProcessSpec(settings.public_url, token, settings.cache, sandbox_factory)
            self.pool = JudgingPool(broker, spec, settings.processes)
        # Unfinished submissions from before the start: every queued one is sent again, and
        # with an embedded judge every judging one too (its judge was this process).
        self.sweeper.sweep(all_queued=True, all_judging=embedded)

    def people(self) -> int:
        """How many users can sign in (the embedded judge's own worker is not one)."""
        with self.database.session() as session:
            return count_people(session)

    def serve(self) -> None:
        config = uvicorn.Config(
            self.app,
            host=self.settings.host,
            port=self.settings.port,
            log_level="warning",
            lifespan="off",
            timeout_graceful_shutdown=5,
        )
        server = _Uvicorn(config, self._start_judging, self._stop_serving)
        try:
            server.run()
        finally:
            self.close()

    def _start_judging(self) -> None:
        """Once the listener is up: the changes relay, the sweeper, and the judging processes,
        which take jobs once every language has been proved (the pages and the API answer
        meanwhile: a JVM language's self-test compiles for seconds)."""
        self.changes.start()
        self.sweeper.start()
        if self.pool is not None:
            threading.Thread(target=self._prove_and_judge, name="languages", daemon=True).start()

    def _prove_and_judge(self) -> None:
        """Prove each language in the sandbox, then judge, never in one that failed."""
        assert self.pool is not None
        try:
            unavailable = prove_languages(self.sandbox_factory, self.settings.cache)
        except Exception as exc:  # noqa: BLE001 - the server goes on; nothing is judged here
            log.error("the embedded judge does not start: proving the languages failed: %s", exc)
            return
        self.pool.start(unavailable)
        log.info("the embedded judge takes jobs")  # tests wait for this line

    def _stop_serving(self) -> None:
        """The event streams end; the judging finishes the jobs in hand."""
        self.parts.closing.set()
        self.changes.wake_all()
        self._stop_judging()

    def _stop_judging(self) -> None:
        """The embedded judge reports over HTTP to this server: it finishes the jobs in hand
        while the server still answers, not after, when its results would find nobody."""
        if self.pool is not None:
            self.pool.stop()

    def close(self) -> None:
        self.sweeper.stop()
        self._stop_judging()
        self.changes.close()
        self.sender.close()
        self.database.close()


def _state(parts: Services) -> State:
    """The queue and the workers for a scrape of /metrics."""
    with parts.database.session() as session:
        view = queue_view(session)
    return State(
        queued=view.queued,
        judging=view.judging,
        workers_alive=view.alive,
        workers_known=len(view.workers),
        streams=parts.streams.total(),
    )


class _Uvicorn(uvicorn.Server):
    """Starts the judging once the listener is up, and tells the event streams when the
    server stops: uvicorn waits for every response still running (a page left open keeps
    one), then cancels it and logs a traceback."""

    def __init__(
        self, config: uvicorn.Config, listening: Callable[[], None], stopping: Callable[[], None]
    ) -> None:
        super().__init__(config)
        self.on_listening = listening
        self.on_stopping = stopping  # runs while the server still serves, off the event loop

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if not self.should_exit:  # listening
            await asyncio.get_running_loop().run_in_executor(None, self.on_listening)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await asyncio.get_running_loop().run_in_executor(None, self.on_stopping)
        await super().shutdown(sockets)
