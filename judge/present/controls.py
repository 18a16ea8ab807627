"""Text that came from a contestant, made safe to show in a terminal.

A program's output, its stderr, a checker's feedback, a compiler's message quoting the source:
any of it may hold control characters that a terminal obeys rather than shows (an escape
sequence that clears the screen, sets the window title, writes the clipboard with OSC 52, or
paints a green "verdict: AC"; a carriage return or backspaces that overwrite what a line
showed; the bidirectional overrides that reorder it). Each is shown as an escape instead
(\\x1b, \\r, \\u202e), as Python writes it; tab and newline stay what they are. The HTML pages
and reports escape for the browser on their own.
"""

from __future__ import annotations

import json
import re

# C0 controls but tab and newline; DEL; C1 controls (U+009B alone starts a sequence on some
# terminals); the Arabic letter mark, the directional marks, embeddings, overrides and isolates.
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
NAMED = {"\r": "\\r", "\b": "\\b", "\f": "\\f", "\v": "\\v", "\a": "\\a", "\0": "\\0"}


def shown(text: str) -> str:
    """`text` with every character a terminal would obey written as an escape."""
    return UNSAFE.sub(_escape, text)


def shown_bytes(data: bytes) -> bytes:
    """Bytes for a terminal (UTF-8): what is not UTF-8 as \\xNN, controls escaped."""
    return shown(data.decode("utf-8", errors="backslashreplace")).encode("utf-8")


def json_text(document: object) -> str:
    """`document` as indented JSON that a terminal shows as it is: json escapes C0 controls
    itself; DEL, C1 controls and direction overrides are written as \\u escapes too (the same
    strings to any JSON reader)."""
    text = json.dumps(document, indent=2, ensure_ascii=False)
    return UNSAFE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in NAMED:
        return NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
