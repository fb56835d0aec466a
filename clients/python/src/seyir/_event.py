"""Builds log objects (spec §3 Log, §7 Ingest) from queued items and serialises them.

The application's thread only captures references (`QueuedRecord`, `QueuedEvent`); this module
does the rest on the background thread: message formatting, exception frames, scrubbing,
`before_send`, the message's size limit, and JSON with the object fields' size limits
(`encode_batch`, one encoder call per 64 logs; `fit_fields` only where a chunk is large).
"""

from __future__ import annotations

import datetime
import decimal
import enum
import json
import logging
import math
import time
import uuid
from itertools import islice
from typing import Any, Dict, Iterator, List, Optional, Tuple

from seyir._exceptions import ExcInfo, exception_data
from seyir._options import Options
from seyir._scope import Scope
from seyir._scrub import Scrubber

logger = logging.getLogger("seyir")

MAX_MESSAGE_BYTES = 32 * 1024
#: Serialised size limit of each object field (metadata, context, exception, request, ...).
MAX_FIELD_BYTES = 64 * 1024 - 256
_OBJECT_FIELDS = ("metadata", "context", "exception", "request", "response")

# Attributes every LogRecord has; anything else on a record came from ``extra=``.
_STANDARD_ATTRS = frozenset(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {
    "message", "asctime", "taskName", "_seyir_seen",
}
_RECORD_ATTRS = list(vars(logging.LogRecord("", 0, "", 0, "", (), None)))
#: How many attributes `LogRecord.__init__` sets, and the last it sets (see `record_extras`).
_RECORD_ATTR_COUNT = len(_RECORD_ATTRS)
_LAST_RECORD_ATTR = _RECORD_ATTRS[-1]
_PLAIN = (str, int, float, bool, type(None))
_SAFE_ARG_TYPES = frozenset((str, int, float, bool, type(None), bytes))


def level_name(levelno: int) -> str:
    """One of the five levels the server knows, for any numeric logging level."""
    if levelno >= logging.CRITICAL:
        return "CRITICAL"
    if levelno >= logging.ERROR:
        return "ERROR"
    if levelno >= logging.WARNING:
        return "WARNING"
    if levelno >= logging.INFO:
        return "INFO"
    return "DEBUG"


_LEVEL_NAMES = {10: "DEBUG", 20: "INFO", 30: "WARNING", 40: "ERROR", 50: "CRITICAL"}

# (second, its formatted text): replaced whole, so threads never see a torn pair.
_ts_cache: Tuple[int, str] = (-1, "")


def epoch_ms(created: float) -> int:
    """A log's time as the server stores it: whole milliseconds since the epoch. Sent as a
    number, it costs the caller's process a multiplication where the ISO text cost ~1-2 µs
    per log, and the server reads it without parsing text."""
    return int(created * 1000)


def iso_timestamp(created: float) -> str:
    """ISO 8601 UTC with microseconds and a ``Z``: ``2025-01-31T12:00:00.123456Z``."""
    global _ts_cache
    seconds = int(created)
    micros = round((created - seconds) * 1_000_000)
    if micros >= 1_000_000:
        seconds, micros = seconds + 1, micros - 1_000_000
    cached = _ts_cache
    if cached[0] != seconds:
        cached = (seconds, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)))
        _ts_cache = cached
    return f"{cached[1]}.{micros:06d}Z"


def sanitize(value: Any, depth: int = 0) -> Any:
    """A JSON-safe copy of user data. Called on the caller's thread, where objects may be read.

    Unknown objects become their ``repr()``; NaN/infinity become strings; depth and size are
    bounded so a huge or cyclic structure cannot stall the application.
    """
    kind = type(value)
    if kind is int or kind is bool or value is None:
        return value
    if kind is str:
        return value if len(value) <= MAX_MESSAGE_BYTES else value[:MAX_MESSAGE_BYTES] + "…"
    if isinstance(value, _PLAIN):
        if isinstance(value, float) and not math.isfinite(value):
            return str(value)
        if isinstance(value, str) and len(value) > MAX_MESSAGE_BYTES:
            return value[:MAX_MESSAGE_BYTES] + "…"
        return value
    if depth >= 8:
        return _safe_repr(value)
    if isinstance(value, dict):
        out = {}
        for i, (key, item) in enumerate(value.items()):
            if i >= 200:
                out["…"] = f"{len(value) - 200} more"
                break
            out[key if isinstance(key, str) else _safe_repr(key)] = sanitize(item, depth + 1)
        return out
    if isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
        out_list = [sanitize(item, depth + 1) for item in items[:200]]
        if len(items) > 200:
            out_list.append(f"… {len(items) - 200} more")
        return out_list
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, (decimal.Decimal, uuid.UUID)):
        return str(value)
    if isinstance(value, enum.Enum):
        return sanitize(value.value, depth + 1)
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return _safe_repr(value)


def _safe_repr(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:
        return f"<unrepresentable {type(value).__name__}>"
    return text if len(text) <= 1024 else text[:1023] + "…"


def record_message_now(record: logging.LogRecord) -> Optional[str]:
    """The formatted message when it must be formatted on the caller's thread, else None.

    Formatting reads the arguments; objects other than plain values (ORM models, lazy
    translations, ...) may not be safe to read from another thread or later, so they are
    formatted right away. Plain values are formatted on the background thread.
    """
    if type(record.msg) is not str:
        return _format_message(record)
    args = record.args
    if not args:
        return None
    values = args.values() if isinstance(args, dict) else args
    for arg in values:
        if type(arg) not in _SAFE_ARG_TYPES:
            return _format_message(record)
    return None


def _format_message(record: logging.LogRecord) -> str:
    try:
        return record.getMessage()
    except Exception:
        return f"{record.msg!s} {sanitize(record.args)!r}"


def record_extras(record: logging.LogRecord) -> Optional[Dict[str, Any]]:
    """The ``extra=`` fields of a record, sanitised (caller's thread), or None.

    `Logger.makeRecord` adds ``extra=`` fields to the record its factory made, so they come after
    the attributes `LogRecord.__init__` sets in the attribute dict's insertion order, and only
    the keys past those are looked at. When a factory made a record of another shape (removed a
    standard attribute, or set its own before `__init__`), every key is looked at.
    """
    attrs = record.__dict__
    count = len(attrs)
    if count == _RECORD_ATTR_COUNT and next(reversed(attrs)) == _LAST_RECORD_ATTR:
        return None  # the common case, checked first: as `__init__` left it
    keys: Iterator[str] = iter(attrs)
    if count > _RECORD_ATTR_COUNT:
        past_init = islice(attrs, _RECORD_ATTR_COUNT - 1, None)
        if next(past_init) == _LAST_RECORD_ATTR:
            keys = past_init
    extras: Optional[Dict[str, Any]] = None
    for key in keys:
        if key in _STANDARD_ATTRS or key[:1] == "_":
            continue
        if extras is None:
            extras = {}
        extras[key] = sanitize(attrs[key])
    return extras


class QueuedRecord:
    """A log record as queued by `SeyirHandler.emit` (references only)."""

    __slots__ = ("extras", "message", "record", "scope")

    def __init__(self, record: logging.LogRecord, scope: Optional[Scope],
                 message: Optional[str], extras: Optional[Dict[str, Any]]) -> None:
        self.record = record
        self.scope = scope
        self.message = message
        self.extras = extras


class QueuedEvent:
    """A log made by `capture_message`/`capture_exception` or an integration."""

    __slots__ = ("event", "exc_info", "handled", "mechanism", "scope")

    def __init__(self, event: Dict[str, Any], scope: Optional[Scope],
                 exc_info: Optional[ExcInfo] = None, handled: bool = True,
                 mechanism: str = "capture_exception") -> None:
        self.event = event
        self.scope = scope
        self.exc_info = exc_info
        self.handled = handled
        self.mechanism = mechanism


def apply_special_extras(event: Dict[str, Any], extras: Dict[str, Any]) -> Dict[str, Any]:
    """Moves ``tags`` and ``fingerprint`` extras to the top level; returns the rest."""
    rest = dict(extras)
    for key in ("tags", "fingerprint"):
        value = rest.get(key)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            event[key] = value
            del rest[key]
    return rest


class EventBuilder:
    """Turns queued items into serialised log objects (background thread only)."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.scrubber = (
            Scrubber(options.deny_keys, options.allow_keys) if options.scrub else None
        )
        self._pending_dropped = 0
        self._base: Dict[str, Any] = {"environment": options.environment, "host": options.host}
        if options.release:
            self._base["release"] = options.release

    def base(self) -> Dict[str, Any]:
        return dict(self._base)

    def from_record(self, item: QueuedRecord) -> Dict[str, Any]:
        record = item.record
        message = item.message if item.message is not None else _format_message(record)
        name = record.name
        levelno = record.levelno
        event: Dict[str, Any] = {
            "message": message,
            "level": _LEVEL_NAMES.get(levelno) or level_name(levelno),
            "timestamp": epoch_ms(record.created),
            "logger": name,
            **self._base,
        }
        metadata: Dict[str, Any] = {
            "logger": name,
            "module": record.module,
            "funcName": record.funcName,
            "lineno": record.lineno,
            "pathname": record.pathname,
            "threadName": record.threadName,
            "process": record.process,
        }
        extras = item.extras
        if extras:
            if "tags" in extras or "fingerprint" in extras:
                extras = apply_special_extras(event, extras)
            # The SDK's own keys win over extra fields of the same name.
            metadata = {**extras, **metadata}
        if record.stack_info:
            metadata["stack_info"] = record.stack_info
        event["metadata"] = metadata
        exc_info = record.exc_info
        if exc_info and exc_info[0] is not None and exc_info[1] is not None:
            event["exception"] = exception_data(exc_info[0], exc_info[1], exc_info[2],
                                                handled=True, mechanism="logging")
        if item.scope is not None:
            self._apply_scope(event, item.scope)
        return event

    def from_event(self, item: QueuedEvent) -> Dict[str, Any]:
        event = self.base()
        event.update(item.event)
        if item.exc_info is not None:
            exc_type, exc, tb = item.exc_info
            event["exception"] = exception_data(exc_type, exc, tb, handled=item.handled,
                                                mechanism=item.mechanism)
        self._apply_scope(event, item.scope)
        return event

    @staticmethod
    def _apply_scope(event: Dict[str, Any], scope: Optional[Scope]) -> None:
        if scope is None:
            return
        context = event.get("context")
        context = dict(context) if isinstance(context, dict) else {}
        if scope.request_id:
            context.setdefault("request_id", scope.request_id)
        if scope.user:
            user = dict(scope.user)
            if "ip_address" not in user and scope.request:
                user["ip_address"] = scope.request.get("client_ip")
            context.setdefault("user", user)
        if context:
            event["context"] = context
        if "request" not in event:
            request = scope.request_data()
            if request:
                event["request"] = request

    def prepare(self, items: List[Any], dropped: int) -> List[Dict[str, Any]]:
        """Builds, scrubs and filters a batch, each log within the size limits; bad items are
        skipped, not fatal. `encode_batch()` serialises the result."""
        out: List[Dict[str, Any]] = []
        dropped += self._pending_dropped
        self._pending_dropped = 0
        for item in items:
            try:
                if isinstance(item, QueuedRecord):
                    event = self.from_record(item)
                else:
                    event = self.from_event(item)
                if dropped:
                    metadata = event.setdefault("metadata", {})
                    if isinstance(metadata, dict):
                        metadata["dropped_logs"] = dropped
                        dropped = 0
                data = self.finish(event)
            except Exception:
                logger.debug("seyir: could not build a log", exc_info=True)
                continue
            if data is not None:
                out.append(data)
        self._pending_dropped = dropped
        return out

    def finish(self, event: Dict[str, Any]) -> Optional[Dict[str, Any]]:
        """Scrubs, runs `before_send` and truncates the message of one log (its object fields are
        kept within their limit by `encode_batch`)."""
        _truncate_message(event)
        if self.scrubber is not None:
            self.scrubber.scrub_event(event)
        before_send = self.options.before_send
        if before_send is not None:
            try:
                result = before_send(event)
            except Exception:
                logger.warning("seyir: before_send raised; the log is sent unchanged",
                               exc_info=True)
                result = event
            if result is None:
                return None
            if not isinstance(result, dict):
                logger.warning("seyir: before_send returned %s, not a dict or None; sent "
                               "unchanged", type(result).__name__)
                result = event
            event = result
            _truncate_message(event)
        return event


def _truncate_message(event: Dict[str, Any]) -> None:
    message = event.get("message")
    if not isinstance(message, str):
        message = "" if message is None else str(message)
        event["message"] = message
    if len(message) * 4 <= MAX_MESSAGE_BYTES:
        return
    encoded = message.encode("utf-8")
    if len(encoded) <= MAX_MESSAGE_BYTES:
        return
    marker = "…[truncated]"
    cut = MAX_MESSAGE_BYTES - len(marker.encode("utf-8"))
    event["message"] = encoded[:cut].decode("utf-8", "ignore") + marker


def _json_default(value: Any) -> Any:
    return sanitize(value)


# One encoder for all logs: json.dumps() with options builds a new one per call.
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False,
                           default=_json_default).encode


def _dumps(value: Any) -> bytes:
    return _encode(value).encode("utf-8")


def _dumps_safe(value: Any) -> bytes:
    try:
        return _dumps(value)
    except (ValueError, TypeError, RecursionError):
        # NaN/infinity or a cycle (e.g. added by before_send): make it JSON-safe.
        return _dumps(sanitize(value))


#: Logs per encoder call: one call per log costs much more, and a chunk of ordinary logs stays
#: well under MAX_FIELD_BYTES, which spares measuring their fields.
_CHUNK = 64


def _encode_chunk(events: List[Dict[str, Any]]) -> bytes:
    try:
        return _dumps(events)
    except (ValueError, TypeError, RecursionError):
        return b"[" + b",".join(_dumps_safe(event) for event in events) + b"]"


def encode_batch(events: List[Dict[str, Any]]) -> bytes:
    """The JSON array of a batch, every object field within MAX_FIELD_BYTES. A chunk whose whole
    JSON is within that bound cannot hold a field over it, so only the logs of a larger chunk
    are measured (`fit_fields`, which shrinks what is too big) and that chunk encoded again.
    A log that is not serialisable as it is (NaN, a cycle) is made JSON-safe on its own."""
    parts: List[bytes] = []
    for start in range(0, len(events), _CHUNK):
        chunk = events[start:start + _CHUNK]
        raw = _encode_chunk(chunk)
        if len(raw) > MAX_FIELD_BYTES:
            for event in chunk:
                fit_fields(event)
            raw = _encode_chunk(chunk)
        parts.append(raw[1:-1])
    return b"[" + b",".join(parts) + b"]"


def _surely_within(value: Any, budget: int) -> bool:
    """True when `value` certainly serialises within `budget` bytes (≤ 6 bytes per character:
    ``\\u00XX`` escapes), without serialising it. False means "measure it"."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str:
            budget -= 6 * len(item) + 2
        elif kind is dict:
            budget -= 2 + 4 * len(item)
            for key, child in item.items():
                budget -= 6 * len(key) + 2 if type(key) is str else 32
                stack.append(child)
        elif kind is list or kind is tuple:
            budget -= 2 + len(item)
            stack.extend(item)
        else:
            budget -= 32
        if budget < 0:
            return False
    return True


def fit_fields(event: Dict[str, Any]) -> Dict[str, Any]:
    """Keeps each object field (metadata, context, exception, ...) within 64 KB serialised.
    Only fields that might be too big are serialised to be measured."""
    for key in _OBJECT_FIELDS:
        value = event.get(key)
        if value is None or _surely_within(value, MAX_FIELD_BYTES):
            continue
        if len(_dumps_safe(value)) > MAX_FIELD_BYTES:
            event[key] = fit_exception(value) if key == "exception" else fit_object(value)
    return event


def _size(value: Any) -> int:
    return len(_dumps_safe(value))


def fit_object(value: Any, limit: int = MAX_FIELD_BYTES) -> Any:
    """Shrinks a JSON-like object under `limit` bytes: long strings first, then big keys."""
    for cap in (8192, 1024, 256):
        value = _cap_strings(value, cap)
        if _size(value) <= limit:
            return value
    if isinstance(value, dict):
        value = dict(value)
        sizes: List[Tuple[int, str]] = sorted(
            ((_size(v), k) for k, v in value.items()), reverse=True)
        for _, key in sizes:
            value[key] = "[Truncated]"
            value["_truncated"] = True
            if _size(value) <= limit:
                return value
        return {"_truncated": True}
    if isinstance(value, list):
        while value and _size(value) > limit:
            value = value[: len(value) // 2]
        return value
    return "[Truncated]"


def _cap_strings(value: Any, cap: int) -> Any:
    if isinstance(value, str):
        return value if len(value) <= cap else value[: cap - 1] + "…"
    if isinstance(value, dict):
        return {k: _cap_strings(v, cap) for k, v in value.items()}
    if isinstance(value, list):
        return [_cap_strings(v, cap) for v in value]
    return value


def _chain(exc: Dict[str, Any]) -> List[Dict[str, Any]]:
    nodes = []
    node: Any = exc
    while isinstance(node, dict):
        nodes.append(node)
        node = node.get("cause")
    return nodes


def fit_exception(exc: Any, limit: int = MAX_FIELD_BYTES) -> Any:
    """Shrinks an exception object under `limit` bytes, keeping what grouping needs longest:
    context lines of outer frames go first, then the traceback text, then deep causes, then
    outer frames."""
    if not isinstance(exc, dict):
        return fit_object(exc, limit)
    exc = json.loads(_dumps_safe(exc))  # a private deep copy

    def small_enough() -> bool:
        return _size(exc) <= limit

    for keep_context in (10, 3, 0):
        for node in _chain(exc):
            frames = node.get("frames") or []
            for frame in frames[: max(0, len(frames) - keep_context)]:
                frame.pop("pre_context", None)
                frame.pop("post_context", None)
        if small_enough():
            return exc
    traceback_text = exc.get("traceback")
    if isinstance(traceback_text, str):
        for cap in (16384, 4096, 0):
            if cap:
                exc["traceback"] = "…[truncated]\n" + traceback_text[-cap:]
            else:
                exc.pop("traceback", None)
            if small_enough():
                return exc
    while len(_chain(exc)) > 1 and not small_enough():
        nodes = _chain(exc)
        parent = nodes[-2]
        parent.pop("cause", None)
        parent.pop("cause_relation", None)
    for node in _chain(exc):
        frames = node.get("frames") or []
        while frames and not small_enough():
            frames = frames[len(frames) // 2 :] if len(frames) > 1 else []
            node["frames"] = frames
        if small_enough():
            return exc
    return fit_object(
        {k: exc[k] for k in ("type", "value", "module", "mechanism") if k in exc}, limit)
