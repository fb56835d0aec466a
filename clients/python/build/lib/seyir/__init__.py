"""Seyir: log and error monitoring for Python backends.

Quick start::

    import logging
    import seyir

    seyir.init(api_key="...", endpoint="https://seyir.example.com", environment="production")
    logging.getLogger(__name__).warning("disk almost full", extra={"free_mb": 120})

Every public function is guarded: a failure inside the SDK is swallowed (and logged to the
``seyir`` logger at DEBUG) rather than raised into the application.
"""

from seyir._client import capture_exception, capture_message, flush, init, set_user
from seyir._handler import SeyirHandler
from seyir._version import VERSION as __version__

__all__ = [
    "SeyirHandler",
    "__version__",
    "capture_exception",
    "capture_message",
    "flush",
    "init",
    "set_user",
]
