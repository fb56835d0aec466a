"""Delivery against a real Seyir server: refused keys and oversized logs."""

from __future__ import annotations

import logging

import seyir
from seyir import _client


def test_an_inactive_key_is_refused_and_the_client_stops_after_saying_so_once(
        real_init, seyir_server, caplog, marker):
    key = seyir_server.api("POST", f"/api/v1/projects/{seyir_server.project_id}/api-keys/",
                           expect=201, json_body={"name": f"inactive {marker}"})
    seyir_server.api("PUT", f"/api/v1/projects/{seyir_server.project_id}/api-keys/"
                            f"{key['id']}/deactivate")
    client = real_init(api_key=key["key"], install_handler=False)
    caplog.set_level(logging.WARNING, logger="seyir")
    for n in range(3):
        seyir.capture_message(f"never stored {marker} {n}", level="WARNING")
        seyir.flush(5)
    refusals = [r for r in caplog.records if r.name == "seyir" and "401" in r.getMessage()]
    assert len(refusals) == 1, caplog.text
    assert client.transport.disabled is True
    assert [item for item in seyir_server.list_logs() if marker in item["message"]] == []


def test_a_log_over_32_kb_arrives_truncated_not_rejected(real_init, seyir_server, marker):
    client = real_init(install_handler=False)
    seyir.capture_message(f"big {marker} " + "x" * 40_000, level="INFO",
                          payload="y" * 40_000)
    assert seyir.flush(10)
    (stored,) = seyir_server.read_logs(lambda item: marker in item["message"], 1)
    assert stored["message"].startswith(f"big {marker} xxx")
    assert stored["message"].endswith("[truncated]")
    assert len(stored["message"].encode()) <= 32 * 1024
    assert _client.current is client
    assert client.transport.stats.rejected_logs == 0
    assert client.transport.stats.failed_logs == 0
