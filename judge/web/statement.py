"""Problem statements: Markdown with tables and TeX math, to HTML.

Math is left as TeX inside elements of class "math" (inline or block) for KaTeX to typeset in
the browser (static/js/math.js); `has_math` tells a page whether it needs KaTeX at all. Raw
HTML in the Markdown is not passed through. Every code block gets a copy button that copies
its exact text.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import Markup, escape
from mdit_py_plugins.dollarmath import dollarmath_plugin

from judge.web.text import base64_of

MATH_TOKENS = {"math_inline", "math_block", "math_inline_double", "math_block_label"}


@dataclass(frozen=True)
class Statement:
    html: Markup
    has_math: bool


def render_statement(markdown: str) -> Statement:
    parser = _parser()
    tokens = parser.parse(markdown)
    has_math = any(
        token.type in MATH_TOKENS
        or any(child.type in MATH_TOKENS for child in token.children or ())
        for token in tokens
    )
    return Statement(Markup(parser.renderer.render(tokens, parser.options, {})), has_math)


@cache
def _parser() -> MarkdownIt:
    parser = MarkdownIt("commonmark", {"html": False}).enable("table")
    # No digits right after "$": "costs $5 or $6" stays text; "$n$" is math.
    parser.use(dollarmath_plugin, allow_digits=False, double_inline=True, renderer=_tex)
    parser.add_render_rule("fence", _fence)
    parser.add_render_rule("code_block", _fence)
    return parser


def _tex(content: str, options: dict) -> str:
    return str(escape(content))


def _fence(self, tokens: list[Token], index: int, options, env) -> str:
    content = tokens[index].content
    return (
        '<div class="data-block">'
        f'<button type="button" class="copy" data-copy-b64="{base64_of(content.encode())}">'
        "Copy</button>"
        # The newline after <pre> is dropped by the HTML parser, so a leading one in the data
        # survives.
        f"<pre>\n{escape(content)}</pre></div>\n"
    )
