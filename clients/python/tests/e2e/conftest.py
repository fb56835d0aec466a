"""A real Seyir server for the end-to-end tests: started once per session from the monorepo's
gateway in embedded mode (PGlite in a throw-away data directory, ingest processed inline), with
a user, a project and an API key created through the public HTTP API."""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional

import pytest

import seyir
from seyir import _client

from ..conftest import free_port

# tests/e2e/conftest.py -> e2e, tests, python, clients, <repo root>
REPO_ROOT = Path(__file__).resolve().parents[4]
GATEWAY_MAIN = REPO_ROOT / "apps" / "gateway" / "src" / "main.ts"
START_TIMEOUT = 60.0
PASSWORD = "E2e-Str0ng-Passw0rd!"

Log = Dict[str, Any]


class ApiError(AssertionError):
    pass


def one(logs: List[Log], predicate: Callable[[Log], bool]) -> Log:
    matching = [log for log in logs if predicate(log)]
    assert len(matching) == 1, json.dumps(logs, indent=1)[:4000]
    return matching[0]


def _call(method: str, url: str, *, token: Optional[str] = None, json_body: Any = None,
          form: Optional[Dict[str, str]] = None, expect: int = 200) -> Any:
    headers = {"Accept": "application/json"}
    data = None
    if json_body is not None:
        data = json.dumps(json_body).encode()
        headers["Content-Type"] = "application/json"
    elif form is not None:
        data = urllib.parse.urlencode(form).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status, body = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, body = error.code, error.read()
    if status != expect:
        raise ApiError(f"{method} {url} -> {status} (expected {expect}): {body[:2000]!r}")
    return json.loads(body) if body else None


@dataclass
class SeyirServer:
    endpoint: str
    api_key: str
    token: str
    project_id: str
    output: Path

    def api(self, method: str, path: str, **kwargs: Any) -> Any:
        return _call(method, self.endpoint + path, token=self.token, **kwargs)

    def list_logs(self, **filters: Any) -> List[Log]:
        query = urllib.parse.urlencode({"limit": 500, **filters})
        page = self.api("GET", f"/api/v1/projects/{self.project_id}/logs/?{query}")
        items: List[Log] = page["items"]
        return items

    def log_detail(self, log_id: str) -> Log:
        detail: Log = self.api("GET", f"/api/v1/projects/{self.project_id}/logs/{log_id}")
        return detail

    def read_logs(self, predicate: Callable[[Log], bool], count: int, timeout: float = 10.0,
                  **filters: Any) -> List[Log]:
        """Polls the logs list until `count` logs match `predicate` (ingest may be
        asynchronous in other modes), then returns their full details. The server keeps
        timestamps to the millisecond, so logs sent together come back in no set order."""
        deadline = time.monotonic() + timeout
        while True:
            items = [item for item in self.list_logs(**filters) if predicate(item)]
            if len(items) >= count or time.monotonic() >= deadline:
                break
            time.sleep(0.1)
        assert len(items) == count, (
            f"expected {count} matching logs, found {len(items)}: "
            + json.dumps(items, indent=1)[:4000])
        return [self.log_detail(item["id"]) for item in items]


def _wait_healthy(process: subprocess.Popen, endpoint: str, output: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the Seyir server exited with {process.returncode}:\n"
                               + output.read_text(errors="replace")[-4000:])
        try:
            with urllib.request.urlopen(endpoint + "/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"the Seyir server did not answer /healthz within {START_TIMEOUT:.0f} s:\n"
                       + output.read_text(errors="replace")[-4000:])


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


@pytest.fixture(scope="session")
def seyir_server() -> Iterator[SeyirServer]:
    node = shutil.which("node")
    assert node, "node is not on PATH: the end-to-end tests need it to run the Seyir server"
    assert GATEWAY_MAIN.is_file(), f"{GATEWAY_MAIN} is missing"
    data_dir = Path(tempfile.mkdtemp(prefix="seyir-e2e-"))
    output = data_dir / "server.log"
    port = free_port()
    endpoint = f"http://127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("SEYIR_") and k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(PORT=str(port), HOST="127.0.0.1", SEYIR_DATA_DIR=str(data_dir / "data"),
               LOG_LEVEL="warn")
    with open(output, "wb") as out:
        process = subprocess.Popen([node, "--import", "tsx", str(GATEWAY_MAIN)],
                                   cwd=REPO_ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL)
    try:
        _wait_healthy(process, endpoint, output)
        suffix = uuid.uuid4().hex[:8]
        username = f"e2e_{suffix}"
        _call("POST", endpoint + "/api/v1/auth/register", expect=201, json_body={
            "username": username, "email": f"{username}@example.com", "password": PASSWORD,
            "passwordConfirm": PASSWORD, "terms": True})
        token = _call("POST", endpoint + "/api/v1/auth/login",
                      form={"username": username, "password": PASSWORD})["access_token"]
        project = _call("POST", endpoint + "/api/v1/projects/", token=token, expect=201,
                        json_body={"name": f"Python e2e {suffix}",
                                   "environments": ["production", "staging"]})
        key = _call("POST", endpoint + f"/api/v1/projects/{project['id']}/api-keys/",
                    token=token, expect=201, json_body={"name": "python e2e"})
        yield SeyirServer(endpoint, key["key"], token, project["id"], output)
    finally:
        _stop(process)
        shutil.rmtree(data_dir, ignore_errors=True)


@pytest.fixture
def real_init(seyir_server: SeyirServer) -> Iterator[Callable[..., _client.Client]]:
    """Configures the global client against the real server; cleans up afterwards."""
    saved_hooks = (sys.excepthook, threading.excepthook)

    def make(**overrides: Any) -> _client.Client:
        options: Dict[str, Any] = {
            "api_key": seyir_server.api_key,
            "endpoint": seyir_server.endpoint,
            "environment": "staging",
            "release": "e2e-1.0",
            "host": "e2e-host",
            "flush_interval": 0.05,
            "timeout": 5.0,
            "install_handler": True,
            "level": "INFO",
            "capture_uncaught": False,
        }
        options.update(overrides)
        seyir.init(**options)
        assert _client.current is not None
        return _client.current

    yield make
    _client.shutdown(timeout=2.0)
    root = logging.getLogger()
    for handler in list(root.handlers):
        if isinstance(handler, seyir.SeyirHandler):
            root.removeHandler(handler)
    sys.excepthook, threading.excepthook = saved_hooks
    _client._hooks_installed = False


@pytest.fixture
def marker() -> str:
    """A string unique to one test, put in its messages to find its logs on the shared server."""
    return uuid.uuid4().hex[:12]
