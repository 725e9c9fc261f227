"""Translations: declared in front matter, linked to the original's clauses, cited beside them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from refbot.answer import Answer
from refbot.bot import Refbot
from refbot.cli import main
from refbot.config import Settings
from refbot.corpus import load_corpus
from refbot.errors import CorpusError, DocumentError
from refbot.index import Hit
from refbot.ingest import import_files
from refbot.translation import lead_with_translation
from refbot.web import create_app, schemas
from tests.helpers import SEED_CORPUS, write_section

ROOT = Path(__file__).resolve().parent.parent
# Part of the English Flee & Pursue, translated into German; "verfolgt 3W6" where it says 2D6.
GERMAN = ROOT / "tests" / "data" / "translation" / "fliehen-und-verfolgen.md"
ORIGINAL = "warhammer-fantasy/rulebook-en"
ENGLISH = "warhammer-fantasy/rulebook-en/en/flee-and-pursue"
GERMAN_TITLE = "Regelbuch (deutsch)"
CAUGHT = "Meine Goblins sind 7 geflohen, die Verfolger haben 7 gewürfelt. Was passiert?"
ESCAPED = "Die Goblins fliehen 9 und die Verfolger würfeln 5. Werden sie eingeholt?"


def import_german(corpus: Path) -> Path:
    """Import the German translation as `refbot add --translates` does; return its file."""
    report = import_files(
        [GERMAN],
        corpus,
        "warhammer-fantasy",
        "regelbuch-de",
        max_bytes=1_000_000,
        translates=ORIGINAL,
        edition_title=GERMAN_TITLE,
    )
    (section,) = report.files[0].sections
    return corpus / section.path


@pytest.fixture(scope="module")
def translated(tmp_path_factory: pytest.TempPathFactory) -> Refbot:
    """The seed corpus with the German translation, built with the real model."""
    root = tmp_path_factory.mktemp("translated")
    shutil.copytree(SEED_CORPUS, root / "corpus")
    import_german(root / "corpus")
    real = Refbot(Settings(corpus_dir=root / "corpus", index_dir=root / "index"))
    real.build()
    return real


@pytest.fixture(scope="module")
def untranslated(tmp_path_factory: pytest.TempPathFactory) -> Refbot:
    """The seed corpus alone, built with the real model."""
    root = tmp_path_factory.mktemp("untranslated")
    real = Refbot(Settings(corpus_dir=SEED_CORPUS, index_dir=root / "index"))
    real.build()
    return real


def german_clause(bot: Refbot, text: str) -> str:
    """Return the id of the German clause containing text."""
    (found,) = [c.id for c in bot.index.clauses if c.lang == "de" and text in c.text]
    return found


def pairs(answer: Answer) -> list[tuple[str, str]]:
    """Return each cited translated clause with the citation right after it."""
    ids = [c.id for c in answer.citations]
    return [
        (c.id, ids[n + 1])
        for n, c in enumerate(answer.citations)
        if c.translation_of and n + 1 < len(ids)
    ]


# --- front matter and the build --------------------------------------------------------------


def test_add_translates_writes_the_front_matter(runner: CliRunner, corpus_dir: Path) -> None:
    result = runner.invoke(
        main,
        ["add", str(GERMAN), "--game", "warhammer-fantasy", "--edition", "regelbuch-de",
         "--translates", ORIGINAL, "--edition-title", GERMAN_TITLE],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    (section,) = [s for s in load_corpus(corpus_dir) if s.edition == "regelbuch-de"]
    assert (section.translates, section.lang, section.edition_title) == (
        ORIGINAL,
        "de",
        GERMAN_TITLE,
    )


@pytest.mark.parametrize(
    ("translates", "problem"),
    [
        ("warhammer-fantasy/rulebook-xx", "no edition 'rulebook-xx' of warhammer-fantasy"),
        ("mordheim/rulebook-ru", "a translation is of the same game (warhammer-fantasy)"),
        ("warhammer-fantasy/regelbuch-de", "an edition cannot translate itself"),
        ("warhammer-fantasy/rulebook-ru", "that edition is written in ru too"),
        ("rulebook-en", "translates must name an edition as <game>/<edition>"),
    ],
)
def test_a_bad_translates_is_refused_at_build(
    bot: Refbot, corpus_dir: Path, translates: str, problem: str
) -> None:
    lang = "ru" if translates.endswith("rulebook-ru") else "de"
    edition = "regelbuch-de" if lang == "de" else "rulebook-ru-2"
    write_section(
        corpus_dir,
        f"warhammer-fantasy/{edition}/{lang}/fliehen",
        "Eine Einheit flieht 2W6.\n",
        translates=translates,
    )
    with pytest.raises(CorpusError) as raised:
        bot.build()
    (message,) = raised.value.problems
    assert message.startswith(f"warhammer-fantasy/{edition}/{lang}/fliehen.md: ")
    assert problem in message


@pytest.mark.parametrize(
    ("translates", "problem"),
    [
        ("warhammer-fantasy/rulebook-xx", "no edition 'rulebook-xx' of warhammer-fantasy"),
        ("mordheim/rulebook-ru", "same game"),
        ("nonsense", "must be <game>/<edition>"),
    ],
)
def test_add_refuses_a_bad_translates_and_writes_nothing(
    corpus_dir: Path, translates: str, problem: str
) -> None:
    before = sorted(p.relative_to(corpus_dir) for p in corpus_dir.rglob("*"))
    with pytest.raises(DocumentError, match=problem):
        import_files(
            [GERMAN], corpus_dir, "warhammer-fantasy", "regelbuch-de", max_bytes=10**6,
            translates=translates,
        )  # fmt: skip
    assert sorted(p.relative_to(corpus_dir) for p in corpus_dir.rglob("*")) == before


def test_a_corpus_without_translations_links_nothing(bot: Refbot) -> None:
    bot.build()
    assert not any(c.translates for c in bot.index.clauses)


# --- links found by the aligner at build (the real model) ------------------------------------


@pytest.mark.model
def test_the_aligner_links_translated_clauses_and_flags_the_changed_dice(
    translated: Refbot,
) -> None:
    clauses = translated.loaded.clauses_by_id
    pursue = clauses[german_clause(translated, "verfolgt eine Einheit 3W6")]
    (link,) = pursue.translates
    assert clauses[link.original].text == (
        'If you choose to pursue or fail to restrain pursuit, a unit pursues 2D6".'
    )
    assert [(d.kind, d.translation, d.original) for d in link.differences] == [
        ("dice", ("3D6",), ("2D6",))
    ]
    flee = clauses[german_clause(translated, "Eine Einheit flieht 2W6")]
    assert [clauses[link.original].text for link in flee.translates] == ['A unit flees 2D6".']
    assert all(not link.differences for link in flee.translates)
    caught = clauses[german_clause(translated, "gleich hoch oder höher würfelt")]
    assert [clauses[link.original].text for link in caught.translates] == [
        "If a pursuing unit rolls equal to or higher than the fleeing unit, the fleeing unit is "
        "destroyed."
    ]
    # Every linked original is a clause of the English section the German one translates.
    originals = {link.original for c in clauses.values() for link in c.translates}
    assert originals and all(i.startswith(ENGLISH + "#") for i in originals)


# --- answers ---------------------------------------------------------------------------------


@pytest.mark.model
@pytest.mark.parametrize("question", [CAUGHT, ESCAPED])
def test_german_questions_cite_german_clauses_first_with_the_english_beside_them(
    translated: Refbot, untranslated: Refbot, question: str
) -> None:
    answer = translated.ask(question)
    plain = untranslated.ask(question)
    assert answer.lang == "de" and answer.rule is not None
    # The outcome is the original edition's rule, computed as without the translation.
    assert [(r.id, r.edition, r.outcome) for r in answer.rules] == [
        (r.id, r.edition, r.outcome) for r in plain.rules
    ]
    first = answer.citations[0]
    assert first.lang == "de" and first.edition == "regelbuch-de"
    assert first.edition_title == GERMAN_TITLE
    # Each German clause is followed by the English clause it translates.
    linked = pairs(answer)
    assert linked
    by_id = {c.id: c for c in answer.citations}
    for german, after in linked:
        assert after in by_id[german].translation_of and by_id[after].lang == "en"
    # The clauses the rule rests on are cited in German before their English originals.
    stating = answer.rule.clauses
    assert {after for _, after in linked} & set(stating)
    assert f"«{GERMAN_TITLE}» übersetzt «Rulebook (English)»" in answer.answer


@pytest.mark.model
def test_the_changed_dice_of_the_translation_are_stated(translated: Refbot) -> None:
    answer = translated.ask(CAUGHT)
    # The pursuit rests on "a unit pursues 2D6"", which the German text gives as 3W6.
    assert (
        f"Die Übersetzung «{GERMAN_TITLE}» sagt 3D6, wo das Original «Rulebook (English)» 2D6 "
        "sagt." in answer.answer
    )
    pursue = german_clause(translated, "verfolgt eine Einheit 3W6")
    cited = {c.id: c for c in answer.citations}
    assert [(d.translation, d.original) for d in cited[pursue].differences] == [
        (("3D6",), ("2D6",))
    ]


@pytest.mark.model
def test_other_languages_are_answered_as_before(translated: Refbot, untranslated: Refbot) -> None:
    question = "my goblins fled 7, the pursuers rolled 7, what happens?"
    answer, plain = translated.ask(question), untranslated.ask(question)
    assert answer.answer == plain.answer
    assert [c.id for c in answer.citations] == [c.id for c in plain.citations]


@pytest.mark.model
def test_the_api_and_the_cli_show_the_original_beside_the_translation(
    translated: Refbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = translated.settings.with_overrides(rate_limit="1000 per minute", preload=False)
    client = create_app(settings, translated).test_client()
    body = client.post("/api/ask", json={"q": CAUGHT}).get_json()
    assert schemas.AskResponse().validate(body) == {}
    assert body["citations"][0]["translation_of"] == [body["citations"][1]["id"]]
    page = client.get("/", query_string={"q": CAUGHT, "lang": "de"}).get_data(as_text=True)
    assert "Übersetzung: das Original folgt." in page and "Weicht vom Original ab:" in page
    monkeypatch.setattr("refbot.cli._bot", lambda ctx: translated)
    output = CliRunner().invoke(main, ["ask", CAUGHT]).output
    assert f"translation of {body['citations'][1]['id']}" in output
    assert "differs: dice ['3D6'] here, ['2D6'] in the original" in output


@pytest.mark.model
def test_asked_about_the_translation_the_original_rule_computes(translated: Refbot) -> None:
    answer = translated.ask(CAUGHT, edition="regelbuch-de")
    assert [(r.id, r.edition) for r in answer.rules] == [("pursuit", "rulebook-en")]
    assert {c.edition for c in answer.citations} == {"regelbuch-de", "rulebook-en"}
    assert answer.citations[0].edition == "regelbuch-de"


@pytest.mark.model
def test_a_lookup_quotes_the_translation_of_its_best_clause(translated: Refbot) -> None:
    loaded = translated.loaded
    english = next(c for c in loaded.index.clauses if c.text.startswith("A unit flees 2D6"))
    hits = lead_with_translation([Hit(english, 0.7)], loaded.provenance, loaded.clauses_by_id, "de")
    assert [(h.clause.text, h.score) for h in hits] == [
        ('Eine Einheit flieht 2W6".', 0.7),
        ('A unit flees 2D6".', 0.7),
    ]
    assert lead_with_translation([Hit(english, 0.7)], loaded.provenance, {}, "es")[0] == Hit(
        english, 0.7
    )
