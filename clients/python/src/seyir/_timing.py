"""Timing records: one per request seen by a framework integration (performance monitoring).

Built on the request's thread as a small dict (route template, method, status, duration,
time, request id); slow and failed requests also carry the request and response. The
background sender adds environment/release/host, scrubs and sends them in batches to
``POST /api/ingest/timings``, with the same queue, retries and never-block rules as logs.
"""

from __future__ import annotations

import logging
import random
import re
import time
from typing import Any, Dict, List, Optional

from seyir._event import iso_timestamp
from seyir._options import Options
from seyir._scope import Scope
from seyir._scrub import Scrubber

logger = logging.getLogger("seyir")

#: Route of a request no route matched (a 404, say): never the raw path, which would make one
#: "route" per URL.
UNMATCHED_ROUTE = "(unmatched)"
_CONVERTER = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")
_NAMED_GROUP = re.compile(r"\(\?P<([^>]+)>[^)]*\)")


def route_template(route: Optional[str]) -> str:
    """``/orders/<int:id>`` (Flask, Django paths) and ``^orders/(?P<id>\\d+)/$`` (Django
    re_path) become ``/orders/{id}``; FastAPI's ``/orders/{id}`` stays as it is."""
    if not route:
        return UNMATCHED_ROUTE
    text = _NAMED_GROUP.sub(lambda m: "{" + m.group(1) + "}", route)
    text = _CONVERTER.sub(lambda m: "{" + m.group(1) + "}", text)
    text = text.lstrip("^").rstrip("$")
    if not text.startswith("/"):
        text = "/" + text
    return text[:200]


def record_timing(options: Options, put: Any, scope: Scope, status_code: int, *,
                  route: Optional[str], response: Optional[Dict[str, Any]] = None) -> None:
    """Queues the timing record of a finished request (sampled by `timing_sample_rate`).

    Cheap: a few dict entries on the request's thread; everything else happens on the sender.
    """
    if not options.send_timings:
        return
    rate = options.timing_sample_rate
    if rate < 1.0 and random.random() >= rate:
        return
    duration_ms = max(0.0, (time.perf_counter() - scope.started) * 1000)
    request = scope.request or {}
    record: Dict[str, Any] = {
        "route": route_template(route),
        "method": str(request.get("method") or "GET")[:16],
        "status": int(status_code),
        "duration_ms": round(duration_ms, 3),
        "timestamp": time.time() - duration_ms / 1000,
    }
    if scope.request_id:
        record["request_id"] = scope.request_id
    if duration_ms >= options.slow_request_ms or status_code >= 500:
        record["request"] = scope.request_data()
        record["response"] = response if response is not None else {
            "status_code": int(status_code), "duration_ms": round(duration_ms, 3)}
    put(record)


class TimingBuilder:
    """Turns queued timing dicts into the records sent (background thread only)."""

    def __init__(self, options: Options) -> None:
        self.scrubber = Scrubber(options.deny_keys, options.allow_keys) if options.scrub else None
        self._base: Dict[str, Any] = {"environment": options.environment, "host": options.host}
        if options.release:
            self._base["release"] = options.release

    def prepare(self, items: List[Any], dropped: int) -> List[Dict[str, Any]]:
        out: List[Dict[str, Any]] = []
        for item in items:
            try:
                record = {**self._base, **item}
                record["timestamp"] = iso_timestamp(float(item["timestamp"]))
                if self.scrubber is not None and ("request" in record or "response" in record):
                    self.scrubber.scrub_event(record)
                out.append(record)  # encode_batch keeps its fields within their limit
            except Exception:
                logger.debug("seyir: could not build a timing record", exc_info=True)
        return out
