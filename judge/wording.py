"""Small wording helpers that messages at every layer share."""

from __future__ import annotations


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """'1 test', '2 tests', '0 tests'."""
    word = noun if count == 1 else (plural_form or f"{noun}s")
    return f"{count} {word}"
