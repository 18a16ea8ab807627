"""The safety net behind the queue: periodically re-sends what a lost message or a dead worker
left behind (judge.service.store.jobs_to_resend says what that is)."""

from __future__ import annotations

import logging
import threading

from judge.service.changes import ChangeHub
from judge.service.db import Database
from judge.service.queue import Sender
from judge.service.settings import QueueSettings
from judge.service.store import jobs_to_resend

log = logging.getLogger("judge.service")


class Sweeper:
    def __init__(
        self, database: Database, sender: Sender, queue: QueueSettings, changes: ChangeHub
    ):
        self.database = database
        self.sender = sender
        self.queue = queue
        self.changes = changes
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="sweeper", daemon=True)

    def sweep(self, *, all_queued: bool = False, all_judging: bool = False) -> int:
        with self.database.writing() as session:
            jobs, changed = jobs_to_resend(
                session, self.queue, all_queued=all_queued, all_judging=all_judging
            )
        self.changes.publish_all(changed)
        for job in jobs:
            self.sender.send(job)
        if jobs:
            log.info("re-sent %d jobs", len(jobs))
        return len(jobs)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _loop(self) -> None:
        while not self._stop.wait(self.queue.sweep_every_seconds):
            try:
                self.sweep()
            except Exception:  # noqa: BLE001 - a database hiccup: try again next round
                log.exception("sweep failed")
