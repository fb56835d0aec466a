"""Removes secrets from a log before it leaves the process.

Two passes over every string and mapping of the parts of a log a user controls:
- by key: a mapping value whose key contains a denied word (case-insensitive, ignoring
  ``-``, ``_``, ``.`` and spaces, so ``X-Api-Key`` matches ``apikey``) becomes ``"[Filtered]"``;
  inside text, ``password=...`` / ``"token": "..."`` pairs get the same treatment;
- by value: card numbers that pass Luhn, Turkish national ID numbers (TC Kimlik No) that pass
  their checksum, IBANs that pass mod-97 and ``Bearer`` tokens are replaced inside any string.
Runs on the background thread only.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Iterable, Match

FILTERED = "[Filtered]"

#: Words (normalised: lower case, letters and digits only) that mark a key as secret.
DEFAULT_DENY_KEYS = (
    "password",
    "passwd",
    "secret",
    "token",
    "apikey",
    "authorization",
    "cookie",
    "csrf",
    "xsrf",
    "session",
    "credential",
    "privatekey",
    "accesskey",
    "signature",
    "seyirkey",
    "cardnumber",
    "creditcard",
    "cvv",
    "cvc",
    "tckimlik",
)

#: Metadata the SDK reads off a LogRecord: not user data, never scrubbed.
SDK_METADATA_KEYS = frozenset(
    ("logger", "module", "funcName", "lineno", "pathname", "threadName", "process",
     "dropped_logs"))

_NON_ALNUM = re.compile(r"[^a-z0-9]+")

# One pass finds every candidate number (IBAN, or 11-19 digits with single spaces/dashes); the
# callback keeps only those that pass their checksum. Written for speed: this runs on every
# string of every log.
_NUMBERS = re.compile(r"\b(?:[A-Z]{2}[0-9]{2}(?:[ ]?[A-Z0-9]){11,30}|\d(?:[ -]?\d){10,18})\b")
_BEARER = re.compile(r"\b[Bb]earer[ \t]+[A-Za-z0-9\-._~+/]+=*")

# ``key=value``, ``key: value``, ``"key": "value"`` inside free text (messages, query strings,
# the Django technical 500 text). Only the key and separator are consumed while searching, so
# ``url=http://x/?token=abc`` still finds ``token``.
_PAIR_KEY = re.compile(r"""(?P<key>[A-Za-z_][\w.\-]{0,63})["']?[ \t]*[:=][ \t]*""")
_PAIR_VALUE = re.compile(r""""[^"\n]*"|'[^'\n]*'|[^\s&;,"']+""")


def _normalise(key: str) -> str:
    return _NON_ALNUM.sub("", key.lower())


def luhn_ok(digits: str) -> bool:
    """True when `digits` passes the Luhn check (payment card numbers)."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def tckn_ok(digits: str) -> bool:
    """True when `digits` is a valid TC Kimlik No (11 digits, two check digits)."""
    if len(digits) != 11 or digits[0] == "0" or not digits.isdigit():
        return False
    d = [ord(c) - 48 for c in digits]
    odd = d[0] + d[2] + d[4] + d[6] + d[8]
    even = d[1] + d[3] + d[5] + d[7]
    if (odd * 7 - even) % 10 != d[9]:
        return False
    return sum(d[:10]) % 10 == d[10]


def iban_ok(candidate: str) -> bool:
    """True when `candidate` (spaces allowed) is an IBAN passing the mod-97 check."""
    iban = candidate.replace(" ", "")
    if not 15 <= len(iban) <= 34:
        return False
    rearranged = iban[4:] + iban[:4]
    number = "".join(str(int(ch, 36)) for ch in rearranged)
    return int(number) % 97 == 1


def _replace_number(match: Match[str]) -> str:
    text = match.group(0)
    if text[0].isdigit():
        if len(text) == 11 and text.isdigit():
            return FILTERED if tckn_ok(text) else text
        digits = text.replace(" ", "").replace("-", "")
        return FILTERED if 13 <= len(digits) <= 19 and luhn_ok(digits) else text
    # IBAN: the pattern may have swallowed a following upper-case word; drop trailing groups.
    candidate = text
    while True:
        if iban_ok(candidate):
            return FILTERED + text[len(candidate):]
        cut = candidate.rfind(" ")
        if cut <= 4:
            return text
        candidate = candidate[:cut]


class Scrubber:
    """Scrubs events in place of a copy; see the module doc for what it filters."""

    def __init__(self, deny_keys: Iterable[str] = (), allow_keys: Iterable[str] = ()) -> None:
        self._deny = tuple(
            dict.fromkeys(
                [*DEFAULT_DENY_KEYS, *(_normalise(k) for k in deny_keys if _normalise(k))]
            )
        )
        self._allow = frozenset(_normalise(k) for k in allow_keys)
        self._key_cache: Dict[str, bool] = {}

    def is_denied_key(self, key: str) -> bool:
        """True when a mapping key names a secret (substring match, case-insensitive)."""
        cached = self._key_cache.get(key)
        if cached is not None:
            return cached
        norm = _normalise(key)
        denied = norm not in self._allow and any(word in norm for word in self._deny)
        if len(self._key_cache) > 4096:
            self._key_cache.clear()
        self._key_cache[key] = denied
        return denied

    def scrub_text(self, text: str) -> str:
        """Replaces secret values and ``secret_key=value`` pairs inside a string."""
        if len(text) < 8:
            return text
        if "earer" in text:
            text = _BEARER.sub(FILTERED, text)
        text = _NUMBERS.sub(_replace_number, text)
        if "=" in text or ":" in text:
            text = self._scrub_pairs(text)
        return text

    def _scrub_pairs(self, text: str) -> str:
        pieces = []
        last = 0
        for match in _PAIR_KEY.finditer(text):
            if match.start() < last or not self.is_denied_key(match.group("key")):
                continue
            value = _PAIR_VALUE.match(text, match.end())
            if value is None:
                continue
            quote = value.group(0)[0] if value.group(0)[:1] in ('"', "'") else ""
            pieces.append(text[last:match.end()])
            pieces.append(f"{quote}{FILTERED}{quote}")
            last = value.end()
        if not pieces:
            return text
        pieces.append(text[last:])
        return "".join(pieces)

    def scrub(self, value: Any, depth: int = 0) -> Any:
        """Returns a scrubbed copy of a JSON-like value (dicts, lists, strings)."""
        kind = type(value)
        if kind is str:
            return self.scrub_text(value)
        if kind is dict or isinstance(value, dict):
            if depth > 32:
                return FILTERED
            out: Dict[Any, Any] = {}
            for key, item in value.items():
                if type(key) is str and item is not None and item != "" \
                        and self.is_denied_key(key):
                    out[key] = FILTERED
                else:
                    out[key] = self.scrub(item, depth + 1)
            return out
        if kind is list or kind is tuple:
            if depth > 32:
                return FILTERED
            return [self.scrub(item, depth + 1) for item in value]
        if isinstance(value, str):
            return self.scrub_text(value)
        return value

    def scrub_event(self, event: Dict[str, Any]) -> Dict[str, Any]:
        """Scrubs the parts of a log that can carry user data, in place. The metadata the SDK
        itself reads off a LogRecord (module, line, thread, ...) is left alone."""
        message = event.get("message")
        if type(message) is str:
            event["message"] = self.scrub_text(message)
        metadata = event.get("metadata")
        if type(metadata) is dict:
            for key, item in list(metadata.items()):
                if key in SDK_METADATA_KEYS:
                    continue
                if item is not None and item != "" and self.is_denied_key(key):
                    metadata[key] = FILTERED
                else:
                    metadata[key] = self.scrub(item, 1)
        for key in ("tags", "context", "exception", "request", "response", "fingerprint"):
            item = event.get(key)
            if item is not None:
                event[key] = self.scrub(item)
        return event
