from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from refbot.bot import Refbot
from refbot.cli import main
from refbot.config import Settings
from refbot.embed import HashEmbedder
from refbot.errors import ConfigError
from refbot.i18n import translations
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
    ("request_kwargs", "status", "code"),
    [
        ({"json": {"q": "   "}}, 400, "empty_question"),
        ({"json": {}}, 400, "missing_question"),
        ({"json": {"q": "x" * 1001}}, 413, "question_too_long"),
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
    assert error(limited.get("/api/clauses/x"))["code"] == "rate_limited"


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
    assert '<html lang="ru">' in html and "Задайте вопрос по правилам" in html


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
    assert "<details>" in html  # the parallel clauses toggle


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
    # The CSP forbids inline scripts: the one script (the feedback form's) is a static file.
    assert re.findall(r"<script[^>]*>", html) == ['<script src="/static/feedback.js" defer>']
    empty = re.findall(r"<script[^>]*>\s*</script>", html)
    assert empty == re.findall(r"<script.*?</script>", html, re.S)


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


@pytest.mark.parametrize(
    ("lang", "first", "follow_up", "changed"),
    [
        ("en", QUESTION, "and if they had rolled 6?", {"pursuit": "6"}),
        (
            "es",
            "Movimiento 4, cargo y saco 6 y 2, el enemigo a 9 pulgadas. ¿Llego?",
            "¿y con Movimiento 2?",
            {"movement": "2"},
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


def test_the_page_shows_what_was_read_and_recomputes_a_correction(client: FlaskClient) -> None:
    page = client.get("/", query_string={"q": QUESTION, "lang": "en"}).get_data(as_text=True)
    assert 'name="in.flee" value="7"' in page and 'name="in.pursuit" value="7"' in page
    assert "Caught" in page
    corrected = {"q": QUESTION, "lang": "en", "rule": "pursuit", "in.flee": "7", "in.pursuit": "6"}
    page = client.get("/", query_string=corrected).get_data(as_text=True)
    assert 'name="in.pursuit" value="6"' in page and "Escaped" in page


@pytest.mark.parametrize("lang", ["es", "ru", "de", "fr"])
def test_the_understood_panel_is_in_the_interface_language(client: FlaskClient, lang: str) -> None:
    page = client.get("/", query_string={"q": QUESTION, "lang": lang}).get_data(as_text=True)

    def _(message: str) -> str:
        return str(escape(translations(lang).gettext(message)))

    assert _("What I read from your question — correct it and recompute") in page
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
