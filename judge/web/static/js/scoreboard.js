/* A contest's scoreboard kept live (templates/site/scoreboard.html): board.json is asked for
 * every second with the ETag of the board shown; the server answers 304 until the board
 * changes, then the rows are drawn again from the document (as the template draws them).
 * Also the contest page's countdown, and the group filter choosing by itself. */
(function () {
  "use strict";

  const POLL_MS = 800; // a verdict shows within a second

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function small(text) {
    return el("small", "", text);
  }

  function cell(c, type) {
    const td = el("td", "cell");
    td.dataset.problem = c.problem;
    if (type === "score") {
      if (c.solved) td.classList.add("solved");
      else if (c.pending) td.classList.add("pending");
      else if (c.tries) td.classList.add("tried");
      if (c.tries || c.pending) {
        td.append(c.score === null ? "?" : String(Number(c.score)));
        if (c.pending) td.append(small("+" + c.pending));
      }
      return td;
    }
    if (c.first) td.classList.add("first");
    else if (c.solved) td.classList.add("solved");
    else if (c.pending) td.classList.add("pending");
    else if (c.tries) td.classList.add("tried");
    if (c.solved) {
      td.append(String(c.time));
      td.append(small(c.tries + (c.tries === 1 ? " try" : " tries")));
    } else if (c.tries || c.pending) {
      td.append(c.tries + (c.pending ? "+" + c.pending : ""));
      td.append(small("tries"));
    }
    return td;
  }

  function row(r, type) {
    const tr = el("tr");
    tr.dataset.team = r.team_id;
    tr.append(el("td", "rank", r.rank));
    const team = el("td", "team");
    team.append(el("span", "team-name", r.team));
    if (r.organization) team.append(small(r.organization));
    tr.append(team);
    if (type === "score") {
      tr.append(el("td", "num total", r.score === null ? 0 : Number(r.score)));
    } else {
      tr.append(el("td", "num solved-count", r.solved));
      tr.append(el("td", "num penalty", r.penalty));
    }
    for (const c of r.cells) tr.append(cell(c, type));
    return tr;
  }

  function banner(board) {
    const node = document.getElementById("board-banner");
    if (!node || board.view === "jury") return;
    if (board.frozen) {
      const since = new Date(board.freeze_time);
      const hhmm = since.toISOString().slice(11, 16);
      node.className = "banner frozen";
      node.dataset.kind = "frozen";
      node.textContent = "Frozen since " + hhmm +
        " UTC: results sent since then show as pending until the thaw.";
      node.hidden = false;
    } else {
      node.className = "banner";
      node.dataset.kind = "none";
      node.hidden = true;
    }
  }

  function draw(table, board) {
    const body = table.tBodies[0];
    body.replaceChildren(...board.rows.map((r) => row(r, board.type)));
    const state = document.getElementById("board-state");
    if (state) {
      state.textContent = board.state;
      state.dataset.state = board.state;
    }
    banner(board);
  }

  function follow(table) {
    const live = document.getElementById("board-live");
    let etag = table.dataset.etag;
    async function poll() {
      if (!document.hidden) {
        try {
          const response = await fetch(table.dataset.url, {
            headers: { "If-None-Match": etag },
            cache: "no-store",
            credentials: "same-origin",
          });
          if (response.status === 200) {
            const board = await response.json();
            etag = response.headers.get("ETag") || "";
            table.dataset.etag = etag;
            draw(table, board);
          }
          if (live) live.dataset.state = response.ok || response.status === 304 ? "live" : "lost";
        } catch (error) {
          if (live) live.dataset.state = "lost";
        }
      }
      setTimeout(poll, POLL_MS);
    }
    setTimeout(poll, POLL_MS);
  }

  function countdown(node) {
    const to = Date.parse(node.dataset.to);
    function tick() {
      const left = Math.max(0, Math.floor((to - Date.now()) / 1000));
      const h = Math.floor(left / 3600);
      const m = Math.floor((left % 3600) / 60);
      const s = left % 60;
      node.textContent = h + ":" + String(m).padStart(2, "0") + ":" + String(s).padStart(2, "0");
      if (left > 0) setTimeout(tick, 1000);
    }
    tick();
  }

  const table = document.getElementById("scoreboard");
  if (table) follow(table);
  const clock = document.getElementById("countdown");
  if (clock && clock.dataset.to) countdown(clock);
  const filter = document.getElementById("group-filter");
  if (filter) {
    filter.querySelector("select").addEventListener("change", () => filter.submit());
  }
})();
