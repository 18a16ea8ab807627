/* The submit form (templates/site/problem.html): choosing a file picks the language of its
 * extension in the language list, which stays changeable. Without this script the server
 * decides from the file name as well. */
(function () {
  "use strict";

  const form = document.getElementById("submit-form");
  if (!form) return;
  const file = form.querySelector("#file");
  const language = form.querySelector("#language");

  file.addEventListener("change", () => {
    const name = file.files.length ? file.files[0].name : "";
    const dot = name.lastIndexOf(".");
    const extension = dot >= 0 ? name.slice(dot).toLowerCase() : "";
    const match = Array.from(language.options).find((option) =>
      (option.dataset.extensions || "").split(" ").includes(extension),
    );
    language.value = match ? match.value : "";
  });
})();
