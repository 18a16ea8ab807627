"""`judge serve` in a real browser: a real server process judging with the real sandbox, and
Chromium signing in, submitting through the forms and watching verdicts arrive without a
reload. Every page is saved as a screenshot (desktop and phone width), must fit a phone's
width, and must log no JavaScript error (the `browser` fixture checks the console)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from selenium.common.exceptions import TimeoutException

from tests.browser.conftest import PHONE
from tests.browser.test_live_updates import VERDICTS
from tests.conftest import write_project
from tests.service.processes import JudgeServer, add_user
from tests.service.stack import QUICK_TESTS, QUICK_YAML
from tests.judging.test_scored_problems import SCORED_SOLUTIONS, SCORED_TESTS, SCORED_YAML

# A tab and trailing spaces that a copy of the sample must keep, byte for byte (the statement
# shows the same bytes: verify compares them).
SAMPLE_INPUT = b"1\t2  \n"
STATEMENT = (
    r"""# Sum, quickly

Read two integers $a$ and $b$ with $|a|, |b| \le 10^9$ and print $a + b$.

| input | output |
|-------|--------|
| `1 2` | `3`    |

## Sample

```
"""
    + SAMPLE_INPUT.decode()
    + "```\n\n```\n3\n```\n"
)
MANIFEST = "sample-1:\n  origin: sample\nhand-01:\n  origin: hand\nhand-02:\n  origin: hand\n"
READ = "a, b = map(int, input().split())\n"
# Slow on the wall clock only (far from every limit), so that a page opened right after
# submitting sees the tests arrive one by one.
STEADY = "import time\ntime.sleep(1.0)\n" + READ + "print(a + b)\n"
WRONG = READ + "print(a * b)\n"  # WA on the sample: the contestant may see why
SOLUTIONS = {
    "reference.py": READ + "print(a + b)\n",
    "accepted/ac.c": '#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);'
    'printf("%ld\\n",a+b);return 0;}\n',
    "wrong_answer/product.py": WRONG,
    "time_limit_exceeded/spin.py": "while True:\n    pass\n",
}
FITS_PHONE = f"return document.documentElement.scrollWidth <= {PHONE[0]}"
# What sticks out on the right, to say why a page does not fit.
TOO_WIDE = f"""return Array.from(document.querySelectorAll('body *'))
    .filter(e => e.getBoundingClientRect().right > {PHONE[0]} + 1)
    .map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + e.getBoundingClientRect().right)
    .slice(0, 8)"""


@dataclass(frozen=True)
class Served:
    url: str
    root: Path
    tokens: dict[str, str]

    def api_submit(self, user: str, source: str) -> int:
        answer = httpx.post(
            self.url + "/api/submissions",
            headers={"Authorization": f"Bearer {self.tokens[user]}"},
            json={"problem": "quick", "language": "python", "source": source},
            timeout=30,
        )
        assert answer.status_code == 202, answer.text
        return answer.json()["id"]

    def state(self) -> tuple:
        """What the forms could change, as an admin reads it from the API: every submission
        with its attempt, and the problem's latest verify run."""
        admin = {"Authorization": f"Bearer {self.tokens['root']}"}
        listed = httpx.get(self.url + "/api/submissions?limit=200", headers=admin, timeout=30)
        run = httpx.get(self.url + "/api/problems/quick/verify", headers=admin, timeout=30)
        latest = run.json()["run"]["id"] if run.status_code == 200 else None
        return tuple((s["id"], s["attempt"]) for s in listed.json()["items"]), latest


@pytest.fixture(scope="module")
def served(tmp_path_factory, isolation_flags):
    folder = tmp_path_factory.mktemp("site")
    root = write_project(
        folder / "project",
        problem_yaml=QUICK_YAML,
        tests=QUICK_TESTS,
        solutions=SOLUTIONS,
        problem_id="quick",
    )
    (root / "problems/quick/statement.md").write_text(STATEMENT)
    (root / "testdata/quick/manifest.yaml").write_text(MANIFEST)
    (root / "testdata/quick/sample-1.in").write_bytes(SAMPLE_INPUT)
    write_project(root, problem_yaml=SCORED_YAML, tests=SCORED_TESTS, solutions=SCORED_SOLUTIONS)
    env = dict(os.environ, JUDGE_CACHE_DIR=str(tmp_path_factory.getbasetemp() / "judge-cache"))
    env.pop("JUDGE_TOKEN", None)
    env.pop("JUDGE_ROOT", None)
    roles = {"alice": "contestant", "bob": "contestant", "root": "admin"}
    tokens = {name: add_user(root, None, name, role, env) for name, role in roles.items()}
    server = JudgeServer(
        root, None, env, folder / "serve.log", "--processes", "2", *isolation_flags
    )
    try:
        server.start()
        server.wait_judging()
        yield Served(server.url, root, tokens)
    finally:
        server.stop()


# Every form that posts, by its action, and how many CSRF fields it carries.
POST_FORMS = """return Array.from(document.forms).filter(f => f.method === 'post')
    .map(f => [f.getAttribute('action'), f.querySelectorAll('input[name=csrf_token]').length])"""
FORGED = "0" * 64  # the length of a real token, bound to no browser
CSRF_REFUSED = "cross-site request refused: missing or wrong CSRF token"


def sign_in(browser, served: Served, name: str, start: str = "/") -> None:
    """Through the pages: the sign-in link (or a page for users only sends us to the form),
    the token pasted, back where we were."""
    browser.open(served.url + start)
    if not browser.find_all("#signin-form"):
        browser.find("#sign-in").click()
        browser.wait_for("document.getElementById('signin-form')")
    browser.find("#token").send_keys(served.tokens[name])
    browser.find("#signin-button").click()
    browser.wait_for(f"document.getElementById('who') && location.pathname === '{start}'")
    assert browser.find("#who").text.startswith(name)


def shoot(browser, name: str) -> None:
    """Desktop and phone screenshots; the page must not scroll sideways on a phone."""
    browser.screenshot(name)
    browser.driver.set_window_size(*PHONE)
    try:  # charts follow the new width on their next frame
        browser.wait_for(FITS_PHONE[len("return ") :], timeout=5)
    except TimeoutException:
        raise AssertionError(f"{name} is wider than a phone: {browser.js(TOO_WIDE)}") from None
    browser.screenshot(f"{name}-phone", PHONE[0])


def post_form(browser, action: str, token: str | None = None) -> None:
    """Post the page's form for `action` (one is built when the page offers none, with the
    page's own CSRF token), its token replaced by `token` ("" drops the field), and wait
    for the answer."""
    browser.js(
        """const [action, token] = arguments;
        let form = Array.from(document.forms).find(f => f.getAttribute('action') === action);
        if (!form) {
          form = document.createElement('form');
          form.method = 'post';
          form.action = action;
          const field = document.createElement('input');
          field.type = 'hidden';
          field.name = 'csrf_token';
          field.value = document.querySelector('input[name=csrf_token]').value;
          form.append(field);
          document.body.append(form);
        }
        const field = form.querySelector('input[name=csrf_token]');
        if (token === '') field.remove(); else if (token !== null) field.value = token;
        document.body.dataset.posted = 'yes';
        HTMLFormElement.prototype.submit.call(form);""",
        action,
        token,
    )
    browser.wait_for("document.readyState === 'complete' && !document.body.dataset.posted")


def follow_rows(browser) -> None:
    """Record how many test rows are judged each time the table changes."""
    browser.js(
        "window.notReloaded = true; window.judgedCounts = [];"
        "new MutationObserver(() => window.judgedCounts.push("
        "  document.querySelectorAll('#tests tbody tr[data-verdict]:not([data-verdict=\"\"])')"
        "  .length)).observe(document.getElementById('tests'), "
        "  {subtree: true, attributes: true, attributeFilter: ['data-verdict']});"
    )


def test_a_contestant_submits_and_watches_the_verdicts_arrive(browser, served, tmp_path):
    sign_in(browser, served, "alice")
    assert browser.find("#problems tr[data-problem='quick'] a").text == "Sum, quickly"
    shoot(browser, "problems")

    browser.find("#problems tr[data-problem='quick'] a").click()
    browser.wait_for("document.getElementById('submit-form')")
    assert len(browser.find_all("#statement .math .katex")) >= 3  # TeX typeset by KaTeX
    assert browser.find("#statement table td code").text == "1 2"
    assert [s.get_attribute("data-sample") for s in browser.find_all("[data-sample]")] == [
        "sample-1"
    ]
    shoot(browser, "problem")

    # A correct solution, pasted, its language chosen by hand.
    browser.find("#language option[value='python3']").click()
    browser.find("#source").send_keys(STEADY)
    browser.find("#submit-button").click()
    browser.wait_for("document.getElementById('submission')")
    assert browser.find("#submission").get_attribute("data-live-url")  # judging when shown
    follow_rows(browser)
    browser.wait_for("document.getElementById('submission').dataset.state === 'done'", 60)
    assert browser.js(VERDICTS) == ["AC", "AC", "AC"]
    assert browser.find("#summary .badge").text.startswith("AC")
    assert browser.find("#status").text == "done"
    assert browser.js("return window.notReloaded") is True
    counts = browser.js("return window.judgedCounts")
    assert counts[-1] == 3 and min(counts) < 3, counts  # rows filled in one by one
    assert browser.find("#source .highlight .kn").text == "import"  # highlighted

    # A wrong one, uploaded: the file's extension picks the language.
    browser.find("a[href='/problems/quick']").click()
    browser.wait_for("document.getElementById('submit-form')")
    upload = tmp_path / "product.py"
    upload.write_text(WRONG)
    browser.find("#file").send_keys(str(upload))
    assert browser.js("return document.getElementById('language').value") == "python3"
    browser.find("#submit-button").click()
    browser.wait_for("document.getElementById('submission')")
    browser.wait_for("document.getElementById('submission').dataset.state === 'done'", 60)
    # Judging stopped at the first rejected test: the rest were not run.
    assert browser.js(VERDICTS) == ["WA", "", ""]
    assert browser.find("#summary").get_attribute("data-verdict") == "WA"
    browser.find("#test-sample-1 td.message a").click()
    assert browser.js("return location.hash") == "#explain-sample-1"
    assert "expected '3', got '2'" in browser.find("#explain-sample-1").text
    # Hidden tests: by their place, never their name; not run after the first rejection.
    assert browser.find("#test-test2 td.message").text == "not run"
    assert browser.find_all("#explain-test2") == [] and "hand-01" not in browser.driver.page_source
    assert "-5 3" not in browser.driver.page_source
    assert browser.js("return Chart.getChart('chart-time').data.datasets[0].data.length") == 3
    shoot(browser, "submission")

    # The list follows new submissions and their verdicts without a reload.
    browser.find("header nav a[href='/submissions']").click()
    browser.wait_for("document.getElementById('submissions').dataset.state === 'following'")
    browser.js("window.notReloaded = true")
    assert len(browser.find_all("#submissions tbody tr")) == 2
    fresh = served.api_submit("alice", STEADY)
    browser.wait_for(f"document.querySelector('#submissions tr[data-id=\"{fresh}\"]')", 30)
    first = browser.find("#submissions tbody tr").get_attribute("data-id")
    assert first == str(fresh)  # newest first
    browser.wait_for(
        f"document.querySelector('#submissions tr[data-id=\"{fresh}\"]').dataset.verdict === 'AC'",
        60,
    )
    assert browser.js("return window.notReloaded") is True
    shoot(browser, "submissions")

    # Another user's submission is not for alice: neither its page nor its source.
    theirs = served.api_submit("bob", "print('bob was here')\n")
    browser.open(f"{served.url}/submissions/{theirs}")
    browser.expect_status(404)  # as if it did not exist: ids tell alice nothing
    assert browser.find("#error-status").text.startswith("404")
    assert "bob was here" not in browser.driver.page_source
    shoot(browser, "forbidden")

    browser.find("#sign-out").click()
    browser.wait_for("document.getElementById('sign-in')")
    browser.open(f"{served.url}/submissions")
    browser.wait_for("document.getElementById('signin-form')")  # sent to sign in again
    shoot(browser, "sign-in")


def test_an_admin_verifies_the_problem_and_rejudges(browser, served):
    sign_in(browser, served, "root", "/problems/quick/verify")
    assert browser.find_all("#no-run") or browser.find_all("#matrix-quick")
    browser.find("#start-run").click()
    # The page reloads itself while the run is judged.
    browser.wait_for("document.querySelector('[data-complete=\"yes\"]')", 120)
    matrix = browser.find_all("#matrix-quick tbody tr")
    rows = {row.get_attribute("data-solution"): row for row in matrix}
    assert sorted(rows) == [
        "accepted/ac.c",
        "reference",
        "time_limit_exceeded/spin.py",
        "wrong_answer/product.py",
    ]
    assert all(row.get_attribute("data-ok") == "yes" for row in rows.values())
    assert browser.find("#run-state").text == "OK"
    cells = rows["time_limit_exceeded/spin.py"].find_elements("css selector", ".cell")
    assert [cell.get_attribute("data-verdict") for cell in cells] == ["TLE"] * 3
    title = cells[0].get_attribute("title")
    assert title.startswith("sample-1: TLE, ") and title.endswith(" ms")  # time on hover
    assert (
        browser.js(
            "const c = Chart.getChart('chart-margin-quick'); return c.data.datasets[0].data.length"
        )
        == 4
    )
    assert "slowest accepted" in browser.find(".margins").text
    shoot(browser, "verify")

    # Rejudging a submission: a new attempt fills the same page in again.
    submission = served.api_submit("bob", STEADY)
    browser.open(f"{served.url}/submissions/{submission}")
    browser.wait_for("document.getElementById('submission').dataset.state === 'done'", 60)
    browser.find("#rejudge").click()
    browser.wait_for("document.getElementById('attempt')")
    assert browser.find("#attempt").text == "2"
    browser.wait_for("document.getElementById('submission').dataset.state === 'done'", 60)
    assert browser.js(VERDICTS) == ["AC", "AC", "AC"]
    shoot(browser, "rejudged")


def test_anyone_reads_a_problem_and_copies_its_samples_exactly(browser, served):
    browser.open(served.url + "/")
    assert browser.find_all("#who") == [] and browser.find("#sign-in")
    assert browser.find_all("header nav a[href='/submissions']") == []
    browser.find("#problems tr[data-problem='quick'] a").click()
    browser.wait_for("document.getElementById('samples')")
    assert browser.find_all("#submit-form") == []
    assert browser.find("#submit a[href^='/signin']").text == "Sign in"
    browser.grant_clipboard()
    for part, expected in (("input", SAMPLE_INPUT), ("answer", b"3\n")):
        copy = f"[data-sample='sample-1'] .{part} button.copy"
        browser.find(copy).click()
        browser.wait_for(f'document.querySelector("{copy}.copied")')
        assert browser.clipboard_text().encode() == expected
    for hidden in ("-5 3", "7 8"):  # the inputs of the hidden tests
        assert hidden not in browser.driver.page_source
    shoot(browser, "problem-signed-out")


def test_a_contestant_is_refused_what_is_for_setters(browser, served):
    sign_in(browser, served, "bob", "/problems/quick")
    assert browser.find_all("#setter-actions, #verify-link, #rejudge-problem") == []
    own = served.api_submit("bob", SOLUTIONS["reference.py"])
    browser.open(f"{served.url}/submissions/{own}")
    browser.wait_for("document.getElementById('submission').dataset.state === 'done'", 60)
    assert browser.find_all("#rejudge") == []

    # What the pages do not offer bob, posted anyway with his session's own token.
    before = served.state()
    refused = (f"/submissions/{own}/rejudge", "/problems/quick/rejudge", "/problems/quick/verify")
    for action in refused:
        post_form(browser, action)
        browser.expect_status(403)
        assert browser.find("#error-message").text.startswith("this needs the role"), action
    assert served.state() == before
    browser.open(served.url + "/problems/quick/verify")
    browser.expect_status(403)
    assert browser.find("#error-status").text.startswith("403")
    assert browser.find_all("#matrix-quick, #start-run") == []
    shoot(browser, "verify-refused")

    # His own submissions only, and no way to ask for another user's.
    browser.open(served.url + "/submissions")
    browser.wait_for("document.getElementById('submissions').dataset.state === 'following'")
    users = {cell.text for cell in browser.find_all("#submissions tbody [data-field=user]")}
    assert users == {"bob"}
    assert browser.find_all("#filters input[name=user]") == []
    browser.open(served.url + "/submissions?user=alice")
    browser.expect_status(403)
    assert browser.find("#error-message").text == "contestants see their own submissions only"


def test_every_form_needs_the_csrf_token_of_its_session(browser, served):
    """Each form of the pages carries its session's token; posted with a forged token or none,
    it is refused and changes nothing."""
    browser.open(served.url + "/signin")
    assert browser.js(POST_FORMS) == [["/signin", 1]]
    for token in (FORGED, ""):
        browser.find("#token").send_keys(served.tokens["root"])
        post_form(browser, "/signin", token)
        browser.expect_status(403)
        assert "came from another site" in browser.find("#form-error").text
        assert browser.find_all("#who") == []

    sign_in(browser, served, "root")
    mine = served.api_submit("root", SOLUTIONS["reference.py"])
    pages = {
        "/": ["/signout"],
        "/problems/quick": ["/problems/quick/rejudge", "/submissions", "/signout"],
        "/problems/quick/verify": [
            "/problems/quick/verify",
            "/problems/quick/rejudge",
            "/signout",
        ],
        "/submissions": ["/signout"],
        f"/submissions/{mine}": [f"/submissions/{mine}/rejudge", "/signout"],
    }
    for path, actions in pages.items():
        browser.open(served.url + path)
        assert sorted(browser.js(POST_FORMS)) == sorted([action, 1] for action in actions), path
        for action in actions:
            for token in (FORGED, ""):
                before = served.state()
                browser.open(served.url + path)
                if action == "/submissions":
                    browser.find("#language option[value='python3']").click()
                    browser.find("#source").send_keys(SOLUTIONS["reference.py"])
                post_form(browser, action, token)
                browser.expect_status(403)
                assert browser.find("#error-message").text == CSRF_REFUSED, (path, action)
                assert browser.find("#who").text.startswith("root")  # still signed in
                assert served.state() == before, (path, action)
    shoot(browser, "csrf-refused")


UNDER_A_THOUSAND = SCORED_SOLUTIONS["under_thousand.py"]
NO_NEGATIVES = SCORED_SOLUTIONS["no_negatives.py"]
GROUPS = """return Array.from(document.querySelectorAll('#groups tbody tr'), r => [r.dataset.group,
    r.dataset.verdict, r.querySelector('[data-field=judged]').textContent,
    r.querySelector('[data-field=score]').textContent])"""


def test_a_scored_problem_shows_the_groups_scores_as_they_are_judged(browser, served):
    sign_in(browser, served, "alice", "/problems/sum")
    browser.find("#language option[value='python3']").click()
    # Half a second per test (far from every limit): the page opens while the groups are judged.
    slow = "import time\ntime.sleep(0.5)\n" + UNDER_A_THOUSAND
    browser.find("#source").send_keys(slow)
    browser.find("#submit-button").click()
    browser.wait_for("document.getElementById('groups')")
    assert browser.find("#submission").get_attribute("data-live-url")
    browser.js("window.notReloaded = true")
    maxima = [
        row.text.split("/")[-1].strip() for row in browser.find_all("#groups td.num:nth-child(4)")
    ]
    assert maxima == ["0", "30", "30", "40"]
    browser.wait_for("document.getElementById('submission').dataset.state === 'done'", 90)
    assert browser.js("return window.notReloaded") is True
    assert browser.js(GROUPS) == [
        ["samples", "AC", "1", "0"],
        ["small", "AC", "2", "30"],
        ["pairs", "WA", "2", "15"],
        ["big", "WA", "1", "0"],
    ]
    assert browser.find("#group-big [data-field=skipped]").text.startswith("judging stopped")
    assert browser.find("#test-test7 [data-field=message]").text == "not run"  # big-2
    assert browser.find("#summary [data-field=score]").text == "45"
    assert "45 / 100" in browser.find("#summary").text
    shoot(browser, "scored")

    # Wrong on small: big, which depends on it, is never judged, and says so once done.
    browser.find("a#problem-link").click()
    browser.wait_for("document.getElementById('submit-form')")
    browser.find("#language option[value='python3']").click()
    browser.find("#source").send_keys(slow.replace(UNDER_A_THOUSAND, NO_NEGATIVES))
    browser.find("#submit-button").click()
    browser.wait_for("document.getElementById('groups')")
    assert browser.find("#submission").get_attribute("data-live-url")
    assert browser.find("#group-big [data-field=verdict]").text == "…"
    browser.wait_for("document.getElementById('submission').dataset.state === 'done'", 90)
    assert browser.js(GROUPS)[1:] == [
        ["small", "WA", "2", "0"],
        ["pairs", "AC", "2", "30"],
        ["big", "", "0", "0"],
    ]
    assert browser.find("#group-big [data-field=verdict]").text == "–"
    assert browser.find("#summary [data-field=score]").text == "30"

    # The list shows the totals too, as served and as its stream fills the rows in again.
    browser.find("header nav a[href='/submissions']").click()
    browser.wait_for("document.getElementById('submissions').dataset.state === 'following'")
    scores = [cell.text for cell in browser.find_all("#submissions tr[data-id] .score")]
    assert scores[:2] == ["30 / 100", "45 / 100"]
