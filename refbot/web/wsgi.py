"""The WSGI application gunicorn serves: `gunicorn 'refbot.web.wsgi:app'`."""

from __future__ import annotations

from refbot.errors import RefbotError
from refbot.web import create_app

try:
    app = create_app()
except RefbotError as exc:
    # A bad setting (an unreachable Redis, a malformed limit) is one line, not a traceback.
    raise SystemExit(f"error: {exc}") from None
