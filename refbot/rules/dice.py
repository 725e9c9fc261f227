"""Exact dice probabilities with icepool, as fractions in lowest terms."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import icepool

from refbot.i18n import format_fraction
from refbot.rules.core import Roll

# A probability in a rule outcome is its exact fraction; the rule modules import it as `show`.
show = format_fraction


@lru_cache(maxsize=32)
def d6_total(count: int) -> icepool.Die:
    """Return the distribution of the total of `count` six-sided dice."""
    return count @ icepool.d6


def known_or_rolled(roll: Roll | None, count: int) -> icepool.Die:
    """Return a die fixed at a known roll's total, or the distribution of a fresh roll."""
    return icepool.Die([roll.total]) if roll else d6_total(count)


def p_at_most(count: int, target: int) -> Fraction:
    """Return P(total of count D6 <= target)."""
    return Fraction(d6_total(count).probability("<=", target))


def p_catch(flee: Roll | None, pursuit: Roll | None, flee_dice: int, pursuit_dice: int) -> Fraction:
    """Return P(pursuit >= flee) given the rolls already made."""
    flee_die = known_or_rolled(flee, flee_dice)
    pursuit_die = known_or_rolled(pursuit, pursuit_dice)
    return Fraction((pursuit_die >= flee_die).probability(True))


def distribution(count: int) -> dict[int, Fraction]:
    """Return P(total) for every total of count D6."""
    die = d6_total(count)
    return {int(total): Fraction(die.probability(total)) for total in die.outcomes()}
