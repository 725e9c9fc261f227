from __future__ import annotations

import re
from pathlib import Path

import pytest

from refbot.answer import UNVERIFIED_CONFIDENCE
from refbot.bot import Refbot
from refbot.config import Settings
from refbot.embed import HashEmbedder
from refbot.errors import CorpusError, QuestionError
from refbot.index import read_manifest
from tests.helpers import write_section


def test_second_build_is_a_no_op(bot: Refbot) -> None:
    assert bot.build().status == "built"
    first = read_manifest(bot.settings.index_dir)
    assert bot.build().status == "unchanged"
    assert read_manifest(bot.settings.index_dir) == first


def test_added_file_is_indexed_on_rebuild(bot: Refbot, corpus_dir: Path) -> None:
    bot.build()
    write_section(
        corpus_dir, "wfb/regelbuch/de/flucht", "# Flucht\n\nEine Einheit flieht 2W6 Zoll.\n"
    )
    report = bot.build()
    assert report.status == "built"
    assert any(c.lang == "de" for c in bot.index.clauses)


def test_bad_file_leaves_the_index_untouched(bot: Refbot, corpus_dir: Path) -> None:
    bot.build()
    before = read_manifest(bot.settings.index_dir)
    write_section(corpus_dir, "wfb/mine/en/broken", "Text.\n", units="parsecs")
    with pytest.raises(CorpusError, match=r"wfb/mine/en/broken\.md: units"):
        bot.build()
    assert read_manifest(bot.settings.index_dir) == before


def test_search_serves_last_good_index_when_corpus_breaks(
    settings: Settings, bot: Refbot, corpus_dir: Path
) -> None:
    bot.build()
    write_section(corpus_dir, "wfb/mine/en/broken", "Text.\n", lang="english")
    notices: list[str] = []
    fresh = Refbot(settings, embedder=bot.embedder, notice=notices.append)
    assert fresh.search("pursuers catch the fleeing unit")
    assert "serving the last good index" in notices[0]


def test_stale_index_is_rebuilt_with_a_notice(
    settings: Settings, bot: Refbot, corpus_dir: Path
) -> None:
    bot.build()
    write_section(
        corpus_dir, "wfb/regelbuch/de/flucht", "# Flucht\n\nEine Einheit flieht 2W6 Zoll.\n"
    )
    notices: list[str] = []
    fresh = Refbot(settings, embedder=bot.embedder, notice=notices.append)
    hits = fresh.search("Eine Einheit flieht", lang="de")
    assert hits[0].clause.text == "Eine Einheit flieht 2W6 Zoll."
    assert "corpus changed" in notices[0]


@pytest.mark.parametrize(
    ("filters", "field", "value"),
    [
        ({"lang": "ru"}, "lang", "ru"),
        ({"game": "mordheim"}, "game", "mordheim"),
        ({"kind": "example"}, "kind", "example"),
    ],
)
def test_search_filters(bot: Refbot, filters: dict[str, str], field: str, value: str) -> None:
    hits = bot.search("unit", k=5, **filters)
    assert hits and all(getattr(h.clause, field) == value for h in hits)


def test_clause_filters(bot: Refbot) -> None:
    examples = bot.clauses(kind="example", lang="en")
    assert examples and all(c.kind == "example" and c.lang == "en" for c in examples)


SEARCHES = [
    ("en", "How far does a unit overrun?", ("Arrasamiento", "Overrun")),
    ("es", "¿Puede un guerrero abandonar el combate cuerpo a cuerpo?", ("Выход из боя",)),
    ("ru", "Атаки по сбитому с ног воину попадают автоматически?", ("Воины, сбитые с ног",)),
    (
        "de",
        "Kann eine Einheit, die angegriffen wurde und alle Feinde vernichtet hat, überrennen?",
        ("Arrasamiento", "Overrun"),
    ),
    (
        "fr",
        "Une unité qui a chargé et anéanti l'ennemi peut-elle faire une percée ?",
        ("Arrasamiento", "Overrun"),
    ),
]


@pytest.mark.model
@pytest.mark.parametrize(("lang", "question", "headings"), SEARCHES)
def test_real_model_finds_the_section_in_every_language(
    tmp_path: Path, corpus_dir: Path, lang: str, question: str, headings: tuple[str, ...]
) -> None:
    real = Refbot(Settings(corpus_dir=corpus_dir, index_dir=tmp_path / "index"))
    hits = real.search(question, k=5)
    assert any(any(h in hit.clause.heading for h in headings) for hit in hits[:3])


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "cited"),
    [
        ("Takip ederken birliğim masanın kenarına değerse ne olur?", "battlefield edge"),
        ("başarısız bir hücumda birlik ne kadar ilerler?", "наибольшем кубике"),
    ],
)
def test_real_model_answers_a_language_without_glossary_terms(
    real_bot: Refbot, text: str, cited: str
) -> None:
    # Turkish has no glossary terms: the encoder leads the concepts of its nearest terms.
    answer = real_bot.ask(text, lang="tr")
    assert cited in answer.citations[0].text


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "rule", "outcome"),
    [
        (
            "Liderlik 7 ile takibi durdurma testinde 8 attım, geçtim mi?",
            "restrain",
            {"passed": False},
        ),
        (
            "Hareket 6, hücum zarları 4 ve 3, hedef 14 inç uzakta. Hücum başarısız mı olur?",
            "failed_charge",
            {"failed": True},
        ),
        # "bir" (a) adds one more model to the list of opponents: two Skaven and a rat ogre.
        (
            "Kahramanım iki Skaven ve bir sıçan ogre ile yakın dövüşteydi, paniğe kapılıp kaçtı.",
            "break_from_combat",
            {"automatic_hits": 3},
        ),
        # "savaşçım" (my warrior) resembles "a standing enemy": a guessed concept takes no
        # number from the rule the question names.
        (
            "Mordheim: savaşçım üç düşmanla temas halindeyken paniğe kapılıp kaçıyor.",
            "break_from_combat",
            {"automatic_hits": 3},
        ),
        # Turkish says the word for one before the article: "tek bir", "sadece bir" rakip.
        (
            "Mordheim: savaşçım tek bir rakiple dövüşürken paniğe kapılıp kaçtı. Kaç otomatik "
            "isabet alır?",
            "break_from_combat",
            {"automatic_hits": 1},
        ),
        (
            "Mordheim: savaşçım panikledi ve kaçıyor, sadece bir rakiple dövüşüyordu. Kaç "
            "otomatik vuruş alır?",
            "break_from_combat",
            {"automatic_hits": 1},
        ),
        # "rakibim" (my opponent) is nearest a plain word, "opponent", not "a standing
        # opponent": the one opponent, knocked down, may be attacked.
        (
            "Mordheim: tek rakibim yere düşmüş (knocked down), ona vurabilir miyim?",
            "attack_downed",
            {"can_attack": True},
        ),
    ],
)
def test_real_model_computes_the_rule_the_best_clause_states_in_a_language_without_terms(
    real_bot: Refbot, text: str, rule: str, outcome: dict[str, object]
) -> None:
    # No Turkish word names the situation; the clause retrieval ranks first states the rule.
    answer = real_bot.ask(text, lang="tr")
    assert answer.rule is not None and answer.rule.id == rule
    assert {k: answer.rule.outcome.get(k) for k in outcome} == outcome


@pytest.mark.parametrize("flag", [True, False])
@pytest.mark.parametrize(
    ("text", "rule", "outcome", "guess_says"),
    [
        # "ayakta" (standing), guessed by its nearest term, says a standing enemy ...
        (
            "Mordheim: ayakta bir düşmanla da temastayken yerdeki (knocked down) düşmana "
            "vurabilir miyim?",
            "attack_downed",
            {"can_attack": False},
            True,
        ),
        # ... unless a trailing negation denies its phrase ("no other standing enemy beside me").
        (
            "Mordheim: rakibim yere düştü (knocked down), yanımda ayakta başka düşman yok. Ona "
            "saldırabilir miyim?",
            "attack_downed",
            {"can_attack": True},
            False,
        ),
        # (An overrun's charge is no longer a case: asking about an overrun presumes it.)
    ],
)
def test_real_model_reads_a_situation_guessed_from_one_word_when_switched_on(
    real_bot: Refbot,
    monkeypatch: pytest.MonkeyPatch,
    flag: bool,
    text: str,
    rule: str,
    outcome: dict[str, object],
    guess_says: bool,
) -> None:
    # GUESSED_WORDS_FLAG, with PHRASES_DENIED_AFTER for its negated phrases: off, the guess
    # sets no input.
    monkeypatch.setattr("refbot.router.GUESSED_WORDS_FLAG", flag)
    monkeypatch.setattr("refbot.question.PHRASES_DENIED_AFTER", flag)
    answer = real_bot.ask(text, lang="tr")
    assert answer.rule is not None and answer.rule.id == rule
    got = {k: answer.rule.outcome.get(k) for k in outcome}
    assert (got == outcome) is (flag or not guess_says)


# --- ask -----------------------------------------------------------------------------------

ASK_KEYS = {"query", "lang", "answer", "abstained", "confidence", "rule", "citations"}
CITATION_KEYS = {"id", "text", "lang", "game", "edition", "section", "source", "kind", "score"}


@pytest.mark.parametrize(
    ("lang", "question", "caught", "phrase"),
    [
        ("en", "my goblins fled 7, the pursuers rolled 7, what happens?", True, "Caught"),
        ("ru", "Мои гоблины бежали на 4, преследователи выбросили 3. Их поймали?", False, "Ушёл"),
        ("es", "Huimos con un 5 y el perseguidor sacó un 8, ¿qué pasa?", True, "Alcanzada"),
        ("de", "Meine Einheit flieht 6 Zoll weit, der Verfolger würfelt 10.", True, "Eingeholt"),
        (
            "fr",
            "Mon unité fuit de 8 et la poursuite fait 8 : que se passe-t-il ?",
            True,
            "Rattrapée",
        ),
    ],
)
def test_ask_computes_and_answers_in_the_question_language(
    bot: Refbot, lang: str, question: str, caught: bool, phrase: str
) -> None:
    answer = bot.ask(question).to_dict()
    assert set(answer) >= ASK_KEYS
    assert answer["lang"] == lang
    assert answer["rule"]["id"] == "pursuit"
    assert answer["rule"]["outcome"]["caught"] is caught
    assert isinstance(answer["rule"]["verified"], bool)
    assert phrase in answer["answer"]
    # The clauses stating the rule are cited, in their own language.
    cited = {c["id"] for c in answer["citations"]}
    assert cited & set(answer["rule"]["clauses"])
    assert all(set(c) >= CITATION_KEYS for c in answer["citations"])


def test_ask_reports_each_edition_when_they_disagree(bot: Refbot) -> None:
    answer = bot.ask("Can a unit that was charged and wiped out its attackers overrun?", lang="en")
    by_edition = {r.edition: r for r in answer.rules}
    assert by_edition["rulebook-en"].outcome["eligible"] is False
    assert by_edition["reglamento-es"].outcome["eligible"] is not False
    assert "editions differ" in answer.answer


def test_ask_unverified_rule_cites_its_provenance(
    bot: Refbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Verification looks at retrieval's top hit only, which does not state the pursuit rule.
    monkeypatch.setattr("refbot.pipeline.VERIFY_DEPTH", 1)
    monkeypatch.setattr("refbot.pipeline.EDITION_DEPTH", 0)
    answer = bot.ask("my goblins fled 7, the pursuers rolled 7", k=1)
    assert len(answer.citations) == 1
    assert answer.rule is not None and answer.rule.verified is False
    assert answer.citations[0].id in answer.rule.clauses
    assert answer.confidence == UNVERIFIED_CONFIDENCE


@pytest.mark.parametrize("edition_depth, verified", [(0, False), (3, True)])
def test_ask_checks_a_result_against_its_own_editions_ranking(
    bot: Refbot, monkeypatch: pytest.MonkeyPatch, edition_depth: int, verified: bool
) -> None:
    # A Spanish question ranks the Spanish book's clauses first: the English book's result is
    # checked against the English book's best clauses.
    monkeypatch.setattr("refbot.pipeline.EDITION_DEPTH", edition_depth)
    question = (
        "Si me cargan y me cargo a todos los que me cargaron en la primera ronda, ¿puedo arrasar?"
    )
    by_edition = {r.edition: r for r in bot.ask(question).rules}
    assert by_edition["reglamento-es"].verified is True
    assert by_edition["rulebook-en"].verified is verified


@pytest.mark.parametrize("quoted_dice", [True, False])
@pytest.mark.parametrize(
    "question, editions",
    [
        (
            "Mis lanceros cargaron y aniquilaron al enemigo, ¿arrasan con 5D6 u 8D6?",
            {"reglamento-es"},
        ),
        ("My knights charged and wiped out the enemy: is their overrun 2D6?", {"rulebook-en"}),
        # Dice both editions' clauses never write together: every edition is answered.
        (
            "My knights charged and wiped out the enemy: is their overrun 2D6 or 5D6?",
            {"rulebook-en", "reglamento-es"},
        ),
    ],
)
def test_ask_answers_the_edition_whose_dice_the_question_quotes(
    bot: Refbot,
    monkeypatch: pytest.MonkeyPatch,
    question: str,
    editions: set[str],
    quoted_dice: bool,
) -> None:
    monkeypatch.setattr("refbot.pipeline.QUOTED_DICE", quoted_dice)
    answer = bot.ask(question)
    expected = editions if quoted_dice else {"rulebook-en", "reglamento-es"}
    assert {r.edition for r in answer.rules if r.id == "overrun"} == expected


@pytest.mark.parametrize("quoted_faces", [True, False])
def test_ask_answers_the_edition_whose_dice_the_faces_given_count(
    bot: Refbot, monkeypatch: pytest.MonkeyPatch, quoted_faces: bool
) -> None:
    # Two faces for an overrun roll: the English book's 2D6, not the Spanish 5D6 or 8D6.
    monkeypatch.setattr("refbot.pipeline.QUOTED_FACES", quoted_faces)
    answer = bot.ask("Zaszarżowałem i wybiłem wroga do nogi, na overrun wyrzuciłem 3 i 2.")
    expected = {"rulebook-en"} if quoted_faces else {"rulebook-en", "reglamento-es"}
    assert {r.edition for r in answer.rules if r.id == "overrun"} == expected
    if quoted_faces:
        (result,) = answer.rules
        assert result.outcome["move"] == {"value": 5, "unit": "in"}


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("My knights charged and wiped out the enemy; I rolled 4 and 5 to overrun.", "may overrun"),
        ("Zaszarżowałem i wybiłem wroga do nogi, na overrun wyrzuciłem 3 i 2.", "może wykonać"),
    ],
)
def test_an_overrun_with_its_roll_is_said_to_be_optional(
    bot: Refbot, question: str, says: str
) -> None:
    # "It can move 2D6" straight forward": the roll says how far, not that the unit must.
    answer = bot.ask(question)
    assert says in answer.answer


def test_ask_keeps_the_askers_own_book_beside_another_ones_dice(bot: Refbot) -> None:
    # An English player quoting the Spanish book's 5D6 still hears that the English book says 2D6.
    answer = bot.ask("My knights charged and wiped out the enemy: is their overrun 5D6?")
    assert {r.edition for r in answer.rules if r.id == "overrun"} == {
        "rulebook-en",
        "reglamento-es",
    }


@pytest.mark.parametrize("named", [True, False])
@pytest.mark.parametrize(
    ("question", "edition"),
    [
        (
            "Using the English rulebook: my knights were charged and wiped the enemy out. "
            "May they overrun?",
            "rulebook-en",
        ),
        (
            "Según el reglamento inglés: mis caballeros cargaron y aniquilaron al enemigo. "
            "¿Pueden arrasar?",
            "rulebook-en",
        ),
        (
            "Nach den spanischen Regeln: meine Ritter griffen an und vernichteten den Feind. "
            "Dürfen sie überrennen?",
            "reglamento-es",
        ),
    ],
)
def test_ask_computes_the_book_the_question_names_by_its_language(
    bot: Refbot, monkeypatch: pytest.MonkeyPatch, named: bool, question: str, edition: str
) -> None:
    # The book named computes alone, in the asker's language or another; unnamed, every book.
    monkeypatch.setattr("refbot.pipeline.NAMED_BOOKS", named)
    answer = bot.ask(question)
    expected = {edition} if named else {"rulebook-en", "reglamento-es"}
    assert {r.edition for r in answer.rules if r.id == "overrun"} == expected
    if named:
        assert answer.situation is not None and answer.situation.edition == edition


@pytest.mark.parametrize(
    "question",
    [
        "Against my English opponent, my knights charged and wiped out his unit. May they overrun?",
        "Mi rival inglés perdió su unidad: mis caballeros cargaron y la aniquilaron. ¿Arrasan?",
        "The rule my English friend quoted: my knights charged and wiped them out. Overrun?",
    ],
)
def test_a_language_named_beside_no_book_names_no_book(bot: Refbot, question: str) -> None:
    # "my English opponent" is a player, not the English rulebook: every book computes.
    answer = bot.ask(question)
    assert {r.edition for r in answer.rules if r.id == "overrun"} == {
        "rulebook-en",
        "reglamento-es",
    }


def test_ask_chooses_the_quoted_edition_in_a_conversation(bot: Refbot) -> None:
    first = bot.ask("my goblins fled 7, the pursuers rolled 9")
    answer = bot.ask(
        "Mis lanceros cargaron y aniquilaron al enemigo, ¿arrasan con 5D6 u 8D6?",
        previous=first.situation,
    )
    assert {r.edition for r in answer.rules if r.id == "overrun"} == {"reglamento-es"}


def test_ask_abstains_out_of_scope_in_the_question_language(bot: Refbot) -> None:
    answer = bot.ask("¿Cuál es la mejor receta de paella?")
    assert answer.abstained and answer.citations == () and answer.rule is None
    assert answer.answer.startswith("Las reglas que tengo no cubren esto")
    # What the corpus covers, in the reader's words: no section titles in other languages.
    assert "Warhammer Fantasy (" in answer.answer and "perseguir" in answer.answer
    assert not re.search("[а-яА-Я]", answer.answer) and "Flee & Pursue" not in answer.answer


@pytest.mark.parametrize(
    ("lang", "text", "says"),
    [
        (
            "en",
            "In Kings of War, can a unit that was charged counter-charge?",
            "about Kings of War",
        ),
        ("de", "Wie viele Punkte kostet eine Einheit Gralsritter?", "nichts zu Punktkosten"),
        ("es", "En Warhammer 40k, ¿cuántos dados para cargar?", "trata de 40k"),
    ],
)
def test_an_abstention_says_why(bot: Refbot, lang: str, text: str, says: str) -> None:
    answer = bot.ask(text, lang=lang)
    assert answer.abstained and says in answer.answer


def test_ask_lookup_cites_at_most_k(bot: Refbot) -> None:
    answer = bot.ask("Is overrunning compulsory?", k=3)
    assert not answer.abstained and answer.rule is None
    assert 0 < len(answer.citations) <= 3


@pytest.mark.parametrize(("question", "problem"), [("   ", "empty"), ("x" * 1001, "limit is 1000")])
def test_ask_rejects_bad_questions(bot: Refbot, question: str, problem: str) -> None:
    with pytest.raises(QuestionError, match=problem):
        bot.ask(question)


@pytest.mark.model
def test_real_model_meets_the_quality_bar_on_the_held_out_set(
    tmp_path: Path, corpus_dir: Path
) -> None:
    real = Refbot(Settings(corpus_dir=corpus_dir, index_dir=tmp_path / "index"))
    report = real.evaluate(Path(__file__).resolve().parent.parent / "eval" / "test.jsonl")
    assert report.overall.recall_at_5 >= 0.9
    assert report.abstention()["precision"] == 1.0
    assert report.rules()["correct"] == report.rules()["n"]


def test_a_running_bot_serves_a_build_made_by_another_process(
    settings: Settings, corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("refbot.bot.RELOAD_CHECK_SECONDS", 0.0)
    serving = Refbot(settings, embedder=HashEmbedder())
    serving.ask("my goblins fled 7")
    before = serving.health()["clauses"]
    write_section(
        corpus_dir, "warhammer-fantasy/club-faq/en/faq", "# FAQ\n\nKnights may not sulk.\n"
    )
    Refbot(settings, embedder=HashEmbedder()).build()  # `refbot build`, elsewhere
    clause_id = "warhammer-fantasy/club-faq/en/faq#2"
    assert "sulk" in serving.clause(clause_id).text  # no restart
    assert serving.health()["clauses"] > before  # health reports the build it serves


def test_each_clause_knows_the_rules_it_states(bot: Refbot) -> None:
    loaded = bot.loaded
    by_text = {c.text: c.id for c in loaded.index.clauses}
    restrain = next(i for t, i in by_text.items() if "restrain pursuit, it must first" in t)
    halt = next(i for t, i in by_text.items() if 'they automatically halt 1" away' in t)
    assert loaded.stated_rules[restrain] == ("restrain",)
    # The halt states pursuits' and, by "All other rules governing pursuit moves", overruns'.
    assert set(loaded.stated_rules[halt]) == {"pursuit", "overrun"}
    assert not any(
        i in loaded.stated_rules for t, i in by_text.items() if t.startswith("Flee & Pursue")
    )


@pytest.mark.model
@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "My unit broke and rolled 2 and 5 to flee; nobody pursued. How far do I run?"),
        ("fr", "Mes gardes fuient : 5 et 2. Personne ne les poursuit. Ils fuient de combien ?"),
        ("pl", "Moje skinki uciekają, wypadło 4 i 6, a wróg postanowił nie gonić. Ile cali?"),
    ],
)
def test_a_flee_nobody_pursued_leads_with_the_clause_on_not_being_pursued(
    real_bot: Refbot, lang: str, text: str
) -> None:
    answer = real_bot.ask(text, lang=lang)
    assert answer.rule is not None and answer.rule.id == "flee"
    assert answer.rule.outcome["pursued"] is False
    assert "has not been pursued" in answer.citations[0].text


@pytest.mark.model
def test_a_terse_question_language_id_is_unsure_of_takes_its_glossarys(real_bot: Refbot) -> None:
    answer = real_bot.ask("fuga 5, inseguimento 4. presi o no?")
    assert answer.lang == "it"
    assert answer.rule is not None and answer.rule.outcome["caught"] is False


@pytest.mark.parametrize(
    "question, spanish_move",
    [
        # Beside the English 2D6, "I rolled 7" is that book's roll: the Spanish one drops it.
        ("My knights charged and wiped out the enemy; for the overrun I rolled 7", None),
        # The Spanish book alone (a length in cm): 22 cm moves 22 cm, whichever dice it was.
        ("Mis caballeros aniquilan al enemigo en el primer turno y arrasan: saqué 22 cm.", 22),
    ],
)
def test_an_open_overrun_roll_is_read_only_by_the_spanish_book_alone(
    bot: Refbot, question: str, spanish_move: int | None
) -> None:
    spanish = next(r for r in bot.ask(question).rules if r.edition == "reglamento-es")
    if spanish_move is None:
        assert "roll" not in spanish.inputs and "roll" in spanish.outcome["ignored_inputs"]
    else:
        assert spanish.outcome["move"] == {"value": spanish_move, "unit": "cm"}
        assert spanish.inputs["roll"] == {"total": 22, "dice": None, "dice_either": ["5D6", "8D6"]}


def test_a_charge_asking_when_during_the_move_is_the_charge_move(bot: Refbot) -> None:
    answer = bot.ask("Czy mogę zrobić jedno koło o 90 stopni w połowie ruchu szarży?")
    assert answer.rule is not None and answer.rule.id == "charge_move"
    assert answer.rule.outcome["legal"] is True


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Mi caballería con Movimiento 20 cm aniquiló al enemigo en el primer turno de combate "
            "y saqué 5D6 para arrasar: 4, 2, 6, 1 y 3. ¿Cuánto avanzo?",
            "es una tirada de 8D6",
        ),
        (
            "Meine Kavallerie (Bewegung 20 cm) hat den Feind in der ersten Nahkampfrunde "
            "vernichtet, beim Überrennen würfelte ich 4, 2, 6, 1 und 3. Wie weit?",
            "Wurf mit 8W6",
        ),
    ],
)
def test_a_roll_of_too_few_dice_is_answered_with_the_dice_the_rule_rolls(
    bot: Refbot, question: str, said: str
) -> None:
    # Five faces where Movement above 15 cm overruns 8D6: not just "impossible", but 8D6.
    answer = bot.ask(question)
    assert answer.problem is not None and answer.problem.dice == 8
    assert said in answer.answer


@pytest.mark.parametrize(
    ("question", "covered"),
    [
        # The coverage named by each concept's name in the language, listed as it lists.
        ("魔法の射程は？", "Mordheim (ノックダウン、スタン、"),
        ("마법 사거리는?", "Mordheim (넉다운, 스턴, "),
    ],
)
def test_a_declined_question_lists_the_coverage_in_its_language(
    bot: Refbot, question: str, covered: str
) -> None:
    answer = bot.ask(question)
    assert answer.abstained and covered in answer.answer
