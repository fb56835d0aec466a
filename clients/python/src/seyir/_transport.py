"""Background delivery: a bounded queue, one daemon thread, batches, gzip, retries.

Invariants:
- `put()` is the only method the application's threads call on the hot path. It takes one
  short reentrant lock (never held while doing I/O or logging), never blocks on the network,
  never raises, and signals nothing: the worker polls the queue every few tens of
  milliseconds. `threading.Event.set()` is not reentrant, so a signal handler that logs while
  the main thread is inside it would deadlock; a polled flag cannot.
- Everything slow (building, scrubbing and serialising logs, HTTP) runs on the worker thread.
  It builds the next full batch while the server handles the current request, so the two
  work at the same time; batches still go out one at a time and in order, each after the
  retries of the one before it.
- After ``os.fork()`` the child gets a fresh queue, fresh locks and, on its first log, a fresh
  thread; what the parent had queued stays the parent's to send.
"""

from __future__ import annotations

import gzip
import http.client
import json
import logging
import os
import random
import ssl
import threading
import time
import uuid
import weakref
from collections import deque
from email.utils import parsedate_to_datetime
from typing import Any, Callable, Deque, Dict, List, Optional, Set, Tuple
from urllib.parse import urlsplit

from seyir._options import MAX_BATCH_BYTES, MAX_BATCH_LOGS, Options
from seyir._version import VERSION

logger = logging.getLogger("seyir")

#: Turns queued items into logs ready to send; gets how many logs the queue dropped since the
#: last batch so it can report them in the batch's metadata.
Prepare = Callable[[List[Any], int], List[Any]]
#: Serialises prepared logs into the JSON array of one request.
Encode = Callable[[List[Any]], bytes]

_transports: weakref.WeakSet[Transport] = weakref.WeakSet()

#: How often the idle worker looks at the queue (seconds). Bounds the extra latency of a
#: full batch and of flush(); costs ~20 wake-ups per second.
POLL_INTERVAL = 0.05

#: gzip level of request bodies. Level 1 costs the application's process half the CPU of
#: level 5 (Loghub's six 1,000-line samples as logs: 0.9-2.2 against 2.4-4.6 µs per log) for
#: bodies about a fifth larger (16-39 against 13-32 bytes per log): CPU in the application's
#: process is what a logging client must spare, and a log's compressed bytes are few anyway.
GZIP_LEVEL = 1


class _LogOnce:
    """Logs each distinct problem once per process to the ``seyir`` logger."""

    def __init__(self) -> None:
        self._seen: Set[str] = set()

    def warning(self, key: str, msg: str, *args: Any, exc_info: bool = False) -> None:
        if key in self._seen:
            return
        self._seen.add(key)
        logger.warning(msg, *args, exc_info=exc_info)


class Stats:
    """Counters for tests, the benchmark and debugging. Written by the worker only."""

    def __init__(self) -> None:
        self.sent_logs = 0
        self.sent_batches = 0
        self.failed_logs = 0
        self.rejected_logs = 0
        self.requests = 0
        self.retries = 0


class _Built:
    """A batch taken from the queue and built ahead of its turn (see `Transport._build_next`)."""

    __slots__ = ("body", "items", "logs")

    def __init__(self, items: List[Any], logs: List[Any], body: Optional[bytes]) -> None:
        self.items = items
        self.logs = logs
        #: The request body of the first MAX_BATCH_LOGS logs (see `Transport._body`); None when
        #: there are none, or when their JSON is over MAX_BATCH_BYTES (`_deliver` splits them).
        self.body = body


class Transport:
    def __init__(self, options: Options, prepare: Prepare, encode: Encode,
                 path: str = "/api/ingest/batch") -> None:
        self._options = options
        self._prepare = prepare
        self._encode = encode
        split = urlsplit(options.endpoint or "")
        self._scheme = split.scheme
        self._host = split.hostname or ""
        self._port = split.port
        self._path = (split.path.rstrip("/") or "") + path
        self._headers = {
            "Content-Type": "application/json",
            "X-Seyir-Key": options.api_key or "",
            "User-Agent": f"seyir-python/{VERSION}",
        }
        if options.gzip:
            self._headers["Content-Encoding"] = "gzip"
        self.disabled = False
        self.closed = False
        self._log = _LogOnce()
        self._reset_state()
        _transports.add(self)

    def _reset_state(self) -> None:
        # Reentrant locks: a signal handler (gunicorn's SIGTERM, say) may log while the same
        # thread is inside put() or flush(); a plain Lock would deadlock it.
        self._lock = threading.RLock()
        self._start_lock = threading.RLock()
        self._items: Deque[Any] = deque()
        self._enqueued = 0
        self._dropped_total = 0
        self._dropped_unreported = 0
        self._processed = 0
        self._done = threading.Condition(threading.RLock())
        self._stopping = False
        self._flush_requested = False
        self._thread: Optional[threading.Thread] = None
        self.thread_ident: Optional[int] = None
        self._conn: Optional[http.client.HTTPConnection] = None
        #: The next batch, built while the server handles the current request (see `_post`).
        self._next: Optional[_Built] = None
        self.stats = Stats()

    # -- application side -------------------------------------------------------------------

    def put(self, item: Any) -> None:
        """Queues one item; drops the oldest when full. Never blocks on I/O, never raises."""
        if self.disabled or self.closed:
            return
        with self._lock:
            items = self._items
            if len(items) >= self._options.queue_size:
                items.popleft()
                self._dropped_total += 1
                self._dropped_unreported += 1
            items.append(item)
            self._enqueued += 1
        if self._thread is None:
            self.start()

    @property
    def dropped(self) -> int:
        """Logs dropped because the queue was full, since start (or since fork)."""
        return self._dropped_total

    @property
    def queued(self) -> int:
        return len(self._items)

    def start(self) -> None:
        """Starts the worker thread once; a failure (e.g. at interpreter exit) disables sending."""
        with self._start_lock:
            if self._thread is not None or self.closed:
                return
            thread = threading.Thread(target=self._run, name="seyir-transport", daemon=True)
            try:
                thread.start()
            except RuntimeError:
                self.closed = True
                return
            self._thread = thread

    def flush(self, timeout: float) -> bool:
        """Waits up to `timeout` seconds for everything queued so far to be sent (or given up).

        Returns True when it all went out in time. Never raises.
        """
        with self._lock:
            target = self._enqueued
        if self._processed + self._dropped_total >= target:
            return True
        thread = self._thread
        if thread is None or not thread.is_alive() or threading.get_ident() == self.thread_ident:
            # No sender, or called from the sender itself (e.g. by before_send): waiting
            # could only time out.
            return False
        deadline = time.monotonic() + max(0.0, timeout)
        with self._done:
            while self._processed + self._dropped_total < target and not self.disabled:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                # Asked again each round: the worker may have just consumed an older request.
                self._flush_requested = True
                self._done.wait(min(remaining, 2 * POLL_INTERVAL))
        return not self.disabled

    def wake(self) -> None:
        """Asks the worker to send what is queued now, without waiting for it."""
        self._flush_requested = True

    def close(self, timeout: float) -> bool:
        """Flushes for at most `timeout` seconds, then stops the worker. Never raises."""
        delivered = self.flush(timeout) if not self.closed else True
        self.closed = True
        self._stopping = True
        return delivered

    def retire(self) -> None:
        """Stops taking logs; the worker sends what is queued, then ends. Does not wait."""
        self.closed = True
        self._flush_requested = True

    def after_fork_in_child(self) -> None:
        self._reset_state()

    # -- worker side ------------------------------------------------------------------------

    def _take(self, limit: int) -> Tuple[List[Any], int]:
        with self._lock:
            items = self._items
            count = min(limit, len(items))
            batch = [items.popleft() for _ in range(count)]
            dropped, self._dropped_unreported = self._dropped_unreported, 0
        return batch, dropped

    def _run(self) -> None:
        self.thread_ident = threading.get_ident()
        opts = self._options
        tick = min(POLL_INTERVAL, opts.flush_interval)
        next_deadline = time.monotonic() + opts.flush_interval
        while not self._stopping:
            try:
                now = time.monotonic()
                if len(self._items) < opts.batch_size and not self._flush_requested \
                        and now < next_deadline and self._next is None:
                    time.sleep(min(tick, next_deadline - now))
                    continue
                flushing, self._flush_requested = self._flush_requested, False
                time_up = time.monotonic() >= next_deadline
                while not self._stopping:
                    built, self._next = self._next, None
                    if built is not None:
                        self._send_built(built)
                        continue
                    if len(self._items) < opts.batch_size and not (flushing or time_up):
                        break
                    batch, dropped = self._take(self._batch_limit())
                    if not batch:
                        break
                    self._process(batch, dropped)
                if flushing or time_up:
                    next_deadline = time.monotonic() + opts.flush_interval
                if self.closed and not self._items:
                    break
            except Exception:
                # The worker must survive anything; losing one batch beats losing the thread.
                self._log.warning("worker", "seyir: unexpected error in the sender thread",
                                  exc_info=True)
        self._close_connection()

    def _batch_limit(self) -> int:
        # Behind (a backlog of several batches): send bigger batches to catch up; per-request
        # overhead, not bytes, is what limits throughput then.
        opts = self._options
        backlog = len(self._items)
        return (opts.batch_size if backlog < 2 * opts.batch_size
                else min(backlog, opts.max_batch_size))

    def _process(self, batch: List[Any], dropped: int) -> None:
        try:
            self._send(self._prepare(batch, dropped))
        finally:
            self._count_processed(len(batch))

    def _send(self, logs: List[Any], first_body: Optional[bytes] = None) -> None:
        """Delivers prepared logs in requests of at most MAX_BATCH_LOGS (`first_body`: the body
        of the first request, when already made)."""
        for start in range(0, len(logs), MAX_BATCH_LOGS):
            if self.disabled:
                break
            self._deliver(logs[start : start + MAX_BATCH_LOGS], first_body if start == 0 else None)

    def _count_processed(self, count: int) -> None:
        with self._done:
            self._processed += count
            self._done.notify_all()

    def _build_next(self) -> None:
        """Takes, builds and gzips the next full batch while the server handles the current
        request (called between sending it and reading the answer): the application's process
        and the server then work at the same time instead of taking turns. Only a full batch is
        built ahead; a partial one waits for its flush interval as before."""
        if self._next is not None or self._stopping or self.disabled \
                or len(self._items) < self._options.batch_size:
            return
        batch, dropped = self._take(self._batch_limit())
        if not batch:
            return
        try:
            logs = self._prepare(batch, dropped)
            first = logs[:MAX_BATCH_LOGS]
            self._next = _Built(batch, logs, self._body(first) if first else None)
        except Exception:
            self._count_processed(len(batch))
            self._log.warning("build", "seyir: could not build a batch; dropped", exc_info=True)

    def _send_built(self, built: _Built) -> None:
        try:
            self._send(built.logs, built.body)
        finally:
            self._count_processed(len(built.items))

    def _split(self, parts: List[Any]) -> None:
        half = len(parts) // 2
        self._deliver(parts[:half])
        self._deliver(parts[half:])

    def _body(self, parts: List[Any]) -> Optional[bytes]:
        """The request body of prepared logs: their JSON, gzipped unless configured otherwise.
        None when the JSON is over MAX_BATCH_BYTES (`_deliver` then splits the batch)."""
        raw = self._encode(parts)
        if len(raw) > MAX_BATCH_BYTES:
            return None
        return gzip.compress(raw, compresslevel=GZIP_LEVEL, mtime=0) if self._options.gzip else raw

    def _deliver(self, parts: List[Any], body: Optional[bytes] = None) -> None:
        """Sends one batch of prepared logs (`body`: its request body, when already made),
        retrying as the contract says."""
        opts = self._options
        if body is None:
            body = self._body(parts)
        if body is None:
            if len(parts) > 1:
                self._split(parts)
            else:
                self.stats.failed_logs += 1
                self._log.warning("too-large", "seyir: a log over 5 MB was dropped")
            return
        # One key per batch, sent again with every retry: when an answer is lost (a timeout, a
        # dropped connection) after the server stored the batch, the retry stores nothing twice.
        idempotency_key = uuid.uuid4().hex
        attempt = 0
        while not self._stopping and not self.disabled:
            status, retry_after, answer = self._post(body, idempotency_key)
            if status == 202 or 200 <= status < 300:
                self.stats.sent_logs += len(parts)
                self.stats.sent_batches += 1
                self._read_rejections(answer)
                return
            if status == 413:
                if len(parts) == 1:
                    self.stats.failed_logs += 1
                    self._log.warning("413-single",
                                      "seyir: the server refused a log as too large; dropped")
                    return
                self._split(parts)
                return
            if status == 401:
                self.disabled = True
                with self._lock:
                    discarded = len(self._items)
                    self._items.clear()
                built, self._next = self._next, None
                if built is not None:
                    discarded += len(built.items)
                with self._done:
                    self._processed += discarded
                self._log.warning("401", "seyir: the API key was refused (401): unknown or "
                                  "inactive key; no more logs will be sent from this process")
                return
            retryable = status in (0, 429, 503) or status >= 500
            if not retryable:
                self.stats.failed_logs += len(parts)
                self._log.warning(f"status-{status}", "seyir: the server answered %s to a batch of "
                                  "%d logs; dropped", status, len(parts))
                return
            attempt += 1
            if attempt > opts.max_retries:
                self.stats.failed_logs += len(parts)
                self._log.warning("gave-up", "seyir: could not deliver a batch after %d attempts "
                                  "(last status %s); dropped", attempt, status or "network error")
                return
            self.stats.retries += 1
            if retry_after is not None and status in (429, 503):
                delay = min(retry_after, opts.max_retry_after)
            else:
                ceiling = min(opts.backoff_max, opts.backoff_base * (2 ** (attempt - 1)))
                delay = ceiling / 2 + random.uniform(0, ceiling / 2)
            if self._sleep(delay):
                return

    def _sleep(self, seconds: float) -> bool:
        """Sleeps in short steps; True as soon as the transport is stopping."""
        deadline = time.monotonic() + seconds
        while not self._stopping:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            time.sleep(min(remaining, POLL_INTERVAL))
        return True

    def _read_rejections(self, body: bytes) -> None:
        if not body:
            return
        try:
            answer = json.loads(body)
        except ValueError:
            return
        rejected = answer.get("rejected") if isinstance(answer, dict) else None
        if isinstance(rejected, list) and rejected:
            self.stats.rejected_logs += len(rejected)
            first = rejected[0] if isinstance(rejected[0], dict) else {}
            self._log.warning("rejected", "seyir: the server rejected %d log(s) of a batch, e.g. "
                              "#%s: %s", len(rejected), first.get("index"), first.get("detail"))

    def _connection(self) -> http.client.HTTPConnection:
        if self._conn is None:
            timeout = self._options.timeout
            if self._scheme == "https":
                self._conn = http.client.HTTPSConnection(
                    self._host, self._port, timeout=timeout,
                    context=ssl.create_default_context())
            else:
                self._conn = http.client.HTTPConnection(self._host, self._port, timeout=timeout)
        return self._conn

    def _close_connection(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:
                pass

    def _post(self, body: bytes, idempotency_key: str) -> Tuple[int, Optional[float], bytes]:
        """One POST. Returns (status, Retry-After seconds, body); status 0 = network error."""
        headers = {**self._headers, "Idempotency-Key": idempotency_key}
        for fresh_retry in (False, True):
            reused = self._conn is not None
            self.stats.requests += 1
            try:
                conn = self._connection()
                conn.request("POST", self._path, body=body, headers=headers)
                self._build_next()
                resp = conn.getresponse()
                data = resp.read()
                if resp.will_close:
                    self._close_connection()
                return resp.status, _retry_after(resp.getheader("Retry-After")), data
            except (OSError, http.client.HTTPException, ValueError):
                self._close_connection()
                # A kept-alive connection the server closed meanwhile: retry at once, once.
                if reused and not fresh_retry:
                    continue
                return 0, None, b""
        return 0, None, b""


def _retry_after(value: Optional[str]) -> Optional[float]:
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - time.time())


def _after_fork_in_child() -> None:
    for transport in list(_transports):
        try:
            transport.after_fork_in_child()
        except Exception:
            pass


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def debug_state(transport: Transport) -> Dict[str, Any]:
    """A snapshot of the counters, for tests and the benchmark."""
    s = transport.stats
    return {
        "queued": transport.queued,
        "dropped": transport.dropped,
        "sent_logs": s.sent_logs,
        "sent_batches": s.sent_batches,
        "failed_logs": s.failed_logs,
        "rejected_logs": s.rejected_logs,
        "requests": s.requests,
        "retries": s.retries,
    }
