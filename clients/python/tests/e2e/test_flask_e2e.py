"""A Flask app through its test client, with the client pointed at a real Seyir server."""

from __future__ import annotations

import logging

import pytest
from flask import Flask, request

import seyir
from seyir._scrub import FILTERED
from seyir.integrations.flask import Seyir

from .conftest import one

shop_logger = logging.getLogger("e2e.flask.shop")


def make_app() -> Flask:
    app = Flask(__name__)
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/items/<int:item_id>")
    def item(item_id: int):
        shop_logger.warning("flask item %s %s", request.args["run"], item_id)
        return {"id": item_id}

    @app.get("/crash")
    def crash():
        shop_logger.info("flask before crash %s", request.args["run"])
        raise KeyError(f"flask crash {request.args['run']}")

    return app


@pytest.fixture
def client(real_init):
    real_init()
    app = make_app()
    Seyir(app)
    return app.test_client()


def test_a_log_and_an_unhandled_exception_arrive_with_request_and_response(
        client, seyir_server, marker):
    client.set_cookie("session", "xyz")  # Werkzeug's client drops a Cookie header given as is
    ok = client.get(f"/items/5?run={marker}&api_key=k1",
                    headers={"Authorization": "Basic dXNlcjpwdw=="})
    assert ok.status_code == 200
    assert client.get(f"/crash?run={marker}").status_code == 500
    assert seyir.flush(10)

    logs = seyir_server.read_logs(lambda item: marker in item["message"], 3)
    item = one(logs, lambda log: log["message"].startswith("flask item"))
    before = one(logs, lambda log: log["message"].startswith("flask before crash"))
    error = one(logs, lambda log: log["level"] == "ERROR")

    assert (item["message"], item["level"]) == (f"flask item {marker} 5", "WARNING")
    request_info = item["request"]
    assert request_info["method"] == "GET"
    assert request_info["route"] == "/items/<int:item_id>"
    assert request_info["url"] == f"http://localhost/items/5?run={marker}&api_key={FILTERED}"
    assert request_info["headers"]["Authorization"] == FILTERED
    assert request_info["headers"]["Cookie"] == FILTERED
    assert len(item["context"]["request_id"]) == 32

    assert error["message"] == f"KeyError: 'flask crash {marker}'"
    exc = error["exception"]
    assert exc["type"] == "KeyError"
    assert exc["mechanism"] == {"type": "flask", "handled": False}
    assert exc["frames"][-1]["function"].endswith("crash")
    assert exc["frames"][-1]["in_app"] is True
    assert error["request"]["method"] == "GET"
    assert error["request"]["route"] == "/crash"
    assert error["request"]["url"] == f"http://localhost/crash?run={marker}"
    response = error["response"]
    assert (response["status_code"], response["reason_phrase"]) == (500, "Internal Server Error")
    assert response["duration_ms"] >= 0
    assert before["context"]["request_id"] == error["context"]["request_id"]


def test_timing_records_reach_the_performance_api_under_the_route_template(
        client, seyir_server, marker):
    for item_id in range(1, 8):
        assert client.get(f"/items/{item_id}?run={marker}").status_code == 200
    assert client.get(f"/crash?run={marker}").status_code == 500
    assert seyir.flush(10)
    routes = seyir_server.api(
        "GET", f"/api/v1/projects/{seyir_server.project_id}/performance/routes?environment=staging")
    by_route = {(r["method"], r["route"]): r for r in routes["items"]}
    items = by_route[("GET", "/items/{item_id}")]
    assert items["requests"] >= 7 and items["p95_ms"] is not None
    assert not any(route.startswith("/items/1") for _, route in by_route)
    crash = by_route[("GET", "/crash")]
    assert crash["errors"] >= 1
    detail = seyir_server.api(
        "GET", f"/api/v1/projects/{seyir_server.project_id}/performance/routes/{crash['id']}")
    # Other tests of the session crash too: find this test's request by its marker.
    failed = [r for r in detail["slowest"] if r["kind"] == "error"
              and r["request"]["url"].endswith(f"/crash?run={marker}")]
    assert len(failed) == 1 and failed[0]["status"] == 500
