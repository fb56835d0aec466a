"""Client options: what `seyir.init()` accepts, with defaults and environment fallbacks."""

from __future__ import annotations

import logging
import os
import socket
from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional, Sequence, Tuple, Union
from urllib.parse import urlsplit

logger = logging.getLogger("seyir")

Event = Dict[str, Any]
BeforeSend = Callable[[Event], Optional[Event]]

#: Hard limits of the ingest endpoint (spec §7): logs per batch and uncompressed bytes per batch.
MAX_BATCH_LOGS = 1000
MAX_BATCH_BYTES = 5 * 1024 * 1024


@dataclass
class Options:
    """Resolved client options. Every field has the default `seyir.init()` documents."""

    #: Project API key (``SEYIR_API_KEY``). Without one the client stays disabled.
    api_key: Optional[str] = None
    #: Base URL of the Seyir server (``SEYIR_ENDPOINT``), e.g. ``https://seyir.example.com``.
    endpoint: Optional[str] = None
    #: Environment name (``SEYIR_ENVIRONMENT``); default ``"production"``.
    environment: str = "production"
    #: Release/version of the application (``SEYIR_RELEASE``); default none.
    release: Optional[str] = None
    #: Host name sent with every log; default ``socket.gethostname()``.
    host: str = ""
    #: Minimum level of the handler `init()` attaches to the root logger; default INFO.
    level: int = logging.INFO
    #: Fraction (0.0-1.0) of logs sent, applied to every log; default 1.0.
    sample_rate: float = 1.0
    #: Scrub secrets (keys and values) before sending; default True.
    scrub: bool = True
    #: Extra key names (substring, case-insensitive) whose values are replaced by "[Filtered]".
    deny_keys: Tuple[str, ...] = ()
    #: Key names (exact, case-insensitive) never scrubbed because of their name.
    allow_keys: Tuple[str, ...] = ()
    #: Called on the background thread with each scrubbed log; return it (changed or not) or
    #: None to drop it. Default none.
    before_send: Optional[BeforeSend] = None
    #: Attach a `SeyirHandler` to the root logger at `level`; default True.
    install_handler: bool = True
    #: Report uncaught exceptions (sys.excepthook, threading.excepthook); default True.
    capture_uncaught: bool = True
    #: Logs kept in memory while waiting to be sent (about 1 KB each); the oldest are dropped
    #: beyond it. Default 20,000: a second of backlog at 20,000 logs/s.
    queue_size: int = 20_000
    #: Logs that make a batch: a batch is sent when this many are queued (or after
    #: `flush_interval`); default 100.
    batch_size: int = 100
    #: Largest batch, used only to catch up with a backlog (at most 1,000); default 1,000.
    max_batch_size: int = MAX_BATCH_LOGS
    #: Seconds a log may wait for a full batch; default 1.0.
    flush_interval: float = 1.0
    #: Socket timeout of one HTTP request in seconds; default 5.0.
    timeout: float = 5.0
    #: Retries of one batch after network errors, 5xx, 429 and 503; default 5.
    max_retries: int = 5
    #: First backoff delay in seconds (doubled each retry, with jitter); default 0.5.
    backoff_base: float = 0.5
    #: Longest backoff delay in seconds; default 30.
    backoff_max: float = 30.0
    #: Longest Retry-After honoured, in seconds; default 300.
    max_retry_after: float = 300.0
    #: Seconds the exit hook waits for pending logs; default 2.0.
    shutdown_timeout: float = 2.0
    #: Gzip request bodies; default True.
    gzip: bool = True
    #: Send a timing record for every request the framework integrations see (performance
    #: monitoring); default True.
    send_timings: bool = True
    #: Fraction (0.0-1.0) of requests whose timing record is sent; default 1.0 (every request).
    timing_sample_rate: float = 1.0
    #: A request at least this long (ms) is sent with its request and response; so is any 5xx.
    #: Default 1000.
    slow_request_ms: float = 1000.0

    @property
    def enabled(self) -> bool:
        return bool(self.api_key) and bool(self.endpoint)


_LEVEL_NAMES = {"DEBUG": 10, "INFO": 20, "WARNING": 30, "WARN": 30, "ERROR": 40, "CRITICAL": 50}


def parse_level(value: Union[int, str, None], default: int) -> int:
    """Turns ``"warning"``/``logging.WARNING``/``30`` into a number; unknown → `default`."""
    if value is None:
        return default
    if isinstance(value, int):
        return value
    return _LEVEL_NAMES.get(str(value).strip().upper(), default)


def _clamp(name: str, value: float, low: float, high: float) -> float:
    if value < low or value > high:
        fixed = min(max(value, low), high)
        logger.warning("seyir: %s=%r is out of range, using %r", name, value, fixed)
        return fixed
    return value


def resolve_options(**kwargs: Any) -> Options:
    """Builds `Options` from `init()` arguments and the ``SEYIR_*`` environment variables.

    Never raises: a bad value is logged to the ``seyir`` logger and replaced by its default.
    """
    opts = Options()
    env = os.environ
    known = set(Options.__dataclass_fields__)
    for key, given in kwargs.items():
        if given is None:
            continue
        if key not in known:
            logger.warning("seyir: unknown option %r ignored", key)
            continue
        value = given
        default = getattr(Options, key, None)
        if isinstance(default, (bool, int, float)) and key != "level":
            try:
                value = _coerce(type(default), given)
            except (TypeError, ValueError):
                logger.warning("seyir: %s=%r is not a %s; using %r", key, given,
                               type(default).__name__, default)
                continue
        setattr(opts, key, value)

    if not opts.api_key:
        opts.api_key = env.get("SEYIR_API_KEY") or None
    if not opts.endpoint:
        opts.endpoint = env.get("SEYIR_ENDPOINT") or None
    if kwargs.get("environment") is None and env.get("SEYIR_ENVIRONMENT"):
        opts.environment = env["SEYIR_ENVIRONMENT"]
    if not opts.release:
        opts.release = env.get("SEYIR_RELEASE") or None
    if not opts.host:
        try:
            opts.host = socket.gethostname()
        except OSError:
            opts.host = "unknown"

    opts.level = parse_level(kwargs.get("level"), logging.INFO)
    opts.environment = str(opts.environment)
    opts.sample_rate = _clamp("sample_rate", float(opts.sample_rate), 0.0, 1.0)
    opts.timing_sample_rate = _clamp("timing_sample_rate", float(opts.timing_sample_rate),
                                     0.0, 1.0)
    opts.slow_request_ms = _clamp("slow_request_ms", float(opts.slow_request_ms), 0.0,
                                  3_600_000.0)
    opts.batch_size = int(_clamp("batch_size", int(opts.batch_size), 1, MAX_BATCH_LOGS))
    opts.max_batch_size = int(_clamp("max_batch_size", int(opts.max_batch_size),
                                     opts.batch_size, MAX_BATCH_LOGS))
    opts.queue_size = int(_clamp("queue_size", int(opts.queue_size), 1, 10_000_000))
    opts.flush_interval = _clamp("flush_interval", float(opts.flush_interval), 0.001, 3600.0)
    opts.deny_keys = _as_tuple(opts.deny_keys)
    opts.allow_keys = _as_tuple(opts.allow_keys)
    if opts.before_send is not None and not callable(opts.before_send):
        logger.warning("seyir: before_send is not callable, ignored")
        opts.before_send = None

    if opts.endpoint:
        parts = urlsplit(opts.endpoint)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            logger.warning("seyir: endpoint %r is not an http(s) URL; the client is disabled",
                           opts.endpoint)
            opts.endpoint = None
        else:
            opts.endpoint = opts.endpoint.rstrip("/")
    return opts


def _coerce(kind: type, value: Any) -> Any:
    if kind is bool:
        if isinstance(value, str):
            return value.strip().lower() not in ("", "0", "false", "no", "off")
        return bool(value)
    return kind(value)


def _as_tuple(value: Union[str, Sequence[str], None]) -> Tuple[str, ...]:
    if not value:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value)
