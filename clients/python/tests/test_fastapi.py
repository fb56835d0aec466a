"""FastAPI (Starlette) through its real TestClient, and once through a real uvicorn server."""

from __future__ import annotations

import logging
import threading
import time
import urllib.request

import pytest
import uvicorn
from fastapi import FastAPI, HTTPException
from fastapi.testclient import TestClient

import seyir
from seyir._scrub import FILTERED
from seyir.integrations.fastapi import SeyirMiddleware

from .conftest import free_port, only

api_logger = logging.getLogger("api.orders")


def from_the_app(log) -> bool:
    """Leaves out the test client's own logs (httpx logs each request at INFO)."""
    return log["logger"] == "api.orders"


def make_app() -> FastAPI:
    app = FastAPI()
    app.add_middleware(SeyirMiddleware)

    @app.get("/orders/{order_id}")
    async def get_order(order_id: int):
        api_logger.warning("order %s read", order_id)
        return {"id": order_id}

    @app.get("/sync-orders/{order_id}")
    def get_order_sync(order_id: int):
        # Runs in Starlette's thread pool: the request context must follow it there.
        api_logger.warning("sync order %s read", order_id)
        return {"id": order_id}

    @app.get("/boom")
    async def boom():
        api_logger.info("before boom")
        raise ValueError("fastapi boom")

    @app.get("/teapot")
    async def teapot():
        raise HTTPException(status_code=418)

    return app


@pytest.fixture
def client(init):
    init(install_handler=True, level="INFO")
    return TestClient(make_app(), raise_server_exceptions=False)


def test_a_log_inside_an_endpoint_carries_the_request(client, server):
    response = client.get("/orders/9?expand=items&password=pw1",
                          headers={"Cookie": "session=abc", "X-Real-IP": "198.51.100.4"})
    assert response.status_code == 200
    assert seyir.flush(5)
    log = only(server.delivered, from_the_app)
    assert log["message"] == "order 9 read"
    request = log["request"]
    assert request["method"] == "GET"
    assert request["route"] == "/orders/{order_id}"
    assert request["url"] == f"http://testserver/orders/9?expand=items&password={FILTERED}"
    assert request["query_string"] == f"expand=items&password={FILTERED}"
    assert request["headers"]["cookie"] == FILTERED
    assert request["client_ip"] == "198.51.100.4"
    assert len(log["context"]["request_id"]) == 32


def test_sync_endpoints_keep_the_request_context(client, server):
    client.get("/sync-orders/3")
    seyir.flush(5)
    log = only(server.delivered, from_the_app)
    assert log["request"]["route"] == "/sync-orders/{order_id}"
    assert log["context"]["request_id"]


def test_an_unhandled_exception_is_sent_once_with_its_500(client, server):
    response = client.get("/boom")
    assert response.status_code == 500
    assert seyir.flush(5)
    logs = server.delivered
    before = only(logs, lambda log: log["message"] == "before boom")
    error = only(logs, lambda log: "exception" in log)
    assert error["message"] == "ValueError: fastapi boom"
    assert error["exception"]["mechanism"] == {"type": "starlette", "handled": False}
    # co_qualname (3.11+) gives "make_app.<locals>.boom", older versions "boom".
    assert error["exception"]["frames"][-1]["function"].endswith("boom")
    assert error["response"]["status_code"] == 500
    assert error["response"]["reason_phrase"] == "Internal Server Error"
    assert error["request"]["route"] == "/boom"
    assert before["context"]["request_id"] == error["context"]["request_id"]


def test_http_exceptions_are_answers_not_errors(client, server):
    assert client.get("/teapot").status_code == 418
    seyir.flush(2)
    assert all("exception" not in log for log in server.delivered)


def test_under_a_real_uvicorn_server_uvicorns_own_error_log_is_not_a_duplicate(init, server):
    init(install_handler=True, level="INFO")
    port = free_port()
    config = uvicorn.Config(make_app(), host="127.0.0.1", port=port, log_config=None,
                            lifespan="off")
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not uv.started and time.monotonic() < deadline:
            time.sleep(0.02)
        with pytest.raises(urllib.error.HTTPError) as failed:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/boom", timeout=5)
        assert failed.value.code == 500
        assert seyir.flush(5)
    finally:
        uv.should_exit = True
        thread.join(5)
    errors = [log for log in server.delivered if "exception" in log]
    assert len(errors) == 1
    assert errors[0]["request"]["url"] == f"http://127.0.0.1:{port}/boom"


def test_timing_records_carry_the_route_template(client, server):
    assert client.get("/orders/5", headers={"X-Request-ID": "fa-1"}).status_code == 200
    assert client.get("/sync-orders/6").status_code == 200
    assert client.get("/boom").status_code == 500
    assert client.get("/teapot").status_code == 418
    assert seyir.flush(5)
    timings = server.wait_for(4, timings=True)
    assert [(t["method"], t["route"], t["status"]) for t in timings] == [
        ("GET", "/orders/{order_id}", 200),
        ("GET", "/sync-orders/{order_id}", 200),
        ("GET", "/boom", 500),
        ("GET", "/teapot", 418),
    ]
    assert timings[0]["request_id"] == "fa-1"
    assert timings[2]["request"]["route"] == "/boom"
    assert "request" not in timings[3]
