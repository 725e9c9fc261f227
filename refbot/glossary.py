"""The multilingual glossary: game concepts, their terms per language, and matching on stems."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import Stemmer
import yaml

from refbot.corpus import load_yaml
from refbot.errors import CorpusError
from refbot.lang import (
    CODES,
    all_languages,
    compound_links,
    false_friends,
    ordinal_nouns,
    stem_rewrites,
)
from refbot.lang import get as get_language
from refbot.lang import stemmer as snowball_algorithm
from refbot.scripts import UNSPACED, space_scripts

KINDS = ("rule", "term", "intent", "other_game", "topic", "part", "plain")
# Kinds that decline a question: read only as written (a term or its plural), never by stem
# alone, since a stem shared with an everyday word ("sortir" / "sort", "punto" / "punti") would
# refuse a question the corpus answers.
WHOLE_WORDS = frozenset({"topic", "other_game"})
# A word's letters with their combining marks: Arabic vowel signs and shadda ("فرّت"), and the
# accents of text written decomposed, are part of the word they sit on.
MARKS = "\u0300-\u036f\u064b-\u065f\u0670"
TOKEN = re.compile(rf"[\w{MARKS}]+(?:['’][\w{MARKS}]+)*", re.U)
# Arabic vowel signs, tanween and shadda are mostly unwritten: a word is read without them
# ("محاربًا" as "محاربا"), as its terms are.
ARABIC_MARKS = re.compile("[\u064b-\u065f\u0670]")
SUFFIX_LETTERS = 3  # "'da", "'nın", "'s": what follows an apostrophe in a suffix, at most
WINDOW_SLACK = 3  # words a multi-word term may be spread over, beyond its own length
TERMS_IN_CLAUSE = True  # multi-word terms within one sentence, out of brackets (ablation)
# Marks that end what one term can span (a point is handled apart: "1. Runde" is an ordinal).
CLAUSE_MARKS = ";!?()…\n"
# Words apart at most for the parts of a concept said in parts ("killed every last one of them":
# a word for killing and one for all of them make a wipe-out).
PARTS_WINDOW = 6
PARTS_READ = True  # ablation switch
COMPOUNDS_READ = True  # "Angriffswürfel" read as its two words' concepts (ablation switch)
COMPOUND_PART = 4  # the fewest letters of each word of a compound read in two
MAX_COMPOUND = 40  # a longer "word" is no compound of two terms (and would cost a stem a cut)
NAME_LETTERS = 6  # a game's one-word name this long or longer is also read inflected
INFLECTED_NAMES = True  # ablation switch
# "menos de 1 polegada" says the term "menos de uma polegada": a number word of a term and a
# digit in a text are the same word (ablation switch).
NUMBERS_AS_DIGITS = True
# A run of a script written without spaces: its words are parted by the glossary's (segment).
UNSPACED_RUN = re.compile(f"[{UNSPACED}]+")
SEGMENTED = True  # ablation switch: Chinese, Japanese, Korean words parted by the glossary's
READ_AS_QUESTIONS = True  # clauses spaced and parted as questions are (ablation switch)
ELIDED = frozenset({"d"})  # French and Italian elided "de"
ELIDED_READ = True  # ablation switch: "d'un" is "un"
LISTED_FIRST = True  # a term read out of order over its listed match is dropped (ablation)
SHARED_WORDS_DROPPED = True  # ablation switch: a word belongs to the term written in order
LETTER_LINKED = True  # ablation switch: "M de 20 cm" is Movement 20 cm
STEM_REWRITES_READ = True  # ablation switch: French "détalent" stemmed as "détale"


@lru_cache(maxsize=64)
def stemmer_for(lang: str) -> Any:
    """Return a language's Snowball stemmer (PyStemmer), or None where there is none."""
    algorithm = snowball_algorithm(lang)
    return Stemmer.Stemmer(algorithm) if algorithm else None


def tokenize(text: str) -> list[str]:
    """Return the lowercased word tokens of text (numbers included), one per TOKEN match."""
    return [_word(_composed(t.replace("’", "'"))) for t in TOKEN.findall(fold(text))]


def _composed(token: str) -> str:
    """Return a token with its accents composed ("huyó" written decomposed), Arabic marks off."""
    if token.isascii():
        return token
    return ARABIC_MARKS.sub("", unicodedata.normalize("NFC", token))


def fold(text: str) -> str:
    """Return text lowercased as tokens are read, one character for one: "İki" is "iki", "ё" "е".

    Python lowercases the Turkish "İ" to two characters, which would move every later offset.
    """
    return text.replace("İ", "i").lower().replace("ё", "е")


def _word(token: str) -> str:
    """Return the word of a token with an apostrophe: "l'inseguimento", "Mordheim'da", "unit's".

    A short tail is a suffix (Turkish case endings on names, English "'s"): keep the head. A long
    tail, or one after an elided "de" (French, Italian), is the word: keep the tail.
    """
    if "'" not in token:
        return token
    head, _, tail = token.rpartition("'")
    head = head.split("'")[-1]
    # "d'un", "d'une": an elided "de" before a short word. Not "l'", which is as often a pronoun
    # ("l'ont chargé", "l'ha caricato") as an article, nor "m'" ("m'ont chargé": charged me).
    if len(tail) > SUFFIX_LETTERS or (ELIDED_READ and head in ELIDED and len(tail) > 1):
        return tail
    return head


def stem_tokens(tokens: list[str], lang: str) -> list[str]:
    """Return the Snowball stems of tokens, or the tokens themselves for a language without one."""
    stemmer = stemmer_for(lang)
    for pattern, replacement in stem_rewrites(lang) if STEM_REWRITES_READ else ():
        tokens = [pattern.sub(replacement, token) for token in tokens]
    return list(stemmer.stemWords(tokens)) if stemmer else list(tokens)


def _in_digits(word: str, lang: str) -> tuple[str, ...] | None:
    """Return a term's stems with its number words, as written, in digits; None if it has none.

    As written, not by stem: Spanish "nuevo" stems like "nueve" and is no 9.
    """
    if lang not in CODES:
        return None
    numbers = get_language(lang).numbers
    tokens = tokenize(word)
    if not any(token in numbers for token in tokens):
        return None
    stems = stem_tokens(tokens, lang)
    return tuple(str(numbers[t]) if t in numbers else s for t, s in zip(tokens, stems, strict=True))


def analyze(text: str, lang: str) -> list[str]:
    """Return the stemmed tokens of text in its language."""
    return stem_tokens(tokenize(text), lang)


@dataclass(frozen=True)
class Mention:
    """A concept found in a text, at token positions [start, end)."""

    concept: str
    start: int
    end: int
    # Said in parts ("more or less, without touching it"): its span holds other words too.
    in_parts: bool = False
    # Guessed from the nearest term of a word no glossary term lists (refbot.terms).
    guessed: bool = False


@dataclass(frozen=True)
class Concept:
    """A game concept and its stemmed terms in each language."""

    name: str
    kind: str
    terms: dict[str, tuple[tuple[str, ...], ...]]
    words: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the terms as written
    # What to call the concept in each language, where its first term is no good name for it.
    names: dict[str, str] = field(default_factory=dict)
    # Terms read only as written or with -s/-es, never by stem ("=kans": not Dutch "kan").
    exact: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Groups of concepts that, said near one another, say this one: "kill" + "all" is a wipe-out,
    # "leave" + "close combat" leaving it. A `part` says nothing alone: it is never a mention.
    together: tuple[tuple[str, ...], ...] = ()
    # At most this many other words between the parts of a group (when None, PARTS_WINDOW
    # words over the span less one a part): "muss ich verfolgen", "obligé de poursuivre" ask
    # whether pursuing is a choice; "muss ich würfeln, wenn ich verfolge" does not.
    together_within: int | None = None
    # The concept this one is the denial of: restraining is not pursuing, so "instead of
    # chasing them", "zamiast gnać za wrogiem" say "restrain".
    denial_of: str | None = None
    # A length under this many inches names the concept too: units "half an inch apart" are
    # within the 1" rule whatever words say so.
    closer_than: float | None = None
    # The concepts a negated term of this one qualifies rather than denies: "nie zdał szarży"
    # (did not pass the charge) is a failed charge, not no charge.
    qualifies: tuple[str, ...] = ()
    # A topic players name on the way to a situation the corpus covers ("after combat resolution,
    # must I pursue?"): it declines a question only when no covered rule is named beside it.
    lead_in: bool = False

    def title(self, lang: str) -> str:
        """Return what to call the concept in a language: its name or first term, else English."""
        for title in (
            self.names.get(lang),
            *self.words.get(lang, ())[:1],
            self.names.get("en"),
            *self.words.get("en", ())[:1],
        ):
            if title:
                return title
        return self.name.replace("_", " ")


class Glossary:
    """Concepts with their terms, matched on stems in any of the glossary's languages."""

    def __init__(self, concepts: dict[str, Concept]) -> None:
        self.concepts = concepts
        # Each concept a denial says, by the concept denied: "pursue" → "restrain".
        self.denials = {c.denial_of: c.name for c in concepts.values() if c.denial_of}
        # The gap under which each concept a length names is named, in inches: inch_rule, 1.
        self.closer_than = {
            c.name: c.closer_than for c in concepts.values() if c.closer_than is not None
        }
        # (qualifier, qualified): "nie zdał szarży" is a failed charge, not no charge.
        self.qualifying = frozenset((c.name, q) for c in concepts.values() for q in c.qualifies)
        # The languages with terms: plain words alone make no language the glossary's.
        self.languages = sorted(
            {lang for c in concepts.values() if c.kind != "plain" for lang in c.terms}
        )
        # For each language, every stem that occurs in a term → the (concept, term) pairs using it.
        self._by_stem: dict[str, dict[str, list[tuple[str, tuple[str, ...]]]]] = {}
        # The terms with a number word, that word in digits, read in questions only ("menos de
        # 1 polegada" says "menos de uma polegada"; no number word in a question is read as a
        # digit: "un" is also an article); and each such term's stems as written.
        self._by_digit_stem: dict[str, dict[str, list[tuple[str, tuple[str, ...]]]]] = {}
        self._digit_terms: dict[tuple[str, str, tuple[str, ...]], tuple[str, ...]] = {}
        # For the terms only ever read whole (the concepts that decline a question, and terms
        # written "=kans"), each stemmed term's written forms, by language.
        self._written: dict[tuple[str, str, tuple[str, ...]], list[tuple[str, ...]]] = {}
        # Other games' one-word names, lowercased, with their concept, by their first letters
        # (all but the last of the shortest): a word is compared only with names it starts like.
        self._names: dict[str, list[tuple[str, str]]] = {}
        # For each language, its words written in a script without spaces (segment), on first use.
        self._unspaced: dict[str, frozenset[str]] = {}
        self._longest_unspaced: dict[str, int] = {}  # the longest of them, by language
        # The concepts said in parts, each with one group of the concepts that say it together.
        self._together = [
            (
                c.name,
                group,
                PARTS_WINDOW if c.together_within is None else c.together_within,
                c.together_within is not None,
            )
            for c in concepts.values()
            for group in c.together
        ]
        for concept in concepts.values():
            for lang, words in concept.words.items():
                whole = words if concept.kind in WHOLE_WORDS else concept.exact.get(lang, ())
                for word in whole:
                    key = (lang, concept.name, tuple(analyze(word, lang)))
                    self._written.setdefault(key, []).append(tuple(tokenize(word)))
            if concept.kind == "other_game":
                for words in concept.words.values():
                    for word in words:
                        name = tokenize(word)
                        if len(name) == 1 and len(name[0]) >= NAME_LETTERS and name[0].isalpha():
                            head = name[0][: NAME_LETTERS - 1]
                            self._names.setdefault(head, []).append((name[0], concept.name))
            if concept.kind == "plain":
                continue  # never matched: only the nearest term of an unlisted word (terms.py)
            for lang, terms in concept.terms.items():
                table = self._by_stem.setdefault(lang, {})
                for term in terms:
                    for part in dict.fromkeys(term):
                        table.setdefault(part, []).append((concept.name, term))
                by_digit = self._by_digit_stem.setdefault(lang, {})
                for word in concept.words.get(lang, ()):
                    in_digits = _in_digits(word, lang)
                    if in_digits is None:
                        continue
                    self._digit_terms[(lang, concept.name, in_digits)] = tuple(analyze(word, lang))
                    for part in dict.fromkeys(in_digits):
                        by_digit.setdefault(part, []).append((concept.name, in_digits))

    def segment(self, text: str, lang: str) -> str:
        """Return text with the glossary's words of a script written without spaces parted.

        "逃走ロールが12、追撃側は10" reads as "逃走 ロールが12、追撃 側は10": the language's words
        (its terms and negations) that cover most of each run are words of their own, so terms
        are matched, and negations read, as in a spaced script. Korean particles part the same
        way ("도주를" is "도주 를").
        """
        words = self._unspaced_words(lang) if SEGMENTED else frozenset()
        if not words:
            return text
        longest = self._longest_unspaced[lang]

        def parted(run: re.Match[str]) -> str:
            return " ".join(_covering_words(run.group(0), words, longest))

        return UNSPACED_RUN.sub(parted, text)

    def readable(self, text: str, lang: str) -> str:
        """Return text spaced and parted as a question in lang is read: a clause of an uploaded
        Chinese, Japanese or Korean rulebook is matched as its questions are."""
        return self.segment(space_scripts(text), lang) if READ_AS_QUESTIONS else text

    def segments(self, lang: str) -> bool:
        """Return whether a language's terms are words of a script written without spaces."""
        return bool(self._unspaced_words(lang))

    def _unspaced_words(self, lang: str) -> frozenset[str]:
        """Return a language's words of terms, negations and counts of times written unspaced."""
        if lang in self._unspaced:
            return self._unspaced[lang]
        words = [w for c in self.concepts.values() for w in c.words.get(lang, ())]
        if lang in CODES:
            language = get_language(lang)
            words += [*language.negations, *language.trailing_negations]
            words += [word for word, _ in language.times]
        # Not a single character, a negation's either: "别" parts "别的单位" (another unit), "안"
        # parts "안에" (inside).
        self._unspaced[lang] = frozenset(
            token
            for word in words
            for token in tokenize(word)
            if len(token) > 1 and UNSPACED_RUN.fullmatch(token)
        )
        self._longest_unspaced[lang] = max(map(len, self._unspaced[lang]), default=0)
        return self._unspaced[lang]

    def game_names(self, games: Iterable[str]) -> frozenset[str]:
        """Return the names of games as written, lowercased: those named after `games` and others.

        A game's name is the same word in every language ("Mordheim", "Kings of War"), so it
        tells nothing of the language a question is written in.
        """
        named = set(games)
        return frozenset(
            word.lower()
            for concept in self.concepts.values()
            if concept.name in named or concept.kind == "other_game"
            for words in concept.words.values()
            for word in words
        )

    def find(
        self,
        text: str,
        lang: str,
        extra_langs: Iterable[str] = ("en",),
        digits: bool = False,
    ) -> list[Mention]:
        """Return the concepts text mentions, by the terms of its language (and extra_langs).

        With `digits` (a question's text), a digit also says a term's number word: "a menos de
        1 polegada" is "a menos de uma polegada". Clauses are read as their terms are written.
        """
        langs = [lang, *extra_langs] if lang in self.languages else self.languages
        tokens = tokenize(text)
        clauses = (
            token_clauses(fold(text), ordinal_nouns(lang)) if TERMS_IN_CLAUSE else [0] * len(tokens)
        )
        found: dict[tuple[str, int], Mention] = {}
        # Words each multi-word term took, and which terms were written as listed, in order.
        used: dict[tuple[str, int], frozenset[int]] = {}
        in_order: set[tuple[str, int]] = set()
        for term_lang in dict.fromkeys(langs):
            # Another language's terms are not looked for in this one's false friends.
            blocked = false_friends(lang) if term_lang != lang else frozenset()
            stems = stem_tokens(tokens, term_lang)
            table = self._by_stem.get(term_lang, {})
            in_digits = (
                self._by_digit_stem.get(term_lang, {}) if digits and NUMBERS_AS_DIGITS else {}
            )
            for start, stem in enumerate(stems):
                if tokens[start] in blocked:
                    continue
                # A term read in digits keeps the written forms of the term it stands for.
                candidates = [(c, t, t) for c, t in table.get(stem, ())] + [
                    (c, t, self._digit_terms[(term_lang, c, t)]) for c, t in in_digits.get(stem, ())
                ]
                for concept, term, stated in candidates:
                    if _letter_without_value(term, tokens, start):
                        continue
                    end = _match_at(term, stems, start, clauses)
                    written = self._written.get((term_lang, concept, stated))
                    if end and written and not _written_in(written, tokens[start:end]):
                        end = 0  # "sortir" is no "sort", "a quel punto" no "punti"
                    if not end:
                        continue
                    key = (concept, start)
                    # A term written as listed, in order, stands for its concept here before
                    # one of its spread terms does.
                    listed = tuple(stems[start : start + len(term)]) == term
                    if key not in found or (listed and key not in in_order):
                        found[key] = Mention(concept, start, end)
                        used[key] = _words_taken(term, stems, start, end)
                        if listed:
                            in_order.add(key)
        if LISTED_FIRST:
            # "did not charge, they were charged": "charge … were" read out of order is no
            # second "were charged" where the term is written as listed, over the same words.
            as_listed = [(c, found[(c, s)]) for c, s in in_order]
            for key in [k for k in found if k not in in_order]:
                m = found[key]
                if any(c == key[0] and m.start < o.end and o.start < m.end for c, o in as_listed):
                    del found[key]
        if SHARED_WORDS_DROPPED:
            _drop_shared_words(found, used, in_order)
        if COMPOUNDS_READ:
            covered = {t for (_, start), m in found.items() for t in range(start, m.end)}
            for start, token in enumerate(tokens):
                if start not in covered:
                    for concept in self._compound_parts(token, lang):
                        found.setdefault((concept, start), Mention(concept, start, start + 1))
        for start, token in enumerate(tokens):
            for concept in self._inflected_name(token):
                found.setdefault((concept, start), Mention(concept, start, start + 1))
        if PARTS_READ:
            found.update(self._said_in_parts(found.values()))
        # A later match of a multi-word term inside an earlier one of the same concept is the same.
        mentions = sorted(
            (m for m in found.values() if self.concepts[m.concept].kind != "part"),
            key=lambda m: (m.start, m.concept),
        )
        # Overlapping ones ("roll its charge" and "charge range") are one mention spanning both.
        kept: list[Mention] = []
        for m in mentions:
            same = (i for i, k in enumerate(kept) if k.concept == m.concept)
            at = next((i for i in same if kept[i].start <= m.start < kept[i].end), None)
            if at is None:
                kept.append(m)
            elif m.end > kept[at].end:
                kept[at] = Mention(m.concept, kept[at].start, m.end, m.in_parts)
        return kept

    def _said_in_parts(self, mentions: Iterable[Mention]) -> dict[tuple[str, int], Mention]:
        """Return the concepts said in parts: every part of a group within PARTS_WINDOW words."""
        parts: dict[str, list[Mention]] = {}
        for m in mentions:
            parts.setdefault(m.concept, []).append(m)
        found: dict[tuple[str, int], Mention] = {}
        for concept, group, within, exact in self._together:
            if not all(name in parts for name in group):
                continue
            first, *rest = group
            for anchor in parts[first]:
                near = [
                    min(parts[name], key=lambda m: abs(m.start - anchor.start)) for name in rest
                ]
                said = [anchor, *near]
                start = min(m.start for m in said)
                end = max(m.end for m in said)
                # Words between the parts, a multi-word part counting as one.
                between = end - start - sum(m.end - m.start for m in said)
                if (between if exact else end - start - len(said)) <= within:
                    found.setdefault((concept, start), Mention(concept, start, end, True))
        return found

    def _compound_parts(self, token: str, lang: str) -> list[str]:
        """Return the concepts of a compound's two words: "Angriffswürfel" is charge and roll.

        Only where both words are one-word terms of the language, joined by one of its links.
        """
        links = compound_links(lang)
        table = self._by_stem.get(lang, {})
        if not links or not 2 * COMPOUND_PART <= len(token) <= MAX_COMPOUND:
            return []
        for cut in range(COMPOUND_PART, len(token) - COMPOUND_PART + 1):
            head = self._one_word_concepts(token[cut:], lang, table)
            if not head:
                continue
            for link in links:
                if link and not token[:cut].endswith(link):
                    continue
                modifier = token[: cut - len(link)] if link else token[:cut]
                if len(modifier) < COMPOUND_PART:
                    continue
                first = self._one_word_concepts(modifier, lang, table)
                if first:
                    return list(dict.fromkeys([*first, *head]))
        return []

    def _one_word_concepts(
        self, word: str, lang: str, table: dict[str, list[tuple[str, tuple[str, ...]]]]
    ) -> list[str]:
        """Return the concepts a word is a one-word term of (no topics, no games)."""
        (stem,) = stem_tokens([word], lang)
        return [
            concept
            for concept, term in table.get(stem, ())
            if len(term) == 1 and self.concepts[concept].kind not in WHOLE_WORDS
        ]

    def _inflected_name(self, token: str) -> list[str]:
        """Return the other games a word names in an inflected form ("Warmasterze", "Некромунде").

        A game's one-word name of NAME_LETTERS or more letters, less at most its last letter,
        followed by an ending of at most SUFFIX_LETTERS letters: case endings, never another word.
        """
        if not INFLECTED_NAMES or len(token) < NAME_LETTERS or not token.isalpha():
            return []
        return [
            concept
            for name, concept in self._names.get(token[: NAME_LETTERS - 1], ())
            if token != name
            and token.startswith(name[:-1])
            and len(token) - len(name) + 1 <= SUFFIX_LETTERS
        ]

    def likeliest_language(self, text: str) -> str | None:
        """Return the one language whose terms cover the most words of text, if one does.

        For a question too short or too mixed for language identification ("fuga 5,
        inseguimento 4. presi o no?"): its rule words say which glossary it is written in.
        """
        covered = {
            lang: len(
                {
                    t
                    for m in self.find(self.segment(text, lang), lang, ())
                    for t in range(m.start, m.end)
                }
            )
            for lang in self.languages
        }
        best = max(covered.values(), default=0)
        leaders = [lang for lang, n in covered.items() if n == best]
        return leaders[0] if best and len(leaders) == 1 else None

    def concepts_in(self, text: str, lang: str, extra_langs: Iterable[str] = ("en",)) -> set[str]:
        """Return the set of concept names text mentions, read as a question in lang is."""
        return {m.concept for m in self.find(self.readable(text, lang), lang, extra_langs)}


def _words_taken(term: tuple[str, ...], stems: list[str], start: int, end: int) -> frozenset[int]:
    """Return the positions of the words a term matched from start to end took, one a word."""
    taken: set[int] = set()
    for part in term:
        at = next((i for i in range(start, end) if stems[i] == part and i not in taken), None)
        if at is not None:
            taken.add(at)
    return frozenset(taken)


def _drop_shared_words(
    found: dict[tuple[str, int], Mention],
    used: dict[tuple[str, int], frozenset[int]],
    in_order: set[tuple[str, int]],
) -> None:
    """Drop a term spread or reordered over words another concept's term took as written.

    "сбил с ног охотника на ведьм" is "knocked down", not also "на ногах" (standing) read
    backwards from the same "ног"; a term written inside the spread one ("how many [automatic
    hits]") leaves it whole.
    """
    for key in [k for k in found if k not in in_order and len(used.get(k, ())) > 1]:
        if any(
            other[0] != key[0]
            and other in in_order
            and len(used.get(other, ())) > 1
            and used[other] & used[key]
            and not min(used[key]) <= min(used[other]) <= max(used[other]) <= max(used[key])
            for other in found
        ):
            del found[key]


def inside_other_term(mention: Mention, mentions: Sequence[Mention], glossary: Glossary) -> bool:
    """Return whether a mention sits inside a longer one of another kind ("charge range")."""
    kind = glossary.concepts[mention.concept].kind
    return inside_longer(
        mention, [o for o in mentions if glossary.concepts[o.concept].kind != kind]
    )


def inside_longer(mention: Mention, mentions: Sequence[Mention]) -> bool:
    """Return whether a mention sits inside a longer one ("charge" in "charge range")."""
    return any(
        o.start <= mention.start
        and mention.end <= o.end
        and o.end - o.start > mention.end - mention.start
        for o in mentions
    )


def _written_in(forms: list[tuple[str, ...]], tokens: list[str]) -> bool:
    """Return whether every word of one written form is among tokens, or that word plus -s/-es."""
    return any(
        all(any(t in (word, word + "s", word + "es") for t in tokens) for word in form)
        for form in forms
    )


def _letter_without_value(term: tuple[str, ...], tokens: list[str], start: int) -> bool:
    """Return whether a one-letter term ("M", "B" of a profile) stands without its value.

    A profile's column is read only before a number ("M 4", "B4"), or a length after one short
    linking word ("M de 20 cm"): "Einheit B" names a unit, "unit M of 20 models" a unit too.
    """
    if len(term) != 1 or len(term[0]) != 1:
        return False
    after = tokens[start + 1 : start + 4]
    linked = (
        LETTER_LINKED
        and len(after) == 3
        and len(after[0]) <= 2
        and after[0].isalpha()
        and after[1][:1].isdigit()
        and after[2] in _unit_words()
    )
    return not ((after and after[0][:1].isdigit()) or linked)


@lru_cache(maxsize=1)
def _unit_words() -> frozenset[str]:
    """Return every language's words for inches and centimetres, lowercased."""
    return frozenset(w.lower() for lang in all_languages() for w in (*lang.inch, *lang.cm))


def token_clauses(text: str, ordinal_nouns: frozenset[str] = frozenset()) -> list[int]:
    """Return, for each token, how many sentence ends, line breaks and brackets stand before it.

    Commas and colons do not part a term ("with someone, who stands", "Warhammer: The Old
    World"), nor does the point of an ordinal: a number's point before a turn's noun ("1. Runde").
    """
    marks = 0
    clauses = []
    last = 0
    for match in TOKEN.finditer(text):
        between = text[last : match.start()]
        marks += sum(between.count(c) for c in CLAUSE_MARKS)
        ordinal = text[last - 1 : last].isdigit() and match.group(0) in ordinal_nouns
        if "." in between and not ordinal:
            marks += 1
        clauses.append(marks)
        last = match.end()
    return clauses


def _match_at(term: tuple[str, ...], stems: list[str], start: int, clauses: list[int]) -> int:
    """Return the end of term's match starting at start (all its stems nearby, any order), or 0.

    The stems are looked for in start's clause only: "un nemico stordito, nessun altro in
    piedi" says no "altro nemico".
    """
    if len(term) == 1:
        return start + 1
    reach = start + len(term) + WINDOW_SLACK
    window = [
        stem for at, stem in enumerate(stems[start:reach], start) if clauses[at] == clauses[start]
    ]
    if not all(part in window for part in term):
        return 0
    return start + max(window.index(part) for part in term) + 1


def _covering_words(run: str, words: frozenset[str], longest: int) -> list[str]:
    """Return run cut into the words that cover most of its characters, and what is left.

    "逃走ロールが" with the words "逃走" and "ロール" is "逃走 ロール が"; among cuts covering as
    much, the one of fewer words, then the one whose first word is longer (dynamic programming
    from the end).
    """
    size = len(run)
    # For each start, the best cover of the rest: (characters covered, -words), and the cut.
    best: list[tuple[tuple[int, int], int]] = [((0, 0), 0)] * (size + 1)
    for at in range(size - 1, -1, -1):
        (covered, count), _ = best[at + 1]
        choice = ((covered, count), 0)  # this character left as it is
        for n in range(1, min(longest, size - at) + 1):
            if run[at : at + n].lower() in words:
                (rest, rest_count), _ = best[at + n]
                choice = max(choice, ((rest + n, rest_count - 1), n))
        best[at] = choice
    pieces, left, at = [], "", 0
    while at < size:
        n = best[at][1]
        if n:
            pieces += [left, run[at : at + n]]
            left, at = "", at + n
        else:
            left, at = left + run[at], at + 1
    pieces.append(left)
    return [p for p in pieces if p]


def load_glossary(path: Path) -> Glossary:
    """Load and validate a glossary YAML file; raise CorpusError naming the file and the entry."""
    where = str(path)
    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CorpusError([f"{where}: glossary not found"]) from None
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise CorpusError([f"{where}: not valid YAML ({exc})".replace("\n", " ")]) from None
    if not isinstance(data, dict) or not isinstance(data.get("concepts"), dict):
        raise CorpusError([f"{where}: needs a 'concepts' mapping"])
    concepts: dict[str, Concept] = {}
    for name, entry in data["concepts"].items():
        if not isinstance(entry, dict) or not isinstance(entry.get("terms"), dict):
            raise CorpusError([f"{where}: concept {name!r} needs 'terms' by language"])
        kind = entry.get("kind", "term")
        if kind not in KINDS:
            raise CorpusError([f"{where}: concept {name!r} has unknown kind {kind!r}"])
        terms: dict[str, tuple[tuple[str, ...], ...]] = {}
        written: dict[str, tuple[str, ...]] = {}
        exact: dict[str, tuple[str, ...]] = {}
        for lang, words in entry["terms"].items():
            if not isinstance(words, list) or not all(isinstance(w, str) and w for w in words):
                raise CorpusError([f"{where}: concept {name!r}, {lang}: terms must be a list"])
            # Read as questions are: "1インチ以内" is "1 インチ 以内" in both.
            words = [
                ("=" if w.startswith("=") else "") + space_scripts(w.removeprefix("="))
                for w in words
            ]
            plain = [w.removeprefix("=") for w in words]
            stemmed = (tuple(analyze(w, str(lang))) for w in plain)
            terms[str(lang)] = tuple(dict.fromkeys(t for t in stemmed if t))
            written[str(lang)] = tuple(plain)
            exact[str(lang)] = tuple(w[1:] for w in words if w.startswith("="))
        names = entry.get("name", {})
        if not isinstance(names, dict) or not all(isinstance(v, str) and v for v in names.values()):
            raise CorpusError([f"{where}: concept {name!r}: 'name' must map languages to names"])
        titles = {str(lang): str(title) for lang, title in names.items()}
        together = entry.get("together", [])
        if not isinstance(together, list) or not all(
            isinstance(g, list) and len(g) > 1 and all(isinstance(n, str) for n in g)
            for g in together
        ):
            raise CorpusError(
                [f"{where}: concept {name!r}: 'together' must be a list of lists of concept names"]
            )
        within = entry.get("together_within")
        if within is not None and (
            not isinstance(within, int) or isinstance(within, bool) or within < 0
        ):
            raise CorpusError(
                [f"{where}: concept {name!r}: 'together_within' must be a whole number of words"]
            )
        denial_of = entry.get("denial_of")
        if denial_of is not None and not isinstance(denial_of, str):
            raise CorpusError([f"{where}: concept {name!r}: 'denial_of' must be a concept name"])
        closer_than = entry.get("closer_than")
        if closer_than is not None and (
            not isinstance(closer_than, int | float)
            or isinstance(closer_than, bool)
            or closer_than <= 0
        ):
            raise CorpusError(
                [f"{where}: concept {name!r}: 'closer_than' must be a positive number of inches"]
            )
        qualifies = entry.get("qualifies", [])
        if not isinstance(qualifies, list) or not all(isinstance(n, str) for n in qualifies):
            raise CorpusError(
                [f"{where}: concept {name!r}: 'qualifies' must be a list of concept names"]
            )
        lead_in = entry.get("lead_in", False)
        if not isinstance(lead_in, bool):
            raise CorpusError([f"{where}: concept {name!r}: 'lead_in' must be true or false"])
        concepts[str(name)] = Concept(
            str(name),
            kind,
            terms,
            written,
            titles,
            exact,
            tuple(tuple(g) for g in together),
            within,
            denial_of,
            None if closer_than is None else float(closer_than),
            tuple(qualifies),
            lead_in,
        )
    denied: dict[str, str] = {}
    for concept in concepts.values():
        unknown = [n for n in concept.qualifies if n not in concepts]
        if unknown:
            raise CorpusError(
                [f"{where}: concept {concept.name!r}: 'qualifies' names no concept {unknown[0]!r}"]
            )
        if concept.denial_of is not None and concept.denial_of not in concepts:
            raise CorpusError([f"{where}: concept {concept.name!r}: 'denial_of' names no concept"])
        if concept.denial_of is not None and concept.denial_of in denied:
            first = denied[concept.denial_of]
            raise CorpusError(
                [f"{where}: {first!r} and {concept.name!r} both deny {concept.denial_of!r}"]
            )
        if concept.denial_of is not None:
            denied[concept.denial_of] = concept.name
        for group in concept.together:
            for part in group:
                if part not in concepts:
                    raise CorpusError(
                        [f"{where}: concept {concept.name!r}: together names no concept {part!r}"]
                    )
    return Glossary(concepts)
