"""Answers and premises shared by the editions of a rule (overrun eligibility is stated by two)."""

from __future__ import annotations

from refbot.i18n import N_, Writer
from refbot.rules.core import Premise, RuleResult

# Asking whether a unit may overrun takes the wiped-out foe for granted, unless the question
# tells of enemies left standing or fleeing.
# What says enemies were left: standing, or fleeing.
LEFT_STANDING = ("flee", "fleeing_enemy", "standing_enemy")
WIPED_OUT_PRESUMED = Premise("yes", unless=LEFT_STANDING)
# Only a charger overruns, so asking whether one may takes the charge for granted, unless the
# question tells of the enemy charging ("they charged me and I wiped them out").
CHARGED_PRESUMED = Premise("yes", unless=("was_charged",))

# Why a unit cannot overrun, by the barrier names the overrun rules report.
REASONS = {
    "did_not_charge": N_("it did not charge"),
    "enemy_not_wiped_out": N_("the enemy was not wiped out"),
    "won_second_fight_this_turn": N_("it already won a second fight this turn"),
    "models_left_after_extra_wounds": N_("models are left after extra wounds"),
    "not_first_turn_of_combat": N_("it was not the first turn of combat"),
}

# What must hold for an overrun, by the barrier names a question left unsettled.
CONDITIONS = {
    "did_not_charge": N_("it charged"),
    "enemy_not_wiped_out": N_("it wiped out its enemy"),
    "not_first_turn_of_combat": N_("this is the first turn of combat"),
}


def explain_overrun(result: RuleResult, writer: Writer) -> str:
    """Say whether and how far a unit may overrun in this edition, or what it depends on."""
    _, outcome = writer.gettext, result.outcome
    label = result.edition_label
    if outcome["eligible"] is False:
        reasons = ", ".join(_(REASONS[k]) for k in outcome["reasons"])
        return _("{edition}: the unit cannot overrun: {reasons}.").format(
            edition=label, reasons=reasons
        )
    if "move" in outcome:
        if outcome.get("dice") is None:
            # The total moved, whichever dice the unit's Movement (not given) called for.
            by_movement = outcome["dice_by_movement"].values()
            dice = writer.alternatives([writer.dice(d, outcome["unit"]) for d in by_movement])
        else:
            dice = writer.dice(outcome["dice"], outcome["unit"])
        text = _(
            "{edition}: the unit may overrun {move} ({dice}) straight ahead; it is not obliged to."
        ).format(edition=label, move=writer.distance(outcome["move"]), dice=dice)
    elif outcome.get("dice") is None:
        by_movement = outcome["dice_by_movement"]
        text = _(
            "{edition}: the unit may overrun {slow} cm (Movement up to 15 cm) or {fast} cm "
            "(Movement above 15 cm), straight ahead; it is not obliged to."
        ).format(edition=label, slow=by_movement["<=15 cm"], fast=by_movement[">15 cm"])
    else:
        text = _(
            "{edition}: the unit may overrun {dice} straight ahead; it is not obliged to."
        ).format(edition=label, dice=writer.dice(outcome["dice"], outcome["unit"]))
    if outcome.get("direction") == "straight_toward_destroyed_unit":
        # The Spanish book's line is the one the fight faced, so a unit charged in the flank
        # overruns to its side: "straight ahead" alone would mislead.
        text += " " + _(
            "In this edition the line runs toward where the destroyed unit stood, even if "
            "that is not the unit's front."
        )
    if outcome.get("stop") == "halted_1_inch_from_obstruction":
        text += " " + _(
            "It halts 1 inch short of the friendly unit or impassable terrain in its way."
        )
    if outcome["eligible"] is None:
        conditions = ", ".join(_(CONDITIONS[k]) for k in outcome["unknown"])
        text += " " + _("This holds only if {conditions}.").format(conditions=conditions)
    return text
