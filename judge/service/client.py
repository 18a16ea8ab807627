"""The HTTP client of the API: `judge submit --server` uses one side of it, workers the other."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from dataclasses import dataclass

import httpx

from judge.errors import JudgeError
from judge.service.store import Job

TOKEN_ENV = "JUDGE_TOKEN"


class ServiceError(JudgeError):
    """The server refused (its JSON error's message) or could not be reached."""

    def __init__(self, message: str, status: int | None = None):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class ClaimedJob:
    job: Job
    problem: str
    language: str
    filename: str
    source: str
    package: str
    all_tests: bool = False  # judge every test; False: stop at the first rejected one
    rerun_budget: int | None = None  # re-runs near the limit the submission may spend


class ServiceClient:
    def __init__(
        self, url: str, token: str, timeout: float = 30.0, http: httpx.Client | None = None
    ):
        """`http` replaces the connection (tests pass the app's in-process client)."""
        if not url.startswith(("http://", "https://")):
            raise JudgeError(f"--server: expected an http:// or https:// URL, got {url!r}")
        self.url = url.rstrip("/")
        self._http = http or httpx.Client(
            base_url=self.url, timeout=timeout, transport=no_delay_transport()
        )
        self._http.headers["Authorization"] = f"Bearer {token}"

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> ServiceClient:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- submitting and reading

    def submit(self, problem: str, language: str | None, source: str, filename: str) -> int:
        body = {"problem": problem, "source": source, "filename": filename}
        if language:
            body["language"] = language
        return self._json("POST", "/api/submissions", json=body)["id"]

    def submission(self, submission_id: int) -> dict:
        return self._json("GET", f"/api/submissions/{submission_id}")

    def problem(self, problem_id: str) -> dict:
        return self._json("GET", f"/api/problems/{problem_id}")

    def events(self, submission_id: int) -> Iterator[tuple[str, dict]]:
        """(event name, data) from the submission's Server-Sent Events until `done`."""
        path = f"/api/submissions/{submission_id}/events"
        timeout = httpx.Timeout(30.0, read=None)  # a long judging is a quiet stream
        try:
            with self._http.stream("GET", path, timeout=timeout) as response:
                if response.status_code != 200:
                    response.read()
                    raise _refusal(response)
                yield from _parse_events(response.iter_lines())
        except httpx.HTTPError as exc:
            raise ServiceError(f"{self.url}: {exc}") from None

    # -- the worker's side

    def check(self) -> str:
        """Raise, with the server's reason, when the server refuses (a wrong token); return
        why it cannot be reached, or '' (not fatal: it may be restarting)."""
        try:
            self._json("GET", "/api/worker/hello")
        except ServiceError as exc:
            if exc.status is not None:
                raise
            return str(exc)
        return ""

    def claim_next(self, worker: str, languages: list[str]) -> ClaimedJob | None:
        """The next job the server gives this process, or None when nothing is queued."""
        body = {"worker": worker, "languages": languages}
        response = self._request("POST", "/api/worker/claim", json=body)
        if response.status_code == 204:
            return None
        data = response.json()
        return ClaimedJob(
            job=Job(data["submission_id"], data["attempt"]),
            problem=data["problem"],
            language=data["language"],
            filename=data["filename"],
            source=data["source"],
            package=data["package"],
            all_tests=data["all_tests"],
            rerun_budget=data["rerun_budget"],
        )

    def heartbeat(self, worker: str, host: str, languages: list[str], sandbox: str) -> None:
        body = {"worker": worker, "host": host, "languages": languages, "sandbox": sandbox}
        self._request("POST", "/api/worker/heartbeat", json=body)

    def package(self, sha256: str) -> bytes:
        response = self._request("GET", f"/api/worker/packages/{sha256}")
        return response.content

    def progress(self, job: Job, cases: list[tuple[int, dict]]) -> bool:
        """Report finished tests; False when the job no longer holds its submission."""
        body = {
            "attempt": job.attempt,
            "cases": [{"position": position, "case": case} for position, case in cases],
        }
        path = f"/api/worker/jobs/{job.submission_id}/progress"
        return self._json("POST", path, json=body, ok=409) is not None

    def result(
        self, job: Job, document: dict | None, error: str = "", judging_ms: float | None = None
    ) -> str:
        """Post the attempt's result; 'stored', 'already stored' or 'superseded'."""
        body = {"attempt": job.attempt, "result": document, "error": error}
        body["judging_ms"] = judging_ms
        path = f"/api/worker/jobs/{job.submission_id}/result"
        data = self._json("POST", path, json=body, ok=409)
        return "superseded" if data is None else data["outcome"]

    # -- plumbing

    def _json(self, method: str, path: str, ok: int | None = None, **kwargs) -> dict | None:
        """The response's JSON; None for the one refusal `ok` the caller expects."""
        response = self._request(method, path, ok=ok, **kwargs)
        if ok is not None and response.status_code == ok:
            return None
        return response.json()

    def _request(self, method: str, path: str, ok: int | None = None, **kwargs) -> httpx.Response:
        try:
            response = self._http.request(method, path, **kwargs)
        except httpx.HTTPError as exc:
            raise ServiceError(f"{self.url}: {exc}") from None
        if response.status_code >= 400 and response.status_code != ok:
            raise _refusal(response)
        return response


def no_delay_transport() -> httpx.HTTPTransport:
    """Requests go out as headers then body; with Nagle's algorithm the body waits for the
    server's delayed ACK (40 ms on Linux) on every request. TCP_NODELAY sends it at once."""
    return httpx.HTTPTransport(socket_options=[(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)])


def _refusal(response: httpx.Response) -> ServiceError:
    try:
        message = response.json().get("message") or response.text
    except ValueError:
        message = response.text[:300]
    return ServiceError(f"server refused ({response.status_code}): {message}", response.status_code)


def _parse_events(lines: Iterator[str]) -> Iterator[tuple[str, dict]]:
    name, data = "message", []
    for line in lines:
        if line.startswith(":"):
            continue
        if line == "":
            if data:
                yield name, json.loads("\n".join(data))
                if name == "done":
                    return
            name, data = "message", []
        elif line.startswith("event:"):
            name = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].lstrip())


def follow(client: ServiceClient, submission_id: int, on_case) -> dict:
    """Follow a submission's events until it is judged; `on_case` sees each test's document as
    it comes. Returns the final submission document."""
    shown = 0
    for name, data in client.events(submission_id):
        if name == "status" and data.get("status") == "queued":
            shown = 0  # rejudged: its tests come again
        elif name == "test":
            on_case(data)
            shown += 1
        elif name == "done":
            for case in data.get("tests", [])[shown:]:
                on_case(case)
            return data
    return client.submission(submission_id)  # the stream ended early: read the document


def report_part(document: dict) -> dict:
    """The `judge submit --json` part of a submission document."""
    from judge.present.schema import ReportDocument

    keys = {field.alias or name for name, field in ReportDocument.model_fields.items()}
    return {key: value for key, value in document.items() if key in keys}
