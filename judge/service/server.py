"""`judge serve`: migrate the database, serve the API, keep the queue honest, and (without a
broker) judge in this process with the same actor code that remote workers run."""

from __future__ import annotations

import logging
from collections.abc import Iterable

import uvicorn

from judge.service.api import Extension, create_app
from judge.service.api.deps import Services
from judge.service.auth import replace_token
from judge.service.client import ServiceClient
from judge.service.db import Database
from judge.service.models import Role
from judge.service.packages import PackageStore
from judge.service.queue import Sender, open_broker, warn_if_unreachable
from judge.service.settings import ServiceSettings
from judge.service.sweeper import Sweeper
from judge.service.worker import JudgingPool, SandboxFactory, require_isolation

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
        if embedded:
            require_isolation(sandbox_factory, settings.cache, settings.unsandboxed)
        self.database = Database(settings.db_url)
        self.database.migrate()
        broker = open_broker(settings.broker_url, settings.queue)
        warn_if_unreachable(broker, settings.broker_url)
        self.sender = Sender(broker)
        parts = Services(settings, self.database, self.sender, PackageStore())
        self.app = create_app(parts, extensions)
        self.sweeper = Sweeper(self.database, self.sender, settings.queue)
        self.pool: JudgingPool | None = None
        if embedded:
            with self.database.writing() as session:
                token = replace_token(session, EMBEDDED_WORKER, Role.WORKER)
            client = ServiceClient(settings.public_url, token)
            self.pool = JudgingPool(
                broker, client, settings.cache, settings.processes, sandbox_factory
            )
        # Unfinished submissions from before the start: every queued one is sent again, and
        # with an embedded judge every judging one too (its judge was this process).
        self.sweeper.sweep(all_queued=True, all_judging=embedded)

    def serve(self) -> None:
        config = uvicorn.Config(
            self.app,
            host=self.settings.host,
            port=self.settings.port,
            log_level="warning",
            lifespan="off",
            timeout_graceful_shutdown=5,
        )
        server = uvicorn.Server(config)
        if self.pool is not None:
            self.pool.start()
        self.sweeper.start()
        try:
            server.run()
        finally:
            self.close()

    def close(self) -> None:
        self.sweeper.stop()
        if self.pool is not None:
            self.pool.stop()
        self.sender.close()
        self.database.close()
