"""Serve the example club website on its own port, as a club would host it elsewhere."""

from __future__ import annotations

import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

DEMO_SITE = Path(__file__).resolve().parent.parent.parent / "examples" / "club-site"
DEFAULT_REFBOT = "http://127.0.0.1:5000"
# The club's pages: the widget in the body (index.html) and in the head, async (head.html).
PAGES = ("index.html", "head.html")


class _Handler(SimpleHTTPRequestHandler):
    refbot_url = DEFAULT_REFBOT

    def do_GET(self) -> None:
        name = "index.html" if self.path == "/" else self.path.lstrip("/")
        if name in PAGES:
            page = (DEMO_SITE / name).read_text(encoding="utf-8")
            body = page.replace(DEFAULT_REFBOT, self.refbot_url).encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve_demo_site(host: str, port: int, refbot_url: str) -> ThreadingHTTPServer:
    """Start the demo club site in a background thread, pointing its widget at refbot_url."""
    handler = type("DemoHandler", (_Handler,), {"refbot_url": refbot_url})
    server = ThreadingHTTPServer((host, port), partial(handler, directory=str(DEMO_SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
