"""Run the failure sites of one version of shop.py and print each exception as a JSON line.

Usage: python3 collect.py VERSION_DIR

Each line: {"label": site, "version": dir name, "exception": <the Python client's exception
shape, built with the traceback module>, "traceback": <the formatted traceback text>}.
The label names the failure site (and, for chained errors, the cause): exceptions with the
same label must share a group, different labels must not.
"""

import json
import linecache
import os
import sys
import sysconfig
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "site-packages"))
sys.path.insert(0, os.path.abspath(sys.argv[1]))
sys.setrecursionlimit(200)

import shop  # noqa: E402  (imported from the version directory given on the command line)

LIBRARY_DIRS = {os.path.realpath(p) for p in (sysconfig.get_paths()["stdlib"], os.path.join(HERE, "site-packages"))}

CASES = [
    ("parse_quantity", shop.parse_quantity, [("abc",), ("12x",), ("",), ("7.5",), ("ten",)]),
    ("lookup_price", shop.lookup_price, [("plum",), ("kiwi",), ("sku-991",), ("",)]),
    ("average_rating", shop.average_rating, [([],), ((),)]),
    ("load_config", shop.load_config, [("/nonexistent/app.toml",), ("/tmp/missing-77.ini",), ("settings-3.yaml",)]),
    ("charge<-timeout", shop.charge, [(1001, "timeout"), (2002, "timeout-eu"), (3, "timeout")]),
    ("charge<-refused", shop.charge, [(1001, "refused"), (42, "refused-us"), (9, "refused")]),
    ("walk", shop.walk, [(1, 3), (5, 17), (2, 40), (9, 120)]),
    ("parse_payload", shop.parse_payload, [("{",), ("[1, 2",), ('{"a": 1} trailing',), ("nul",)]),
    ("fetch_user", shop.fetch_user, [(1,), (2345,), ("ayse",), (77777777,)]),
    ("fetch_order", shop.fetch_order, [(1,), (98,), ("X-17",)]),
    ("close_session", shop.close_session, [("s-1",), ("abc",), ("",)]),
    ("validate_order<-negative", shop.validate_order, [(-1,), (-50,), (-3,)]),
    ("validate_order<-too_many", shop.validate_order, [(101,), (5000,), (999,)]),
]


def is_in_app(path):
    real = os.path.realpath(path)
    return not any(real.startswith(d + os.sep) for d in LIBRARY_DIRS) and not path.startswith("<")


def frames_of(exc):
    frames = []
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        path = frame.f_code.co_filename
        frames.append(
            {
                "filename": os.path.relpath(path, HERE) if path.startswith(HERE) else path,
                "abs_path": path,
                "module": frame.f_globals.get("__name__"),
                "function": frame.f_code.co_name,
                "lineno": lineno,
                "context_line": linecache.getline(path, lineno).strip(),
                "in_app": is_in_app(path),
            }
        )
    return frames


def exception_info(exc, depth=0):
    info = {
        "type": type(exc).__name__,
        "value": str(exc),
        "module": type(exc).__module__,
        "frames": frames_of(exc),
    }
    if depth < 10:
        if exc.__cause__ is not None:
            info["cause"] = exception_info(exc.__cause__, depth + 1)
            info["cause_relation"] = "cause"
        elif exc.__context__ is not None and not exc.__suppress_context__:
            info["cause"] = exception_info(exc.__context__, depth + 1)
            info["cause_relation"] = "context"
    return info


def main():
    version = os.path.basename(os.path.normpath(sys.argv[1]))
    for label, function, inputs in CASES:
        for args in inputs:
            try:
                function(*args)
            except Exception as exc:  # every case is meant to fail
                print(
                    json.dumps(
                        {
                            "label": label,
                            "version": version,
                            "exception": exception_info(exc),
                            "traceback": "".join(traceback.format_exception(exc)),
                        }
                    )
                )
            else:
                raise SystemExit(f"case {label}{args!r} did not fail")


if __name__ == "__main__":
    main()
