"""Flask through its real test client against the capture server."""

from __future__ import annotations

import logging
import time

import pytest
from flask import Flask, abort

import seyir
from seyir._scrub import FILTERED
from seyir.integrations.flask import Seyir

from .conftest import client_options, free_port, only

shop_logger = logging.getLogger("flask.shop")


def make_app() -> Flask:
    app = Flask(__name__)
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/items/<int:item_id>")
    def item(item_id: int):
        shop_logger.warning("item %s viewed", item_id)
        return {"id": item_id}

    @app.get("/boom")
    def boom():
        shop_logger.info("before boom")
        raise KeyError("flask boom")

    @app.get("/missing")
    def missing():
        abort(404)

    @app.get("/user")
    def user():
        seyir.set_user({"id": 7, "username": "mehmet", "email": "m@example.com"})
        shop_logger.warning("who am i")
        return "ok"

    return app


@pytest.fixture
def flask_app(init):
    init(install_handler=True, level="INFO")
    app = make_app()
    Seyir(app)
    return app


def test_a_log_inside_a_view_carries_the_request(flask_app, server):
    response = flask_app.test_client().get(
        "/items/5?color=red&api_key=k1", headers={"Authorization": "Basic dXNlcjpwdw==",
                                                  "X-Request-ID": "flask-req-1"})
    assert response.status_code == 200
    assert seyir.flush(5)
    log = only(server.delivered)
    assert (log["message"], log["level"]) == ("item 5 viewed", "WARNING")
    request = log["request"]
    assert request["method"] == "GET"
    assert request["route"] == "/items/<int:item_id>"
    assert request["url"] == f"http://localhost/items/5?color=red&api_key={FILTERED}"
    assert request["query_string"] == f"color=red&api_key={FILTERED}"
    assert request["headers"]["Authorization"] == FILTERED
    assert request["client_ip"] == "127.0.0.1"
    assert log["context"]["request_id"] == "flask-req-1"


def test_an_unhandled_exception_is_sent_once_with_its_500(flask_app, server):
    response = flask_app.test_client().get("/boom")
    assert response.status_code == 500
    assert seyir.flush(5)
    logs = server.delivered
    before = only(logs, lambda log: log["message"] == "before boom")
    error = only(logs, lambda log: "exception" in log)  # Flask's "Exception on /boom" is not
    assert error["message"] == "KeyError: 'flask boom'"
    assert error["exception"]["mechanism"] == {"type": "flask", "handled": False}
    # co_qualname (3.11+) gives "make_app.<locals>.boom", older versions "boom".
    assert error["exception"]["frames"][-1]["function"].endswith("boom")
    assert error["response"]["status_code"] == 500
    assert error["response"]["reason_phrase"] == "Internal Server Error"
    assert error["response"]["duration_ms"] >= 0
    assert error["request"]["route"] == "/boom"
    assert before["context"]["request_id"] == error["context"]["request_id"]


def test_http_errors_raised_on_purpose_are_not_exceptions(flask_app, server):
    assert flask_app.test_client().get("/missing").status_code == 404
    seyir.flush(2)
    assert all("exception" not in log for log in server.delivered)


def test_set_user_puts_the_user_in_the_context_of_later_logs(flask_app, server):
    flask_app.test_client().get("/user")
    seyir.flush(5)
    log = only(server.delivered)
    assert log["context"]["user"] == {"id": 7, "username": "mehmet", "email": "m@example.com",
                                      "ip_address": "127.0.0.1"}


def test_the_extension_can_configure_the_client_and_use_init_app(server):
    from seyir import _client

    ext = Seyir(**client_options(server))
    app = make_app()
    ext.init_app(app)
    logger = logging.getLogger("flask.factory")
    logger.addHandler(seyir.SeyirHandler())
    try:
        assert app.extensions["seyir"] is ext
        app.test_client().get("/boom")
        assert seyir.flush(5)
        assert only(server.delivered)["exception"]["type"] == "KeyError"
    finally:
        logger.handlers.clear()
        _client.shutdown(1)


def test_timing_records_carry_the_route_template_not_the_raw_path(flask_app, server):
    client = flask_app.test_client()
    for item_id in (1, 2, 3):
        assert client.get(f"/items/{item_id}").status_code == 200
    assert client.get("/boom").status_code == 500
    assert seyir.flush(5)
    timings = server.wait_for(4, timings=True)
    assert [t["route"] for t in timings] == ["/items/{item_id}"] * 3 + ["/boom"]
    assert [t["status"] for t in timings] == [200, 200, 200, 500]
    assert all("request" not in t for t in timings[:3])
    assert timings[3]["response"]["status_code"] == 500
    assert len({t["request_id"] for t in timings}) == 4


def test_slow_requests_carry_their_request_and_response(server, init):
    init(slow_request_ms=0)
    app = make_app()
    Seyir(app)
    assert app.test_client().get("/items/9?q=1").status_code == 200
    assert seyir.flush(5)
    timing = only(server.wait_for(1, timings=True))
    assert timing["request"]["url"].endswith("/items/9?q=1")
    assert timing["request"]["route"] == "/items/<int:item_id>"
    assert timing["response"]["status_code"] == 200


def test_timing_sample_rate_and_switching_timings_off(server, init):
    init(timing_sample_rate=0.0)
    app = make_app()
    Seyir(app)
    for _ in range(20):
        app.test_client().get("/items/1")
    init(send_timings=False)
    for _ in range(5):
        app.test_client().get("/items/1")
    init(timing_sample_rate=0.5)
    for _ in range(400):
        app.test_client().get("/items/1")
    assert seyir.flush(5)
    sent = len(server.wait_for(200, timings=True, timeout=5))
    assert 120 < sent < 280


def test_requests_never_wait_for_timings_when_the_server_is_down(init):
    seyir.init(api_key="k", endpoint=f"http://127.0.0.1:{free_port()}", max_retries=50,
               backoff_base=1.0, install_handler=False, capture_uncaught=False)
    app = make_app()
    Seyir(app)
    client = app.test_client()
    started = time.perf_counter()
    for _ in range(200):
        assert client.get("/items/1").status_code == 200
    # 200 requests through a test client take well under a second with a server that answers;
    # a client that waited for the network would take 200 x the connect attempts.
    assert time.perf_counter() - started < 5
