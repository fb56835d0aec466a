"""What the framework integrations share: request scopes, request/response objects, capture."""

from __future__ import annotations

import time
from http import HTTPStatus
from typing import Any, Dict, Iterable, Mapping, Optional, Tuple

from seyir import _client
from seyir._exceptions import ExcInfo
from seyir._scope import Scope, new_request_id
from seyir._timing import record_timing


def headers_dict(items: Iterable[Tuple[str, str]]) -> Dict[str, str]:
    """Header name → value (repeated headers joined with ", "), names as sent."""
    out: Dict[str, str] = {}
    for name, value in items:
        out[name] = f"{out[name]}, {value}" if name in out else value
    return out


def _header(headers: Mapping[str, str], name: str) -> Optional[str]:
    lowered = name.lower()
    for key, value in headers.items():
        if key.lower() == lowered:
            return value
    return None


def client_ip(headers: Mapping[str, str], remote_addr: Optional[str]) -> Optional[str]:
    """The first ``X-Forwarded-For`` address, else ``X-Real-IP``, else the peer address."""
    forwarded = _header(headers, "X-Forwarded-For")
    if forwarded:
        first = forwarded.split(",")[0].strip()
        if first:
            return first
    real = _header(headers, "X-Real-IP")
    if real:
        return real.strip()
    return remote_addr


def start_scope(*, method: str, url: str, query_string: str, headers: Dict[str, str],
                remote_addr: Optional[str], route: Optional[str] = None) -> Scope:
    """A scope for one request; its id comes from ``X-Request-ID`` when the caller sent one."""
    scope = Scope(
        request_id=new_request_id(_header(headers, "X-Request-ID")),
        request={
            "method": method,
            "url": url,
            "query_string": query_string,
            "headers": headers,
            "client_ip": client_ip(headers, remote_addr),
        },
    )
    scope.route = route
    scope.started = time.perf_counter()
    return scope


def response_data(scope: Scope, status_code: int,
                  reason_phrase: Optional[str] = None) -> Dict[str, Any]:
    if reason_phrase is None:
        try:
            reason_phrase = HTTPStatus(status_code).phrase
        except ValueError:
            reason_phrase = ""
    return {
        "status_code": status_code,
        "reason_phrase": reason_phrase,
        "duration_ms": round((time.perf_counter() - scope.started) * 1000, 3),
    }


def capture_request_exception(scope: Optional[Scope], exc_info: ExcInfo, *, mechanism: str,
                              response: Optional[Dict[str, Any]] = None) -> None:
    """Sends an unhandled exception of a request with the request's data and its response."""
    client = _client.current
    if client is None:
        return
    extra_fields: Dict[str, Any] = {}
    if response is not None:
        extra_fields["response"] = response
    client.capture_event(
        _client.exception_message(exc_info[1]), "ERROR", exc_info=exc_info, handled=False,
        mechanism=mechanism, scope=scope, extra_fields=extra_fields)


def send_timing(scope: Optional[Scope], status_code: int,
                response: Optional[Dict[str, Any]] = None) -> None:
    """Queues the timing record of a finished request, once. Never raises."""
    try:
        client = _client.current
        if client is None or scope is None or scope.timed or not scope.request:
            return
        scope.timed = True
        record_timing(client.options, client.timings.put, scope, status_code,
                      route=scope.resolved_route(), response=response)
    except Exception:
        pass
