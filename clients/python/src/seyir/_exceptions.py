"""Turns a Python exception into the `exception` object the server validates and fingerprints.

Shape (packages/domain/src/log/exception.ts): ``{type, value, module, traceback, frames,
mechanism, cause, cause_relation}``; frames oldest call first, at most 250 per exception (the
innermost are kept); the chain follows ``__cause__`` ("cause") else ``__context__`` unless
``__suppress_context__`` ("context"), at most 10 exceptions deep.
"""

from __future__ import annotations

import linecache
import os
import sys
import sysconfig
import traceback
from types import TracebackType
from typing import Any, Dict, List, Optional, Tuple, Type

MAX_FRAMES = 250
MAX_CHAIN_DEPTH = 10
MAX_VALUE_CHARS = 8 * 1024
MAX_TRACEBACK_CHARS = 64 * 1024
CONTEXT_LINES = 5
_MAX_LINE = 2048

ExcInfo = Tuple[Type[BaseException], BaseException, Optional[TracebackType]]

_SEYIR_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _stdlib_dirs() -> Tuple[str, ...]:
    dirs = set()
    for name in ("stdlib", "platstdlib"):
        try:
            path = sysconfig.get_paths()[name]
        except (KeyError, ValueError):
            continue
        dirs.add(os.path.realpath(path) + os.sep)
        dirs.add(os.path.abspath(path) + os.sep)
    return tuple(dirs)


_STDLIB_DIRS = _stdlib_dirs()
_in_app_cache: Dict[str, bool] = {}


def is_in_app(abs_path: str, module: Optional[str]) -> bool:
    """False for the standard library, site-packages/dist-packages and seyir itself."""
    if module is not None and (module == "seyir" or module.startswith("seyir.")):
        return False
    cached = _in_app_cache.get(abs_path)
    if cached is not None:
        return cached
    if abs_path.startswith("<"):
        result = not abs_path.startswith("<frozen")
    else:
        parts = abs_path.replace("\\", "/").split("/")
        result = not (
            "site-packages" in parts
            or "dist-packages" in parts
            or abs_path.startswith(_SEYIR_DIR)
            or abs_path.startswith(_STDLIB_DIRS)
        )
    if len(_in_app_cache) > 4096:
        _in_app_cache.clear()
    _in_app_cache[abs_path] = result
    return result


def utf16_len(text: str) -> int:
    """Length as JavaScript (and the server's validation) counts it: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def _cap(text: str, limit: int = _MAX_LINE) -> str:
    """`text` within `limit` UTF-16 code units, marked with "…" when cut."""
    if len(text) * 2 <= limit or utf16_len(text) <= limit:
        return text
    cut = limit - 1
    while utf16_len(text[:cut]) > limit - 1:
        # Each astral character (emoji, ...) takes two units: cut more.
        cut -= max(1, (utf16_len(text[:cut]) - (limit - 1)) // 2)
    return text[:cut] + "…"


def _cap_tail(text: str, limit: int, marker: str = "…[truncated]\n") -> str:
    """The end of `text` within `limit` UTF-16 code units, `marker` first when cut."""
    if len(text) * 2 <= limit or utf16_len(text) <= limit:
        return text
    keep = limit - len(marker)
    while utf16_len(text[-keep:]) > limit - len(marker):
        keep -= max(1, (utf16_len(text[-keep:]) - (limit - len(marker))) // 2)
    return marker + text[-keep:]


def _relative_filename(abs_path: str, module: Optional[str]) -> str:
    """``pkg/sub/mod.py`` for module ``pkg.sub.mod``, else the base name."""
    if abs_path.startswith("<"):
        return abs_path
    if module and module != "__main__":
        tail = module.replace(".", os.sep)
        stem, ext = os.path.splitext(abs_path)
        if stem.endswith(os.sep + tail):
            return tail.replace(os.sep, "/") + ext
        if stem.endswith(os.sep + tail + os.sep + "__init__"):
            return (tail + os.sep + "__init__").replace(os.sep, "/") + ext
    return os.path.basename(abs_path)


def frame_data(frame: Any, lineno: Optional[int]) -> Dict[str, Any]:
    """One frame in the server's shape, with up to 5 lines of source either side."""
    code = frame.f_code
    filename = code.co_filename or "<unknown>"
    f_globals = frame.f_globals
    module = f_globals.get("__name__") if isinstance(f_globals, dict) else None
    if not isinstance(module, str):
        module = None
    abs_path = filename if filename.startswith("<") else os.path.abspath(filename)
    data: Dict[str, Any] = {
        "filename": _cap(_relative_filename(abs_path, module), 1024),
        "abs_path": _cap(abs_path, 2048),
        "function": _cap(getattr(code, "co_qualname", None) or code.co_name or "<unknown>", 512),
        "in_app": is_in_app(abs_path, module),
    }
    if module:
        data["module"] = _cap(module, 512)
    if lineno is not None and lineno >= 0:
        data["lineno"] = lineno
        try:
            lines = linecache.getlines(filename, f_globals)
        except Exception:
            lines = []
        if 0 < lineno <= len(lines):
            idx = lineno - 1
            data["pre_context"] = [
                _cap(line.rstrip("\r\n")) for line in lines[max(0, idx - CONTEXT_LINES) : idx]
            ]
            data["context_line"] = _cap(lines[idx].rstrip("\r\n"))
            data["post_context"] = [
                _cap(line.rstrip("\r\n")) for line in lines[idx + 1 : idx + 1 + CONTEXT_LINES]
            ]
    return data


def _frames(tb: Optional[TracebackType]) -> List[Dict[str, Any]]:
    walked = list(traceback.walk_tb(tb))
    if len(walked) > MAX_FRAMES:
        walked = walked[-MAX_FRAMES:]
    return [frame_data(frame, lineno) for frame, lineno in walked]


def _safe_str(exc: BaseException) -> str:
    try:
        return str(exc)
    except Exception:
        return f"<unprintable {type(exc).__name__} object>"


def _one(exc_type: Type[BaseException], exc: BaseException,
         tb: Optional[TracebackType]) -> Dict[str, Any]:
    value = _safe_str(exc)
    data: Dict[str, Any] = {
        "type": _cap(getattr(exc_type, "__qualname__", None) or exc_type.__name__, 512),
        "value": _cap(value, MAX_VALUE_CHARS),
        "frames": _frames(tb),
    }
    module = getattr(exc_type, "__module__", None)
    if isinstance(module, str):
        data["module"] = _cap(module, 512)
    return data


def format_traceback(exc_type: Type[BaseException], exc: BaseException,
                     tb: Optional[TracebackType]) -> str:
    """The stdlib-formatted traceback (chain included), keeping the end when too long."""
    try:
        text = "".join(traceback.format_exception(exc_type, exc, tb))
    except Exception:
        text = f"{exc_type.__name__}: {_safe_str(exc)}\n"
    return _cap_tail(text, MAX_TRACEBACK_CHARS)


def exception_data(exc_type: Type[BaseException], exc: BaseException,
                   tb: Optional[TracebackType], *, handled: bool,
                   mechanism: str) -> Dict[str, Any]:
    """The full `exception` object for one raised exception, chain included."""
    root = _one(exc_type, exc, tb)
    root["traceback"] = format_traceback(exc_type, exc, tb)
    root["mechanism"] = {"type": mechanism, "handled": handled}
    seen = {id(exc)}
    node, current = root, exc
    for _ in range(MAX_CHAIN_DEPTH - 1):
        if current.__cause__ is not None:
            nxt, relation = current.__cause__, "cause"
        elif current.__context__ is not None and not current.__suppress_context__:
            nxt, relation = current.__context__, "context"
        else:
            break
        if id(nxt) in seen:
            break
        seen.add(id(nxt))
        child = _one(type(nxt), nxt, nxt.__traceback__)
        node["cause"] = child
        node["cause_relation"] = relation
        node, current = child, nxt
    return root


def current_exc_info() -> Optional[ExcInfo]:
    """`sys.exc_info()` when an exception is being handled, else None."""
    exc_type, exc, tb = sys.exc_info()
    if exc_type is None or exc is None:
        return None
    return exc_type, exc, tb
