"""Framework integrations, one module each: `seyir.integrations.django`, `.flask`, `.fastapi`.

Importing a module whose framework is not installed raises `DidNotEnable` with the pip command
that fixes it.
"""

__all__ = ["DidNotEnable"]


class DidNotEnable(ImportError):
    """The framework an integration needs is not installed (or too old)."""
