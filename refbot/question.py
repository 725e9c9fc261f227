"""Read a question: its language, concepts, numbers, dice and distances, in any language."""

from __future__ import annotations

import re
from dataclasses import dataclass

from refbot.glossary import TOKEN, Glossary, Mention

# Units written after a number, in the supported languages.
INCH = r'(?:"|″|\'\'|in\b|inch(?:es)?|дюйм\w*|pulgadas?|zoll|pouces?|poll(?:ici|ice)|cal[ieay]?\b)'
CM = r"(?:cm|см|sm|centímetros?|centimet\w*|zentimeter|сантиметр\w*)"
# A number, an ordinal ending ("1-го", "1st") and a unit, each but the number optional.
NUMBER = re.compile(
    rf"(?<![\w.])(\d+(?:[.,]\d+)?)(?:-?(?:го|й|ого|st|nd|rd|th)\b)?\s*(?:({INCH})|({CM}))?", re.I
)
# Dice notation: 2D6, 3d6, 2Д6 (ru), 2W6 (de), 2K6 (pl).
NOTATION = re.compile(r"(?<!\w)(\d{1,2})\s*[dдwk](6)(?!\w)", re.I)
# Two die faces joined as people write them: "2 and 5", "un 3 y un 6", "2 и 5", "4 und 1".
ARTICLE = r"(?:(?:a|an|un|una|uno|ein|eine|une)\s+)?"
JOIN = r"(?:\s*,\s+|\s*[&+]\s*|\s+(?:and|y|e|et|und|и|i|или|or|o|oder|ou|lub|en|of)\s+)"
PAIR = re.compile(rf"(?<![\w.,])([1-6]){JOIN}{ARTICLE}([1-6])(?!\w|[.,]\d)", re.I)


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
    at = _token_index(text)
    counts = tuple(DiceCount(int(m.group(1)), at[m.start()]) for m in NOTATION.finditer(text))
    notation_spans = [m.span() for m in NOTATION.finditer(text)]
    pairs = list(PAIR.finditer(text))
    dice = tuple((int(m.group(1)), int(m.group(2))) for m in pairs)
    taken = notation_spans + [m.span() for m in pairs]
    numbers = []
    for match in NUMBER.finditer(text):
        if any(start <= match.start() < end for start, end in taken):
            continue
        unit = "in" if match.group(2) else "cm" if match.group(3) else None
        value = float(match.group(1).replace(",", "."))
        numbers.append(Number(value, at[match.start()], unit))
    mentions = tuple(glossary.find(text, lang))
    return Question(text, lang, mentions, tuple(numbers), dice, counts)
