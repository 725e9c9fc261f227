"""The chat page's conversation history: earlier turns carried by the page in one signed value.

Nothing is stored on the server and no login is needed: each answer page puts the turns so far
into its form, signed (itsdangerous) so that a link cannot show answers refbot never gave.
"""

from __future__ import annotations

import logging
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from itsdangerous import BadSignature, URLSafeSerializer

SECRET_FILE = "secret_key"  # in the index folder, shared by the workers of one machine
# The signed value travels in the query string of a GET form; nginx reads request lines up to
# 8 KB (deploy/nginx.conf.template), so older turns are dropped beyond this.
MAX_VALUE_CHARS = 4000

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Turn:
    """One earlier question and refbot's answer to it, in the answer's language."""

    question: str
    answer: str
    lang: str


class History:
    """Signs the turns of a conversation into one form value, and reads them back."""

    def __init__(self, secret: str, turns: int) -> None:
        self._serializer = URLSafeSerializer(secret, salt="refbot.history")
        self.turns = turns

    def dump(self, turns: Sequence[Turn]) -> str:
        """Return the last turns (as many as fit) as one signed value; "" for none."""
        kept = list(turns)[-self.turns :]
        while kept:
            value = self._serializer.dumps([[t.question, t.answer, t.lang] for t in kept])
            if len(value) <= MAX_VALUE_CHARS:
                return str(value)
            kept = kept[1:]
        return ""

    def load(self, value: str) -> list[Turn]:
        """Return the turns of a signed value; none when it is empty, altered or malformed."""
        if not value or len(value) > MAX_VALUE_CHARS:
            return []
        try:
            data = self._serializer.loads(value)
        except BadSignature:
            return []
        if not isinstance(data, list):
            return []
        return [
            Turn(*item)
            for item in data
            if isinstance(item, list) and len(item) == 3 and all(isinstance(x, str) for x in item)
        ][-self.turns :]


def secret_key(configured: str, index_dir: Path) -> str:
    """Return the configured key, else the one kept in the index folder (created once).

    A key per process would make one gunicorn worker refuse the history another signed.
    """
    if configured:
        return configured
    path = index_dir / SECRET_FILE
    try:
        return path.read_text(encoding="ascii").strip() or _create(path)
    except FileNotFoundError:
        try:
            return _create(path)
        except FileExistsError:  # another worker created it first
            return path.read_text(encoding="ascii").strip()
    except OSError as exc:
        log.warning("cannot read %s (%s): chat history lasts only until a restart", path, exc)
        return secrets.token_hex(32)


def _create(path: Path) -> str:
    key = secrets.token_hex(32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise
    except OSError as exc:
        log.warning("cannot write %s (%s): chat history lasts only until a restart", path, exc)
        return key
    with os.fdopen(descriptor, "w", encoding="ascii") as handle:
        handle.write(key)
    return key
