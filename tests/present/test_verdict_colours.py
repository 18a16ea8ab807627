"""Every verdict a reader must tell apart has its own colour, in the terminal and on the pages."""

from __future__ import annotations

import re
from pathlib import Path

import judge.web
from judge.present.report import VERDICT_STYLES
from judge.verdicts.verdict import Verdict

SITE_CSS = Path(judge.web.__file__).parent / "static/css/site.css"
LIMITS = (Verdict.TLE, Verdict.MLE, Verdict.OLE)


def test_the_limit_verdicts_have_their_own_terminal_colours():
    styles = {verdict: VERDICT_STYLES[verdict] for verdict in LIMITS}
    assert len(set(styles.values())) == len(LIMITS), styles
    others = {VERDICT_STYLES[v] for v in Verdict if v not in LIMITS}
    assert not others & set(styles.values()), styles


def test_the_limit_verdicts_have_their_own_page_colours():
    colours = dict(re.findall(r"--v-([A-Z]+):\s*(#[0-9a-fA-F]{6})", SITE_CSS.read_text()))
    assert set(colours) >= {v.value for v in Verdict}, sorted(colours)
    limits = [colours[v.value] for v in LIMITS]
    assert len(set(limits)) == len(LIMITS), limits
    others = {colours[v.value] for v in Verdict if v not in LIMITS}
    assert not others & set(limits), colours
