"""Source code to highlighted HTML (Pygments, on the server: no script needed to read code)."""

from __future__ import annotations

from markupsafe import Markup
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import get_lexer_by_name
from pygments.lexers.special import TextLexer
from pygments.util import ClassNotFound

# judge's language ids (judge.languages) that Pygments spells otherwise; "python" is the id
# Python 3 had before the ids followed CLICS, kept by submissions stored then.
LEXER_NAMES = {"python": "python3", "pypy3": "python3", "pascal": "delphi"}


def highlight_source(source: str, language: str) -> Markup:
    try:
        lexer = get_lexer_by_name(LEXER_NAMES.get(language, language))
    except ClassNotFound:
        lexer = TextLexer()
    formatter = HtmlFormatter(cssclass="highlight", linenos="table", lineanchors="line")
    return Markup(highlight(source, lexer, formatter))
