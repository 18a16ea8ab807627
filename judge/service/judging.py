"""The job a judging process does, with the same runner as `judge submit`:

claim the next job (the server chooses which, fairly: judge.service.scheduling; nothing when
nothing is queued) -> the problem's package, by hash, from the cache or the server -> judge as
the claim's plan says (judge.service.plans: stop at the first rejected test, or judge them
all), reporting each test as it finishes -> post the result. The job returns (and the queue
acknowledges its message) only once the server has stored the result; any failure to reach
the server raises, and the queue retries the message.
"""

from __future__ import annotations

import logging
import shutil
import threading
import time
from collections.abc import Callable, Mapping
from contextlib import nullcontext

from judge.errors import JudgeError
from judge.judging.host_gate import HostGate, HostGatedSandbox
from judge.languages.registry import UnknownLanguage, all_languages, language_by_id
from judge.judging.runner import CaseResult, JudgeOptions, judge_submission
from judge.sandbox.api import Sandbox
from judge.sandbox.owned_folders import OwnedFolders
from judge.present.schema import CaseDocument, ReportDocument
from judge.service.client import ClaimedJob, ServiceClient, ServiceError
from judge.service.packages import PackageCache
from judge.service.problems import ProblemCatalog
from judge.service.sandbox_faults import FaultWatch, SandboxHealth
from judge.service.store import Job

log = logging.getLogger("judge.service")
PROGRESS_EVERY = 0.2  # seconds between progress reports of one job
RESULT_RETRY_PAUSES = (0.5, 1, 2, 4, 8)  # seconds
JOB_FOLDER_PREFIX = "judge-job-"  # where a job writes its source (a worker's OwnedFolders)


class SandboxBroken(JudgeError):
    """This worker's sandbox kept failing: it takes no more jobs (SandboxHealth says why)."""


class JudgeJob:
    """Callable per queue message; `sandbox` gives the calling thread its own sandbox, whose
    runs pass `gate` where processes share a host (a re-run near the limit then runs alone).
    `folders`: where each job writes its submission's source (JOB_FOLDER_PREFIX), swept of
    what killed workers left."""

    def __init__(
        self,
        client: ServiceClient,
        packages: PackageCache,
        sandbox: Callable[[], Sandbox],
        folders: OwnedFolders,
        unavailable: Mapping[str, str] | None = None,
        name: str = "",
        gate: HostGate | None = None,
    ):
        self.client = client
        self.packages = packages
        self.sandbox = sandbox
        self.folders = folders
        # Languages that failed their self-test on this worker (id -> why): never judged here.
        self.unavailable = dict(unavailable or {})
        self.name = name or "judge"
        self.gate = gate
        self.languages = available_languages(self.unavailable)
        self.problems = ProblemCatalog()
        self.health = SandboxHealth()

    def __call__(self, job: Job) -> None:
        """`job`: the queue message's, for the log; the server says which job this is."""
        if self.health.broken:  # the message goes back to the queue, for another worker
            raise SandboxBroken(f"this worker takes no jobs: {self.health.broken}")
        claimed = self.client.claim_next(self.name, self.languages)
        if claimed is None:
            log.info("nothing to judge (message of %s/%s)", job.submission_id, job.attempt)
            return
        job = claimed.job
        watch = FaultWatch(self.sandbox())
        try:
            document, judging_ms = self.judge(claimed, watch)
        except JudgeError as exc:  # the package or the judge is broken, not the submission
            log.warning("submission %s cannot be judged: %s", job.submission_id, exc)
            self._post(job, None, str(exc))
            return
        finally:
            self.health.job_ended(watch.faults)
        if watch.faults:  # not the submission's verdict: the host's fault
            error = f"the sandbox failed on {self.name}: {watch.faults[-1]}"
            log.error("submission %s cannot be judged: %s", job.submission_id, error)
            if self.health.broken:
                log.error("worker %s stops taking jobs: %s", self.name, self.health.broken)
            self._post(job, None, error)
            return
        outcome = self._post(job, document.to_dict(), judging_ms=judging_ms)
        log.info(
            "submission %s/%s: %s %s", job.submission_id, job.attempt, document.verdict, outcome
        )

    def _post(
        self, job: Job, document: dict | None, error: str = "", judging_ms: float | None = None
    ) -> str:
        """Post the result, waiting out a short outage of the server: the judging is done and
        only this job holds its claim. A longer outage raises; the queue retries the job, and
        the submission is judged again once its lease runs out."""
        for pause in RESULT_RETRY_PAUSES:
            try:
                return self.client.result(job, document, error, judging_ms)
            except ServiceError as exc:
                if exc.status is not None:  # the server answered: retrying will not help
                    raise
                log.info("result of %s not posted yet (%s); again in %s s", job, exc, pause)
                time.sleep(pause)
        return self.client.result(job, document, error, judging_ms)

    def judge(self, claimed: ClaimedJob, sandbox: Sandbox) -> tuple[ReportDocument, float]:
        """The result document, and how long the runner took (the rest is the service's)."""
        root = self.packages.root(claimed.package, self.client.package)
        problem = self.problems.load(root, claimed.problem)
        try:
            language = language_by_id(claimed.language)  # old ids are aliases ("python")
        except UnknownLanguage as exc:
            raise JudgeError(str(exc)) from None
        if language.id in self.unavailable:
            raise JudgeError(f"this worker cannot judge {language.name}: "
                             f"{self.unavailable[language.id]}")
        with self.folders.folder() as scratch:
            source = scratch / f"solution{language.extensions[0]}"
            source.write_text(claimed.source, encoding="utf-8")
            options = JudgeOptions(
                language=language.id,
                fail_fast=not claimed.all_tests,
                rerun_budget=claimed.rerun_budget,
            )
            if self.gate is not None:
                sandbox = HostGatedSandbox(sandbox, self.gate)
            with ProgressReporter(self.client, claimed.job) as progress:
                started = time.perf_counter()
                report = judge_submission(
                    problem,
                    source,
                    sandbox,
                    options,
                    on_case=progress.add,
                    alone=self.gate.alone if self.gate is not None else nullcontext,
                )
                judging_ms = (time.perf_counter() - started) * 1000
        document = ReportDocument.from_report(report)
        return document.model_copy(update={"solution": claimed.filename}), judging_ms


class ProgressReporter:
    """Posts finished tests from a thread of its own, every PROGRESS_EVERY seconds, so that
    judging never waits for the network and a quick submission costs the server no request at
    all. Progress is best effort: the result carries every test anyway."""

    def __init__(self, client: ServiceClient, job: Job):
        self.client = client
        self.job = job
        self._lock = threading.Lock()
        self._pending: list[tuple[int, dict]] = []
        self._count = 0
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._send, name="progress", daemon=True)

    def __enter__(self) -> ProgressReporter:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._closed.set()  # what is still pending comes with the result
        self._thread.join()

    def add(self, case: CaseResult) -> None:
        document = CaseDocument.from_case(case).model_dump(mode="json")
        with self._lock:
            self._pending.append((self._count, document))
            self._count += 1

    def _send(self) -> None:
        while not self._closed.wait(PROGRESS_EVERY):
            with self._lock:
                cases, self._pending = self._pending, []
            if cases:
                try:
                    self.client.progress(self.job, cases)
                except JudgeError as exc:
                    log.info("progress of %s not reported: %s", self.job.submission_id, exc)


def available_languages(unavailable: Mapping[str, str]) -> list[str]:
    """The languages this worker judges (a claim asks for those only): installed here and
    proved by their self-test, by id and by every alias, as older submissions name them."""
    names = []
    for language in all_languages():
        if language.id in unavailable:
            continue
        if language.compiler is not None and shutil.which(language.compiler) is None:
            continue
        names += [language.id, *language.aliases]
    return names
