"""Feedback on answers from the API, the chat page and the widget, on SQLite and PostgreSQL."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from refbot.bot import Refbot
from refbot.config import Settings
from refbot.store import Store
from refbot.web import create_app, schemas
from tests.pgcluster import fresh_database

QUESTION = "my goblins fled 7, the pursuers rolled 7, what happens?"
ANSWER_ID = re.compile(r'name="answer_id" value="([0-9a-f]{32})"')


@pytest.fixture(params=["sqlite", "postgresql"])
def configured(request: pytest.FixtureRequest, settings: Settings) -> Settings:
    """Settings whose store is the default SQLite file, or a database in a real PostgreSQL."""
    url = ""
    if request.param == "postgresql":
        url = fresh_database(request.getfixturevalue("postgres_url"), f"w{uuid.uuid4().hex[:12]}")
    return settings.with_overrides(rate_limit="1000 per minute", preload=False, store_url=url)


@pytest.fixture
def app(configured: Settings, bot: Refbot) -> Flask:
    bot.settings = configured
    return create_app(configured, bot)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def kept(settings: Settings) -> Store:
    """Open the store the app writes to, as another process (a restart, the CLI) would."""
    return Store.open(settings.database_url)


def test_every_api_answer_has_an_id_in_the_published_schema(client: FlaskClient) -> None:
    first = client.post("/api/ask", json={"q": QUESTION}).get_json()
    second = client.get("/api/ask", query_string={"q": QUESTION}).get_json()
    assert schemas.AskResponse().validate(first) == {}
    assert re.fullmatch("[0-9a-f]{32}", first["answer_id"])
    assert first["answer_id"] != second["answer_id"]


def test_api_feedback_lands_with_the_answer(client: FlaskClient, configured: Settings) -> None:
    answer = client.post("/api/ask", json={"q": QUESTION}).get_json()
    response = client.post(
        "/api/feedback",
        json={"answer_id": answer["answer_id"], "helpful": False, "correction": "Restrain first"},
    )
    assert response.status_code == 201
    body = response.get_json()
    assert schemas.FeedbackResponse().validate(body) == {}
    assert (body["helpful"], body["correction"]) == (False, "Restrain first")
    [(served, verdicts)] = kept(configured).answers()
    assert served.id == answer["answer_id"] and served.channel == "api"
    assert (served.question, served.lang, served.rule) == (QUESTION, "en", "pursuit")
    assert served.inputs == {"flee": "7", "pursuit": "7"} and served.citations
    assert [(v.helpful, v.correction, v.channel) for v in verdicts] == [
        (False, "Restrain first", "api")
    ]


def test_discord_feedback_through_the_api_names_its_channel(
    client: FlaskClient, configured: Settings
) -> None:
    answer_id = client.post("/api/ask", json={"q": QUESTION}).get_json()["answer_id"]
    sent = {"answer_id": answer_id, "helpful": True, "channel": "discord"}
    assert client.post("/api/feedback", json=sent).status_code == 201
    [(_, [verdict])] = kept(configured).answers()
    assert verdict.channel == "discord" and verdict.helpful and verdict.correction is None


@pytest.mark.parametrize(
    ("body", "status", "code", "names"),
    [
        ({"answer_id": "0" * 32, "helpful": True}, 404, "not_found", "no answer"),
        ({"answer_id": "0" * 32}, 400, "invalid_parameter", "helpful"),
        ({"answer_id": "0" * 32, "helpful": "no"}, 400, "invalid_parameter", "helpful"),
        ({"answer_id": "0" * 32, "helpful": 1}, 400, "invalid_parameter", "helpful"),
        ({"answer_id": "x", "helpful": True}, 400, "invalid_parameter", "answer_id"),
        ({"helpful": True}, 400, "invalid_parameter", "answer_id"),
        ({"answer_id": "0" * 32, "helpful": True, "channel": "fax"}, 400, "invalid_parameter",
         "channel"),
        ({"answer_id": "0" * 32, "helpful": False, "correction": "x" * 2001}, 400,
         "invalid_parameter", "correction"),
        ({"answer_id": "0" * 32, "helpful": False, "correction": "\ud800"}, 400,
         "invalid_parameter", "surrogate"),
        (["a", "list"], 400, "malformed_json", "JSON object"),
    ],
)  # fmt: skip
def test_bad_feedback_is_refused_in_the_error_shape(
    client: FlaskClient, body: object, status: int, code: str, names: str
) -> None:
    response = client.post("/api/feedback", json=body)
    assert response.status_code == status
    error = response.get_json()["error"]
    assert error["code"] == code and names in error["message"]


def test_feedback_is_rate_limited_with_the_api(settings: Settings, bot: Refbot) -> None:
    limited = create_app(settings.with_overrides(rate_limit="2 per minute"), bot).test_client()
    sent = {"answer_id": "0" * 32, "helpful": True}
    statuses = [limited.post("/api/feedback", json=sent).status_code for _ in range(3)]
    assert statuses == [404, 404, 429]


def test_feedback_is_in_the_openapi_document(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    post = spec["paths"]["/api/feedback"]["post"]
    assert set(post["responses"]) >= {"201", "400", "404", "429"}
    assert "answer_id" in spec["components"]["schemas"]["AskResponse"]["properties"]


@pytest.mark.parametrize(("path", "channel"), [("/", "page"), ("/embed", "widget")])
def test_the_form_without_javascript_lands(
    client: FlaskClient, configured: Settings, path: str, channel: str
) -> None:
    page = client.get(path, query_string={"q": QUESTION, "lang": "es"}).get_data(as_text=True)
    answer_id = ANSWER_ID.search(page)
    assert answer_id and 'class="feedback"' in page
    form = {"answer_id": answer_id.group(1), "helpful": "no", "correction": "la regla correcta…"}
    if channel == "widget":
        assert 'name="embedded" value="1"' in page
        form["embedded"] = "1"
    response = client.post("/feedback?lang=es", data=form)
    assert response.status_code == 200
    assert "Gracias por tu opinión." in response.get_data(as_text=True)
    [(served, [verdict])] = kept(configured).answers()
    assert served.channel == channel == verdict.channel
    assert (verdict.helpful, verdict.correction) == (False, "la regla correcta…")


def test_a_form_for_an_unknown_answer_says_so(client: FlaskClient) -> None:
    response = client.post("/feedback", data={"answer_id": "0" * 32, "helpful": "yes"})
    assert response.status_code == 404
    assert "no longer kept" in response.get_data(as_text=True)
    unreadable = client.post("/feedback", data={"answer_id": "0" * 32, "helpful": "maybe"})
    assert unreadable.status_code == 400


def test_feedback_survives_a_restart(configured: Settings, bot: Refbot) -> None:
    before = create_app(configured, bot).test_client()
    answer_id = before.post("/api/ask", json={"q": QUESTION}).get_json()["answer_id"]
    # A new app on the same settings, as after a restart, takes feedback on the old answer.
    after = create_app(configured, bot).test_client()
    sent = {"answer_id": answer_id, "helpful": False, "correction": "after the restart"}
    assert after.post("/api/feedback", json=sent).status_code == 201
    [(served, [verdict])] = kept(configured).answers()
    assert served.id == answer_id and verdict.correction == "after the restart"


def test_with_logging_off_nothing_is_kept(settings: Settings, bot: Refbot) -> None:
    off = settings.with_overrides(log_questions=False, preload=False)
    client = create_app(off, bot).test_client()
    answer = client.post("/api/ask", json={"q": QUESTION}).get_json()
    assert answer["answer_id"] is None and schemas.AskResponse().validate(answer) == {}
    page = client.get("/", query_string={"q": QUESTION}).get_data(as_text=True)
    assert 'class="feedback"' not in page and "feedback.js" not in page
    sent = {"answer_id": "0" * 32, "helpful": True}
    assert client.post("/api/feedback", json=sent).status_code == 404
    assert not Path(str(off.database_url).removeprefix("sqlite:///")).exists()


def test_ip_addresses_are_never_stored(configured: Settings, client: FlaskClient) -> None:
    address = "203.0.113.77"
    answer_id = client.post(
        "/api/ask", json={"q": QUESTION}, environ_base={"REMOTE_ADDR": address}
    ).get_json()["answer_id"]
    client.post(
        "/api/feedback",
        json={"answer_id": answer_id, "helpful": True},
        environ_base={"REMOTE_ADDR": address},
    )
    store = kept(configured)
    with store.engine.connect() as connection:
        rows = [
            repr(tuple(row))
            for table in ("answers", "feedback")
            for row in connection.exec_driver_sql(f"SELECT * FROM {table}")
        ]
    assert rows and not any(address in row for row in rows)


@pytest.mark.parametrize(
    ("question", "concept"),
    [
        (QUESTION, "pursuit"),  # a computed answer: its rule's concept
        ("¿Cuántos puntos cuesta un mago?", "points"),  # a topic, not the "how many" intent
        ("How far can a Space Marine move in Warhammer 40k?", "warhammer-40k"),
        ("Was ist das?", None),
    ],
)
def test_an_answer_is_grouped_by_its_most_telling_concept(
    bot: Refbot, question: str, concept: str | None
) -> None:
    from refbot.web.questions import concept_of

    assert concept_of(bot.ask(question), bot.glossary) == concept


def test_the_default_store_is_sqlite_beside_the_index(settings: Settings) -> None:
    assert settings.database_url == f"sqlite:///{(settings.index_dir.parent / 'refbot.db')}"


def test_a_store_that_cannot_be_opened_stops_the_start(settings: Settings, bot: Refbot) -> None:
    from refbot.errors import StoreError

    broken = settings.with_overrides(store_url="postgresql+psycopg://u:pw@127.0.0.1:1/x")
    with pytest.raises(StoreError, match="cannot open the store") as caught:
        create_app(broken, bot)
    assert ":pw@" not in str(caught.value)


def test_a_discord_button_press_lands_with_its_answer(configured: Settings, bot: Refbot) -> None:
    from nacl.signing import SigningKey

    from refbot.discord.messages import ButtonId
    from tests.test_discord import answered, button, post, press

    key = SigningKey.generate()
    with_discord = configured.with_overrides(discord_public_key=key.verify_key.encode().hex())
    bot.settings = with_discord
    client = create_app(with_discord, bot).test_client()
    message = answered(client, key, "es-ES")
    pressed = ButtonId.parse(button(message, "unhelpful"))
    assert pressed is not None and pressed.answer_id is not None
    assert post(client, key, press(button(message, "unhelpful"), message, "ru")).status_code == 200
    # Read back as another process would: the answer, and the verdict on it.
    ((served, verdicts),) = [
        (a, v) for a, v in kept(configured).answers() if a.id == pressed.answer_id
    ]
    assert served.channel == "discord" and served.lang == "es"
    assert [(v.channel, v.helpful) for v in verdicts] == [("discord", False)]
