"""Read a question: its language, concepts, numbers, dice and distances, in any language."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache, cached_property, lru_cache
from itertools import pairwise

from refbot.glossary import TOKEN, Glossary, Mention, fold, tokenize
from refbot.lang import (
    CM_PER_INCH,
    CODES,
    MAX_RUN,
    Language,
    patterns,
)
from refbot.lang import get as get_language

SUFFIX = re.compile(r"['’]\w{1,3}$")
FACE_RUNS_READ = True  # "3, 4, 2, 5 y 6" read as one roll of five dice (ablation switch)
FACE_NOUNS_READ = True  # "two sixes" read as two dice showing 6 (ablation switch)
TOTAL_LENGTHS_READ = True  # "fled 11 inches, 5 and 6": the 11 is the faces' total (ablation)
WORD_PAIRS_READ = True  # "a four and a three" read as the faces "4 and 3" are (ablation switch)
MAX_FACES_SAID = 8  # "three fives" up to "eight sixes": more dice than any roll takes are no roll
TIMES_READ = True  # "twice", "zweimal" read as a number (ablation switch)
WORD_UNITS_READ = True  # a number word takes the unit after it: "six inches" (ablation switch)
# "zes plus één" adds two faces; "uno e tre": an article's number word before "and" (ablation)
WORD_SUMS_READ = True
DENIALS_READ = True  # "instead of chasing them" says "restrain" (ablation switch)
SHORT_LENGTHS_NAME = True  # "half an inch from them" names the 1" rule (ablation switch)
GAP_REACH = 3  # at most this many words from a length to the word saying what it is apart from
QUANTITY = "quantity"  # the intent of asking how many or how far
ROLL = "roll"
AMOUNTS_ASKED = True  # "what dice", "quantos dados" ask for a quantity (ablation switch)
LATER_ANGLES_READ = True  # "45 градусов, а потом ещё на 30": 30 degrees too (ablation switch)
ABOVE_READ = True  # "more than 90 degrees" is past 90, not 90 (ablation switch)
NEGATED_TERMS_DENY = True  # "no llega a tocarla": a negated term denies what it governs (abl.)
NEGATION_TAILS_READ = True  # "can't", "won't" deny (ablation switch)
# "ayakta başka düşman yok" denies both words, the phrase a trailing negation ends (ablation).
PHRASES_DENIED_AFTER = True
ALTERNATIVES_READ = True  # "или нет", "or not" after a joiner denies nothing (ablation switch)
LIGHT_VERBS_READ = True  # "yok etti" (destroyed) is no denial: a light verb follows (ablation)
# A number before a capitalised name no term reads counts models: "a unit of 5 Chaos Knights".
# Not in German, which capitalises every noun ("7 Zoll") (ablation switch).
NAMED_COUNTS_READ = True
# "The 10 knights pursue and roll 3 and 5": a number after a definite article counts (ablation).
DETERMINED_COUNTS_READ = True
NEGATION_REACH = 3  # a negation denies a situation word at most this many words after it
TRAILING_REACH = 3  # a trailing negation ("препятствий никаких нет") at most this many words on
NEEDED = re.compile(r"\+(?!\s*\d)")
FACE = re.compile(r"[1-6]")
# Where one clause of a sentence ends: "fled 7, they pursued 9"; not a decimal comma ("4,5").
# Punctuation, a dash between words, and "vs" between two sides' rolls ("11 to pursue vs their 10").
SENTENCE_END = re.compile(r"[.!?…]+(?=\s)")
CLAUSE_BREAK = re.compile(
    r"(?<!\d)[,;:](?!\d)|[,;:](?=\s)|[.!?](?=\s|$)|\s[—–-]\s|\s(?:vs\.?|versus)\s", re.I
)


@dataclass(frozen=True)
class Number:
    """A number in the question, at a token position, with its unit when one was written."""

    value: float
    token: int
    unit: str | None = None
    angle: bool = False  # written in degrees: "45°", "45 градусов"
    times: bool = False  # a word for so many times ("twice"): a count, never a roll or length
    needed: bool = False  # written as the roll a test needs ("5+"): never a roll made or a count
    above: bool = False  # an angle said to be exceeded: "more than 90 degrees"

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
class DieFaces:
    """The faces of one roll as the question gives them ("2 and 5", "4+4"), at a token position."""

    faces: tuple[int, ...]
    token: int
    end: int = 0  # the token of the last face

    def text(self) -> str:
        """Return the faces as an input string for the rules core ("2,5")."""
        return ",".join(str(face) for face in self.faces)


@dataclass(frozen=True)
class Question:
    """A parsed question."""

    text: str
    lang: str
    mentions: tuple[Mention, ...]
    numbers: tuple[Number, ...]
    counts: tuple[DiceCount, ...]
    rolls: tuple[DieFaces, ...] = ()
    # For each token, the clause of the sentence it sits in (split on punctuation), so that a
    # number is read with the words of its own clause: "I fled 9, he pursued with 4+4".
    clauses: tuple[int, ...] = ()
    # (qualifier, qualified) concept pairs: a negated term of the first does not deny the second
    # (the glossary's `qualifies`).
    qualifying: frozenset[tuple[str, str]] = frozenset()

    def same_clause(self, first: int, second: int) -> bool:
        """Return whether two token positions sit in the same clause."""
        if not self.clauses:
            return True
        last = len(self.clauses) - 1
        return self.clauses[min(first, last)] == self.clauses[min(second, last)]

    def clause_at(self, token: int) -> int:
        """Return the clause a token position sits in (0 when clauses are unknown)."""
        if not self.clauses:
            return 0
        return self.clauses[min(token, len(self.clauses) - 1)]

    @cached_property
    def last_sentence_start(self) -> int:
        """Return the first token of the question's last sentence (0 for a one-sentence one)."""
        ends = [m.end() for m in SENTENCE_END.finditer(self.text.rstrip())]
        if not ends:
            return 0
        return sum(1 for m in TOKEN.finditer(self.text) if m.start() < ends[-1])

    @cached_property
    def _asking_tokens(self) -> frozenset[int]:
        """Return the token positions of the sentences that ask: the last, and those ending "?"."""
        starts = [m.start() for m in TOKEN.finditer(self.text)]
        asking = set(range(self.last_sentence_start, len(starts)))
        begin = 0
        for end in SENTENCE_END.finditer(self.text.rstrip()):
            if "?" in end.group(0):
                asking |= {i for i, at in enumerate(starts) if begin <= at < end.start()}
            begin = end.end()
        return frozenset(asking)

    def asks(self, token: int) -> bool:
        """Return whether a token sits in a sentence that asks: the last, or one ending in "?"."""
        return token in self._asking_tokens

    @cached_property
    def _sentence_last_tokens(self) -> tuple[int, ...]:
        """Return the last token of each sentence, in order."""
        starts = [m.start() for m in TOKEN.finditer(self.text)]
        ends = [m.start() for m in SENTENCE_END.finditer(self.text.rstrip())]
        last = [sum(1 for at in starts if at < end) - 1 for end in ends]
        return (*(t for t in last if t >= 0), len(starts) - 1)

    def same_sentence(self, first: int, second: int) -> bool:
        """Return whether two token positions sit in the same sentence."""
        lasts = self._sentence_last_tokens
        return sum(1 for t in lasts if t < first) == sum(1 for t in lasts if t < second)

    def in_asking_clause(self, token: int, past_condition: bool = False) -> bool:
        """Return whether a token sits in the last clause of a sentence that asks.

        "… got 9 on the pursuit, how far do the gobbos run? Thanks!": the clause of "how far".
        With `past_condition`, a last clause that is a condition leaves the one before it: "Wie
        weit fliehen meine Goblins, wenn die Verfolger 10 würfeln?": the clause of "wie weit".
        """
        if not self.asks(token):
            return False
        end = next((t for t in self._sentence_last_tokens if t >= token), token)
        clause = self.clause_at(end)
        if past_condition:
            first = next(t for t in range(end + 1) if self.clause_at(t) == clause)
            if self._opens_condition(first) and first > 0 and self.same_sentence(first - 1, first):
                clause = self.clause_at(first - 1)
        return self.clause_at(token) == clause

    def condition_start(self, token: int) -> int | None:
        """Return where the condition a token sits in opens ("… if …"), if it sits in one."""
        clause = self.clause_at(token)
        return next(
            (
                t
                for t in range(token - 1, -1, -1)
                if self.clause_at(t) == clause and self._opens_condition(t)
            ),
            None,
        )

    def _opens_condition(self, token: int) -> bool:
        """Return whether a token is a word of the language's opening a condition ("if").

        Not before a pronoun: "se ne vanno", "se la dà a gambe".
        """
        language = self.language
        return (
            language is not None
            and self.tokens[token] in language.conditionals
            and (token + 1 >= len(self.tokens) or self.tokens[token + 1] not in language.clitics)
        )

    @property
    def language(self) -> Language | None:
        """Return the language data of the question's language, if refbot has a module for it."""
        return get_language(self.lang) if self.lang in CODES else None

    def own_count(self, number: Number) -> bool:
        """Return whether a number counts the asker's own models ("my 20 goblins", "i miei 5")."""
        language = self.language
        if number.unit is not None or number.token == 0 or language is None:
            return False
        return self.tokens[number.token - 1] in language.possessives

    def counts_models(self, number: Number) -> bool:
        """Return whether a number counts models: "(9 modeli)", "20 Mann", "5 models left"."""
        after, language = number.token + 1, self.language
        if number.unit is not None or after >= len(self.tokens) or language is None:
            return False
        return (
            self.tokens[after] in language.model_nouns
            or (DETERMINED_COUNTS_READ and self._determined(number))
            or (NAMED_COUNTS_READ and not language.capitalised_nouns and self._names_troops(number))
        )

    def _determined(self, number: Number) -> bool:
        """Return whether a definite article stands before a number of things: "the 10 knights".

        Where every noun is capitalised, only before one: German "die" is also "which" ("die 10
        gewürfelt hat": which rolled 10).
        """
        # Called by counts_models, which has checked the language and the word after.
        language = self.language
        assert language is not None
        if number.token == 0:
            return False
        start, stop = self._spans[number.token + 1]
        return self.tokens[number.token - 1] in language.determiners and (
            not language.capitalised_nouns or self.text[start:stop][:1].isupper()
        )

    def _names_troops(self, number: Number) -> bool:
        """Return whether a name follows a number no word claims: "a unit of 5 Chaos Knights".

        The name is a capitalised word (not "I", not "AND") after a space on the same line, read
        as no concept and no joining word; a number right after a word for a roll or a move is
        that roll ("fled 7 Chaos Knights rolled 9", "fled 7\nThe pursuers…").
        """
        after = number.token + 1
        (_, end), (start, stop) = self._spans[number.token], self._spans[after]
        word, language = self.text[start:stop], self.language
        joining = (
            (*language.conjunctions, *language.joiners, *language.pronouns) if language else ()
        )
        return (
            self.text[end:start].strip(" ") == ""
            and word[0].isupper()
            and any(c.islower() for c in word[1:])
            and self.tokens[after] not in joining
            and not any(m.start <= after < m.end for m in self.mentions)
            and not any(0 <= number.token - m.end <= 1 for m in self.mentions)
        )

    def opens_brackets(self, number: Number) -> bool:
        """Return whether a number opens brackets after a word: "Saurios (16)", "Boyz (19 left)"."""
        spans = self._spans
        if number.token == 0 or number.token >= len(spans):
            return False
        between = self.text[spans[number.token - 1][1] : spans[number.token][0]]
        return between.strip() == "("

    def numbers_turn(self, number: Number) -> bool:
        """Return whether a number numbers a turn or a page: "since turn 2", "в 3 ходу"."""
        language = self.language
        if number.unit is not None or language is None:
            return False
        near = self.tokens[max(0, number.token - 1) : number.token + 2]
        return any(t in language.turn_nouns for t in near if t != self.tokens[number.token])

    def counts_stat(self, number: Number) -> bool:
        """Return whether a number gives a characteristic: "(3 attacks)", "две атаки"."""
        after, language = number.token + 1, self.language
        if number.unit is not None or after >= len(self.tokens) or language is None:
            return False
        return self.tokens[after] in language.stat_nouns

    def has_value_in_clause(self, token: int) -> bool:
        """Return whether the clause of a token position states a number or die faces."""
        clause = self.clause_at(token)
        return any(self.clause_at(n.token) == clause for n in self.numbers) or any(
            self.clause_at(r.token) == clause for r in self.rolls
        )

    def words(self, mention: Mention) -> str:
        """Return the words of the question a mention covers, as written."""
        spans = self._spans[mention.start : mention.end]
        words = self.text[spans[0][0] : spans[-1][1]] if spans else ""
        # Without a suffix after an apostrophe: "40k'da" names 40k.
        return SUFFIX.sub("", words)

    @cached_property
    def _spans(self) -> list[tuple[int, int]]:
        """Return each token's span in the text as written."""
        return [m.span() for m in TOKEN.finditer(self.text)]

    @cached_property
    def tokens(self) -> list[str]:
        """Return the question's word tokens, as the glossary reads them (tokenized once)."""
        return tokenize(self.text)

    @cached_property
    def _negations_at(self) -> frozenset[int]:
        """Return the positions of the question's negations, "can't" (the token "can") too."""
        denying = negations(self.lang)
        found = {
            i
            for i, token in enumerate(self.tokens)
            if token in denying and i not in self._made_verbs_at
        }
        language = self.language
        tails = language.negation_tails if language is not None and NEGATION_TAILS_READ else ()
        if tails:
            written = (fold(self.text[a:b]).replace("’", "'") for a, b in self._spans)
            found.update(i for i, word in enumerate(written) if word.endswith(tails))
        return frozenset(found)

    @cached_property
    def _made_verbs_at(self) -> frozenset[int]:
        """Return the positions of words a light verb after them makes a verb of: "yok etti".

        "Yok" (none) with "etmek" (to make) is to destroy, not a denial.
        """
        language = self.language
        if language is None or not language.auxiliaries or not LIGHT_VERBS_READ:
            return frozenset()
        light = frozenset(language.auxiliaries)
        return frozenset(
            i
            for i, (_, after) in enumerate(pairwise(self.tokens))
            if after in light and self.same_clause(i, i + 1)
        )

    def negated(self, mention: Mention) -> bool:
        """Return whether a negation of the question's language stands just before a mention."""
        denying = self._negations_at
        trailing = trailing_negations(self.lang)
        language = self.language
        final = frozenset(language.final_negations) if language is not None else frozenset()
        if not denying and not trailing and not final:
            return False
        tokens = self.tokens
        before = range(max(0, mention.start - NEGATION_REACH), mention.start)
        covered = {t for m in self.mentions for t in range(m.start, m.end)}
        starts = {m.start for m in self.mentions if m.end <= mention.start}

        def governs(i: int) -> bool:
            # A negation denies the first situation word after it ("did not charge but wiped
            # out") and the words of one phrase with it ("nenhum outro inimigo de pé").
            between = range(i + 1, mention.start)
            return not any(i < start for start in starts) or all(t in covered for t in between)

        # A negation inside another mention is that term's own word ("no dejaron ni uno": all
        # were slain), not a denial of what follows.
        # A term holding this one with its negation ("niet achtervolgen": restraining) denies it.
        own = {
            t
            for m in self.mentions
            if m != mention
            and not m.in_parts
            and not (m.start <= mention.start and mention.end <= m.end)
            for t in range(m.start, m.end)
        }
        if any(
            i in denying and i not in own and self.same_clause(i, mention.start) and governs(i)
            for i in before
        ):
            return True
        # "killed almost all of them": a word said in parts denied between its parts.
        if mention.in_parts and any(t in denying for t in range(mention.start + 1, mention.end)):
            return True
        # "no llega a tocarla": a term holding a negation ("no llega": fails to reach) denies
        # the word it governs, one short word on, as the negation standing there would.
        if NEGATED_TERMS_DENY and any(
            0 <= mention.start - m.end <= 1
            and any(t in denying for t in range(m.start, m.end))
            and self.same_clause(m.start, mention.start)
            and all(_governing(tokens[t], self.language) for t in range(m.end, mention.start))
            for m in self.mentions
            if m != mention
            and not m.in_parts
            and (m.concept, mention.concept) not in self.qualifying
        ):
            return True
        # A term holding this one with a trailing negation after it ("achtervolgt niet":
        # restraining) denies it, as one holding a negation before it does (`own` above).
        if any(
            tokens[t] in trailing
            for m in self.mentions
            if m != mention and m.start <= mention.start and mention.end < m.end
            for t in range(mention.end, m.end)
        ):
            return True
        # "препятствий никаких нет": a trailing negation denies the word just before it, with
        # no other situation word between them but those of one phrase with it, right after it
        # ("ayakta başka düşman yok": no other standing enemy).
        end = mention.end
        while PHRASES_DENIED_AFTER and end in covered:
            end = max(m.end for m in self.mentions if m.start <= end < m.end)
        after = range(end, min(len(tokens), end + TRAILING_REACH))
        # "преследовать бегущих или нет", "or not", "var veya yok": a trailing negation right
        # after a joiner ("or", and so "and") offers the alternative, it denies nothing.
        joiners = frozenset(language.joiners) if language is not None else frozenset()
        for i in after:
            if i in covered:
                return False
            ends_clause = i + 1 == len(tokens) or not self.same_clause(i, i + 1)
            if (
                (tokens[i] in trailing or (tokens[i] in final and ends_clause))
                and not (ALTERNATIVES_READ and i > 0 and tokens[i - 1] in joiners)
                and i not in self._made_verbs_at
                and self.same_clause(i, mention.start)
            ):
                return True
        return False

    @property
    def dice(self) -> tuple[tuple[int, ...], ...]:
        """Return the faces of each roll the question gives, in order."""
        return tuple(r.faces for r in self.rolls)

    @property
    def written_unit(self) -> str | None:
        """Return the first length unit the question writes ("20 cm"), if it writes one."""
        return next((n.unit for n in self.numbers if n.unit), None)

    @property
    def concepts(self) -> set[str]:
        """Return the names of the concepts the question mentions."""
        return {m.concept for m in self.mentions}


def _token_index(text: str) -> list[int]:
    """Return, for each character offset of the lowered text, the index of its token."""
    lowered = fold(text)
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
    # Chinese, Japanese, Korean: the glossary's words parted, to be read as spaced words are.
    text = glossary.segment(unglue(text), lang)
    # "1/2\"" is half an inch (written in as many characters, so no offset moves), not a 2.
    text = HALF_WRITTEN.sub("0.5", text) if WORD_UNITS_READ else text
    # Every language's patterns: a question's detected language may be wrong, its units are not.
    found = patterns()
    at = _token_index(text)
    notation = list(found.notation.finditer(text))
    counts = tuple(DiceCount(int(m.group(1)), at[m.start()]) for m in notation)
    notation_spans = [m.span() for m in notation]
    # The faces of one roll listed ("3, 4, 2, 5 y 6"); a longer list is no one roll, read as
    # numbers. Then two faces as people write them ("2 and 5"), or one face twice ("double 5").
    # "Movement 4, 5 and 6": the characteristic's value starts no list and no pair; the faces
    # follow it.
    language = get_language(lang) if lang in CODES else None
    faces_listed = [(m, len(FACE.findall(m.group(0)))) for m in found.run.finditer(text)]
    valued = [m.start() for m, _ in faces_listed if _after_characteristic(m, text, glossary, lang)]
    lists = [
        (m, n)
        for m, n in faces_listed
        if n > 2 and m.start() not in valued and _listed_roll(m, text, language)
    ]
    lists = lists if FACE_RUNS_READ else []
    runs = [m for m, n in lists if n <= MAX_RUN]
    listed = [m.span() for m, _ in lists]
    pairs_found = [m for m in found.pair.finditer(text) if m.start() not in valued]
    for start in valued:
        first = FACE.search(text, start)
        if first is not None:
            pairs_found += found.pair.finditer(text, first.end())
    pairs = sorted(
        {
            m.span(): m
            for m in [
                *runs,
                *(m for m in pairs_found if not _inside(m.start(), listed)),
                *found.double.finditer(text),
            ]
        }.values(),
        key=lambda m: m.start(),
    )
    taken = notation_spans + [m.span() for m in pairs] + _totals_of_faces(text, pairs)
    numbers = []
    for match in found.number.finditer(text):
        if any(start <= match.start() < end for start, end in taken):
            continue
        unit = "in" if match.group(2) else "cm" if match.group(3) else None
        value = float(match.group(1).replace(",", "."))
        if _minus_before(text, match.start()):
            value = -value  # "fled -3": an impossible roll, not a 3
        # "45°", "45 degrees"; Russian also puts the word first: "градусов на 45".
        angle = unit is None and (
            found.degree.match(text, match.end()) is not None
            or found.degree_before.search(text, 0, match.start()) is not None
        )
        # "a 5+ save": the score a roll needs (not "4+4", two faces, taken above).
        needed = unit is None and NEEDED.match(text, match.end()) is not None
        # "more than 90 degrees", "90 dereceden fazla": an angle past the one written, in the
        # question's own words (Dutch "over 90 graden" is "by 90 degrees"), unless denied ("no
        # more than 90 degrees", "не более 90 градусов": at most 90).
        above = ABOVE_READ and angle and _said_above(text, match, lang)
        numbers.append(Number(value, at[match.start()], unit, angle, needed=needed, above=above))
    tokens = tokenize(text)
    # Number words, faces and named rolls in the question's own language only: "elf" is eleven
    # in German and an elf in English.
    said: list[DieFaces] = []
    mentions = tuple(glossary.find(text, lang, digits=True))
    clauses = _clause_of_tokens(text, at)
    if language is not None:
        numbers += _number_words(tokens, language, {n.token for n in numbers}, clauses)
        said = _faces_said_as_counts(tokens, language, numbers) if FACE_NOUNS_READ else []
        said += _named_rolls(tokens, language) + _doubles_in_words(tokens, language)
        if WORD_PAIRS_READ:
            rolling = {clauses[m.start] for m in mentions if m.concept == "roll"}
            said += _pairs_in_words(
                tokens,
                language,
                numbers,
                [clauses[t] in rolling for t in range(len(tokens))],
                clauses,
            )
    # The count and, for "two 4s", the face written in digits.
    counted = {t for roll in said for t in range(roll.token, roll.end + 1)}
    numbers = [n for n in numbers if n.token not in counted]
    numbers.sort(key=lambda n: n.token)
    written = [DieFaces(_faces_of(m), at[m.start()], at[m.end() - 1]) for m in pairs]
    rolls = tuple(sorted([*written, *said], key=lambda r: r.token))
    question = Question(
        text, lang, mentions, tuple(numbers), counts, rolls, clauses, qualifying=glossary.qualifying
    )
    if LATER_ANGLES_READ and any(n.angle for n in numbers) and language is not None:
        question = replace(question, numbers=_later_angles(question))
    # A denied concept says its denial's concept: "instead of chasing them" is restraining.
    # (The new mention stands where the denied one does, so it reads as denied too: a
    # one-word situation is named even so, and restraining is one.)
    present = {(m.concept, m.start) for m in mentions}
    denied = [
        replace(m, concept=glossary.denials[m.concept])
        for m in mentions
        if DENIALS_READ
        and m.concept in glossary.denials
        and (glossary.denials[m.concept], m.start) not in present
        and question.negated(m)
    ]
    question = with_mentions(question, denied)
    return with_amount_asked(_with_short_lengths(question, glossary))


def _with_short_lengths(question: Question, glossary: Glossary) -> Question:
    """Add the concepts a gap said under their `closer_than` names ("0.5" from my archers")."""
    language = question.language
    if not SHORT_LENGTHS_NAME or not glossary.closer_than or language is None:
        return question
    tokens = question.tokens
    apart = set(language.apart_words)
    found: dict[str, Mention] = {}
    for number in question.numbers:
        if number.unit is None or number.value <= 0:
            continue
        # A gap between two things ("half an inch from my archers"), not a charge short by
        # half an inch: a word for "from" follows the length within a word or two.
        if not apart & set(tokens[number.token + 1 : number.token + 1 + GAP_REACH]):
            continue
        inches = number.value / CM_PER_INCH if number.unit == "cm" else number.value
        for concept, bound in glossary.closer_than.items():
            if inches < bound and concept not in question.concepts and concept not in found:
                found[concept] = Mention(concept, number.token, number.token + 1)
    return with_mentions(question, list(found.values()))


def with_mentions(question: Question, added: list[Mention]) -> Question:
    """Return the question with more mentions, all in the order they are said."""
    if not added:
        return question
    mentions = tuple(sorted([*question.mentions, *added], key=lambda m: m.start))
    return replace(question, mentions=mentions)


def with_amount_asked(question: Question) -> Question:
    """Add the intent "quantity" where a word asking how many or which comes before dice."""
    language = question.language
    if not AMOUNTS_ASKED or language is None or QUANTITY in question.concepts:
        return question
    tokens = question.tokens
    rolls = [m for m in question.mentions if m.concept == ROLL]
    rolled = {t for m in rolls for t in range(m.start, m.end)}
    for mention in rolls:
        for words in _amount_words(language.code):
            start = mention.start - len(words)
            # "los dados que saqué": after a word for dice, "que" starts a relative clause.
            if start >= 0 and tuple(tokens[start : mention.start]) == words:
                if start - 1 in rolled:
                    continue
                return with_mentions(question, [Mention(QUANTITY, start, mention.end)])
    return question


@cache
def _amount_words(code: str) -> tuple[tuple[str, ...], ...]:
    """Return a language's words asking how many or which, as tokens."""
    return tuple(tuple(tokenize(w)) for w in get_language(code).amount_words)


HALF_WRITTEN = re.compile(r"(?<![\w./])1/2(?![\w/])")
# A characteristic's abbreviation glued to its value ("M5", "Ld8"): letters, then digits.
GLUED = re.compile(r"\b([^\W\d_]{1,2})(\d{1,2})\b")


def unglue(text: str) -> str:
    """Part a characteristic glued to its value ("M5, Ld8" → "M 5, Ld 8"), not a die ("D6").

    Dice letters of every language stay glued: "D6", "W6", "K6", "Д6" name dice, not values.
    """
    dice = _dice_letters()
    return GLUED.sub(
        lambda m: m.group(0) if m.group(1).lower() in dice else f"{m.group(1)} {m.group(2)}", text
    )


@lru_cache(maxsize=1)
def _dice_letters() -> frozenset[str]:
    """Return the dice letters of every language, lowercased (read once, not per question)."""
    languages = [get_language(code) for code in CODES]
    return frozenset(letter.lower() for language in languages for letter in language.dice_letters)


# A roll's total written beside its faces: "6 (1+5)", "3+4 = 7", "(3 и 4) 7".
# "7 (4+3)", "só 3 na fuga (1 e 2": a total, at most three words, then its faces in brackets.
TOTAL_BEFORE = re.compile(r"(\d+)(?:\s+[^\W\d]+){0,3}\s*[(\[]\s*$")
TOTAL_AFTER = re.compile(r"^\s*[)\]]?\s*(?:=|->|→|:)?\s*(\d+)(?!\d)")
# "6・6で12", "6 and 6 for 12": a word for a total between the faces and a bare number equal to
# their total (not a length: "3 and 4 at 7 inches" may be the distance; not "vs 7", the other
# side's roll).
TOTAL_WORDS = ("for", "so", "makes", "total", "で", "の", "共", "总共", "合计", "합", "총")
TOTAL_LINKED = re.compile(
    rf"^\s+(?:{'|'.join(TOTAL_WORDS)})\s+(\d+)(?!\d|[.,]\d|\s*(?:[^\W\d_]|['\"″]))", re.I
)
TOTALS_LINKED = True  # ablation switch


# Words whose value is a characteristic, not a roll: "Movement 4, 5 and 6 on the dice".
CHARACTERISTICS = frozenset({"movement", "leadership"})


def _listed_roll(match: re.Match[str], text: str, language: Language | None) -> bool:
    """Return whether a list of faces is one roll, not values of other things.

    Not when its last number has a unit or a "+" ("2, 3, 4 and 5 inches", "3, 4, 5+") or counts
    models or a characteristic ("…, 5 models", "…, 3 attacks"). (A list whose first number is a
    characteristic's value, "Movement 4, 5 and 6", is left out before.)
    """
    found = patterns()
    last = list(FACE.finditer(match.group(0)))[-1].start() + match.start()
    number = found.number.match(text, last)
    if number is None or number.group(2) or number.group(3) or NEEDED.match(text, number.end()):
        return False
    after = tokenize(text[match.end() :])[:1]
    return not (
        after and language is not None and after[0] in (*language.model_nouns, *language.stat_nouns)
    )


def _after_characteristic(match: re.Match[str], text: str, glossary: Glossary, lang: str) -> bool:
    """Return whether a number starts right after a characteristic's word ("Movement 4")."""
    before = tokenize(text[: match.start()])[-3:]
    said = glossary.find(" ".join(before), lang) if before else []
    return any(m.concept in CHARACTERISTICS and m.end == len(before) for m in said)


def _inside(position: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in spans)


def _faces_of(match: re.Match[str]) -> tuple[int, ...]:
    """Return the faces a pair, double or listed run of faces shows."""
    if match.lastindex is None:  # a run: every face it lists
        return tuple(int(face) for face in FACE.findall(match.group(0)))
    # A double has one face group ("double 5"): both dice show it.
    return (int(match.group(1)), int(match.group(match.lastindex)))


def _length_just_before(text: str, end: int) -> re.Match[str] | None:
    """Return the length with a unit that a comma alone parts from `end` ("11 дюймов, "), if any."""
    head = text[:end]
    comma = re.search(r",\s*$", head)
    if comma is None:
        return None
    for number in patterns().number.finditer(head):
        if (number.group(2) or number.group(3)) and not head[number.end() : comma.start()].strip():
            return number
    return None


def _totals_of_faces(text: str, pairs: list[re.Match[str]]) -> list[tuple[int, int]]:
    """Return the spans of totals that only restate the faces beside them, to read them once."""
    spans = []
    for pair in pairs:
        faces = sum(_faces_of(pair))
        before = TOTAL_BEFORE.search(text, 0, pair.start())
        after = TOTAL_AFTER.match(text[pair.end() :])
        linked = TOTAL_LINKED.match(text[pair.end() :]) if TOTALS_LINKED else None
        # "11 дюймов, 5 и 6": a length rolled, then the faces that make it.
        length = _length_just_before(text, pair.start()) if TOTAL_LENGTHS_READ else None
        if before and int(before.group(1)) == faces:
            spans.append(before.span(1))
        elif length and float(length.group(1).replace(",", ".")) == faces:
            spans.append(length.span(1))
        elif (
            after
            and int(after.group(1)) == faces
            and (
                after.group(0).strip(" )]") != after.group(1) or text[: pair.start()].endswith("(")
            )
        ):
            start = pair.end() + after.start(1)
            spans.append((start, start + len(after.group(1))))
        elif linked and int(linked.group(1)) == faces:
            start = pair.end() + linked.start(1)
            spans.append((start, start + len(linked.group(1))))
    return spans


def _number_words(
    tokens: list[str], language: Language, taken: set[int], clauses: tuple[int, ...]
) -> list[Number]:
    """Return the numbers written as words in the language ("three orcs").

    Words that are also articles ("un", "a") are left out, since they mostly are articles,
    unless "and" or "plus" and another number follow them in their clause, which no article
    does ("dadi uno e tre"), or "plus" after a number comes before them ("six plus un").
    """
    plus = {fold(w) for w in language.plus}
    joining = {*language.conjunctions, *plus}
    every = language.numbers
    words = {w: n for w, n in every.items() if w not in language.articles}
    times = dict(language.times) if TIMES_READ else {}
    units = _unit_words(language) if WORD_UNITS_READ else {}
    degrees = {fold(w) for w in language.degree} if WORD_UNITS_READ else set()

    def same_clause(a: int, b: int) -> bool:
        return 0 <= a < len(tokens) and 0 <= b < len(tokens) and clauses[a] == clauses[b]

    def summed(position: int) -> bool:
        before = (
            same_clause(position - 2, position)
            and tokens[position - 1] in plus
            and _is_number(tokens[position - 2], language)
        )
        after = (
            same_clause(position, position + 2)
            and tokens[position + 1] in joining
            and _is_number(tokens[position + 2], language)
        )
        return WORD_SUMS_READ and (before or after)

    found = []
    for position, token in enumerate(tokens):
        value = words.get(token) or (every.get(token) if summed(position) else None)
        if position in taken or (value is None and token not in times):
            continue
        # The unit or degrees right after, in the same clause: "в шести дюймах".
        after = tokens[position + 1] if same_clause(position, position + 1) else ""
        found.append(
            Number(
                float(value or times[token]),
                position,
                units.get(after) if value else None,
                angle=bool(value) and after in degrees,
                times=not value,
            )
        )
    return found + (_halves(tokens, language, units, taken) if WORD_UNITS_READ else [])


def _is_number(token: str, language: Language | None = None) -> bool:
    """Return whether a token is a number in digits or in the language's words."""
    return token.isdigit() or (language is not None and token in language.numbers)


def _unit_words(language: Language) -> dict[str, str]:
    """Return the language's unit words a number word may take ("в шести дюймах": 6 inches).

    Not the short words that are mostly something else after a number word: English "in" ("two
    in contact"), French "ps".
    """
    units = {fold(w): "in" for w in language.inch if len(w) > 2}
    units.update({fold(w): "cm" for w in language.cm})
    return units


def _halves(
    tokens: list[str], language: Language, units: dict[str, str], taken: set[int]
) -> list[Number]:
    """Return half a unit said in words: "half an inch", "media pulgada", "полдюйма"."""
    found = []
    for position, token in enumerate(tokens):
        if position in taken:
            continue
        # The unit right after the word for half, or after an article ("half an inch"); or
        # glued to it ("полдюйма").
        following = [t for t in tokens[position + 1 : position + 3] if t not in language.articles][
            :1
        ]
        unit = None
        if token in language.half and following:
            unit = units.get(following[0])
        for prefix in language.half:
            if unit is None and token.startswith(prefix) and len(token) > len(prefix):
                unit = units.get(token[len(prefix) :])
        if unit is not None:
            found.append(Number(0.5, position, unit))
    return found


def _faces_said_as_counts(
    tokens: list[str], language: Language, numbers: list[Number]
) -> list[DieFaces]:
    """Return the rolls said as a count of one face: "two sixes", "dwie szóstki", "dos 4".

    The face is a noun ("sixes", "4s"), or digits after a count in words ("dos 4", not "2 4"),
    unless models follow ("two 6 models").
    """
    nouns = dict(language.face_nouns)
    counts = {n.token: n for n in numbers if not n.unit}
    found = []
    for at, count in counts.items():
        if at + 1 >= len(tokens) or not 2 <= count.value <= MAX_FACES_SAID:
            continue
        face = nouns.get(tokens[at + 1])
        after = counts.get(at + 1)
        if (
            face is None
            and tokens[at].isalpha()
            and not count.times
            and after is not None
            and tokens[at + 1].isdigit()
            and 1 <= after.value <= 6
            and not (at + 2 < len(tokens) and tokens[at + 2] in language.model_nouns)
        ):
            face = int(after.value)
        if face is not None:
            found.append(DieFaces((face,) * int(count.value), at, at + 1))
    return found


def _pairs_in_words(
    tokens: list[str],
    language: Language,
    numbers: list[Number],
    rolling: list[bool],
    clauses: tuple[int, ...],
) -> list[DieFaces]:
    """Return two faces said in words as "2 and 5" is in digits: "a four and a three".

    Only "and" or the language's "plus" joins them ("a four or a five" is a choice), in one
    clause, said with an article or in a clause that rolls ("rolled four and three"); "plus"
    joins digits too ("6 mais 1", in the question's own language: Portuguese "mais" is French
    "but"); not a turn's or page's numbers, nor counts of what follows ("two and three orcs",
    "a six and two fours").
    """
    plus = {fold(w) for w in language.plus} if WORD_SUMS_READ else set()
    faces = {
        n.token: int(n.value)
        for n in numbers
        if not n.unit
        and not n.times
        and 1 <= n.value <= 6
        and (
            tokens[n.token].isalpha()
            or (n.token > 0 and tokens[n.token - 1] in plus)
            or (n.token + 1 < len(tokens) and tokens[n.token + 1] in plus)
        )
    }
    counted = {*language.model_nouns, *language.stat_nouns, *(w for w, _ in language.face_nouns)}
    found = []
    for at, first in faces.items():
        if at + 2 >= len(tokens) or tokens[at + 1] not in (*language.conjunctions, *plus):
            continue
        # "a four and a three", but "six plus un": the article is the face when none follows.
        second = at + 3 if tokens[at + 2] in language.articles and at + 3 in faces else at + 2
        said_with_article = at > 0 and tokens[at - 1] in language.articles
        after = tokens[second + 1] if second + 1 < len(tokens) else ""
        # "six plus one" adds two faces in any clause of its own.
        if (
            second in faces
            and clauses[at] == clauses[second]
            and (said_with_article or rolling[at] or tokens[at + 1] in plus)
            and (at == 0 or tokens[at - 1] not in language.turn_nouns)
            and after not in counted
        ):
            found.append(DieFaces((first, faces[second]), at, second))
    return found


def _governing(word: str, language: Language | None) -> bool:
    """Return whether a word between a verb and its object keeps them one phrase: "a", not "y".

    A conjunction or a longer word ("but", "pero") starts another: "didn't pursue but charged".
    """
    joining = (*language.conjunctions, *language.joiners) if language else ()
    return len(word) <= 2 and word not in joining


def _said_above(text: str, match: re.Match[str], lang: str) -> bool:
    """Return whether the question's words say a number is exceeded, not denying it."""
    if lang not in CODES:
        return False
    own = patterns((lang,))
    before = own.above.search(text, 0, match.start())
    if before is None:
        return own.above_after.match(text, match.end()) is not None
    words = tokenize(text[: before.start()])
    return not (words and words[-1] in negations(lang))


def _minus_before(text: str, start: int) -> bool:
    """Return whether a number is written negative: a minus sign after a space or at the start."""
    return start > 0 and text[start - 1] in "-−" and (start == 1 or text[start - 2] in " (\t\n")


def _doubles_in_words(tokens: list[str], language: Language) -> list[DieFaces]:
    """Return the doubles said with the face in words: "double six", "doble seis".

    "double 6" in digits is read with the die faces.
    """
    # Faces in words only: "double 6", "double 3s" are the die-face pattern's.
    faces = {
        w: n for w, n in [*language.numbers.items(), *language.face_nouns] if n <= 6 and w.isalpha()
    }
    found = [
        DieFaces((faces[tokens[at + 1]],) * 2, at, at + 1)
        for at in range(len(tokens) - 1)
        if tokens[at] in language.doubles and tokens[at + 1] in faces
    ]
    # A language writing compounds as one word says "Doppelsechs", "dubbelzes".
    if language.compound_links:
        for at, token in enumerate(tokens):
            face = next(
                (
                    faces[token[len(double) :]]
                    for double in language.doubles
                    if token.startswith(double) and token[len(double) :] in faces
                ),
                None,
            )
            if face is not None:
                found.append(DieFaces((face, face), at, at))
    return found


def _named_rolls(tokens: list[str], language: Language) -> list[DieFaces]:
    """Return the rolls said by name: "snake eyes" (1, 1), "boxcars" (6, 6).

    The English names too: players of every language borrow them ("Snake Eyes gewürfelt").
    """
    found = []
    for name, faces in dict.fromkeys((*language.named_rolls, *get_language("en").named_rolls)):
        words = name.split()
        for at in range(len(tokens) - len(words) + 1):
            if tokens[at : at + len(words)] == words:
                found.append(DieFaces(faces, at, at + len(words) - 1))
    return found


def _later_angles(question: Question) -> tuple[Number, ...]:
    """Read as degrees a bare number said as an angle of the same sentence is.

    "довернул на 45 градусов, а потом ещё на 30": after the same word as that angle, once more;
    "повернуть на 40": right after a word for wheeling; "60 und 40 Grad": joined to it.
    """
    tokens, numbers, language = question.tokens, question.numbers, question.language
    angles = [n for n in numbers if n.angle]
    angle_at = {a.token for a in angles}
    wheel_ends = {m.end for m in question.mentions if m.concept == "wheel"}
    again = set(language.again) if language is not None else set()
    joiners = set(language.joiners) | set(language.conjunctions) if language is not None else set()

    def once_more(a: Number, n: Number) -> bool:
        # The same word before both, a word for once more between, and no other situation.
        between = range(a.token + 1, n.token)
        return (
            a.token > 0
            and tokens[n.token - 1] == tokens[a.token - 1]
            and any(tokens[t] in again for t in between)
            and not any(
                m.concept != "wheel" and a.token < m.start < n.token for m in question.mentions
            )
        )

    def said_as_angle(n: Number) -> bool:
        if n.unit is not None or n.angle or n.times or n.needed or not 0 < n.value <= 180:
            return False
        if n.token == 0 or question.counts_models(n):
            return False
        joined = (
            n.token + 2 < len(tokens) and tokens[n.token + 1] in joiners and n.token + 2 in angle_at
        )
        earlier = [
            a for a in angles if a.token < n.token and question.same_sentence(a.token, n.token)
        ]
        return joined or (
            bool(earlier) and (n.token in wheel_ends or any(once_more(a, n) for a in earlier))
        )

    return tuple(replace(n, angle=True) if said_as_angle(n) else n for n in numbers)


def _clause_of_tokens(text: str, at: list[int]) -> tuple[int, ...]:
    """Return, for each token, the number of clause boundaries (, ; : . ! ? dashes) before it."""
    count = at[-1] + 1
    clause_of = [0] * (count + 1)
    for match in CLAUSE_BREAK.finditer(text):
        # Every token starting after the break belongs to a later clause.
        first = at[match.end()] if match.end() < len(at) else count
        for token in range(first, count + 1):
            clause_of[token] += 1
    return tuple(clause_of)


def negations(lang: str) -> frozenset[str]:
    """Return the negation words of a language with a module (none for the others)."""
    return frozenset(get_language(lang).negations) if lang in CODES else frozenset()


def trailing_negations(lang: str) -> frozenset[str]:
    """Return the words of a language that deny the situation word before them."""
    return frozenset(get_language(lang).trailing_negations) if lang in CODES else frozenset()
