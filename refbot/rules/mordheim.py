"""Mordheim, Russian rulebook: knocked-down and stunned warriors, leaving and breaking combat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from refbot.hookspecs import hookimpl
from refbot.i18n import N_, Writer
from refbot.rules.core import Context, Cue, Inputs, Param, Rule, RuleResult

GAME, EDITION, LANG = "mordheim", "rulebook-ru", "ru"


def attack_downed(inputs: Inputs, ctx: Context) -> tuple[dict[str, Any], list[str]]:
    """Attacks on a warrior who is knocked down or stunned."""
    target = inputs["target"]
    if inputs.get("standing_enemy"):
        return {"can_attack": False, "reason": "engaged_with_standing_enemy"}, ["standing"]
    outcome: dict[str, Any] = {"can_attack": True}
    tags = []
    same_model = bool(inputs.get("downed_by_this_model"))
    if same_model:
        tags.append("same_model")
    if target == "stunned":
        outcome["out_of_action"] = not same_model
        return outcome, [*tags, "stunned"]
    outcome.update(auto_hit=True, can_parry=False)
    wounded, saved = inputs.get("wounded"), inputs.get("armour_save")
    needed, rolled = inputs.get("save_needed"), inputs.get("save_roll")
    if saved is None and needed is not None and rolled is not None:
        # "needed 5+, rolled 3": the save is passed on the score needed or more.
        saved = rolled.total >= needed
    if wounded is None and saved is not None:
        wounded = True  # a save is only taken against a wound
    if same_model or wounded is False or saved is True:
        outcome["out_of_action"] = False
    elif wounded and saved is False:
        outcome["out_of_action"] = True
    else:
        outcome["out_of_action_if"] = "wounded_and_armour_save_failed"
    return outcome, [*tags, "knocked_down"]


def leave_combat(inputs: Inputs, ctx: Context) -> tuple[dict[str, Any], list[str]]:
    """Warriors in combat may leave it only when every enemy is knocked down or stunned."""
    if inputs.get("standing_enemies") is None:
        # Asked in general ("may I just walk out of a fight?"): no, with the one exception.
        return {
            "may_leave": False,
            "may_attack_other_enemies": False,
            "unless_every_enemy_is_down": True,
        }, ["exception"]
    may_leave = inputs["standing_enemies"] == 0
    return {"may_leave": may_leave, "may_attack_other_enemies": may_leave}, (
        ["exception"] if may_leave else []
    )


def break_from_combat(inputs: Inputs, ctx: Context) -> tuple[dict[str, Any], list[str]]:
    """A warrior who breaks from combat takes one automatic hit from each opponent."""
    opponents = inputs["opponents"]
    return {
        "automatic_hits": opponents,
        "hits_per_opponent": 1,
        "resolved": "immediately",
        "may_leave_table_voluntarily": False,
    }, []


def explain_attack_downed(result: RuleResult, writer: Writer) -> str:
    """Say whether and how a knocked-down or stunned warrior can be attacked."""
    _, outcome, inputs = writer.gettext, result.outcome, result.inputs
    if not outcome["can_attack"]:
        return _(
            "A model fighting an enemy who is still standing cannot attack knocked-down or stunned warriors."
        )
    parts = []
    if inputs.get("downed_by_this_model"):
        parts.append(
            _(
                "The same model cannot down an enemy and then take it out of action in the same phase; another attacker can."
            )
        )
    if inputs["target"] == "stunned":
        if outcome["out_of_action"]:
            parts.append(
                _(
                    "A stunned warrior is taken out of action automatically when an enemy can attack it."
                )
            )
    elif not inputs.get("downed_by_this_model"):
        # Said beside "the same model cannot take it out", the general rule reads as if it could.
        parts.append(
            _(
                "Attacks against a knocked-down warrior hit automatically and cannot be parried; "
                "if one wounds and the armour save fails, the warrior is out of action."
            )
        )
        if outcome.get("out_of_action") is True:
            parts.append(_("This warrior is out of action."))
        elif outcome.get("out_of_action") is False and not inputs.get("downed_by_this_model"):
            parts.append(_("This warrior stays in the game."))
    return " ".join(parts)


def explain_leave_combat(result: RuleResult, writer: Writer) -> str:
    """Say whether the warrior may leave the combat."""
    if result.outcome["may_leave"]:
        return writer.gettext(
            "Every enemy is down, so the warrior may leave the combat and even attack other enemies."
        )
    if result.outcome.get("unless_every_enemy_is_down"):
        return writer.gettext(
            "Warriors cannot leave a combat in their movement phase, unless every enemy in it is knocked down or stunned."
        )
    return writer.gettext(
        "Warriors cannot leave a combat in their movement phase while an enemy still stands."
    )


def explain_break_from_combat(result: RuleResult, writer: Writer) -> str:
    """Say how many automatic hits a warrior breaking from combat takes."""
    opponents = result.outcome["automatic_hits"]
    return writer.ngettext(
        "The warrior breaks and runs: its {n} opponent strikes it with one automatic hit, resolved at once.",
        "The warrior breaks and runs: each of its {n} opponents strikes it with one automatic hit, resolved at once.",
        opponents,
    ).format(n=opponents)


RULES = [
    Rule(
        "attack_downed",
        GAME,
        EDITION,
        LANG,
        None,
        "knocked_down",
        "Attacks on a knocked-down warrior hit automatically and cannot be parried; a stunned "
        "warrior is taken out of action; one model cannot both down and take out the same enemy "
        "in one phase; no attacking downed enemies while a standing one fights you.",
        (
            Param(
                "target",
                "choice",
                N_("the target's state"),
                required=True,
                choices=("knocked_down", "stunned"),
                cue=Cue(("knocked_down", "stunned")),
            ),
            Param(
                "standing_enemy",
                "bool",
                N_("the attacker is fighting an enemy still standing"),
                cue=Cue(("standing_enemy",)),
            ),
            Param(
                "downed_by_this_model",
                "bool",
                N_("this same model downed the target this phase"),
                # "downed him with his first attack; another of my warriors then attacks him".
                cue=Cue(
                    ("multiple_attacks",),
                    unless=("other_model",),
                    before=("knocked_down", "stunned"),
                ),
            ),
            Param(
                "wounded",
                "bool",
                N_("an attack wounded the knocked-down target"),
                cue=Cue(("wound",)),
            ),
            # "failed his armour save", "не проходит тест на защиту", "passa na salvaguarda": read
            # when passing or failing is said, since a save merely named ("what about his save?")
            # was neither.
            Param(
                "armour_save",
                "bool",
                N_("the target passed its armour save"),
                cue=Cue(("save_passed",), unless=("failed",), denied_by=("save_passed",)),
            ),
            # "il lui fallait 5+, il fait 3": the save is decided by its two numbers.
            Param(
                "save_needed",
                "int",
                N_("the armour save the target needs (5+: 5)"),
                low=2,
                high=6,
                cue=Cue(("armour_save",), by_order=False, needed=True),
            ),
            Param(
                "save_roll",
                "roll",
                N_("the target's armour save roll (1D6)"),
                dice=1,
                cue=Cue(("armour_save",), by_order=False, against="save_needed"),
            ),
        ),
        attack_downed,
        {
            "knocked_down": (
                "Все атаки против сбитого с ног воина автоматически считаются попавшими",
                "не может парировать",
                "не проходит тест на защиту доспехами",
            ),
            "stunned": ("Оглушенная модель автоматически выводится из игры",),
            "same_model": ("не может оглушить/сбить с ног и затем",),
            "standing": ("который всё ещё на ногах",),
        },
        title=N_("Attacking a warrior on the ground"),
        explain=explain_attack_downed,
        when=(("knocked_down",), ("stunned",)),
    ),
    Rule(
        "leave_combat",
        GAME,
        EDITION,
        LANG,
        None,
        "leaving_combat",
        "Warriors in hand-to-hand combat cannot leave it in their movement phase, unless every "
        "enemy is knocked down or stunned.",
        (
            Param(
                "standing_enemies",
                "int",
                N_("enemies in the fight still standing"),
                low=0,
                cue=Cue(("standing_enemy",), unless=("knocked_down", "stunned"), named="1"),
            ),
        ),
        leave_combat,
        {
            "base": ("не могут уйти из него во время своей фазы передвижения",),
            "exception": (
                "Исключением из этого правила является ситуация",
                "может по желанию выйти из ближнего боя",
            ),
        },
        title=N_("Leaving combat"),
        explain=explain_leave_combat,
        # "In combat with an orc still on his feet: may I get out in my movement phase?" is
        # the situation whatever the verb for going.
        when=(
            ("leave_combat",),
            ("close_combat", "standing_enemy", "movement"),
            ("mordheim", "close_combat", "movement"),
        ),
        # "May I just walk out of a fight?": the rule answers with its exception, no input needed.
        general=True,
    ),
    Rule(
        "break_from_combat",
        GAME,
        EDITION,
        LANG,
        None,
        "breaking_from_combat",
        "A warrior who breaks from combat takes one automatic hit from each opponent, resolved "
        "at once; warriors cannot leave the battlefield voluntarily.",
        (
            Param(
                "opponents",
                "int",
                N_("opponents in the fight"),
                required=True,
                low=1,
                # "in contact with three of them": the opponents are the models in contact.
                cue=Cue(("close_combat", "contact")),
                listed=True,
            ),
        ),
        break_from_combat,
        {
            "base": (
                "производя каждый по одному попаданию",
                "не могут покинуть поле боя по собственному желанию",
            )
        },
        title=N_("Breaking from combat"),
        explain=explain_break_from_combat,
        # In Mordheim a warrior who flees a fight breaks from combat; fleeing and taking
        # automatic hits, or hits counted in a fight, is that situation whatever the game's name
        # (no other rule has both); so is counting automatic hits in Mordheim without a warrior
        # on the ground (that is attacking a downed warrior, whose own words name it).
        when=(
            ("break_from_combat",),
            ("mordheim", "flee"),
            ("flee", "automatic_hit"),
            ("mordheim", "automatic_hit", "quantity"),
            # "убегает из боя … сколько ударов?"; a unit shot at as it flees is in no fight.
            ("flee", "close_combat", "hits"),
        ),
    ),
]


@hookimpl
def register_rules(register: Callable[[Rule], None]) -> None:
    """Register the Mordheim rulebook's rules on downed warriors and leaving combat."""
    for rule in RULES:
        register(rule)
