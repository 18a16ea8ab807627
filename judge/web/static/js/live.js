/* Live results: fills a submission page in while the submission is judged.
 *
 * The page is judge.web.pages.submission_page(..., live_url=URL) rendered from the pending
 * document (judge.report.pending_report_dict): every test has a row <tr data-test="NAME">
 * with cells [data-field=...], verdicts still empty. <div id="submission" data-live-url="URL">
 * starts following URL, the service's event stream of one submission
 * (GET /api/submissions/ID/events, docs/api.md):
 *
 *   event: status  data: {"status": "queued" | "judging" | ..., "attempt": N}: a new attempt
 *                        (a rejudge, a worker that died) judges every test again, so the rows
 *                        go back to pending
 *   event: test    data: one test's result, as an item of the document's "tests" (docs/json.md)
 *   event: done    data: the whole finished document: fills what is left, sets the overall
 *                        verdict (or, for status "failed", shows the judge's error), and the
 *                        stream is closed by this side.
 *
 * A scored problem's groups table (#groups, rows <tr data-group="NAME">) counts each group's
 * judged tests as they arrive; their verdicts and scores, which follow the groups' own rules
 * (judge.scoring), and the total come with the finished document.
 *
 * Events are idempotent: a stream that reconnects sends results again. Rows, the summary,
 * the charts (static/js/charts.js) and the explanations are updated in place; nothing is
 * reloaded. A status line (#status, #judge-error), where the page has one, follows too. When
 * done, #submission gets data-state="done" and a "judge:done" event.
 * Text goes in with textContent only: messages and outputs are the submission's, not HTML.
 */
(function () {
  "use strict";

  const titles = JSON.parse(document.getElementById("verdict-titles").textContent);

  const { ms, kb, score } = window.judgeFormat;

  function setBadge(badge, verdict, long) {
    badge.className = "badge v-" + (verdict || "pending");
    badge.dataset.verdict = verdict || "";
    badge.title = verdict ? titles[verdict] : "not judged yet";
    badge.textContent = verdict || "…";
    if (long) {
      const title = document.createElement("span");
      title.className = "badge-title";
      title.textContent = verdict ? titles[verdict] : "judging";
      badge.append(" ", title);
    }
  }

  function field(scope, name) {
    return scope.querySelector(`[data-field="${name}"]`);
  }

  function splitHints(details) {
    const body = [];
    const hints = [];
    for (const line of (details || "").split("\n")) {
      if (line.startsWith("hint: ")) hints.push(line.slice(6));
      else body.push(line);
    }
    return { body: body.join("\n").trimEnd(), hints };
  }

  function explained(test) {
    return Boolean(test.verdict && test.verdict !== "AC" && test.details);
  }

  function fillRow(row, test) {
    row.className = "row-v-" + (test.verdict || "pending");
    row.dataset.verdict = test.verdict || "";
    setBadge(field(row, "verdict").querySelector(".badge"), test.verdict, false);
    field(row, "time_ms").textContent = ms(test.time_ms);
    field(row, "memory_kb").textContent = kb(test.memory_kb);
    field(row, "memory_gross_kb").textContent = kb(test.memory_gross_kb);
    field(row, "wall_ms").textContent = ms(test.wall_ms);
    const message = field(row, "message");
    message.textContent = "";
    if (explained(test)) {
      const link = document.createElement("a");
      link.href = "#explain-" + test.name;
      link.textContent = test.message || "details";
      message.append(link);
    } else {
      message.textContent = test.message || "";
    }
  }

  function fillExplanation(test) {
    const section = document.getElementById("explanations");
    if (!section || !explained(test)) return;
    let article = document.getElementById("explain-" + test.name);
    if (!article) {
      const template = document.getElementById("explanation-template");
      article = template.content.firstElementChild.cloneNode(true);
      article.id = "explain-" + test.name;
      article.dataset.test = test.name;
      const list = field(section, "list");
      const rows = Array.from(document.querySelectorAll("#tests tr[data-test]"));
      const position = rows.findIndex((row) => row.dataset.test === test.name);
      // Keep test order: before the first explanation of a later test.
      const later = Array.from(list.children).find(
        (other) => rows.findIndex((row) => row.dataset.test === other.dataset.test) > position,
      );
      list.insertBefore(article, later || null);
    }
    const { body, hints } = splitHints(test.details);
    field(article, "name").textContent = test.name;
    setBadge(field(article, "verdict").querySelector(".badge"), test.verdict, false);
    field(article, "message").textContent = test.message || "";
    const details = field(article, "details");
    details.textContent = "\n" + body;
    details.hidden = !body;
    const list = field(article, "hints");
    list.replaceChildren(
      ...hints.map((hint) => {
        const item = document.createElement("li");
        item.textContent = hint;
        return item;
      }),
    );
    list.hidden = hints.length === 0;
    section.hidden = false;
  }

  function updateCharts(index, test) {
    if (!window.judgeCharts) return;
    window.judgeCharts.setBar("chart-time", index, test.time_ms, test.verdict);
    window.judgeCharts.setBar("chart-memory", index, test.memory_kb, test.verdict);
  }

  function applyCase(test) {
    const rows = Array.from(document.querySelectorAll("#tests tr[data-test]"));
    const index = rows.findIndex((row) => row.dataset.test === test.name);
    if (index < 0) return;
    fillRow(rows[index], test);
    fillExplanation(test);
    updateCharts(index, test);
  }

  function summarize(tests) {
    const judged = tests.filter((test) => test.verdict);
    const failing = judged.find((test) => test.verdict !== "AC");
    const times = judged.map((test) => test.time_ms || 0);
    const memories = judged.map((test) => test.memory_kb || 0);
    return {
      passed: judged.filter((test) => test.verdict === "AC").length,
      first_failing: failing ? failing.name : null,
      max_time_ms: judged.length ? Math.max(...times) : null,
      max_memory_kb: judged.length ? Math.max(...memories) : null,
    };
  }

  function updateSummary(tests, verdict) {
    const summary = document.getElementById("summary");
    const figures = summarize(tests);
    field(summary, "passed").textContent = String(figures.passed);
    field(summary, "max_time_ms").textContent = ms(figures.max_time_ms);
    field(summary, "max_memory_kb").textContent = kb(figures.max_memory_kb);
    const first = field(summary, "first_failing");
    first.textContent = figures.first_failing ? "" : "–";
    if (figures.first_failing) {
      const link = document.createElement("a");
      link.href = "#test-" + figures.first_failing;
      link.textContent = figures.first_failing;
      first.append(link);
    }
    if (verdict !== undefined) {
      summary.dataset.verdict = verdict || "";
      setBadge(field(summary, "verdict").querySelector(".badge"), verdict, true);
    }
  }

  // Tests the judge did not run (judging stopped at the first rejected test, a group stopped
  // at its own, or a group's dependency failed): the finished document leaves them out; they
  // are no longer pending.
  function markUnjudged(tests) {
    const judged = new Set(tests.map((test) => test.name));
    for (const row of document.querySelectorAll("#tests tr[data-test]")) {
      if (judged.has(row.dataset.test)) continue;
      showNotJudged(field(row, "verdict").querySelector(".badge"));
      field(row, "message").textContent = "not run";
    }
  }

  // As components/report.html's not_judged() shows it.
  function showNotJudged(badge) {
    badge.textContent = "–";
    badge.title = "not judged";
  }

  function groupRows() {
    return Array.from(document.querySelectorAll("#groups tr[data-group]"));
  }

  function countJudged(tests) {
    const groupOf = new Map(
      Array.from(document.querySelectorAll("#tests tr[data-test]"), (row) => [
        row.dataset.test,
        row.dataset.group,
      ]),
    );
    const judged = new Map();
    for (const test of tests) {
      if (!test.verdict) continue;
      const group = groupOf.get(test.name);
      judged.set(group, (judged.get(group) || 0) + 1);
    }
    for (const row of groupRows()) {
      field(row, "judged").textContent = String(judged.get(row.dataset.group) || 0);
    }
  }

  // `finished`: a group without a verdict was never judged, rather than not judged yet.
  function fillGroups(groups, finished) {
    const rows = groupRows();
    for (const group of groups) {
      const row = rows.find((candidate) => candidate.dataset.group === group.name);
      if (!row) continue;
      row.className = "row-v-" + (group.verdict || "pending");
      row.dataset.verdict = group.verdict || "";
      const badge = field(row, "verdict").querySelector(".badge");
      setBadge(badge, group.verdict, false);
      if (finished && !group.verdict) showNotJudged(badge);
      field(row, "judged").textContent = String(group.judged);
      field(row, "score").textContent = score(group.score);
      field(row, "skipped").textContent = group.skipped || "";
    }
  }

  function showTotal(total) {
    const shown = field(document.getElementById("summary"), "score");
    if (shown) shown.textContent = score(total);
  }

  function showCompileError(message) {
    if (!message || document.getElementById("compile-error")) return;
    const section = document.createElement("section");
    section.className = "compile-error";
    section.id = "compile-error";
    const heading = document.createElement("h2");
    heading.textContent = "Compile error";
    const pre = document.createElement("pre");
    pre.textContent = "\n" + message;
    section.append(heading, pre);
    document.getElementById("summary").after(section);
  }

  function pendingTest(row) {
    return {
      name: row.dataset.test,
      verdict: null,
      time_ms: null,
      memory_kb: null,
      memory_gross_kb: null,
      wall_ms: null,
      message: "",
      details: null,
    };
  }

  // A new attempt: every test is judged again.
  function resetTests() {
    document.querySelectorAll("#tests tr[data-test]").forEach((row, index) => {
      const test = pendingTest(row);
      fillRow(row, test);
      updateCharts(index, test);
      const article = document.getElementById("explain-" + test.name);
      if (article) article.remove();
    });
    const explanations = document.getElementById("explanations");
    if (explanations) explanations.hidden = true;
    updateSummary([], null);
    fillGroups(
      groupRows().map((row) => ({ name: row.dataset.group, verdict: null, judged: 0, score: null })),
      false,
    );
    showTotal(null);
  }

  function showStatus(status, attempt, error) {
    const label = document.getElementById("status");
    if (label) {
      label.textContent = status;
      label.dataset.status = status;
    }
    const attemptLabel = document.getElementById("attempt");
    if (attemptLabel && attempt) attemptLabel.textContent = String(attempt);
    const errorLine = document.getElementById("judge-error");
    if (errorLine) {
      errorLine.textContent = error || "";
      errorLine.hidden = !error;
    }
  }

  function follow(root, url) {
    const seen = new Map();
    let attempt = null;
    const source = new EventSource(url);
    source.addEventListener("status", (event) => {
      const status = JSON.parse(event.data);
      if (attempt !== null && status.attempt !== attempt) {
        seen.clear();
        resetTests();
      }
      attempt = status.attempt;
      showStatus(status.status, status.attempt, null);
    });
    source.addEventListener("test", (event) => {
      const test = JSON.parse(event.data);
      seen.set(test.name, test);
      applyCase(test);
      updateSummary(Array.from(seen.values()));
      countJudged(Array.from(seen.values()));
    });
    source.addEventListener("done", (event) => {
      source.close();
      const report = JSON.parse(event.data);
      report.tests.forEach(applyCase);
      showCompileError(report.compile_message);
      if (report.status === "failed") {
        const summary = document.getElementById("summary");
        const badge = field(summary, "verdict").querySelector(".badge");
        badge.className = "badge v-JE";
        badge.textContent = "failed";
      } else {
        updateSummary(report.tests, report.verdict);
        markUnjudged(report.tests);
        fillGroups(report.groups || [], true);
        showTotal(report.score);
      }
      if (report.status) showStatus(report.status, report.attempt, report.error);
      root.dataset.state = "done";
      root.dispatchEvent(new CustomEvent("judge:done", { bubbles: true, detail: report }));
    });
    root.dataset.state = "following";
    return source;
  }

  const root = document.querySelector("[data-live-url]");
  if (root) follow(root, root.dataset.liveUrl);
  window.judgeLive = { follow };
})();
