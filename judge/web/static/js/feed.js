/* A submission list that follows the service's event stream.
 *
 * <table data-feed-url="/api/submissions/events?..." data-limit="N"> lists the newest
 * submissions; the stream (judge/service/api/events.py, docs/api.md) sends
 *
 *   event: submission   data: one line of the list (a SubmissionSummary: id, user, problem,
 *                       language, status, attempt, verdict, submitted_at, max_time_ms,
 *                       max_memory_kb, tests_judged), at the start and whenever it changes
 *
 * A line already shown is updated in place; a new one goes in at its place (newest first) and
 * the list keeps its page size. Rows are clones of <template id="submission-row">
 * (templates/site/lists.html), filled with textContent only. The table gets
 * data-state="following" once the stream is open, "closed" when it gave up.
 */
(function () {
  "use strict";

  const table = document.querySelector("table[data-feed-url]");
  if (!table) return;
  const body = table.tBodies[0];
  const template = document.getElementById("submission-row");
  const limit = Number(table.dataset.limit) || 50;
  const titles = JSON.parse(document.getElementById("verdict-titles").textContent);
  const stateLabel = document.getElementById("feed-state");

  function field(row, name) {
    return row.querySelector(`[data-field="${name}"]`);
  }

  const { ms, kb, score } = window.judgeFormat;

  // The server writes UTC to the second ("2026-12-01 09:30:00"); the stream sends ISO 8601.
  function when(iso) {
    return iso.slice(0, 19).replace("T", " ");
  }

  function result(line) {
    const badge = document.createElement("span");
    if (line.status === "done") {
      badge.className = "badge v-" + line.verdict;
      badge.dataset.verdict = line.verdict;
      badge.title = titles[line.verdict] || line.verdict;
      badge.textContent = line.verdict;
    } else if (line.status === "failed") {
      badge.className = "badge v-JE";
      badge.title = "the judge could not judge it";
      badge.textContent = "failed";
    } else {
      badge.className = "badge v-pending status";
      badge.title = line.status;
      const judged = line.status === "judging" && line.tests_judged ? " " + line.tests_judged : "";
      badge.textContent = line.status + judged;
    }
    return badge;
  }

  function fill(row, line) {
    row.dataset.id = String(line.id);
    row.dataset.status = line.status;
    row.dataset.verdict = line.verdict || "";
    row.classList.remove(...Array.from(row.classList).filter((name) => name.startsWith("row-v-")));
    row.classList.add("row-v-" + (line.verdict || "pending"));
    const link = field(row, "link");
    link.href = "/submissions/" + line.id;
    link.textContent = "#" + line.id;
    field(row, "when").textContent = when(line.submitted_at);
    field(row, "user").textContent = line.user;
    const problem = field(row, "problem");
    problem.href = "/problems/" + encodeURIComponent(line.problem);
    problem.textContent = line.problem;
    field(row, "language").textContent = line.language;
    const shown = field(row, "result");
    shown.replaceChildren(result(line));
    if (line.status === "done" && line.max_score !== null && line.max_score !== undefined) {
      const points = document.createElement("span");
      points.className = "score";
      points.dataset.field = "score";
      points.textContent = score(line.score) + " / " + score(line.max_score);
      shown.append(" ", points);
    }
    field(row, "time").textContent = ms(line.max_time_ms);
    field(row, "memory").textContent = kb(line.max_memory_kb);
  }

  function apply(line) {
    const shown = body.querySelector(`tr[data-id="${line.id}"]`);
    if (shown) {
      fill(shown, line);
      return;
    }
    const row = template.content.firstElementChild.cloneNode(true);
    fill(row, line);
    row.classList.add("arrived");
    const older = Array.from(body.rows).find((other) => Number(other.dataset.id) < line.id);
    body.insertBefore(row, older || null);
    while (body.rows.length > limit) body.deleteRow(-1);
    const empty = document.getElementById("no-submissions");
    if (empty) empty.hidden = true;
  }

  function setState(state) {
    table.dataset.state = state;
    if (stateLabel) {
      stateLabel.dataset.state = state;
      stateLabel.textContent = state === "closed" ? "not live (reload to follow again)" : "live";
    }
  }

  const source = new EventSource(table.dataset.feedUrl);
  source.addEventListener("open", () => setState("following"));
  source.addEventListener("submission", (event) => apply(JSON.parse(event.data)));
  // The browser reconnects by itself after a dropped connection; a refusal closes the stream.
  source.addEventListener("error", () => {
    if (source.readyState === EventSource.CLOSED) setState("closed");
  });
})();
