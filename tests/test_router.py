from __future__ import annotations

import pytest

from refbot import router
from refbot.glossary import Glossary
from refbot.question import parse_question
from refbot.router import Decision, route


def decide(glossary: Glossary, text: str, lang: str, dense: float = 0.2):  # type: ignore[no-untyped-def]
    covered = frozenset(glossary.concepts)
    return route(parse_question(text, lang, glossary), glossary, covered, dense)


def read(decision: Decision, inputs: dict[str, str | None]) -> dict[str, str | None]:
    """Return the inputs the decision read, for the names given (None where it read none)."""
    return {k: decision.inputs.get(k) for k in inputs}


@pytest.mark.parametrize(
    ("lang", "text", "rule", "inputs"),
    [
        (
            "en",
            "my goblins fled 7, the pursuers rolled 7, what happens?",
            "pursuit",
            {"flee": "7", "pursuit": "7"},
        ),
        (
            "ru",
            "Мои гоблины бежали на 4, преследователи выбросили 3",
            "pursuit",
            {"flee": "4", "pursuit": "3"},
        ),
        (
            "de",
            "Meine Einheit flieht 6 Zoll weit, der Verfolger würfelt 10",
            "pursuit",
            {"flee": "6", "pursuit": "10"},
        ),
        (
            "es",
            "¿Qué probabilidad tengo de contener la persecución con Liderazgo 7?",
            "restrain",
            {"leadership": "7"},
        ),
        ("fr", "Ma charge a échoué avec 2 et 5", "failed_charge", {"dice": "2,5"}),
        # "non ci arrivo": I do not get there, a charge that fell short.
        (
            "it",
            "ho fatto 1 e 4 in carica e non ci arrivo, di quanto avanzo?",
            "failed_charge",
            {"dice": "1,4"},
        ),
        ("pl", "Mój oddział nie zdał szarży, rzuciłem 2 i 5.", "failed_charge", {"dice": "2,5"}),
        (
            "it",
            "Un guerriero stordito viene messo fuori combattimento?",
            "attack_downed",
            {"target": "stunned"},
        ),
        ("pl", "Jaka jest szansa, że pościg dogoni uciekający oddział?", "pursuit", {}),
        (
            "en",
            "My knights have Movement 18 cm; how many dice to overrun?",
            "overrun",
            {"movement": "18cm"},
        ),
        (
            "en",
            "Can a unit that was charged and wiped out its attackers overrun?",
            "overrun",
            {"charged": "no", "wiped_out": "yes"},
        ),
        (
            "en",
            "What is the chance a 3D6 pursuit catches a unit that fled?",
            "pursuit",
            {"pursuit_dice": "3"},
        ),
    ],
)
def test_rule_questions_are_routed_with_their_inputs(
    glossary: Glossary, lang: str, text: str, rule: str, inputs: dict[str, str]
) -> None:
    decision = decide(glossary, text, lang)
    assert (decision.kind, decision.rule) == ("rule", rule)
    presumed = decision.calls[0].presumed
    assert {k: v for k, v in decision.inputs.items() if k not in presumed} == inputs


def test_number_far_from_its_word_is_not_bound(glossary: Glossary) -> None:
    decision = decide(glossary, "Мой воин бежит из рукопашной, в которой 2 противника", "ru")
    assert decision.kind == "lookup"


@pytest.mark.parametrize(
    ("text", "dense", "kind"),
    [
        ("Is overrunning compulsory?", 0.1, "lookup"),
        ("How many points is a dragon?", 0.3, "abstain"),
        ("How many points is a dragon?", 0.6, "lookup"),
        ("What happens in close combat?", 0.2, "abstain"),
        ("What happens in close combat?", 0.35, "lookup"),
    ],
)
def test_lookup_or_abstain(glossary: Glossary, text: str, dense: float, kind: str) -> None:
    assert decide(glossary, text, "en", dense).kind == kind


# One case per way of phrasing a situation that the first release missed (issue 11).
@pytest.mark.parametrize(
    ("style", "lang", "text", "rule", "inputs"),
    [
        (
            "rolls after a situation, split by a semicolon",
            "es",
            "Mi regimiento huye tras perder y saca un 6; el enemigo que lo persigue obtiene un 9.",
            "pursuit",
            {"flee": "6", "pursuit": "9"},
        ),
        (
            "a test roll with no roll word near it, read by order",
            "fr",
            "Je veux retenir la poursuite, mon commandement est 8, j'ai fait 9",
            "restrain",
            {"leadership": "8", "roll": "9"},
        ),
        (
            "did my charge reach: Movement, faces and a distance, no word 'failed'",
            "en",
            "Charging with Movement 5, I rolled 1 and 3 and the enemy was 10 inches away.",
            "failed_charge",
            {"movement": "5in", "dice": "1,3", "distance": "10in"},
        ),
        (
            "did my charge reach, in Russian, distance before the dice",
            "ru",
            "Движение 4, до врага 7 дюймов, на нападение выпало 4 и 2. Дойду?",
            "failed_charge",
            {"movement": "4in", "dice": "4,2", "distance": "7in"},
        ),
        (
            "did my charge reach: Movement in cm beside its word, read as a length",
            "es",
            "Mis goblins tienen Movimiento 10 cm, cargo y saco 3 y 4, el enemigo a 30 cm. ¿Llego?",
            "failed_charge",
            {"movement": "10cm", "dice": "3,4", "distance": "30cm"},
        ),
        (
            "did my charge reach: the charge named by its roll alone ('Angriffswurf')",
            "de",
            "Bewegung 5, Angriffswurf 6 und 2, der Feind steht 10 Zoll weg. Komm ich an?",
            "failed_charge",
            {"movement": "5in", "dice": "6,2", "distance": "10in"},
        ),
        (
            "did my charge reach: a bare Movement a few words after its word",
            "ru",
            "Объявил чардж, движение у гоблинов 4, на кубах 1 и 3, а до орков было 10 дюймов.",
            "failed_charge",
            {"movement": "4in", "dice": "1,3", "distance": "10in"},
        ),
        (
            "faces of one roll bound to the word before them",
            "en",
            "Fled 7, they pursued with a 2 and a 5. Am I caught?",
            "pursuit",
            {"flee": "7", "pursuit": "2,5"},
        ),
        (
            "a number is read with the words of its own clause",
            "fr",
            "J'ai fait 9 en fuite, il fait 4+4 en poursuite, je suis rattrapé ?",
            "pursuit",
            {"flee": "9", "pursuit": "4,4"},
        ),
        (
            "a roll as 'double N', with a profile abbreviation",
            "en",
            "Ld 8, I tried to restrain pursuit and rolled double 5",
            "restrain",
            {"leadership": "8", "roll": "5,5"},
        ),
        (
            "a count written as a word, in another clause than its cue",
            "ru",
            "Мой воин в панике бежит из боя, а вокруг него стояли три орка",
            "break_from_combat",
            {"opponents": "3"},
        ),
        (
            "model counts are not rolls",
            "en",
            "My 20 spearmen fled 5 and the 12 knights pursued with 8",
            "pursuit",
            {"flee": "5", "pursuit": "8"},
        ),
        (
            "a charge from Movement, dice and distance, without the word for charging",
            "es",
            "Movimiento 4, saqué 2 y 5, el enemigo a 10 pulgadas. ¿Llego?",
            "failed_charge",
            {"dice": "2,5", "movement": "4in", "distance": "10in"},
        ),
    ],
)
def test_situations_are_read_by_role(
    glossary: Glossary, style: str, lang: str, text: str, rule: str, inputs: dict[str, str]
) -> None:
    decision = decide(glossary, text, lang)
    assert (decision.kind, decision.rule, decision.inputs) == ("rule", rule, inputs), style


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "In Kings of War, can a unit that was charged counter-charge?"),
        ("ru", "В Вархаммере 40к сколько кубов кидать на чардж?"),
        ("it", "In Blood Bowl, se il mio giocatore è atterrato, l'avversario può fargli un fallo?"),
        ("ru", "в Эйдж оф Сигмар чардж на 2д6, а если не добежал?"),
        ("fr", "Au 9e Âge (T9A), la poursuite c'est toujours 2D6 ?"),
        ("fr", "Dans Warhammer: The Old World, les chevaliers poursuivent de combien ?"),
        ("es", "En Infinity, ¿puedo declarar una ORA de Esquivar cuando me cargan?"),
        # Named by its vocabulary only.
        ("en", "My lineman got Stunned after an armour break: does he turn over next team turn?"),
    ],
)
def test_another_game_named_is_declined(glossary: Glossary, lang: str, text: str) -> None:
    assert decide(glossary, text, lang, dense=0.9).kind == "abstain"


def test_a_length_without_unit_is_read_in_the_questions_unit(glossary: Glossary) -> None:
    text = "My unit with Movement 8 charged and wiped out its enemy. How far can it overrun?"
    decision = decide(glossary, text, "en")
    assert decision.inputs["movement"] == "8in" and decision.assumed == {"movement": "8in"}
    spanish = decide(glossary, "Mi unidad con Movimiento 8 arrasa, ¿cuántos dados?", "es")
    assert spanish.inputs["movement"] == "8cm"
    written = decide(glossary, "My unit (Movement 20 cm) overruns: how many dice?", "en")
    assert written.inputs["movement"] == "20cm" and written.assumed == {}


def test_an_obstacle_in_the_way_is_read_from_the_question(glossary: Glossary) -> None:
    text = (
        "My unit fled with a flee roll of 3 and the enemy pursued with a roll of 7, and there is "
        "a friendly unit 3 inches in the way."
    )
    decision = decide(glossary, text, "en")
    assert decision.inputs == {"flee": "3", "pursuit": "7", "obstacle": "3in"}


@pytest.mark.parametrize(
    ("lang", "text", "calls"),
    [
        (
            "en",
            "my goblins rolled 6+4 to flee and the pursuers got 9, how far do they run?",
            [("pursuit", {"flee": "6,4", "pursuit": "9"}), ("flee", {"roll": "6,4"})],
        ),
        (
            "es",
            "Mi unidad huye con un 8 y el perseguidor saca 7: ¿la pillan y cuánto huye?",
            [("pursuit", {"flee": "8", "pursuit": "7"}), ("flee", {"roll": "8"})],
        ),
    ],
)
def test_every_situation_the_question_sets_up_is_computed(
    glossary: Glossary, lang: str, text: str, calls: list[tuple[str, dict[str, str]]]
) -> None:
    decision = decide(glossary, text, lang)
    assert [(c.rule, c.inputs) for c in decision.calls] == calls


def test_a_rule_without_its_inputs_is_not_computed_beside_the_main_one(glossary: Glossary) -> None:
    decision = decide(glossary, "What is the chance my pursuers catch a unit that fled?", "en")
    assert [c.rule for c in decision.calls] == ["pursuit"]


@pytest.mark.parametrize(
    ("lang", "text", "standing"),
    [
        ("en", "Mordheim: can my warrior leave combat while his enemy is knocked down?", "0"),
        ("en", "Mordheim: can my warrior leave combat with an enemy still standing?", "1"),
        ("ru", "Может ли воин выйти из боя, если противник оглушен?", "0"),
    ],
)
def test_a_count_is_read_from_the_state_the_question_names(
    glossary: Glossary, lang: str, text: str, standing: str
) -> None:
    decision = decide(glossary, text, lang)
    inputs = {c.rule: c.inputs for c in decision.calls}
    assert inputs["leave_combat"] == {"standing_enemies": standing}


@pytest.mark.parametrize(
    ("lang", "text", "dice"),
    [
        ("en", "Charging with Movement 5, I rolled 1 and 3, the enemy 10 inches away", "1,3"),
        ("ru", "Движение 4, до врага 7 дюймов, на нападение выпало 4 и 2. Дойду?", "4,2"),
        ("es", "Cargo con Movimiento 4, saco 6 y 2 y el enemigo está a 9 pulgadas", "6,2"),
    ],
)
def test_a_charge_with_its_dice_is_computed_without_the_word_failed(
    glossary: Glossary, lang: str, text: str, dice: str
) -> None:
    decision = decide(glossary, text, lang)
    assert (decision.rule, decision.inputs.get("dice")) == ("failed_charge", dice)
    assert {"movement", "distance"} <= set(decision.inputs)


@pytest.mark.parametrize(
    ("lang", "text", "rule", "expected"),
    [
        ("pl", "Wybiłem ich do nogi, na overrun wyrzuciłem 3 i 3. Ile cali?", "overrun", "3,3"),
        ("en", "I rolled a 4 and a 6 for the overrun, how far?", "overrun", "4,6"),
        # Model counts are no overrun roll.
        ("es", "Arrasé con mis 5 jinetes de lobo, ¿tengo que cargar?", "overrun", None),
        # Die faces far from the roll word are still the roll; the unit sizes are not.
        (
            "it",
            "I miei 5 Cavalieri caricano 8 Predoni e li spazzano via tutti. Tiro per l'overrun "
            "e faccio doppio 6. Di quanti pollici avanzo?",
            "overrun",
            "6,6",
        ),
        (
            "de",
            "Meine 12 Ritter haben angegriffen und alle getötet. Für das Überrennen habe ich dann "
            "eine 3 und eine 5 gewürfelt. Wie weit?",
            "overrun",
            "3,5",
        ),
    ],
)
def test_an_overrun_roll_is_read_beside_the_roll_word_only(
    glossary: Glossary, lang: str, text: str, rule: str, expected: str | None
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == rule and decision.inputs.get("roll") == expected


@pytest.mark.parametrize(
    ("lang", "text", "rule", "inputs"),
    [
        (
            "it",
            'se il nemico fugge di 6", che probabilità ho di prenderlo?',
            "pursuit",
            {"flee": "6"},
        ),
        ("pt", "eles fugiram 10, qual a chance de eu pegar com 2d6?", "pursuit", {"flee": "10"}),
        (
            "de",
            "MW 7, ich würfle 2 und 4 beim Test. Bleiben meine Speerträger stehen?",
            "restrain",
            {"leadership": "7", "roll": "2,4"},
        ),
        (
            "de",
            "Gegner flieht mit 8, ich verfolge mit einer 4 und einer 4",
            "pursuit",
            {"flee": "8", "pursuit": "4,4"},
        ),
    ],
)
def test_a_situation_named_by_what_it_asks(
    glossary: Glossary, lang: str, text: str, rule: str, inputs: dict[str, str]
) -> None:
    decision = decide(glossary, text, lang)
    assert (decision.rule, {k: v for k, v in decision.inputs.items() if k in inputs}) == (
        rule,
        inputs,
    )


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "flee roll and pursuit roll are tied - who wins??"),
        ("ru", "если у преследователей выпало столько же, сколько у бегущих — догнали или нет?"),
        ("es", "Si el que huye y el perseguidor empatan, ¿lo alcanzan?"),
    ],
)
def test_a_tie_is_read_without_numbers(glossary: Glossary, lang: str, text: str) -> None:
    decision = decide(glossary, text, lang)
    assert (decision.rule, decision.inputs.get("tied")) == ("pursuit", "yes")


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "whats the chance to catch a fleeing unit, 2d6 vs 2d6 with ties to the pursuer?"),
        ("es", "¿Qué probabilidad hay de alcanzar a los que huyen si los empates cuentan?"),
    ],
)
def test_a_tie_stated_as_the_rule_in_a_question_of_chance_is_no_tie_rolled(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "pursuit"
    assert "tied" not in decision.inputs


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "He claims we tied, but they fled 4 and 2 and my pursuers rolled 3 and 2"),
        ("es", "Huyeron con un 4 y un 2, los perseguí con un 3 y un 2. Dice que empatamos."),
    ],
)
def test_a_claimed_tie_is_not_read_beside_both_rolls(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "pursuit"
    assert "tied" not in decision.inputs and {"flee", "pursuit"} <= set(decision.inputs)


@pytest.mark.parametrize(
    ("lang", "text", "inputs"),
    [
        (
            "en",
            "My knights did not charge but wiped out the enemy. Can they overrun?",
            {"charged": "no", "wiped_out": "yes"},
        ),
        (
            "en",
            "My knights charged and wiped out the enemy. Can they overrun?",
            {"charged": "yes", "wiped_out": "yes"},
        ),
        (
            "es",
            "Mis caballeros no cargaron pero destruyeron al enemigo. ¿Pueden arrasar?",
            {"charged": "no", "wiped_out": "yes"},
        ),
        (
            "de",
            "Meine Ritter haben den Feind nicht vernichtet. Dürfen sie überrennen?",
            {"wiped_out": "no"},
        ),
        # A negated word denies no word after a conjunction.
        (
            "en",
            "My knights didn't pursue but charged the goblins and wiped them out. Overrun?",
            {"charged": "yes", "wiped_out": "yes"},
        ),
        # "Almost" denies too, between the parts of a word said in parts as well.
        (
            "en",
            "My knights charged and killed almost all of them. Can they overrun?",
            {"charged": "yes", "wiped_out": "no"},
        ),
        (
            "en",
            "My knights charged and nearly wiped out the enemy. Can they overrun?",
            {"charged": "yes", "wiped_out": "no"},
        ),
        # A negation that is the term's own word denies nothing after it.
        (
            "es",
            "Mis caballeros cargaron y no dejaron ni uno en el primer turno. ¿Puedo arrasar?",
            {"charged": "yes", "wiped_out": "yes", "first_turn": "yes"},
        ),
    ],
)
def test_a_situation_word_after_a_negation_is_a_no(
    glossary: Glossary, lang: str, text: str, inputs: dict[str, str]
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "overrun"
    assert read(decision, inputs) == inputs


@pytest.mark.parametrize(
    ("lang", "text", "contact"),
    [
        # A term holding a negation ("no llega": fails to reach) denies the word it governs.
        (
            "es",
            "Mi arrasamiento pasa junto a unos goblins pero no llega a tocarlos. ¿Puedo pivotar?",
            "no",
        ),
        ("es", "Mi arrasamiento no llega a tocar a los goblins. ¿Debo cargarlos?", "no"),
        # Only the word it governs: the next clause is not denied.
        ("es", "Mi arrasamiento no llega lejos, pero toca a los goblins. ¿Debo cargarlos?", "yes"),
    ],
)
def test_a_negated_term_denies_the_word_it_governs(
    glossary: Glossary, lang: str, text: str, contact: str
) -> None:
    decision = decide(glossary, text, lang)
    calls = {c.rule: c for c in decision.calls}
    assert calls["overrun_charge"].inputs["contact"] == contact


@pytest.mark.parametrize(
    ("lang", "text", "wiped_out", "presumed"),
    [
        # Asking whether a unit may overrun takes the wiped-out foe for granted ...
        ("en", "My knights charged in the first round of combat: may they overrun?", "yes", True),
        ("pt", "Carreguei e foi no primeiro turno de combate. Posso arrasar?", "yes", True),
        # ... but what the question says wins, and a question giving nothing presumes nothing.
        ("en", "My knights charged but did not wipe out the enemy. May they overrun?", "no", False),
        ("en", "What is an overrun?", None, False),
        # Enemies said to be left standing or fleeing speak against the wipe-out.
        (
            "en",
            "My knights charged but 2 enemies survived and fled: may they overrun?",
            None,
            False,
        ),
        (
            "pl",
            "Zaszarżowałem, wygrałem walkę, ale zostało im 2 modele, które uciekają. Overrun?",
            None,
            False,
        ),
    ],
)
def test_a_situations_premise_is_presumed_unless_said(
    glossary: Glossary, lang: str, text: str, wiped_out: str | None, presumed: bool
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.inputs.get("wiped_out") == wiped_out
    assert ("wiped_out" in (decision.calls[0].presumed if decision.calls else ())) is presumed


@pytest.mark.parametrize(
    ("lang", "text", "angles"),
    [
        # The turn is said with a word the glossary does not list; its degrees say a wheel.
        ("zh", "冲锋的时候我先转了 30 度，走一段又转了 40 度，这样合法吧？", "30,40"),
        ("en", "Charging, I turn 30 degrees and then 40 degrees more. Legal?", "30,40"),
        ("es", "Cargo y giro 100 grados. ¿Vale?", "100"),
    ],
)
def test_an_angle_in_degrees_names_a_charges_wheel(
    glossary: Glossary, lang: str, text: str, angles: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "charge_move"
    assert decision.inputs["wheels"] == angles


def test_an_angle_of_another_turn_names_no_wheel(glossary: Glossary) -> None:
    text = "My knights reform 90 degrees after the combat; may they then charge?"
    assert decide(glossary, text, "en").rule != "charge_move"


@pytest.mark.parametrize(
    ("lang", "text", "charged"),
    [
        # Only a charger overruns: asking whether one may takes the charge for granted ...
        ("en", "We wiped them out to the last man. May my knights overrun?", "yes"),
        ("tr", "Düşmanı tamamen yok ettim, overrun için 3 ve 2 attım. Kaç inç ilerlerim?", "yes"),
        # ... unless the question says the enemy charged, or that the unit did not.
        ("en", "My knights were charged and wiped the enemy out. May my knights overrun?", "no"),
        ("en", "We did not charge, but we wiped them out. May my knights overrun?", "no"),
    ],
)
def test_asking_whether_a_unit_may_overrun_presumes_it_charged(
    glossary: Glossary, lang: str, text: str, charged: str
) -> None:
    decision = decide(glossary, text, lang)
    call = next(c for c in decision.calls if c.rule == "overrun")
    assert call.inputs.get("charged") == charged
    assert ("charged" in call.presumed) is (charged == "yes")


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("fr", "Mordheim : mon héros fuit le corps à corps, il avait deux ennemis au contact."),
        ("en", "Mordheim: my hero flees from the fight with 2 enemies in contact."),
        # Counting automatic hits in Mordheim, with no warrior on the ground, is the same.
        (
            "en",
            "Mordheim: my hero in base contact with two clanrats broke. How many automatic hits?",
        ),
    ],
)
def test_fleeing_a_fight_in_mordheim_is_breaking_from_combat(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "break_from_combat"
    assert decision.inputs["opponents"] == "2"


def test_a_question_naming_a_game_gets_only_its_rules(glossary: Glossary) -> None:
    text = "Mordheim: my warrior flees 7 and the enemy pursues with 9"
    assert {c.rule for c in decide(glossary, text, "en").calls} <= {
        "break_from_combat",
        "attack_downed",
        "leave_combat",
    }
    assert "pursuit" in {c.rule for c in decide(glossary, text[10:], "en").calls}


@pytest.mark.parametrize(
    "text",
    [
        "They fled and were caught? I rolled 11 to pursue vs their 10",
        "They fled and were caught? I rolled 11 to pursue versus their 10",
    ],
)
def test_vs_parts_the_two_sides_rolls(glossary: Glossary, text: str) -> None:
    decision = decide(glossary, text, "en")
    assert decision.rule == "pursuit"
    assert (decision.inputs["pursuit"], decision.inputs["flee"]) == ("11", "10")


@pytest.mark.parametrize(
    ("lang", "text", "inputs"),
    [
        # A model count is no roll of two dice ("my 20 spearmen").
        (
            "en",
            "My 20 spearmen fled, I rolled 3 and 1, he rolled 2 and 3 for pursuit. Caught?",
            {"flee": "3,1", "pursuit": "2,3"},
        ),
        # A roll a few words before its word ("3 et 2 pour la poursuite").
        (
            "fr",
            "Mes 15 gobelins ont fui, j'ai fait 5 et 1, il a fait 3 et 2 pour la poursuite.",
            {"flee": "5,1", "pursuit": "3,2"},
        ),
        # A situation word with no value in its clause takes the next clause's ("бежали, выпало").
        (
            "ru",
            "Мои гоблины бежали, выпало 3 и 2, а преследователи выкинули 5. Догнали?",
            {"flee": "3,2", "pursuit": "5"},
        ),
    ],
)
def test_rolls_are_read_past_model_counts_and_commas(
    glossary: Glossary, lang: str, text: str, inputs: dict[str, str]
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "pursuit"
    assert read(decision, inputs) == inputs


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        # The actual count first, the possible one beyond the nearness window.
        (
            "fr",
            "Lors d'une charge, j'ai pivoté pour ne mettre que 2 figurines en contact alors "
            "que j'aurais pu en mettre 5. C'est légal ?",
        ),
        # Both beside "contact": the smaller is the one in contact, whichever is read first.
        ("en", "I charged and wheeled and put 2 in contact, though 5 in contact were possible."),
        # A unit size elsewhere is not the other count: the clause with "contact" gives it.
        (
            "it",
            "Carico con 10 Cavalieri e devo ruotare, e così vanno in contatto solo 2 modelli "
            "invece di 5. È legale?",
        ),
        # A comma parts the pair: the other count is its sentence's, said once or twice.
        (
            "pl",
            "Szarżuję 12 włócznikami. Mógłbym ustawić tak, że w kontakcie jest 5 modeli, ale "
            "wolę tylko 2. Mogę?",
        ),
        (
            "ru",
            "Мои рыцари (9 моделей) нападают. Хочу, чтобы в контакт попали только 2 рыцаря, а не "
            "5, хотя могу поставить всех 5. Так можно?",
        ),
    ],
)
def test_two_counts_of_models_in_contact_are_read_by_size(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "charge_move"
    assert decision.inputs["models_in_contact"] == "2"
    assert decision.inputs["max_models_in_contact"] == "5"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "My pursuit roll was 8 into goblins that had been fleeing since turn 2. Caught?"),
        ("de", "Meine Verfolger würfeln 8, die Goblins fliehen seit Runde 2. Eingeholt?"),
        ("ru", "Преследование выкинуло 8, гоблины бегут с хода 3. Поймали?"),
        # The turn word after its number.
        ("ru", "На 2 ходу преследование выкинуло 8. Поймали?"),
        ("pl", "W 2 turze pościg wyrzucił 8. Złapali?"),
    ],
)
def test_a_turns_number_is_no_roll(glossary: Glossary, lang: str, text: str) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "pursuit" and decision.inputs == {"pursuit": "8"}


@pytest.mark.parametrize(
    ("lang", "text", "inputs"),
    [
        (
            "en",
            "Goblins broke against 9 knights in a lance; the goblins rolled a 7 to flee and the "
            "knights rolled an 8 as well on the pursuit.",
            {"flee": "7", "pursuit": "8"},
        ),
        (
            "ru",
            "Гоблины сломались от удара 5 рыцарей Хаоса и побежали, на кубах выпало 6 и 5. "
            "Рыцари на преследование выкинули 9.",
            {"flee": "6,5", "pursuit": "9"},
        ),
    ],
)
def test_values_said_as_rolls_are_read_by_order_before_bare_numbers(
    glossary: Glossary, lang: str, text: str, inputs: dict[str, str]
) -> None:
    # "9 knights", "5 рыцарей" only stand there; "rolled an 8", "выпало 6 и 5" are rolls.
    decision = decide(glossary, text, lang)
    assert decision.rule == "pursuit" and decision.inputs == inputs


@pytest.mark.parametrize(
    ("lang", "text", "opponents"),
    [
        ("ru", "Мордхейм: мой воин запаниковал и бежит, в контакте с ним трое врагов.", "3"),
        ("pl", "Mordheim: mój zbir spanikował w walce z dwoma orkami i ucieka.", "2"),
        # Fleeing and automatic hits are breaking from combat, the game unnamed.
        (
            "nl",
            "Mijn held slaat op de vlucht; hij stond in contact met twee krijgers. Hoeveel "
            "automatische treffers krijgt hij?",
            "2",
        ),
    ],
)
def test_the_opponents_of_a_warrior_breaking_from_combat_are_counted_in_words(
    glossary: Glossary, lang: str, text: str, opponents: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "break_from_combat"
    assert decision.inputs["opponents"] == opponents


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "es",
            "Arrasando con mis caballeros saco 26 cm y justo delante hay una unidad de arqueros. "
            "¿Estoy obligado a cargarles?",
        ),
        (
            "fr",
            "Je fais mon mouvement de percée et je tombe sur des trolls. Je suis obligé de les "
            "charger ?",
        ),
        ("en", "My overrun move ends in contact with an enemy unit. Is that a charge?"),
        # The overrun told, not named.
        (
            "de",
            "Meine Ritter haben die Bogenschützen vernichtet und ihre Bewegung danach bringt sie "
            "an eine neue feindliche Einheit. Muss ich sie angreifen?",
        ),
        (
            "pl",
            "Moi rycerze wybili łuczników do nogi, a ruch po walce doprowadził ich do kontaktu "
            "z oddziałem włóczników. Czy muszę ich szarżować?",
        ),
    ],
)
def test_an_overrun_reaching_an_enemy_is_the_overruns_charge(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    assert "overrun_charge" in {c.rule for c in decision.calls}
    call = next(c for c in decision.calls if c.rule == "overrun_charge")
    assert call.inputs["contact"] == "yes"


@pytest.mark.parametrize(
    ("lang", "text", "roll"),
    [
        ("en", "I fled with a 5 and a 4 and nobody pursued. How far do I run?", "5,4"),
        ("pt", "ninguém me perseguiu, rolei 6 e 5 pra fuga. quanto eu ando?", "6,5"),
        ("de", "Der Gegner hält zurück statt zu verfolgen; ich fliehe mit 3 und 5. Weit?", "3,5"),
    ],
)
def test_a_denied_pursuit_leaves_a_flee(
    glossary: Glossary, lang: str, text: str, roll: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "flee"
    assert decision.inputs["roll"] == roll
    assert "pursuit" not in {c.rule for c in decision.calls}


@pytest.mark.parametrize(
    ("lang", "text", "inputs"),
    [
        (
            "en",
            "Mordheim: I attack a knocked down enemy, wound him and he failed his armour save.",
            {"wounded": "yes", "armour_save": "no"},
        ),
        (
            "ru",
            "Мордхейм: бью сбитого с ног врага, ранил, и он не прошёл спасбросок.",
            {"wounded": "yes", "armour_save": "no"},
        ),
        (
            "es",
            "Mordheim: ataco a un enemigo derribado y lo herí; falló la tirada de salvación.",
            {"wounded": "yes", "armour_save": "no"},
        ),
        # A save only named was neither passed nor failed: it is left unknown.
        (
            "en",
            "Mordheim: I wound a knocked down enemy. What about his armour save?",
            {"wounded": "yes", "armour_save": None},
        ),
        # "What happens with his save?": "pasa", "passe", "passa" is no passing.
        (
            "es",
            "Mordheim: ataco a un enemigo derribado y lo herí. ¿Qué pasa con la tirada de "
            "salvación?",
            {"wounded": "yes", "armour_save": None},
        ),
        (
            "fr",
            "Mordheim : j'attaque un guerrier à terre et le blesse. Que se passe-t-il pour sa "
            "sauvegarde ?",
            {"wounded": "yes", "armour_save": None},
        ),
        # A save said with a word for passing it was passed.
        (
            "pt",
            "Mordheim: ataco um Skaven caído, a ferida entra, mas ele passa na salvaguarda de "
            "armadura.",
            {"wounded": "yes", "armour_save": "yes"},
        ),
        (
            "ru",
            "Мордхейм: второй бьёт сбитого с ног, и если пробьёт, а сейв не пройдёт — он вне игры?",
            {"wounded": "yes", "armour_save": "no"},
        ),
    ],
)
def test_a_wound_and_a_failed_save_on_a_downed_warrior_are_read(
    glossary: Glossary, lang: str, text: str, inputs: dict[str, str | None]
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "attack_downed"
    assert read(decision, inputs) == inputs


@pytest.mark.parametrize(
    ("lang", "text", "named"),
    [
        ("en", "How far does a failed charge move?", ("failed_charge",)),
        ("es", "¿Hay que hacer un chequeo para contener la persecución?", ("restrain",)),
        ("en", "What happens at the battlefield edge?", ()),
    ],
)
def test_a_lookup_names_the_rules_whose_situation_it_names(
    glossary: Glossary, lang: str, text: str, named: tuple[str, ...]
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.kind == "lookup" and decision.named == named


@pytest.mark.parametrize(
    ("lang", "text", "contact"),
    [
        # Denied contact says no, though the question also says an overrun must charge.
        (
            "es",
            "Al arrasar paso a 2 cm de unos lanceros sin llegar a tocarlos; mi rival dice que el "
            "arrasamiento obliga a cargar. ¿Tengo que pivotar y cargarles?",
            "no",
        ),
        (
            "en",
            "My overrun passes beside an enemy unit without touching it. Can I wheel into it?",
            "no",
        ),
        ("it", "Con lo sfondamento tocco un'unità nemica: devo caricarla?", "yes"),
    ],
)
def test_an_overrun_that_touches_no_enemy_does_not_charge_it(
    glossary: Glossary, lang: str, text: str, contact: str
) -> None:
    decision = decide(glossary, text, lang)
    (call,) = [c for c in decision.calls if c.rule == "overrun_charge"]
    assert call.inputs["contact"] == contact


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Fled 11, the pursuers rolled 10. How far do my goblins run?", True),
        ("Fled 11, the pursuers rolled 10. Do my goblins flee?", True),
        ("Fled 11, the pursuers rolled 10. How far do my pursuers go?", False),
        ("Fled 11, the pursuers rolled 10. What happens?", False),
        # One sentence: its last clause asks.
        ("I rolled 6+4 to flee and they got 9 on the pursuit, how far do the gobbos run?", True),
        ("I rolled 6+4 to flee, how far do the pursuers go after rolling 9?", False),
        ("I rolled 6+4 to flee and they got 9 on the pursuit, how far do I run? Thanks!", True),
        # What follows "if" is the condition, not what is asked; a question word after it asks.
        ("I fled 11. How far do my goblins run if the pursuers roll 10?", True),
        ("I fled 11 and the pursuers rolled 10. Are we caught, and if not how far do I run?", True),
        ("I fled 11. How far do the pursuers go if they roll 10?", False),
    ],
)
def test_a_detail_is_asked_about_by_the_questions_own_sentence(
    glossary: Glossary, text: str, asked: bool
) -> None:
    decision = decide(glossary, text, "en")
    assert decision.rule == "pursuit"
    flee = [c for c in decision.calls if c.rule == "flee"]
    assert flee and flee[0].asked is asked


@pytest.mark.parametrize(
    ("lang", "text", "asked"),
    [
        # A condition after a comma, as German, Russian and Polish write it: the clause before
        # it asks.
        (
            "de",
            "Ich bin 11 geflohen. Wie weit fliehen meine Goblins, wenn die Verfolger 10 würfeln?",
            True,
        ),
        (
            "ru",
            "Я бежал на 11. Как далеко бегут мои гоблины, если преследователи выбросят 10?",
            True,
        ),
        ("en", "I fled 11. How far do the pursuers go, if they roll 10?", False),
        # Italian "se" before a pronoun is none: "se ne vanno" (they go away).
        (
            "it",
            "Fuggo con 9, il nemico insegue con 5. Quanto lontano se ne vanno gli inseguitori?",
            False,
        ),
        ("it", "Fuggo con 9, il nemico insegue con 5. Di quanto scappo se il nemico fa 5?", True),
    ],
)
def test_a_detail_named_only_in_a_condition_is_not_asked(
    glossary: Glossary, lang: str, text: str, asked: bool
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "pursuit"
    flee = [c for c in decision.calls if c.rule == "flee"]
    assert flee and flee[0].asked is asked


@pytest.mark.parametrize(
    ("lang", "text", "inputs"),
    [
        (
            "en",
            "My knights charged and killed every last one of them. Do they just stand there?",
            {"charged": "yes", "wiped_out": "yes"},
        ),
        (
            "de",
            "Meine Ritter haben angegriffen und die Einheit vernichtet. Bleiben sie stehen?",
            {"charged": "yes", "wiped_out": "yes"},
        ),
        (
            "es",
            "Mis caballeros aniquilaron a la unidad en el primer turno de combate. ¿Qué hacen?",
            {"wiped_out": "yes", "first_turn": "yes"},
        ),
        ("ru", "Мои рыцари атаковали и уничтожили отряд. Что дальше?", {"wiped_out": "yes"}),
        # Spanish players' "comerse" and "cargarse" (to kill) with "todos": a wipe-out.
        (
            "es",
            "Mis caballeros se los comieron a todos en el primer turno de combate. ¿Y ahora?",
            {"wiped_out": "yes", "first_turn": "yes"},
        ),
    ],
)
def test_an_overrun_is_named_by_its_situation(
    glossary: Glossary, lang: str, text: str, inputs: dict[str, str]
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "overrun"
    assert inputs.items() <= decision.inputs.items()


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "de",
            "Beim Angriff muss ich mit einem Schwenk einen Felsen umrunden, dadurch kommen nur 3 "
            "statt 5 Modelle in Kontakt.",
        ),
        ("pl", "Szarżuję, żeby obejść bagno muszę skręcić i w kontakcie są 3 zamiast 5 modeli."),
        ("fr", "Je charge et dois contourner un rocher : 3 figurines au contact au lieu de 5."),
    ],
)
def test_what_a_charge_goes_around_is_an_obstacle(glossary: Glossary, lang: str, text: str) -> None:
    # Whatever the thing is called (a rock, a swamp), going around it says it was in the way.
    decision = decide(glossary, text, lang)
    (call,) = [c for c in decision.calls if c.rule == "charge_move"]
    assert call.inputs.get("obstacle") == "yes"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        # A wheel "um 90 Grad herum", a unit surrounded ("rodeado"): no detour.
        ("de", "Beim Angriff schwenke ich um 90 Grad herum, nur 3 statt 5 Modelle in Kontakt."),
        ("es", "Cargué y el enemigo me tiene rodeado; solo 3 en contacto en vez de 5 al girar."),
    ],
)
def test_words_like_going_around_say_no_obstacle(glossary: Glossary, lang: str, text: str) -> None:
    decision = decide(glossary, text, lang)
    assert all(c.inputs.get("obstacle") != "yes" for c in decision.calls)


@pytest.mark.parametrize(
    ("lang", "text", "rule", "inputs"),
    [
        # A trailing negation denies the word before it.
        (
            "ru",
            "Атакую, препятствий никаких нет, хочу поменьше моделей в контакте.",
            "charge_move",
            {"obstacle": "no", "fewer_in_contact": "yes"},
        ),
        # A negation inside words said in parts ("más o menos, sin tocarla") still denies.
        (
            "es",
            "con el arrasamiento mis lanceros pasarían rozando el flanco de una unidad, a 1 cm "
            "más o menos, pero sin tocarla. ¿Debo cargarles?",
            "overrun_charge",
            {"contact": "no"},
        ),
    ],
)
def test_a_denial_is_read_where_the_language_puts_it(
    glossary: Glossary, lang: str, text: str, rule: str, inputs: dict[str, str]
) -> None:
    decision = decide(glossary, text, lang)
    (call,) = [c for c in decision.calls if c.rule == rule]
    assert {k: call.inputs.get(k) for k in inputs} == inputs


@pytest.mark.parametrize(
    ("lang", "text", "roll"),
    [
        ("de", "Meine Orks fliehen, der Gegner hält zurück. Fluchtwurf 3 und 5: wie weit?", "3,5"),
        ("nl", "mijn unit vlucht maar niemand achtervolgt, gegooid 5 en 4. hoe ver?", "5,4"),
        ("en", "My unit broke and fled. Nobody chased them; dice came up 2 and 6. How far?", "2,6"),
    ],
)
def test_a_rules_one_roll_takes_the_questions_one_set_of_faces(
    glossary: Glossary, lang: str, text: str, roll: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "flee"
    # Each says that nobody pursued: the flee's other input.
    assert decision.inputs == {"roll": roll, "pursued": "no"}


@pytest.mark.parametrize(
    ("lang", "text", "opponents"),
    [
        ("en", "Mordheim: my hero fled combat; in contact were two orcs and a goblin. Hits?", "3"),
        ("es", "Mordheim: mi héroe huye del combate, en contacto con dos orcos y un goblin.", "3"),
        ("pt", "Mordheim: meu Capitão e dois mercenários em contato com ele; ele fugiu.", "3"),
        # A conjunction before a verb joins clauses, not models.
        ("fr", "Mordheim : au contact de 2 Reiklanders, il a paniqué et se barre du combat.", "2"),
        (
            "ru",
            "Мордхейм: мой боец в рукопашке против трёх орков и побежал. Сколько попаданий?",
            "3",
        ),
        # Items said with articles only.
        ("pt", "Mordheim: meu herói fugiu do combate contra um zumbi e um carniçal.", "2"),
        ("fr", "Mordheim : mon héros fuit, au contact de 3 skavens et un rat-ogre.", "4"),
        ("fr", "Mordheim : mon héros fuit, au contact de 3 skavens et d'un rat-ogre.", "4"),
        ("en", "Mordheim: my hero fled combat; in contact with an orc and a goblin. Hits?", "2"),
        # One model said with an article and a word for one is one.
        ("en", "Mordheim: my hero broke from combat against a single orc. Hits?", "1"),
        ("it", "Mordheim: il mio eroe fugge dal corpo a corpo contro un solo orco.", "1"),
        ("pt", "Mordheim: fugiu de um combate contra um único inimigo.", "1"),
        # ... also in another clause than the fight's word.
        (
            "fr",
            "Mordheim : mon guerrier fuit le corps à corps, il était contre un seul adversaire "
            "qui a 2 attaques. Combien de touches auto ?",
            "1",
        ),
        # A number before a characteristic ("3 attacks") counts no models.
        ("en", "Mordheim: my hero broke from combat with an Ogre (3 attacks) and two orcs.", "3"),
        (
            "pl",
            "Mordheim: mój wojownik uciekł z walki wręcz z Ogrem (3 ataki) i jednym najemnikiem.",
            "2",
        ),
        ("de", "Mordheim: mein Held flieht aus dem Nahkampf gegen 2 Orks mit je 2 Attacken.", "2"),
        (
            "nl",
            "Mordheim: mijn krijger breekt uit het gevecht tegen één tegenstander die 3 aanvallen "
            "heeft.",
            "1",
        ),
    ],
)
def test_a_count_of_opponents_sums_the_models_listed(
    glossary: Glossary, lang: str, text: str, opponents: str
) -> None:
    decision = decide(glossary, text, lang)
    (call,) = [c for c in decision.calls if c.rule == "break_from_combat"]
    assert call.inputs["opponents"] == opponents


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "My unit fled 7, but the enemy restrained and didn't pursue. How far do I run?"),
        ("nl", "Mijn unit vluchtte 7, mijn tegenstander wilde niet achtervolgen. Hoe ver loop ik?"),
    ],
)
def test_a_restrained_pursuit_leaves_the_flee_and_its_roll(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    # "niet achtervolgen" is restraining: its "achtervolgen" is denied, so no pursuit; the 7
    # after "fled" is the flee roll, not the restraining unit's Leadership.
    assert [c.rule for c in decision.calls] == ["flee"]
    assert decision.inputs == {"roll": "7", "pursued": "no"}


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("es", "Arraso y en línea recta me como una unidad de orcos que ya estaba huyendo."),
        ("en", "My overrun hits a unit of archers that was already fleeing. What happens?"),
        ("es", "Arraso y llego hasta una unidad de orcos. ¿Tengo que cargarles?"),
    ],
)
def test_an_overrun_reaching_a_fleeing_enemy_or_asking_if_it_must_charge_is_the_charge(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    (call,) = [c for c in decision.calls if c.rule == "overrun_charge"]
    assert call.inputs["contact"] == "yes"


def test_a_denied_choice_is_not_the_one_made(glossary: Glossary) -> None:
    text = "Mordheim: the orc is not knocked down but stunned. Can my warrior attack him?"
    assert decide(glossary, text, "en").inputs == {"target": "stunned"}


@pytest.mark.parametrize(
    "text",
    [
        "на чардж выкинул 3 и 3, не хватило. на сколько пододвигать отряд?",
        "чардж не долетел, на кубах 3 и 3. на сколько двигаюсь?",
    ],
)
def test_a_charge_that_did_not_reach_is_a_failed_charge_in_russian(
    glossary: Glossary, text: str
) -> None:
    decision = decide(glossary, text, "ru")
    assert (decision.rule, decision.inputs) == ("failed_charge", {"dice": "3,3"})


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "de",
            "Meine 25 Zwergenkrieger haben Goblins aufgerieben, die fliehen 7. Ich verfolge mit 9.",
        ),
        ("fr", "Mes gobs ratent leur test de moral et fuient de 8, je poursuis avec 9."),
        ("en", "My 20 goblins failed their break test and fled 6; the knights pursued 8."),
    ],
)
def test_warhammers_break_test_is_not_mordheims_breaking_from_combat(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "pursuit"
    assert "break_from_combat" not in {c.rule for c in decision.calls}


@pytest.mark.parametrize(
    ("lang", "text", "rule", "inputs"),
    [
        # The asker's own unit size is neither a roll nor a count of opponents.
        ("en", "My 8 knights pursued the goblins that fled 6. Caught?", "pursuit", {"flee": "6"}),
        ("de", "Meine 9 Ritter verfolgen Goblins, die 6 geflohen sind.", "pursuit", {"flee": "6"}),
        (
            "es",
            "Mis 7 caballeros persiguen a unos goblins que huyeron 5.",
            "pursuit",
            {"flee": "5"},
        ),
    ],
)
def test_a_count_of_the_askers_own_models_is_no_roll(
    glossary: Glossary, lang: str, text: str, rule: str, inputs: dict[str, str]
) -> None:
    decision = decide(glossary, text, lang)
    assert (decision.rule, decision.inputs) == (rule, inputs)


def test_a_unit_that_broke_and_fled_is_not_a_mordheim_warrior(glossary: Glossary) -> None:
    decision = decide(glossary, "My 20 goblins broke and fled, what now?", "en")
    assert "break_from_combat" not in {c.rule for c in decision.calls}


def test_a_denied_word_sets_no_count(glossary: Glossary) -> None:
    # "not knocked down" is no enemy down: it does not make the standing enemies nought.
    text = "Mordheim: my opponent is not knocked down, can I leave the fight?"
    decision = decide(glossary, text, "en")
    assert decision.rule == "leave_combat"
    assert decision.inputs.get("standing_enemies") != "0"


@pytest.mark.parametrize(
    ("lang", "text", "rule", "inputs"),
    [
        # A word for so many times counts wheels ...
        ("de", "Darf ich beim Angriff zweimal schwenken?", "charge_move", {"wheel_count": "2"}),
        (
            "en",
            "During my charge can I wheel twice to get round the wood?",
            "charge_move",
            {"wheel_count": "2"},
        ),
        (
            "ru",
            "Чтобы зайти во фланг, мой отряд во время нападения поворачивает на 120 градусов.",
            "charge_move",
            {"wheels": "120"},
        ),
        # ... and is never a roll; nor is a count of models.
        (
            "en",
            "My unit fled twice this game; now they fled 8 and the pursuers rolled 9. Caught?",
            "pursuit",
            {"flee": "8", "pursuit": "9"},
        ),
        (
            "de",
            "Wir sind zweimal geflohen; jetzt Flucht 8, die Verfolger würfeln 9. Erwischt?",
            "pursuit",
            {"flee": "8", "pursuit": "9"},
        ),
        (
            "pl",
            "Moje rycerstwo (9 modeli) goni uciekających, wyrzuciłem 11 na pościg.",
            "pursuit",
            {"pursuit": "11", "flee": None},
        ),
        (
            "en",
            "The enemy fled 7 and my knights (5 models) pursued. Caught?",
            "pursuit",
            {"flee": "7", "pursuit": None},
        ),
    ],
)
def test_counts_of_times_and_of_models_are_read_as_counts(
    glossary: Glossary, lang: str, text: str, rule: str, inputs: dict[str, str | None]
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == rule
    assert read(decision, inputs) == inputs


# --- the rule the best clause states --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "stated", "rule", "inputs"),
    [
        # No word names a situation: the clause retrieval found first stands for it.
        (
            "Leadership 7 and I got 8. Did I pass?",
            ("restrain",),
            "restrain",
            {"leadership": "7", "roll": "8"},
        ),
        # A number the stated rule does not read is a passing mention.
        ("My knights stand 1 inch away. What now?", ("pursuit",), None, {}),
        # The first stated rule the numbers are inputs of: not the flee's, the test's.
        (
            "Leadership 7 and I got 8. Did I pass?",
            ("overrun", "restrain"),
            "restrain",
            {"leadership": "7", "roll": "8"},
        ),
        # A number left unread: no situation ("what must Leadership 10 roll, 2 to 12?").
        ("Leadership 10 and I got 2, or was it 12? Did I pass?", ("restrain",), None, {}),
        # One value the rule does not turn on: no situation ("can my unit move 10 inches?").
        ("My unit has Movement 10. Fine?", ("overrun",), None, {}),
        # Nothing stated: a lookup, numbers or not.
        ("Leadership 7 and I got 8. Did I pass?", (), None, {}),
    ],
)
def test_the_rule_the_best_clause_states_is_named_when_no_word_is(
    glossary: Glossary,
    text: str,
    stated: tuple[str, ...],
    rule: str | None,
    inputs: dict[str, str],
) -> None:
    # The pipeline states rules only for languages without terms; the router takes them as given.
    question = parse_question(text, "en", glossary)
    decision = route(question, glossary, frozenset(glossary.concepts), 0.9, stated=stated)
    assert decision.rule == rule
    if rule:
        assert read(decision, dict.fromkeys(inputs)) == inputs
    else:
        assert decision.kind == "lookup"


def test_a_stated_rule_with_inputs_is_computed_where_the_question_would_be_declined(
    glossary: Glossary,
) -> None:
    # No Turkish word is in the glossary and the best clause is far (0.2): without the rule the
    # clause states, the question would be declined; the wheel's degrees are its input.
    question = parse_question("Hücumda 100 derece dönebilir miyim?", "tr", glossary)
    declined = route(question, glossary, frozenset(glossary.concepts), 0.2)
    assert declined.kind == "abstain"
    decision = route(question, glossary, frozenset(glossary.concepts), 0.2, stated=("charge_move",))
    assert decision.rule == "charge_move"
    assert read(decision, {"wheels": None}) == {"wheels": "100"}


@pytest.mark.parametrize("by_part", [True, False])
def test_a_stated_rule_the_question_names_in_part_goes_first(
    glossary: Glossary, by_part: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "Failed" names half of a failed charge; the overrun the first clause states reads the
    # faces too, but nothing of the question names it.
    monkeypatch.setattr(router, "STATED_BY_PART", by_part)
    stated = ("overrun", "failed_charge")

    def rule(text: str) -> str | None:
        question = parse_question(text, "en", glossary)
        return route(question, glossary, frozenset(glossary.concepts), 0.9, stated=stated).rule

    assert rule("It failed, I rolled 3 and 5. How far?") == (
        "failed_charge" if by_part else "overrun"
    )
    # A roll alone, or the failure denied, names no part of it: retrieval's order stands.
    assert rule("Rolled 3 and 5. How far?") == "overrun"
    assert rule("It did not fail, I rolled 3 and 5. How far?") == "overrun"


@pytest.mark.parametrize("tried", [True, False])
def test_a_rule_the_question_names_in_part_is_tried_though_no_clause_states_it(
    glossary: Glossary, tried: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Retrieval's best clauses state the overrun and the pursuit; "failed" names half of a
    # failed charge, which reads the faces: it is computed, not the overrun.
    monkeypatch.setattr(router, "PART_NAMED_TRIED", tried)
    question = parse_question("It failed, I rolled 3 and 5. How far?", "en", glossary)
    stated = ("overrun", "pursuit")
    decision = route(question, glossary, frozenset(glossary.concepts), 0.9, stated=stated)
    assert decision.rule == ("failed_charge" if tried else "overrun")
    # Nothing stated (a language with terms): a lookup, as before.
    decision = route(question, glossary, frozenset(glossary.concepts), 0.9, stated=())
    assert decision.kind == "lookup"


def test_a_rule_a_word_names_is_not_replaced_by_the_one_the_clause_states(
    glossary: Glossary,
) -> None:
    question = parse_question("my goblins fled 7, the pursuers rolled 9", "en", glossary)
    decision = route(question, glossary, frozenset(glossary.concepts), 0.9, stated=("restrain",))
    assert decision.rule == "pursuit"


@pytest.mark.parametrize(
    ("lang", "text", "obstacle"),
    [
        (
            "en",
            'Rolled a 2 and a 6 for the overrun, but my own unit of Orc Boyz is standing 5" '
            "directly in front of them. How far do they move?",
            "5in",
        ),
        (
            "de",
            "Fürs Überrennen hab ich 5 und 4 gewürfelt, aber 6 Zoll genau vor mir stehen meine "
            "eigenen Speerträger. Wie weit komme ich?",
            "6in",
        ),
        (
            "ru",
            "Мои рыцари уничтожили врага, прорыв выбросил 8, а в 6 дюймах впереди стоит мой "
            "собственный отряд. Что будет?",
            "6in",
        ),
        # Asked, not told: the rule's own 1" is no unit standing anywhere.
        ("de", "Muss ich beim Überrennen auch 1 Zoll vor einer eigenen Einheit stoppen?", None),
        # One sentence: told in a clause before the one that asks.
        (
            "en",
            'Rolled a 2 and a 6 for the overrun but my own unit is standing 5" in front, how '
            "far do they move?",
            "5in",
        ),
    ],
)
def test_a_length_told_in_the_obstructions_clause_is_its_distance(
    glossary: Glossary, lang: str, text: str, obstacle: str | None
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == ("overrun" if obstacle else None)
    assert decision.inputs.get("obstacle") == obstacle


@pytest.mark.parametrize(
    ("lang", "text", "inputs"),
    [
        (
            "ru",
            "Мордхейм: бью лежачего врага, ранил, у врага сейв 5+, выкинул 3. Что с ним?",
            {"save_needed": "5", "save_roll": "3"},
        ),
        (
            "fr",
            "Mordheim, j'attaque un mercenaire à terre : je blesse, et il rate sa sauvegarde "
            "d'armure (il lui fallait 5+, il fait 3). Il est hors de combat ?",
            {"save_needed": "5", "save_roll": "3"},
        ),
        (
            "en",
            "Mordheim: I wounded a knocked down enemy, he needed a 4+ armour save and rolled "
            "a 5. Is he out of action?",
            {"save_needed": "4", "save_roll": "5"},
        ),
        # No score needed: a number is no save roll, and a "5+" no roll of anything.
        (
            "en",
            "Mordheim: my 3 heroes attack a knocked down enemy and wound him. Is he out?",
            {"save_needed": None, "save_roll": None},
        ),
        # A count after the score is no roll against it.
        (
            "en",
            "Mordheim: my hero wounded a knocked down enemy; his armour save is 4+ and 2 of his "
            "friends are nearby. Is he out of action?",
            {"save_needed": "4", "save_roll": None},
        ),
        (
            "de",
            "Mordheim: mein Held verwundet einen niedergeschlagenen Gegner, er brauchte 5+ für "
            "den Rüstungswurf und würfelte eine 3. Ist er ausgeschaltet?",
            {"save_needed": "5", "save_roll": "3"},
        ),
    ],
)
def test_a_save_is_read_as_the_score_needed_and_the_roll_made(
    glossary: Glossary, lang: str, text: str, inputs: dict[str, str | None]
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "attack_downed"
    assert read(decision, inputs) == inputs


@pytest.mark.parametrize(
    ("text", "flee"),
    [
        # "one" is no 2D6 roll: each die shows at least 1.
        ("Quick one: I rolled 10 for pursuit and they fled. Are they caught?", None),
        ("Quick one: I rolled 10 for pursuit and they fled 3D6, a 3. Are they caught?", "3"),
        # Another roll's dice count sets no floor for this one.
        ("they fled and rolled 2, I pursued with 3D6 and got 11", "2"),
    ],
)
def test_a_roll_is_at_least_its_number_of_dice(
    glossary: Glossary, text: str, flee: str | None
) -> None:
    decision = decide(glossary, text, "en")
    assert decision.rule == "pursuit"
    assert decision.inputs.get("flee") == flee


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "I rolled 11 for the pursuit, but there's a unit of my own Stormvermin about 7\" "
            "directly behind where the dwarfs were standing. Do the clanrats run through?",
        ),
        (
            "fr",
            "Mes Chevaliers du Graal poursuivent des orques mais le jet de poursuite les ferait "
            "rentrer dans une falaise infranchissable, à 4 ps devant eux. Ils s'arrêtent où ?",
        ),
    ],
)
def test_a_pursuit_running_into_an_obstruction_is_a_pursuit(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "pursuit"
    assert "obstacle" in decision.inputs


@pytest.mark.parametrize(
    ("lang", "text", "rule", "inputs"),
    [
        (
            "en",
            'I pursued and rolled a 10. About 4" behind them is my own unit of 20 Marauders. '
            "What happens?",
            "pursuit",
            {"obstacle": "4in"},
        ),
        # Right after its word a bare number is still that length.
        (
            "es",
            "Mis caballeros con Movimiento 20 arrasaron y sacaron 18 cm; ¿cuántos dados tiro?",
            "overrun",
            {"movement": "20cm"},
        ),
    ],
)
def test_a_bare_number_is_a_length_only_beside_its_word_where_units_are_written(
    glossary: Glossary, lang: str, text: str, rule: str, inputs: dict[str, str]
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == rule
    assert read(decision, dict.fromkeys(inputs)) == inputs


@pytest.mark.parametrize(
    ("text", "rule", "name", "value"),
    [
        # Right after its word, an impossible value is read, for the rules core to refuse.
        ("fled 15, pursued 9, caught?", "pursuit", "flee", "15"),
        ("my unit fled -3 and they pursued 7", "pursuit", "flee", "-3"),
        ("Leadership 12, rolled 5, restrain?", "restrain", "leadership", "12"),
        # Further away it is no roll of this one.
        ("fled with my 15 goblins, they pursued 9, caught?", "pursuit", "flee", None),
    ],
)
def test_an_impossible_value_right_after_its_word_is_read(
    glossary: Glossary, text: str, rule: str, name: str, value: str | None
) -> None:
    decision = decide(glossary, text, "en")
    assert decision.rule == rule
    assert decision.inputs.get(name) == value


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "How does magic work in Mordheim?"),
        ("es", "¿Cómo funciona la magia en Mordheim?"),
        ("ru", "Магия в Warhammer Fantasy: можно ли колдовать на бегущий отряд?"),
    ],
)
def test_a_topic_named_by_its_own_name_is_declined(
    glossary: Glossary, lang: str, text: str
) -> None:
    covered = frozenset(glossary.concepts) - {"magic"}
    question = parse_question(text, lang, glossary)
    assert route(question, glossary, covered, 0.9).kind == "abstain"


@pytest.mark.parametrize("held", [True, False])
@pytest.mark.parametrize(
    ("lang", "text", "inside_intent"),
    [
        ("en", "How many power dice do I get in the magic phase?", True),
        # "Cuántos" alone is the intent: the topic was never inside it.
        ("es", "¿Cuántos dados de energía tengo en la fase de magia?", False),
    ],
)
def test_a_topic_asked_with_how_many_is_declined(
    glossary: Glossary,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    text: str,
    inside_intent: bool,
    held: bool,
) -> None:
    # "How many power dice" is an intent's words, no term the topic sits inside of; the magic
    # phase itself is a term the corpus mentions (an overrun after the magic phase).
    monkeypatch.setattr(router, "INTENTS_HOLD_NO_TOPIC", held)
    covered = frozenset(glossary.concepts) - {"magic"}
    question = parse_question(text, lang, glossary)
    kind = route(question, glossary, covered, 0.9).kind
    assert kind == ("abstain" if held or not inside_intent else "lookup")


@pytest.mark.parametrize(
    ("lang", "text", "kind"),
    [
        # Asked, a topic the corpus lacks outweighs a rule named without a number ...
        (
            "ru",
            "В Мордхейме когда сбитый с ног боец встаёт обратно? В фазе восстановления?",
            "abstain",
        ),
        # ... not one asked beside the rule's own words, nor one told in the story before.
        (
            "en",
            "Mordheim: can my hero attack a knocked-down warrior in the recovery phase?",
            "rule",
        ),
        (
            "en",
            "Mordheim: his warrior fell in the recovery phase. Now he is knocked down: "
            "may I attack him?",
            "rule",
        ),
    ],
)
def test_an_asked_topic_outweighs_a_rule_given_no_number(
    glossary: Glossary, lang: str, text: str, kind: str
) -> None:
    covered = frozenset(glossary.concepts) - {"recovery"}
    question = parse_question(text, lang, glossary)
    assert route(question, glossary, covered, 0.9).kind == kind


@pytest.mark.parametrize(
    ("lang", "text", "declined"),
    [
        # The corpus mentions fear only under "Carga durante Arrasamiento": fear asked about
        # an overrun's charge is its own.
        (
            "es",
            "Mis caballeros causan Miedo. Arrasan y cargan a otra unidad. ¿Chequeo de Miedo?",
            False,
        ),
        (
            "en",
            "My knights cause fear. They overrun and charge a unit. Does it take a fear test?",
            False,
        ),
        # Beside the rarest of them alone (overrunning, not charging), it is the corpus's too.
        ("es", "Si mi unidad causa Miedo y arrasa contra otra, ¿hacen chequeo de miedo?", False),
        # A heading naming one concept alone is too general to stand for a topic.
        ("en", "Can my wizard cast spells during an overrun?", True),
        # Fear on its own, or beside a commoner subject only, is still a topic it lacks.
        ("en", "How does fear work when I charge a big monster?", True),
        ("pl", "Jak działa Strach (Fear) przy pościgu?", True),
    ],
)
def test_a_topic_mentioned_in_passing_is_the_corpus_s_with_its_heading_s_subjects(
    glossary: Glossary, lang: str, text: str, declined: bool
) -> None:
    covered = frozenset(glossary.concepts) - {"fear_and_terror", "magic"}
    question = parse_question(text, lang, glossary)
    passing = {"fear_and_terror": ("overrun", "charge"), "magic": ("overrun",)}
    decision = route(question, glossary, covered, 0.9, passing=passing)
    assert (decision.kind == "abstain") is declined
    assert route(question, glossary, covered, 0.9).kind == "abstain"


@pytest.mark.parametrize(
    ("lang", "text", "inputs"),
    [
        # Three faces for a roll whose dice another input counts: a 3D6 pursuit.
        (
            "en",
            "My goblins fled 7, the pursuers rolled 3, 4 and 2 because they are swift. Caught?",
            {"flee": "7", "pursuit": "3,4,2", "pursuit_dice": "3"},
        ),
        # A characteristic's value before the faces is no face: Movement 4, dice 5 and 6.
        (
            "en",
            'Charging: Movement 4, 5 and 6 on the dice, the enemy is 14" away. Did I reach?',
            {"movement": "4in", "dice": "5,6", "distance": "14in"},
        ),
    ],
)
def test_listed_faces_fit_the_roll_they_are(
    glossary: Glossary, lang: str, text: str, inputs: dict[str, str]
) -> None:
    assert decide(glossary, text, lang).inputs == inputs


@pytest.mark.parametrize(
    ("lang", "text", "roll"),
    [
        ("en", "Overrun: I got 8. How far do my knights go?", "8"),
        ("de", "Überrennen: es kam eine 9. Wie weit?", "9"),
        ("pl", "Overrun: wyszło 7. Ile idę?", "7"),
        ("pt", "overrun: deu oito. meus cavaleiros andam quanto?", "8"),
        # A count in brackets after the unit's name is its size, not the roll.
        ("es", "Arrasaron mis Jinetes de Lobo (10). ¿Cuánto avanzan?", None),
        # A number followed by what it counts is no total.
        ("ru", "Мои рыцари делают overrun, а рядом 2 врага. Как далеко?", None),
        # Two numbers left: which is the roll would be a guess.
        ("en", "Overrun: I got 8, he got 6. How far do my knights go?", None),
        # Before the situation is named, or in a clause naming something else: no roll.
        ("en", "I killed 5. How far can my knights overrun?", None),
        ("en", "Overrun: my knights wiped out a unit of 10. How far?", None),
    ],
)
def test_a_rules_one_roll_takes_the_one_number_left(
    glossary: Glossary, lang: str, text: str, roll: str | None
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "overrun" or roll is None
    assert decision.inputs.get("roll") == roll


@pytest.mark.parametrize(
    ("lang", "alone", "one"),
    [
        (
            "en",
            "Mordheim: my hero broke from combat in a panic. Hits?",
            "Mordheim: my hero broke from combat against a lone orc. Hits?",
        ),
        (
            "es",
            "Mordheim: mi héroe huye del combate contra una banda de orcos.",
            "Mordheim: mi héroe huye del combate contra una sola rata.",
        ),
    ],
)
def test_an_article_alone_counts_no_opponent(
    glossary: Glossary, lang: str, alone: str, one: str
) -> None:
    assert "break_from_combat" not in {c.rule for c in decide(glossary, alone, lang).calls}
    (call,) = [c for c in decide(glossary, one, lang).calls if c.rule == "break_from_combat"]
    assert call.inputs["opponents"] == "1"


def test_faces_read_by_the_main_rule_are_no_other_rules_roll(glossary: Glossary) -> None:
    # The flee's faces are no restrain test's roll; the flee rule still reads them as the flee.
    text = (
        "My goblins (Leadership 6) lost and fled with 3 and 2, the pursuing knights rolled 4 "
        "and 4. Could he have chosen not to pursue?"
    )
    assert "restrain" not in {c.rule for c in decide(glossary, text, "en").calls}
    text = "My orcs fled with 5 and 4, the pursuers rolled 3 and 3. How far do my orcs run?"
    rules = {c.rule: c.inputs for c in decide(glossary, text, "en").calls}
    assert rules.keys() >= {"pursuit", "flee"} and rules["flee"]["roll"] == "5,4"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("ru", "У рыцарей М7, на атаку выкинул 3 и 3, враг стоит в 9 дюймах. Хватает?"),
        ("de", "Ritter (B7) greifen an, Würfel 3 und 3, der Feind steht 9 Zoll weg. Reicht das?"),
    ],
)
def test_movement_is_read_by_the_profiles_letter_in_the_questions_language(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "failed_charge"
    assert read(decision, {"movement": None, "dice": None}) == {"movement": "7in", "dice": "3,3"}


@pytest.mark.parametrize(
    ("lang", "text", "same_model"),
    [
        (
            "en",
            "Mordheim: my champion stuns him with his first attack; can he take him out?",
            "yes",
        ),
        (
            "pl",
            "Mój Nocny Biegacz ogłuszył łowcę, a drugi mój wojownik atakuje go w tej samej fazie.",
            "no",
        ),
        (
            "en",
            "My hero stunned an orc; another of my warriors attacks it in the same phase. Out?",
            "no",
        ),
    ],
)
def test_another_model_attacking_a_downed_enemy_is_not_the_one_that_downed_it(
    glossary: Glossary, lang: str, text: str, same_model: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "attack_downed"
    assert decision.inputs.get("downed_by_this_model") == same_model


@pytest.mark.parametrize(
    ("lang", "text", "opponents"),
    [
        ("ru", "Мой юнец бежит из боя, в контакте с ним были два орка и гоблин.", "3"),
        ("en", "Mordheim: my hero breaks from combat with two orcs and a goblin in contact.", "3"),
        # A bare word that names a situation is no item: "and ran" is what the warrior did.
        ("ru", "Мордхейм: мой воин был в контакте с двумя врагами и побежал.", "2"),
    ],
)
def test_a_lists_last_bare_word_is_an_item(
    glossary: Glossary, lang: str, text: str, opponents: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "break_from_combat"
    assert decision.inputs.get("opponents") == opponents


# Fleeing a fight and counting the hits taken is breaking from combat, the game unnamed and
# the hits not called automatic: no other rule deals hits to a fleeing model.
@pytest.mark.parametrize(
    ("lang", "text", "opponents"),
    [
        (
            "ru",
            "Мой воин убегает из боя, в контакте с ним 2 врага. Сколько ударов он получит?",
            "2",
        ),
        (
            "fr",
            "Mon guerrier rompt le combat, il était au contact de 3 ennemis. Combien de touches ?",
            "3",
        ),
        (
            "pt",
            "Meu herói foge do combate com 2 inimigos em contato. Quantos acertos ele leva?",
            "2",
        ),
        ("de", "Mein Held haut ab, im Nahkampf mit 3 Gegnern. Wie viele Treffer kriegt er?", "3"),
        (
            "it",
            "Il mio eroe scappa dal corpo a corpo, a contatto con 2 nemici. Quanti colpi prende?",
            "2",
        ),
        ("pl", "Mój bohater ucieka z walki, w kontakcie z 3 wrogami. Ile trafień dostaje?", "3"),
        (
            "es",
            "Mi héroe sale corriendo del combate, 2 enemigos en contacto. ¿Cuántos impactos?",
            "2",
        ),
        (
            "nl",
            "Mijn held rent weg uit het gevecht, 2 vijanden in contact. Hoeveel treffers?",
            "2",
        ),
    ],
)
def test_fleeing_a_fight_and_counting_hits_breaks_from_combat(
    glossary: Glossary, lang: str, text: str, opponents: str
) -> None:
    decision = decide(glossary, text, lang)
    (call,) = [c for c in decision.calls if c.rule == "break_from_combat"]
    assert call.inputs["opponents"] == opponents


# ... but a unit hit as it flees, by shooting or by a unit it meets, is in no fight: the words
# for hits are also the verbs of hitting, meeting and touching ("treffen", "toucher").
@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("de", "Meine Einheit flieht, 3 Schützen schießen auf sie. Wie viele Treffer?"),
        ("de", "Meine Verfolger treffen auf eine fliehende Einheit. Was passiert?"),
        ("pl", "Mój oddział ucieka, 2 wrogów strzela. Ile trafień?"),
        ("fr", "Mon unité en fuite touche 2 unités ennemies pendant son mouvement de fuite."),
        ("ru", "Мой отряд бежит, 2 вражеских отряда ударили ему во фланг."),
        ("it", "La mia unità fugge e viene colpita da 2 unità che la caricano."),
    ],
)
def test_hits_taken_outside_a_fight_are_no_break_from_combat(
    glossary: Glossary, lang: str, text: str
) -> None:
    assert "break_from_combat" not in {c.rule for c in decide(glossary, text, lang).calls}


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "de",
            "Mein Söldner steht im Nahkampf mit einem Ork, der noch auf den Beinen ist. "
            "Kann er sich in seiner Bewegungsphase einfach rausziehen?",
        ),
        (
            "pl",
            "Mordheim: mój bohater walczy wręcz ze szczuroludem, który stoi na nogach. "
            "Chcę w fazie ruchu wycofać się do budynku. Mogę?",
        ),
    ],
)
def test_going_away_from_a_fight_in_the_movement_phase_is_leaving_combat(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "leave_combat"
    assert decision.inputs == {"standing_enemies": "1"}


def test_a_premise_is_presumed_for_the_main_situation_only(glossary: Glossary) -> None:
    decision = decide(
        glossary, "The enemy fled 5, I rolled 8 to pursue and caught them. Overrun?", "en"
    )
    assert decision.rule == "pursuit"
    assert all(not call.presumed and "wiped_out" not in call.inputs for call in decision.calls)


def test_the_first_turn_is_not_presumed_of_a_second_fight(glossary: Glossary) -> None:
    decision = decide(
        glossary, "Cargaron y arrasaron en el segundo turno de combate. ¿Puedo arrasar?", "es"
    )
    assert decision.rule == "overrun"
    assert "first_turn" not in decision.calls[0].presumed
    # A second round of combat is no first: read as such, not left unknown.
    assert decision.calls[0].inputs.get("first_turn") == "no"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Mordheim: can a warrior in hand-to-hand combat shoot in the movement phase?"),
        ("pl", "Mordheim: mój wojownik walczy wręcz z orkiem i wyrzucił sześć"),
    ],
)
def test_a_general_rule_is_not_computed_from_a_situation_told_without_inputs(
    glossary: Glossary, lang: str, text: str
) -> None:
    assert decide(glossary, text, lang).rule != "leave_combat"


@pytest.mark.parametrize(
    ("lang", "text", "same_model"),
    [
        # The attacks that downed him, told before or just after his state: the same model ...
        (
            "en",
            "Mordheim: my hero knocked him down with his first attack. Can his second attack "
            "take him out?",
            "yes",
        ),
        (
            "ru",
            "Мой капитан с двумя атаками первой атакой сбил с ног бегуна, второй атакой хочу "
            "его добить. Можно?",
            "yes",
        ),
        # ... unless another model is told of, after them too.
        (
            "en",
            "Mordheim: my hero stunned an orc with his first attack; another of my warriors "
            "attacks it in the same phase. Out?",
            "no",
        ),
        # Downed before the attacks are told of: they did not down him.
        (
            "fr",
            "Mordheim : l'ennemi est déjà à terre depuis le tour d'avant. Première attaque : je "
            "blesse et il rate sa sauvegarde d'armure. Il est hors de combat ?",
            None,
        ),
        (
            "ru",
            "Мордхейм: враг сбит с ног, других врагов рядом нет, мой головорез бьёт 2 атаки, "
            "одна ранит, сейв провален. Что с ним?",
            None,
        ),
        # Far past the state in its clause, or after it is named again, they did not either.
        (
            "en",
            "Mordheim: he was knocked down last turn and my hero now hits him with his second "
            "attack. Out?",
            None,
        ),
        (
            "en",
            "Mordheim: the enemy was knocked down last turn. My hero has 2 attacks and hits him "
            "with the second attack. Is a knocked down warrior taken out of action?",
            None,
        ),
    ],
)
def test_the_attacks_that_downed_the_enemy_are_read_in_the_order_told(
    glossary: Glossary, lang: str, text: str, same_model: str | None
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "attack_downed"
    assert decision.inputs.get("downed_by_this_model") == same_model


def test_another_attack_of_the_same_model_is_no_other_model(glossary: Glossary) -> None:
    text = "My champion stuns him with his first attack; can another of my attacks take him out?"
    decision = decide(glossary, text, "en")
    assert decision.inputs.get("downed_by_this_model") != "no"


@pytest.mark.parametrize(
    ("lang", "text", "inputs"),
    [
        (
            "pl",
            "Dowodzenie 7, chcę żeby moi zostali na miejscu zamiast gnać za wrogiem. "
            "Na teście wyszło 8. Zostają?",
            {"leadership": "7", "roll": "8"},
        ),
        (
            "it",
            "Disciplina 9: che probabilità ho che la mia unità resti ferma invece di correre "
            "dietro ai nemici?",
            {"leadership": "9"},
        ),
    ],
)
def test_a_denied_pursuit_is_computed_as_the_restrain_test(
    glossary: Glossary, lang: str, text: str, inputs: dict[str, str]
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "restrain"
    assert read(decision, dict.fromkeys(inputs)) == inputs


@pytest.mark.parametrize(
    "lang, text",
    [
        (
            "it",
            "I miei ratti scappano: fuga di sette. Il suo cavaliere ha provato a trattenere "
            "l'inseguimento (Disciplina 8, ha fatto 6). Ci è riuscito?",
        ),
        (
            "es",
            "Mis goblins huyen: huida de 7. Él intentó contener la persecución (Liderazgo 8, "
            "le salió 6). ¿Lo consigue?",
        ),
    ],
)
def test_a_number_after_another_situations_word_is_not_taken_by_order(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    (call,) = [c for c in decision.calls if c.rule == "restrain"]
    assert call.inputs["roll"] == "6"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("fr", "Mes 20 lanciers fuient, j'ai fait un 4. Ils se déplacent de combien ?"),
        ("en", "My 20 spearmen fled, I rolled a 4. How far?"),
    ],
)
def test_a_flee_takes_the_next_clauses_roll_past_a_count_of_models(
    glossary: Glossary, lang: str, text: str
) -> None:
    (call,) = [c for c in decide(glossary, text, lang).calls if c.rule == "flee"]
    assert call.inputs["roll"] == "4"


def test_a_number_after_a_word_for_rolling_is_any_rolls(glossary: Glossary) -> None:
    text = (
        "9 knights vs 24 boyz, and the orcs rolled a 6 to flee. My knights rolled a 6 as well "
        "on the pursuit. Do the orcs escape?"
    )
    (call, *_) = decide(glossary, text, "en").calls
    assert call.rule == "pursuit"
    assert (call.inputs["flee"], call.inputs["pursuit"]) == ("6", "6")


@pytest.mark.parametrize(
    ("lang", "text", "pursued"),
    [
        ("en", "My goblins fled 7 and the enemy restrained. How far do they run?", "no"),
        ("pt", "ninguém me perseguiu, rolei 6 e 5 pra fuga. quanto eu ando?", "no"),
        ("de", "Meine Goblins fliehen mit 8, niemand verfolgt sie. Wie weit?", "no"),
        # Not said: nothing read.
        ("en", "My goblins fled 7. How far do they run?", None),
    ],
)
def test_a_flee_reads_that_nobody_pursued(
    glossary: Glossary, lang: str, text: str, pursued: str | None
) -> None:
    (call,) = [c for c in decide(glossary, text, lang).calls if c.rule == "flee"]
    assert call.inputs.get("pursued") == pursued


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("de", "Muss ich verfolgen, wenn der Gegner flieht, oder kann ich stehen bleiben?"),
        ("fr", "On est obligé de poursuivre une unité qui fuit ?"),
    ],
)
def test_nobody_pursuing_alone_computes_no_flee(glossary: Glossary, lang: str, text: str) -> None:
    assert "flee" not in {c.rule for c in decide(glossary, text, lang).calls}


@pytest.mark.parametrize(
    ("lang", "text", "dense", "kind"),
    [
        # A covered game named with nothing else the corpus covers: the encoder decides.
        ("pl", "Mordheim: jak działa ukrywanie się?", 0.2, "abstain"),
        ("fr", "Mordheim : comment marchent l'escalade et les chutes ?", 0.2, "abstain"),
        ("pl", "Mordheim: jak działa ukrywanie się?", 0.9, "lookup"),
        # Named with a term the corpus covers: looked up whatever the encoder found.
        ("de", "Mordheim: wie funktioniert der Nahkampf?", 0.2, "lookup"),
    ],
)
def test_a_named_game_alone_is_looked_up_only_if_the_encoder_finds_it(
    glossary: Glossary, lang: str, text: str, dense: float, kind: str
) -> None:
    assert decide(glossary, text, lang, dense).kind == kind


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Mordheim: my hero with a single wound left broke from combat against orcs. Hits?"),
        ("fr", "Mordheim : mon guerrier fuit le combat. Il a un seul point de vie. Combien ?"),
        ("es", "Mordheim: mi héroe con una sola herida huye del combate contra orcos. ¿Impactos?"),
    ],
)
def test_a_single_wound_or_attack_counts_no_opponent(
    glossary: Glossary, lang: str, text: str
) -> None:
    calls = decide(glossary, text, lang).calls
    assert all(c.inputs.get("opponents") != "1" for c in calls)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Mordheim: knocked down, wounded, I needed 5+ for the save and rolled 3. Out?"),
        ("nl", "Mordheim: neergeslagen en verwond, ik had 5+ nodig voor de save en gooide een 3."),
    ],
)
def test_the_one_needed_score_is_the_saves_however_far(
    glossary: Glossary, lang: str, text: str
) -> None:
    (call,) = [c for c in decide(glossary, text, lang).calls if c.rule == "attack_downed"]
    assert (call.inputs["save_needed"], call.inputs["save_roll"]) == ("5", "3")


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "My unit fled, rolled 7. The enemy failed its restrain test. Where do they end?"),
        ("it", "La mia unità fugge con 7, il nemico non è riuscito a trattenersi. Dove finisce?"),
    ],
)
def test_a_failed_restraint_says_nothing_of_nobody_pursuing(
    glossary: Glossary, lang: str, text: str
) -> None:
    calls = decide(glossary, text, lang).calls
    assert all(c.inputs.get("pursued") != "no" for c in calls)


def test_a_number_two_short_words_after_a_situations_word_is_claimed(glossary: Glossary) -> None:
    text = "My goblins fled with a 9 and nobody pursued them. What happens?"
    decision = decide(glossary, text, "en")
    assert decision.rule == "flee"
    assert decision.inputs["roll"] == "9"


@pytest.mark.parametrize(
    ("lang", "text", "presumed"),
    [
        # Extra wounds an overrun's story tells of took the last models: none are left.
        (
            "es",
            "Cargué a 20 zombis y quedaban 2 en pie, pero se los llevó la inestabilidad por las "
            "heridas adicionales. ¿Puedo arrasar?",
            True,
        ),
        (
            "en",
            "I charged 10 skeletons, 3 were left but the extra wounds finished them. Overrun?",
            True,
        ),
        # Enemies said to be left after the extra wounds speak against it.
        (
            "en",
            "I charged 10 skeletons, extra wounds killed 1 more but 2 were still standing. "
            "Can I overrun?",
            False,
        ),
        # An undead army named is no extra wounds lost: nothing is taken for granted.
        (
            "es",
            "Juego contra No Muertos: cargué y quedaban 2 esqueletos en pie. ¿Puedo arrasar?",
            False,
        ),
    ],
)
def test_a_premise_with_a_condition_is_presumed_only_when_the_question_says_it(
    glossary: Glossary, lang: str, text: str, presumed: bool
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "overrun"
    assert ("models_left" in decision.calls[0].presumed) is presumed
    if presumed:
        assert decision.calls[0].inputs["models_left"] == "0"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        # Combat resolution, units' special rules, a Mordheim rout test: topics of wargames in
        # general, asked without a situation the corpus covers (the encoder finds something).
        ("en", "How do I work out combat resolution, +1 per rank and +1 for the standard?"),
        ("es", "¿Cuánto da cada fila extra en la resolución del combate?"),
        ("de", "Wie rechne ich Gliederbonus und Standarte zusammen?"),
        ("pl", "Jak działa zasada Steadfast przy teście przełamania?"),
        ("nl", "Hoe werkt de regel Stubborn bij een Break test?"),
        ("it", "In Mordheim come funziona la rigenerazione di un Troll?"),
        ("de", "Mordheim: wann muss meine Bande einen Rückzugstest machen?"),
    ],
)
def test_a_topic_of_wargames_the_corpus_lacks_is_declined(
    glossary: Glossary, lang: str, text: str
) -> None:
    covered = frozenset(k for k, c in glossary.concepts.items() if c.kind != "topic")
    question = parse_question(text, lang, glossary)
    assert route(question, glossary, covered, 0.9).kind == "abstain"


def test_a_bonus_the_corpus_states_in_passing_is_not_declined(glossary: Glossary) -> None:
    # "Kampfergebnis" alone is the +1 the corpus gives both sides charging in one fight.
    text = (
        "Meine Verfolger sind in eine frische Einheit gekracht. Nächste Runde greift der Gegner "
        "denselben Kampf an. Wer kriegt den +1 aufs Kampfergebnis?"
    )
    covered = frozenset(k for k, c in glossary.concepts.items() if c.kind != "topic")
    question = parse_question(text, "de", glossary)
    assert route(question, glossary, covered, 0.9).kind != "abstain"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "de",
            "Meine Verfolger sind in einen laufenden Nahkampf gekracht, gewonnen. Überrennen?",
        ),
        (
            "it",
            "Inseguendo finiti contro un'unità già ingaggiata, hanno vinto. Travolgere?",
        ),
        ("fr", "Ma poursuite touche une unité déjà engagée ailleurs, je gagne. Débordement ?"),
    ],
)
def test_a_pursuit_into_an_enemy_already_engaged_is_a_second_fight(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "overrun"
    assert decision.calls[0].inputs.get("second_fight") == "yes"


def test_an_enemy_already_engaged_without_a_pursuit_is_no_second_fight(glossary: Glossary) -> None:
    text = "My knights charged a unit already engaged with my spearmen and wiped it out. Overrun?"
    decision = decide(glossary, text, "en")
    assert decision.rule == "overrun"
    assert "second_fight" not in decision.calls[0].inputs


def test_a_pursuit_reaching_an_enemy_already_engaged_reads_it_so(glossary: Glossary) -> None:
    text = "They fled 4, I pursued 9 into a new enemy 5 inches away, already engaged with my men."
    decision = decide(glossary, text, "en")
    assert decision.rule == "pursuit"
    inputs = decision.calls[0].inputs
    assert inputs.get("enemy_engaged") == "yes" and inputs.get("enemy") == "5in"
    assert "obstacle" not in inputs


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            'Fled 5, pursued 8, there is a wood 5" away but it is not impassable. Where do I end?',
        ),
        (
            "es",
            "Huyó 5, persigo con 8; hay un bosque a 12 cm, pero no es infranqueable. ¿Dónde acabo?",
        ),
    ],
)
def test_a_length_said_of_a_denied_obstacle_is_no_one_elses(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "pursuit"
    assert {"obstacle", "enemy", "edge"}.isdisjoint(decision.calls[0].inputs)


@pytest.mark.parametrize(
    ("text", "movement"),
    [
        (
            "Arrasé con 5D6. Justo en línea recta, a 17 cm, hay una unidad de Orcos. ¿Debo cargar?",
            None,
        ),
        ("Mis Caballeros (M 20 cm) aniquilan a unos arqueros y arrasan. ¿Cuántos dados?", "20cm"),
    ],
)
def test_a_movement_is_read_beside_its_word_only(
    glossary: Glossary, text: str, movement: str | None
) -> None:
    decision = decide(glossary, text, "es")
    overrun = next(c for c in decision.calls if c.rule == "overrun")
    assert overrun.inputs.get("movement") == movement


@pytest.mark.parametrize(
    ("lang", "text", "movement"),
    [
        # A bare Movement is in the rule's unit, whatever the question measures in.
        ("ru", "Движение 4, до врага 20 см, на нападение выпало 3 и 5. Дойду?", "4in"),
        ("es", "Movimiento 4, saqué 2 y 5 para cargar, el enemigo a 25 cm. ¿Llego?", "4in"),
        # Not a length the clause gives to the target.
        (
            "fr",
            "Mes gobelins chargent et se déplacent vers une cible à 25 cm, j'ai fait 3 et 5.",
            None,
        ),
    ],
)
def test_a_bare_movement_is_in_the_rules_own_unit(
    glossary: Glossary, lang: str, text: str, movement: str | None
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "failed_charge"
    assert decision.calls[0].inputs.get("movement") == movement


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Mordheim: my warrior fighting only a few goblins panicked and fled. Hits?"),
        ("es", "Mordheim: mi guerrero huye del combate contra solo un par de goblins. ¿Impactos?"),
    ],
)
def test_only_a_few_is_no_single_opponent(glossary: Glossary, lang: str, text: str) -> None:
    decision = decide(glossary, text, lang)
    assert all(call.inputs.get("opponents") != "1" for call in decision.calls)


@pytest.mark.parametrize(
    ("lang", "text", "roll"),
    [
        ("fr", "Mon unité a fui avec un jet de 7. Elle fuit de combien de pas ?", "7"),
        ("en", "My goblins fled with a roll of 9. How far do they go?", "9"),
        ("es", "Mis goblins huyen con una tirada de 8, ¿cuánto se mueven?", "8"),
    ],
)
def test_a_roll_said_with_roll_words_is_the_situations(
    glossary: Glossary, lang: str, text: str, roll: str
) -> None:
    # The words between "fled" and the value are the roll's own ("with a roll of"): nearness
    # is counted to them.
    decision = decide(glossary, text, lang)
    assert decision.rule == "flee"
    assert decision.calls[0].inputs["roll"] == roll


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # Too far from "fled": no value, a lookup ...
        ("My goblins fled and after a long and sad turn my roll was 9. How far?", "lookup"),
        # ... and past another situation's word, that situation's ("their pursuit roll").
        ("My goblins fled and their pursuit roll was 9. How far do my goblins flee?", "rule"),
    ],
)
def test_a_roll_word_bridges_nothing_far_away_or_past_another_situation(
    glossary: Glossary, text: str, kind: str
) -> None:
    decision = decide(glossary, text, "en")
    assert decision.kind == kind
    assert not any(c.rule == "flee" and "roll" in c.inputs for c in decision.calls)


# Spanish profiles abbreviate Leadership "L", glued to its value as "M" is to Movement's.
@pytest.mark.parametrize(
    ("text", "leadership"),
    [
        ("Chequeo de Liderazgo para no perseguir con L9, saqué un 4. ¿Se quedan quietos?", "9"),
        ("Quiero retener la persecución, mis lanceros tienen L 7 y saco un 8.", "7"),
    ],
)
def test_a_spanish_profiles_l_is_leadership(glossary: Glossary, text: str, leadership: str) -> None:
    decision = decide(glossary, text, "es")
    assert decision.rule == "restrain"
    assert decision.inputs.get("leadership") == leadership


# A charge that did not reach ("не добежал до врага", "didn't make the range") is a failed one,
# though "charge" itself is not said.
@pytest.mark.parametrize(
    ("lang", "text", "dice"),
    [
        ("ru", "Не добежал до врага, на кубах выпало 3 и 6. Сколько прохожу?", "3,6"),
        ("en", "Failed to make the charge range, rolled 2 and 5. How far do I move?", "2,5"),
    ],
)
def test_a_range_not_made_is_a_failed_charge(
    glossary: Glossary, lang: str, text: str, dice: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.rule == "failed_charge"
    assert decision.inputs.get("dice") == dice


# Another game by its name translated and inflected is another game.
@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("ru", "В Эпохе Сигмара сколько дюймов бросок на чардж?"),
        ("es", "En Era de Sigmar, ¿cuánto mueve una carga?"),
        ("it", "In Era di Sigmar quanti dadi tiro per la carica?"),
        ("pl", "W Era Sigmara ile cali ma szarża?"),
    ],
)
def test_another_games_translated_name_is_declined(
    glossary: Glossary, lang: str, text: str
) -> None:
    decision = decide(glossary, text, lang)
    assert decision.kind == "abstain"
    assert decision.declined_for


# Dutch denies a verb after it ("de vijand achtervolgt niet"): no pursuit, a flee not pursued.
def test_a_dutch_denial_after_its_verb_says_no(glossary: Glossary) -> None:
    text = "Ik vlucht met 4 en 4 en de vijand achtervolgt niet. Hoeveel inch ga ik?"
    decision = decide(glossary, text, "nl")
    assert decision.rule == "flee"
    assert decision.inputs.get("pursued") == "no"
    assert "pursuit" not in {c.rule for c in decision.calls}


@pytest.mark.parametrize(
    ("text", "ahead"),
    [
        # A length in the pursuers' way named by nothing but "enemy" is no friendly unit ...
        (
            'My knights pursue fleeing goblins and roll 9; there is an enemy unit 6" away in '
            "front of them. What happens?",
            "enemy",
        ),
        # ... while a friendly unit or impassable terrain is read beside its words.
        (
            'My knights pursue fleeing goblins and roll 9; my own archers stand 6" in front of '
            "them. What happens?",
            "obstacle",
        ),
    ],
)
def test_what_stands_in_a_pursuits_way_is_read_by_its_words(
    glossary: Glossary, text: str, ahead: str
) -> None:
    decision = decide(glossary, text, "en")
    (call,) = [c for c in decision.calls if c.rule == "pursuit"]
    assert {k for k in ("obstacle", "enemy", "edge") if k in call.inputs} == {ahead}
