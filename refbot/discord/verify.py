"""Verify Discord's signed requests: Ed25519 over timestamp + body, fresh, and never seen before."""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from cachetools import TTLCache
from nacl.exceptions import BadSignatureError, CryptoError
from nacl.signing import VerifyKey

from refbot.errors import ConfigError, InteractionRefused

# Discord signs each request as it sends it: an older timestamp is a replay or a clock far off.
WINDOW_SECONDS = 300
SIGNATURE_BYTES = 64
SEEN_MAX = 100_000  # requests remembered per process (memory); Discord sends far fewer in a window
SEEN_PREFIX = "refbot:discord:seen:"

log = logging.getLogger(__name__)


class SeenRequests(Protocol):
    """Remembers signed requests for a while, to refuse them the second time."""

    def first(self, key: str, seconds: int) -> bool:
        """Remember key for seconds; return False when it was already remembered."""


class MemorySeen:
    """Signed requests seen by this process (each gunicorn worker has its own)."""

    def __init__(self, maxsize: int = SEEN_MAX, seconds: int = 2 * WINDOW_SECONDS) -> None:
        self._seen: TTLCache[str, bool] = TTLCache(maxsize, seconds)
        self._lock = threading.Lock()

    def first(self, key: str, seconds: int) -> bool:
        """Remember key; return False when it was already remembered."""
        with self._lock:
            if key in self._seen:
                return False
            self._seen[key] = True
            return True


class RedisSeen:
    """Signed requests seen by any worker, in the Redis the rate limits already use."""

    def __init__(self, client: Any, fallback: SeenRequests | None = None) -> None:
        self._client = client
        self._fallback = fallback or MemorySeen()

    @classmethod
    def from_url(cls, uri: str) -> RedisSeen:
        """Connect lazily to a limits-style storage URI (redis://, rediss://, redis+unix://)."""
        import redis

        if uri.startswith("redis+unix://"):
            uri = "unix://" + uri[len("redis+unix://") :]
        return cls(redis.Redis.from_url(uri, socket_timeout=1.0, socket_connect_timeout=1.0))

    def first(self, key: str, seconds: int) -> bool:
        """Remember key in Redis (SET NX EX); this process's memory when Redis is away."""
        import redis

        try:
            return bool(self._client.set(SEEN_PREFIX + key, b"1", nx=True, ex=seconds))
        except redis.RedisError as exc:
            # As the rate limits do: count on our own until Redis is back, rather than refuse.
            log.warning("discord: Redis unreachable for replay checks, using memory: %s", exc)
            return self._fallback.first(key, seconds)


def seen_store(storage_uri: str) -> SeenRequests:
    """Return the replay store for the rate-limit storage URI: Redis when it is Redis."""
    if storage_uri.startswith(("redis://", "rediss://", "redis+unix://")):
        return RedisSeen.from_url(storage_uri)
    return MemorySeen()


@dataclass
class Verifier:
    """Checks a request exactly as Discord specifies, then that it is fresh and new."""

    key: VerifyKey
    seen: SeenRequests = field(default_factory=MemorySeen)
    window: int = WINDOW_SECONDS
    clock: Callable[[], float] = time.time

    @classmethod
    def from_hex(cls, public_key: str, seen: SeenRequests | None = None) -> Verifier:
        """Return a verifier for the application's public key as the Developer Portal shows it."""
        try:
            key = VerifyKey(bytes.fromhex(public_key.strip()))
        except (ValueError, TypeError, CryptoError):
            raise ConfigError(
                "setting 'discord_public_key': not an Ed25519 public key (64 hexadecimal "
                "characters, the Developer Portal's General Information → Public Key)"
            ) from None
        return cls(key, seen or MemorySeen())

    def verify(self, signature: str | None, timestamp: str | None, body: bytes) -> None:
        """Raise InteractionRefused unless the request is signed, fresh and not seen before."""
        if not signature or not timestamp:
            raise InteractionRefused(
                "missing X-Signature-Ed25519 or X-Signature-Timestamp header", "unsigned"
            )
        try:
            raw = bytes.fromhex(signature)
        except ValueError:
            raw = b""
        if len(raw) != SIGNATURE_BYTES:
            raise InteractionRefused("X-Signature-Ed25519 is not 64 hexadecimal bytes", "malformed")
        # WSGI gives headers decoded as Latin-1: encoding back gives the bytes Discord signed.
        message = timestamp.encode("latin-1", "replace") + body
        try:
            self.key.verify(message, raw)
        except BadSignatureError:
            raise InteractionRefused("the signature does not match", "bad_signature") from None
        # Only a genuine signature's timestamp is trusted, and only genuine requests remembered.
        try:
            sent = int(timestamp)
        except ValueError:
            raise InteractionRefused(
                "X-Signature-Timestamp is not a Unix time", "malformed"
            ) from None
        if abs(self.clock() - sent) > self.window:
            raise InteractionRefused(
                f"the timestamp is more than {self.window} s from now", "stale"
            )
        # The signed message, not the signature: another valid signature of it is the same request.
        digest = hashlib.sha256(message).hexdigest()
        if not self.seen.first(digest, 2 * self.window):
            raise InteractionRefused("this signed request was already received", "replayed")
