"""Shared fixtures: a local capture server standing in for Seyir's ingest endpoint, and a
client configured against it."""

from __future__ import annotations

import gzip
import json
import logging
import socket
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Deque, Dict, Iterator, List, Optional, Union

import pytest

import seyir
from seyir import _client

API_KEY = "test-key-123"

# A scripted reply: (status, headers, body) or "hang:<seconds>" or "close".
Reply = Union[tuple, str, Callable[["Attempt"], Any]]


@dataclass
class Attempt:
    """One request the server received, whatever it answered."""

    at: float
    path: str
    headers: Dict[str, str]
    logs: List[Dict[str, Any]]
    status: int = 0
    raw_bytes: int = 0


@dataclass
class CaptureServer:
    url: str = ""
    attempts: List[Attempt] = field(default_factory=list)
    script: Deque[Reply] = field(default_factory=deque)
    default: Reply = (202, {}, None)
    lock: threading.Condition = field(default_factory=threading.Condition)
    closing: threading.Event = field(default_factory=threading.Event)

    def _sent(self, timings: bool) -> List[Dict[str, Any]]:
        return [log for a in self.attempts if 200 <= a.status < 300
                and a.path.endswith("/timings") == timings for log in a.logs]

    @property
    def delivered(self) -> List[Dict[str, Any]]:
        """Logs of the requests answered 2xx, in arrival order (timing records apart)."""
        with self.lock:
            return self._sent(False)

    @property
    def timings(self) -> List[Dict[str, Any]]:
        """Timing records (``/api/ingest/timings``) of the requests answered 2xx."""
        with self.lock:
            return self._sent(True)

    def wait_for(self, count: int, timeout: float = 5.0,
                 timings: bool = False) -> List[Dict[str, Any]]:
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                logs = self._sent(timings)
                if len(logs) >= count or time.monotonic() >= deadline:
                    return logs
                self.lock.wait(0.02)

    def wait_attempts(self, count: int, timeout: float = 5.0) -> List[Attempt]:
        deadline = time.monotonic() + timeout
        with self.lock:
            while len(self.attempts) < count and time.monotonic() < deadline:
                self.lock.wait(0.02)
            return list(self.attempts)

    def next_reply(self) -> Reply:
        with self.lock:
            return self.script.popleft() if self.script else self.default


def _make_handler(server: CaptureServer) -> type:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # headers and body are two writes: no 40 ms stalls

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            raw = self.rfile.read(length)
            if self.headers.get("Content-Encoding") == "gzip":
                raw = gzip.decompress(raw)
            body = json.loads(raw) if raw else []
            logs = body if isinstance(body, list) else [body]
            attempt = Attempt(time.monotonic(), self.path, dict(self.headers), logs,
                              raw_bytes=len(raw))
            reply = server.next_reply()
            if callable(reply):
                reply = reply(attempt)
            if isinstance(reply, str) and reply.startswith("hang:"):
                server.closing.wait(float(reply.split(":", 1)[1]))
                self._record(attempt, 0)
                self.close_connection = True
                return
            if reply == "close":
                self._record(attempt, 0)
                self.close_connection = True
                try:
                    self.connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                return
            status, headers, payload = reply
            if payload is None and 200 <= status < 300:
                payload = {"accepted": len(logs), "rejected": []}
            data = json.dumps(payload or {}).encode()
            self._record(attempt, status)
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _record(self, attempt: Attempt, status: int) -> None:
            attempt.status = status
            with server.lock:
                server.attempts.append(attempt)
                server.lock.notify_all()

    return Handler


@pytest.fixture
def server() -> Iterator[CaptureServer]:
    capture = CaptureServer()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _make_handler(capture))
    httpd.daemon_threads = True
    capture.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    yield capture
    capture.closing.set()
    httpd.shutdown()
    httpd.server_close()


def client_options(server: CaptureServer, **overrides: Any) -> Dict[str, Any]:
    options: Dict[str, Any] = {
        "api_key": API_KEY,
        "endpoint": server.url,
        "environment": "test",
        "release": "1.2.3",
        "flush_interval": 0.05,
        "backoff_base": 0.01,
        "backoff_max": 0.05,
        "timeout": 2.0,
        "install_handler": False,
        "capture_uncaught": False,
    }
    options.update(overrides)
    return options


@pytest.fixture
def init(server: CaptureServer) -> Iterator[Callable[..., _client.Client]]:
    """Configures the global client against the capture server; cleans up afterwards."""
    saved_hooks = (sys.excepthook, threading.excepthook)

    def make(**overrides: Any) -> _client.Client:
        seyir.init(**client_options(server, **overrides))
        assert _client.current is not None
        return _client.current

    yield make
    _client.shutdown(timeout=1.0)
    root = logging.getLogger()
    for handler in list(root.handlers):
        if isinstance(handler, seyir.SeyirHandler):
            root.removeHandler(handler)
    sys.excepthook, threading.excepthook = saved_hooks
    _client._hooks_installed = False


@pytest.fixture
def app_logger() -> Iterator[logging.Logger]:
    """A logger with only a SeyirHandler, at DEBUG, not propagating."""
    logger = logging.getLogger(f"app.test.{time.monotonic_ns()}")
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    handler = seyir.SeyirHandler()
    logger.addHandler(handler)
    yield logger
    logger.removeHandler(handler)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def only(logs: List[Dict[str, Any]], predicate: Optional[Callable[[Dict[str, Any]], bool]] = None
         ) -> Dict[str, Any]:
    matching = [log for log in logs if predicate is None or predicate(log)]
    assert len(matching) == 1, json.dumps(logs, indent=1)[:4000]
    return matching[0]
