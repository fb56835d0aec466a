"""SeyirHandler: what a log record becomes, and what the handler refuses to send."""

from __future__ import annotations

import logging
import logging.config
import threading
import time

import seyir
from seyir import _client

from .conftest import API_KEY, client_options, only


def test_a_record_becomes_a_log_with_metadata_and_extra_fields(init, server, app_logger):
    init()
    before = time.time()
    app_logger.warning("disk %s at %d%%", "sda", 93, extra={"free_mb": 120, "mount": "/"})
    after = time.time()
    assert seyir.flush(5)
    log = only(server.delivered)
    assert log["message"] == "disk sda at 93%"
    assert log["level"] == "WARNING"
    # The record's own time, in whole milliseconds since the epoch (what the server stores).
    assert int(before * 1000) <= log["timestamp"] <= int(after * 1000)
    assert (log["environment"], log["release"]) == ("test", "1.2.3")
    assert log["host"]
    assert log["logger"] == app_logger.name
    meta = log["metadata"]
    assert meta["logger"] == app_logger.name
    assert meta["module"] == "test_handler"
    assert meta["funcName"] == "test_a_record_becomes_a_log_with_metadata_and_extra_fields"
    assert isinstance(meta["lineno"], int)
    assert meta["threadName"] == threading.current_thread().name
    assert isinstance(meta["process"], int)
    assert (meta["free_mb"], meta["mount"]) == (120, "/")
    assert "exception" not in log


def test_tags_and_fingerprint_extras_become_top_level_fields(init, server, app_logger):
    init()
    app_logger.info("tagged", extra={"tags": ["billing", "eu"],
                                     "fingerprint": ["{{ default }}", "billing"]})
    seyir.flush(5)
    log = only(server.delivered)
    assert log["tags"] == ["billing", "eu"]
    assert log["fingerprint"] == ["{{ default }}", "billing"]
    assert "tags" not in log["metadata"]


def test_levels_map_to_the_five_server_levels(init, server, app_logger):
    init()
    for level in (logging.DEBUG, 15, logging.INFO, 25, logging.WARNING, logging.ERROR,
                  logging.CRITICAL, 60):
        app_logger.log(level, "level %d", level)
    seyir.flush(5)
    assert [log["level"] for log in server.delivered] == [
        "DEBUG", "DEBUG", "INFO", "INFO", "WARNING", "ERROR", "CRITICAL", "CRITICAL"]


def test_exception_info_is_sent_as_a_structured_exception(init, server, app_logger):
    init()
    try:
        {}["missing"]
    except KeyError:
        app_logger.exception("lookup failed")
    seyir.flush(5)
    log = only(server.delivered)
    assert log["level"] == "ERROR"
    assert log["exception"]["type"] == "KeyError"
    assert log["exception"]["mechanism"] == {"type": "logging", "handled": True}
    assert log["exception"]["frames"][-1]["context_line"].strip() == '{}["missing"]'


def test_the_sdks_own_logger_is_ignored(init, server):
    init()
    handler = seyir.SeyirHandler()
    own = logging.getLogger("seyir")
    child = logging.getLogger("seyir.something")
    lookalike = logging.getLogger("seyirapp")
    for logger in (own, child, lookalike):
        logger.addHandler(handler)
    try:
        own.warning("internal")
        child.warning("internal child")
        lookalike.warning("the app's own")
        seyir.flush(5)
    finally:
        for logger in (own, child, lookalike):
            logger.removeHandler(handler)
    assert [log["message"] for log in server.delivered] == ["the app's own"]


def test_a_record_reaching_two_handlers_is_sent_once(init, server):
    init(install_handler=True, level="INFO")
    logger = logging.getLogger("app.twice")
    handler = seyir.SeyirHandler()
    logger.addHandler(handler)
    try:
        logger.error("once please")
        seyir.flush(5)
    finally:
        logger.removeHandler(handler)
    assert [log["message"] for log in server.delivered] == ["once please"]


def test_non_plain_arguments_are_formatted_on_the_callers_thread(init, server, app_logger):
    class Changing:
        value = "at log time"

        def __str__(self) -> str:
            return self.value

    init(flush_interval=0.5)
    obj = Changing()
    app_logger.info("value: %s", obj)
    obj.value = "later"
    seyir.flush(5)
    assert only(server.delivered)["message"] == "value: at log time"


def test_extra_objects_are_captured_as_their_repr_at_log_time(init, server, app_logger):
    class Order:
        def __init__(self) -> None:
            self.state = "new"

        def __repr__(self) -> str:
            return f"<Order {self.state}>"

    init(flush_interval=0.5)
    order = Order()
    app_logger.info("order", extra={"order": order, "items": [1, 2.5, None]})
    order.state = "paid"
    seyir.flush(5)
    meta = only(server.delivered)["metadata"]
    assert meta["order"] == "<Order new>"
    assert meta["items"] == [1, 2.5, None]


def test_extra_fields_are_found_whatever_the_record_factory_did(init, server, app_logger):
    # The handler looks for extra= fields past the attributes LogRecord sets; a factory that
    # adds its own attribute, or removes a standard one, must not hide or invent any.
    default_factory = logging.getLogRecordFactory()

    def adding(*args, **kwargs):
        record = default_factory(*args, **kwargs)
        record.service = "billing"
        return record

    def removing(*args, **kwargs):
        record = default_factory(*args, **kwargs)
        del record.processName, record.relativeCreated
        return record

    init(flush_interval=0.5)
    try:
        for name, factory in (("adding", adding), ("removing", removing)):
            logging.setLogRecordFactory(factory)
            app_logger.info(name, extra={"order_id": 7, "_private": 1})
    finally:
        logging.setLogRecordFactory(default_factory)
    assert seyir.flush(5)
    metas = {log["message"]: log["metadata"] for log in server.delivered}
    assert metas["adding"]["service"] == "billing"
    for meta in metas.values():
        assert meta["order_id"] == 7
        assert not {"_private", "processName", "relativeCreated", "msg"} & meta.keys()


def test_a_broken_format_string_still_sends_something(init, server):
    init()
    record = logging.LogRecord("app.broken", logging.INFO, __file__, 1, "%d items",
                               ("not a number",), None)
    seyir.SeyirHandler().handle(record)
    seyir.flush(5)
    assert "items" in only(server.delivered)["message"]


def test_works_from_dict_config_and_can_configure_the_client(server):
    logging.config.dictConfig({
        "version": 1,
        "disable_existing_loggers": False,
        "handlers": {
            "seyir": {
                "class": "seyir.SeyirHandler",
                "level": "INFO",
                **client_options(server),
            },
        },
        "loggers": {"app.dictconfig": {"handlers": ["seyir"], "level": "DEBUG",
                                       "propagate": False}},
    })
    try:
        logger = logging.getLogger("app.dictconfig")
        logger.debug("below the handler level")
        logger.info("from dictConfig")
        assert seyir.flush(5)
        assert [log["message"] for log in server.delivered] == ["from dictConfig"]
        assert server.attempts[0].headers["X-Seyir-Key"] == API_KEY
    finally:
        _client.shutdown(timeout=1)
        logging.getLogger("app.dictconfig").handlers.clear()


def test_closing_or_flushing_the_handler_never_blocks_nor_stops_the_client(
        init, server, app_logger):
    server.script.append("hang:2")
    init(timeout=5)
    handler = app_logger.handlers[0]
    app_logger.info("before close")
    time.sleep(0.1)  # the first batch is now stuck in the hanging request
    start = time.monotonic()
    handler.flush()
    handler.close()
    logging.shutdown([])  # what the interpreter's exit hook and dictConfig do
    assert time.monotonic() - start < 0.5  # not the 2 s of the hang
    app_logger.info("after close")
    assert seyir.flush(8)
    assert sorted(log["message"] for log in server.delivered) == ["after close", "before close"]


def test_sample_rate_zero_sends_nothing_and_one_sends_everything(init, server, app_logger):
    init(sample_rate=0.0)
    for _ in range(20):
        app_logger.info("sampled out")
    seyir.capture_message("sampled out too")
    seyir.flush(1)
    assert server.delivered == []
    init(sample_rate=1.0)
    for _ in range(20):
        app_logger.info("kept")
    seyir.flush(5)
    assert len(server.delivered) == 20


def test_init_attaches_one_root_handler_at_the_given_level(init, server):
    init(install_handler=True, level="WARNING")
    init(install_handler=True, level="WARNING")
    root = logging.getLogger()
    assert sum(isinstance(h, seyir.SeyirHandler) for h in root.handlers) == 1
    logging.getLogger("app.root").info("too low")
    logging.getLogger("app.root").warning("sent")
    seyir.flush(5)
    assert [log["message"] for log in server.delivered] == ["sent"]


def test_logs_from_before_send_do_not_loop(init, server):
    calls = []

    def before_send(event):
        calls.append(event["message"])
        logging.getLogger("app.inside.before_send").warning("from before_send")
        return event

    init(install_handler=True, level="INFO", before_send=before_send)
    logging.getLogger("app.outer").warning("outer")
    seyir.flush(5)
    time.sleep(0.2)
    seyir.flush(5)
    assert calls == ["outer"]
