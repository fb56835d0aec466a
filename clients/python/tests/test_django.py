"""Django through its real test clients (WSGI and ASGI) against the capture server."""

from __future__ import annotations

import asyncio
import logging

import django
from django.conf import settings

if not settings.configured:
    settings.configure(
        DEBUG=False,
        SECRET_KEY="django-insecure-test-only",
        ROOT_URLCONF=__name__,
        ALLOWED_HOSTS=["testserver"],
        MIDDLEWARE=[
            "seyir.integrations.django.SeyirMiddleware",
            "django.contrib.sessions.middleware.SessionMiddleware",
            "django.contrib.auth.middleware.AuthenticationMiddleware",
        ],
        INSTALLED_APPS=[
            "django.contrib.auth",
            "django.contrib.contenttypes",
            "django.contrib.sessions",
        ],
        DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}},
        USE_TZ=True,
    )
    django.setup()

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.http import HttpResponse, JsonResponse
from django.test import AsyncClient, Client
from django.urls import path

import seyir
from seyir._scrub import FILTERED

from .conftest import only

shop_logger = logging.getLogger("shop")


def hello(request, n):
    shop_logger.warning("hello %s", n)
    return HttpResponse("hi")


def boom(request):
    shop_logger.info("before boom")
    return 1 / 0


async def async_hello(request):
    shop_logger.warning("async hello")
    return JsonResponse({"ok": True})


async def async_boom(request):
    raise LookupError("async boom")


urlpatterns = [
    path("hello/<int:n>/", hello),
    path("boom/", boom),
    path("async-hello/", async_hello),
    path("async-boom/", async_boom),
]


@pytest.fixture(scope="module")
def database():
    call_command("migrate", run_syncdb=True, verbosity=0)


@pytest.fixture
def django_seyir(init):
    # install_handler puts a SeyirHandler on the root logger, the way init() does in an app:
    # it receives both the app's logs and Django's own "Internal Server Error" log line.
    return init(install_handler=True, level="INFO")


def test_a_log_inside_a_view_carries_the_request_with_scrubbed_secrets(django_seyir, server):
    response = Client().get(
        "/hello/3/?q=shoes&token=abc123",
        HTTP_AUTHORIZATION="Bearer s3cret",
        HTTP_COOKIE="sessionid=xyz",
        HTTP_USER_AGENT="pytest",
        HTTP_X_FORWARDED_FOR="203.0.113.7, 10.0.0.1",
    )
    assert response.status_code == 200
    assert seyir.flush(5)
    log = only(server.delivered)
    assert (log["message"], log["level"], log["logger"]) == ("hello 3", "WARNING", "shop")
    request = log["request"]
    assert request["method"] == "GET"
    assert request["route"] == "/hello/<int:n>/"
    assert request["url"] == f"http://testserver/hello/3/?q=shoes&token={FILTERED}"
    assert request["query_string"] == f"q=shoes&token={FILTERED}"
    assert request["client_ip"] == "203.0.113.7"
    assert request["headers"]["Authorization"] == FILTERED
    assert request["headers"]["Cookie"] == FILTERED
    assert request["headers"]["User-Agent"] == "pytest"
    assert len(log["context"]["request_id"]) == 32
    assert "s3cret" not in str(log) and "abc123" not in str(log)


def test_an_unhandled_exception_is_sent_once_with_the_500_and_django_traceback(
        django_seyir, server, database):
    User.objects.filter(username="ayse").delete()
    user = User.objects.create_user("ayse", "ayse@example.com", "pw-123456")
    client = Client(raise_request_exception=False)
    client.force_login(user)
    response = client.get("/boom/", HTTP_X_REQUEST_ID="req-42")
    assert response.status_code == 500
    assert seyir.flush(5)
    logs = server.delivered
    before = only(logs, lambda log: log["message"] == "before boom")
    error = only(logs, lambda log: "exception" in log)  # Django's own log line is not repeated
    assert error["message"] == "ZeroDivisionError: division by zero"
    assert error["level"] == "ERROR"
    exc = error["exception"]
    assert exc["type"] == "ZeroDivisionError"
    assert exc["mechanism"] == {"type": "django", "handled": False}
    assert exc["frames"][-1]["function"] == "boom" and exc["frames"][-1]["in_app"] is True
    assert any(not f["in_app"] and "django" in f["abs_path"] for f in exc["frames"])
    res = error["response"]
    assert (res["status_code"], res["reason_phrase"]) == (500, "Internal Server Error")
    assert res["duration_ms"] > 0
    technical = res["error_details"]["django_traceback"]
    assert "ZeroDivisionError" in technical and "Request Method: GET" in technical
    assert error["request"]["route"] == "/boom/"
    assert before["context"]["request_id"] == error["context"]["request_id"] == "req-42"
    assert error["context"]["user"] == {"id": user.pk, "username": "ayse",
                                        "email": "ayse@example.com", "ip_address": "127.0.0.1"}
    assert len([log for log in logs if "Internal Server Error" in log["message"]]) == 0


def test_two_requests_get_different_request_ids(django_seyir, server):
    client = Client()
    client.get("/hello/1/")
    client.get("/hello/2/")
    seyir.flush(5)
    ids = {log["context"]["request_id"] for log in server.delivered}
    assert len(ids) == 2


def test_a_log_outside_any_request_has_no_request(django_seyir, server):
    shop_logger.warning("cron job")
    seyir.flush(5)
    log = only(server.delivered)
    assert "request" not in log and "request_id" not in log.get("context", {})


def test_async_views_under_asgi(django_seyir, server):
    async def run():
        client = AsyncClient(raise_request_exception=False)
        ok = await client.get("/async-hello/")
        failed = await client.get("/async-boom/")
        return ok.status_code, failed.status_code

    assert asyncio.run(run()) == (200, 500)
    assert seyir.flush(5)
    logs = server.delivered
    hello_log = only(logs, lambda log: log["message"] == "async hello")
    error = only(logs, lambda log: "exception" in log)
    assert hello_log["request"]["route"] == "/async-hello/"
    assert error["exception"]["type"] == "LookupError"
    assert error["response"]["status_code"] == 500
    assert error["request"]["route"] == "/async-boom/"


def test_django_never_hangs_at_start_or_exit_even_when_the_server_hangs(server):
    """A competitor's handler is known to hang Django at start-up and exit; ours must not."""
    import os
    import subprocess
    import sys
    import textwrap
    import time

    server.default = "hang:60"
    script = textwrap.dedent(f"""
        import logging, time
        start = time.monotonic()
        import django
        from django.conf import settings
        import seyir
        seyir.init(api_key="k", endpoint="{server.url}", shutdown_timeout=1.0, timeout=60)
        settings.configure(
            DEBUG=False, SECRET_KEY="x", ROOT_URLCONF=__name__, ALLOWED_HOSTS=["*"],
            MIDDLEWARE=["seyir.integrations.django.SeyirMiddleware"],
            LOGGING={{
                "version": 1,
                "handlers": {{"seyir": {{"class": "seyir.SeyirHandler", "level": "INFO"}}}},
                "root": {{"handlers": ["seyir"], "level": "INFO"}},
            }},
        )
        from django.http import HttpResponse
        from django.urls import path

        def view(request):
            logging.getLogger("app").warning("inside a request")
            return HttpResponse("ok")

        urlpatterns = [path("", view)]
        django.setup()  # runs dictConfig, which flushes and closes existing handlers
        from django.test import Client
        for _ in range(50):
            assert Client().get("/").status_code == 200
        print(f"ready after {{time.monotonic() - start:.2f}} s", flush=True)
    """)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SEYIR_")}
    start = time.monotonic()
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            timeout=60, env=env, check=False)
    elapsed = time.monotonic() - start
    assert result.returncode == 0, result.stderr
    ready = float(result.stdout.split("ready after ")[1].split(" s")[0])
    assert ready < 5, result.stdout  # start-up and 50 requests: no waiting on the network
    assert elapsed < ready + 6  # exit waits at most shutdown_timeout (1 s) for the sender


def test_timing_records_carry_the_route_template_and_detail_only_for_failures(
        django_seyir, server, database):
    Client().get("/hello/3/", HTTP_X_REQUEST_ID="t-1")
    Client(raise_request_exception=False).get("/boom/", HTTP_AUTHORIZATION="Bearer s3cret")
    Client().get("/no/such/page/")
    asyncio.run(AsyncClient().get("/async-hello/"))
    assert seyir.flush(5)
    timings = server.wait_for(4, timings=True)
    by_route = {t["route"]: t for t in timings}
    assert set(by_route) == {"/hello/{n}/", "/boom/", "(unmatched)", "/async-hello/"}
    hello = by_route["/hello/{n}/"]
    assert (hello["method"], hello["status"], hello["request_id"]) == ("GET", 200, "t-1")
    assert (hello["environment"], hello["release"]) == ("test", "1.2.3")
    assert 0 <= hello["duration_ms"] < 5000 and "request" not in hello
    boom = by_route["/boom/"]
    assert boom["status"] == 500
    assert boom["request"]["method"] == "GET"
    assert boom["request"]["headers"]["Authorization"] == FILTERED
    assert boom["response"]["status_code"] == 500
    assert by_route["(unmatched)"]["status"] == 404
