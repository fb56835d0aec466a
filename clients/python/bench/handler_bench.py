"""Benchmark of the seyir Python client.

Prints ``{"handler_median_us", "handler_p99_us", "null_handler_median_us",
"delivered_logs_per_s", "dropped"}``:

- the caller-thread cost of one ``logger.info("...", arg)`` with `SeyirHandler`, and with the
  stdlib `NullHandler` measured in the same run (same process, interleaved rounds);
- logs per second delivered from this process while it logs at ``--rate`` logs/s for
  ``--seconds`` (first log to last accepted log), and how many the queue dropped.

Delivery goes to a minimal local sink (stdlib http.server in a child process, decoding each
gzipped batch and answering 202 like the ingest endpoint). Pass ``--endpoint`` and
``--api-key`` to measure against a running Seyir server instead, once it exists.

Usage: python bench/handler_bench.py [--json] [--rate 25000] [--seconds 4]
"""

from __future__ import annotations

import argparse
import gzip
import json
import logging
import statistics
import subprocess
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional, Tuple

import seyir
from seyir import _client


def serve_sink() -> None:
    """Child-process mode: a 202-answering sink on a free port, printed on stdout."""

    class Sink(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # headers and body are two writes: no 40 ms stalls

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            if self.headers.get("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
            logs = json.loads(body)
            data = json.dumps({"accepted": len(logs), "rejected": []}).encode()
            self.send_response(202)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Sink)
    print(httpd.server_address[1], flush=True)
    httpd.serve_forever()


def start_sink() -> Tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, __file__, "--serve-sink"],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    port = int(proc.stdout.readline())
    return proc, f"http://127.0.0.1:{port}"


def percentile(samples: List[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure_caller_cost(rounds: int, per_round: int) -> Dict[str, float]:
    """ns per call for SeyirHandler and NullHandler, interleaved so both see the same noise."""
    seyir_logger = logging.getLogger("bench.seyir")
    seyir_logger.addHandler(seyir.SeyirHandler())
    null_logger = logging.getLogger("bench.null")
    null_logger.addHandler(logging.NullHandler())
    for logger in (seyir_logger, null_logger):
        logger.setLevel(logging.INFO)
        logger.propagate = False

    clock = time.perf_counter_ns
    seyir_samples: List[float] = []
    null_samples: List[float] = []
    for logger, samples in ((seyir_logger, []), (null_logger, [])):  # warm-up
        for i in range(2000):
            start = clock()
            logger.info("user %s logged in", i)
            samples.append(clock() - start)
    for _ in range(rounds):
        for logger, samples in ((null_logger, null_samples), (seyir_logger, seyir_samples)):
            info = logger.info
            for i in range(per_round):
                start = clock()
                info("user %s logged in", i)
                samples.append(clock() - start)
        # Let the sender drain between rounds so the queue never overflows here.
        seyir.flush(10)
    return {
        "handler_median_us": statistics.median(seyir_samples) / 1000,
        "handler_p99_us": percentile(seyir_samples, 0.99) / 1000,
        "null_handler_median_us": statistics.median(null_samples) / 1000,
    }


def measure_delivery(rate: int, seconds: float) -> Dict[str, float]:
    client = _client.current
    assert client is not None
    logger = logging.getLogger("bench.delivery")
    logger.addHandler(seyir.SeyirHandler())
    logger.setLevel(logging.INFO)
    logger.propagate = False
    before_sent = client.transport.stats.sent_logs
    before_dropped = client.transport.dropped
    total = int(rate * seconds) if rate else 100_000
    cpu_start = time.process_time()
    start = time.perf_counter()
    tick = 0.005
    per_tick = max(1, int(rate * tick)) if rate else total
    sent = 0
    while sent < total:
        for _ in range(min(per_tick, total - sent)):
            logger.info("order %s shipped", sent, extra={"order_id": sent})
            sent += 1
        if rate:
            ahead = start + sent / rate - time.perf_counter()
            if ahead > 0:
                time.sleep(ahead)
    produce_seconds = time.perf_counter() - start
    seyir.flush(60)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    delivered = client.transport.stats.sent_logs - before_sent
    return {
        # The whole process (the logging thread and the sender), per log delivered.
        "_client_cpu_us_per_log": round(cpu * 1e6 / max(1, delivered), 1),
        "delivered_logs_per_s": round(delivered / elapsed, 1),
        "dropped": client.transport.dropped - before_dropped,
        "_produced": sent,
        "_delivered": delivered,
        "_produce_seconds": round(produce_seconds, 3),
        "_elapsed_seconds": round(elapsed, 3),
    }


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print only the JSON line")
    parser.add_argument("--rate", type=int, default=25_000,
                        help="logs per second offered in the delivery test (0: as fast as "
                             "possible); default 25000")
    parser.add_argument("--seconds", type=float, default=4.0, help="delivery test length")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--per-round", type=int, default=5000)
    parser.add_argument("--endpoint", help="a running Seyir server instead of the local sink")
    parser.add_argument("--api-key", default="bench-key")
    parser.add_argument("--report-delivered", action="store_true",
                        help="also print delivered_logs: every log the server accepted in this run "
                             "(the server bench checks them against storage)")
    parser.add_argument("--serve-sink", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_sink:
        serve_sink()
        return

    sink: Optional[subprocess.Popen] = None
    endpoint = args.endpoint
    if not endpoint:
        sink, endpoint = start_sink()
    try:
        seyir.init(api_key=args.api_key, endpoint=endpoint, environment="bench",
                   install_handler=False, capture_uncaught=False)
        result: Dict[str, Any] = measure_caller_cost(args.rounds, args.per_round)
        result.update(measure_delivery(args.rate, args.seconds))
        current = _client.current
        result["_sent_total"] = current.transport.stats.sent_logs if current else 0
        _client.shutdown(5)
    finally:
        if sink is not None:
            sink.terminate()
            sink.wait(5)
    public = {k: (round(v, 3) if isinstance(v, float) else v)
              for k, v in result.items() if not k.startswith("_")}
    if args.report_delivered:
        public["delivered_logs"] = result["_sent_total"]
        public["client_cpu_us_per_log"] = result["_client_cpu_us_per_log"]
    if not args.json:
        details = {k.lstrip("_"): v for k, v in result.items() if k.startswith("_")}
        print(f"target: handler median < null median + 10 us; >= 20000 logs/s, 0 dropped; "
              f"offered rate {args.rate}/s; {details}", file=sys.stderr)
    print(json.dumps(public))


if __name__ == "__main__":
    main()
