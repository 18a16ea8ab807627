/* Figures as the pages print them (the templates' ms, kb and score filters), for the scripts
 * that fill a page in as results arrive (live.js, feed.js). Loaded before them. */
window.judgeFormat = (function () {
  "use strict";

  function missing(value) {
    return value === null || value === undefined;
  }

  return {
    ms: (value) => (missing(value) ? "" : String(Math.round(value))),
    kb: (value) => (missing(value) ? "" : String(value)),
    // As judge.report.format_score writes it: "-" for none, else at most six digits.
    score: (value) => (missing(value) ? "-" : String(Number(value.toPrecision(6)))),
  };
})();
