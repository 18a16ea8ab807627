/* A contest's clarifications that follow the service's event stream.
 *
 * <ol id="clarifications" data-events="/api/clarifications/events?contest=ID"> lists what
 * the viewer may see; the stream (judge/service/api/clarifications.py) sends
 *
 *   event: clarification   data: one clarification (id, from_team, to_team, problem, text,
 *                          reply_to, time, question), each once, oldest first
 *
 * One not shown yet is appended, built from <template id="clarification-item"> with
 * textContent only. The list gets data-state="following" once the stream is open.
 */
(function () {
  "use strict";

  const list = document.getElementById("clarifications");
  if (!list || !window.EventSource) return;
  const template = document.getElementById("clarification-item");

  function field(item, name) {
    return item.querySelector(`[data-field="${name}"]`);
  }

  function add(clar) {
    if (list.querySelector(`[data-id="${clar.id}"]`)) return;
    const item = template.content.firstElementChild.cloneNode(true);
    item.dataset.id = String(clar.id);
    field(item, "time").textContent = clar.time.slice(0, 19).replace("T", " ");
    field(item, "from").textContent = clar.from_team ? "team " + clar.from_team : "jury";
    field(item, "to").textContent = clar.to_team ? "team " + clar.to_team
      : (clar.from_team ? "jury" : "all");
    field(item, "problem").textContent = clar.problem || "general";
    field(item, "question").textContent = clar.question || "";
    field(item, "question").hidden = !clar.question;
    field(item, "text").textContent = clar.text;
    list.appendChild(item);
    const empty = document.getElementById("no-clarifications");
    if (empty) empty.hidden = true;
  }

  const source = new EventSource(list.dataset.events);
  source.addEventListener("open", () => { list.dataset.state = "following"; });
  source.addEventListener("clarification", (event) => add(JSON.parse(event.data)));
})();
