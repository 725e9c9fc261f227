"""Answer within Discord's 3 seconds: at once when quick, else deferred and sent by webhook."""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

log = logging.getLogger(__name__)

# Discord drops an interaction not answered within 3 s; past this, refbot says "thinking…"
# (a deferred response) and edits the answer in when it is ready (up to 15 minutes).
BUDGET_SECONDS = 2.5
WORKERS = 4  # answers computed at once per process; more wait their turn
TIMEOUT_SECONDS = 10.0
DEFERRED_CHANNEL_MESSAGE = 5
EPHEMERAL = 1 << 6

Response = dict[str, Any]


class Responder:
    """Computes each response in a worker thread and waits for it only as long as Discord does."""

    def __init__(self, api_url: str, budget: float = BUDGET_SECONDS) -> None:
        self.api_url = api_url.rstrip("/")
        self.budget = budget
        self._pool: ThreadPoolExecutor | None = None
        self._pid = 0
        self._lock = threading.Lock()

    def _executor(self) -> ThreadPoolExecutor:
        """Return this process's pool, made on first use: each gunicorn worker has its own."""
        with self._lock:
            if self._pool is None or self._pid != os.getpid():
                self._pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="refbot-discord")
                self._pid = os.getpid()
            return self._pool

    def respond(
        self,
        application_id: str,
        token: str,
        private: bool,
        compute: Callable[[], Response],
        failed: str,
    ) -> Response:
        """Return compute's response, or a deferred one when it takes longer than the budget.

        A deferred answer is sent when ready by editing the original response through the
        interaction's webhook (application id and token); `private` keeps it ephemeral;
        `failed` is what to say should compute raise.
        """
        future = self._executor().submit(compute)
        try:
            return future.result(timeout=self.budget)
        except FutureTimeout:
            future.add_done_callback(
                lambda done: self._follow_up(application_id, token, done, failed)
            )
            log.info("discord: answer deferred after %.1f s", self.budget)
            deferred: Response = {"type": DEFERRED_CHANNEL_MESSAGE}
            if private:
                deferred["data"] = {"flags": EPHEMERAL}
            return deferred

    def _follow_up(
        self, application_id: str, token: str, done: Future[Response], failed: str
    ) -> None:
        """Edit the deferred response into the answer (or say that it failed)."""
        url = f"{self.api_url}/webhooks/{application_id}/{token}/messages/@original"
        try:
            data = dict(done.result().get("data", {}))
        except Exception:
            log.exception("discord: a deferred answer failed")
            data = {"content": failed}
        data.pop("flags", None)  # set by the deferral; an edit cannot change it
        import httpx  # here: a worker that never defers an answer does not load it

        try:
            response = httpx.patch(url, json=data, timeout=TIMEOUT_SECONDS)
            if response.status_code >= 400:
                log.error(
                    "discord: the deferred answer was refused (HTTP %s): %s",
                    response.status_code,
                    response.text[:200],
                )
        except httpx.HTTPError as exc:
            log.error("discord: cannot send the deferred answer: %s", exc)
