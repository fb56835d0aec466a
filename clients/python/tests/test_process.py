"""Process life cycle: interpreter exit (flush with a bounded wait) and os.fork()."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import seyir

from .conftest import API_KEY, only

# Forking a process that has threads is exactly what these tests check; Python 3.12+ warns.
pytestmark = pytest.mark.filterwarnings("ignore:This process .* is multi-threaded")


def run_script(code: str, server_url: str, timeout: float = 20) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SEYIR_")}
    env.update(SEYIR_API_KEY=API_KEY, SEYIR_ENDPOINT=server_url, SEYIR_ENVIRONMENT="exit-test")
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def test_logs_still_queued_at_exit_are_sent(server):
    result = run_script("""
        import logging, seyir
        seyir.init(flush_interval=60)  # only the exit hook can send it
        logging.getLogger("app").warning("goodbye")
    """, server.url)
    assert result.returncode == 0, result.stderr
    log = only(server.delivered)
    assert (log["message"], log["environment"]) == ("goodbye", "exit-test")


def test_exit_waits_at_most_the_shutdown_timeout_for_a_hanging_server(server):
    server.default = "hang:30"
    start = time.monotonic()
    result = run_script("""
        import logging, seyir
        seyir.init(shutdown_timeout=0.5, timeout=30)
        for i in range(1000):
            logging.getLogger("app").error("stuck %d", i)
    """, server.url)
    assert result.returncode == 0, result.stderr
    assert time.monotonic() - start < 10  # not the 30 s of the hang
    assert result.stderr == ""


def test_an_uncaught_exception_in_a_script_is_sent_before_exit(server):
    result = run_script("""
        import seyir
        seyir.init()
        def main():
            raise SystemError("fatal")
        main()
    """, server.url)
    assert result.returncode == 1
    assert "SystemError: fatal" in result.stderr  # the default hook still prints it
    log = only(server.delivered)
    assert log["level"] == "CRITICAL"
    assert log["exception"]["mechanism"] == {"type": "excepthook", "handled": False}
    assert log["exception"]["frames"][-1]["function"] == "main"


def test_a_process_that_never_logs_exits_at_once(server):
    start = time.monotonic()
    result = run_script("import seyir; seyir.init()", server.url)
    assert result.returncode == 0
    assert time.monotonic() - start < 8
    assert server.attempts == []


def wait_child(pid: int, timeout: float = 15) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.02)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    pytest.fail("the forked child hung")


def fork_and_log(app_logger, message: str) -> int:
    pid = os.fork()
    if pid == 0:  # child: never return into pytest
        code = 1
        try:
            app_logger.warning(message)
            code = 0 if seyir.flush(10) else 2
        finally:
            os._exit(code)
    return pid


def test_a_forked_child_gets_a_fresh_queue_and_sender(init, server, app_logger):
    init(flush_interval=30)
    app_logger.warning("queued in the parent before fork")
    pid = fork_and_log(app_logger, "from the child")
    assert wait_child(pid) == 0
    assert seyir.flush(5)
    logs = server.delivered
    messages = sorted(log["message"] for log in logs)
    # The parent's queued log is sent once (by the parent), the child's by the child.
    assert messages == ["from the child", "queued in the parent before fork"]
    child_log = only(logs, lambda log: log["message"] == "from the child")
    assert child_log["metadata"]["process"] == pid


def test_forking_while_other_threads_log_never_deadlocks_the_child(init, server, app_logger):
    init()
    stop = threading.Event()

    def spam() -> None:
        while not stop.is_set():
            app_logger.info("spam")

    spammers = [threading.Thread(target=spam) for _ in range(2)]
    for thread in spammers:
        thread.start()
    try:
        pids = [fork_and_log(app_logger, f"child {i}") for i in range(5)]
        codes = [wait_child(pid) for pid in pids]
    finally:
        stop.set()
        for thread in spammers:
            thread.join()
    assert codes == [0] * 5
    seyir.flush(10)
    children = {log["message"] for log in server.delivered if log["message"] != "spam"}
    assert children == {f"child {i}" for i in range(5)}
