/* TeX in statements: elements of class "math" hold the TeX as text (judge.web.statement);
 * KaTeX (vendored) typesets each in place. A formula KaTeX cannot read stays as its TeX in red
 * rather than stopping the page. */
(function () {
  "use strict";
  document.querySelectorAll(".math").forEach((element) => {
    katex.render(element.textContent, element, {
      displayMode: element.classList.contains("block"),
      throwOnError: false,
    });
  });
})();
