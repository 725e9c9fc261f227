// Progressive enhancement of the feedback form: send it to the JSON API and say thanks in
// place, so the answer stays on screen. Without JavaScript the form posts to /feedback.
(function () {
  "use strict";
  var form = document.querySelector("form.feedback");
  if (!form || !window.fetch) return;
  form.addEventListener("submit", function (event) {
    var button = event.submitter;
    if (!button || !button.value) return;
    event.preventDefault();
    var correction = form.elements.correction.value.trim();
    var body = {
      answer_id: form.elements.answer_id.value,
      helpful: button.value === "yes",
      correction: correction || null,
      channel: form.elements.embedded ? "widget" : "page"
    };
    fetch(form.getAttribute("data-api"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body)
    }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      var thanks = document.createElement("p");
      thanks.className = "notice";
      thanks.setAttribute("role", "status");
      thanks.textContent = form.getAttribute("data-thanks");
      form.replaceWith(thanks);
    }).catch(function () {
      // The plain form post still works; submit() leaves out the button, so add its value.
      var helpful = document.createElement("input");
      helpful.type = "hidden";
      helpful.name = "helpful";
      helpful.value = button.value;
      form.appendChild(helpful);
      form.submit();
    });
  });
})();
