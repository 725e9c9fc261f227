from __future__ import annotations

import itertools
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from refbot.bot import Refbot, segment_corpus
from refbot.corpus import load_corpus
from refbot.errors import ProvenanceMissing, RuleError, UnknownRule
from refbot.i18n import Writer
from refbot.rules import all_rules, rule_of, run_rule
from refbot.rules.core import parse_roll
from refbot.segment import Clause
from tests.helpers import SEED_CORPUS


@pytest.fixture(scope="module")
def clauses() -> list[Clause]:
    return segment_corpus(load_corpus(SEED_CORPUS))


def run(clauses: list[Clause], rule_id: str, edition: str | None = None, **inputs: Any) -> Any:
    results = run_rule(rule_id, inputs, clauses, edition=edition)
    return results[0] if edition or len(results) == 1 else results


def totals(count: int) -> list[int]:
    """Every equally likely total of count D6, enumerated without any dice library."""
    return [sum(faces) for faces in itertools.product(range(1, 7), repeat=count)]


def enumerate_catch(flee_dice: int, pursuit_dice: int) -> Fraction:
    flees, pursuits = totals(flee_dice), totals(pursuit_dice)
    wins = sum(1 for f in flees for p in pursuits if p >= f)
    return Fraction(wins, len(flees) * len(pursuits))


# --- pursuit -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flee", "pursuit", "caught", "flee_move"),
    [
        (7, 7, True, 0),
        (7, 8, True, 0),
        (8, 7, False, 8),
        ("3,4", "6,1", True, 0),
        (12, 2, False, 12),
    ],
)
def test_caught_on_equal_or_higher(
    clauses: list[Clause], flee: Any, pursuit: Any, caught: bool, flee_move: int
) -> None:
    result = run(clauses, "pursuit", flee=flee, pursuit=pursuit)
    assert result.outcome["caught"] is caught
    assert result.outcome["flee_move"] == {"value": flee_move, "unit": "in"}
    # Pursuers move their roll even when they caught the foe.
    assert result.outcome["pursuit_move"]["value"] == result.inputs["pursuit"]["total"]


@pytest.mark.parametrize(("flee_dice", "pursuit_dice"), [(2, 2), (2, 3), (3, 2), (1, 2)])
def test_p_caught_matches_enumeration(
    clauses: list[Clause], flee_dice: int, pursuit_dice: int
) -> None:
    result = run(clauses, "pursuit", flee_dice=flee_dice, pursuit_dice=pursuit_dice)
    expected = enumerate_catch(flee_dice, pursuit_dice)
    assert result.outcome["p_caught"] == f"{expected.numerator}/{expected.denominator}"


def test_p_caught_2d6_is_721_over_1296(clauses: list[Clause]) -> None:
    assert run(clauses, "pursuit").outcome["p_caught"] == "721/1296"


def test_p_caught_with_known_flee_roll(clauses: list[Clause]) -> None:
    expected = Fraction(sum(1 for p in totals(2) if p >= 7), 36)
    assert run(clauses, "pursuit", flee=7).outcome["p_caught"] == str(expected)


@pytest.mark.parametrize(
    ("extra", "stop", "move", "tag_text"),
    [
        ({"obstacle": 4}, "halted_1_inch_from_obstruction", 3, 'halt 1" away'),
        ({"obstacle": "0.5"}, "halted_1_inch_from_obstruction", 0, 'halt 1" away'),
        ({"enemy": 5}, "charges_new_enemy", 5, "must charge the enemy unit"),
        (
            {"enemy": 5, "enemy_fleeing": True},
            "charged_fleeing_enemy_destroyed_final_reform",
            5,
            "immediately destroyed",
        ),
        ({"edge": 6}, "off_battlefield_reenter_next_movement_phase", 6, "re-enter the board"),
        ({"obstacle": 11}, None, 9, None),
    ],
)
def test_pursuit_path(
    clauses: list[Clause],
    extra: dict[str, Any],
    stop: str | None,
    move: float,
    tag_text: str | None,
) -> None:
    result = run(clauses, "pursuit", flee=8, pursuit=9, **extra)
    assert result.outcome.get("stop") == stop
    assert result.outcome["pursuit_move"]["value"] == move
    cited = {c.id: c.text for c in clauses if c.id in result.clauses}
    if tag_text:
        assert any(tag_text in text for text in cited.values())
    if stop == "halted_1_inch_from_obstruction":
        # What stopped the pursuers is what the question set up: its clause leads.
        assert tag_text in cited[result.clauses[0]]


@pytest.mark.parametrize(
    ("extra", "tag_text"),
    [
        ({"obstacle": 7}, 'halt 1" away'),
        ({"edge": 5}, "moves off the battlefield"),
        ({"enemy": 5}, "must charge the enemy unit"),
        ({"enemy": 5, "enemy_fleeing": True}, "immediately destroyed"),
    ],
)
def test_what_is_in_the_way_leads_a_pursuit_with_no_roll(
    clauses: list[Clause], extra: dict[str, Any], tag_text: str
) -> None:
    # "My own Stormvermin stand 7\" behind them": no pursuit roll, but what halts it is asked,
    # not the chance of catching.
    result = run(clauses, "pursuit", **extra)
    assert "pursuit_move" not in result.outcome
    assert "p_caught" not in result.outcome
    first = next(c.text for c in clauses if c.id == result.clauses[0])
    assert tag_text in first


def test_the_nearest_thing_in_the_way_halts_a_pursuit_with_no_roll(clauses: list[Clause]) -> None:
    result = run(clauses, "pursuit", obstacle=12, edge=2)
    assert result.outcome["stop_if_reached"] == "off_battlefield_reenter_next_movement_phase"
    sentence = rule_of(result).explain(result, Writer("en"))
    assert sentence.startswith("If their pursuit roll reaches it: The pursuers leave")


@pytest.mark.parametrize(
    ("engaged", "combat"), [(True, "another_round_now"), (False, "next_turn_counts_as_charging")]
)
def test_pursuit_into_new_enemy(clauses: list[Clause], engaged: bool, combat: str) -> None:
    charge = run(clauses, "pursuit", flee=3, pursuit=9, enemy=4, enemy_engaged=engaged).outcome[
        "charge"
    ]
    assert charge == {
        "roll_needed": False,
        "enemy_reaction": "hold",
        "combat": combat,
        # Only a second fight won in the same turn bars an overrun (the engaged case).
        "can_overrun_if_won": not engaged,
    }


def test_unpursued_unit_flees_its_roll(clauses: list[Clause]) -> None:
    result = run(clauses, "pursuit", flee=5, pursued=False)
    assert result.outcome["caught"] is False
    assert result.outcome["flee_move"]["value"] == 5


# --- restrain, flee, overrun (English) -----------------------------------------------------


@pytest.mark.parametrize("leadership", range(1, 11))
def test_restrain_probability_matches_enumeration(clauses: list[Clause], leadership: int) -> None:
    expected = Fraction(sum(1 for t in totals(2) if t <= leadership), 36)
    assert run(clauses, "restrain", leadership=leadership).outcome["p_pass"] == (
        f"{expected.numerator}/{expected.denominator}"
        if expected.denominator > 1
        else str(expected)
    )


def test_restrain_leadership_8_is_13_over_18(clauses: list[Clause]) -> None:
    assert run(clauses, "restrain", leadership=8).outcome["p_pass"] == "13/18"


@pytest.mark.parametrize(
    ("roll", "passed", "result"), [(8, True, "holds_and_may_reform"), (9, False, "pursues_anyway")]
)
def test_restrain_with_roll(clauses: list[Clause], roll: int, passed: bool, result: str) -> None:
    outcome = run(clauses, "restrain", leadership=8, roll=roll).outcome
    assert (outcome["passed"], outcome["result"]) == (passed, result)


def test_flee_move_and_conversion_only_when_asked(clauses: list[Clause]) -> None:
    assert run(clauses, "flee", roll=8).outcome["flee_move"] == {"value": 8, "unit": "in"}
    converted = run_rule("flee", {"roll": 8}, clauses, unit="cm")[0].outcome["flee_move"]
    assert converted == {"value": 20, "unit": "cm", "edition_value": 8, "edition_unit": "in"}


@pytest.mark.parametrize(
    ("inputs", "eligible"),
    [
        ({"charged": True, "wiped_out": True}, True),
        ({"charged": False, "wiped_out": True}, False),
        ({"charged": True, "wiped_out": False}, False),
        ({"charged": True, "wiped_out": True, "second_fight": True}, False),
        ({"wiped_out": True}, None),
    ],
)
def test_english_overrun_eligibility(
    clauses: list[Clause], inputs: dict[str, Any], eligible: bool | None
) -> None:
    outcome = run(clauses, "overrun", edition="rulebook-en", **inputs).outcome
    assert outcome["eligible"] is eligible
    assert (outcome["dice"], outcome["unit"]) == ("2D6", "in")


# --- overrun (Spanish) and the disagreement -------------------------------------------------


@pytest.mark.parametrize(
    ("movement", "dice"),
    # 6" is exactly 15 cm at 2.5 cm to the inch.
    [("15", "5D6"), ("15 cm", "5D6"), ("15.5", "8D6"), ("16", "8D6"), ('6"', "5D6"), ('7"', "8D6")],
)
def test_spanish_overrun_dice_by_movement(clauses: list[Clause], movement: str, dice: str) -> None:
    outcome = run(
        clauses, "overrun", edition="reglamento-es", wiped_out=True, movement=movement
    ).outcome
    assert outcome["dice"] == dice
    assert outcome["unit"] == "cm"
    assert outcome["optional"] is True


@pytest.mark.parametrize(
    ("inputs", "eligible"),
    [
        ({"wiped_out": True, "first_turn": True}, True),
        ({"wiped_out": True, "first_turn": True, "magic_phase": True}, True),
        ({"wiped_out": True, "first_turn": False}, False),
        ({"wiped_out": True, "models_left": 1}, False),
        # The attacks left some standing; extra wounds took the rest: destroyed.
        ({"wiped_out": False, "models_left": 0, "first_turn": True}, True),
        ({"wiped_out": False}, False),
        ({"wiped_out": True}, None),
    ],
)
def test_spanish_overrun_eligibility(
    clauses: list[Clause], inputs: dict[str, Any], eligible: bool | None
) -> None:
    result = run(clauses, "overrun", edition="reglamento-es", **inputs)
    assert result.outcome["eligible"] is eligible


def test_a_spanish_overrun_after_the_first_turn_cites_the_first_turn_clauses(
    clauses: list[Clause],
) -> None:
    result = run(clauses, "overrun", edition="reglamento-es", wiped_out=True, first_turn=False)
    text_of = {c.id: c.text for c in clauses}
    texts = [text_of[i] for i in result.clauses[:2]]
    assert "en el primer turno de combate" in texts[0]
    assert "en una sola ronda de combate" in texts[1]


@pytest.mark.parametrize(
    ("edition", "inputs", "toward"),
    [
        ("reglamento-es", {"wiped_out": True, "first_turn": True}, True),
        ("rulebook-en", {"wiped_out": True, "charged": True}, False),
    ],
)
def test_an_overruns_direction_is_said_where_the_edition_differs(
    clauses: list[Clause], edition: str, inputs: dict[str, Any], toward: bool
) -> None:
    # The Spanish line runs toward where the destroyed unit stood; the English one forward.
    result = run(clauses, "overrun", edition=edition, **inputs)
    text = rule_of(result).explain(result, Writer("en"))
    assert ("toward where the destroyed unit stood" in text) is toward


def test_editions_disagree_and_are_labelled(clauses: list[Clause]) -> None:
    results = run(clauses, "overrun", wiped_out=True, charged=False, movement="10", first_turn=True)
    by_edition = {r.edition: r.outcome for r in results}
    assert by_edition["rulebook-en"]["eligible"] is False
    assert by_edition["reglamento-es"]["eligible"] is True
    assert by_edition["reglamento-es"]["dice"] == "5D6"


def test_roll_that_fits_one_edition_only_is_ignored_by_the_other(clauses: list[Clause]) -> None:
    results = run(
        clauses, "overrun", charged=True, wiped_out=True, movement="20", roll="1,2,3,4,5,6,1,2"
    )
    by_edition = {r.edition: r.outcome for r in results}
    assert by_edition["reglamento-es"]["move"] == {"value": 24, "unit": "cm"}
    assert "roll" in by_edition["rulebook-en"]["ignored_inputs"]


def test_a_total_only_the_open_dice_can_make_is_theirs(clauses: list[Clause]) -> None:
    # 17 is no 2D6 total; without the Movement it is 5D6 or 8D6, read by that edition alone.
    results = run(clauses, "overrun", charged=True, wiped_out=True, first_turn=True, roll="17")
    by_edition = {r.edition: r.outcome for r in results}
    assert by_edition["reglamento-es"]["move"] == {"value": 17, "unit": "cm"}
    assert "roll" in by_edition["rulebook-en"]["ignored_inputs"]


def test_a_total_that_fits_no_edition_is_still_an_error(clauses: list[Clause]) -> None:
    with pytest.raises(RuleError, match="fits no edition"):
        run(clauses, "overrun", charged=True, wiped_out=True, first_turn=True, roll="49")


def test_two_destroyed_units_allow_either_direction(clauses: list[Clause]) -> None:
    outcome = run(
        clauses, "overrun", edition="reglamento-es", wiped_out=True, units_destroyed=2
    ).outcome
    assert outcome["direction"] == "straight_toward_either_destroyed_unit"


@pytest.mark.parametrize(
    ("inputs", "expected"),
    [
        (
            {"contact": True},
            {"must_charge": True, "enemy_reaction": "hold", "psychology_tests": False},
        ),
        ({"contact": True, "enemy_fleeing": True}, {"enemy_reaction": "flee_move"}),
        ({"contact": False}, {"must_charge": False, "may_wheel_to_force_charge": False}),
    ],
)
def test_charge_during_overrun(
    clauses: list[Clause], inputs: dict[str, Any], expected: dict[str, Any]
) -> None:
    outcome = run(clauses, "overrun_charge", **inputs).outcome
    assert expected.items() <= outcome.items()


@pytest.mark.parametrize(
    ("fleeing", "said"), [(True, "makes a flee move"), (False, "may only hold")]
)
def test_charge_during_overrun_is_explained_as_computed(
    clauses: list[Clause], fleeing: bool, said: str
) -> None:
    result = run(clauses, "overrun_charge", contact=True, enemy_fleeing=fleeing)
    assert said in rule_of(result).explain(result, Writer("en"))


# --- failed charge and charge moves (Russian) -----------------------------------------------


@pytest.mark.parametrize(("dice", "move"), [("2,5", 5), ("1 5", 5), ("6,6", 6), ("3,1", 3)])
def test_failed_charge_moves_the_highest_die(clauses: list[Clause], dice: str, move: int) -> None:
    outcome = run(clauses, "failed_charge", dice=dice).outcome
    assert outcome["move"] == {"value": move, "unit": "in"}


def test_failed_charge_worked_example(clauses: list[Clause]) -> None:
    outcome = run(clauses, "failed_charge", dice="1,5", movement=4, distance=11).outcome
    assert outcome["charge_range"]["value"] == 9
    assert outcome["failed"] is True
    assert outcome["move"]["value"] == 5


def test_charge_in_range_does_not_fail(clauses: list[Clause]) -> None:
    outcome = run(clauses, "failed_charge", dice="1,5", movement=4, distance=9).outcome
    assert outcome["failed"] is False and "move" not in outcome


@pytest.mark.parametrize(
    ("inputs", "violations"),
    [
        ({"wheels": "45"}, []),
        ({"wheels": "90"}, []),
        ({"wheels": "91"}, ["wheel_over_90_degrees"]),
        # "more than 90 degrees": past 90, however little.
        ({"wheels": ">90"}, ["wheel_over_90_degrees"]),
        ({"wheels": ">45"}, []),
        ({"wheels": "> 90"}, ["wheel_over_90_degrees"]),
        ({"wheels": "30,30"}, ["more_than_one_wheel"]),
        (
            {"models_in_contact": 3, "max_models_in_contact": 5},
            ["fewer_models_in_contact_than_possible"],
        ),
        ({"models_in_contact": 3, "max_models_in_contact": 5, "obstacle": True}, []),
        ({"wheel_count": 2}, ["more_than_one_wheel"]),
        ({"wheel_count": 1, "wheels": "45"}, []),
        ({"near_other_units": True}, []),
        ({"charged_side": "flank", "contact_side": "front"}, ["contact_with_another_side"]),
        ({"charged_side": "flank", "contact_side": "flank"}, []),
        ({"wheel_timing": True, "wheels": "45"}, []),
    ],
)
def test_charge_move(clauses: list[Clause], inputs: dict[str, Any], violations: list[str]) -> None:
    outcome = run(clauses, "charge_move", **inputs).outcome
    assert outcome["violations"] == violations
    assert outcome["legal"] is (not violations)


# --- Mordheim ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("inputs", "expected"),
    [
        ({"target": "knocked_down"}, {"can_attack": True, "auto_hit": True, "can_parry": False}),
        (
            {"target": "knocked_down", "wounded": True, "armour_save": False},
            {"out_of_action": True},
        ),
        (
            {"target": "knocked_down", "wounded": True, "armour_save": True},
            {"out_of_action": False},
        ),
        ({"target": "stunned"}, {"can_attack": True, "out_of_action": True}),
        ({"target": "stunned", "downed_by_this_model": True}, {"out_of_action": False}),
        ({"target": "stunned", "standing_enemy": True}, {"can_attack": False}),
        # The save decided by its numbers: needed 5+, rolled 3 fails; needed 4+, rolled 4 passes.
        (
            {"target": "knocked_down", "wounded": True, "save_needed": "5", "save_roll": "3"},
            {"out_of_action": True},
        ),
        (
            {"target": "knocked_down", "wounded": True, "save_needed": "4", "save_roll": "4"},
            {"out_of_action": False},
        ),
        # A save is only taken against a wound: its result says the attack wounded.
        (
            {"target": "knocked_down", "save_needed": "5", "save_roll": "3"},
            {"out_of_action": True},
        ),
        # A save said passed outweighs its numbers.
        (
            {
                "target": "knocked_down",
                "wounded": True,
                "armour_save": True,
                "save_needed": "5",
                "save_roll": "3",
            },
            {"out_of_action": False},
        ),
    ],
)
def test_attacks_on_downed_warriors(
    clauses: list[Clause], inputs: dict[str, Any], expected: dict[str, Any]
) -> None:
    assert expected.items() <= run(clauses, "attack_downed", **inputs).outcome.items()


def test_a_saved_warrior_is_said_to_stay_in_the_game(clauses: list[Clause]) -> None:
    inputs = {"target": "knocked_down", "wounded": True, "save_needed": "4", "save_roll": "5"}
    result = run(clauses, "attack_downed", **inputs)
    assert "This warrior stays in the game." in rule_of(result).explain(result, Writer("en"))


@pytest.mark.parametrize(("standing", "may_leave"), [(0, True), (1, False)])
def test_leaving_combat(clauses: list[Clause], standing: int, may_leave: bool) -> None:
    assert run(clauses, "leave_combat", standing_enemies=standing).outcome["may_leave"] is may_leave


def test_breaking_from_combat(clauses: list[Clause]) -> None:
    outcome = run(clauses, "break_from_combat", opponents=3).outcome
    assert outcome["automatic_hits"] == 3
    assert outcome["may_leave_table_voluntarily"] is False


# --- bad inputs ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_id", "inputs", "message"),
    [
        ("pursuit", {"flee": "7,1"}, "a D6 shows 1 to 6, not 7"),
        ("pursuit", {"flee": 13}, "totals 2 to 12, not 13"),
        ("pursuit", {"flee": "1,2,3"}, "has 2 dice, got 3"),
        ("pursuit", {"flee": "seven"}, "expected a whole number"),
        ("pursuit", {"obstacle": "-2"}, "cannot be negative"),
        ("pursuit", {"colour": "red"}, "has no input 'colour'"),
        ("restrain", {}, "needs leadership"),
        ("restrain", {"leadership": 11}, "at most 10"),
        ("overrun", {"movement": "-5 cm"}, "cannot be negative"),
        ("overrun", {"wiped_out": "perhaps"}, "expected yes or no"),
        ("failed_charge", {}, "needs dice"),
        ("failed_charge", {"dice": "2,7"}, "not 7"),
        ("failed_charge", {"dice": "2,5", "movement": -1}, "cannot be negative"),
        ("failed_charge", {"dice": "2,5", "movement": "4 furlongs"}, "movement"),
        ("failed_charge", {"dice": "2,5", "movement": "45"}, "at most 20in"),
        ("failed_charge", {"dice": "2,5", "movement": "60cm"}, "at most 20in"),
        ("attack_downed", {"target": "asleep"}, "expected one of"),
        ("charge_move", {"wheels": "400"}, "between 0 and 360"),
        ("break_from_combat", {}, "needs opponents"),
    ],
)
def test_bad_input_is_a_clear_error(
    clauses: list[Clause], rule_id: str, inputs: dict[str, Any], message: str
) -> None:
    with pytest.raises(RuleError, match=message):
        run_rule(rule_id, inputs, clauses)


def test_unknown_rule_and_edition(clauses: list[Clause]) -> None:
    with pytest.raises(UnknownRule, match="known rules"):
        run_rule("pizza", {}, clauses)
    with pytest.raises(UnknownRule, match="no edition"):
        run_rule("pursuit", {}, clauses, edition="reglamento-es")


# --- provenance ----------------------------------------------------------------------------


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: f"{r.id}-{r.edition}")
def test_every_provenance_clause_is_in_the_corpus(clauses: list[Clause], rule: Any) -> None:
    ids = rule.locate(clauses, list(rule.provenance))
    own = {c.id for c in clauses if c.game == rule.game and c.edition == rule.edition}
    assert ids and set(ids) <= own


def test_result_is_json_contract(clauses: list[Clause]) -> None:
    data = run(clauses, "pursuit", flee=7, pursuit=7).to_dict()
    assert {"id", "edition", "inputs", "outcome", "clauses"} <= set(data)
    assert data["id"] == "pursuit" and data["outcome"]["caught"] is True
    assert all(isinstance(i, str) and "#" in i for i in data["clauses"])


def test_removed_provenance_clause_fails_the_rule(bot: Refbot, corpus_dir: Path) -> None:
    path = corpus_dir / "warhammer-fantasy/rulebook-en/en/flee-and-pursue.md"
    path.write_text(
        path.read_text(encoding="utf-8").replace("equal to or higher than", "above"),
        encoding="utf-8",
    )
    with pytest.raises(ProvenanceMissing, match="equal to or higher than the fleeing unit"):
        bot.rule("pursuit", {"flee": 7, "pursuit": 7})


def test_a_tie_catches_whatever_the_rolls(clauses: list[Clause]) -> None:
    (result,) = run_rule("pursuit", {"tied": "yes"}, clauses)
    assert result.outcome["caught"] is True
    assert result.outcome["fleeing_unit"] == "destroyed_where_they_stand"
    assert any("equal to or higher" in c.text for c in clauses if c.id in result.clauses)


@pytest.mark.parametrize("given", [{}, {"pursuit": "7"}, {"flee": "7"}])
def test_a_tie_with_one_roll_or_none_is_explained(clauses: list[Clause], given: dict) -> None:
    # "Tied, they rolled 7": the tie decides; the sentence names no roll it was not given.
    (result,) = run_rule("pursuit", {"tied": "yes", **given}, clauses)
    assert "on equal rolls the pursuers catch" in rule_of(result).explain(result, Writer("en"))


def test_a_tie_with_unequal_rolls_is_refused(clauses: list[Clause]) -> None:
    with pytest.raises(RuleError, match="tied"):
        run_rule("pursuit", {"tied": "yes", "flee": "7", "pursuit": "9"}, clauses)


def test_leaving_combat_asked_in_general_states_the_exception(clauses: list[Clause]) -> None:
    result = run(clauses, "leave_combat")
    assert result.outcome["may_leave"] is False
    assert result.outcome["unless_every_enemy_is_down"] is True
    # The exception's clause is cited beside the rule's.
    assert len(result.clauses) >= 2


@pytest.mark.parametrize(
    ("rule", "inputs", "lead"),
    [
        # The clause deciding the situation the question sets up leads the rule's clauses.
        ("charge_move", {"near_other_units": True}, "Правило 1-го дюйма"),
        ("charge_move", {"wheels": "45,30", "wheel_timing": True}, "один поворот на угол"),
        ("charge_move", {"wheels": "120"}, "один поворот на угол"),
        ("flee", {"roll": 7, "pursued": False}, "or has not been pursued"),
        ("flee", {"roll": 7}, "a number of inches equal to their Flee roll"),
        ("flee", {}, 'A unit flees 2D6"'),
        # A charge that reaches: what the charge range is; one that fails: how far it moves.
        ("failed_charge", {"dice": "6,2", "movement": 5, "distance": 7}, "дальность нападения"),
        ("failed_charge", {"dice": "1,2", "movement": 6, "distance": 12}, "наибольшем кубике"),
    ],
)
def test_the_clause_of_the_situation_asked_leads(
    clauses: list[Clause], rule: str, inputs: dict[str, Any], lead: str
) -> None:
    result = run(clauses, rule, **inputs)
    first = next(c.text for c in clauses if c.id == result.clauses[0])
    assert lead in first


@pytest.mark.parametrize(
    ("flee", "pursuit", "stated", "not_stated"),
    [
        (11, 9, "will then move its Pursuit distance", "even if the fleeing unit was caught"),
        (5, 9, "even if the fleeing unit was caught", None),
    ],
)
def test_the_pursuers_move_is_cited_as_the_case_says(
    clauses: list[Clause], flee: int, pursuit: int, stated: str, not_stated: str | None
) -> None:
    result = run(clauses, "pursuit", flee=flee, pursuit=pursuit)
    cited = [c.text for c in clauses if c.id in result.clauses]
    assert any(stated in text for text in cited)
    assert not_stated is None or not any(not_stated in text for text in cited)


@pytest.mark.parametrize(
    ("inputs", "said", "unsaid"),
    [
        # The same model: only that it cannot, not the general way a downed warrior goes out.
        (
            {"target": "knocked_down", "downed_by_this_model": True},
            "The same model cannot",
            "the warrior is out of action",
        ),
        ({"target": "knocked_down"}, "the warrior is out of action", "The same model cannot"),
    ],
)
def test_an_attack_on_a_downed_warrior_is_explained_without_contradiction(
    clauses: list[Clause], inputs: dict[str, Any], said: str, unsaid: str
) -> None:
    result = run(clauses, "attack_downed", **inputs)
    text = rule_of(result).explain(result, Writer("en"))
    assert said in text and unsaid not in text


@pytest.mark.parametrize(
    "value, counts, total, dice",
    [
        ("7", 2, 7, "2D6"),
        ("3,4", 2, 7, "2D6"),
        ("22", (5, 8), 22, None),  # either count makes 22: left open
        ("40", (5, 8), 40, "8D6"),  # only eight dice make 40
        ("6", (5, 8), 6, "5D6"),  # and only five make 6
        ("1,2,3,4,5", (5, 8), 15, "5D6"),  # five faces: five dice
    ],
)
def test_a_roll_is_read_as_the_count_its_faces_or_total_allow(
    value: str, counts: int | tuple[int, ...], total: int, dice: str | None
) -> None:
    roll = parse_roll("roll", value, counts)
    assert roll.total == total and roll.to_dict()["dice"] == dice
    assert roll.to_dict().get("dice_either") == (None if dice else ["5D6", "8D6"])


@pytest.mark.parametrize(
    "value, counts, message",
    [
        ("13", 2, "a 2D6 roll totals 2 to 12, not 13"),
        ("60", (5, 8), "a 5D6 or 8D6 roll totals 5 to 48, not 60"),
        ("3,4", (5, 8), "a 5D6 or 8D6 roll has 5 or 8 dice, got 2"),
    ],
)
def test_an_impossible_roll_names_what_it_could_be(
    value: str, counts: int | tuple[int, ...], message: str
) -> None:
    with pytest.raises(RuleError, match=re.escape(message)):
        parse_roll("roll", value, counts)
