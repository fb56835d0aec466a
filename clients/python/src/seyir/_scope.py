"""Per-request (or per-task) data shared by every log emitted inside it, kept in a ContextVar."""

from __future__ import annotations

import re
import uuid
from contextvars import ContextVar, Token
from typing import Any, Callable, Dict, Optional

_REQUEST_ID_OK = re.compile(r"^[A-Za-z0-9._:\-]{1,128}$")


class Scope:
    """What the integrations know about the current request.

    Written by the request's own thread/task, read by the background thread when it builds a
    log, so fields are only ever replaced, never mutated in place after the log is queued.
    """

    __slots__ = ("exc_info", "request", "request_id", "route", "route_resolver", "started",
                 "timed", "user")

    def __init__(self, request_id: Optional[str] = None,
                 request: Optional[Dict[str, Any]] = None) -> None:
        self.request_id = request_id
        self.request = request
        self.route: Optional[str] = None
        self.route_resolver: Optional[Callable[[], Optional[str]]] = None
        self.user: Optional[Dict[str, Any]] = None
        self.started = 0.0
        # Set once the request's timing record is queued (it is sent once).
        self.timed = False
        # An unhandled exception seen by a framework hook, sent once the response is known.
        self.exc_info: Optional[Any] = None

    def resolved_route(self) -> Optional[str]:
        route = self.route
        if route is None and self.route_resolver is not None:
            try:
                route = self.route_resolver()
            except Exception:
                route = None
        return route

    def request_data(self) -> Optional[Dict[str, Any]]:
        """The `request` object of a log, with the route resolved if it is known by now."""
        if self.request is None:
            return None
        data = dict(self.request)
        route = self.resolved_route()
        if route:
            data["route"] = route
        return data


current_scope: ContextVar[Optional[Scope]] = ContextVar("seyir_scope", default=None)


def new_request_id(incoming: Optional[str] = None) -> str:
    """Reuses a sane incoming ``X-Request-ID``, else a fresh random id."""
    if incoming and _REQUEST_ID_OK.match(incoming):
        return incoming
    return uuid.uuid4().hex


def enter(scope: Scope) -> Token[Optional[Scope]]:
    return current_scope.set(scope)


def leave(token: Token[Optional[Scope]]) -> None:
    try:
        current_scope.reset(token)
    except ValueError:
        # Reset from another context (some servers finish requests elsewhere): clear instead.
        current_scope.set(None)
