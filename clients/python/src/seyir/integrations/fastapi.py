"""FastAPI/Starlette integration: a pure ASGI middleware.

Setup::

    import seyir
    from fastapi import FastAPI
    from seyir.integrations.fastapi import SeyirMiddleware

    seyir.init(api_key="...", endpoint="https://seyir.example.com", environment="production")
    app = FastAPI()
    app.add_middleware(SeyirMiddleware)

Every log emitted while a request runs (including in sync endpoints, which Starlette runs in a
thread pool with the request's context) carries the request and its request id. An unhandled
exception is sent with a 500 response, then re-raised for Starlette's own error handling.
"""

from __future__ import annotations

import sys
from typing import Any, Dict, List, Optional, Tuple

try:
    from starlette.types import ASGIApp, Message, Receive, Send
    from starlette.types import Scope as ASGIScope
except ImportError as error:  # pragma: no cover - exercised by the DidNotEnable test
    from seyir.integrations import DidNotEnable

    raise DidNotEnable(
        "seyir.integrations.fastapi needs FastAPI or Starlette: pip install 'seyir[fastapi]'"
    ) from error

from seyir import _client
from seyir._scope import Scope, enter, leave
from seyir.integrations._common import (
    capture_request_exception,
    response_data,
    send_timing,
    start_scope,
)

__all__ = ["SeyirMiddleware"]


def _headers(raw: List[Tuple[bytes, bytes]]) -> Dict[str, str]:
    out: Dict[str, str] = {}
    for name_b, value_b in raw:
        name = name_b.decode("latin-1")
        value = value_b.decode("latin-1")
        out[name] = f"{out[name]}, {value}" if name in out else value
    return out


def _url(scope: ASGIScope, headers: Dict[str, str]) -> str:
    scheme = scope.get("scheme", "http")
    host = headers.get("host")
    if not host:
        server = scope.get("server")
        host = f"{server[0]}:{server[1]}" if server else "localhost"
    path = scope.get("root_path", "") + scope.get("path", "")
    query = scope.get("query_string", b"").decode("latin-1")
    return f"{scheme}://{host}{path}" + (f"?{query}" if query else "")


def _route_of(asgi_scope: ASGIScope) -> Optional[str]:
    route = asgi_scope.get("route")
    path = getattr(route, "path", None)
    return path if isinstance(path, str) else None


def _request_scope(asgi_scope: ASGIScope) -> Scope:
    headers = _headers(asgi_scope.get("headers") or [])
    client = asgi_scope.get("client")
    scope = start_scope(
        method=asgi_scope.get("method", ""),
        url=_url(asgi_scope, headers),
        query_string=asgi_scope.get("query_string", b"").decode("latin-1"),
        headers=headers,
        remote_addr=client[0] if client else None,
    )
    scope.route_resolver = lambda: _route_of(asgi_scope)
    return scope


class SeyirMiddleware:
    """ASGI middleware for FastAPI and Starlette (``app.add_middleware(SeyirMiddleware)``)."""

    def __init__(self, app: ASGIApp, **init_options: Any) -> None:
        self.app = app
        if init_options:
            _client.init(**init_options)

    async def __call__(self, scope: ASGIScope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "http":
            await self.app(scope, receive, send)
            return
        try:
            seyir_scope = _request_scope(scope)
        except Exception:
            seyir_scope = Scope()
        token = enter(seyir_scope)
        status: List[int] = []

        async def send_and_watch(message: Message) -> None:
            if message.get("type") == "http.response.start":
                status.append(int(message.get("status", 0)))
            await send(message)

        try:
            await self.app(scope, receive, send_and_watch)
        except Exception:
            self._capture(seyir_scope, status[0] if status else 500)
            raise
        finally:
            leave(token)
            send_timing(seyir_scope, status[0] if status else 500)

    @staticmethod
    def _capture(seyir_scope: Scope, status_code: int) -> None:
        try:
            exc_type, exc, tb = sys.exc_info()
            if exc_type is None or exc is None or _client.current is None:
                return
            if not _client.mark_captured(exc):
                return
            seyir_scope.route = _route_or_none(seyir_scope)
            capture_request_exception(seyir_scope, (exc_type, exc, tb), mechanism="starlette",
                                      response=response_data(seyir_scope, status_code))
        except Exception:
            pass


def _route_or_none(seyir_scope: Scope) -> Optional[str]:
    resolver = seyir_scope.route_resolver
    return resolver() if resolver is not None else None
