from __future__ import annotations

from dataclasses import replace

import pytest

from refbot import question as question_module
from refbot.glossary import Glossary, Mention
from refbot.question import parse_question
from refbot.scripts import space_scripts


@pytest.mark.parametrize(
    ("lang", "text", "dice"),
    [
        ("en", "my charge failed with 4 and 1", [(4, 1)]),
        ("es", "falló con un 3 y un 6, ¿cuánto?", [(3, 6)]),
        ("ru", "на кубиках выпало 2 и 5", [(2, 5)]),
        ("de", "mit 2 und 5 gewürfelt", [(2, 5)]),
        ("fr", "j'ai fait 2 et 5", [(2, 5)]),
        ("it", "con 2 e 5", [(2, 5)]),
        ("pl", "wyrzuciłem 3 i 4", [(3, 4)]),
        ("nl", "mislukt met 4 en 1", [(4, 1)]),
        ("pt", "falhou com 2 e 5", [(2, 5)]),
        ("ru", "проходит 4,5 дюйма", []),
        # Two faces in brackets are a pair, though a comma there also writes a decimal.
        ("tr", "zarlar (3,5) geldi", [(3, 5)]),
        ("es", "movimiento (3,5 cm)", []),
        ("fr", "il se déplace de (3,5) ps", []),
        ("en", "fled 9 and pursued 6", []),
        # A list of faces is one roll, however many dice it takes; a longer list is none.
        ("es", "arraso, saco 3, 5, 6, 2, 4, 1, 6 y 5.", [(3, 5, 6, 2, 4, 1, 6, 5)]),
        ("en", "overran, rolled a 3, a 4 and a 5 for it", [(3, 4, 5)]),
        ("ru", "выпало 2, 2, 6, 1 и 3", [(2, 2, 6, 1, 3)]),
        ("de", "gewürfelt: 1+2+3", [(1, 2, 3)]),
        ("en", "rolled 1, 2, 3, 4, 5, 6, 1, 2 and 3", []),
        # Only commas before the last face: "3 and 4, 5 models" is a roll and a count.
        ("en", "I rolled 3 and 4, 5 models left", [(3, 4)]),
        # Two faces in words, as in digits; not when models follow.
        ("en", "rolled the flee: a four and a three.", [(4, 3)]),
        ("es", "saqué un cuatro y un tres para huir", [(4, 3)]),
        ("de", "Flucht: eine vier und eine drei", [(4, 3)]),
        ("de", "Für die Flucht hab ich ne 4 und ne 5 gewürfelt", [(4, 5)]),
        ("ru", "выпало два и пять", [(2, 5)]),
        ("pl", "dwa i trzy modele", []),
        # Said with "or", without an article or a roll, or counting what follows: no roll.
        ("en", "Do I need a four or a five to hit?", []),
        ("en", "Mordheim: my hero broke from combat with two and three orcs.", []),
        ("en", "I rolled a six and two fours", [(4, 4)]),
        # "Plus" adds two faces wherever it is said, in words or digits.
        ("nl", "Overrun-worp zes plus één, hoe ver?", [(6, 1)]),
        ("es", "huyen 6 más 2", [(6, 2)]),
        ("ru", "выпало три плюс четыре", [(3, 4)]),
        ("fr", "le poursuivant a fait six plus un. Rattrapés ?", [(6, 1)]),
        ("pt", "na perseguição tirei 6 mais 1", [(6, 1)]),
        # Not across clauses, and not another language's "but" (Portuguese "mas", French "mais").
        ("en", "I rolled a six, plus two of my knights were killed", []),
        ("ru", "преследовали на шесть. Плюс два за знамя", []),
        ("pt", "Os goblins fugiram 7. Perdi 3 mas 4 cavaleiros continuam", []),
        ("fr", "Ils fuient 3 mais 4 chevaliers restent", []),
        # A number word that is also an article is a number before "and" and a number: no
        # article is.
        ("it", "Movimento 6, dadi uno e tre", [(1, 3)]),
        ("it", "l'uno e l'altro", []),
        ("es", "chocan una y otra vez", []),
        # A hyphen between two faces, but not a range of lengths.
        ("en", "Flee came up 5-1, pursuit came up 3 and 2", [(5, 1), (3, 2)]),
        ("pl", "wyrzuciłem 6–2 na pościg", [(6, 2)]),
        ("en", "they fled 2-3 inches", []),
    ],
)
def test_die_faces(glossary: Glossary, lang: str, text: str, dice: list[tuple[int, int]]) -> None:
    assert list(parse_question(text, lang, glossary).dice) == dice


@pytest.mark.parametrize(
    ("lang", "text", "value", "unit"),
    [
        ("en", 'it fled 7" away', 7, "in"),
        ("en", "Movement 18 cm", 18, "cm"),
        ("de", "flieht 6 Zoll weit", 6, "in"),
        ("fr", "à 5 pouces", 5, "in"),
        ("fr", "la cible était à 10 ps", 10, "in"),
        ("es", "a 3 pulgadas", 3, "in"),
        ("ru", "на 4,5 дюйма", 4.5, "in"),
        ("pl", "o 10 cali", 10, "in"),
        ("it", "di 6 pollici", 6, "in"),
        ("en", "Leadership 8", 8, None),
        # A number word takes the unit after it, in any case the language puts both in.
        ("ru", "цель в шести дюймах", 6, "in"),
        ("en", "they were six inches away", 6, "in"),
        ("pl", "na pięć cali", 5, "in"),
        # French books measure in "pas" (paces): "ne … que" restricts, it does not deny.
        ("fr", "il ne recule que de deux pas", 2, "in"),
        # Half a unit, in words or as "1/2".
        ("en", "my own unit is standing half an inch in front of them", 0.5, "in"),
        ("ru", "в полудюйме от арбалетчиков", 0.5, "in"),
        ("es", "una unidad amiga a medio centímetro", 0.5, "cm"),
        ("en", 'my own unit is 1/2" in front of them', 0.5, "in"),
        # A unit word in the next sentence is not this number's.
        ("en", "the enemy was six. Inches away, my own unit", 6, None),
    ],
)
def test_numbers_with_units(
    glossary: Glossary, lang: str, text: str, value: float, unit: str | None
) -> None:
    numbers = parse_question(text, lang, glossary).numbers
    assert [(n.value, n.unit) for n in numbers] == [(value, unit)]


@pytest.mark.parametrize(
    ("lang", "text", "value"),
    [
        ("ru", "запаниковал против трёх сестёр Сигмара", 3),
        ("ru", "в рукопашной с двумя орками", 2),
        ("ru", "в контакте с ним трое бойцов", 3),
        ("pl", "spanikował w walce z dwoma orkami", 2),
        ("pl", "walczy z trzema przeciwnikami", 3),
        # Turkish from two: "bir" is also the article ("bir Verminkin").
        ("tr", "Bir Verminkin iki düşmanla kapışırken kaçtı", 2),
        # "iki altı": two sixes, a roll, no number.
        ("tr", "Liderlik 7, testte iki altı attım", 7),
    ],
)
def test_number_words_are_read_in_every_case(
    glossary: Glossary, lang: str, text: str, value: int
) -> None:
    assert [n.value for n in parse_question(text, lang, glossary).numbers] == [value]


@pytest.mark.parametrize(
    ("lang", "text", "dice", "numbers"),
    [
        ("en", "I rolled two sixes for the charge, 11 inches away", [(6, 6)], [11]),
        ("pl", "na kościach szarży wyszły dwie szóstki", [(6, 6)], []),
        ("de", "beim Angriff kamen zwei Sechsen", [(6, 6)], []),
        ("ru", "выпали две шестёрки", [(6, 6)], []),
        ("pl", "wyrzuciłem pięć szóstek", [(6, 6, 6, 6, 6)], []),
        ("en", "I came up double 3s for the pursuit", [(3, 3)], []),
        # A count of models is no face noun.
        ("en", "two goblins and three orcs", [], [2, 3]),
    ],
)
def test_faces_said_as_nouns_are_a_roll(
    glossary: Glossary, lang: str, text: str, dice: list[tuple[int, ...]], numbers: list[int]
) -> None:
    parsed = parse_question(text, lang, glossary)
    assert list(parsed.dice) == dice
    assert [n.value for n in parsed.numbers] == numbers


@pytest.mark.parametrize(
    ("lang", "text", "value"),
    [
        ("en", "can I wheel twice?", 2),
        ("de", "darf ich zweimal schwenken?", 2),
        ("ru", "поворачиваю дважды", 2),
    ],
)
def test_a_word_for_so_many_times_is_a_number(
    glossary: Glossary, lang: str, text: str, value: int
) -> None:
    assert [n.value for n in parse_question(text, lang, glossary).numbers] == [value]


def test_a_count_in_words_before_a_face_in_digits_is_a_roll(glossary: Glossary) -> None:
    parsed = parse_question("el enemigo persiguió con dos 4", "es", glossary)
    assert [r.faces for r in parsed.rolls] == [(4, 4)]
    assert parsed.numbers == ()


@pytest.mark.parametrize(
    ("text", "faces", "numbers"),
    [
        ("fled with two 4s, pursued 8", [(4, 4)], [8]),
        ("fled with snake eyes, pursued 5", [(1, 1)], [5]),
        ("I fled with a double six, they pursued 11", [(6, 6)], [11]),
        ("two 6 models fled 7", [], [2, 6, 7]),
        ("we fled boxcars and they pursued 11", [(6, 6)], [11]),
        # A minus sign written before a number is kept: no dice roll -3.
        ("my unit fled -3 and they pursued 7", [], [-3, 7]),
        # A hyphen between two faces is no minus sign: "rolled 4-5" is two dice.
        ("rolled 4-5", [(4, 5)], []),
    ],
)
def test_rolls_said_by_name_or_digit_plurals_and_negative_numbers(
    glossary: Glossary, text: str, faces: list[tuple[int, ...]], numbers: list[int]
) -> None:
    parsed = parse_question(text, "en", glossary)
    assert [r.faces for r in parsed.rolls] == faces
    assert [n.value for n in parsed.numbers] == numbers


@pytest.mark.parametrize(
    ("lang", "text", "faces"),
    [
        # Snake eyes in every language: a double 1.
        ("it", "Inseguimento: occhi di serpente. Presi?", [(1, 1)]),
        ("es", "Persecución: ojos de serpiente, ¿los alcanzo?", [(1, 1)]),
        ("de", "Verfolgung: Schlangenaugen. Eingeholt?", [(1, 1)]),
        ("pl", "Pościg: oczy węża. Dogonili?", [(1, 1)]),
        # Players of every language borrow the English names.
        ("de", "Verfolgung: Snake Eyes gewürfelt. Eingeholt?", [(1, 1)]),
        # A double written as one word in a language writing compounds.
        ("de", "Überrennen: Doppelsechs! Wie weit?", [(6, 6)]),
        ("de", "Überrennen: Doppel-Sechs! Wie weit?", [(6, 6)]),
        ("nl", "overrun met dubbelzes, hoe ver?", [(6, 6)]),
        # Only a language writing compounds as one word reads one: no English "doublesix".
        ("en", "overrun with doublesix, how far?", []),
    ],
)
def test_a_roll_said_by_name_or_as_one_word_is_read(
    glossary: Glossary, lang: str, text: str, faces: list[tuple[int, ...]]
) -> None:
    assert [r.faces for r in parse_question(text, lang, glossary).rolls] == faces


@pytest.mark.parametrize(
    ("lang", "text", "needed"),
    [
        ("en", "a 5+ save, rolled 3", [True, False]),
        ("ru", "сейв 4+, выкинул 2", [True, False]),
        ("en", "4+4", []),
    ],
)
def test_a_score_written_with_a_plus_is_needed_not_rolled(
    glossary: Glossary, lang: str, text: str, needed: list[bool]
) -> None:
    assert [n.needed for n in parse_question(text, lang, glossary).numbers] == needed


@pytest.mark.parametrize(("text", "count"), [("a 3D6 pursuit", 3), ("2W6 Zoll", 2), ("2Д6", 2)])
def test_dice_notation_is_a_count_not_a_number(glossary: Glossary, text: str, count: int) -> None:
    parsed = parse_question(text, "en", glossary)
    assert [c.count for c in parsed.counts] == [count]
    assert parsed.numbers == ()


@pytest.mark.parametrize(
    ("text", "dice", "numbers"),
    [
        ("Втеча 6 (1+5), переслідування 6 (3+3)", [(1, 5), (3, 3)], []),
        ("takip 3+4 = 7 geldi", [(3, 4)], []),
        ("pursued (2+5) 7 with 12 knights", [(2, 5)], [12]),
        # A total that differs from the faces is another number, not a restatement.
        ("fled 3+4, then 9 more", [(3, 4)], [9]),
        ("rolled 3+4 7 inches away", [(3, 4)], [7]),
        # One short word between the faces and their total; faces joined by a middle dot.
        ("fled 6 and 6 for 12, pursuers 5+5 = 10", [(6, 6), (5, 5)], []),
        ("逃走ロールが 6 ・ 6 で 12", [(6, 6)], []),
        ("rolled 3 and 4 at 7 inches", [(3, 4)], [7]),  # a length: maybe the distance
        ("fled 3 and 4 vs 7, caught?", [(3, 4)], [7]),  # the other side's roll
    ],
)
def test_a_total_written_beside_its_faces_is_read_once(
    glossary: Glossary, text: str, dice: list[tuple[int, int]], numbers: list[float]
) -> None:
    parsed = parse_question(text, "en", glossary)
    assert list(parsed.dice) == dice
    assert [n.value for n in parsed.numbers] == numbers


def test_a_total_after_a_word_is_read_once_only_where_switched_on(
    glossary: Glossary, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("refbot.question.TOTALS_LINKED", False)
    assert [n.value for n in parse_question("fled 6 and 6 for 12", "en", glossary).numbers] == [12]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Charge ratée : M5, la cible était à 10 ps", [5, 10]),
        ("Ld8, rolled 9", [8, 9]),
        # Dice stay dice in every language's letter.
        ("roll a D6 or a W6", []),
    ],
)
def test_a_characteristic_glued_to_its_value_is_read(
    glossary: Glossary, text: str, values: list[int]
) -> None:
    assert [n.value for n in parse_question(text, "en", glossary).numbers] == values


def test_turkish_die_faces_and_inches_are_read(glossary: Glossary) -> None:
    parsed = parse_question("Liderlik 8, testte 6 ve 5 attım; düşman 7 inç uzakta.", "tr", glossary)
    assert list(parsed.dice) == [(6, 5)]
    assert [(n.value, n.unit) for n in parsed.numbers] == [(8, None), (7, "in")]


@pytest.mark.parametrize(
    ("lang", "text", "angles"),
    [
        ("en", "a wheel of 45 degrees, then 10 inches", [45.0]),
        ("ru", "довернуть на 45°, пройти 3 дюйма и ещё на 45 градусов", [45.0, 45.0]),
        ("fr", "une roue de 30 degrés puis 6 ps", [30.0]),
        ("tr", "100 derece dönebilir miyim?", [100.0]),
        ("de", "Schwenk um 90 Grad, 5 Zoll", [90.0]),
        ("ru", "доворачиваю градусов на 45, а потом ещё раз градусов на 30", [45.0, 30.0]),
        # A later bare number said as the angle was, or right after a word for wheeling.
        ("ru", "довернул на 45 градусов, а потом ещё на 30", [45.0, 30.0]),
        ("de", "Ich schwenke um 45 Grad, dann noch einmal um 30.", [45.0, 30.0]),
        ("fr", "J'ai pivoté de 45 degrés, puis j'ai pivoté 30 pour me coller.", [45.0, 30.0]),
        ("en", "I wheeled 45 degrees with my 20 models, then charged 8 inches.", [45.0]),
        ("de", "Beim Angriff zweimal geschwenkt, 60 und 40 Grad.", [60.0, 40.0]),
        # The same word before it, but no "once more": another length, not a second wheel.
        ("es", "Cargué con una rueda de 45 grados y un movimiento de carga de 12.", [45.0]),
        ("ru", "повернул на 45 градусов и продвинулся на 11", [45.0]),
    ],
)
def test_numbers_in_degrees_are_angles(
    glossary: Glossary, lang: str, text: str, angles: list[float]
) -> None:
    question = parse_question(text, lang, glossary)
    assert [n.value for n in question.numbers if n.angle] == angles
    assert all(n.unit is None for n in question.numbers if n.angle)


@pytest.mark.parametrize(
    ("lang", "text", "above"),
    [
        ("en", "Can a charge wheel more than 90 degrees?", [True]),
        ("es", "¿Puedo pivotar más de 90 grados al cargar?", [True]),
        ("de", "Darf ich beim Angriff um mehr als 90 Grad schwenken?", [True]),
        ("nl", "Mag een charge een bocht van meer dan 90 graden maken?", [True]),
        ("ru", "Можно ли довернуть больше чем на 90 градусов?", [True]),
        ("tr", "Hücumda 90 dereceden fazla dönebilir miyim?", [True]),
        ("en", "I wheeled 45 degrees, then more than 3 inches", [False]),
        # Denied, it is at most the number; another language's word is no cue.
        ("en", "My unit wheeled no more than 90 degrees. Legal?", [False]),
        ("ru", "Можно ли довернуть не более чем на 90 градусов?", [False]),
        ("de", "Ich schwenke nicht mehr als 90 Grad.", [False]),
        ("nl", "Mijn eenheid zwenkte over 90 graden. Mag dat?", [False]),
        ("tr", "Hücumda 90 dereceden daha fazla dönebilir miyim?", [True]),
        ("fr", "une roue de 30 degrés puis 6 ps", [False]),
    ],
)
def test_an_angle_said_to_be_exceeded_is_past_its_number(
    glossary: Glossary, lang: str, text: str, above: list[bool]
) -> None:
    question = parse_question(text, lang, glossary)
    assert [n.above for n in question.numbers if n.angle] == above


@pytest.mark.parametrize(
    ("text", "asking"),
    [
        (
            "My unit fled. How do they rally? Tell me the test.",
            ["how", "do", "they", "rally", "tell", "me", "the", "test"],
        ),
        ("My unit fled 7. They were caught.", ["they", "were", "caught"]),
        ("Do they rally?", ["do", "they", "rally"]),
    ],
)
def test_the_sentences_that_ask_are_the_last_and_those_ending_in_a_question_mark(
    glossary: Glossary, text: str, asking: list[str]
) -> None:
    question = parse_question(text, "en", glossary)
    assert [t for i, t in enumerate(question.tokens) if question.asks(i)] == asking


@pytest.mark.parametrize(
    ("lang", "text", "own"),
    [
        ("en", "my 20 goblins fled 7", [20.0]),
        ("it", "i miei 5 cavalieri inseguono 9", [5.0]),
        ("ru", "мои 12 рыцарей преследуют на 8", [12.0]),
        ("de", "Goblins flohen 7, meine Ritter 9", []),
    ],
)
def test_a_number_after_a_first_person_possessive_counts_own_models(
    glossary: Glossary, lang: str, text: str, own: list[float]
) -> None:
    question = parse_question(text, lang, glossary)
    assert [n.value for n in question.numbers if question.own_count(n)] == own


@pytest.mark.parametrize(
    ("lang", "text", "counts"),
    [
        ("en", "A unit of 5 Chaos Knights broke. They fled 9", [5.0]),
        ("it", "Contro 12 Guerrieri del Caos sono fuggiti di 8", [12.0]),
        ("es", "Contra 10 Grandes Espaderos huyeron 7", [10.0]),
        # Not a name: a sentence after the number, a term, or a language capitalising nouns.
        ("en", "They fled 7. Then the knights rolled 9", []),
        ("en", "rolled 9 Leadership, needed 8", []),
        # A roll its word claims, a line's end, and capitals that are no name.
        ("en", "My Goblins fled 7 Chaos Knights rolled 9 to pursue", []),
        ("en", "My goblins fled 7\nThe pursuers rolled 9", []),
        ("en", "they fled 7 I think, and 10 AND the rest", []),
        ("de", "Gegen 5 Chaosritter flohen sie 7", []),
    ],
)
def test_a_number_before_a_name_counts_models(
    glossary: Glossary, lang: str, text: str, counts: list[float]
) -> None:
    question = parse_question(text, lang, glossary)
    assert [n.value for n in question.numbers if question.counts_models(n)] == counts


@pytest.mark.parametrize("read", [True, False])
@pytest.mark.parametrize(
    ("lang", "text", "counts"),
    [
        ("en", "The 10 knights pursue and roll 3 and 5; my goblins fled 9", [10.0]),
        ("fr", "Les 10 chevaliers poursuivent et font 3 et 5", [10.0]),
        ("de", "Die 10 Ritter verfolgen und würfeln 8", [10.0]),
        # German "die" is also "which": a lowercase word after the number is no noun.
        ("de", "eine Einheit, die 10 beim Fliehen gewürfelt hat", []),
        # An indefinite article says a roll: "a 9".
        ("en", "They fled and rolled a 9", []),
    ],
)
def test_a_number_after_a_definite_article_counts(
    glossary: Glossary,
    lang: str,
    text: str,
    counts: list[float],
    read: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(question_module, "DETERMINED_COUNTS_READ", read)
    question = parse_question(text, lang, glossary)
    found = [n.value for n in question.numbers if question.counts_models(n)]
    assert found == (counts if read else [])


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "fled 2, 3, 4 and 5 inches"),  # a length ends it
        ("en", "he needs 3, 4 or 5+"),  # choices, and a score needed
        ("en", "they rolled 3, 4, 5 attacks"),  # a characteristic
        ("en", "Movement 4, 5 and 6 on the dice"),  # a characteristic's value begins it
        ("de", "Bewegung 4, 5 und 6 gewürfelt"),
    ],
)
def test_a_list_that_is_not_one_roll_is_read_as_no_roll_of_three(
    glossary: Glossary, lang: str, text: str
) -> None:
    assert all(len(faces) <= 2 for faces in parse_question(text, lang, glossary).dice)


def test_a_turkish_dotted_capital_moves_no_token(glossary: Glossary) -> None:
    # "İ" lowercases to two characters; tokens and the numbers' positions must not shift.
    question = parse_question("İİİİ a 7 ve 9", "tr", glossary)
    assert question.tokens[:2] == ["iiii", "a"]
    assert [(n.value, question.tokens[n.token]) for n in question.numbers] == [(7, "7"), (9, "9")]


@pytest.mark.parametrize(
    ("lang", "text", "restrains"),
    [
        ("it", "che la mia unità resti ferma invece di correre dietro ai nemici?", True),
        ("pl", "chcę żeby moi zostali na miejscu zamiast gnać za wrogiem", True),
        ("en", "my knights pursued and caught them", False),
    ],
)
def test_a_denied_pursuit_is_restraining(
    glossary: Glossary, lang: str, text: str, restrains: bool
) -> None:
    assert ("restrain" in parse_question(text, lang, glossary).concepts) is restrains


@pytest.mark.parametrize(
    ("text", "lang", "asked"),
    [
        ("what dice do you roll for a flee move?", "en", True),
        ("¿qué dados se tiran para perseguir?", "es", True),
        # Words no glossary term holds: the language's words asking which.
        ("Welche Würfel wirft man beim Fliehen?", "de", True),
        ("que dados rolo para fugir?", "pt", True),
        ("какие кубики кидать на бегство?", "ru", True),
        # A word for dice with no word asking how many or which before it asks for no quantity.
        ("I rolled the dice for my flee, what happens?", "en", False),
        ("what happens when I roll a double six for the flee?", "en", False),
        # After a word for dice, "que" starts a relative clause: "the dice that I rolled".
        ("Los dados que saqué para huir fueron malos, ¿me pillan?", "es", False),
    ],
)
def test_a_word_asking_how_many_before_dice_asks_a_quantity(
    glossary: Glossary, text: str, lang: str, asked: bool
) -> None:
    assert ("quantity" in parse_question(text, lang, glossary).concepts) is asked


@pytest.mark.parametrize(
    ("text", "lang", "named"),
    [
        ("Можно при чардже пройти в полудюйме от другого отряда?", "ru", True),
        ("la mia carica finisce a mezzo pollice da un'altra unità", "it", True),
        ('my charge ends 0.5" from my own archers', "en", True),
        ("mi carga acaba a 2 cm de otra unidad", "es", True),  # under 2.5 cm, an inch there
        ("my knights end half an inch from my archers", "en", True),
        # A length of an inch or more, or a number with no unit, is no gap under 1".
        ('my charge ends 3" from my own archers', "en", False),
        ("mi carga acaba a 3 cm de otra unidad", "es", False),
        ("mi carga acaba a 2,5 cm de otra unidad", "es", False),  # an inch in cm editions
        ("my charge ends with 0 models in contact", "en", False),
        # A length that is no gap between two things: a charge short by half an inch.
        ('My charge missed by 0.5". What happens?', "en", False),
        ("Mi carga se quedó corta por 1 cm", "es", False),
    ],
)
def test_a_length_under_an_inch_names_the_inch_rule(
    glossary: Glossary, text: str, lang: str, named: bool
) -> None:
    assert ("inch_rule" in parse_question(text, lang, glossary).concepts) is named


@pytest.mark.parametrize(
    ("text", "denied"),
    [
        ("the enemy can't pursue", True),
        ("the enemy won’t pursue", True),  # a typographic apostrophe
        ("the enemy didnt pursue", True),  # no apostrophe, as forum posts write it
        ("the enemy cannot pursue", True),
        ("the enemy can pursue", False),
        ("the enemy's knights pursue", False),  # a tail that is no negation
    ],
)
def test_a_negating_tail_or_an_unapostrophed_negation_denies(
    glossary: Glossary, text: str, denied: bool
) -> None:
    question = parse_question(text, "en", glossary)
    pursue = next(m for m in question.mentions if m.concept == "pursue")
    assert question.negated(pursue) is denied


def test_a_gap_under_an_inch_names_its_concept_once(glossary: Glossary) -> None:
    question = parse_question('0.5" from my archers and 0.5" from my knights', "en", glossary)
    assert [m.concept for m in question.mentions].count("inch_rule") == 1


def test_a_trailing_negation_denies_without_a_leading_one(glossary: Glossary) -> None:
    # Turkish "yoktu" (there was none) follows what it denies; no word before denies it.
    # (No glossary terms in Turkish: "engel", obstacle, is given its concept as the nearest
    # term would.)
    question = parse_question("Takip ettim, engel yoktu.", "tr", glossary)
    mention = Mention("obstruction", 2, 3, guessed=True)
    question = replace(question, mentions=(mention,))
    assert question.tokens[2:4] == ["engel", "yoktu"]
    assert question.negated(mention)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Довернул, препятствий никаких.", "ru"),
        ("Girei a unidade, terreno intransponível nenhum.", "pt"),
        ("Giré la unidad, terreno infranqueable ninguno.", "es"),
    ],
)
def test_a_negative_determiner_after_the_word_denies_it(
    glossary: Glossary, text: str, lang: str
) -> None:
    question = parse_question(text, lang, glossary)
    (mention,) = [m for m in question.mentions if m.concept == "obstruction"]
    assert question.negated(mention)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        # Not at a clause's end, the same words stand before what they deny.
        ("Cargué y ninguno sobrevivió.", "es"),
        ("Carreguei e nenhum inimigo ficou de pé.", "pt"),
        ("При атаке никаких препятствий не было.", "ru"),
    ],
)
def test_a_negative_determiner_inside_a_clause_denies_nothing_before_it(
    glossary: Glossary, text: str, lang: str
) -> None:
    question = parse_question(text, lang, glossary)
    (mention,) = [m for m in question.mentions if m.concept == "charge"]
    assert not question.negated(mention)


def test_a_light_verb_of_the_next_sentence_makes_no_verb(glossary: Glossary) -> None:
    # "… düşman yok. Olur mu?": "olur" (is it all right) starts a sentence of its own.
    question = parse_question("Ayakta düşman yok. Olur mu?", "tr", glossary)
    mention = Mention("standing_enemy", 0, 1, guessed=True)
    question = replace(question, mentions=(mention,))
    assert question.negated(mention)


@pytest.mark.parametrize("read", [True, False])
def test_a_negation_a_light_verb_follows_is_no_denial(
    glossary: Glossary, read: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "yok etti" (made none: destroyed) after "ilk turda" (in the first turn) denies nothing.
    monkeypatch.setattr(question_module, "LIGHT_VERBS_READ", read)
    question = parse_question("Birimim ilk turda tamamen yok etti.", "tr", glossary)
    mention = Mention("first_turn", 1, 2, guessed=True)
    question = replace(question, mentions=(mention,))
    assert question.negated(mention) is not read


@pytest.mark.parametrize("read", [True, False])
def test_a_trailing_negation_denies_the_phrase_before_it(
    glossary: Glossary, read: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "ayakta başka düşman yok": no other standing enemy, both situation words denied.
    monkeypatch.setattr(question_module, "PHRASES_DENIED_AFTER", read)
    question = parse_question("Yanımda ayakta başka düşman yok.", "tr", glossary)
    standing = Mention("standing_enemy", 1, 2, guessed=True)
    other = Mention("other_model", 2, 3, guessed=True)
    question = replace(question, mentions=(standing, other))
    assert question.negated(other)
    assert question.negated(standing) is read


@pytest.mark.parametrize("read", [True, False])
@pytest.mark.parametrize(
    ("text", "lang", "joiner", "concept"),
    [
        ("Могу ли я выбрать, преследовать бегущих или нет?", "ru", "или", "flee"),
        ("Ayakta duran düşman var veya yok?", "tr", "veya", "standing_enemy"),
    ],
)
def test_a_negation_after_a_joiner_offers_the_alternative(
    glossary: Glossary,
    read: bool,
    text: str,
    lang: str,
    joiner: str,
    concept: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "or not" after a word denies nothing; without the switch the trailing negation does.
    monkeypatch.setattr(question_module, "ALTERNATIVES_READ", read)
    question = parse_question(text, lang, glossary)
    before = question.tokens.index(joiner) - 1
    mention = Mention(concept, before, before + 1)
    question = replace(question, mentions=(mention,))
    assert question.negated(mention) is not read


@pytest.mark.parametrize(
    ("text", "lang", "concept", "denied"),
    [
        # A failure's own negation qualifies what failed: a failed charge, not no charge.
        ("Mój oddział nie zdał szarży, rzuciłem 2 i 5.", "pl", "charge", False),
        # ... but still denies what the failure keeps from happening: no contact.
        ("Mi unidad arrasa hacia otra pero no llega a tocarla", "es", "contact", True),
        # Choosing not to charge asks whether the charge is forced: no charge is denied.
        ("Arraso contra unos arqueros. ¿Puedo elegir no cargarles?", "es", "charge", False),
        ("My overrun hits a unit: may I choose not to charge it?", "en", "charge", False),
    ],
)
def test_a_negated_failure_qualifies_what_failed(
    glossary: Glossary, text: str, lang: str, concept: str, denied: bool
) -> None:
    question = parse_question(text, lang, glossary)
    mention = next(m for m in question.mentions if m.concept == concept)
    assert question.negated(mention) is denied


def test_a_negated_failure_denies_without_the_glossarys_qualifies(glossary: Glossary) -> None:
    text = "Mój oddział nie zdał szarży, rzuciłem 2 i 5."
    question = replace(parse_question(text, "pl", glossary), qualifying=frozenset())
    charge = next(m for m in question.mentions if m.concept == "charge")
    assert question.negated(charge)


@pytest.mark.parametrize(
    "text, own",
    [
        ("benim 20 goblinim kaçtı", True),  # my 20 goblins: the asker's own models
        ("takipte ben 9 attım", False),  # I rolled 9: a pronoun, the roll kept
    ],
)
def test_a_possessive_not_a_pronoun_counts_the_askers_models(
    glossary: Glossary, text: str, own: bool
) -> None:
    question = parse_question(text, "tr", glossary)
    (number,) = question.numbers
    assert question.own_count(number) is own


def test_a_number_parted_from_han_is_read(
    glossary: Glossary, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "我的哥布林逃跑掷出7，追击者掷出9，他们被抓住了吗？"
    assert [n.value for n in parse_question(space_scripts(text), "zh", glossary).numbers] == [7, 9]
    monkeypatch.setattr("refbot.scripts.SCRIPTS_SPACED", False)
    assert parse_question(space_scripts(text), "zh", glossary).numbers == ()


@pytest.mark.parametrize(
    ("text", "lang", "concept", "denied"),
    [
        # A negation parted from the verb it denies: before it (Chinese), after it (Japanese,
        # Korean).
        ("我没有冲锋, 是被冲锋的一方", "zh", "charge", True),
        ("我冲锋了", "zh", "charge", False),
        ("敵の弓兵に接触はしない位置", "ja", "contact", True),
        ("敵の弓兵に接触した", "ja", "contact", False),
        ("오크 유닛에 닿지는 않아요", "ko", "contact", True),
        # A one-character negation inside another word denies nothing: "别的" (another), "안에"
        # (inside).
        ("别的单位冲锋了", "zh", "charge", False),
        ("숲 안에 돌격했어요", "ko", "charge", False),
    ],
)
def test_a_negation_of_an_unspaced_script_denies_its_verb(
    glossary: Glossary, text: str, lang: str, concept: str, denied: bool
) -> None:
    parsed = parse_question(text, lang, glossary)
    (mention,) = [m for m in parsed.mentions if m.concept == concept][:1]
    assert parsed.negated(mention) is denied
