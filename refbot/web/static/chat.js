// The chat page works without this script; with it, the latest answer is scrolled into view
// below the conversation so far, and Enter asks (Shift+Enter starts a new line).
(function () {
  "use strict";
  function ready() {
    var box = document.getElementById("q");
    var answer = document.querySelector(".answer");
    if (answer && document.querySelector(".history")) {
      answer.scrollIntoView({ block: "start" });
    }
    if (!box) return;
    box.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing && box.value.trim()) {
        event.preventDefault();
        if (box.form.requestSubmit) box.form.requestSubmit();
        else box.form.submit();
      }
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
