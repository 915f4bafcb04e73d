"""Shared test helpers: claimq on sys.path, and a scripted HTTP stub on 127.0.0.1."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Optional

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: The longest a held reply (Reply.hold) waits for its event.
HOLD_S = 60.0
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


class Reply:
    """One scripted answer: status, JSON body (or raw bytes), headers, a delay before it, or a dropped connection.

    ``hold``: an event the answer waits for (a long poll that answers when the test says so; at
    most HOLD_S seconds). ``answered``: set once the answer was written.
    """

    def __init__(self, status: int = 200, body: Any = None, headers: Optional[Dict[str, str]] = None, delay: float = 0.0,
                 raw: Optional[bytes] = None, close_after: bool = False, drop: bool = False,
                 hold: Optional[threading.Event] = None) -> None:
        self.status = status
        self.body = body
        self.headers = headers or {}
        self.delay = delay
        self.raw = raw
        self.close_after = close_after
        self.drop = drop
        self.hold = hold
        self.answered = threading.Event()


class Recorded:
    def __init__(self, method: str, path: str, headers: Dict[str, str], body: Any) -> None:
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body


class Stub:
    """A loopback HTTP server answering from a script: a list of Reply, or a function of the request."""

    def __init__(self) -> None:
        self.requests: List[Recorded] = []
        self.script: List[Reply] = []
        self.respond: Optional[Callable[[Recorded], Reply]] = None
        self.lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def do_POST(self) -> None:
                self._handle()

            def do_GET(self) -> None:
                self._handle()

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                data = self.rfile.read(length) if length else b""
                body = json.loads(data) if data else None
                recorded = Recorded(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                with stub.lock:
                    stub.requests.append(recorded)
                    if stub.respond is not None:
                        reply = stub.respond(recorded)
                    elif stub.script:
                        reply = stub.script.pop(0)
                    else:
                        reply = Reply(500, {"statusCode": 500, "message": "stub: no reply scripted", "code": "internal_error"})
                if reply.delay:
                    time.sleep(reply.delay)
                if reply.hold is not None:
                    reply.hold.wait(HOLD_S)
                if reply.drop:
                    # the connection ends with no answer at all
                    self.close_connection = True
                    return
                payload = reply.raw if reply.raw is not None else (b"" if reply.body is None else json.dumps(reply.body).encode())
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json" if reply.raw is None else "text/plain")
                    self.send_header("Content-Length", str(len(payload)))
                    for key, value in reply.headers.items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(payload)
                    self.wfile.flush()
                    reply.answered.set()
                except (BrokenPipeError, ConnectionResetError):
                    pass
                if reply.close_after:
                    # drop the connection without saying so: a keep-alive the server closed while idle
                    self.close_connection = True

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def error_body(status: int, code: str, message: str, errors: Optional[list] = None) -> Dict[str, Any]:
    body: Dict[str, Any] = {"statusCode": status, "error": "Error", "message": message, "code": code}
    if errors is not None:
        body["errors"] = errors
    return body


def job_json(job_id: str, queue: str = "q", type_: str = "t", payload: Any = None, timeout_ms: int = 30_000) -> Dict[str, Any]:
    return {
        "id": job_id, "queue": queue, "type": type_, "payload": payload if payload is not None else {}, "status": "running",
        "attempts": 1, "maxAttempts": 3, "timeoutMs": timeout_ms,
    }


def wait_until(check: Callable[[], Any], timeout: float = 10.0, what: str = "condition") -> None:
    """Polls `check` every 10 ms until it is true; AssertionError naming `what` after `timeout` s."""
    until = time.monotonic() + timeout
    while not check():
        if time.monotonic() > until:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


def settlement_status(item: Dict[str, Any], cancel_asked: "set[str]") -> str:
    """The status a service answers for one settlement `item` (a cancel asked of its job wins over a failure)."""
    if item["status"] == "succeeded":
        return "succeeded"
    if item["status"] == "released":
        return "pending"
    if item["id"] in cancel_asked:
        return "cancelled"
    return "scheduled" if item.get("retryable", True) else "failed"
