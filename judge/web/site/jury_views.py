"""What the pages around a contest show (clarifications, balloons, rejudgings): Page objects
from plain data, as judge.web.site.views builds the others."""

from __future__ import annotations

from collections.abc import Sequence

from judge.service.api.clarifications import ClarificationDocument
from judge.service.balloons import Balloon
from judge.service.rejudgings import RejudgingView
from judge.verdicts.verdict import Verdict
from judge.web.assets import Bundle
from judge.web.pages import Page


def clarifications_page(
    contest_id: str, contest_name: str, items: Sequence[ClarificationDocument], jury: bool,
    team: str | None, problems: Sequence[tuple[str, str]], teams: Sequence[str],
) -> Page:
    return Page(
        "site/clarifications.html",
        f"Clarifications · {contest_name}",
        {
            "contest_id": contest_id, "contest_name": contest_name,
            "items": [item.model_dump(mode="json") for item in items], "jury": jury,
            "team": team, "problems": problems, "teams": teams,
            "events": f"/api/clarifications/events?contest={contest_id}",
        },
        frozenset({Bundle.CLARIFICATIONS}),
    )


def balloons_page(contest_id: str, contest_name: str, balloons: Sequence[Balloon],
                  after_freeze: bool = False) -> Page:
    """`after_freeze`: the contest's setting, said on the page (runners ask why none came)."""
    return Page(
        "site/balloons.html",
        f"Balloons · {contest_name}",
        {"contest_id": contest_id, "contest_name": contest_name, "balloons": balloons,
         "after_freeze": after_freeze},
    )


def rejudgings_page(rejudgings: Sequence[RejudgingView], error: str = "") -> Page:
    return Page(
        "site/rejudgings.html",
        "Rejudgings",
        {"rejudgings": rejudgings, "verdicts": [v.value for v in Verdict], "error": error},
    )


def rejudging_page(view: RejudgingView) -> Page:
    return Page("site/rejudging.html", f"Rejudging {view.id}", {"rejudging": view})
