/* Live results: fills a submission page in while the submission is judged.
 *
 * The page is judge.web.pages.submission_page(..., live_url=URL) rendered from the pending
 * document (judge.report.pending_report_dict): every test has a row <tr data-test="NAME">
 * with cells [data-field=...], verdicts still empty. <div id="submission" data-live-url="URL">
 * starts following URL, an EventSource (server-sent events) stream:
 *
 *   event: case   data: one test's result, as an item of the document's "tests" (docs/json.md)
 *   event: done   data: the whole finished document (report_to_dict): fills what is left,
 *                       sets the overall verdict, and the stream is closed by this side.
 *
 * Events are idempotent: a stream that reconnects may send results again. Rows, the summary,
 * the charts (static/js/charts.js) and the explanations are updated in place; nothing is
 * reloaded. When done, #submission gets data-state="done" and a "judge:done" event.
 * Text goes in with textContent only: messages and outputs are the submission's, not HTML.
 */
(function () {
  "use strict";

  const titles = JSON.parse(document.getElementById("verdict-titles").textContent);

  function ms(value) {
    return value === null || value === undefined ? "" : String(Math.round(value));
  }

  function kb(value) {
    return value === null || value === undefined ? "" : String(value);
  }

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

  function follow(root, url) {
    const seen = new Map();
    const source = new EventSource(url);
    source.addEventListener("case", (event) => {
      const test = JSON.parse(event.data);
      seen.set(test.name, test);
      applyCase(test);
      updateSummary(Array.from(seen.values()));
    });
    source.addEventListener("done", (event) => {
      source.close();
      const report = JSON.parse(event.data);
      report.tests.forEach(applyCase);
      showCompileError(report.compile_message);
      updateSummary(report.tests, report.verdict);
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
