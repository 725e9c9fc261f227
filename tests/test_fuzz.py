"""Random and hostile input: the parser, the router, the rules core and the API never crash."""

from __future__ import annotations

import json

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refbot.bot import Refbot
from refbot.config import Settings
from refbot.errors import QuestionError, RuleError, UnknownRule
from refbot.glossary import load_glossary
from refbot.question import parse_question
from refbot.router import route
from refbot.rules import all_rules, run_rule
from refbot.web import create_app
from tests.helpers import SEED_CORPUS

GLOSSARY = load_glossary(SEED_CORPUS / "glossary.yaml")
CLAUSES = Refbot(Settings(corpus_dir=SEED_CORPUS)).clauses()
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
LANGS = st.sampled_from(["en", "es", "ru", "de", "fr", "it", "pl", "pt", "zz"])
# Text with everything people paste: control characters, emoji, mixed scripts, huge numbers.
HOSTILE = st.one_of(
    st.text(max_size=300),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=300),
    st.from_regex(r"[\d\s,.\"″DdДд+иy]{1,80}", fullmatch=True),
    st.builds(lambda n: f"fled {n}, pursuers rolled {n}", st.integers(-(10**30), 10**30)),
    st.just('🏃‍♂️ Мои goblins huyeron 7\x00\x1b[31m и 5D6" 🐉'),
)


@FUZZ
@given(text=HOSTILE, lang=LANGS)
def test_parser_and_router_take_anything(text: str, lang: str) -> None:
    question = parse_question(text, lang, GLOSSARY)
    decision = route(question, GLOSSARY, frozenset(GLOSSARY.concepts), 0.3)
    assert decision.kind in ("rule", "lookup", "abstain")


@FUZZ
@given(
    rule=st.sampled_from(sorted({r.id for r in all_rules()})),
    inputs=st.dictionaries(
        st.sampled_from(sorted({p.name for r in all_rules() for p in r.params})),
        st.one_of(st.text(max_size=20), st.integers(), st.booleans(), st.floats(allow_nan=True)),
        max_size=5,
    ),
)
def test_rules_core_answers_or_names_the_bad_input(rule: str, inputs: dict[str, object]) -> None:
    try:
        results = run_rule(rule, inputs, CLAUSES)
    except (RuleError, UnknownRule) as exc:
        assert str(exc)
    else:
        assert results and all(json.dumps(r.to_dict()) for r in results)


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    from refbot.embed import HashEmbedder

    index = tmp_path_factory.mktemp("fuzz") / "index"
    configured = Settings(
        corpus_dir=SEED_CORPUS, index_dir=index, model="hash", rate_limit="100000 per minute"
    )
    bot = Refbot(configured, embedder=HashEmbedder())
    bot.build()
    return create_app(configured, bot)


@FUZZ
@given(text=HOSTILE)
def test_ask_answers_or_refuses_cleanly(fuzz_app: Flask, text: str) -> None:
    bot: Refbot = fuzz_app.extensions["refbot"]
    try:
        answer = bot.ask(text)
    except QuestionError as exc:
        assert exc.code in ("empty_question", "question_too_long")
    else:
        assert json.dumps(answer.to_dict())


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=50),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4)
    ),
    max_leaves=10,
)


@FUZZ
@given(
    body=st.one_of(
        JSON,
        st.fixed_dictionaries({"q": HOSTILE}, optional={"k": JSON, "lang": JSON, "edition": JSON}),
    )
)
def test_api_never_fails_with_5xx(fuzz_app: Flask, body: object) -> None:
    response = fuzz_app.test_client().post(
        "/api/ask", data=json.dumps(body), content_type="application/json"
    )
    assert response.status_code in (200, 400, 404, 413)
    if response.status_code >= 400:
        assert set(response.get_json()["error"]) == {"code", "message"}


@FUZZ
@given(raw=st.binary(max_size=300))
def test_api_survives_raw_bytes(fuzz_app: Flask, raw: bytes) -> None:
    response = fuzz_app.test_client().post("/api/ask", data=raw, content_type="application/json")
    assert response.status_code in (200, 400, 413)
    if response.status_code >= 400:
        assert "error" in response.get_json()


@FUZZ
@given(q=HOSTILE)
def test_chat_page_and_get_api_never_fail(fuzz_app: Flask, q: str) -> None:
    client = fuzz_app.test_client()
    assert client.get("/api/ask", query_string={"q": q}).status_code in (200, 400, 413)
    page = client.get("/", query_string={"q": q})
    assert page.status_code == 200
    assert "<script>" not in page.get_data(as_text=True).split("</form>", 1)[1]
