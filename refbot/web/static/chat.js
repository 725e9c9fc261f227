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
    // Over the limit, the browser refuses to send and says so (a maxlength would cut a pasted
    // post silently); without this script the page answers with the same message.
    var limit = parseInt(box.getAttribute("data-limit"), 10);
    function check() {
      box.setCustomValidity(limit && box.value.length > limit ? box.getAttribute("data-too-long") : "");
    }
    box.addEventListener("input", check);
    check();
    box.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing && box.value.trim()) {
        event.preventDefault();
        if (!box.checkValidity()) box.reportValidity();
        else if (box.form.requestSubmit) box.form.requestSubmit();
        else box.form.submit();
      }
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
