"""The Jinja2 environment every page is rendered with, offline or by the web service."""

from __future__ import annotations

from collections.abc import Mapping

from jinja2 import BaseLoader, ChoiceLoader, Environment, PackageLoader, StrictUndefined

from judge import __version__
from judge.present.report import format_score
from judge.verdicts.verdict import Verdict
from judge.web.assets import InlineAssets, LinkedAssets
from judge.web.highlight import highlight_source
from judge.web.pages import Page
from judge.web.text import base64_of, capped, split_hints


def make_environment(*loaders: BaseLoader) -> Environment:
    """Templates of this package; `loaders` (e.g. the service's own) are searched first."""
    environment = Environment(
        loader=ChoiceLoader([*loaders, PackageLoader("judge.web", "templates")]),
        autoescape=True,
        extensions=["jinja2.ext.do"],
        undefined=StrictUndefined,  # a misspelt field is an error in tests, not an empty cell
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters.update(
        ms=_milliseconds,
        kb=_kilobytes,
        score=format_score,
        b64=lambda data: base64_of(data if isinstance(data, bytes) else data.encode()),
        highlight=highlight_source,
        split_hints=split_hints,
        capped=capped,
    )
    environment.globals.update(
        version=__version__,
        verdict_titles={verdict.value: verdict.title for verdict in Verdict},
    )
    return environment


def render(
    environment: Environment,
    page: Page,
    assets: InlineAssets | LinkedAssets,
    extra: Mapping[str, object] | None = None,
) -> str:
    """The page as HTML. `extra` is the caller's own context (the service: user, CSRF token)."""
    context = {
        **page.context,
        **(extra or {}),
        "page_title": page.title,
        "assets": assets,
        "bundles": page.bundles,
    }
    return environment.get_template(page.template).render(context)


def _milliseconds(value: float | None) -> str:
    return "" if value is None else f"{value:.0f}"


def _kilobytes(value: int | None) -> str:
    return "" if value is None else str(value)
