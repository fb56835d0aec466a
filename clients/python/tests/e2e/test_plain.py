"""Plain Python (`seyir.init`, the `logging` handler, `capture_exception`) against a real
Seyir server: what the client sends is read back through the server's logs API."""

from __future__ import annotations

import logging

import seyir
from seyir._scrub import FILTERED

from .conftest import one

VALID_CARD = "4111 1111 1111 1111"
VALID_TCKN = "10000000146"
VALID_IBAN = "TR33 0006 1005 1978 6457 8413 26"

log = logging.getLogger("e2e.plain")


class PaymentError(Exception):
    pass


def charge(order_id: int) -> None:
    try:
        {}["card"]
    except KeyError as error:
        raise PaymentError(f"order {order_id} declined") from error


def test_logs_and_a_captured_exception_are_stored_as_sent(real_init, seyir_server, marker):
    real_init()
    log.info("worker started %s", marker)
    log.warning("disk almost full %s", marker,
                extra={"free_mb": 120, "password": "hunter2", "tags": ["disk"]})
    try:
        charge(42)
    except PaymentError:
        seyir.capture_exception(order_id=42, marker=marker)
    assert seyir.flush(10)

    logs = seyir_server.read_logs(
        lambda item: marker in item["message"] or item["message"].endswith("declined"), 3)
    info = one(logs, lambda stored: stored["level"] == "INFO")
    warning = one(logs, lambda stored: stored["level"] == "WARNING")
    error = one(logs, lambda stored: stored["level"] == "ERROR")
    assert info["message"] == f"worker started {marker}"
    assert warning["message"] == f"disk almost full {marker}"
    for stored in (info, warning, error):
        assert stored["environment"] == "staging"
        assert stored["release"] == "e2e-1.0"
        assert stored["host"] == "e2e-host"
    assert info["logger"] == warning["logger"] == "e2e.plain"
    assert warning["tags"] == ["disk"]
    assert warning["metadata"]["free_mb"] == 120
    assert warning["metadata"]["password"] == FILTERED
    assert "hunter2" not in str(warning)

    assert error["level"] == "ERROR"
    assert error["message"] == "PaymentError: order 42 declined"
    assert error["has_exception"] is True
    assert error["context"]["order_id"] == 42
    exc = error["exception"]
    assert (exc["type"], exc["value"]) == ("PaymentError", "order 42 declined")
    assert exc["mechanism"] == {"type": "capture_exception", "handled": True}
    functions = [frame["function"] for frame in exc["frames"]]
    assert functions[-1] == "charge"  # oldest first: the raising frame is last
    assert functions[0].endswith("test_logs_and_a_captured_exception_are_stored_as_sent")
    assert all(frame["in_app"] is True for frame in exc["frames"])
    assert exc["frames"][-1]["context_line"].strip().startswith("raise PaymentError")
    assert exc["cause"]["type"] == "KeyError"
    assert exc["cause_relation"] == "cause"
    assert "PaymentError: order 42 declined" in exc["traceback"]


def test_the_same_error_twice_lands_in_one_group(real_init, seyir_server, marker):
    real_init()
    for _ in range(2):
        try:
            raise LookupError(f"missing row {marker}")
        except LookupError:
            log.exception("lookup failed %s", marker)
    assert seyir.flush(10)
    first, second = seyir_server.read_logs(lambda item: marker in item["message"], 2)
    assert first["exception"]["type"] == second["exception"]["type"] == "LookupError"
    assert first["exception"]["mechanism"]["handled"] is True
    assert first["group_id"] and first["group_id"] == second["group_id"]


def test_secrets_in_messages_are_filtered_before_they_leave(real_init, seyir_server, marker):
    real_init()
    log.warning("refund %s card %s tckn %s iban %s password=hunter2", marker, VALID_CARD,
                VALID_TCKN, VALID_IBAN)
    assert seyir.flush(10)
    (stored,) = seyir_server.read_logs(lambda item: marker in item["message"], 1)
    assert stored["message"] == (
        f"refund {marker} card {FILTERED} tckn {FILTERED} iban {FILTERED} password={FILTERED}")
    text = str(stored)
    for secret in ("4111", VALID_TCKN, "TR33", "hunter2"):
        assert secret not in text
