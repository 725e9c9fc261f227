from __future__ import annotations

from pathlib import Path

import pytest

from refbot.config import Settings, load_settings
from refbot.errors import ConfigError


def test_defaults_when_nothing_is_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert load_settings(env={}) == Settings()


def test_env_overrides_toml_which_overrides_defaults(tmp_path: Path) -> None:
    config = tmp_path / "refbot.toml"
    config.write_text('[refbot]\nmodel = "from-toml"\nk = 7\n', encoding="utf-8")
    settings = load_settings(config, env={"REFBOT_MODEL": "from-env"})
    assert settings.model == "from-env"
    assert settings.k == 7
    assert settings.index_dir == Settings().index_dir


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[refbot]\nk = "many"\n', "'k' has invalid value"),
        ("[refbot]\ncolour = 1\n", "unknown setting 'colour'"),
        ("[refbot\n", "not valid TOML"),
        ("[refbot]\nk = 0\n", "must be at least 1"),
    ],
)
def test_bad_toml_names_the_file_and_the_setting(tmp_path: Path, text: str, message: str) -> None:
    config = tmp_path / "refbot.toml"
    config.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=message) as info:
        load_settings(config, env={})
    assert str(config) in str(info.value)


def test_bad_env_value_is_reported() -> None:
    with pytest.raises(ConfigError, match="environment: setting 'k'"):
        load_settings(None, env={"REFBOT_K": "x"})


def test_missing_explicit_config_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not found"):
        load_settings(tmp_path / "absent.toml", env={})


@pytest.mark.parametrize(
    ("value", "expected"), [("y", True), ("yes", True), ("on", True), ("n", False), ("", False)]
)
def test_switches_read_the_rules_core_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str, expected: bool
) -> None:
    monkeypatch.chdir(tmp_path)
    assert load_settings(env={"REFBOT_PRELOAD": value}).preload is expected


def test_bad_switch_is_reported() -> None:
    with pytest.raises(ConfigError, match="'preload' has invalid value 'maybe': expected yes"):
        load_settings(None, env={"REFBOT_PRELOAD": "maybe"})


@pytest.mark.parametrize("value", ["banana", "60 per fortnight"])
def test_a_malformed_rate_limit_is_refused_at_start(value: str) -> None:
    with pytest.raises(ConfigError, match="rate_limit"):
        load_settings(None, env={"REFBOT_RATE_LIMIT": value})


def test_origins_may_be_separated_by_commas_semicolons_or_spaces() -> None:
    settings = load_settings(
        None,
        env={"REFBOT_ALLOWED_ORIGINS": "https://a.example; https://b.example,https://c.example"},
    )
    assert settings.origins == ["https://a.example", "https://b.example", "https://c.example"]


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("RATE_LIMIT_EXPENSIVE", "ten per minute", "'rate_limit_expensive' has invalid value"),
        ("RATE_LIMIT_PAGES", "60 per fortnight", "'rate_limit_pages' has invalid value"),
        ("RATE_LIMIT_STORAGE", "mongodb://db/0", "must be memory:// or a redis:// URI"),
        ("RATE_LIMIT_STORAGE", "redis://host:port/0", "'rate_limit_storage' has invalid value"),
        ("PROXIES", "-1", "must be at least 0"),
    ],
)
def test_serving_settings_are_checked_at_start(name: str, value: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_settings(None, env={f"REFBOT_{name}": value})


def test_serving_settings_read_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    settings = load_settings(
        env={
            "REFBOT_RATE_LIMIT_STORAGE": "redis://127.0.0.1:6379/0",
            "REFBOT_RATE_LIMIT_EXPENSIVE": "5 per minute",
            "REFBOT_PROXIES": "0",
        }
    )
    assert settings.rate_limit_storage == "redis://127.0.0.1:6379/0"
    assert (settings.rate_limit_expensive, settings.proxies) == ("5 per minute", 0)
    assert Settings().rate_limit_storage == "memory://"


# --- the question log (issue 17) --------------------------------------------------------------


def test_store_settings_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    env = {
        "REFBOT_STORE_URL": "postgresql+psycopg://refbot@db.example/refbot",
        "REFBOT_LOG_QUESTIONS": "0",
        "REFBOT_RETENTION_DAYS": "0",
        "REFBOT_ADMIN_TOKEN": "a-long-enough-admin-token",
    }
    settings = load_settings(env=env)
    assert settings.database_url == env["REFBOT_STORE_URL"]
    assert settings.log_questions is False and settings.retention_days == 0
    assert settings.admin_token == env["REFBOT_ADMIN_TOKEN"]


@pytest.mark.parametrize(
    ("key", "value", "names"),
    [
        ("store_url", "not a url", "SQLAlchemy database URL"),
        ("retention_days", "-1", "at least 0"),
        ("log_questions", "maybe", "log_questions"),
        ("admin_token", "short", "at least 16"),
    ],
)
def test_bad_store_settings_are_refused_by_name(
    key: str, value: str, names: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=names):
        load_settings(env={f"REFBOT_{key.upper()}": value})
