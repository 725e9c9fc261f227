"""POST /discord/interactions end to end: real Ed25519 signatures over real interaction payloads."""

from __future__ import annotations

import json
import logging
import os
import shutil
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient
from nacl.signing import SigningKey
from werkzeug.test import TestResponse

from refbot.bot import Refbot
from refbot.cli import main
from refbot.config import Settings, load_settings
from refbot.discord.commands import command_definition, valid_name
from refbot.discord.messages import (
    BUTTON_LABEL_MAX,
    CUSTOM_ID_MAX,
    DESCRIPTION_MAX,
    EMBED_TOTAL_MAX,
    FIELD_NAME_MAX,
    FIELD_VALUE_MAX,
    FIELDS_MAX,
    TITLE_MAX,
    ButtonId,
    clip,
    embed_length,
    fit,
    language_of,
)
from refbot.errors import ConfigError
from refbot.i18n import translations
from refbot.web import create_app
from tests.helpers import free_port, running_redis

APPLICATION_ID = "1180000000000000001"
GUILD_ID = "1180000000000000002"
CHANNEL_ID = "1180000000000000003"
USER_ID = "1180000000000000004"
QUESTIONS = {
    "en-US": ("my goblins fled 7, the pursuers rolled 7, what happens?", "en"),
    "es-ES": ("¿Puedo arrasar si destruí la unidad enemiga en el primer turno?", "es"),
    "ru": ("Мои гоблины бежали на 4, преследователи выбросили 3. Их поймали?", "ru"),
}


@pytest.fixture
def key() -> SigningKey:
    """The application's key pair, as the Developer Portal would hold it (made per test)."""
    return SigningKey.generate()


@pytest.fixture
def app(settings: Settings, bot: Refbot, key: SigningKey) -> Flask:
    configured = settings.with_overrides(
        discord_public_key=key.verify_key.encode().hex(),
        discord_application_id=APPLICATION_ID,
        preload=False,
        rate_limit_pages="2 per minute",  # Discord's requests must not count against a client
    )
    bot.settings = configured
    return create_app(configured, bot)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


# --- real interaction payloads, signed ------------------------------------------------------


_counter = iter(range(10**6))


def snowflake() -> str:
    return str(1181000000000000000 + next(_counter))


def member() -> dict[str, Any]:
    return {
        "user": {
            "id": USER_ID,
            "username": "umpire",
            "global_name": "Umpire",
            "discriminator": "0",
        },
        "roles": [],
        "permissions": "2248473465835073",
        "nick": None,
        "joined_at": "2026-01-01T00:00:00.000000+00:00",
        "deaf": False,
        "mute": False,
        "flags": 0,
    }


def base(kind: int, locale: str | None) -> dict[str, Any]:
    """The fields every interaction Discord sends has (a PING has no member nor locale)."""
    data: dict[str, Any] = {
        "id": snowflake(),
        "application_id": APPLICATION_ID,
        "type": kind,
        "token": "aW50ZXJhY3Rpb246" + "x" * 150,
        "version": 1,
        "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD_ID},
    }
    if locale is not None:
        data.update(
            guild_id=GUILD_ID,
            guild={"id": GUILD_ID, "locale": "en-US", "features": []},
            guild_locale="en-US",
            channel_id=CHANNEL_ID,
            channel={"id": CHANNEL_ID, "type": 0, "guild_id": GUILD_ID, "name": "rules-questions"},
            member=member(),
            locale=locale,
            app_permissions="2248473465835073",
            context=0,
        )
    return data


def ping() -> dict[str, Any]:
    data = base(1, None)
    data["user"] = {"id": USER_ID, "username": "discord", "discriminator": "0000"}
    return data


def slash(question: str, locale: str) -> dict[str, Any]:
    data = base(2, locale)
    data["data"] = {
        "id": "1180000000000000010",
        "name": "rules",
        "type": 1,
        "options": [{"name": "question", "type": 3, "value": question}],
    }
    return data


def press(custom_id: str, message: dict[str, Any], locale: str) -> dict[str, Any]:
    """A button press: Discord sends the whole message the button is under."""
    data = base(3, locale)
    data["data"] = {"custom_id": custom_id, "component_type": 2}
    data["message"] = {
        "id": snowflake(),
        "type": 20,
        "channel_id": CHANNEL_ID,
        "author": {"id": APPLICATION_ID, "username": "refbot", "bot": True, "discriminator": "0"},
        "content": "",
        "embeds": message.get("embeds", []),
        "components": message.get("components", []),
        "timestamp": "2026-12-01T02:00:00.000000+00:00",
        "flags": 0,
        "interaction_metadata": {"id": snowflake(), "type": 2, "user": member()["user"]},
    }
    return data


def sign(key: SigningKey, body: bytes, timestamp: str | None = None) -> dict[str, str]:
    """Sign as Discord does: Ed25519 over the timestamp followed by the raw body."""
    timestamp = timestamp or str(int(time.time()))
    signature = key.sign(timestamp.encode() + body).signature.hex()
    return {"X-Signature-Ed25519": signature, "X-Signature-Timestamp": timestamp}


def post(
    client: FlaskClient, key: SigningKey, payload: dict[str, Any], **headers: str
) -> TestResponse:
    body = json.dumps(payload, ensure_ascii=False).encode()
    signed = {**sign(key, body), **headers}
    return client.post(
        "/discord/interactions", data=body, headers=signed, content_type="application/json"
    )


def within_limits(embed: dict[str, Any]) -> None:
    """Assert an embed is one Discord accepts."""
    assert len(embed.get("title", "")) <= TITLE_MAX
    assert len(embed.get("description", "")) <= DESCRIPTION_MAX
    assert len(embed.get("fields", [])) <= FIELDS_MAX
    for f in embed.get("fields", []):
        assert 0 < len(f["name"]) <= FIELD_NAME_MAX and 0 < len(f["value"]) <= FIELD_VALUE_MAX
    assert embed_length(embed) <= EMBED_TOTAL_MAX


# --- PING ------------------------------------------------------------------------------------


def test_ping_is_answered_with_pong(client: FlaskClient, key: SigningKey) -> None:
    response = post(client, key, ping())
    assert response.status_code == 200 and response.get_json() == {"type": 1}


# --- the slash command -----------------------------------------------------------------------


@pytest.mark.parametrize("locale", list(QUESTIONS))
def test_the_command_is_answered_in_three_locales(
    client: FlaskClient, key: SigningKey, bot: Refbot, locale: str
) -> None:
    question, lang = QUESTIONS[locale]
    response = post(client, key, slash(question, locale))
    assert response.status_code == 200
    body = response.get_json()
    assert body["type"] == 4 and "flags" not in body["data"]  # in the channel, for everyone
    assert body["data"]["allowed_mentions"] == {"parse": []}
    expected = bot.ask(question, lang_prior=language_of(locale))
    assert expected.lang == lang and expected.rule is not None
    (embed,) = body["data"]["embeds"]
    within_limits(embed)
    assert embed["title"] == question and embed["description"] == expected.answer
    _ = translations(lang).gettext
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert set(fields) == {
        _("Computed outcome"),
        _("What I read from your question"),
        _("Sources"),
    }
    # Each value as the reader says it: "sí", not "yes".
    for value in expected.situation.inputs.values():  # type: ignore[union-attr]
        shown = {"yes": _("yes"), "no": _("no")}.get(value, value)
        assert f"**{shown}**" in fields[_("What I read from your question")]
    assert expected.citations[0].heading in fields[_("Sources")]
    assert embed["footer"]["text"] == f"{_('Confidence')}: {expected.confidence * 100:.0f} %"
    (row,) = body["data"]["components"]
    labels = [b["label"] for b in row["components"]]
    assert labels == [_("Show sources"), _("Helpful"), _("Not helpful")]
    for button in row["components"]:
        assert len(button["custom_id"]) <= CUSTOM_ID_MAX and len(button["label"]) <= 80
        assert ButtonId.parse(button["custom_id"]).lang == lang  # type: ignore[union-attr]


def test_a_question_too_short_to_tell_is_in_the_askers_language(
    client: FlaskClient, key: SigningKey, bot: Refbot
) -> None:
    body = post(client, key, slash("Verfolgung?", "de")).get_json()
    (embed,) = body["data"]["embeds"]
    assert embed["description"] == bot.ask("Verfolgung?", lang="de").answer
    assert embed["fields"][-1]["name"] == "Quellen"
    assert body["data"]["components"][0]["components"][0]["label"] == "Quellen zeigen"


def test_a_long_question_is_kept_whole_for_the_buttons(
    client: FlaskClient, key: SigningKey, bot: Refbot
) -> None:
    question = QUESTIONS["en-US"][0] + " " + "Also, in the same turn, " * 14 + "what then?"
    assert TITLE_MAX < len(question) <= 1000
    message = post(client, key, slash(question, "en-US")).get_json()["data"]
    (embed,) = message["embeds"]
    within_limits(embed)
    assert embed["title"].endswith("…") and embed["fields"][0] == {
        "name": "Question",
        "value": question,
        "inline": False,
    }
    sources = message["components"][0]["components"][0]["custom_id"]
    shown = post(client, key, press(sources, message, "en-US")).get_json()
    assert shown["data"]["flags"] == 64
    assert len(shown["data"]["embeds"][0]["fields"]) == len(bot.ask(question).citations)


def test_an_empty_question_is_answered_privately(client: FlaskClient, key: SigningKey) -> None:
    body = post(client, key, slash("   ", "fr")).get_json()
    assert body["data"]["flags"] == 64
    assert body["data"]["content"] == translations("fr").gettext(
        "Ask a rules question, in any language"
    )


def test_a_question_over_the_limit_is_refused_in_the_askers_language(
    client: FlaskClient, key: SigningKey
) -> None:
    body = post(client, key, slash("x" * 1001, "ru")).get_json()
    assert body["data"] == {
        "content": "Вопрос слишком длинный: не больше 1\xa0000 символов.",
        "flags": 64,
        "allowed_mentions": {"parse": []},
    }


# --- buttons ---------------------------------------------------------------------------------


def answered(client: FlaskClient, key: SigningKey, locale: str = "es-ES") -> dict[str, Any]:
    """Return the message refbot posted for a /rules question."""
    data: dict[str, Any] = post(client, key, slash(QUESTIONS[locale][0], locale)).get_json()
    return data["data"]  # type: ignore[no-any-return]


def button(message: dict[str, Any], action: str) -> str:
    for b in message["components"][0]["components"]:
        if ButtonId.parse(b["custom_id"]).action == action:  # type: ignore[union-attr]
            return str(b["custom_id"])
    raise AssertionError(action)


def test_show_sources_quotes_every_citation_to_the_presser_only(
    client: FlaskClient, key: SigningKey, bot: Refbot
) -> None:
    message = answered(client, key, "es-ES")
    # A Russian-speaking member presses it: the sources are the Spanish answer's, in Russian.
    response = post(client, key, press(button(message, "sources"), message, "ru"))
    assert response.status_code == 200
    body = response.get_json()
    assert body["type"] == 4 and body["data"]["flags"] == 64
    (embed,) = body["data"]["embeds"]
    within_limits(embed)
    assert embed["title"] == "Источники"
    citations = bot.ask(QUESTIONS["es-ES"][0], lang="es").citations
    assert [f["name"] for f in embed["fields"]] == [
        clip(f"{n}. {c.heading}", FIELD_NAME_MAX) for n, c in enumerate(citations, 1)
    ]
    for f, c in zip(embed["fields"], citations, strict=True):
        assert f["value"].startswith(c.text[:40]) and c.edition_title in f["value"]


@pytest.mark.parametrize(("action", "helpful"), [("helpful", True), ("unhelpful", False)])
def test_feedback_buttons_land_in_the_question_log(
    app: Flask,
    client: FlaskClient,
    key: SigningKey,
    caplog: pytest.LogCaptureFixture,
    action: str,
    helpful: bool,
) -> None:
    message = answered(client, key, "ru")
    pressed = ButtonId.parse(button(message, action))
    assert pressed is not None and pressed.answer_id is not None
    kept = app.extensions["refbot.store"]
    served = kept.answer(pressed.answer_id)
    assert (served.channel, served.question, served.lang) == ("discord", QUESTIONS["ru"][0], "ru")
    payload = press(button(message, action), message, "de")
    with caplog.at_level(logging.INFO, logger="refbot.discord.interactions"):
        body = post(client, key, payload).get_json()
    assert body["data"] == {
        "content": "Danke: deine Rückmeldung ist notiert.",
        "flags": 64,
        "allowed_mentions": {"parse": []},
    }
    ((_, verdicts),) = [(a, v) for a, v in kept.answers() if a.id == pressed.answer_id]
    assert [(v.channel, v.helpful) for v in verdicts] == [("discord", helpful)]
    assert f"discord feedback: {'helpful' if helpful else 'not helpful'}" in caplog.text


def test_without_a_question_log_feedback_is_only_logged(
    settings: Settings, bot: Refbot, key: SigningKey, caplog: pytest.LogCaptureFixture
) -> None:
    quiet = settings.with_overrides(
        discord_public_key=key.verify_key.encode().hex(), log_questions=False, preload=False
    )
    bot.settings = quiet
    client = create_app(quiet, bot).test_client()
    message = answered(client, key, "ru")
    pressed = ButtonId.parse(button(message, "helpful"))
    assert pressed is not None and pressed.answer_id is None
    with caplog.at_level(logging.INFO, logger="refbot.discord.interactions"):
        post(client, key, press(button(message, "helpful"), message, "de"))
    assert "discord feedback: helpful" in caplog.text


def test_a_button_that_is_not_refbots_or_lost_its_question_is_answered_privately(
    client: FlaskClient, key: SigningKey
) -> None:
    message = answered(client, key)
    unknown = post(client, key, press("someone-else:button", message, "fr")).get_json()
    assert unknown["data"]["flags"] == 64
    assert unknown["data"]["content"].startswith("Ce bouton n'est plus utilisé")
    lost = post(client, key, press(button(message, "sources"), {}, "en-US")).get_json()
    assert lost["data"]["content"] == "I cannot find this answer's question any more; ask it again."


def test_a_large_button_payload_is_read(client: FlaskClient, key: SigningKey) -> None:
    """A press carries its message: up to 6000 characters of embed, over the API's 16 KiB."""
    message = answered(client, key)
    message["embeds"][0]["description"] = "Щ" * (DESCRIPTION_MAX - 100)
    body = json.dumps(press(button(message, "helpful"), message, "ru")).encode()  # \u0429 …
    assert len(body) > 16384
    response = client.post("/discord/interactions", data=body, headers=sign(key, body))
    assert response.status_code == 200 and response.get_json()["data"]["flags"] == 64


# --- refused requests ------------------------------------------------------------------------


def refused(caplog: pytest.LogCaptureFixture, response: TestResponse, reason: str) -> None:
    assert response.status_code == 401
    assert response.get_json()["error"]["code"] == "unauthorized"
    assert f"discord: refused a request from 127.0.0.1 ({reason})" in caplog.text


@pytest.mark.parametrize(
    ("reason", "headers"),
    [
        ("unsigned", {"X-Signature-Ed25519": "", "X-Signature-Timestamp": ""}),
        ("malformed", {"X-Signature-Ed25519": "not hex"}),
        ("malformed", {"X-Signature-Ed25519": "ab" * 32}),
        ("bad_signature", {"X-Signature-Ed25519": "00" * 64}),
        ("bad_signature", {"X-Signature-Timestamp": "1700000000"}),  # not what was signed
    ],
)
def test_unsigned_and_badly_signed_requests_are_refused_and_logged(
    client: FlaskClient,
    key: SigningKey,
    caplog: pytest.LogCaptureFixture,
    reason: str,
    headers: dict[str, str],
) -> None:
    refused(caplog, post(client, key, ping(), **headers), reason)


def test_a_request_signed_by_another_key_or_changed_after_signing_is_refused(
    client: FlaskClient, key: SigningKey, caplog: pytest.LogCaptureFixture
) -> None:
    refused(caplog, post(client, SigningKey.generate(), ping()), "bad_signature")
    body = json.dumps(slash("what is a pursuit?", "en-US")).encode()
    headers = sign(key, body)
    changed = body.replace(b"pursuit", b"charge!")
    response = client.post("/discord/interactions", data=changed, headers=headers)
    refused(caplog, response, "bad_signature")


def test_a_replayed_request_is_refused(
    client: FlaskClient, key: SigningKey, caplog: pytest.LogCaptureFixture
) -> None:
    body = json.dumps(slash(QUESTIONS["en-US"][0], "en-US")).encode()
    headers = sign(key, body)
    assert client.post("/discord/interactions", data=body, headers=headers).status_code == 200
    again = client.post("/discord/interactions", data=body, headers=headers)
    refused(caplog, again, "replayed")


# Two seconds past the window: a Unix time is whole seconds, so a timestamp written one second
# past it is less than the window ahead of the server's clock by the time it is read.
@pytest.mark.parametrize("offset", [-302, 302, -(10**6)])
def test_a_stale_or_future_timestamp_is_refused(
    client: FlaskClient, key: SigningKey, caplog: pytest.LogCaptureFixture, offset: int
) -> None:
    body = json.dumps(ping()).encode()
    headers = sign(key, body, str(int(time.time()) + offset))
    refused(caplog, client.post("/discord/interactions", data=body, headers=headers), "stale")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"{not json", "the body is not JSON"),
        (b"[1, 2]", "the body must be an interaction object"),
        (json.dumps({"type": 4, "id": "1"}).encode(), "type: refbot does not handle 4"),
        (json.dumps({"type": True}).encode(), "type: refbot does not handle True"),
        (json.dumps({**slash("x", "en-US"), "member": "me"}).encode(), "member: must be an object"),
    ],
)
def test_signed_requests_refbot_cannot_read_are_400s(
    client: FlaskClient, key: SigningKey, body: bytes, message: str
) -> None:
    response = client.post("/discord/interactions", data=body, headers=sign(key, body))
    assert response.status_code == 400
    assert response.get_json() == {"error": {"code": "bad_interaction", "message": message}}


def test_an_unknown_command_is_a_400(client: FlaskClient, key: SigningKey) -> None:
    payload = slash("x", "en-US")
    payload["data"]["name"] = "roll"
    response = post(client, key, payload)
    assert response.status_code == 400
    assert response.get_json()["error"]["message"] == "data.name: refbot has no command 'roll'"


def test_discord_is_not_counted_as_one_client_by_the_rate_limits(
    client: FlaskClient, key: SigningKey
) -> None:
    assert [post(client, key, ping()).status_code for _ in range(5)] == [200] * 5
    assert [client.get("/").status_code for _ in range(3)][-1] == 429  # pages: 2 per minute


# --- configuration ---------------------------------------------------------------------------


def test_the_endpoint_is_off_while_no_public_key_is_set(
    settings: Settings, bot: Refbot, key: SigningKey
) -> None:
    client = create_app(settings.with_overrides(preload=False), bot).test_client()
    body = json.dumps(ping()).encode()
    response = client.post("/discord/interactions", data=body, headers=sign(key, body))
    assert response.status_code == 404


@pytest.mark.parametrize(
    ("name", "value"),
    [("discord_public_key", "abc"), ("discord_public_key", "g" * 64),
     ("discord_application_id", "my-app"), ("discord_application_id", "١٢٣")],
)  # fmt: skip
def test_bad_discord_settings_are_refused_naming_them(name: str, value: str) -> None:
    with pytest.raises(ConfigError, match=f"REFBOT_{name.upper()}: expected the "):
        load_settings(env={f"REFBOT_{name.upper()}": value})


def test_settings_come_from_the_environment(key: SigningKey) -> None:
    public = key.verify_key.encode().hex()
    settings = load_settings(
        env={"REFBOT_DISCORD_PUBLIC_KEY": public, "REFBOT_DISCORD_APPLICATION_ID": APPLICATION_ID}
    )
    assert (settings.discord_public_key, settings.discord_application_id) == (
        public,
        APPLICATION_ID,
    )


# --- replay checks shared by gunicorn's workers through Redis -------------------------------


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    if shutil.which("redis-server") is None:
        if os.environ.get("CI") == "true" or os.environ.get("REFBOT_REQUIRE_PRODUCTION"):
            pytest.fail("CI needs redis-server: see .ci/run")
        pytest.skip("redis-server not installed")
    with running_redis(tmp_path) as url:
        yield url


def test_a_request_replayed_to_another_worker_is_refused_through_redis(
    settings: Settings, bot: Refbot, key: SigningKey, redis_url: str
) -> None:
    configured = settings.with_overrides(
        discord_public_key=key.verify_key.encode().hex(),
        rate_limit_storage=redis_url,
        preload=False,
    )
    first, second = (create_app(configured, bot).test_client() for _ in range(2))
    body = json.dumps(ping()).encode()
    headers = sign(key, body)
    assert first.post("/discord/interactions", data=body, headers=headers).status_code == 200
    assert second.post("/discord/interactions", data=body, headers=headers).status_code == 401


# --- refbot discord register -----------------------------------------------------------------


def test_register_prints_the_localized_command(runner: CliRunner) -> None:
    result = runner.invoke(main, ["discord", "register"])
    assert result.exit_code == 0, result.output
    (command,) = json.loads(result.stdout)
    assert command == command_definition(1000)
    assert command["name"] == "rules" and command["options"][0]["max_length"] == 1000
    assert command["name_localizations"] == {
        "de": "regeln",
        "es-ES": "reglas",
        "es-419": "reglas",
        "fr": "règles",
        "it": "regole",
        "nl": "regels",
        "pl": "zasady",
        "pt-BR": "regras",
        "ru": "правила",
        "tr": "kurallar",
        "zh-CN": "规则",  # not zh-TW: the catalog is Simplified
        "ja": "ルール",
        "ko": "규칙",
    }  # Arabic has a catalog but Discord no Arabic locale: the command is not named in it
    option = command["options"][0]
    for names in (command["name_localizations"], option["name_localizations"]):
        assert all(valid_name(n) for n in names.values())
    for texts in (command["description_localizations"], option["description_localizations"]):
        assert set(texts) == set(command["name_localizations"])
        assert all(0 < len(t) <= 100 for t in texts.values())


class FakeDiscord(BaseHTTPRequestHandler):
    """Discord's API as register uses it: PUT the commands, get them back with ids."""

    seen: ClassVar[list[tuple[str, str, str | None, Any]]] = []
    status = 200

    def do_PUT(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.seen.append(("PUT", self.path, self.headers.get("Authorization"), body))
        if self.status == 200:
            reply = [{**c, "id": "1180000000000000099", "version": "1"} for c in body]
        else:
            reply = {"message": "401: Unauthorized", "code": 0}
        data = json.dumps(reply).encode()
        self.send_response(self.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_PATCH(self) -> None:
        """Edit the original response: how a deferred answer arrives."""
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.seen.append(("PATCH", self.path, self.headers.get("Authorization"), body))
        data = json.dumps({"id": "1180000000000000098", **body}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def fake_discord() -> Iterator[tuple[str, type[FakeDiscord]]]:
    handler = type("Handler", (FakeDiscord,), {"seen": [], "status": 200})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/api/v10", handler
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    ("options", "path"),
    [
        ([], f"/api/v10/applications/{APPLICATION_ID}/commands"),
        (
            ["--guild", GUILD_ID],
            f"/api/v10/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands",
        ),
    ],
)
def test_register_with_a_token_puts_the_command(
    runner: CliRunner,
    fake_discord: tuple[str, type[FakeDiscord]],
    options: list[str],
    path: str,
) -> None:
    url, handler = fake_discord
    args = ["discord", "register", "--token", "T0KEN", "--application-id", APPLICATION_ID]
    result = runner.invoke(main, [*args, "--api-url", url, *options])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("registered /rules (id 1180000000000000099) ")
    (seen,) = handler.seen
    assert seen == ("PUT", path, "Bot T0KEN", [command_definition(1000)])


def test_register_takes_the_application_id_and_token_from_the_environment(
    runner: CliRunner, fake_discord: tuple[str, type[FakeDiscord]]
) -> None:
    url, handler = fake_discord
    env = {
        "REFBOT_DISCORD_TOKEN": "ENV-TOKEN",
        "REFBOT_DISCORD_APPLICATION_ID": APPLICATION_ID,
        "REFBOT_DISCORD_API_URL": url,
    }
    result = runner.invoke(main, ["discord", "register"], env=env)
    assert result.exit_code == 0, result.output
    assert handler.seen[0][1:3] == (
        f"/api/v10/applications/{APPLICATION_ID}/commands",
        "Bot ENV-TOKEN",
    )


def test_register_errors_are_one_line(
    runner: CliRunner, fake_discord: tuple[str, type[FakeDiscord]]
) -> None:
    url, handler = fake_discord
    missing = runner.invoke(main, ["discord", "register", "--token", "T"])
    assert missing.exit_code == 1
    assert missing.stderr == (
        "error: --application-id: needed with --token (or setting discord_application_id)\n"
    )
    handler.status = 401
    args = ["--token", "bad", "--application-id", APPLICATION_ID, "--api-url", url]
    refused = runner.invoke(main, ["discord", "register", *args])
    assert refused.exit_code == 1
    assert refused.stderr == ("error: Discord refused the command (HTTP 401): 401: Unauthorized\n")
    unreachable = f"http://127.0.0.1:{free_port()}/api/v10"
    args = ["--token", "T", "--application-id", APPLICATION_ID, "--api-url", unreachable]
    down = runner.invoke(main, ["discord", "register", *args])
    assert down.exit_code == 1 and down.stderr.startswith("error: cannot reach Discord at ")


# --- embeds within Discord's limits ----------------------------------------------------------


def test_fit_trims_an_embed_to_discords_total() -> None:
    embed = fit(
        {
            "title": "t" * 300,
            "description": "слово " * 700,
            "fields": [{"name": "n" * 100, "value": f"{n} " * 600} for n in range(30)],
            "footer": {"text": "f" * 100},
        }
    )
    within_limits(embed)
    assert embed["title"].endswith("…") and embed["description"].endswith("…")
    assert len(embed["fields"]) == FIELDS_MAX and embed["footer"]["text"] == "f" * 100
    named = fit({"fields": [{"name": "n" * 300, "value": "v"} for _ in range(25)]})
    within_limits(named)
    assert len(named["fields"]) == 23  # 6000 // 257
    short = {"title": "Q", "description": "A", "fields": [{"name": "n", "value": "v"}]}
    assert fit(dict(short)) == {**short, "fields": [{"name": "n", "value": "v", "inline": False}]}


@pytest.mark.parametrize("limit", [1, 10, 100, 1024])
def test_clip_keeps_within_the_limit_and_marks_the_cut(limit: int) -> None:
    text = "Мои гоблины бежали на 4, преследователи выбросили 3. " * 50
    clipped = clip(text, limit)
    assert len(clipped) <= limit and clipped.endswith("…")
    assert clip("short", limit if limit >= 5 else 5) == "short"


def test_discord_locales_map_to_refbot_languages() -> None:
    assert [language_of(x) for x in ("en-US", "es-419", "pt-BR", "ru", "de", "fr", "pl", "it")] == [
        "en", "es", "pt", "ru", "de", "fr", "pl", "it",
    ]  # fmt: skip
    assert language_of("hu") is None and language_of(None) is None and language_of("") is None


def test_button_labels_fit_in_every_language() -> None:
    from refbot.i18n import available_languages

    for lang in available_languages():
        _ = translations(lang).gettext
        for label in ("Show sources", "Helpful", "Not helpful"):
            assert len(_(label)) <= BUTTON_LABEL_MAX


# --- answers that take longer than Discord waits ---------------------------------------------


def edited(handler: type[FakeDiscord], token: str) -> dict[str, Any]:
    """Wait for the deferred answer to arrive at the fake Discord; return what it was edited to."""
    deadline = time.monotonic() + 20
    while not handler.seen:
        assert time.monotonic() < deadline, "no deferred answer arrived"
        time.sleep(0.05)
    ((method, path, authorization, body),) = handler.seen
    assert method == "PATCH" and authorization is None  # the interaction's token is the key
    assert path == f"/api/v10/webhooks/{APPLICATION_ID}/{token}/messages/@original"
    return body  # type: ignore[no-any-return]


@pytest.fixture
def slow(
    app: Flask,
    bot: Refbot,
    fake_discord: tuple[str, type[FakeDiscord]],
    monkeypatch: pytest.MonkeyPatch,
) -> type[FakeDiscord]:
    """Answers that take 0.5 s, against a budget of 0.1 s, deferred to the fake Discord."""
    url, handler = fake_discord
    responder = app.extensions["refbot.discord.responder"]
    monkeypatch.setattr(responder, "api_url", url)
    monkeypatch.setattr(responder, "budget", 0.1)
    ask = bot.ask

    def slowly(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.5)
        return ask(*args, **kwargs)

    monkeypatch.setattr(bot, "ask", slowly)
    return handler


def test_a_slow_answer_is_deferred_then_edited_in(
    client: FlaskClient, key: SigningKey, bot: Refbot, slow: type[FakeDiscord]
) -> None:
    question = QUESTIONS["ru"][0]
    payload = slash(question, "ru")
    assert post(client, key, payload).get_json() == {"type": 5}  # "refbot is thinking…"
    body = edited(slow, payload["token"])
    (embed,) = body["embeds"]
    assert embed["description"] == bot.ask(question, lang_prior="ru").answer
    assert body["components"][0]["components"][0]["label"] == "Показать источники"
    assert body["allowed_mentions"] == {"parse": []} and "flags" not in body


def test_slow_sources_are_deferred_privately(
    client: FlaskClient, key: SigningKey, slow: type[FakeDiscord]
) -> None:
    command = slash(QUESTIONS["en-US"][0], "en-US")
    assert post(client, key, command).get_json() == {"type": 5}
    message = edited(slow, command["token"])  # the answer, as the message now reads
    slow.seen.clear()
    payload = press(button(message, "sources"), message, "fr")
    assert post(client, key, payload).get_json() == {"type": 5, "data": {"flags": 64}}
    body = edited(slow, payload["token"])
    assert body["embeds"][0]["title"] == "Sources" and "flags" not in body


def test_a_deferred_answer_that_fails_says_so(
    client: FlaskClient,
    key: SigningKey,
    bot: Refbot,
    slow: type[FakeDiscord],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.5)
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr(bot, "ask", broken)
    payload = slash(QUESTIONS["es-ES"][0], "es-ES")
    assert post(client, key, payload).get_json() == {"type": 5}
    assert edited(slow, payload["token"]) == {
        "content": "refbot no puede responder ahora; sus administradores pueden ver por qué."
    }
