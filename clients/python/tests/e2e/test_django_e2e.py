"""A Django app through its test client, with the client pointed at a real Seyir server."""

from __future__ import annotations

import logging

import pytest
from django.http import HttpResponse
from django.test import Client, override_settings
from django.urls import path

import seyir
from seyir._scrub import FILTERED

# Django settings are process-wide: the unit tests' module configures them (if nothing did
# yet) and this module only swaps the URLconf.
from .. import test_django  # noqa: F401
from .conftest import one

shop_logger = logging.getLogger("e2e.django.shop")


def greet(request, n):
    shop_logger.warning("django hello %s %s", request.GET["run"], n)
    return HttpResponse("hi")


def crash(request):
    shop_logger.info("django before crash %s", request.GET["run"])
    raise ZeroDivisionError(f"django crash {request.GET['run']}")


urlpatterns = [
    path("greet/<int:n>/", greet),
    path("crash/", crash),
]


@pytest.fixture
def client(real_init):
    real_init()
    with override_settings(ROOT_URLCONF=__name__):
        yield Client(raise_request_exception=False)


def test_a_log_and_an_unhandled_exception_arrive_with_request_and_response(
        client, seyir_server, marker):
    ok = client.get(f"/greet/3/?run={marker}&token=abc123", HTTP_AUTHORIZATION="Bearer s3cret",
                    HTTP_X_REQUEST_ID=f"greet-{marker}")
    assert ok.status_code == 200
    failed = client.get(f"/crash/?run={marker}", HTTP_X_REQUEST_ID=f"crash-{marker}")
    assert failed.status_code == 500
    assert seyir.flush(10)

    logs = seyir_server.read_logs(lambda item: marker in item["message"], 3)
    hello = one(logs, lambda log: log["message"].startswith("django hello"))
    before = one(logs, lambda log: log["message"].startswith("django before crash"))
    error = one(logs, lambda log: log["level"] == "ERROR")

    assert hello["message"] == f"django hello {marker} 3"
    assert (hello["level"], hello["logger"], hello["environment"]) == (
        "WARNING", "e2e.django.shop", "staging")
    request = hello["request"]
    assert request["method"] == "GET"
    assert request["route"] == "/greet/<int:n>/"
    assert request["url"] == f"http://testserver/greet/3/?run={marker}&token={FILTERED}"
    assert request["query_string"] == f"run={marker}&token={FILTERED}"
    assert request["headers"]["Authorization"] == FILTERED
    assert request["client_ip"] == "127.0.0.1"
    assert hello["context"]["request_id"] == f"greet-{marker}"
    assert "s3cret" not in str(hello) and "abc123" not in str(hello)

    assert error["message"] == f"ZeroDivisionError: django crash {marker}"
    exc = error["exception"]
    assert exc["type"] == "ZeroDivisionError"
    assert exc["mechanism"] == {"type": "django", "handled": False}
    assert exc["frames"][-1]["function"] == "crash" and exc["frames"][-1]["in_app"] is True
    assert any(not f["in_app"] and "django" in f["abs_path"] for f in exc["frames"])
    assert error["request"]["method"] == "GET"
    assert error["request"]["route"] == "/crash/"
    assert error["request"]["url"] == f"http://testserver/crash/?run={marker}"
    response = error["response"]
    assert (response["status_code"], response["reason_phrase"]) == (500, "Internal Server Error")
    assert response["duration_ms"] > 0
    technical = response["error_details"]["django_traceback"]
    assert "ZeroDivisionError" in technical and "Request Method: GET" in technical
    assert before["context"]["request_id"] == error["context"]["request_id"] == f"crash-{marker}"
    assert before["response"] is None
