"""Every refusal is a JSON document with the right status: {"error", "message", "status"}.

FastAPI's own refusals (an unknown route, a wrong method, a body that fails validation) go
through the same handlers, and so does anything unexpected (500, without a traceback).
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("judge.service")

ERROR_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    422: "invalid",
    429: "rate_limited",
    500: "internal_error",
    503: "unavailable",
}


class ApiError(HTTPException):
    """A refusal with a status and a message for the client."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None):
        super().__init__(status_code=status, detail=message, headers=headers)


def error_response(status: int, message: str, headers=None, **extra) -> JSONResponse:
    body = {"error": ERROR_CODES.get(status, "error"), "message": message, "status": status}
    return JSONResponse(body | extra, status_code=status, headers=headers)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> JSONResponse:
        # The CLICS Contest API's clients read the status as `code` (ccs-specs: code, message).
        path = request.url.path
        clics = {"code": exc.status_code} if path == "/api" or path.startswith(
            "/api/contests") else {}
        return error_response(exc.status_code, str(exc.detail), getattr(exc, "headers", None),
                              **clics)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [
            {"where": ".".join(str(part) for part in error["loc"]), "message": error["msg"]}
            for error in exc.errors()
        ]
        if any(error["type"] == "json_invalid" for error in exc.errors()):
            return error_response(400, "malformed JSON body", details=problems)
        summary = "; ".join(f"{p['where']}: {p['message']}" for p in problems[:5])
        return error_response(422, summary or "invalid request", details=problems)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return error_response(500, f"internal error: {type(exc).__name__}")


class BodyTooLarge(ApiError):
    def __init__(self, limit: int):
        super().__init__(413, f"request body over {limit} bytes")


class BodyLimit:
    """Refuses a body over the limit before it is read: by its Content-Length at once, and by
    counting when it comes in chunks. Routes under `large_prefix` get `large_limit`."""

    def __init__(
        self, app: ASGIApp, limit: int, large_prefix: str = "", large_limit: int = 0
    ) -> None:
        self.app = app
        self.limit = limit
        self.large_prefix = large_prefix
        self.large_limit = large_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit
        if self.large_prefix and scope["path"].startswith(self.large_prefix):
            limit = self.large_limit
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            response = error_response(413, f"request body over {limit} bytes")
            await response(scope, receive, send)
            return
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(limit)
            return message

        await self.app(scope, counting_receive, send)
