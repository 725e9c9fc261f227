"""Read a question: its language, concepts, numbers, dice and distances, in any language."""

from __future__ import annotations

from dataclasses import dataclass

from refbot.glossary import TOKEN, Glossary, Mention
from refbot.lang import patterns


@dataclass(frozen=True)
class Number:
    """A number in the question, at a token position, with its unit when one was written."""

    value: float
    token: int
    unit: str | None = None

    def text(self) -> str:
        """Return the number as an input string for the rules core ("7", "18cm")."""
        shown = f"{self.value:g}"
        return f"{shown}{self.unit}" if self.unit else shown


@dataclass(frozen=True)
class DiceCount:
    """A dice notation such as 3D6, at a token position."""

    count: int
    token: int


@dataclass(frozen=True)
class Question:
    """A parsed question."""

    text: str
    lang: str
    mentions: tuple[Mention, ...]
    numbers: tuple[Number, ...]
    dice: tuple[tuple[int, ...], ...]
    counts: tuple[DiceCount, ...]

    @property
    def concepts(self) -> set[str]:
        """Return the names of the concepts the question mentions."""
        return {m.concept for m in self.mentions}


def _token_index(text: str) -> list[int]:
    """Return, for each character offset of the lowered text, the index of its token."""
    lowered = text.lower().replace("ё", "е")
    index = [0] * (len(lowered) + 1)
    position = 0
    for number, match in enumerate(TOKEN.finditer(lowered)):
        for offset in range(position, match.end()):
            index[offset] = number
        position = match.end()
    last = len(TOKEN.findall(lowered))
    for offset in range(position, len(index)):
        index[offset] = last
    return index


def parse_question(text: str, lang: str, glossary: Glossary) -> Question:
    """Find the concepts, numbers (with units), die faces and dice counts a question states."""
    # Every language's patterns: a question's detected language may be wrong, its units are not.
    found = patterns()
    at = _token_index(text)
    notation = list(found.notation.finditer(text))
    counts = tuple(DiceCount(int(m.group(1)), at[m.start()]) for m in notation)
    notation_spans = [m.span() for m in notation]
    pairs = list(found.pair.finditer(text))
    dice = tuple((int(m.group(1)), int(m.group(2))) for m in pairs)
    taken = notation_spans + [m.span() for m in pairs]
    numbers = []
    for match in found.number.finditer(text):
        if any(start <= match.start() < end for start, end in taken):
            continue
        unit = "in" if match.group(2) else "cm" if match.group(3) else None
        value = float(match.group(1).replace(",", "."))
        numbers.append(Number(value, at[match.start()], unit))
    mentions = tuple(glossary.find(text, lang))
    return Question(text, lang, mentions, tuple(numbers), dice, counts)
