"""A small shop backend with several distinct failure sites (version 2: lines added, nothing that fails changed)."""

import json
import logging

log = logging.getLogger(__name__)

import fakelib

PRICES = {"apple": 3, "pear": 4}


class PaymentError(Exception):
    pass


def _unused_helper():
    """Added in version 2."""
    return None


def parse_quantity(text):
    """Turn user input into a number."""
    return int(text)


def lookup_price(sku):
    return PRICES[sku]


def average_rating(ratings):
    log.debug("rating")

    total = sum(ratings)
    return total / len(ratings)


def load_config(path):
    with open(path) as handle:
        return handle.read()


def charge(order_id, gateway):
    """Charge an order at the payment gateway."""
    log.info("charging")
    try:
        return fakelib.post(f"https://{gateway}.pay.example/orders/{order_id}", body={"id": order_id})
    except OSError as exc:
        raise PaymentError(f"charge failed for order {order_id}") from exc


def walk(node, depth):
    # walks down the left spine
    if depth == 0:
        raise LookupError(f"no leaf below node {node}")
    return walk(node * 2 + 1, depth - 1)


def parse_payload(text):
    return json.loads(text)


def fetch_user(user_id):
    return fakelib.get(f"https://api.example/users/{user_id}")


def fetch_order(order_id):
    return fakelib.get(f"https://api.example/orders/{order_id}")


def close_session(session_id):
    try:
        parse_quantity(session_id)
    except ValueError:
        raise RuntimeError(f"cannot close session {session_id}")


def validate_order(quantity):
    """Reject silly quantities."""

    if quantity < 0:
        raise ValueError(f"negative quantity {quantity}")
    if quantity > 100:
        raise ValueError(f"too many items: {quantity}")
    return quantity
