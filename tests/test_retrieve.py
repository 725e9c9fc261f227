from __future__ import annotations

import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from refbot.bot import Refbot
from refbot.lang import patterns
from refbot.question import parse_question
from refbot.retrieve import SparseBM25, Weights, _earlier_in_paragraph

DOCS = [
    ["flee", "2d6", "unit", "flee"],
    ["pursu", "2d6", "caught"],
    ["overrun", "charg", "unit"],
    ["§flee", "§pursue"],
]


@pytest.mark.parametrize(
    "query", [["flee"], ["flee", "flee", "unit"], ["2d6", "§pursue"], ["absent"], []]
)
def test_sparse_bm25_scores_exactly_as_rank_bm25(query: list[str]) -> None:
    assert np.allclose(SparseBM25(DOCS).get_scores(query), BM25Okapi(DOCS).get_scores(query))


@pytest.mark.parametrize(
    "text",
    [
        "Can my cavalry decline to chase a broken enemy?",
        "Can the fleeing troops escape their pursuers?",
        "Können die Fliehenden ihren Verfolgern entkommen?",
    ],
)
def test_a_question_in_the_rule_text_is_never_cited(bot: Refbot, text: str) -> None:
    asked = [c.id for c in bot.loaded.retriever.clauses if c.text.rstrip().endswith("?")]
    assert asked, "the test corpus has a question in running text"
    retriever = bot.loaded.retriever
    question = parse_question(text, "en", bot.glossary)
    scores = retriever.scores(question, bot.embedder.embed([text])[0])
    hits = retriever.rank(scores, k=len(retriever.clauses))
    assert hits and not {h.clause.id for h in hits} & set(asked)


def test_a_sentence_the_text_repeats_is_cited_once(bot: Refbot) -> None:
    retriever = bot.loaded.retriever
    said = [" ".join(c.text.split()).casefold() for c in retriever.clauses if c.kind != "heading"]
    assert len(said) > len(set(said)), "the test corpus repeats a sentence"
    text = "Если нападение подразделения не удалось, на сколько оно проходит?"
    question = parse_question(text, "ru", bot.glossary)
    scores = retriever.scores(question, bot.embedder.embed([text])[0])
    cited = [" ".join(h.clause.text.split()).casefold() for h in retriever.rank(scores, 50)]
    assert len(cited) == len(set(cited))


def test_a_language_without_glossary_terms_leans_on_the_encoder() -> None:
    weights = Weights()
    unlisted = weights.for_unlisted_language()
    assert unlisted.dense > weights.dense
    assert unlisted.concepts < weights.concepts
    assert (unlisted.bm25, unlisted.provenance) == (weights.bm25, weights.provenance)


def test_an_exclamation_counts_less_than_a_rule_and_a_heading_not_at_all(bot: Refbot) -> None:
    retriever = bot.loaded.retriever
    scale = {c.id: s for c, s in zip(retriever.clauses, retriever._scale, strict=True)}
    exclaimed = [c for c in retriever.clauses if c.text.rstrip().endswith("!")]
    assert any(c.kind != "heading" for c in exclaimed), "the test corpus has an exclamation"
    for clause in exclaimed:
        expected = 1.0 if clause.kind == "heading" else retriever.weights.exclaimed
        assert scale[clause.id] == expected
    assert retriever.weights.exclaimed < 1.0


def test_a_topic_the_corpus_mentions_in_passing_is_kept_with_its_heading(bot: Refbot) -> None:
    passing = bot.loaded.retriever.passing_topics
    # "si la unidad que carga causa Miedo", under "Carga durante Arrasamiento".
    # The rarest of the heading's concepts first: overrunning is said less than charging.
    assert passing["fear_and_terror"] == ("overrun", "charge")
    # "the charge range" holds shooting's "range": no mention of shooting.
    assert "shooting" not in passing


def test_a_clause_takes_the_concepts_of_the_sentences_before_it_in_its_paragraph(
    bot: Refbot,
) -> None:
    retriever = bot.loaded.retriever
    clauses = retriever.clauses
    followed = [
        i
        for i in range(1, len(clauses))
        if (clauses[i - 1].section, clauses[i - 1].block) == (clauses[i].section, clauses[i].block)
        and retriever.own[i - 1] - retriever.own[i]
    ]
    assert followed, "the test corpus has a paragraph of two sentences with different concepts"
    for i in followed:
        assert retriever.own[i - 1] - retriever.own[i] <= retriever.context_concepts[i]
    # A paragraph's first sentence takes nothing from the paragraph before it.
    first = [i for i in range(1, len(clauses)) if clauses[i - 1].block != clauses[i].block]
    for i in first:
        assert not (retriever.own[i - 1] - retriever.own[i]) & (
            retriever.context_concepts[i]
            - bot.glossary.concepts_in(clauses[i].heading, clauses[i].lang, ())
        )


@pytest.mark.parametrize(
    "editions, games",
    [(("rulebook-en",), ()), (("reglamento-es", "rulebook-ru"), ()), ((), ("mordheim",))],
)
def test_rows_of_editions_and_games_are_those_a_scan_finds(
    bot: Refbot, editions: tuple[str, ...], games: tuple[str, ...]
) -> None:
    retriever = bot.loaded.retriever
    scanned = [
        i for i, c in enumerate(retriever.clauses) if c.edition in editions or c.game in games
    ]
    assert scanned and retriever.rows_of(editions, games) == scanned
    within = scanned[::2]
    assert retriever.rows_of(editions, games, within=within) == within
    assert retriever.rows_of(("no-such-edition",)) == []


# "Already" tells a unit that fled before it was reached from the flight a pursuit follows:
# the answer is the rule for a unit reached while fleeing, not the pursuit roll's (with the
# default model; Polish "już ucieka" and Dutch "al op de vlucht" are still second).
@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "My pursuers ran into a unit that was already running away. What happens to it?"),
        ("it", "Se il mio inseguimento finisce su un'unità già in fuga, cosa succede?"),
        ("pt", "Minha perseguição bate numa unidade que já estava fugindo. O que acontece?"),
        ("de", "Meine Verfolger treffen eine Einheit, die schon auf der Flucht ist. Was passiert?"),
        ("fr", "Ma poursuite percute une unité qui fuyait déjà. Que se passe-t-il ?"),
        ("ru", "Мои преследователи врезались в отряд, который уже бежит. Что с ним будет?"),
    ],
)
def test_a_unit_already_fleeing_when_reached_is_answered_by_its_own_rule(
    real_bot: Refbot, lang: str, text: str
) -> None:
    (best,) = real_bot.ask(text, lang=lang, k=1).citations
    assert best.text.startswith("Even if the charged unit was already fleeing")


@pytest.mark.parametrize(
    ("text", "points_back"),
    [
        ("In that case, treat the charge as failed.", True),
        ("В таком случае лучше всего считать такое нападение неудавшимся.", True),
        ("2. En este caso, la unidad debe cargar.", True),
        ("Dans ce cas, la charge échoue.", True),
        ("W takim przypadku szarża jest nieudana.", True),
        ("The case of a unit that cannot reach is rare.", False),
        ("Si en este caso no llega, huye.", False),
    ],
)
def test_a_sentence_pointing_back_is_told_by_its_opening(text: str, points_back: bool) -> None:
    assert bool(patterns().anaphora.match(text)) is points_back


def test_a_sentence_pointing_back_answers_the_situation_told_before_it(bot: Refbot) -> None:
    retriever = bot.loaded.retriever
    earlier = _earlier_in_paragraph(retriever.clauses, retriever.own)
    rows = [i for i, c in enumerate(retriever.clauses) if patterns().anaphora.match(c.text)]
    assert rows, "the test corpus has a sentence opening 'В таком случае' or 'En este caso'"
    for i in rows:
        told = earlier[i] - retriever.own[i]
        columns = [retriever._column[k] for k in told]
        # The concepts of the sentences before it weigh as its own, not as a heading's.
        assert columns and (retriever._own_idf[i, columns] > 0).all()
        assert (retriever._context_idf[i, columns] == 0).all()


@pytest.mark.parametrize(
    ("concepts", "games"),
    [
        ({"overrun"}, {"warhammer-fantasy"}),
        ({"knocked_down", "close_combat"}, {"mordheim"}),
        ({"overrun", "knocked_down"}, set()),  # each game's own: neither is implied
        ({"flee", "close_combat"}, set()),  # both games speak of fleeing a fight
    ],
)
def test_a_situation_only_one_games_rules_state_implies_that_game(
    bot: Refbot, concepts: set[str], games: set[str]
) -> None:
    assert bot.loaded.retriever.implied_games(concepts) == games


def test_a_question_implying_a_game_is_cited_from_it(bot: Refbot) -> None:
    # Mordheim's panic names psychology too; an overrun is Warhammer Fantasy's.
    answer = bot.ask("Fear test when my knights overrun into a new unit?", lang="en", k=5)
    assert {c.game for c in answer.citations} == {"warhammer-fantasy"}
