"""The rules officer's page: hidden without a token, signed in by token, grouped report, export."""

from __future__ import annotations

import pytest
import yaml
from flask.testing import FlaskClient

from refbot.bot import Refbot
from refbot.config import Settings
from refbot.corpus import split_front_matter
from refbot.errors import ConfigError
from refbot.web import create_app

TOKEN = "officer-token-0123456789"
PURSUIT = "my goblins fled 7, the pursuers rolled 7, what happens?"
OTHER_GAME = "How far can a Space Marine move in Warhammer 40k?"
BEARER = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def client(settings: Settings, bot: Refbot) -> FlaskClient:
    configured = settings.with_overrides(
        admin_token=TOKEN, rate_limit="1000 per minute", rate_limit_pages="1000 per minute"
    )
    bot.settings = configured
    return create_app(configured, bot).test_client()


def flag_some(client: FlaskClient) -> str:
    """Ask an out-of-scope question and mark a computed answer not helpful; return its id."""
    client.post("/api/ask", json={"q": OTHER_GAME})
    answer_id = client.post("/api/ask", json={"q": PURSUIT}).get_json()["answer_id"]
    sent = {"answer_id": answer_id, "helpful": False, "correction": "Restrain <b>first</b>"}
    assert client.post("/api/feedback", json=sent).status_code == 201
    return str(answer_id)


def test_without_a_token_there_is_no_admin_page(settings: Settings, bot: Refbot) -> None:
    client = create_app(settings, bot).test_client()
    for path in ("/admin", "/admin/faq.md?lang=en"):
        assert client.get(path, headers=BEARER).status_code == 404
    assert client.post("/admin/login", data={"token": ""}).status_code == 404


def test_a_short_token_is_refused_without_showing_it(settings: Settings) -> None:
    with pytest.raises(ConfigError, match="at least 16") as caught:
        settings.with_overrides(admin_token="short-secret")
    assert "short-secret" not in str(caught.value)


@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Bearer wrong-token-0123456789"}, {"Authorization": f"Basic {TOKEN}"}],
)
def test_without_the_token_the_page_asks_for_it(client: FlaskClient, headers: dict) -> None:
    flag_some(client)
    response = client.get("/admin", headers=headers)
    page = response.get_data(as_text=True)
    assert response.status_code == 401 and 'name="token"' in page
    assert "Restrain" not in page and PURSUIT not in page
    assert client.get("/admin/faq.md?lang=en", headers=headers).status_code == 401


def test_the_report_groups_flagged_answers_by_concept_and_language(client: FlaskClient) -> None:
    answer_id = flag_some(client)
    client.post("/api/ask", json={"q": "Мои гоблины бежали на 4, преследователи выбросили 3."})
    response = client.get("/admin?lang=en", headers=BEARER)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    assert f'data-answer-id="{answer_id}"' in page and PURSUIT in page and OTHER_GAME in page
    # Readers' text is escaped, never markup.
    assert "Restrain &lt;b&gt;first&lt;/b&gt;" in page and "<b>first" not in page
    assert 'data-concept="pursuit" data-lang="en"' in page
    assert "faq-en.md" in page


def test_signing_in_by_form_sets_a_cookie_that_is_not_the_token(client: FlaskClient) -> None:
    flag_some(client)
    wrong = client.post("/admin/login", data={"token": "nope"})
    assert wrong.status_code == 401 and "not the admin token" in wrong.get_data(as_text=True)
    response = client.post("/admin/login", data={"token": TOKEN})
    assert response.status_code == 303
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and TOKEN not in cookie
    page = client.get("/admin").get_data(as_text=True)
    assert PURSUIT in page
    client.post("/admin/logout")
    assert client.get("/admin").status_code == 401


def test_the_page_speaks_the_officers_language(client: FlaskClient) -> None:
    flag_some(client)
    page = client.get("/admin?lang=es", headers=BEARER).get_data(as_text=True)
    assert "Por concepto e idioma" in page and "no útil" in page


def test_since_filters_and_a_bad_since_is_a_400(client: FlaskClient) -> None:
    flag_some(client)
    future = client.get("/admin?since=2999-01-01", headers=BEARER).get_data(as_text=True)
    assert PURSUIT not in future
    assert client.get("/admin?since=yesterday", headers=BEARER).status_code == 400


def test_the_export_downloads_a_faq_skeleton(client: FlaskClient) -> None:
    flag_some(client)
    response = client.get("/admin/faq.md?lang=en", headers=BEARER)
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == 'attachment; filename="faq-en.md"'
    header, body = split_front_matter(response.get_data(as_text=True)) or ("", "")
    meta = yaml.safe_load(header)
    assert meta["kind"] == "faq" and meta["lang"] == "en"
    assert f"## {PURSUIT}" in body and f"## {OTHER_GAME}" in body
    assert "Restrain <b>first</b>" in body  # Markdown text, as the reader wrote it
    for lang in ("english", "zz"):
        refused = client.get(f"/admin/faq.md?lang={lang}", headers=BEARER)
        assert refused.status_code == 400
        assert f"lang: &#39;{lang}&#39; is not" in refused.get_data(as_text=True)
