"""The `exception` object: the shape packages/domain/src/log/exception.ts validates."""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Dict

import seyir
from seyir._event import MAX_FIELD_BYTES, _dumps, fit_exception
from seyir._exceptions import exception_data, is_in_app, utf16_len

from .conftest import only

FRAME_KEYS = {"filename", "abs_path", "module", "function", "lineno", "colno", "context_line",
              "pre_context", "post_context", "in_app", "vars"}
EXCEPTION_KEYS = {"type", "value", "message", "module", "traceback", "frames", "mechanism",
                  "cause", "cause_relation"}


def assert_server_shape(exc: Dict[str, Any], depth: int = 1) -> None:
    """Mirrors ExceptionSchema's limits (exception.ts) so a drift shows up here."""
    assert set(exc) <= EXCEPTION_KEYS, set(exc) - EXCEPTION_KEYS
    assert depth <= 10
    assert isinstance(exc["type"], str) and len(exc["type"]) <= 512
    assert isinstance(exc["value"], str) and len(exc["value"]) <= 8 * 1024
    assert len(exc.get("traceback", "")) <= 64 * 1024
    assert len(exc["frames"]) <= 250
    for frame in exc["frames"]:
        assert set(frame) <= FRAME_KEYS
        assert isinstance(frame["in_app"], bool)
        assert len(frame.get("filename", "")) <= 1024
        assert len(frame.get("abs_path", "")) <= 2048
        assert len(frame.get("function", "")) <= 512
        assert isinstance(frame.get("lineno", 0), int) and frame.get("lineno", 0) >= 0
        assert len(frame.get("pre_context", [])) <= 20
        assert len(frame.get("post_context", [])) <= 20
        for line in [frame.get("context_line", ""), *frame.get("pre_context", []),
                     *frame.get("post_context", [])]:
            assert len(line) <= 2048
    if "cause" in exc:
        assert exc["cause_relation"] in ("cause", "context")
        assert_server_shape(exc["cause"], depth + 1)


def parse_config(text: str) -> Dict[str, Any]:
    return json.loads(text)


def load_settings() -> Dict[str, Any]:
    try:
        return parse_config("{not json")
    except ValueError as error:
        raise RuntimeError("settings are broken") from error


def test_capture_exception_sends_frames_oldest_first_with_a_cause_chain(init, server):
    init()
    try:
        load_settings()
    except RuntimeError as error:
        seyir.capture_exception(error, component="settings")
    assert seyir.flush(5)
    log = only(server.delivered)
    assert log["level"] == "ERROR"
    assert log["message"] == "RuntimeError: settings are broken"
    assert log["context"]["component"] == "settings"
    exc = log["exception"]
    assert_server_shape(exc)
    assert (exc["type"], exc["value"], exc["module"]) == (
        "RuntimeError", "settings are broken", "builtins")
    assert exc["mechanism"] == {"type": "capture_exception", "handled": True}
    functions = [f["function"] for f in exc["frames"]]
    assert functions[0].endswith("test_capture_exception_sends_frames_oldest_first_with_a_"
                                 "cause_chain")
    assert functions[-1] == "load_settings"
    last = exc["frames"][-1]
    assert last["context_line"].strip() == 'raise RuntimeError("settings are broken") from error'
    assert last["in_app"] is True
    assert last["module"] == "tests.test_exceptions"
    assert last["filename"] == "tests/test_exceptions.py"
    assert os.path.isabs(last["abs_path"])
    assert len(last["pre_context"]) == 5 and len(last["post_context"]) >= 1
    assert "Traceback (most recent call last)" in exc["traceback"]
    assert "The above exception was the direct cause" in exc["traceback"]

    cause = exc["cause"]
    assert exc["cause_relation"] == "cause"
    assert cause["type"] == "JSONDecodeError" and cause["module"] == "json.decoder"
    # The innermost frames are in the standard library's json module: not the app's code.
    assert cause["frames"][0]["function"] == "load_settings"
    assert cause["frames"][0]["in_app"] is True
    assert cause["frames"][-1]["in_app"] is False
    assert "json" in cause["frames"][-1]["abs_path"]


def test_an_exception_raised_while_handling_another_has_a_context_relation():
    try:
        try:
            raise KeyError("first")
        except KeyError:
            raise ValueError("second")
    except ValueError:
        exc_info = sys.exc_info()
    data = exception_data(*exc_info, handled=False, mechanism="test")
    assert data["cause_relation"] == "context"
    assert data["cause"]["type"] == "KeyError"
    assert data["mechanism"] == {"type": "test", "handled": False}


def test_raise_from_none_suppresses_the_context():
    try:
        try:
            raise KeyError("hidden")
        except KeyError:
            raise ValueError("shown") from None
    except ValueError:
        exc_info = sys.exc_info()
    data = exception_data(*exc_info, handled=True, mechanism="test")
    assert "cause" not in data and "cause_relation" not in data


def test_the_chain_stops_at_ten_exceptions():
    def chain(n: int) -> None:
        if n == 0:
            raise ValueError("root")
        try:
            chain(n - 1)
        except ValueError as error:
            raise ValueError(f"level {n}") from error

    try:
        chain(14)
    except ValueError:
        exc_info = sys.exc_info()
    data = exception_data(*exc_info, handled=True, mechanism="test")
    depth, node = 0, data
    while node:
        depth += 1
        node = node.get("cause")
    assert depth == 10
    assert_server_shape(data)


def test_deep_recursion_keeps_the_innermost_250_frames():
    def recurse(n: int) -> None:
        if n == 0:
            raise RecursionError("bottom")
        recurse(n - 1)

    try:
        recurse(400)
    except RecursionError:
        exc_info = sys.exc_info()
    data = exception_data(*exc_info, handled=True, mechanism="test")
    assert len(data["frames"]) == 250
    assert data["frames"][-1]["context_line"].strip() == 'raise RecursionError("bottom")'
    assert all(f["function"].endswith("recurse") for f in data["frames"])


def test_a_huge_exception_is_shrunk_under_64_kb_keeping_the_innermost_frames():
    def recurse(n: int) -> None:
        if n == 0:
            raise ValueError("x" * 20_000)
        recurse(n - 1)

    try:
        recurse(300)
    except ValueError:
        exc_info = sys.exc_info()
    data = exception_data(*exc_info, handled=True, mechanism="test")
    fitted = fit_exception(data)
    assert len(_dumps(fitted)) <= MAX_FIELD_BYTES
    assert fitted["type"] == "ValueError"
    assert fitted["frames"][-1]["context_line"].strip() == 'raise ValueError("x" * 20_000)'
    assert_server_shape(fitted)


def test_text_limits_count_utf16_units_like_the_server():
    try:
        raise ValueError("😀" * 8000)  # 16,000 UTF-16 units, 8,000 Python characters
    except ValueError:
        exc_info = sys.exc_info()
    data = exception_data(*exc_info, handled=True, mechanism="test")
    assert utf16_len(data["value"]) <= 8 * 1024
    assert data["value"].startswith("😀😀") and data["value"].endswith("…")
    assert utf16_len(data["traceback"]) <= 64 * 1024


def test_in_app_is_false_for_the_standard_library_site_packages_and_seyir():
    assert is_in_app(json.__file__, "json") is False
    assert is_in_app("/srv/venv/lib/python3.12/site-packages/django/core/handlers/base.py",
                     "django.core.handlers.base") is False
    assert is_in_app("/usr/lib/python3/dist-packages/requests/api.py", "requests.api") is False
    assert is_in_app(seyir.__file__, "seyir") is False
    assert is_in_app("/srv/app/billing/views.py", "billing.views") is True
    assert is_in_app("<frozen importlib._bootstrap>", "importlib._bootstrap") is False


def test_an_unprintable_exception_is_still_sent(init, server):
    class Unprintable(Exception):
        def __str__(self) -> str:
            raise RuntimeError("no")

    init()
    try:
        raise Unprintable()
    except Unprintable:
        seyir.capture_exception()
    assert seyir.flush(5)
    exc = only(server.delivered)["exception"]
    assert exc["type"].endswith("Unprintable")
    assert "unprintable" in exc["value"]


def test_capture_exception_without_an_active_exception_does_nothing(init, server):
    init()
    seyir.capture_exception()
    seyir.flush(1)
    assert server.delivered == []


def test_an_exception_is_sent_once_even_if_captured_and_logged_again(init, server, app_logger):
    init()
    error = ValueError("once")
    seyir.capture_exception(error)
    seyir.capture_exception(error)
    try:
        raise error
    except ValueError:
        app_logger.exception("logged after capture")
    seyir.flush(5)
    assert len(server.delivered) == 1


def test_capture_message_takes_a_level_tags_and_context(init, server):
    init()
    seyir.capture_message("deploy finished", level="warning", tags=["deploy"],
                          fingerprint=["deploy"], version="2.0")
    seyir.flush(5)
    log = only(server.delivered)
    assert (log["message"], log["level"], log["tags"], log["fingerprint"]) == (
        "deploy finished", "WARNING", ["deploy"], ["deploy"])
    assert log["context"] == {"version": "2.0"}


def test_uncaught_exceptions_are_sent_through_the_excepthooks(init, server):
    import threading

    seen = []
    # Quiet previous hooks (the fixture restores the real ones); ours must chain to them.
    threading.excepthook = lambda args: seen.append(args.exc_type)
    sys.excepthook = lambda exc_type, exc, tb: seen.append(exc_type)
    init(capture_uncaught=True)

    def boom() -> None:
        raise LookupError("in a thread")

    thread = threading.Thread(target=boom)
    thread.start()
    thread.join()
    try:
        raise OSError("uncaught in main")
    except OSError:
        sys.excepthook(*sys.exc_info())
    assert seen == [LookupError, OSError]
    assert seyir.flush(5)
    by_type = {log["exception"]["type"]: log for log in server.delivered}
    assert by_type["LookupError"]["exception"]["mechanism"] == {"type": "threading",
                                                                "handled": False}
    assert by_type["LookupError"]["level"] == "ERROR"
    assert by_type["OSError"]["exception"]["mechanism"] == {"type": "excepthook",
                                                            "handled": False}
    assert by_type["OSError"]["level"] == "CRITICAL"
