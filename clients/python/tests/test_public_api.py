"""The public API is what `seyir.__all__` says; changing it is a deliberate act."""

import inspect

import pytest

import seyir
import seyir.integrations


def test_all_is_pinned():
    assert seyir.__all__ == [
        "SeyirHandler",
        "__version__",
        "capture_exception",
        "capture_message",
        "flush",
        "init",
        "set_user",
    ]
    assert seyir.integrations.__all__ == ["DidNotEnable"]
    for name in seyir.__all__:
        assert hasattr(seyir, name), name


def test_init_signature_accepts_the_documented_options():
    from seyir._options import Options

    documented = {"api_key", "endpoint", "environment", "release", "host", "level",
                  "sample_rate", "scrub", "before_send"}
    assert documented <= set(Options.__dataclass_fields__)


def test_capture_functions_take_the_documented_arguments():
    assert next(iter(inspect.signature(seyir.capture_exception).parameters)) == "exc"
    params = inspect.signature(seyir.capture_message).parameters
    assert list(params)[:2] == ["message", "level"]
    assert params["level"].default == "INFO"
    assert inspect.signature(seyir.flush).parameters["timeout"].default == 2.0


@pytest.mark.parametrize(("module", "blocked", "hint"), [
    ("seyir.integrations.django", "django", "seyir[django]"),
    ("seyir.integrations.flask", "flask", "seyir[flask]"),
    ("seyir.integrations.fastapi", "starlette", "seyir[fastapi]"),
])
def test_an_integration_without_its_framework_raises_did_not_enable(
        monkeypatch, module, blocked, hint):
    import sys

    for name in list(sys.modules):
        if name == blocked or name.startswith(blocked + ".") or name == module:
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, blocked, None)  # makes `import blocked` fail
    with pytest.raises(seyir.integrations.DidNotEnable, match=hint.replace("[", r"\[")):
        __import__(module)


def test_public_functions_never_raise_into_the_caller(monkeypatch):
    from seyir import _client

    def broken(*args, **kwargs):
        raise RuntimeError("internal bug")

    monkeypatch.setattr(_client, "resolve_options", broken)
    assert seyir.init(api_key="k", endpoint="http://127.0.0.1:9") is None
