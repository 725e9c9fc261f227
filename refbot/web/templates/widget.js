// refbot widget: a floating "Rules?" button that opens the chat in an isolated iframe.
(function () {
  var script = document.currentScript;
  var lang = (script && script.getAttribute("data-lang")) || "";
  var labels = {{ labels|tojson }};
  // The chat lives beside this script: its own URL, never the Host header the server saw.
  var base = script && script.src ? script.src : window.location.href;
  var src = new URL({{ embed_path|tojson }}, base).href + (lang ? "?lang=" + encodeURIComponent(lang) : "");
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
    "box-shadow:0 4px 16px rgba(0,0,0,.3);display:none}" +
    ".panel.open{display:block}.panel iframe{width:100%;height:100%;border:0;border-radius:12px}";
  var button = document.createElement("button");
  button.className = "btn";
  button.type = "button";
  button.textContent = labels[lang] || labels.en;
  var panel = document.createElement("div");
  panel.className = "panel";
  var frame = document.createElement("iframe");
  frame.title = "refbot";
  panel.appendChild(frame);
  button.addEventListener("click", function () {
    if (!frame.src) frame.src = src;
    panel.classList.toggle("open");
  });
  root.appendChild(style);
  root.appendChild(panel);
  root.appendChild(button);
  document.body.appendChild(host);
})();
