"""The stylesheets and scripts a page needs, as <link>/<script> tags or inlined.

A page names the bundles it uses (BASE always, CHARTS where it draws, MATH where a statement has
TeX, LIVE where results arrive while judging; the service's pages add SERVICE, and FEED or
SUBMIT where a list follows events or a form submits). The web service links them from its static
mount (LinkedAssets); an offline report carries them inside the one HTML file (InlineAssets),
KaTeX's fonts included as data URIs, so that a report opens anywhere without a network.
"""

from __future__ import annotations

import base64
import enum
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from markupsafe import Markup

STATIC_DIR = Path(str(resources.files("judge.web") / "static"))


class Bundle(enum.Enum):
    BASE = "base"
    CHARTS = "charts"
    MATH = "math"
    LIVE = "live"
    SERVICE = "service"  # pages of `judge serve`: navigation, forms, lists
    FEED = "feed"  # a submission list that follows the service's event stream
    SUBMIT = "submit"  # the submit form
    CLARIFICATIONS = "clarifications"  # a contest's clarifications, following their stream
    BOARD = "board"  # a contest's scoreboard kept live, its countdown


# Files under static/, in the order a page must load them.
STYLES: dict[Bundle, tuple[str, ...]] = {
    Bundle.BASE: ("css/site.css", "css/highlight.css"),
    Bundle.MATH: ("vendor/katex/katex.min.css",),
    Bundle.SERVICE: ("css/service.css",),
    Bundle.BOARD: ("css/scoreboard.css",),
}
SCRIPTS: dict[Bundle, tuple[str, ...]] = {
    Bundle.BASE: ("js/copy.js",),
    Bundle.CHARTS: ("vendor/chart.js/chart.umd.min.js", "js/charts.js"),
    Bundle.MATH: ("vendor/katex/katex.min.js", "js/math.js"),
    Bundle.LIVE: ("js/format.js", "js/live.js"),
    Bundle.FEED: ("js/format.js", "js/feed.js"),
    Bundle.SUBMIT: ("js/submit.js",),
    Bundle.CLARIFICATIONS: ("js/clarifications.js",),
    Bundle.BOARD: ("js/scoreboard.js",),
}
FONT_URL = re.compile(
    r"url\((fonts/[\w-]+\.woff2)\) format\(\"woff2\"\)(,url\([^)]*\) format\(\"\w+\"\))*"
)


def ordered(bundles: frozenset[Bundle]) -> list[Bundle]:
    return [bundle for bundle in Bundle if bundle in bundles or bundle is Bundle.BASE]


@dataclass(frozen=True)
class LinkedAssets:
    """Tags that point at the static files served under `prefix` (e.g. "/static")."""

    prefix: str = "/static"

    def styles(self, bundles: frozenset[Bundle]) -> Markup:
        return Markup("\n").join(
            Markup('<link rel="stylesheet" href="{}">').format(self._url(name))
            for bundle in ordered(bundles)
            for name in STYLES.get(bundle, ())
        )

    def scripts(self, bundles: frozenset[Bundle]) -> Markup:
        return Markup("\n").join(
            Markup('<script src="{}"></script>').format(self._url(name))
            for bundle in ordered(bundles)
            for name in SCRIPTS.get(bundle, ())
        )

    def _url(self, name: str) -> str:
        return f"{self.prefix.rstrip('/')}/{name}"


@dataclass(frozen=True)
class InlineAssets:
    """The same files inside <style> and <script> elements, for a self-contained HTML file."""

    def styles(self, bundles: frozenset[Bundle]) -> Markup:
        return Markup("\n").join(
            Markup("<style>\n{}\n</style>").format(Markup(_inline_css(name)))
            for bundle in ordered(bundles)
            for name in STYLES.get(bundle, ())
        )

    def scripts(self, bundles: frozenset[Bundle]) -> Markup:
        return Markup("\n").join(
            Markup("<script>\n{}\n</script>").format(Markup(_inline_js(name)))
            for bundle in ordered(bundles)
            for name in SCRIPTS.get(bundle, ())
        )


def static_text(name: str) -> str:
    return (STATIC_DIR / name).read_text(encoding="utf-8")


@cache
def _inline_css(name: str) -> str:
    text = static_text(name)
    if "</style" in text.lower():
        raise ValueError(f"{name} cannot be inlined: it contains '</style'")
    folder = (STATIC_DIR / name).parent
    # KaTeX lists WOFF2, WOFF and TTF; only WOFF2 is vendored, and it becomes a data URI.
    return FONT_URL.sub(lambda match: _font_data_uri(folder / match.group(1)), text)


def _font_data_uri(path: Path) -> str:
    encoded = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'url(data:font/woff2;base64,{encoded}) format("woff2")'


@cache
def _inline_js(name: str) -> str:
    text = static_text(name)
    # Inside <script>, only "</script" ends the element; the HTML parser knows no escapes there.
    if "</script" in text.lower():
        raise ValueError(f"{name} cannot be inlined: it contains '</script'")
    return text
