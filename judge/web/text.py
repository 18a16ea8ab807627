"""Small text helpers shared by the templates and the page builders."""

from __future__ import annotations

import base64

HINT_PREFIX = "hint: "


def base64_of(data: bytes) -> str:
    """Copy buttons carry their bytes as base64: attribute values lose carriage returns."""
    return base64.b64encode(data).decode("ascii")


def split_hints(details: str) -> tuple[str, tuple[str, ...]]:
    """An explanation's context lines, and its hints (lines 'hint: ...') apart from them."""
    body, hints = [], []
    for line in details.splitlines():
        if line.startswith(HINT_PREFIX):
            hints.append(line[len(HINT_PREFIX) :])
        else:
            body.append(line)
    return "\n".join(body).rstrip(), tuple(hints)


def capped(text: str, limit: int) -> tuple[str, bool]:
    """The last `limit` characters of a long text (where errors end up), and whether it was cut."""
    if len(text) <= limit:
        return text, False
    return text[-limit:], True
