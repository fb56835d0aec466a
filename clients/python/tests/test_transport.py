"""The background sender against a local server that succeeds, fails, throttles, hangs and
drops connections: the application never sees an exception or a wait."""

from __future__ import annotations

import json
import logging
import time

import seyir
from seyir import _client
from seyir._transport import debug_state

from .conftest import API_KEY, free_port


def test_sends_logs_in_gzipped_batches_of_at_most_batch_size_with_the_key_header(
        init, server, app_logger):
    init(batch_size=100, max_batch_size=100)
    for i in range(250):
        app_logger.info("log %d", i)
    assert seyir.flush(5)
    logs = server.delivered
    assert [log["message"] for log in logs] == [f"log {i}" for i in range(250)]
    for attempt in server.attempts:
        assert attempt.path == "/api/ingest/batch"
        assert attempt.headers["X-Seyir-Key"] == API_KEY
        assert attempt.headers["Content-Encoding"] == "gzip"
        assert attempt.headers["Content-Type"] == "application/json"
        assert 1 <= len(attempt.logs) <= 100


def test_a_backlog_is_sent_in_bigger_batches_of_at_most_1000(init, server, app_logger):
    server.script.append("hang:0.5")  # the backlog builds up behind a slow request
    init(batch_size=10, timeout=5)
    for i in range(3000):
        app_logger.info("backlog %d", i)
    assert seyir.flush(10)
    assert len(server.delivered) == 3000
    sizes = [len(a.logs) for a in server.attempts if a.status == 202]
    assert max(sizes) == 1000
    assert len(sizes) < 300 / 2


def _slow(seconds, reply=(202, {}, None)):
    """A scripted reply given after `seconds`: the server is busy with the request."""
    def answer(attempt):
        time.sleep(seconds)
        return reply
    return answer


def test_the_next_batch_is_built_while_the_server_handles_the_current_one(
        init, server, app_logger):
    built_at = {}

    def before_send(event):
        built_at[event["message"]] = time.monotonic()
        return event

    server.script.append(_slow(0.6))
    init(batch_size=10, max_batch_size=10, before_send=before_send, timeout=5)
    for i in range(20):
        app_logger.info("log %d", i)
    assert seyir.flush(5)
    assert [log["message"] for log in server.delivered] == [f"log {i}" for i in range(20)]
    first, second = server.attempts
    # The second batch was ready while the first request was still at the server, and went
    # out as soon as the answer came, not a build later.
    assert built_at["log 19"] < first.at + 0.5
    assert second.at - first.at < 0.6 + 0.3


def test_a_batch_built_ahead_waits_for_the_retries_of_the_one_before_it(
        init, server, app_logger):
    server.script.extend([_slow(0.3, (503, {"Retry-After": "0.2"}, {})), (500, {}, {})])
    init(batch_size=10, max_batch_size=10, backoff_base=0.05)
    for i in range(30):
        app_logger.info("log %d", i)
    assert seyir.flush(5)
    assert [log["message"] for log in server.delivered] == [f"log {i}" for i in range(30)]
    statuses = [a.status for a in server.attempts]
    assert statuses == [503, 500, 202, 202, 202]
    keys = [a.headers["Idempotency-Key"] for a in server.attempts]
    assert keys[0] == keys[1] == keys[2] and len(set(keys)) == 3


def test_a_401_also_discards_the_batch_built_ahead(init, server, app_logger, caplog):
    server.default = _slow(0.3, (401, {}, {"error": "unknown key"}))
    client = init(batch_size=10, max_batch_size=10)
    for i in range(30):
        app_logger.info("log %d", i)
    started = time.monotonic()
    assert not seyir.flush(5)
    assert time.monotonic() - started < 2
    assert len(server.attempts) == 1
    assert client.transport.disabled and client.transport.queued == 0


def test_sends_a_lone_log_once_the_flush_interval_passes(init, server, app_logger):
    init(flush_interval=0.3)
    start = time.monotonic()
    app_logger.warning("alone")
    logs = server.wait_for(1, timeout=3)
    assert [log["message"] for log in logs] == ["alone"]
    assert time.monotonic() - start < 2.5


def test_sends_plain_json_when_gzip_is_off(init, server, app_logger):
    init(gzip=False)
    app_logger.info("plain")
    assert seyir.flush(5)
    assert "Content-Encoding" not in server.attempts[0].headers
    assert server.delivered[0]["message"] == "plain"


def test_keeps_an_endpoint_path_prefix(init, server, app_logger):
    init(endpoint=server.url + "/seyir/")
    app_logger.info("prefixed")
    seyir.flush(5)
    assert server.attempts[0].path == "/seyir/api/ingest/batch"


def test_retries_server_errors_with_backoff_then_delivers(init, server, app_logger):
    server.script.extend([(500, {}, {}), (502, {}, {}), (504, {}, {})])
    client = init()
    app_logger.error("eventually")
    assert seyir.flush(5)
    assert [a.status for a in server.attempts] == [500, 502, 504, 202]
    assert [log["message"] for log in server.delivered] == ["eventually"]
    assert debug_state(client.transport)["retries"] == 3


def test_a_resent_batch_carries_its_first_idempotency_key(init, server, app_logger):
    # The server may have stored a batch whose answer was lost: the retry says it is the same batch.
    server.script.extend([(503, {"Retry-After": "0.1"}, {}), "close"])
    init()
    app_logger.error("first batch")
    assert seyir.flush(5)
    app_logger.error("second batch")
    assert seyir.flush(5)
    keys = [a.headers.get("Idempotency-Key") for a in server.attempts]
    assert len(keys) == 4 and all(keys)
    assert keys[0] == keys[1] == keys[2] != keys[3]


def test_honours_retry_after_on_429_and_503(init, server, app_logger):
    server.script.extend([(429, {"Retry-After": "1"}, {}), (503, {"Retry-After": "0.5"}, {})])
    init()
    app_logger.info("throttled")
    assert seyir.flush(6)
    first, second, third = server.attempts
    assert (first.status, second.status, third.status) == (429, 503, 202)
    assert second.at - first.at >= 0.9
    assert third.at - second.at >= 0.45


def test_gives_up_on_a_batch_after_max_retries(init, server, app_logger):
    server.default = (500, {}, {})
    client = init(max_retries=2)
    app_logger.info("doomed")
    assert seyir.flush(5)
    assert len(server.attempts) == 3
    assert debug_state(client.transport)["failed_logs"] == 1


def test_drops_a_batch_the_server_refuses_with_another_4xx(init, server, app_logger, caplog):
    server.default = (400, {}, {"error": "bad"})
    client = init()
    with caplog.at_level(logging.WARNING, logger="seyir"):
        app_logger.info("bad one")
        assert seyir.flush(5)
        app_logger.info("bad two")
        assert seyir.flush(5)
    assert len(server.attempts) == 2  # one per batch, no retries
    assert debug_state(client.transport)["failed_logs"] == 2
    assert len([r for r in caplog.records if "400" in r.getMessage()]) == 1


def test_gives_up_for_good_on_401_and_says_so_once(init, server, app_logger, caplog):
    server.default = (401, {}, {"error": "unknown key"})
    client = init()
    with caplog.at_level(logging.WARNING, logger="seyir"):
        app_logger.info("first")
        seyir.flush(5)
        for i in range(10):
            app_logger.info("later %d", i)
        seyir.flush(1)
    assert len(server.attempts) == 1
    assert client.transport.disabled
    warnings = [r for r in caplog.records if r.name == "seyir" and "401" in r.getMessage()]
    assert len(warnings) == 1


def test_splits_a_batch_the_server_finds_too_large(init, server, app_logger):
    server.default = lambda attempt: (413, {}, {}) if len(attempt.logs) > 10 else (202, {}, None)
    init(batch_size=40)
    for i in range(40):
        app_logger.info("part %d", i)
    assert seyir.flush(5)
    assert sorted(log["message"] for log in server.delivered) == sorted(
        f"part {i}" for i in range(40))
    assert all(len(a.logs) <= 10 for a in server.attempts if a.status == 202)


def test_a_batch_over_5_mb_is_split_before_sending(init, server, app_logger):
    init(batch_size=200, max_batch_size=200, flush_interval=5)
    for i in range(200):
        app_logger.info("%d %s", i, "x" * 30_000)  # 200 x 30 KB = 6 MB
    assert seyir.flush(10)
    assert len(server.delivered) == 200
    assert len(server.attempts) >= 2
    assert all(a.raw_bytes <= 5 * 1024 * 1024 for a in server.attempts)


def test_a_log_made_unserialisable_by_before_send_does_not_lose_the_batch(
        init, server, app_logger):
    def before_send(event):
        if event["message"] == "bad":
            event["metadata"]["ratio"] = float("nan")
            event["metadata"]["self"] = event["metadata"]  # a cycle
        return event

    init(before_send=before_send)
    app_logger.info("good")
    app_logger.info("bad")
    assert seyir.flush(5)
    logs = {log["message"]: log for log in server.delivered}
    assert set(logs) == {"good", "bad"}
    assert logs["bad"]["metadata"]["ratio"] == "nan"


def test_reports_rejected_logs_once(init, server, app_logger, caplog):
    server.default = (202, {}, {"accepted": 0, "rejected": [{"index": 0, "detail": "bad level"}]})
    client = init()
    with caplog.at_level(logging.WARNING, logger="seyir"):
        app_logger.info("one")
        seyir.flush(5)
        app_logger.info("two")
        seyir.flush(5)
    assert debug_state(client.transport)["rejected_logs"] == 2
    assert len([r for r in caplog.records if "bad level" in r.getMessage()]) == 1


def test_a_hanging_server_never_blocks_the_caller(init, server, app_logger):
    server.script.append("hang:3")
    init(timeout=0.3)
    worst = 0.0
    for i in range(200):
        start = time.perf_counter()
        app_logger.info("while hanging %d", i)
        worst = max(worst, time.perf_counter() - start)
    assert worst < 0.5  # the request hangs for 3 s
    start = time.monotonic()
    seyir.flush(0.2)
    assert time.monotonic() - start < 1.5
    # The request timed out, was retried and went through.
    assert len(server.wait_for(200, timeout=5)) == 200


def test_closed_connections_are_retried(init, server, app_logger):
    server.script.extend(["close", "close"])
    init()
    app_logger.info("after closes")
    assert seyir.flush(5)
    assert [log["message"] for log in server.delivered] == ["after closes"]


def test_an_unreachable_server_raises_nothing_and_flush_is_bounded(init, server, app_logger):
    init(endpoint=f"http://127.0.0.1:{free_port()}", max_retries=100)
    for i in range(50):
        app_logger.error("nobody listens %d", i)
    seyir.capture_message("still fine")
    start = time.monotonic()
    assert seyir.flush(0.3) is False
    assert time.monotonic() - start < 2.0


def test_memory_stays_bounded_and_drops_are_reported_in_the_next_batch(init, server, app_logger):
    server.script.append("hang:1")
    client = init(queue_size=50, timeout=5)
    for i in range(5000):
        app_logger.info("flood %d", i)
    state = debug_state(client.transport)
    assert state["queued"] <= 50
    assert state["dropped"] >= 5000 - 50 - 100
    assert seyir.flush(5)
    logs = server.delivered
    # The newest logs survive; the first batch after the drops says how many were lost.
    assert logs[-1]["message"] == "flood 4999"
    reported = sum(log["metadata"].get("dropped_logs", 0) for log in logs)
    assert reported == client.transport.dropped


def test_messages_are_truncated_to_32_kb(init, server, app_logger):
    init()
    app_logger.info("é" * 40_000)
    assert seyir.flush(5)
    message = server.delivered[0]["message"]
    assert len(message.encode("utf-8")) <= 32 * 1024
    assert message.endswith("[truncated]")


def test_an_object_field_over_64_kb_is_shrunk_and_its_neighbours_are_sent_whole(
        init, server, app_logger):
    init(batch_size=100, flush_interval=5)
    for i in range(100):
        if i == 70:  # in the second chunk the encoder measures
            app_logger.info("big", extra={"rows": ["r" * 2000] * 100, "note": "kept"})
        else:
            app_logger.info("small %d", i, extra={"order_id": i})
    assert seyir.flush(5)
    logs = {log["message"]: log for log in server.delivered}
    assert len(logs) == 100
    big = logs["big"]["metadata"]
    assert len(json.dumps(big, ensure_ascii=False, separators=(",", ":")).encode()) <= 64 * 1024
    assert big["note"] == "kept" and big["lineno"] > 0
    assert all(len(row) <= 1024 for row in big["rows"])
    assert logs["small 69"]["metadata"]["order_id"] == 69
    assert logs["small 71"]["metadata"]["order_id"] == 71


def test_init_returns_at_once_even_when_the_server_hangs(server):
    server.default = "hang:5"
    start = time.monotonic()
    seyir.init(api_key=API_KEY, endpoint=server.url, install_handler=False,
               capture_uncaught=False)
    seyir.capture_message("hello")
    try:
        assert time.monotonic() - start < 1.0  # the server hangs for 5 s
    finally:
        _client.shutdown(timeout=0.1)


def test_init_without_a_key_disables_the_client_without_raising(monkeypatch, caplog):
    monkeypatch.delenv("SEYIR_API_KEY", raising=False)
    monkeypatch.delenv("SEYIR_ENDPOINT", raising=False)
    with caplog.at_level(logging.WARNING, logger="seyir"):
        seyir.init(install_handler=False, capture_uncaught=False)
    assert _client.current is None
    seyir.capture_message("goes nowhere")
    seyir.capture_exception(ValueError("nowhere"))
    assert seyir.flush(0.1) is True
    assert any("api_key" in r.getMessage() for r in caplog.records)


def test_environment_variables_configure_the_client(monkeypatch, server):
    monkeypatch.setenv("SEYIR_API_KEY", "from-env")
    monkeypatch.setenv("SEYIR_ENDPOINT", server.url)
    monkeypatch.setenv("SEYIR_ENVIRONMENT", "staging")
    seyir.init(install_handler=False, capture_uncaught=False, flush_interval=0.05)
    try:
        seyir.capture_message("configured by env", level="warning")
        assert seyir.flush(5)
    finally:
        _client.shutdown(timeout=1)
    log = server.delivered[0]
    assert server.attempts[0].headers["X-Seyir-Key"] == "from-env"
    assert (log["environment"], log["level"]) == ("staging", "WARNING")


def test_logging_from_a_signal_handler_never_deadlocks(init, server, app_logger):
    import signal

    client = init()
    # Deterministic half: a nested put() while the same thread holds the queue lock, which
    # is what a signal handler interrupting put() amounts to.
    with client.transport._lock:
        app_logger.info("nested")
    # Real half: a timer signal logging every millisecond while the main thread logs too.
    received = []

    def on_alarm(signum, frame):
        received.append(signum)
        app_logger.warning("from a signal handler")
        seyir.flush(0.001)

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, 0.001, 0.001)
    try:
        deadline = time.monotonic() + 0.5
        while time.monotonic() < deadline:
            app_logger.info("main thread")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert received
    assert seyir.flush(10)
    messages = {log["message"] for log in server.delivered}
    assert {"nested", "from a signal handler", "main thread"} <= messages


def test_flush_called_from_the_sender_thread_returns_at_once(init, server, app_logger):
    waits = []

    def before_send(event):
        start = time.monotonic()
        seyir.flush(5)
        waits.append(time.monotonic() - start)
        return event

    init(before_send=before_send)
    app_logger.info("flush inside before_send")
    assert seyir.flush(5)
    assert waits and max(waits) < 0.1


def test_option_values_given_as_strings_are_converted(init, server, app_logger):
    client = init(timeout="2.5", max_retries="1", gzip="false", flush_interval="0.05")
    assert (client.options.timeout, client.options.max_retries, client.options.gzip) == (
        2.5, 1, False)
    app_logger.info("converted")
    assert seyir.flush(5)
    assert server.delivered[0]["message"] == "converted"
