"""Django integration: request data on every log, unhandled exceptions with Django's
technical 500 text.

Setup (settings.py)::

    import seyir
    seyir.init(api_key="...", endpoint="https://seyir.example.com", environment="production")

    MIDDLEWARE = ["seyir.integrations.django.SeyirMiddleware", *MIDDLEWARE]

`SeyirMiddleware` works in WSGI and ASGI deployments. Unhandled exceptions are caught through
Django's ``got_request_exception`` signal and sent once the 500 response exists, with
``response.error_details.django_traceback`` set to the text of Django's technical 500 page
(the same text ``DEBUG=True`` shows, with Django's own settings filtering).
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Dict, Optional

try:
    from django.core.signals import got_request_exception
except ImportError as error:  # pragma: no cover - exercised by the DidNotEnable test
    from seyir.integrations import DidNotEnable

    raise DidNotEnable(
        "seyir.integrations.django needs Django: pip install 'seyir[django]'"
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

try:
    from asgiref.sync import iscoroutinefunction, markcoroutinefunction
except ImportError:  # pragma: no cover - asgiref < 3.6 (Django < 4.1)
    import asyncio

    def iscoroutinefunction(func: Any) -> bool:  # type: ignore[misc]
        return asyncio.iscoroutinefunction(func)

    def markcoroutinefunction(func: Any) -> Any:
        func._is_coroutine = asyncio.coroutines._is_coroutine  # type: ignore[attr-defined]
        return func


_SCOPE_ATTR = "_seyir_scope"


def _request_scope(request: Any) -> Scope:
    headers = dict(request.headers)
    try:
        url = request.build_absolute_uri()
    except Exception:
        # e.g. DisallowedHost: the request is still worth reporting.
        url = request.get_full_path()
    return start_scope(
        method=request.method or "",
        url=url,
        query_string=request.META.get("QUERY_STRING", ""),
        headers=headers,
        remote_addr=request.META.get("REMOTE_ADDR"),
    )


def _user_data(request: Any, *, load: bool) -> Optional[Dict[str, Any]]:
    """The authenticated user; with `load` False only if Django already loaded it."""
    try:
        if not load and not hasattr(request, "_cached_user"):
            return None
        user = getattr(request, "user", None)
        if user is None or not getattr(user, "is_authenticated", False):
            return None
        pk = getattr(user, "pk", None)
        data: Dict[str, Any] = {
            "id": pk if isinstance(pk, (int, str)) or pk is None else str(pk),
            "username": user.get_username() if hasattr(user, "get_username") else str(user),
        }
        email = getattr(user, "email", None)
        if email:
            data["email"] = str(email)
        scope = getattr(request, _SCOPE_ATTR, None)
        if scope is not None and scope.request:
            data["ip_address"] = scope.request.get("client_ip")
        return data
    except Exception:
        return None


def _technical_500_text(request: Any, exc_info: Any) -> Optional[str]:
    """Django's technical 500 page as text, with Django's own filtering of settings."""
    try:
        from django.views import debug

        reporter_class: Any = getattr(debug, "get_exception_reporter_class", None)
        reporter_class = reporter_class(request) if reporter_class else debug.ExceptionReporter
    except Exception:
        return None
    try:
        text: str = reporter_class(request, *exc_info).get_traceback_text()
        return text
    except Exception:
        return None


def _on_got_request_exception(sender: Any, request: Any = None, **kwargs: Any) -> None:
    """Django's signal for an unhandled view/middleware exception (before the 500 exists)."""
    try:
        exc_type, exc, tb = sys.exc_info()
        if exc_type is None or exc is None or _client.current is None:
            return
        if not _client.mark_captured(exc):
            return
        exc_info = (exc_type, exc, tb)
        scope = getattr(request, _SCOPE_ATTR, None) if request is not None else None
        technical = _technical_500_text(request, exc_info) if request is not None else None
        user = _user_data(request, load=True) if request is not None else None
        if scope is not None:
            if user:
                scope.user = user
            # Sent by the middleware when the response is known (status, duration).
            scope.exc_info = (exc_info, technical)
            return
        response = {"error_details": {"django_traceback": technical}} if technical else None
        capture_request_exception(None, exc_info, mechanism="django", response=response)
    except Exception:
        pass


def _connect_signal() -> None:
    got_request_exception.connect(
        _on_got_request_exception, weak=False, dispatch_uid="seyir.integrations.django")


class SeyirMiddleware:
    """Put it first in ``MIDDLEWARE`` so it sees every request and every exception."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[Any], Any]) -> None:
        self.get_response = get_response
        self._async = iscoroutinefunction(get_response)
        if self._async:
            markcoroutinefunction(self)
        _connect_signal()

    def __call__(self, request: Any) -> Any:
        if self._async:
            return self._acall(request)
        scope, token = self._begin(request)
        try:
            response = self.get_response(request)
        except Exception:
            self._capture_raised(scope, request)
            raise
        finally:
            leave(token)
        self._end(scope, request, response)
        return response

    async def _acall(self, request: Any) -> Any:
        scope, token = self._begin(request)
        try:
            response = await self.get_response(request)
        except Exception:
            self._capture_raised(scope, request)
            raise
        finally:
            leave(token)
        self._end(scope, request, response)
        return response

    def process_view(self, request: Any, view_func: Any, view_args: Any,
                     view_kwargs: Any) -> None:
        scope = getattr(request, _SCOPE_ATTR, None)
        match = getattr(request, "resolver_match", None)
        if scope is not None and match is not None:
            route = getattr(match, "route", None)
            scope.route = "/" + route.lstrip("^").lstrip("/") if route else match.view_name

    @staticmethod
    def _begin(request: Any) -> Any:
        try:
            scope = _request_scope(request)
        except Exception:
            scope = Scope()
        try:
            setattr(request, _SCOPE_ATTR, scope)
        except Exception:
            pass
        return scope, enter(scope)

    @staticmethod
    def _end(scope: Scope, request: Any, response: Any) -> None:
        try:
            if scope.user is None:
                scope.user = _user_data(request, load=False)
            status = int(getattr(response, "status_code", 500))
            pending, scope.exc_info = scope.exc_info, None
            if pending is None:
                send_timing(scope, status)
                return
            exc_info, technical = pending
            data = response_data(scope, int(getattr(response, "status_code", 500)),
                                 getattr(response, "reason_phrase", None))
            if technical:
                data["error_details"] = {"django_traceback": technical}
            capture_request_exception(scope, exc_info, mechanism="django", response=data)
            send_timing(scope, status, data)
        except Exception:
            pass

    @staticmethod
    def _capture_raised(scope: Scope, request: Any) -> None:
        """An exception escaped Django's own handling (e.g. DEBUG_PROPAGATE_EXCEPTIONS)."""
        try:
            exc_type, exc, tb = sys.exc_info()
            if exc_type is None or exc is None:
                return
            send_timing(scope, 500)
            pending, scope.exc_info = scope.exc_info, None
            if pending is not None:
                exc_info, technical = pending
            else:
                if not _client.mark_captured(exc):
                    return
                exc_info, technical = (exc_type, exc, tb), _technical_500_text(
                    request, (exc_type, exc, tb))
            data = response_data(scope, 500)
            if technical:
                data["error_details"] = {"django_traceback": technical}
            capture_request_exception(scope, exc_info, mechanism="django", response=data)
        except Exception:
            pass
