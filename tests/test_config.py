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
        ('[refbot]\nk = "many"\n', "k: expected a whole number \\(at least 1\\), got 'many'"),
        ("[refbot]\ncolour = 1\n", "unknown setting 'colour'"),
        ("[refbot\n", "not valid TOML"),
        ("[refbot]\nk = 0\n", "k: expected a whole number of at least 1, got 0"),
    ],
)
def test_bad_toml_names_the_file_and_the_setting(tmp_path: Path, text: str, message: str) -> None:
    config = tmp_path / "refbot.toml"
    config.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=message) as info:
        load_settings(config, env={})
    assert str(config) in str(info.value)


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("K", "abc", "REFBOT_K: expected a whole number (at least 1), got 'abc'"),
        ("K", "2.5", "REFBOT_K: expected a whole number (at least 1), got '2.5'"),
        ("THREADS", "0", "REFBOT_THREADS: expected a whole number of at least 1, got '0'"),
        ("RETENTION_DAYS", "-3", "REFBOT_RETENTION_DAYS: expected a whole number of at least 0"),
        ("PRELOAD", "maybe", "REFBOT_PRELOAD: expected yes or no (true/false, on/off, 1/0)"),
        ("INDEX_DIR", " ", "REFBOT_INDEX_DIR: expected a path to a folder or file, got ' '"),
        ("INDEX_TYPE", "tree", "REFBOT_INDEX_TYPE: expected flat, hnsw or ivf, got 'tree'"),
        (
            "DEFAULT_LANG",
            "zz",
            "REFBOT_DEFAULT_LANG: expected a known ISO 639-1 language code such as en, got 'zz'",
        ),
        ("DEFAULT_LANG", "english", "REFBOT_DEFAULT_LANG: expected a known ISO 639-1"),
    ],
)
def test_bad_env_value_names_the_variable_and_what_was_expected(
    name: str, value: str, message: str
) -> None:
    with pytest.raises(ConfigError) as info:
        load_settings(None, env={f"REFBOT_{name}": value})
    assert str(info.value).startswith(message)
    assert "invalid literal" not in str(info.value)


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
    with pytest.raises(ConfigError, match="REFBOT_PRELOAD: expected yes or no"):
        load_settings(None, env={"REFBOT_PRELOAD": "maybe"})


@pytest.mark.parametrize("value", ["banana", "60 per fortnight"])
def test_a_malformed_rate_limit_is_refused_at_start(value: str) -> None:
    with pytest.raises(ConfigError, match="REFBOT_RATE_LIMIT: expected a rate"):
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
        ("RATE_LIMIT_EXPENSIVE", "ten per minute", "REFBOT_RATE_LIMIT_EXPENSIVE: expected a rate"),
        ("RATE_LIMIT_PAGES", "60 per fortnight", "REFBOT_RATE_LIMIT_PAGES: expected a rate"),
        ("RATE_LIMIT_STORAGE", "mongodb://db/0", "expected memory:// or a redis:// URI"),
        ("RATE_LIMIT_STORAGE", "redis://host:port/0", "REFBOT_RATE_LIMIT_STORAGE: "),
        ("PROXIES", "-1", "expected a whole number of at least 0"),
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
        ("log_questions", "maybe", "REFBOT_LOG_QUESTIONS: expected yes or no"),
        ("admin_token", "short", "at least 16"),
    ],
)
def test_bad_store_settings_are_refused_by_name(
    key: str, value: str, names: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=names):
        load_settings(env={f"REFBOT_{key.upper()}": value})
