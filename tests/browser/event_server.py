"""A test-only web server on loopback: one page, the static files, and an event stream that
sends what the test puts in its queue — enough to watch a page fill in live."""

from __future__ import annotations

import json
import mimetypes
import queue
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

EVENT_WAIT = 20.0  # seconds the stream waits for the test's next event before it ends


class EventServer:
    def __init__(self, page_html: str, static_dir: Path) -> None:
        self.events: queue.Queue[tuple[str, object]] = queue.Queue()
        self.page_html = page_html.encode()
        self.static_dir = static_dir.resolve()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def send(self, event: str, data: object) -> None:
        self.events.put((event, data))

    def __enter__(self) -> EventServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.events.put(("", None))  # ends a stream still waiting
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)

    def _handler(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # keep the test output quiet
                pass

            def do_GET(self) -> None:
                if self.path == "/":
                    self._reply(200, "text/html; charset=utf-8", server.page_html)
                elif self.path == "/events":
                    self._stream()
                elif self.path.startswith("/static/"):
                    self._static(self.path.removeprefix("/static/"))
                else:
                    self._reply(404, "text/plain", b"not found")

            def _static(self, name: str) -> None:
                path = (server.static_dir / name).resolve()
                if not path.is_relative_to(server.static_dir) or not path.is_file():
                    self._reply(404, "text/plain", b"not found")
                    return
                kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
                self._reply(200, kind, path.read_bytes())

            def _stream(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                while True:
                    try:
                        event, data = server.events.get(timeout=EVENT_WAIT)
                    except queue.Empty:
                        return
                    if not event:
                        return
                    message = f"event: {event}\ndata: {json.dumps(data)}\n\n"
                    try:
                        self.wfile.write(message.encode())
                        self.wfile.flush()
                    except OSError:
                        return
                    if event == "done":
                        return

            def _reply(self, status: int, kind: str, body: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        return Handler
