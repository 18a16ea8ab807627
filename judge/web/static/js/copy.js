/* Copy buttons: <button class="copy" data-copy-b64="..."> copies exactly the bytes it carries.
 * The text shown in a <pre> may have lost a carriage return or a leading newline to the HTML
 * parser; the base64 payload has not. The bytes are decoded as UTF-8 for the clipboard. */
(function () {
  "use strict";

  function decode(b64) {
    const binary = atob(b64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  }

  // Without a secure context (a service reached over plain http by another name than
  // localhost) navigator.clipboard is absent; a selected textarea still copies.
  function fallbackCopy(text) {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand("copy");
    area.remove();
    return done ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    return fallbackCopy(text);
  }

  function flash(button, label) {
    const original = button.dataset.label || button.textContent;
    button.dataset.label = original;
    button.textContent = label;
    button.classList.toggle("copied", label === "Copied");
    setTimeout(() => {
      button.textContent = original;
      button.classList.remove("copied");
    }, 1500);
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-copy-b64]");
    if (!button) return;
    copy(decode(button.dataset.copyB64)).then(
      () => flash(button, "Copied"),
      () => flash(button, "Copy failed"),
    );
  });
})();
