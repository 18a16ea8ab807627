"""A visitor's poll of a contest's board.json, answered before routing when the board is in
memory (judge.service.board_cache): every open scoreboard asks about once a second, and 200
of them are most of what a server does during a contest.

Measured with 200 viewers on the 500-team board: once the board was no longer scored again
in full for each verdict, a poll's own cost was nearly all the framework's (matching the path
against every route, solving the route's dependencies, parsing the query), several times the
cost of the dictionary lookup and 304 it comes to. Anything else (a signed-in user, whose
view depends on their role; a board not made yet or stale; another path) goes on to the
route, contests.board_json, which answers the same way.
"""

from __future__ import annotations

import re
from datetime import timezone
from urllib.parse import parse_qs

from starlette.requests import cookie_parser
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from judge.contest import model
from judge.service.board_cache import ServedBoard
from judge.service.sessions import SESSION_COOKIE
from judge.web.site.rendering import SECURITY_HEADERS

BOARD_PATH = re.compile(r"/contests/([^/]+)/board\.json")


def board_response(served: ServedBoard, if_none_match: str | None,
                   accept_encoding: str) -> Response:
    """board.json as the scoreboard page reads it; 304 when the page holds it already."""
    headers = {**SECURITY_HEADERS, "Cache-Control": "no-cache", "ETag": served.etag,
               "Vary": "Accept-Encoding"}
    if if_none_match == served.etag:
        return Response(status_code=304, headers=headers)
    if "gzip" in accept_encoding:  # gzipped once, with the board
        headers["Content-Encoding"] = "gzip"
        return Response(served.gzipped, media_type="application/json", headers=headers)
    return Response(served.document, media_type="application/json", headers=headers)


class BoardPolls:
    """ASGI middleware: visitors' polls of a board in memory, answered without the router."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        served, headers = self._served(scope)
        if served is None:
            await self.app(scope, receive, send)
            return
        response = board_response(served, headers.get(b"if-none-match", b"").decode("latin-1")
                                  or None, headers.get(b"accept-encoding", b"").decode("latin-1"))
        await response(scope, receive, send)

    def _served(self, scope: Scope) -> tuple[ServedBoard | None, dict[bytes, bytes]]:
        if scope["type"] != "http" or scope["method"] != "GET":
            return None, {}
        path = BOARD_PATH.fullmatch(scope["path"])
        if path is None:
            return None, {}
        headers = dict(scope["headers"])  # names come lower-cased from the server
        if b"authorization" in headers or _signed_in(headers.get(b"cookie")):
            return None, {}
        group = None
        if scope.get("query_string"):
            group = parse_qs(scope["query_string"].decode("latin-1")).get("group", [None])[-1]
        parts = scope["app"].state.services
        now = parts.clock().replace(tzinfo=timezone.utc)
        return parts.boards.ready(path.group(1), model.View.PUBLIC, group, now), headers


def _signed_in(cookie: bytes | None) -> bool:
    return cookie is not None and SESSION_COOKIE in cookie_parser(cookie.decode("latin-1"))
