"""`SeyirHandler`: a `logging.Handler` that queues records for the background sender."""

from __future__ import annotations

import logging
from typing import Any, Union

from seyir import _client
from seyir._event import record_extras, record_message_now
from seyir._scope import current_scope


class SeyirHandler(logging.Handler):
    """Sends log records to Seyir through the client configured by `seyir.init()`.

    Usable directly (``logging.getLogger().addHandler(SeyirHandler())``) or from ``dictConfig``
    (``{"class": "seyir.SeyirHandler", "level": "INFO"}``). Any other keyword arguments are
    `seyir.init()` options, which lets a ``LOGGING`` dict configure the client too.

    The emit path only captures the record: formatting, scrubbing and sending happen on the
    background thread. Records of the ``seyir`` logger itself are ignored, as are records
    already handled by another `SeyirHandler` (the same record reaching two handlers through
    propagation is sent once) and records about an exception an integration or
    `capture_exception` already sent.
    """

    def __init__(self, level: Union[int, str] = logging.NOTSET, **init_options: Any) -> None:
        super().__init__(level)
        if init_options:
            init_options.setdefault("install_handler", False)
            _client.init(**init_options)

    def handle(self, record: logging.LogRecord) -> Any:
        # No handler lock: emit() is thread-safe on its own (the queue has its own lock).
        rv = self.filter(record)
        if rv:
            # Python 3.12+: a filter may return a replacement record.
            self.emit(rv if isinstance(rv, logging.LogRecord) else record)
        return rv

    def emit(self, record: logging.LogRecord) -> None:
        try:
            name = record.name
            if name[:5] == "seyir" and (len(name) == 5 or name[5] == "."):
                return
            client = _client.current
            if client is None:
                return
            attrs = record.__dict__
            if "_seyir_seen" in attrs:
                return
            transport = client.transport
            if record.thread == transport.thread_ident:
                # Logged from the sender thread itself (e.g. by before_send): never loop.
                return
            exc_info = record.exc_info
            if exc_info and _client.is_captured(exc_info[1]):
                # Already sent, with request and response, by an integration or
                # capture_exception (e.g. Django's "Internal Server Error" log line).
                return
            if client.sample_rate < 1.0 and client.sampled_out():
                return
            extras = record_extras(record)
            attrs["_seyir_seen"] = True
            client.enqueue_record(record, current_scope.get(), record_message_now(record),
                                  extras)
        except Exception:
            # Never raise into the application, never print from here.
            pass

    def flush(self) -> None:
        """Asks the sender to send now, without waiting: `logging.shutdown()` and
        `dictConfig` call this on the application's thread, which must never block.
        Use `seyir.flush(timeout)` to wait."""
        client = _client.current
        if client is not None:
            try:
                client.transport.wake()
            except Exception:
                pass

    def close(self) -> None:
        # Closing a handler (dictConfig does it to every handler it replaces) does not stop
        # the client: other handlers and integrations may still use it.
        super().close()
