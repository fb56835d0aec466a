"""A FastAPI app through Starlette's TestClient, with the client pointed at a real Seyir
server."""

from __future__ import annotations

import logging

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import seyir
from seyir._scrub import FILTERED
from seyir.integrations.fastapi import SeyirMiddleware

from .conftest import one

api_logger = logging.getLogger("e2e.api.orders")


def make_app() -> FastAPI:
    app = FastAPI()
    app.add_middleware(SeyirMiddleware)

    @app.get("/orders/{order_id}")
    async def get_order(order_id: int, run: str):
        api_logger.warning("fastapi order %s %s", run, order_id)
        return {"id": order_id}

    @app.get("/crash")
    def crash(run: str):
        api_logger.info("fastapi before crash %s", run)
        raise ValueError(f"fastapi crash {run}")

    return app


@pytest.fixture
def client(real_init):
    real_init()
    return TestClient(make_app(), raise_server_exceptions=False)


def test_a_log_and_an_unhandled_exception_arrive_with_request_and_response(
        client, seyir_server, marker):
    ok = client.get(f"/orders/9?run={marker}&password=pw1",
                    headers={"Cookie": "session=abc", "X-Real-IP": "198.51.100.4"})
    assert ok.status_code == 200
    assert client.get(f"/crash?run={marker}").status_code == 500
    assert seyir.flush(10)

    logs = seyir_server.read_logs(  # httpx logs each request too, with its URL
        lambda item: marker in item["message"] and not item["message"].startswith("HTTP"), 3)
    order = one(logs, lambda log: log["message"].startswith("fastapi order"))
    before = one(logs, lambda log: log["message"].startswith("fastapi before crash"))
    error = one(logs, lambda log: log["level"] == "ERROR")

    assert (order["message"], order["level"]) == (f"fastapi order {marker} 9", "WARNING")
    request = order["request"]
    assert request["method"] == "GET"
    assert request["route"] == "/orders/{order_id}"
    assert request["url"] == f"http://testserver/orders/9?run={marker}&password={FILTERED}"
    assert request["headers"]["cookie"] == FILTERED
    assert request["client_ip"] == "198.51.100.4"
    assert len(order["context"]["request_id"]) == 32

    assert error["message"] == f"ValueError: fastapi crash {marker}"
    exc = error["exception"]
    assert exc["type"] == "ValueError"
    assert exc["mechanism"] == {"type": "starlette", "handled": False}
    assert exc["frames"][-1]["function"].endswith("crash")
    assert exc["frames"][-1]["in_app"] is True
    assert error["request"]["method"] == "GET"
    assert error["request"]["route"] == "/crash"
    assert error["request"]["url"] == f"http://testserver/crash?run={marker}"
    response = error["response"]
    assert (response["status_code"], response["reason_phrase"]) == (500, "Internal Server Error")
    # The sync endpoint ran in the thread pool: the request context followed it there.
    assert before["context"]["request_id"] == error["context"]["request_id"]
