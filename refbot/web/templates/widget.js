// refbot widget: a floating "Rules?" button that opens the chat in an isolated iframe.
// Works from <head> or <body>, async or deferred: it waits for the body when there is none yet.
(function () {
  var script = document.currentScript;
  var lang = (script && script.getAttribute("data-lang")) || "";
  var labels = {{ labels|tojson }};
  var texts = {{ texts|tojson }};
  var allowed = {{ allowed|tojson }};
  function text(key) { return (texts[lang] || texts.en)[key]; }
  // The chat lives beside this script: its own URL, never the Host header the server saw.
  var base = script && script.src ? script.src : window.location.href;
  var src = new URL({{ embed_path|tojson }}, base).href + (lang ? "?lang=" + encodeURIComponent(lang) : "");
  var here = window.location.origin;
  // The server only lets listed origins frame the chat (CSP frame-ancestors): say so in words
  // instead of showing the browser's broken-frame icon.
  var refused = allowed.indexOf(here) < 0 && new URL(src).origin !== here;

  function mount() {
    var host = document.createElement("div");
    host.setAttribute("data-refbot-widget", "");
    var root = host.attachShadow({ mode: "open" });
    var style = document.createElement("style");
    style.textContent =
      ":host{all:initial}" +
      ".btn{position:fixed;right:16px;bottom:16px;z-index:2147483647;font:600 16px/1 system-ui,sans-serif;" +
      "background:#3b6ea5;color:#fff;border:0;border-radius:24px;padding:12px 18px;cursor:pointer;" +
      "box-shadow:0 2px 8px rgba(0,0,0,.3)}" +
      ".panel{position:fixed;right:16px;bottom:72px;z-index:2147483647;width:min(420px,calc(100vw - 32px));" +
      "height:min(640px,calc(100vh - 96px));border:1px solid #ccc;border-radius:12px;background:#fff;" +
      "box-shadow:0 4px 16px rgba(0,0,0,.3);display:none;font:15px/1.4 system-ui,sans-serif;color:#222}" +
      ".panel.open{display:block}.panel iframe{width:100%;height:calc(100% - 40px);border:0;" +
      "border-radius:0 0 12px 12px}.bar{display:flex;justify-content:flex-end;height:40px}" +
      ".close{background:none;border:0;font:600 22px/1 system-ui,sans-serif;cursor:pointer;padding:0 14px;color:#333}" +
      ".refused{padding:16px}";
    var button = document.createElement("button");
    button.className = "btn";
    button.type = "button";
    button.textContent = labels[lang] || labels.en;
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-controls", "refbot-panel");
    var panel = document.createElement("div");
    panel.className = "panel";
    panel.id = "refbot-panel";
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-label", "refbot");
    var bar = document.createElement("div");
    bar.className = "bar";
    var close = document.createElement("button");
    close.className = "close";
    close.type = "button";
    close.textContent = "×";
    close.setAttribute("aria-label", text("close"));
    bar.appendChild(close);
    panel.appendChild(bar);
    var frame = null;
    if (refused) {
      var note = document.createElement("p");
      note.className = "refused";
      note.setAttribute("role", "alert");
      note.textContent = text("refused").replace("{origin}", here);
      panel.appendChild(note);
    } else {
      frame = document.createElement("iframe");
      frame.title = "refbot";
      panel.appendChild(frame);
    }
    function setOpen(open) {
      panel.classList.toggle("open", open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
      if (open) {
        if (frame && !frame.src) frame.src = src;
        close.focus();
      } else {
        button.focus();
      }
    }
    button.addEventListener("click", function () { setOpen(!panel.classList.contains("open")); });
    close.addEventListener("click", function () { setOpen(false); });
    root.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && panel.classList.contains("open")) setOpen(false);
    });
    root.appendChild(style);
    root.appendChild(panel);
    root.appendChild(button);
    document.body.appendChild(host);
  }

  if (document.body) mount();
  else document.addEventListener("DOMContentLoaded", mount);
})();
