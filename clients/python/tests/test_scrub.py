"""Secrets never leave the process: keys, values, query strings, before_send."""

from __future__ import annotations

import pytest

import seyir
from seyir._scrub import FILTERED, Scrubber, iban_ok, luhn_ok, tckn_ok

from .conftest import only

VALID_CARD = "4111 1111 1111 1111"
VALID_TCKN = "10000000146"
VALID_IBAN = "TR33 0006 1005 1978 6457 8413 26"


@pytest.mark.parametrize("key", [
    "password", "PASSWORD", "user_password", "passwd", "client_secret", "access_token",
    "api_key", "X-Api-Key", "apikey", "Authorization", "Cookie", "Set-Cookie", "csrftoken",
    "X-CSRFToken", "sessionid", "session", "X-Seyir-Key", "credentials", "card_number",
])
def test_denied_keys_are_filtered_whatever_their_case_and_separators(key):
    assert Scrubber().scrub({key: "s3cr3t-value", "visible": "ok"}) == {
        key: FILTERED, "visible": "ok"}


def test_allow_and_deny_lists_change_the_keys_filtered():
    scrubber = Scrubber(deny_keys=["internal_note"], allow_keys=["session_count"])
    assert scrubber.scrub({"Internal-Note": "x", "session_count": 3, "session": "abc"}) == {
        "Internal-Note": FILTERED, "session_count": 3, "session": FILTERED}


def test_nested_mappings_and_lists_are_scrubbed():
    data = {"users": [{"name": "ali", "password": "p"}], "deep": {"a": {"token": "t"}}}
    assert Scrubber().scrub(data) == {
        "users": [{"name": "ali", "password": FILTERED}], "deep": {"a": {"token": FILTERED}}}


@pytest.mark.parametrize(("text", "expected"), [
    (f"card {VALID_CARD} declined", f"card {FILTERED} declined"),
    ("card 4111-1111-1111-1111", f"card {FILTERED}"),
    ("card 5500005555555559!", f"card {FILTERED}!"),
    ("order 4111 1111 1111 1112 is not a card", "order 4111 1111 1111 1112 is not a card"),
    (f"tc kimlik {VALID_TCKN}", f"tc kimlik {FILTERED}"),
    ("phone 10000000147", "phone 10000000147"),
    ("id 01234567890", "id 01234567890"),
    (f"pay to {VALID_IBAN} today", f"pay to {FILTERED} today"),
    ("iban GB82WEST12345698765432", f"iban {FILTERED}"),
    ("not an iban GB00WEST12345698765432", "not an iban GB00WEST12345698765432"),
    ("header Bearer eyJhbGciOi.eyJzdWIi.sig_-x", f"header {FILTERED}"),
    ("login password=hunter2 failed", f"login password={FILTERED} failed"),
    ('payload {"token": "abc def", "n": 1}', f'payload {{"token": "{FILTERED}", "n": 1}}'),
    ("GET /cb?code=1&api_key=k3y&page=2", f"GET /cb?code=1&api_key={FILTERED}&page=2"),
    ("at 12:30:45 took 10ms", "at 12:30:45 took 10ms"),
])
def test_secret_values_are_filtered_inside_strings(text, expected):
    assert Scrubber().scrub_text(text) == expected


def test_checksums():
    assert luhn_ok("4111111111111111") and not luhn_ok("4111111111111112")
    assert tckn_ok("10000000146") and not tckn_ok("10000000147") and not tckn_ok("00000000000")
    assert iban_ok("DE89 3704 0044 0532 0130 00") and not iban_ok("DE00 3704 0044 0532 0130 00")


def test_a_log_is_scrubbed_before_it_is_sent(init, server, app_logger):
    init()
    app_logger.error("charge failed for card %s, password=%s", VALID_CARD, "hunter2",
                     extra={"api_key": "k", "customer": {"tckn": VALID_TCKN, "name": "Ayşe"}})
    try:
        raise ValueError(f"bad iban {VALID_IBAN}")
    except ValueError:
        seyir.capture_exception(token="abc", note="Bearer abc.def")
    seyir.flush(5)
    first, second = server.delivered
    assert first["message"] == f"charge failed for card {FILTERED}, password={FILTERED}"
    assert first["metadata"]["api_key"] == FILTERED
    assert first["metadata"]["customer"] == {"tckn": FILTERED, "name": "Ayşe"}
    assert second["exception"]["value"] == f"bad iban {FILTERED}"
    assert VALID_IBAN not in second["exception"]["traceback"]
    assert second["context"] == {"token": FILTERED, "note": FILTERED}
    assert "hunter2" not in str(first)  # (the second log quotes this file's source lines)


def test_scrub_false_sends_values_as_they_are(init, server, app_logger):
    init(scrub=False)
    app_logger.info("password=hunter2", extra={"token": "t"})
    seyir.flush(5)
    log = only(server.delivered)
    assert log["message"] == "password=hunter2" and log["metadata"]["token"] == "t"


def test_before_send_can_change_or_drop_a_log_and_sees_it_scrubbed(init, server, app_logger):
    seen = []

    def before_send(event):
        seen.append(event["metadata"].get("secret"))
        if "drop me" in event["message"]:
            return None
        event["tags"] = ["seen"]
        return event

    init(before_send=before_send)
    app_logger.info("keep me", extra={"secret": "s"})
    app_logger.info("drop me")
    seyir.flush(5)
    log = only(server.delivered)
    assert log["message"] == "keep me" and log["tags"] == ["seen"]
    assert seen == [FILTERED, None]


def test_a_failing_before_send_does_not_lose_the_log(init, server, app_logger):
    def before_send(event):
        raise RuntimeError("user bug")

    init(before_send=before_send)
    app_logger.info("still sent")
    seyir.flush(5)
    assert only(server.delivered)["message"] == "still sent"
