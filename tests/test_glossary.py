from __future__ import annotations

from pathlib import Path

import pytest

from refbot import glossary as glossary_module
from refbot.errors import CorpusError
from refbot.glossary import Glossary, load_glossary, tokenize

LANGS = ("en", "es", "ru", "de", "fr", "it", "pl")


@pytest.mark.parametrize("lang", LANGS)
def test_every_concept_has_terms_in_every_language(glossary: Glossary, lang: str) -> None:
    # Names of other games are the same in every language: English terms serve them all.
    missing = [
        name
        for name, c in glossary.concepts.items()
        if not c.terms.get(lang) and c.kind != "other_game"
    ]
    assert missing == []


@pytest.mark.parametrize(
    ("lang", "text", "concept"),
    [
        ("en", "the pursuers rolled 7", "pursue"),
        # Polish Leadership as its books abbreviate it, and the noun of restraining.
        ("pl", "Cd 7, test na powstrzymanie pościgu", "leadership"),
        ("pl", "Cd 7, test na powstrzymanie pościgu", "restrain"),
        ("en", "killed the last 3 guys, nothing left", "wiped_out"),
        ("pl", "zabiłem trzech i nikt nie został", "wiped_out"),
        ("nl", "een bocht van 45 graden", "wheel"),
        ("pl", "w fazie magii w 1. turze walki", "first_turn"),
        ("pl", "czy uciekający oddział przechodzi przez inne oddziały?", "pass_through"),
        ("fr", "Mordheim : un guerrier à terre peut-il parer ?", "parry"),
        ("it", "le unità in fuga possono passare attraverso le mie unità?", "pass_through"),
        ("ru", "если пробьёт, а сейв не пройдёт", "wound"),
        ("es", "Huimos con un 5", "flee"),
        ("ru", "преследователи выбросили 3", "pursue"),
        ("ru", "Атаки по сбитому с ног воину", "knocked_down"),
        ("de", "die Einheit, die angegriffen wurde", "was_charged"),
        ("de", "darf er den Nahkampf in der Bewegungsphase verlassen", "leave_combat"),
        ("fr", "Mes poursuivants ont rattrapé l'ennemi", "caught"),
        ("it", "gli inseguitori tirano 7", "pursue"),
        ("pl", "Moje gobliny uciekają na 7", "flee"),
        ("pl", "Czy ogłuszony wojownik", "stunned"),
        # A profile's Movement column before its value: "M 4".
        ("en", "my knights have M 8", "movement"),
        ("pt", "Arrasamento com M de 20 cm é 8D6?", "movement"),
        # Its abbreviation in players' Spanish, Italian, Portuguese and French.
        ("es", "mis guerreros tienen mov 15cm justo", "movement"),
        ("it", "cavalieri con mov 8", "movement"),
        ("fr", "mes chevaliers ont un mvt de 8", "movement"),
        # French plurals whose "-ent" the stemmer keeps read as the verb's other forms.
        ("fr", "mes gobelins détalent avec un 9", "flee"),
        ("fr", "ses chevaliers leur courent après", "pursue"),
        ("fr", "après la poursuite, ils se reforment", "reform"),
        ("de", "meine Speerträger rennen um ihr Leben", "flee"),
        ("de", "aber die Orks hatten mich angegriffen", "was_charged"),
        ("nl", "mijn charge viel tegen", "failed"),
        # A unit that cannot fit where its charge goes.
        ("pl", "mój oddział fizycznie się nie mieści między jednostkami", "no_room"),
        ("ru", "отряд физически не влезает к врагу", "no_room"),
        ("ru", "и крыса проваливает сейв доспехов", "failed"),
        ("ru", "если рядом со мной стоит живой враг", "standing_enemy"),
        ("nl", "een krijger die uit melee wegvlucht", "flee"),
        ("nl", "hoeveel automatische hits krijgt hij", "automatic_hit"),
        # An enemy still fighting another combat.
        ("it", "un'unità di Alabardieri già ingaggiata con i miei Predoni", "already_engaged"),
        ("de", "in einen laufenden Nahkampf gekracht", "already_engaged"),
        ("ru", "в отряд, который уже в бою с моими мечниками", "already_engaged"),
    ],
)
def test_inflected_terms_match(glossary: Glossary, lang: str, text: str, concept: str) -> None:
    assert concept in glossary.concepts_in(text, lang)


@pytest.mark.parametrize(
    ("lang", "text", "concept"),
    [
        ("es", "¿cuántos dados tiro para la distancia de huida?", "parry"),
        ("fr", "L'unité chargée par une percée", "parry"),
        ("it", "Come si dipinge un drago?", "leadership"),
        ("en", "How many points is a dragon?", "overrun"),
        # The active voice is no "charged unit": "cargaron a una unidad" is a charge made.
        ("es", "Mis guerreros cargaron a una unidad de esqueletos", "was_charged"),
        ("it", "Ho caricato e spazzato via un'unità di arcieri", "was_charged"),
        ("pt", "Meus cavaleiros carregaram uma unidade de arqueiros", "was_charged"),
        ("nl", "Ik vind niets over vluchten in de regels", "wiped_out"),
        ("nl", "Mag ik in het gevecht een stap achteruit doen?", "leave_combat"),
        ("de", "Einheit B greift Einheit A an", "movement"),
        ("en", "unit A charges unit B. What now?", "movement"),
        ("en", "unit M of 20 models charges", "movement"),
        ("de", "Einheit B in 2 Runden", "movement"),
        # A term's words are found in one sentence and out of brackets, not across them.
        ("it", "solo con un nemico stordito (stunned), nessun altro in piedi", "new_enemy"),
        ("en", "The enemy fled. Another one held", "new_enemy"),
        ("en", "The enemy rolled a 6. Another one held", "new_enemy"),
        ("en", "The enemy fled\nAnother one held", "new_enemy"),
    ],
)
def test_common_words_do_not_match(glossary: Glossary, lang: str, text: str, concept: str) -> None:
    assert concept not in glossary.concepts_in(text, lang)


@pytest.mark.parametrize(
    ("lang", "text", "concept"),
    [
        # Commas, colons and an ordinal's point part no term.
        ("en", "In Warhammer: The Old World, can knights pursue?", "other_games"),
        ("pl", "wybiłem ich w 1. turze walki", "first_turn"),
    ],
)
def test_a_terms_words_are_found_across_commas_colons_and_ordinals(
    glossary: Glossary, lang: str, text: str, concept: str
) -> None:
    assert concept in glossary.concepts_in(text, lang)


@pytest.mark.parametrize(
    ("lang", "text", "concept", "said"),
    [
        ("en", "charged and killed every last one of them in the first round", "wiped_out", True),
        ("es", "los matamos a todos en el primer turno", "wiped_out", True),
        ("ru", "мои рыцари перебили всех гоблинов", "wiped_out", True),
        ("de", "wir haben alle Goblins getötet", "wiped_out", True),
        ("fr", "ils ont tué tous les gobelins", "wiped_out", True),
        ("it", "ammazzo gli ultimi 3 fanti nemici", "wiped_out", True),
        ("pl", "zabiliśmy wszystkich goblinów", "wiped_out", True),
        ("it", "le fanno fuori tutte e due nel primo turno", "wiped_out", True),
        ("nl", "vaagde de vijand in de eerste ronde helemaal weg", "wiped_out", True),
        ("pt", "mataram as duas unidades", "wiped_out", True),
        ("de", "darf ich aus dem Nahkampf raus?", "leave_combat", True),
        ("fr", "j'aimerais laisser tomber ce combat", "leave_combat", True),
        ("nl", "mag ik gewoon weglopen uit een gevecht?", "leave_combat", True),
        # One part alone, or the parts far apart, say nothing.
        ("en", "my knights killed a goblin", "wiped_out", False),
        (
            "en",
            "all my knights charged, and after a long and bloody fight one goblin was killed",
            "wiped_out",
            False,
        ),
        ("fr", "le sort de combat de mon sorcier", "leave_combat", False),
        # Whether pursuing is a choice: the two words side by side, not a must about another verb.
        ("de", "Muss ich verfolgen, wenn der Gegner flieht?", "restrain", True),
        ("fr", "on est obligé de poursuivre une unité qui fuit ?", "restrain", True),
        (
            "pl",
            "czy trzeba rzucać na zasięg szarży, jak pościg wpada na oddział?",
            "restrain",
            False,
        ),
        ("en", "can I just refuse to chase a unit that broke?", "restrain", True),
        ("it", "posso rifiutarmi di inseguire?", "restrain", True),
        # Leaving the table is reaching its edge, however the verb is inflected.
        ("it", "un guerriero può uscire dal tavolo volontariamente?", "battlefield_edge", True),
        ("pl", "czy wojownik może sam zejść ze stołu?", "battlefield_edge", True),
        (
            "en",
            "the table was wobbly all evening, so after the fourth game my friend chose to leave",
            "battlefield_edge",
            False,
        ),
    ],
)
def test_a_concept_said_in_parts(
    glossary: Glossary, lang: str, text: str, concept: str, said: bool
) -> None:
    found = glossary.concepts_in(text, lang)
    assert (concept in found) is said
    assert not found & {"kill", "all", "leave", "table"}, "parts are never a text's concepts"


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("d'un rat-ogre", ["un", "rat", "ogre"]),
        ("l'inseguimento", ["inseguimento"]),
        # A pronoun is kept: "m'ont chargé" (charged me) is not "ont chargé" (they charged).
        ("m'ont chargé", ["m", "chargé"]),
        ("l'ont chargé", ["l", "chargé"]),
        ("Mordheim'da", ["mordheim"]),
        ("the unit's move", ["the", "unit", "move"]),
    ],
)
def test_elided_words_and_suffixes_are_told_apart(text: str, tokens: list[str]) -> None:
    assert tokenize(text) == tokens


def test_unknown_language_tries_every_glossary_language(glossary: Glossary) -> None:
    # Galician has no terms of its own: Spanish and Portuguese ones still find "carga".
    assert "charge" in glossary.concepts_in("A miña carga fallou", "gl")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("concepts: {flee: {kind: rule}}", "needs 'terms'"),
        ("concepts: {flee: {kind: magic, terms: {en: [flee]}}}", "unknown kind"),
        ("concepts: {flee: {terms: {en: flee}}}", "terms must be a list"),
        ("concepts: {flee: {terms: {en: [flee]}, name: [flee]}}", "'name' must map languages"),
        ("[unclosed", "not valid YAML"),
        ("- a list", "needs a 'concepts' mapping"),
        ("concepts: {flee: {terms: {en: [flee]}, together: [kill]}}", "'together' must be"),
        (
            "concepts: {flee: {terms: {en: [flee]}, together: [[kill, all]]}}",
            "together names no concept 'kill'",
        ),
        (
            "concepts: {flee: {terms: {en: [flee]}, together_within: near}}",
            "'together_within' must be a whole number",
        ),
        ("concepts: {flee: {terms: {en: [flee]}, denial_of: [pursue]}}", "'denial_of' must be"),
        ("concepts: {flee: {terms: {en: [flee]}, denial_of: pursue}}", "'denial_of' names no"),
        ("concepts: {gap: {terms: {en: [gap]}, closer_than: one}}", "'closer_than' must be"),
        ("concepts: {gap: {terms: {en: [gap]}, closer_than: -1}}", "'closer_than' must be"),
        (
            "concepts: {points: {kind: topic, terms: {en: [points]}, lead_in: sometimes}}",
            "'lead_in' must be",
        ),
        ("concepts: {failed: {terms: {en: [failed]}, qualifies: charge}}", "'qualifies' must be"),
        (
            "concepts: {failed: {terms: {en: [failed]}, qualifies: [charge]}}",
            "'qualifies' names no concept 'charge'",
        ),
        (
            "concepts: {a: {terms: {en: [a]}, denial_of: c}, b: {terms: {en: [b]}, denial_of: c},"
            " c: {terms: {en: [c]}}}",
            "'a' and 'b' both deny 'c'",
        ),
    ],
)
def test_bad_glossary_is_named(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "glossary.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CorpusError, match=problem) as info:
        load_glossary(path)
    assert "glossary.yaml" in str(info.value)


@pytest.mark.parametrize(
    ("concept", "lang", "title"),
    [
        ("terrain", "en", "terrain"),  # its name, not its first term ("woods")
        ("terrain", "de", "Gelände"),
        ("pursue", "es", "perseguir"),  # no name: the first term
        ("pursue", "tr", "pursue"),  # a language without terms: English
    ],
)
def test_a_concept_is_titled_in_the_readers_language(
    glossary: Glossary, concept: str, lang: str, title: str
) -> None:
    assert glossary.concepts[concept].title(lang) == title


@pytest.mark.parametrize(
    ("lang", "text", "topic", "found"),
    [
        ("pt", "Posso fazer a roda em qualquer ponto do movimento?", "points", False),
        ("it", "A quel punto possono travolgere?", "points", False),
        ("fr", "Mon Skaven veut sortir du combat", "magic", False),
        ("pt", "A unidade que foge e é alcançada é destruída?", "shooting", False),
        ("it", "Quanti punti costa un cannone?", "points", True),
        ("fr", "Quelle est la portée d'une arbalète ?", "shooting", True),
        ("es", "¿Cuántos hechizos puede lanzar un hechicero?", "magic", True),
        ("en", "In Kings of War, can a unit counter-charge?", "other_games", True),
        (
            "fr",
            "À SAGA, une unité qui perd un corps à corps recule de combien ?",
            "saga",
            True,
        ),
        # Equipment and Mordheim's rout test are topics the corpus lacks; a shield is not (a
        # knocked-down warrior "cannot parry with his shield" is the corpus's).
        ("de", "Welchen Rüstungsmodifikator hat eine Zweihandwaffe?", "profiles", True),
        ("it", "E posso parare con lo scudo?", "profiles", False),
        ("en", "When must my Mordheim warband take a rout test?", "panic", True),
        # A saga told is no game of Saga; a unit that wavers is no Kings of War unit.
        ("it", "Che saga! La mia unità è fuggita di 7. Presa?", "saga", False),
        ("en", "The enemy line wavers and flees 5. Caught?", "kings-of-war", False),
        # Another game told by its vocabulary: Kings of War's Nerve tests.
        ("en", "My block is Wavering after a Nerve test: can it charge?", "kings-of-war", True),
        ("it", "Dopo il Nerve test la mia unità è wavering: può caricare?", "kings-of-war", True),
    ],
)
def test_declining_concepts_are_read_as_written_not_by_stem(
    glossary: Glossary, lang: str, text: str, topic: str, found: bool
) -> None:
    assert (topic in glossary.concepts_in(text, lang)) is found


@pytest.mark.parametrize(
    ("lang", "text", "declined"),
    [
        ("pl", "W Warmasterze o ile ruchu może ścigać jednostka?", True),
        ("ru", "В Некромунде можно добить лежащего бойца?", True),
        ("de", "Im Frostgrave-Spiel: darf ich fliehen?", True),
        # The corpus's own games and words are never read as another game's inflected name.
        ("ru", "В Мордхейме можно добить лежащего бойца?", False),
        ("en", "Can my warriors overrun after a charge?", False),
    ],
)
def test_another_games_name_is_read_inflected(
    glossary: Glossary, lang: str, text: str, declined: bool
) -> None:
    kinds = {glossary.concepts[m.concept].kind for m in glossary.find(text, lang)}
    assert ("other_game" in kinds) is declined


@pytest.mark.parametrize(
    ("lang", "text", "concepts"),
    [
        # Two one-word terms written as one word, with or without a link: both concepts.
        ("de", "Angriffswürfel 5 und 6", {"charge", "roll"}),
        ("de", "Meine Angriffwürfel zeigen 5 und 6", {"charge", "roll"}),
        ("nl", "mijn aanvalsworp was 7", {"charge", "roll"}),
        # A compound the glossary lists whole is read as listed, not in two.
        ("de", "der Verfolgungswurf war 9", {"pursue"}),
        # Only one half a term: nothing is read ("Würfelbecher" is a dice cup).
        ("de", "mein Würfelbecher ist rot", set()),
        # Languages that write no compounds are not split ("chargeroll" is no word).
        ("en", "my chargeroll was 7", set()),
    ],
)
def test_a_compound_is_read_as_its_two_words(
    glossary: Glossary, lang: str, text: str, concepts: set[str]
) -> None:
    assert {m.concept for m in glossary.find(text, lang)} == concepts


def test_a_word_longer_than_any_compound_is_not_split(glossary: Glossary) -> None:
    word = "angriffs" + "x" * 30 + "würfel"
    assert len(word) > 40 and not glossary.find(word, "de")


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("pt", "Durante a carga passo a menos de 1 polegada de outra unidade."),
        ("pt", "Durante a carga passo a menos de uma polegada de outra unidade."),
        ("it", "In carica passo a meno di 1 pollice da un'altra unità."),
    ],
)
def test_a_digit_in_a_question_says_a_terms_number_word(
    glossary: Glossary, lang: str, text: str
) -> None:
    assert "inch_rule" in {m.concept for m in glossary.find(text, lang, digits=True)}


def test_a_clause_is_read_as_its_terms_are_written(glossary: Glossary) -> None:
    assert "inch_rule" not in glossary.concepts_in("passo a menos de 1 polegada", "pt", ())


@pytest.mark.parametrize(
    ("lang", "text", "concept"),
    [
        # "nuevo", "novo" stem like "nueve", "nove": only number words as written are digits.
        ("es", "arrasaron 9 enemigos", "new_enemy"),
        ("pt", "perseguem 9 inimigos em fuga", "new_enemy"),
        ("pt", "o combate 9 contra 5 acabou", "second_fight"),
        ("pt", "rolei 9", "reroll"),
    ],
)
def test_a_digit_says_only_number_words_as_written(
    glossary: Glossary, lang: str, text: str, concept: str
) -> None:
    assert concept not in {m.concept for m in glossary.find(text, lang, digits=True)}


@pytest.mark.parametrize(
    "lang, text, concept, kept",
    [
        # "ног" is "сбил с ног"'s, not also a backwards "на ногах".
        ("ru", "первой атакой сбил с ног охотника на ведьм", "standing_enemy", False),
        # "automatic hits" written inside "how many … hits" leaves that term whole.
        ("en", "how many automatic hits does he take?", "quantity", True),
    ],
)
def test_a_word_belongs_to_the_term_written_in_order(
    glossary: Glossary, lang: str, text: str, concept: str, kept: bool
) -> None:
    assert (concept in {m.concept for m in glossary.find(text, lang)}) is kept


@pytest.mark.parametrize("listed_first", [True, False])
def test_a_term_read_out_of_order_yields_to_its_listed_match(
    glossary: Glossary, listed_first: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "charge … were" read backwards would stretch "were charged" over the denied "charge".
    monkeypatch.setattr(glossary_module, "LISTED_FIRST", listed_first)
    text = "My knights did not charge, they were charged, and wiped out the enemy."
    spans = [(m.start, m.end) for m in glossary.find(text, "en") if m.concept == "was_charged"]
    assert spans == ([(6, 8)] if listed_first else [(4, 8)])


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("fuga 5, inseguimento 4. presi o no?", "it"),
        ("Verfolgung 8, Flucht 7?", "de"),
        # Nothing the glossary knows, or words of several languages alike: no guess.
        ("5 and 4?", None),
    ],
)
def test_the_likeliest_language_is_the_one_whose_terms_cover_most(
    glossary: Glossary, text: str, lang: str | None
) -> None:
    assert glossary.likeliest_language(text) == lang


def test_a_plain_word_is_never_a_mention(glossary: Glossary) -> None:
    # Plain words only give an unlisted word somewhere near to be (refbot.terms).
    plain = {name for name, c in glossary.concepts.items() if c.kind == "plain"}
    assert plain
    found = glossary.concepts_in("The enemy unit attacked my warrior in this game", "en", ())
    assert not plain & set(found)


# Terms whose stem is an everyday word's are read as written: wolves failed nothing.
@pytest.mark.parametrize(
    ("lang", "text", "concept"),
    [
        ("fr", "Mes chevaliers chargent des Loups du Chaos", "failed"),
        ("nl", "We hebben het gevecht gewonnen", "wound"),
        ("pt", "Ele foi atingido por armas de fogo", "flee"),
        ("pt", "Qual o alcance da carga?", "caught"),
        ("pl", "Moi stare rycerze szarżują", "close_combat"),
        ("es", "En este caso, la unidad debe cargar", "building"),
        ("it", "In questo caso devo caricare?", "building"),
        ("ru", "Ранее отряд уже атаковал", "wound"),
        ("es", "Igualmente podrá arrasar", "tie"),
        ("es", "Mis héroes cargan contra los orcos", "wound"),
        ("ru", "Ничего не понял, куда бегут?", "tie"),
        ("it", "Devo mettere in contatto più modelli possibile?", "probability"),
        # English terms are looked for in every question: "held" is Dutch and German for hero.
        ("nl", "Mijn held slaat op de vlucht", "hold"),
        ("de", "Mein Held flieht aus dem Nahkampf", "hold"),
        # ... and "dice" Spanish and Italian for says (Language.false_friends).
        ("es", "Mi rival dice que no puedo arrasar", "roll"),
        ("it", "Il mio avversario dice di no", "roll"),
    ],
)
def test_an_everyday_word_sharing_a_terms_stem_names_nothing(
    glossary: Glossary, lang: str, text: str, concept: str
) -> None:
    assert concept not in glossary.concepts_in(text, lang, ())


@pytest.mark.parametrize("segmented", [True, False])
@pytest.mark.parametrize(
    ("text", "lang", "concepts"),
    [
        ("我的地精溃逃掷出 7, 追击者掷出 9", "zh", {"flee", "pursue", "roll"}),
        ("逃走ロールが 12, 追撃側は 10. 捕まる?", "ja", {"flee", "pursue", "caught"}),
        ("도주를 11 굴렸는데 추격자가 12", "ko", {"flee", "pursue", "roll"}),
    ],
)
def test_the_words_of_an_unspaced_script_are_parted_by_the_glossarys(
    glossary: Glossary,
    segmented: bool,
    text: str,
    lang: str,
    concepts: set[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(glossary_module, "SEGMENTED", segmented)
    parted = glossary.segment(text, lang)
    found = {m.concept for m in glossary.find(parted, lang)}
    assert (found >= concepts) is segmented
    assert (parted == text) is not segmented


def test_a_spaced_script_is_not_parted(glossary: Glossary) -> None:
    text = "My goblins fled 7, the pursuers rolled 9"
    assert glossary.segment(text, "en") == text
    assert not glossary.segments("en") and glossary.segments("zh")


@pytest.mark.parametrize(
    ("run", "words", "parted"),
    [
        # The words covering most of the run, fewer and longer among equal covers.
        ("逃走ロールが", {"逃走", "ロール"}, ["逃走", "ロール", "が"]),
        ("abcd", {"ab", "bcd"}, ["a", "bcd"]),
        ("abcd", {"abc", "cd", "ab"}, ["ab", "cd"]),
        ("xyz", set(), ["xyz"]),
    ],
)
def test_an_unspaced_run_is_cut_into_the_words_covering_most_of_it(
    run: str, words: set[str], parted: list[str]
) -> None:
    assert glossary_module._covering_words(run, frozenset(words), 4) == parted


@pytest.mark.parametrize(
    ("text", "lang", "concept"),
    [
        # Accents written decomposed, as some keyboards and PDFs write them, are the same word.
        ("los perseguidores alcanzaron a los que hui\u0301an", "es", "caught"),
        # Arabic vowel marks and tanween are mostly unwritten: a word is read without them.
        ("أهاجم محاربًا مطروحًا أرضًا", "ar", "knocked_down"),
    ],
)
def test_a_word_is_read_without_its_combining_marks(
    glossary: Glossary, text: str, lang: str, concept: str
) -> None:
    assert concept in {m.concept for m in glossary.find(text, lang)}


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("zh", "如果追击单位的掷骰结果等于或高于逃跑单位，逃跑单位被消灭。"),
        ("ja", "追撃ロールが逃走ロール以上なら、逃走ユニットは壊滅する。"),
    ],
)
def test_a_clause_in_an_unspaced_script_is_read_as_its_questions_are(
    glossary: Glossary, lang: str, text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The clauses of an uploaded Chinese or Japanese rulebook: parted by the glossary's words.
    assert "pursue" in glossary.concepts_in(text, lang, ())
    monkeypatch.setattr("refbot.glossary.READ_AS_QUESTIONS", False)
    assert "pursue" not in glossary.concepts_in(text, lang, ())
