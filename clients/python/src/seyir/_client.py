"""The process-wide client behind `seyir.init()` and the capture functions."""

from __future__ import annotations

import atexit
import functools
import logging
import random
import sys
import threading
import time
from typing import Any, Callable, Dict, List, Optional, TypeVar

from seyir._event import (
    EventBuilder,
    QueuedEvent,
    QueuedRecord,
    encode_batch,
    epoch_ms,
    level_name,
    sanitize,
)
from seyir._exceptions import ExcInfo
from seyir._options import Options, parse_level, resolve_options
from seyir._scope import Scope, current_scope
from seyir._timing import TimingBuilder
from seyir._transport import Transport

logger = logging.getLogger("seyir")

F = TypeVar("F", bound=Callable[..., Any])

#: The active client, or None before `init()` (or when it was given no key/endpoint).
current: Optional[Client] = None
_init_lock = threading.Lock()


def guarded(default: Any = None) -> Callable[[F], F]:
    """Makes a public function return `default` instead of raising into the application."""

    def decorate(func: F) -> F:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return func(*args, **kwargs)
            except Exception:
                try:
                    logger.debug("seyir: %s failed", func.__name__, exc_info=True)
                except Exception:
                    pass
                return default

        return wrapper  # type: ignore[return-value]

    return decorate


def mark_captured(exc: Optional[BaseException]) -> bool:
    """Flags an exception as sent; False if it already was (so it is sent only once)."""
    if exc is None:
        return True
    try:
        if getattr(exc, "__seyir_captured__", False):
            return False
        exc.__seyir_captured__ = True  # type: ignore[attr-defined]
    except Exception:
        pass
    return True


def is_captured(exc: Optional[BaseException]) -> bool:
    return exc is not None and bool(getattr(exc, "__seyir_captured__", False))


class Client:
    """Options, the event builder and the transport of one configuration."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.builder = EventBuilder(options)
        self.transport = Transport(options, self.builder.prepare, encode_batch)
        #: Timing records (performance monitoring) go out on their own queue and endpoint.
        self.timings = Transport(options, TimingBuilder(options).prepare, encode_batch,
                                 path="/api/ingest/timings")
        self.sample_rate = options.sample_rate

    def sampled_out(self) -> bool:
        rate = self.sample_rate
        return rate < 1.0 and random.random() >= rate

    def enqueue_record(self, record: logging.LogRecord, scope: Optional[Scope],
                       message: Optional[str], extras: Optional[Dict[str, Any]]) -> None:
        self.transport.put(QueuedRecord(record, scope, message, extras))

    def capture_event(self, message: str, level: str, *, exc_info: Optional[ExcInfo] = None,
                      handled: bool = True, mechanism: str = "capture_exception",
                      context: Optional[Dict[str, Any]] = None,
                      tags: Optional[List[str]] = None,
                      fingerprint: Optional[List[str]] = None,
                      scope: Optional[Scope] = None,
                      extra_fields: Optional[Dict[str, Any]] = None) -> None:
        """Queues a log made by the SDK itself (not from a LogRecord)."""
        if self.sampled_out():
            return
        event: Dict[str, Any] = {
            "message": message,
            "level": level,
            "timestamp": epoch_ms(time.time()),
            "logger": "seyir",
        }
        if context:
            event["context"] = sanitize(context)
        if tags:
            event["tags"] = [str(t) for t in tags]
        if fingerprint:
            event["fingerprint"] = [str(f) for f in fingerprint]
        if extra_fields:
            event.update(extra_fields)
        self.transport.put(QueuedEvent(event, scope if scope is not None else current_scope.get(),
                                       exc_info, handled, mechanism))

    def flush(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        logs = self.transport.flush(timeout)
        return self.timings.flush(max(0.0, deadline - time.monotonic())) and logs

    def close(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        logs = self.transport.close(timeout)
        return self.timings.close(max(0.0, deadline - time.monotonic())) and logs


def exception_message(exc: BaseException) -> str:
    try:
        value = str(exc)
    except Exception:
        value = ""
    name = type(exc).__name__
    return f"{name}: {value}" if value else name


@guarded()
def init(**kwargs: Any) -> None:
    """Configures the process-wide client. Keyword arguments only; see `Options` for every
    option and its default. The common ones:

    ``api_key`` (``SEYIR_API_KEY``), ``endpoint`` (``SEYIR_ENDPOINT``), ``environment``
    (``SEYIR_ENVIRONMENT``, default ``"production"``), ``release``, ``host``, ``level``
    (of the root handler it attaches, default INFO), ``sample_rate`` (default 1.0),
    ``scrub`` (default True), ``before_send``.

    Does no network I/O and never raises: a missing key or endpoint leaves the client
    disabled with a warning on the ``seyir`` logger. Calling it again replaces the client;
    the old one sends what it had queued in the background.
    """
    global current
    options = resolve_options(**kwargs)
    with _init_lock:
        previous = current
        if options.enabled:
            current = Client(options)
        else:
            current = None
            missing = "api_key (SEYIR_API_KEY)" if not options.api_key else \
                "endpoint (SEYIR_ENDPOINT)"
            logger.warning("seyir: no %s given; logs will not be sent", missing)
    if previous is not None:
        # Let the old client finish in the background: init() must not block start-up.
        previous.transport.retire()
        previous.timings.retire()
    if current is not None:
        current.transport.start()
        if options.install_handler:
            _install_root_handler(options.level)
        if options.capture_uncaught:
            _install_excepthooks()
    _register_atexit()


def _install_root_handler(level: int) -> None:
    from seyir._handler import SeyirHandler

    root = logging.getLogger()
    for handler in root.handlers:
        if isinstance(handler, SeyirHandler):
            return
    root.addHandler(SeyirHandler(level=level))
    if root.level > level or root.level == logging.NOTSET:
        # The root logger defaults to WARNING; lower it so `level` logs reach the handler.
        root.setLevel(level)


_hooks_installed = False


def _install_excepthooks() -> None:
    global _hooks_installed
    if _hooks_installed:
        return
    _hooks_installed = True
    previous_hook = sys.excepthook

    def excepthook(exc_type: Any, exc: Any, tb: Any) -> None:
        _capture_uncaught(exc_type, exc, tb, "excepthook")
        previous_hook(exc_type, exc, tb)

    sys.excepthook = excepthook
    previous_thread_hook = threading.excepthook

    def thread_excepthook(args: Any) -> None:
        if args.exc_type is not SystemExit and args.exc_value is not None:
            _capture_uncaught(args.exc_type, args.exc_value, args.exc_traceback,
                              "threading")
        previous_thread_hook(args)

    threading.excepthook = thread_excepthook


def _capture_uncaught(exc_type: Any, exc: Any, tb: Any, mechanism: str) -> None:
    try:
        client = current
        if client is None or issubclass(exc_type, KeyboardInterrupt):
            return
        if not mark_captured(exc):
            return
        client.capture_event(exception_message(exc), "CRITICAL" if mechanism == "excepthook"
                             else "ERROR", exc_info=(exc_type, exc, tb), handled=False,
                             mechanism=mechanism)
    except Exception:
        pass


_atexit_registered = False


def _register_atexit() -> None:
    global _atexit_registered
    if not _atexit_registered:
        _atexit_registered = True
        atexit.register(_at_exit)


def _at_exit() -> None:
    client = current
    if client is not None:
        try:
            client.close(client.options.shutdown_timeout)
        except Exception:
            pass


@guarded()
def capture_exception(exc: Optional[BaseException] = None, *, level: str = "ERROR",
                      tags: Optional[List[str]] = None,
                      fingerprint: Optional[List[str]] = None, **context: Any) -> None:
    """Sends an exception (default: the one being handled) at `level` ERROR, with keyword
    arguments as its ``context``. An exception is sent once however often it is captured."""
    client = current
    if client is None:
        return
    if exc is None:
        exc = sys.exc_info()[1]
        if exc is None:
            return
    if not mark_captured(exc):
        return
    client.capture_event(exception_message(exc), _level(level, "ERROR"),
                         exc_info=(type(exc), exc, exc.__traceback__), handled=True,
                         context=context, tags=tags, fingerprint=fingerprint)


@guarded()
def capture_message(message: str, level: str = "INFO", *, tags: Optional[List[str]] = None,
                    fingerprint: Optional[List[str]] = None, **context: Any) -> None:
    """Sends a message at `level` (default INFO), with keyword arguments as its ``context``."""
    client = current
    if client is None:
        return
    client.capture_event(str(message), _level(level, "INFO"), context=context, tags=tags,
                         fingerprint=fingerprint)


def _level(level: Any, default: str) -> str:
    return level_name(parse_level(level, parse_level(default, logging.INFO)))


@guarded(default=False)
def flush(timeout: float = 2.0) -> bool:
    """Waits at most `timeout` seconds (default 2) for queued logs to be sent; True when they
    all went out (or nothing is configured)."""
    client = current
    if client is None:
        return True
    return client.flush(timeout)


@guarded()
def set_user(user: Optional[Dict[str, Any]]) -> None:
    """Sets ``context.user`` (``{"id", "username", "email", "ip_address"}``) for the logs of
    the current request (inside an integration) or of the current context; None clears it."""
    scope = current_scope.get()
    if scope is None:
        scope = Scope()
        current_scope.set(scope)
    scope.user = sanitize(user) if user else None


def shutdown(timeout: float = 2.0) -> bool:
    """Flushes and stops the active client (tests, or a worker that exits on its own)."""
    global current
    client, current = current, None
    if client is None:
        return True
    return client.close(timeout)
