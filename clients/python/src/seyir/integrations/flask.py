"""Flask integration: request data on every log, unhandled exceptions with their 500 response.

Setup::

    from flask import Flask
    from seyir.integrations.flask import Seyir

    app = Flask(__name__)
    Seyir(app, api_key="...", endpoint="https://seyir.example.com", environment="production")

or, with an application factory, ``seyir_ext = Seyir()`` then ``seyir_ext.init_app(app)``
(call `seyir.init()` yourself, or pass the options to `Seyir()`).
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

try:
    from flask import Flask, g, request
    from flask.signals import got_request_exception
except ImportError as error:  # pragma: no cover - exercised by the DidNotEnable test
    from seyir.integrations import DidNotEnable

    raise DidNotEnable(
        "seyir.integrations.flask needs Flask: pip install 'seyir[flask]'"
    ) from error

from seyir import _client
from seyir._scope import Scope, enter, leave
from seyir.integrations._common import (
    capture_request_exception,
    response_data,
    send_timing,
    start_scope,
)

__all__ = ["Seyir"]

_G_ATTR = "_seyir_scope"


class Seyir:
    """Flask extension. ``Seyir(app, **options)``: options are `seyir.init()` arguments; when
    given, the client is (re)configured with them."""

    def __init__(self, app: Optional[Flask] = None, **init_options: Any) -> None:
        if init_options:
            _client.init(**init_options)
        if app is not None:
            self.init_app(app)

    def init_app(self, app: Flask) -> None:
        # First in line, so a failing before_request of the app still has a scope.
        app.before_request_funcs.setdefault(None, []).insert(0, _before_request)
        app.after_request(_after_request)
        app.teardown_request(_teardown_request)
        got_request_exception.connect(_on_exception, app, weak=False)
        app.extensions["seyir"] = self


def _current() -> Optional[Tuple[Scope, Any]]:
    value: Optional[Tuple[Scope, Any]] = g.get(_G_ATTR)
    return value


def _before_request() -> None:
    try:
        if _current() is not None:
            return
        rule = request.url_rule
        scope = start_scope(
            method=request.method,
            url=request.url,
            query_string=request.query_string.decode("latin-1"),
            headers=dict(request.headers),
            remote_addr=request.remote_addr,
            route=rule.rule if rule is not None else None,
        )
        setattr(g, _G_ATTR, (scope, enter(scope)))
    except Exception:
        pass


def _on_exception(sender: Any, exception: BaseException, **kwargs: Any) -> None:
    try:
        if _client.current is None or not _client.mark_captured(exception):
            return
        exc_info = (type(exception), exception, exception.__traceback__)
        current = _current()
        if current is None:
            capture_request_exception(None, exc_info, mechanism="flask")
        else:
            # Sent from after_request/teardown, once the 500 response is known.
            current[0].exc_info = exc_info
    except Exception:
        pass


def _send_pending(scope: Scope, status_code: int) -> None:
    pending, scope.exc_info = scope.exc_info, None
    data = response_data(scope, status_code) if pending is not None else None
    if pending is not None:
        capture_request_exception(scope, pending, mechanism="flask", response=data)
    send_timing(scope, status_code, data)


def _after_request(response: Any) -> Any:
    try:
        current = _current()
        if current is not None:
            _send_pending(current[0], int(response.status_code))
    except Exception:
        pass
    return response


def _teardown_request(exc: Optional[BaseException]) -> None:
    try:
        current = _current()
        if current is None:
            return
        scope, token = current
        _send_pending(scope, 500)
        g.pop(_G_ATTR, None)
        leave(token)
    except Exception:
        pass
