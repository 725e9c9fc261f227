from __future__ import annotations

import json
import re
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.numbers import format_decimal
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from refbot.bot import Refbot
from refbot.cli import main
from refbot.config import Settings
from refbot.embed import HashEmbedder
from refbot.errors import ConfigError
from refbot.i18n import (
    DEFAULT_LOCALES_DIR,
    available_languages,
    locale_for,
    text_direction,
    too_long_message,
    translations,
)
from refbot.rules import input_help
from refbot.web import create_app, schemas

CLUB = "https://club.example"
QUESTION = "my goblins fled 7, the pursuers rolled 7, what happens?"


@pytest.fixture
def app(settings: Settings, bot: Refbot) -> Flask:
    # Loaded on first use, so that tests see the service before and after the index exists.
    configured = settings.with_overrides(
        allowed_origins=CLUB, rate_limit="1000 per minute", preload=False
    )
    bot.settings = configured
    return create_app(configured, bot)


def test_the_app_loads_everything_before_the_first_request(settings: Settings) -> None:
    bot = Refbot(settings, embedder=HashEmbedder())
    create_app(settings.with_overrides(preload=True), bot)
    health = bot.health()
    assert health["index_loaded"] is True and health["model_loaded"] is True


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def error(response) -> dict[str, str]:  # type: ignore[no-untyped-def]
    body = response.get_json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    return body["error"]


# --- the API ---------------------------------------------------------------------------------


def test_api_answers_exactly_what_the_cli_answers(client: FlaskClient, runner: CliRunner) -> None:
    cli = json.loads(runner.invoke(main, ["ask", QUESTION, "--json"]).stdout)
    posted = client.post("/api/ask", json={"q": QUESTION}).get_json()
    got = client.get("/api/ask", query_string={"q": QUESTION}).get_json()
    # Plus the id feedback refers to: each answer served gets its own.
    assert re.fullmatch("[0-9a-f]{32}", posted.pop("answer_id")) and got.pop("answer_id")
    assert posted == got == cli
    assert posted["rule"]["outcome"]["caught"] is True


def test_api_options(client: FlaskClient) -> None:
    body = client.post("/api/ask", json={"q": QUESTION, "k": 2, "lang": "en"}).get_json()
    assert len(body["citations"]) <= 2 and body["lang"] == "en"
    only = client.post("/api/ask", json={"q": "overrun", "edition": "reglamento-es"}).get_json()
    assert {c["edition"] for c in only["citations"]} <= {"reglamento-es"}


@pytest.mark.parametrize(
    ("text", "accept", "lang"),
    [
        # Too short to tell by its words or script: the client's language is the question's.
        ("und bei 9?", "de-DE,de;q=0.9,en;q=0.5", "de"),
        ("那9呢？", "zh-CN", "zh"),
        ("и если 9?", "ru-RU,ru;q=0.9,en;q=0.5", "ru"),
        # A regional tag is its language, before a lesser exact one; a refused one never.
        ("und bei 9?", "de-DE,en;q=0.5", "de"),
        ("en als 9?", "nl-NL,en-US;q=0.7,en;q=0.3", "nl"),
        ("und bei 9?", "de;q=0,fr;q=0.5", "fr"),
        # A script only one language writes says it, whatever the client prefers.
        ("그럼 9면?", "de", "ko"),
        # No language the questions are read in: the default.
        ("und bei 9?", "xx", "en"),
    ],
)
def test_a_short_question_is_in_the_clients_accept_language(
    client: FlaskClient, text: str, accept: str, lang: str
) -> None:
    body = client.post("/api/ask", json={"q": text}, headers={"Accept-Language": accept})
    assert body.get_json()["lang"] == lang


@pytest.mark.parametrize(
    ("request_kwargs", "status", "code"),
    [
        ({"json": {"q": "   "}}, 400, "empty_question"),
        ({"json": {}}, 400, "missing_question"),
        ({"json": {"q": "x" * 4001}}, 413, "question_too_long"),
        ({"data": "{not json", "content_type": "application/json"}, 400, "malformed_json"),
        ({"json": ["a", "list"]}, 400, "malformed_json"),
        ({"json": {"q": "x", "k": 0}}, 400, "invalid_parameter"),
        ({"json": {"q": "x", "lang": "english"}}, 400, "invalid_parameter"),
        ({"json": {"q": "x", "lang": "xx"}}, 400, "invalid_parameter"),
        ({"json": {"q": "x", "edition": "nope"}}, 400, "invalid_parameter"),
        ({"data": "x" * 20000, "content_type": "application/json"}, 413, "payload_too_large"),
    ],
)
def test_bad_requests_get_the_error_shape(
    client: FlaskClient, request_kwargs: dict[str, object], status: int, code: str
) -> None:
    response = client.post("/api/ask", **request_kwargs)  # type: ignore[arg-type]
    assert response.status_code == status
    assert error(response)["code"] == code


@pytest.mark.parametrize("path", ["/api/ask", "/api/feedback"])
def test_broken_json_is_refused_saying_where(client: FlaskClient, path: str) -> None:
    response = client.post(path, data='{"q": "fled 7",\n "k" 5}', content_type="application/json")
    assert response.status_code == 400
    message = error(response)["message"]
    assert "not valid JSON" in message and "line 2, column 6" in message


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ('{"q": "fled 7"}'.encode("utf-8-sig"), 200),  # a BOM
        ('{"q": "fled 7"}'.encode("utf-16"), 200),
        (b'{"q": "fled \xff 7"}', 400),  # not UTF-8: refused, not read with a stand-in
    ],
)
def test_json_bodies_are_read_as_json_allows(client: FlaskClient, body: bytes, status: int) -> None:
    response = client.post("/api/ask", data=body, content_type="application/json")
    assert response.status_code == status


def test_get_without_question(client: FlaskClient) -> None:
    response = client.get("/api/ask")
    assert response.status_code == 400 and error(response)["code"] == "missing_question"


def test_wrong_method(client: FlaskClient) -> None:
    response = client.delete("/api/ask")
    assert response.status_code == 405 and error(response)["code"] == "method_not_allowed"
    assert "POST" in response.headers["Allow"]


def test_clause_by_id(client: FlaskClient) -> None:
    clause_id = "warhammer-fantasy/rulebook-en/en/flee-and-pursue#30"
    body = client.get("/api/clauses/" + clause_id.replace("#", "%23")).get_json()
    assert body["id"] == clause_id and "equal to or higher" in body["text"]
    missing = client.get("/api/clauses/no/such/clause%231")
    assert missing.status_code == 404 and error(missing)["code"] == "not_found"


def test_unknown_api_path(client: FlaskClient) -> None:
    response = client.get("/api/nothing")
    assert response.status_code == 404 and error(response)["code"] == "not_found"


def test_health_before_and_after_the_index_exists(client: FlaskClient, bot: Refbot) -> None:
    missing = client.get("/api/health")
    assert missing.status_code == 503 and missing.get_json()["status"] == "unavailable"
    assert "refbot build" in missing.get_json()["problem"]
    bot.build()
    body = client.get("/api/health").get_json()
    assert body["status"] == "ok" and body["clauses"] > 100 and body["model"] == "hash-256"
    assert body["version"] and body["index_loaded"] is True


def test_openapi_document_is_valid_and_complete(client: FlaskClient) -> None:
    from openapi_spec_validator import validate

    spec = client.get("/api/openapi.json").get_json()
    validate(spec)
    assert {"/api/ask", "/api/clauses/{clause_id}", "/api/health"} <= set(spec["paths"])
    assert set(spec["paths"]["/api/ask"]) >= {"get", "post"}
    page = client.get("/api/docs").get_data(as_text=True)
    assert "POST /api/ask" in page and "AskResponse" in page


def test_rate_limit_answers_429_in_the_error_shape(settings: Settings, bot: Refbot) -> None:
    limited = create_app(settings.with_overrides(rate_limit="2 per minute"), bot).test_client()
    statuses = [limited.get("/api/clauses/x").status_code for _ in range(3)]
    assert statuses == [404, 404, 429]
    refused = limited.get("/api/clauses/x")
    assert error(refused)["code"] == "rate_limited"
    assert int(refused.headers["Retry-After"]) > 0


def test_an_answer_says_its_limit_but_not_to_retry(settings: Settings, bot: Refbot) -> None:
    limited = create_app(settings.with_overrides(rate_limit="5 per minute"), bot).test_client()
    answered = limited.get("/api/ask?q=my goblins fled 7")
    assert answered.status_code == 200
    assert answered.headers["X-RateLimit-Limit"] == "5"
    assert "Retry-After" not in answered.headers


# --- CORS, framing, headers ------------------------------------------------------------------


def test_cors_only_for_allowed_origins(client: FlaskClient) -> None:
    allowed = client.get("/api/health", headers={"Origin": CLUB})
    assert allowed.headers.get("Access-Control-Allow-Origin") == CLUB
    other = client.get("/api/health", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers


def test_csp_allows_only_own_scripts_and_listed_framers(client: FlaskClient) -> None:
    csp = client.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp
    assert f"frame-ancestors 'self' {CLUB}" in csp
    assert "evil" not in csp


# --- the chat page ---------------------------------------------------------------------------

UI_STRINGS = [
    "Ask a rules question, in any language",
    "Answer",
    "Sources",
    "Computed outcome",
    "Show parallel clauses",
    "Confidence",
]


def test_interface_language_from_accept_language(client: FlaskClient) -> None:
    page = client.get("/", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"})
    html = page.get_data(as_text=True)
    assert '<html lang="ru" dir="ltr">' in html and "Задайте вопрос по правилам" in html


@pytest.mark.parametrize(("lang", "direction"), [("ar", "rtl"), ("zh", "ltr"), ("en", "ltr")])
def test_a_page_is_written_in_its_languages_direction(
    client: FlaskClient, lang: str, direction: str
) -> None:
    html = client.get("/", query_string={"lang": lang}).get_data(as_text=True)
    assert f'<html lang="{lang}" dir="{direction}">' in html


def test_lang_parameter_overrides_the_browser(client: FlaskClient) -> None:
    html = client.get("/?lang=de", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Stelle eine Regelfrage" in html


@pytest.mark.parametrize("lang", ["ru", "es", "de", "fr"])
def test_no_english_leaks_into_a_localised_page(client: FlaskClient, lang: str) -> None:
    question = "Какой шанс удержаться от преследования при Лидерстве 9?"
    html = client.get("/", query_string={"q": question, "lang": lang}).get_data(as_text=True)
    chrome = re.sub(r"<blockquote.*?</blockquote>|<li lang=.*?</li>", "", html, flags=re.S)
    catalog = translations(lang)
    for text in UI_STRINGS:
        if catalog.gettext(text) != text:  # "Sources" is French too
            assert text not in chrome, text


def test_russian_question_gets_a_russian_answer_and_citations(client: FlaskClient) -> None:
    question = "Мои гоблины бежали на 4, преследователи выбросили 3. Их поймали?"
    html = client.get(
        "/", query_string={"q": question}, headers={"Accept-Language": "ru"}
    ).get_data(as_text=True)
    assert "Ушёл: бросок бегства 4 больше броска преследования 3" in html
    assert "<blockquote" in html and "Rulebook (English)" in html
    assert "002_09f80558b3cf0271.txt" not in html  # no source file names shown to players
    # No other edition of these sections: no parallel clauses (no unrelated ones either).
    assert "<details>" not in html


def test_parallel_clauses_on_the_page_are_the_other_editions_counterparts(
    client: FlaskClient, bot: Refbot, corpus_dir: Path
) -> None:
    source = corpus_dir / "warhammer-fantasy/rulebook-en/en/flee-and-pursue.md"
    copy = corpus_dir / "warhammer-fantasy/club-edition/en/flee-and-pursue.md"
    copy.parent.mkdir(parents=True)
    text = source.read_text(encoding="utf-8").replace(
        "edition: rulebook-en", "edition: club-edition"
    )
    copy.write_text(
        text.replace("edition_title: Rulebook (English)", "edition_title: Club edition")
    )
    bot.build()
    html = client.get("/", query_string={"q": QUESTION, "lang": "en"}).get_data(as_text=True)
    toggles = re.findall(r"<details>.*?</details>", html, re.S)
    assert toggles and all("Club edition" in t or "Rulebook (English)" in t for t in toggles)
    assert "Arrasamiento" not in "".join(toggles) and 'lang="es"' not in "".join(toggles)


def test_probability_comes_with_a_chart(client: FlaskClient) -> None:
    html = client.get("/", query_string={"q": "What is the chance that my pursuers catch them?"})
    assert "<svg" in html.get_data(as_text=True)


def test_everything_from_users_is_escaped(client: FlaskClient) -> None:
    attack = '<script>alert("x")</script> flee'
    html = client.get("/", query_string={"q": attack}).get_data(as_text=True)
    assert "<script>alert" not in html and "&lt;script&gt;alert" in html


def test_widget_script_points_back_and_is_localised(client: FlaskClient) -> None:
    response = client.get("/widget.js")
    assert response.mimetype == "text/javascript"
    script = response.get_data(as_text=True)
    assert '"/embed"' in script and "script.src" in script and "attachShadow" in script
    # The Host header a request carries never reaches the script (shared caches keep it).
    poisoned = client.get("/widget.js", headers={"Host": "evil.example"}).get_data(as_text=True)
    assert "evil.example" not in poisoned and poisoned == script
    assert '"es": "\\u00bfReglas?"' in script or '"es": "¿Reglas?"' in script


def test_embed_page_has_no_chrome(client: FlaskClient) -> None:
    html = client.get("/embed?lang=es").get_data(as_text=True)
    assert 'class="embed"' in html and "Haz una pregunta de reglas" in html


def test_demo_site_exists() -> None:
    page = Path(__file__).resolve().parent.parent / "examples" / "club-site" / "index.html"
    assert 'src="http://127.0.0.1:5000/widget.js" data-lang="es"' in page.read_text(
        encoding="utf-8"
    )


def test_align_page_and_tmx_download(client: FlaskClient) -> None:
    query = {
        "a": "warhammer-fantasy/rulebook-en/en/flee-and-pursue",
        "b": "warhammer-fantasy/reglamento-es/es/arrasamiento",
        "lang": "ru",
    }
    html = client.get("/align", query_string=query).get_data(as_text=True)
    assert "Сопоставление редакций" in html and 'class="alignment"' in html
    # Two sections on different rules: the page says they do not translate each other.
    assert "не похожи на переводы друг друга" in html
    tmx = client.get("/align.tmx", query_string=query)
    assert tmx.mimetype == "application/x-tmx+xml" and b"<tmx" in tmx.data
    concept = client.get("/align", query_string={"concept": "overrun"}).get_data(as_text=True)
    assert "reglamento-es" in concept and "rulebook-en" in concept


def test_align_page_never_reads_a_path_from_the_request(client: FlaskClient) -> None:
    response = client.get("/align", query_string={"a": "/etc/passwd", "b": "../README.md"})
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert "root:" not in html
    # A page answers errors with a page that names the problem, escaped.
    assert response.mimetype == "text/html" and "no corpus section &#39;/etc/passwd&#39;" in html


@pytest.mark.parametrize(
    "path",
    [
        "/api/clauses/..%2F..%2F..%2Fetc%2Fpasswd",
        "/api/clauses/%2Fetc%2Fpasswd",
        "/static/..%2F..%2F..%2Fetc%2Fpasswd",
        "/static/../../../../etc/passwd",
    ],
)
def test_no_path_from_a_request_reaches_the_file_system(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    # Werkzeug may first merge the slashes with a redirect that stays inside the same route.
    if response.status_code == 308:
        location = response.location.removeprefix("http://localhost")
        assert location.startswith("/api/clauses/")
        response = client.get(location)
    assert response.status_code == 404
    assert "root:" not in response.get_data(as_text=True)


def test_widget_and_page_carry_no_inline_script(client: FlaskClient) -> None:
    html = client.get("/?q=flee").get_data(as_text=True)
    # The CSP forbids inline scripts: the page's scripts are files (the page's own and the
    # feedback form's), and the page works without them (the forms are plain forms).
    scripts = re.findall(r"<script[^>]*>", html)
    assert sorted(scripts) == [
        '<script src="/static/chat.js" defer>',
        '<script src="/static/feedback.js" defer>',
    ]
    empty = re.findall(r"<script[^>]*>\s*</script>", html)
    assert empty == re.findall(r"<script.*?</script>", html, re.S)
    assert client.get("/static/chat.js").status_code == 200


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ('{"q": "\\ud800 x"}', "invalid_parameter"),  # an unpaired surrogate
        ('{"q": ' + "[" * 8000 + "]" * 8000 + "}", "malformed_json"),  # nested 8,000 deep
    ],
)
def test_hostile_json_is_a_400_in_the_error_shape(
    client: FlaskClient, body: str, code: str
) -> None:
    response = client.post("/api/ask", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == code


def test_health_is_never_rate_limited(settings: Settings, bot: Refbot) -> None:
    limited = create_app(settings.with_overrides(rate_limit="2 per minute", preload=False), bot)
    client = limited.test_client()
    assert all(client.get("/api/health").status_code != 429 for _ in range(5))


@pytest.mark.parametrize("params", [{"k": "5.5"}, {"k": "٥"}, {"lang": "en\n"}])
def test_parameters_are_read_strictly(client: FlaskClient, params: dict[str, str]) -> None:
    response = client.get("/api/ask", query_string={"q": "fled 7", **params})
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "invalid_parameter"


@pytest.mark.parametrize(
    "body",
    [
        {"q": QUESTION},
        {"q": "What happens when the pursuers reach the battlefield edge?"},
        {"q": "In Kings of War, can a unit that was charged counter-charge?"},
        {"q": "overrun", "edition": "reglamento-es", "k": 2},
        {"q": "and with 9?", "previous": {"rule": "pursuit", "inputs": {"flee": "7"}}},
    ],
)
def test_answers_match_the_published_schema(client: FlaskClient, body: dict[str, object]) -> None:
    answer = client.post("/api/ask", json=body).get_json()
    assert schemas.AskResponse().validate(answer) == {}


def test_a_corrected_input_is_computed_as_given(client: FlaskClient) -> None:
    first = client.post("/api/ask", json={"q": QUESTION}).get_json()
    assert first["situation"] == {"rule": "pursuit", "inputs": {"flee": "7", "pursuit": "7"}}
    corrected = {"rule": "pursuit", "inputs": {"flee": "7", "pursuit": "6"}}
    second = client.post("/api/ask", json={"q": QUESTION, "situation": corrected}).get_json()
    assert second["situation"] == corrected
    assert second["rule"]["outcome"]["caught"] is False


@pytest.mark.parametrize("rule", ["pursuit", "restrain"])
def test_an_input_given_empty_removes_the_one_read(client: FlaskClient, rule: str) -> None:
    # "My own archers were 3 inches away" read as in the pursuers' way, then taken back; for
    # another rule than the one read, the empty input removes what the rereading finds.
    question = "My goblins fled 5, the pursuers rolled 8, my own archers were 3 inches away"
    first = client.post("/api/ask", json={"q": question}).get_json()
    assert first["situation"]["inputs"]["obstacle"] == "3in"
    corrected = {"rule": "pursuit", "inputs": {**first["situation"]["inputs"], "obstacle": ""}}
    if rule == "restrain":
        corrected = {"rule": "restrain", "inputs": {"roll": ""}}
    body = client.post("/api/ask", json={"q": question, "situation": corrected}).get_json()
    assert body["situation"]["rule"] == rule
    removed = "obstacle" if rule == "pursuit" else "roll"
    assert removed not in body["situation"]["inputs"]


@pytest.mark.parametrize(
    ("lang", "first", "follow_up", "changed"),
    [
        ("en", QUESTION, "and if they had rolled 6?", {"pursuit": "6"}),
        (
            "es",
            "Movimiento 4, cargo y saco 6 y 2, el enemigo a 9 pulgadas. ¿Llego?",
            "¿y con Movimiento 2?",
            # A bare Movement is in the charge rule's unit, though Spanish counts in cm.
            {"movement": "2in"},
        ),
        ("ru", "Мои гоблины бежали на 4, преследователи выбросили 3", "а если выпало 6 и 6?", {}),
    ],
)
def test_a_follow_up_changes_one_input_of_the_previous_situation(
    client: FlaskClient, lang: str, first: str, follow_up: str, changed: dict[str, str]
) -> None:
    before = client.post("/api/ask", json={"q": first, "lang": lang}).get_json()["situation"]
    body = {"q": follow_up, "lang": lang, "previous": before}
    after = client.post("/api/ask", json=body).get_json()["situation"]
    assert after["rule"] == before["rule"]
    differs = {k: v for k, v in after["inputs"].items() if before["inputs"].get(k) != v}
    # The one input the follow-up names changes; a lone roll replaces the last roll given.
    assert differs == (changed or {"pursuit": "6,6"})


@pytest.mark.parametrize(
    "situation",
    [
        {"rule": "no_such_rule", "inputs": {}},
        {"rule": "pursuit", "inputs": ["7", "9"]},
        {"rule": "pursuit", "inputs": {"flee": "\ud800"}},
        {"rule": "pursuit"},
        {"rule": "pursuit", "inputs": {"banana": "3"}},
        "junk",
    ],
)
def test_a_bad_situation_is_a_400_naming_it(
    client: FlaskClient, situation: dict[str, object]
) -> None:
    for field in ("situation", "previous"):
        response = client.post("/api/ask", json={"q": "and with 9?", field: situation})
        assert response.status_code == 400, field
        assert error(response)["code"] == "invalid_parameter"
        assert field in error(response)["message"]
        assert "_schema" not in error(response)["message"]


def test_an_unknown_input_is_named_with_the_rules_inputs(client: FlaskClient) -> None:
    situation = {"rule": "pursuit", "inputs": {"banana": "3"}}
    response = client.post("/api/ask", json={"q": QUESTION, "situation": situation})
    message = error(response)["message"]
    assert message.startswith("situation.inputs: rule 'pursuit' has no input 'banana'; its inputs:")
    assert "flee (the Flee roll (total or faces))" in message
    junk = client.post("/api/ask", json={"q": QUESTION, "previous": "junk"})
    assert error(junk)["message"] == "previous: expected an object with rule and inputs"


def test_a_missing_input_is_named_by_its_label(client: FlaskClient) -> None:
    situation = {"rule": "failed_charge", "inputs": {"movement": "4"}}
    answer = client.post("/api/ask", json={"q": QUESTION, "lang": "de", "situation": situation})
    body = answer.get_json()
    assert body["problem"] == {
        "code": "missing_input",
        "input": "dice",
        "low": None,
        "high": None,
        "dice": None,
    }
    _ = translations("de").gettext
    expected = _(
        "I could not compute an outcome: the question does not give the rule's input {input}."
    ).format(input=_("the faces of the charge roll, e.g. 2,5"))
    assert body["answer"].startswith(expected)


@pytest.mark.parametrize("lang", ["en", "es", "ru", "de", "fr", "it", "pl", "pt", "nl", "tr"])
@pytest.mark.parametrize(
    ("value", "code", "message"),
    [
        # Impossible: a 2D6 roll of 13, with the range it takes.
        (
            "13",
            "invalid_input",
            "I could not compute an outcome: the value given for {input} is not possible; "
            "it can be {low} to {high}.",
        ),
        # Unreadable, not impossible: no number at all.
        (
            "abc",
            "unreadable_input",
            "I could not compute an outcome: the value given for {input} could not be read.",
        ),
    ],
)
def test_an_unusable_input_is_named_by_its_label_in_the_readers_language(
    client: FlaskClient, lang: str, value: str, code: str, message: str
) -> None:
    situation = {"rule": "pursuit", "inputs": {"flee": "7", "pursuit": value}}
    body = {"q": QUESTION, "lang": lang, "situation": situation}
    answer = client.post("/api/ask", json=body).get_json()
    allowed = {"low": 2, "high": 12} if code == "invalid_input" else {"low": None, "high": None}
    assert answer["problem"] == {"code": code, "input": "pursuit", **allowed, "dice": None}
    _ = translations(lang).gettext
    label = _("the Pursuit roll (total or faces)")
    assert answer["answer"].startswith(_(message).format(input=label, **allowed))
    assert "None" not in answer["answer"]


def test_the_api_reads_what_new_users_send(client: FlaskClient) -> None:
    # GET with k, as the POST body takes it.
    got = client.get("/api/ask", query_string={"q": QUESTION, "k": "2"})
    assert got.status_code == 200 and len(got.get_json()["citations"]) <= 2
    assert client.get("/api/ask", query_string={"q": QUESTION, "k": "5.5"}).status_code == 400
    # A JSON body sent without its Content-Type (curl -d).
    raw = client.post("/api/ask", data=json.dumps({"q": QUESTION, "lang": "en"}))
    assert raw.status_code == 200
    # A question of the wrong type is an invalid parameter, not a missing question.
    wrong = client.post("/api/ask", json={"q": 7}).get_json()
    assert wrong["error"]["code"] == "invalid_parameter"
    # Numbers as input values.
    situation = {"rule": "pursuit", "inputs": {"flee": 7, "pursuit": 5}}
    numbers = client.post("/api/ask", json={"q": QUESTION, "lang": "en", "situation": situation})
    assert numbers.status_code == 200
    assert numbers.get_json()["rules"][0]["outcome"]["caught"] is False


def test_a_body_over_the_limit_names_the_limit(client: FlaskClient, app: Flask) -> None:
    limit = app.config["MAX_CONTENT_LENGTH"]
    response = client.post("/api/ask", data="x" * (limit + 1), content_type="application/json")
    assert response.status_code == 413
    assert f"{limit:,} bytes" in response.get_json()["error"]["message"]


def test_the_page_shows_what_was_read_and_recomputes_a_correction(client: FlaskClient) -> None:
    page = client.get("/", query_string={"q": QUESTION, "lang": "en"}).get_data(as_text=True)
    assert 'name="in.flee" value="7"' in page and 'name="in.pursuit" value="7"' in page
    assert "Caught" in page
    corrected = {"q": QUESTION, "lang": "en", "rule": "pursuit", "in.flee": "7", "in.pursuit": "6"}
    page = client.get("/", query_string=corrected).get_data(as_text=True)
    assert 'name="in.pursuit" value="6"' in page and "Escaped" in page


def test_a_yes_no_input_is_corrected_from_a_list(client: FlaskClient) -> None:
    page = client.get("/", query_string={"q": QUESTION, "lang": "es"}).get_data(as_text=True)
    assert '<select id="in-tied" name="in.tied"' in page
    assert '<option value="yes">sí</option>' in page and '<option value="no">no</option>' in page
    corrected = {"q": QUESTION, "lang": "es", "rule": "pursuit", "in.tied": "yes"}
    page = client.get("/", query_string=corrected).get_data(as_text=True)
    assert '<option value="yes" selected>sí</option>' in page


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_a_choice_input_is_offered_by_its_name_not_its_id(
    client: FlaskClient, bot: Refbot, lang: str
) -> None:
    question = "Mordheim: can my warrior attack a knocked-down enemy?"
    page = client.get("/", query_string={"q": question, "lang": lang}).get_data(as_text=True)
    named = bot.glossary.concepts["knocked_down"].title(lang)
    assert named != "knocked_down"
    assert f'<option value="knocked_down" selected>{named}</option>' in page
    stunned = bot.glossary.concepts["stunned"].title(lang)
    assert f'<option value="stunned">{stunned}</option>' in page


@pytest.mark.parametrize("lang", ["es", "ru", "de", "fr"])
def test_the_understood_panel_is_in_the_interface_language(client: FlaskClient, lang: str) -> None:
    page = client.get("/", query_string={"q": QUESTION, "lang": lang}).get_data(as_text=True)

    def _(message: str) -> str:
        return str(escape(translations(lang).gettext(message)))

    assert _("What I read from your question — correct it and recompute") in page
    # The rule read is named, as the answer's "Read:" line names it: its title, then its id.
    assert f'<p class="read-rule"><strong>{_("Pursuit")} (pursuit)</strong></p>' in page
    assert _("the Flee roll (total or faces)") in page
    assert "the Flee roll (total or faces)" not in page


def test_the_page_carries_the_situation_into_a_follow_up(client: FlaskClient) -> None:
    page = client.get("/", query_string={"q": QUESTION, "lang": "en"}).get_data(as_text=True)
    assert 'name="prev" value="pursuit"' in page and 'name="prev.pursuit" value="7"' in page
    follow = {"q": "and if they had rolled 6?", "lang": "en", "prev": "pursuit"}
    follow |= {"prev.flee": "7", "prev.pursuit": "7"}
    page = client.get("/", query_string=follow).get_data(as_text=True)
    assert "Escaped" in page and 'name="in.pursuit" value="6"' in page


def test_a_one_word_question_takes_the_interface_language(client: FlaskClient) -> None:
    page = client.get("/", query_string={"q": "flee", "lang": "de"}).get_data(as_text=True)
    assert '<p class="text" lang="de">' in page


def test_the_chart_answers_the_question_asked(client: FlaskClient) -> None:
    q = "My goblins fled 7. What is the chance the pursuers catch them?"
    page = client.get("/", query_string={"q": q, "lang": "fr"}).get_data(as_text=True)
    assert "rattrapée : 7 ou plus" in page and "<desc>" in page


@pytest.mark.parametrize("lang", ["ru", "es", "de", "fr"])
def test_align_flags_and_concepts_are_in_the_interface_language(
    client: FlaskClient, lang: str
) -> None:
    query = {
        "a": "warhammer-fantasy/rulebook-ru/ru/neudavsheesya-napadenie",
        "b": "warhammer-fantasy/rulebook-ru/ru/neudavsheesya-napadenie",
        "lang": lang,
    }
    html = client.get("/align", query_string=query).get_data(as_text=True)
    flags = re.findall(r'<tr class="flag"><td colspan="3">(.*?)</td>', html, re.S)
    assert flags and len(flags) == len(set(flags))  # the example flag, once
    assert not any(re.search(r"[{}\[\]]|differ|speaks of|worked example", f) for f in flags)
    concepts = re.findall(r'<option value="[a-z_]+"[^>]*>([^<]*)</option>', html)
    assert concepts and not any("_" in c for c in concepts)


def test_the_page_asks_for_the_input_that_would_decide(client: FlaskClient) -> None:
    q = "My goblins fled 7. What is the chance the pursuers catch them?"
    page = client.get("/", query_string={"q": q, "lang": "es"}).get_data(as_text=True)
    asked = str(escape(translations("es").gettext("What did the pursuers roll?")))
    assert f'name="in.pursuit" value="" maxlength="64" placeholder="{asked}"' in page


# --- rate limits per route class, behind a proxy ---------------------------------------------

ALIGN = {
    "a": "warhammer-fantasy/rulebook-en/en/flee-and-pursue",
    "b": "warhammer-fantasy/reglamento-es/es/arrasamiento",
}


def test_each_route_class_has_its_own_limit(settings: Settings, bot: Refbot) -> None:
    configured = settings.with_overrides(
        rate_limit="2 per minute",
        rate_limit_expensive="1 per minute",
        rate_limit_pages="3 per minute",
    )
    client = create_app(configured, bot).test_client()
    api_statuses = [client.get("/api/clauses/x").status_code for _ in range(2)]
    api_statuses.append(client.get("/api/ask", query_string={"q": "fled 7"}).status_code)
    assert api_statuses == [404, 404, 429]  # one counter for the whole API
    assert [client.get("/align", query_string=ALIGN).status_code for _ in range(2)] == [200, 429]
    assert client.get("/align.tmx", query_string=ALIGN).status_code == 429  # same class
    assert [client.get(path).status_code for path in ("/", "/embed", "/", "/")] == [
        200, 200, 200, 429,
    ]  # fmt: skip
    for path in ("/api/health", "/widget.js", "/static/style.css"):
        assert all(client.get(path).status_code == 200 for _ in range(5)), path
    assert all(client.get("/favicon.ico").status_code == 301 for _ in range(5))


def test_every_page_has_an_icon_and_favicon_ico_leads_to_it(client: FlaskClient) -> None:
    moved = client.get("/favicon.ico")
    assert moved.status_code == 301 and moved.headers["Location"].endswith("/static/favicon.svg")
    icon = client.get("/static/favicon.svg")
    assert icon.status_code == 200 and icon.mimetype == "image/svg+xml"
    for path in ("/", "/embed", "/align", "/api/docs"):
        html = client.get(path).get_data(as_text=True)
        assert '<link rel="icon" type="image/svg+xml" href="/static/favicon.svg">' in html, path


@pytest.mark.parametrize(("proxies", "separate"), [(1, True), (0, False)])
def test_behind_a_proxy_each_forwarded_client_has_its_own_count(
    settings: Settings, bot: Refbot, proxies: int, separate: bool
) -> None:
    configured = settings.with_overrides(rate_limit="2 per minute", proxies=proxies)
    client = create_app(configured, bot).test_client()

    def status(address: str) -> int:
        return client.get("/api/clauses/x", headers={"X-Forwarded-For": address}).status_code

    assert [status("192.0.2.1") for _ in range(3)] == [404, 404, 429]
    # Without a trusted proxy the header is the client's word and must not buy a new quota.
    assert status("192.0.2.2") == (404 if separate else 429)


def test_an_unreachable_rate_limit_store_is_refused_at_start(
    settings: Settings, bot: Refbot
) -> None:
    import socket

    with socket.socket() as closed:  # a port nothing listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    configured = settings.with_overrides(rate_limit_storage=f"redis://127.0.0.1:{port}/0")
    with pytest.raises(
        ConfigError, match=f"rate_limit_storage': cannot reach redis://127.0.0.1:{port}"
    ):
        create_app(configured, bot)


@pytest.mark.parametrize("path", ["/api//ask", "/api///ask"])
def test_doubled_slashes_are_answered_not_redirected(client: FlaskClient, path: str) -> None:
    response = client.get(path, query_string={"q": QUESTION})
    assert response.status_code == 200
    assert response.get_json()["rule"]["outcome"]["caught"] is True


# --- expensive work done once ----------------------------------------------------------------


def test_alignments_are_computed_once_per_build(
    client: FlaskClient, bot: Refbot, corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import refbot.loaded
    from refbot import workbench

    aligned: list[str] = []
    parsed: list[Path] = []
    align_documents, load_corpus = workbench.align_documents, refbot.loaded.load_corpus
    monkeypatch.setattr(
        workbench,
        "align_documents",
        lambda a, *rest: aligned.append(a.name) or align_documents(a, *rest),
    )
    monkeypatch.setattr(
        refbot.loaded, "load_corpus", lambda path: parsed.append(path) or load_corpus(path)
    )
    pages = [client.get("/align", query_string=ALIGN).get_data() for _ in range(3)]
    tmx = [client.get("/align.tmx", query_string=ALIGN).get_data() for _ in range(2)]
    assert len(aligned) == 1 and len(parsed) == 1
    assert pages[0] == pages[2] and tmx[0] == tmx[1]
    other = {"a": ALIGN["b"], "b": ALIGN["a"]}
    assert client.get("/align", query_string=other).status_code == 200
    assert len(aligned) == 2 and len(parsed) == 1  # another pair, the same parsed corpus
    # A new build (the corpus changed) is aligned and parsed afresh.
    from tests.helpers import write_section

    write_section(corpus_dir, "warhammer-fantasy/club-faq/en/faq", "# FAQ\n\nKnights may sulk.\n")
    bot.build()
    client.get("/align", query_string=ALIGN)
    assert len(aligned) == 3 and len(parsed) == 2


# --- error pages -----------------------------------------------------------------------------

LANGUAGES = available_languages()


def test_the_five_interface_languages_have_catalogs() -> None:
    assert set(LANGUAGES) >= {"en", "es", "ru", "de", "fr"}


def localized(lang: str, message: str) -> str:
    return str(escape(translations(lang).gettext(message)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_missing_page_is_a_styled_page_in_the_interface_language(
    client: FlaskClient, lang: str
) -> None:
    response = client.get("/no/such/page", query_string={"lang": lang})
    assert response.status_code == 404 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    root = f'<html lang="{lang}" dir="{text_direction(lang)}">'
    assert root in html and "/static/style.css" in html
    assert localized(lang, "Page not found") in html
    assert localized(lang, "There is no page at this address.") in html
    if lang != "en":
        assert "Page not found" not in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_failure_is_a_styled_500_page_in_the_interface_language(
    client: FlaskClient, bot: Refbot, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(bot, "ask", broken)
    response = client.get("/", query_string={"q": QUESTION}, headers={"Accept-Language": lang})
    assert response.status_code == 500 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    root = f'<html lang="{lang}" dir="{text_direction(lang)}">'
    assert root in html and "/static/style.css" in html
    assert localized(lang, "Something went wrong") in html and "a bug" not in html
    api = client.post("/api/ask", json={"q": QUESTION})
    assert api.status_code == 500 and error(api)["code"] == "internal_error"


@pytest.mark.parametrize(("method", "status"), [("delete", 405), ("get", 404)])
def test_page_errors_are_pages_and_api_errors_keep_the_json_shape(
    client: FlaskClient, method: str, status: int
) -> None:
    page = getattr(client, method)("/align.tmx/nothing" if status == 404 else "/")
    assert page.status_code == status and page.mimetype == "text/html"
    api = getattr(client, method)("/api/nothing" if status == 404 else "/api/ask")
    assert api.status_code == status and api.mimetype == "application/json"
    assert error(api)["code"] in {"not_found", "method_not_allowed"}


OVERRUN_Q = "my unit charged and wiped out the enemy, Movement 4: can it overrun?"


def test_a_follow_up_naming_a_language_switches_the_edition_in_the_api_and_page(
    client: FlaskClient,
) -> None:
    before = client.post("/api/ask", json={"q": OVERRUN_Q}).get_json()
    body = {"q": "what about the Spanish rules?", "previous": before["situation"]}
    after = client.post("/api/ask", json=body).get_json()
    assert schemas.AskResponse().validate(after) == {}
    assert after["situation"]["edition"] == "reglamento-es"
    assert [r["edition"] for r in after["rules"]] == ["reglamento-es"]
    then = client.post(
        "/api/ask", json={"q": "and with Movement 6?", "previous": after["situation"]}
    )
    assert [r["edition"] for r in then.get_json()["rules"]] == ["reglamento-es"]
    page = client.get(
        "/",
        query_string={
            "q": "а по английским правилам?",
            "lang": "ru",
            "prev": "overrun",
            "prev.charged": "yes",
            "prev.wiped_out": "yes",
            "prev.movement": "4in",
        },
    )
    html = page.get_data(as_text=True)
    assert 'name="prev_edition" value="rulebook-en"' in html
    assert 'name="rule_edition" value="rulebook-en"' in html


# --- the conversation's history on the chat page ---------------------------------------------


def form_values(html: str, form_class: str) -> dict[str, str]:
    form = re.search(rf'<form[^>]*class="{form_class}".*?</form>', html, re.S)
    assert form is not None
    hidden = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form.group(0))
    return {name: html_unescape(value) for name, value in hidden}


def html_unescape(text: str) -> str:
    import html

    return html.unescape(text)


def history_of(html: str) -> list[tuple[str, str]]:
    section = re.search(r'<section class="history".*?</section>', html, re.S)
    if section is None:
        return []
    turns = re.findall(
        r'<p class="asked">(.*?)</p>\s*<p class="said" lang="\w+">(.*?)</p>', section.group(0), re.S
    )
    return [(html_unescape(q), html_unescape(a)) for q, a in turns]


def test_the_page_shows_the_conversation_so_far(client: FlaskClient) -> None:
    questions = [QUESTION, "and if they had rolled 6?", "what if the pursuers rolled 11?"]
    carried: dict[str, str] = {"lang": "en"}
    answers = []
    for number, question in enumerate(questions):
        html = client.get("/", query_string={**carried, "q": question}).get_data(as_text=True)
        shown = history_of(html)
        assert [q for q, _ in shown] == questions[:number]
        assert [a for _, a in shown] == answers
        answers.append(html_unescape(re.search(r'<p class="text"[^>]*>(.*?)</p>', html).group(1)))  # type: ignore[union-attr]
        carried = form_values(html, "ask")
        # The earlier turns come before the latest answer.
        if shown:
            assert html.index('class="history"') < html.index('class="answer"')
    assert answers[0].startswith("Caught") and answers[1].startswith("Escaped")
    # A correction recomputes the latest turn: the history before it is kept, not extended.
    correction = form_values(html, "understood")
    page = client.get("/", query_string={**correction, "in.pursuit": "3"}).get_data(as_text=True)
    assert [q for q, _ in history_of(page)] == questions[:2]


@pytest.mark.parametrize("tamper", [lambda v: v[:-2] + "xx", lambda v: "x" + v, lambda v: "."])
def test_a_history_not_signed_by_this_server_is_not_shown(
    client: FlaskClient, tamper: object
) -> None:
    html = client.get("/", query_string={"q": QUESTION, "lang": "en"}).get_data(as_text=True)
    value = form_values(html, "ask")["history"]
    forged = {"q": "and with 6?", "lang": "en", "history": tamper(value)}  # type: ignore[operator]
    assert history_of(client.get("/", query_string=forged).get_data(as_text=True)) == []
    signed = {"q": "and with 6?", "lang": "en", "history": value}
    assert len(history_of(client.get("/", query_string=signed).get_data(as_text=True))) == 1


def test_the_history_keeps_the_last_turns_that_fit(settings: Settings, bot: Refbot) -> None:
    from refbot.web.history import MAX_VALUE_CHARS, History, Turn

    history = History("key", turns=3)
    turns = [Turn(f"question {n}", f"answer {n}", "en") for n in range(5)]
    assert [t.question for t in history.load(history.dump(turns))] == [
        "question 2", "question 3", "question 4",
    ]  # fmt: skip
    import secrets

    long = [Turn(secrets.token_hex(900), secrets.token_hex(900), "en") for _ in range(3)]
    value = history.dump(long)
    assert 0 < len(value) <= MAX_VALUE_CHARS and history.load(value) == long[-1:]
    assert History("another key", 3).load(value) == []


def test_the_history_key_is_shared_through_the_index_folder(settings: Settings) -> None:
    from refbot.web.history import secret_key

    first = secret_key("", settings.index_dir)
    assert first and secret_key("", settings.index_dir) == first  # every worker reads the same
    assert secret_key("configured", settings.index_dir) == "configured"
    assert (settings.index_dir / "secret_key").stat().st_mode & 0o077 == 0


# --- the API contract ------------------------------------------------------------------------

METHODS = ("get", "post", "put", "patch", "delete")


def refs_in(node: object) -> list[str]:
    if isinstance(node, dict):
        return [
            *([node["$ref"]] if "$ref" in node else []),
            *(r for v in node.values() for r in refs_in(v)),
        ]
    if isinstance(node, list):
        return [r for v in node for r in refs_in(v)]
    return []


def test_every_documented_response_has_a_schema(client: FlaskClient) -> None:
    from refbot.web.api import resolve

    spec = client.get("/api/openapi.json").get_json()
    operations = [
        (path, method, op)
        for path, item in spec["paths"].items()
        for method, op in item.items()
        if method in METHODS
    ]
    assert len(operations) >= 6
    for path, method, op in operations:
        assert op["responses"], (path, method)
        for status, response in op["responses"].items():
            resolved = resolve(spec, response)
            assert resolved["description"], (path, method, status)
            assert resolved["content"], (path, method, status)
            for content in resolved["content"].values():
                assert content["schema"], (path, method, status)
    for ref in refs_in(spec):  # every reference resolves
        assert resolve(spec, {"$ref": ref}), ref


@pytest.fixture
def limited(settings: Settings, bot: Refbot) -> FlaskClient:
    configured = settings.with_overrides(rate_limit="1 per minute", preload=False)
    return create_app(configured, bot).test_client()


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status", "built"),
    [
        ("post", "/api/ask", {"json": {"q": QUESTION}}, 200, True),
        ("get", "/api/ask", {"query_string": {"q": QUESTION}}, 200, True),
        ("post", "/api/ask", {"json": {}}, 400, True),
        ("get", "/api/ask", {}, 400, True),
        ("post", "/api/ask", {"json": {"q": "x" * 4001}}, 413, True),
        ("get", "/api/ask", {"query_string": {"q": "x" * 4001}}, 413, True),
        ("post", "/api/ask", {"data": "x" * 20000, "content_type": "application/json"}, 413, True),
        ("post", "/api/ask", {"json": {"q": QUESTION}}, 503, False),
        ("get", "/api/ask", {"query_string": {"q": QUESTION}}, 503, False),
        ("get", "/api/clauses/{clause_id}", {}, 200, True),
        ("get", "/api/clauses/{clause_id}", {"missing": True}, 404, True),
        ("get", "/api/clauses/{clause_id}", {}, 503, False),
        ("get", "/api/health", {}, 200, True),
        ("get", "/api/health", {}, 503, False),
        ("get", "/api/openapi.json", {}, 200, False),
        ("get", "/api/docs", {}, 200, False),
    ],
)
def test_every_status_an_endpoint_answers_is_documented(
    client: FlaskClient,
    bot: Refbot,
    corpus_dir: Path,
    method: str,
    path: str,
    kwargs: dict[str, object],
    status: int,
    built: bool,
) -> None:
    from refbot.web.api import resolve

    if built:
        bot.build()
    elif status == 503:
        # No index, and a corpus it cannot be built from: the service says what to fix.
        bad = corpus_dir / "warhammer-fantasy/rulebook-en/en/broken.md"
        bad.write_text("no front matter", encoding="utf-8")
    clause_id = (
        "no/such/clause%231"
        if kwargs.pop("missing", False)
        else ("warhammer-fantasy/rulebook-en/en/flee-and-pursue%2330")
    )
    url = path.replace("{clause_id}", clause_id)
    response = getattr(client, method)(url, **kwargs)
    assert response.status_code == status
    spec = client.get("/api/openapi.json").get_json()
    documented = resolve(spec, spec["paths"][path][method]["responses"][str(status)])
    name = documented["content"].get("application/json", {}).get("schema", {}).get("$ref", "")
    if name:  # the body matches the schema documented for that status
        schema = getattr(schemas, name.split("/")[-1])()
        assert schema.validate(response.get_json()) == {}


@pytest.mark.parametrize("path", ["/api/ask", "/api/clauses/x", "/api/health", "/api/docs"])
def test_rate_limited_and_unlisted_methods_are_documented(limited: FlaskClient, path: str) -> None:
    spec = limited.get("/api/openapi.json").get_json()  # spends the one request allowed
    template = "/api/clauses/{clause_id}" if path.startswith("/api/clauses/") else path
    response = limited.get(path, query_string={"q": QUESTION})
    if path == "/api/health":  # never limited
        assert (
            response.status_code != 429 and "429" not in spec["paths"][template]["get"]["responses"]
        )
    else:
        assert response.status_code == 429 and "429" in spec["paths"][template]["get"]["responses"]
    # A method a path does not list: 405 in the error shape, as the document's description says.
    refused = limited.delete(path)
    assert refused.status_code in (405, 429) and error(refused)
    assert "405 `method_not_allowed`" in spec["info"]["description"]


def test_the_docs_page_renders_every_schema(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    html = client.get("/api/docs").get_data(as_text=True)
    for name in spec["components"]["schemas"]:
        assert f'<h3 id="{name}">{name}</h3>' in html
    for target in re.findall(r'href="#([^"]+)"', html):
        assert f'id="{target}"' in html, target
    assert "$ref" not in html and "error:" not in html.lower() and "Undefined" not in html


# --- the embed guide -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_embed_guide_fills_in_this_server_and_the_setting(
    client: FlaskClient, lang: str
) -> None:
    response = client.get("/widget", query_string={"lang": lang}, base_url="https://rules.example")
    html = response.get_data(as_text=True)
    root = f'<html lang="{lang}" dir="{text_direction(lang)}">'
    assert response.status_code == 200 and root in html
    snippet = f'<script src="https://rules.example/widget.js" data-lang="{lang}" async></script>'
    assert str(escape(snippet)) in html
    assert "REFBOT_ALLOWED_ORIGINS" in html and f"<code>{CLUB}</code>" in html
    assert localized(lang, "Add refbot to your club's website") in html
    # The lines it gives are served by this app.
    assert client.get("/widget.js").status_code == 200
    assert client.get("/embed", query_string={"lang": lang}).status_code == 200
    chat = client.get("/", query_string={"lang": lang}).get_data(as_text=True)
    assert f'href="/widget?lang={lang}"' in chat  # linked from the chat page


def test_the_embed_guide_says_when_no_website_is_allowed(settings: Settings, bot: Refbot) -> None:
    client = create_app(settings.with_overrides(preload=False), bot).test_client()
    html = client.get("/widget", query_string={"lang": "de"}).get_data(as_text=True)
    assert localized("de", "This server allows no website yet.") in html


# --- no interface text from another language ---------------------------------------------------


class VisibleText(HTMLParser):
    """The interface text of a page: text and labelling attributes, leaving out what is marked
    as another language (questions, answers, clauses quoted in their own language) and code."""

    SKIPPED = frozenset({"script", "style", "code", "pre", "textarea"})
    VOID = frozenset({"meta", "link", "input", "br", "img", "hr", "source"})
    LABELS = ("placeholder", "aria-label", "title", "alt", "value")

    def __init__(self) -> None:
        super().__init__()
        self.page_lang = ""
        self.stack: list[tuple[str, bool]] = []  # (tag, shown)
        self.texts: list[str] = []

    def shown(self) -> bool:
        return all(shown for _, shown in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "html":
            self.page_lang = values.get("lang") or ""
        lang = values.get("lang")
        shown = tag not in self.SKIPPED and (lang is None or lang == self.page_lang)
        if tag == "input" and values.get("type") == "hidden":
            shown = False
        if self.shown() and shown:
            self.texts += [values[k] or "" for k in self.LABELS if values.get(k)]
        if tag not in self.VOID:
            self.stack.append((tag, shown))

    def handle_endtag(self, tag: str) -> None:
        for position in range(len(self.stack) - 1, -1, -1):
            if self.stack[position][0] == tag:
                del self.stack[position:]
                break

    def handle_data(self, data: str) -> None:
        if self.shown() and data.strip():
            self.texts.append(" ".join(data.split()))


def catalog_texts(lang: str) -> set[str]:
    """Every interface and answer message as the catalog of lang writes it."""
    from babel.messages.pofile import read_po

    with (DEFAULT_LOCALES_DIR / "messages.pot").open("rb") as handle:
        template = read_po(handle)
    catalog = translations(lang)
    found = set()
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            found |= {catalog.ngettext(message.id[0], message.id[1], n) for n in (1, 2, 5)}
        else:
            found.add(catalog.gettext(message.id))
    return found


@lru_cache(maxsize=8)
def foreign_texts(lang: str) -> tuple[str, ...]:
    """Messages other catalogs write and the catalog of lang never does (no placeholders)."""
    own = catalog_texts(lang)
    others = {t for other in LANGUAGES if other != lang for t in catalog_texts(other)}
    return tuple(
        sorted(
            t
            for t in others - own
            if "{" not in t and "%(" not in t and len(t) >= 4 and not any(t in o for o in own)
        )
    )


# In each interface language, a question refbot computes and one it declines, so that the
# answers (written from the same catalogs) are checked too.
ASKED = {
    "en": (QUESTION, "How many points does a unit of Grail Knights cost?"),
    "es": (
        "Huimos con un 5 y el perseguidor sacó un 8, ¿qué pasa?",
        "¿Cuál es el alcance de un proyectil mágico en la fase de magia?",
    ),
    "ru": (
        "Мои гоблины бежали на 4, преследователи выбросили 3. Их поймали?",
        "Сколько очков стоит отряд рыцарей Грааля?",
    ),
    "de": (
        "Meine Goblins flohen 7, die Verfolger würfelten 7. Was passiert?",
        "Wie viele Punkte kostet eine Einheit Gralsritter?",
    ),
    "fr": (
        "Mes gobelins ont fui de 7, les poursuivants ont fait 7. Que se passe-t-il ?",
        "Combien de points coûte une unité de Chevaliers du Graal ?",
    ),
    "it": (
        "I miei goblin sono fuggiti di 7, gli inseguitori hanno tirato 7. Cosa succede?",
        "Quanti punti costa un'unità di Cavalieri del Graal?",
    ),
    "pl": (
        "Moje gobliny uciekły na 7, ścigający wyrzucili 7. Co się dzieje?",
        "Ile punktów kosztuje oddział Rycerzy Graala?",
    ),
    "pt": (
        "Meus goblins fugiram 7, os perseguidores tiraram 7. O que acontece?",
        "Quantos pontos custa uma unidade de Cavaleiros do Graal?",
    ),
    "nl": (
        "Mijn goblins vluchtten 7, de achtervolgers gooiden 7. Wat gebeurt er?",
        "Hoeveel punten kost een eenheid Graalridders?",
    ),
    # Turkish has a catalog but no glossary terms: its situations are read by the nearest terms
    # of the real model (tests/test_bot.py). Here a rule's own words in English compute.
    "tr": (
        "Goblinlerim 7 flee attı, pursuers 7 attı. Ne olur?",
        "Bir Kase Şövalyeleri birliği kaç puan?",
    ),
    # So do Chinese, Japanese, Korean and Arabic: catalogs, no glossary terms.
    "zh": ("我的哥布林 flee 7，pursuers 7。会怎样？", "一队圣杯骑士要多少分？"),
    "ja": ("ゴブリンが flee 7、pursuers 7。どうなる？", "グレイルナイトのユニットは何ポイント？"),
    "ko": ("고블린 flee 7, pursuers 7 굴림. 결과는?", "그레일 나이트 한 부대는 몇 포인트예요?"),
    "ar": ("غيلاني flee 7 والمطاردون pursuers 7. ماذا يحدث؟", "كم نقطة تكلف وحدة فرسان الكأس؟"),
}
FOREIGN_CHECK_PAGES = [
    ("/", {}),
    ("/", {"q": "computed"}),
    ("/", {"q": "declined"}),
    ("/", {"q": QUESTION}),  # asked in English: its answer is marked lang="en"
    ("/", {"q": "My goblins fled 7. What is the chance the pursuers catch them?"}),  # a chart
    ("/embed", {"q": "computed"}),
    ("/align", {"a": ALIGN["a"], "b": ALIGN["b"]}),
    ("/align", {"concept": "overrun"}),
    ("/widget", {}),
    ("/api/docs", {}),
    ("/no/such/page", {}),
]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_shows_interface_text_of_another_language(client: FlaskClient, lang: str) -> None:
    foreign = foreign_texts(lang)
    assert foreign  # the check has something to look for
    patterns = [re.compile(rf"(?<!\w){re.escape(t)}(?!\w)") for t in foreign]
    computed, declined = ASKED[lang]
    for path, query in FOREIGN_CHECK_PAGES:
        asked = {"computed": computed, "declined": declined}.get(query.get("q", ""))
        query = {**query, "q": asked} if asked else query
        html = client.get(path, query_string={**query, "lang": lang}).get_data(as_text=True)
        page = VisibleText()
        page.feed(html)
        assert page.page_lang == lang, path
        if asked:  # the answer is in the page's language, so it is checked too
            assert f'<p class="text" lang="{lang}">' in html, asked
            assert ('class="rules"' in html) == (asked == computed), asked
        for text in page.texts:
            leaks = [p.pattern for p in patterns if p.search(text)]
            assert not leaks, (path, query, text, leaks)


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_too_many_requests_and_wrong_methods_on_pages_are_localized_pages(
    settings: Settings, bot: Refbot, lang: str
) -> None:
    configured = settings.with_overrides(rate_limit_pages="1 per minute", preload=False)
    client = create_app(configured, bot).test_client()
    query = {"lang": lang}
    assert client.get("/widget", query_string=query).status_code == 200
    limited = client.get("/widget", query_string=query)
    assert limited.status_code == 429 and limited.mimetype == "text/html"
    assert localized(lang, "Too many requests") in limited.get_data(as_text=True)
    refused = client.post("/static/style.css", query_string=query)
    assert refused.status_code == 405 and "GET" in refused.headers["Allow"]
    assert localized(lang, "Not allowed") in refused.get_data(as_text=True)


def test_a_page_error_names_the_problem_in_its_own_language(client: FlaskClient) -> None:
    response = client.get("/align", query_string={"a": "nope", "b": "nope", "lang": "fr"})
    html = response.get_data(as_text=True)
    assert response.status_code == 404 and '<p class="meta" lang="en">no corpus section' in html
    assert localized("fr", "Page not found") in html


@pytest.mark.parametrize("lang", ["en", "es", "ru", "de", "fr"])
def test_an_over_long_question_on_the_page_is_a_413_stating_the_limit(
    client: FlaskClient, lang: str
) -> None:
    limit = Settings().max_question_chars
    response = client.get("/", query_string={"q": "flee " * limit, "lang": lang})
    assert response.status_code == 413
    stated = str(escape(too_long_message(lang, limit)))
    assert stated in response.get_data(as_text=True)
    assert format_decimal(limit, locale=locale_for(lang)) in stated
    # The question is kept to shorten, not cut by the browser to fit.
    page = response.get_data(as_text=True)
    assert "maxlength" not in page.split('id="q"')[1].split(">")[0]
    assert "flee " * 20 in page


@pytest.mark.parametrize(
    ("situation", "problem", "message"),
    [
        # A count below its least: the least it takes.
        (
            {"rule": "break_from_combat", "inputs": {"opponents": "0"}},
            {"code": "invalid_input", "input": "opponents", "low": 1, "high": None, "dice": None},
            "I could not compute an outcome: the value given for {input} is not possible; "
            "it must be at least {low}.",
        ),
        # A face of 7 is no die's: no range of the whole roll is made up from one face's.
        (
            {"rule": "pursuit", "inputs": {"flee": "7", "pursuit": "7,1"}},
            {"code": "invalid_input", "input": "pursuit", "low": None, "high": None, "dice": None},
            "I could not compute an outcome: the value given for {input} is not possible.",
        ),
        # Three faces for the charge roll's two dice: the dice it rolls.
        (
            {"rule": "failed_charge", "inputs": {"dice": "3,4,5"}},
            {"code": "invalid_input", "input": "dice", "low": None, "high": None, "dice": 2},
            "I could not compute an outcome: the value given for {input} is not possible; "
            "it is a roll of {dice}D6.",
        ),
        # Three faces for a 2D6 roll: the dice it rolls.
        (
            {"rule": "pursuit", "inputs": {"flee": "7", "pursuit": "3,4,5"}},
            {"code": "invalid_input", "input": "pursuit", "low": None, "high": None, "dice": 2},
            "I could not compute an outcome: the value given for {input} is not possible; "
            "it is a roll of {dice}D6.",
        ),
    ],
)
def test_an_impossible_value_says_the_range_its_input_takes(
    client: FlaskClient, situation: dict[str, object], problem: dict[str, object], message: str
) -> None:
    body = {"q": QUESTION, "lang": "de", "situation": situation}
    answer = client.post("/api/ask", json=body).get_json()
    assert answer["problem"] == problem
    _ = translations("de").gettext
    label = _(input_help(str(problem["input"]), str(situation["rule"])) or "")
    expected = _(message).format(
        input=label, low=problem["low"], high=problem["high"], dice=problem["dice"]
    )
    assert answer["answer"].startswith(expected)


@pytest.mark.parametrize(
    "roll, move, dice", [("22", 22, None), ("40", 40, "8D6"), ("6,6,6,6,6", 30, "5D6")]
)
def test_a_spanish_overrun_roll_without_movement_still_moves_its_total(
    client: FlaskClient, roll: str, move: int, dice: str | None
) -> None:
    # The Movement picks 5D6 or 8D6; without it the unit still moves what was rolled, and the
    # faces or a total only 8D6 makes say the dice.
    situation = {"rule": "overrun", "inputs": {"wiped_out": "yes", "roll": roll}}
    body = client.post(
        "/api/ask",
        json={
            "q": "¿Cuánto arrasa?",
            "lang": "es",
            "situation": situation,
            "edition": "reglamento-es",
        },
    ).get_json()
    (result,) = body["rules"]
    assert result["outcome"]["move"] == {"value": move, "unit": "cm"}
    assert result["inputs"]["roll"]["dice"] == dice
    assert f"{move} centímetros" in body["answer"]


def test_a_count_of_citations_out_of_range_is_said_so_in_a_query(client: FlaskClient) -> None:
    # "k=1000" is a number, only too big: the range is what is wrong, not its being a number.
    response = client.get("/api/ask", query_string={"q": "overrun", "k": "1000"})
    assert response.status_code == 400
    assert "50" in error(response)["message"]
