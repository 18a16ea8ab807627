"""An output's tokens as the checkers read them: separated by ASCII whitespace (space, tab,
newline, carriage return, vertical tab, form feed) alone, as in C's scanf, Kattis's format and
every answer a problem setter writes. Python's own split() and strip() also take for space the
file separators \\x1c to \\x1f, U+0085, U+00A0, U+2028, U+3000 and the other Unicode spaces: an
output that joined right tokens with them would read as the answer's, laid out otherwise (PE),
where any other judge reads one wrong token (WA)."""

from __future__ import annotations

import re

ASCII_SPACE = " \t\n\r\x0b\x0c"
# What str.split() takes for space besides ASCII_SPACE (characters of bidirectional class B, S
# or WS, or of category Zs). Patterns are compiled where used (re keeps them), not at import.
OTHER_SPACE = "[\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
TOKEN = "[^ \t\n\r\x0b\x0c]+"


def tokens(text: str) -> list[str]:
    """The tokens of `text`. str.split() where it reads them alike (nearly always: it is the
    faster by far), else a pattern of ASCII whitespace."""
    if re.search(OTHER_SPACE, text) is None:
        return text.split()
    return re.findall(TOKEN, text)


def rstrip_space(line: str) -> str:
    return line.rstrip(ASCII_SPACE)


def is_blank(line: str) -> bool:
    return not line.strip(ASCII_SPACE)
