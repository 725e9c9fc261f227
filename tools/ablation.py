"""Print the ablation table quoted in the README: the pipeline with one part switched off.

python tools/ablation.py [--rows REGEX] [SET ...]      (default: eval/blind/dev.jsonl)

`--rows` runs only the rows whose names match (the full pipeline always): every row over two
sets takes hours on two cores.

Each row switches one part off for the whole run and restores it afterwards; the parts of the
router are switched off by replacing the function that implements them.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from refbot import glossary as glossary_module
from refbot import i18n, pipeline, question, router, scripts
from refbot import retrieve as retrieve_module
from refbot import terms as terms_module
from refbot.bot import Refbot
from refbot.glossary import Concept
from refbot.rules import messages

ROOT = Path(__file__).resolve().parent.parent


def _without_premise(premise: Any, holds: Callable[..., bool]) -> Callable[..., bool]:
    """Return `holds` except that one premise never holds."""

    def holds_but(candidate_premise: Any, *args: Any) -> bool:
        return candidate_premise is not premise and holds(candidate_premise, *args)

    return holds_but


@contextmanager
def patched(target: Any, name: str, value: Any) -> Iterator[None]:
    """Set an attribute for the duration of a row."""
    old = getattr(target, name)
    setattr(target, name, value)
    try:
        yield
    finally:
        setattr(target, name, old)


def variants(bot: Refbot) -> dict[str, Callable[[], Any]]:
    """Return, by row name, a context that switches one part off."""
    retriever = bot.retriever
    weights = retriever.weights
    concepts = dict(bot.glossary.concepts)
    as_terms = {
        k: Concept(c.name, "term", c.terms, c.words) if c.kind == "other_game" else c
        for k, c in concepts.items()
    }
    return {
        "full": lambda: patched(retriever, "weights", weights),
        # Session 36's parts first.
        "a flag's words read in any order ('downed him, then 2 attacks'; before)": lambda: patched(
            router, "ORDER_READ", False
        ),
        "an overrun's charge not presumed ('may I overrun?'; before)": lambda: patched(
            router,
            "_premise_holds",
            _without_premise(messages.CHARGED_PRESUMED, router._premise_holds),
        ),
        "a premise lessens every edition of the main rule (before)": lambda: patched(
            pipeline, "PRESUMED_PER_INPUT", False
        ),
        "an angle in degrees names no wheel ('转了30度'; before)": lambda: patched(
            router, "ANGLES_NAME_WHEELS", False
        ),
        "Han numerals before a classifier not read ('三个矮人'; before)": lambda: patched(
            scripts, "HAN_NUMERALS_READ", False
        ),
        "another edition verified among its own book's three best, not five (before)": lambda: (
            patched(pipeline, "EDITION_DEPTH", 3)
        ),
        # Session 35's parts.
        "no Chinese, Japanese, Korean or Arabic glossary terms (before)": lambda: (
            _glossary_without_languages(bot, ("zh", "ja", "ko", "ar"))
        ),
        "unspaced runs not parted into the glossary's words ('逃走ロールが'; before)": lambda: (
            patched(glossary_module, "SEGMENTED", False)
        ),
        "a total one word after its faces read as a number ('6 and 6 for 12'; before)": lambda: (
            patched(question, "TOTALS_LINKED", False)
        ),
        "no stem rewrites (Arabic person prefixes, French endings; before)": lambda: (
            _glossary_rebuilt_without(bot, "STEM_REWRITES_READ")
        ),
        "a language's name alone names its book ('my English opponent'; before)": lambda: patched(
            pipeline, "named_book", router.named_language
        ),
        "no dense": lambda: patched(retriever, "weights", replace(weights, dense=0)),
        "no BM25": lambda: patched(retriever, "weights", replace(weights, bm25=0)),
        "no concepts": lambda: patched(retriever, "weights", replace(weights, concepts=0)),
        "no provenance bonus": lambda: patched(
            retriever, "weights", replace(weights, provenance=0)
        ),
        "no nearest-term concepts": lambda: patched(bot, "terms", None),
        "no uncovered-topic abstention": lambda: patched(router, "TOPICS_DECLINED", False),
        "any heading's concept keeps an uncovered topic answered (before)": lambda: patched(
            router, "SUBJECT_KINDS", frozenset({"rule", "term", "intent"})
        ),
        "other games' names read only as written (before)": lambda: patched(
            glossary_module, "INFLECTED_NAMES", False
        ),
        "a question naming a covered game may be declined (before)": lambda: patched(
            router, "NAMED_GAME_LOOKUP", False
        ),
        "a covered game named alone ('Mordheim: how does hiding work?') looked up (before)": (
            lambda: patched(router, "GAME_ALONE_CHECKED", False)
        ),
        "no other-game abstention": lambda: patched(bot.glossary, "concepts", as_terms),
        "numbers not kept to their clause": lambda: patched(
            question.Question, "same_clause", lambda self, first, second: True
        ),
        "no unit/order/count fallbacks": lambda: _no_fallbacks(),
        "only the main rule computed": lambda: patched(router, "MAX_CALLS", 1),
        "dice only one edition writes do not choose it (before)": lambda: patched(
            pipeline, "QUOTED_DICE", False
        ),
        "as many faces as one edition's dice do not choose it (before)": lambda: patched(
            pipeline, "QUOTED_FACES", False
        ),
        "auxiliaries and possessives guessed like words ('hücum ettim'; before)": lambda: patched(
            terms_module, "LIGHT_WORDS_SKIPPED", False
        ),
        "lengths in one edition's unit do not choose it (before)": lambda: patched(
            pipeline, "QUOTED_UNITS", False
        ),
        "a book named by its language does not choose it ('English rulebook'; before)": lambda: (
            patched(pipeline, "NAMED_BOOKS", False)
        ),
        "numbers glued to Han, kana and Hangul stay glued ('掷出7'; before)": lambda: patched(
            scripts, "SCRIPTS_SPACED", False
        ),
        "only rules the best clauses state stand for an unlisted language's situation (before)": (
            lambda: patched(pipeline, "HITS_NAME_SITUATIONS", False)
        ),
        "a stated rule reads no number in order without a word for it (before)": lambda: patched(
            router, "STATED_BY_ORDER", False
        ),
        "a rule a guessed word names kept though it leaves numbers unread (before)": lambda: (
            patched(router, "STATED_OVER_PARTIAL", False)
        ),
        "unspaced words (Han, kana, Hangul) matched whole, not by their pieces (before)": (
            lambda: patched(terms_module, "PIECES_READ", False)
        ),
        "a term read out of order kept over its listed match ('were charged'; before)": lambda: (
            patched(glossary_module, "LISTED_FIRST", False)
        ),
        "a length in a unit none of its editions uses read as a roll ('fled 10 cm'; before)": (
            lambda: patched(router, "FOREIGN_LENGTHS_SKIPPED", False)
        ),
        "a claimed tie read beside both rolls (before)": lambda: patched(
            router, "DECIDED_READ", False
        ),
        "a topic that leads in ('after combat resolution, …') outweighs the rule named beside it "
        "(before)": lambda: patched(router, "LEAD_INS_READ", False),
        "a number before a capitalised name read as a roll ('5 Chaos Knights'; before)": lambda: (
            patched(question, "NAMED_COUNTS_READ", False)
        ),
        "an unlisted word nearest a plain word ('düşman', enemy) takes the term holding it "
        "(before)": lambda: _no_plain_words(bot),
        "a concept guessed from one word sets no input ('şarj ettim'; before)": lambda: patched(
            router, "GUESSED_WORDS_FLAG", False
        ),
        "a negation before a light verb denies ('yok etti', destroyed; before)": lambda: patched(
            question, "LIGHT_VERBS_READ", False
        ),
        "a trailing negation denies only the word before it ('ayakta başka düşman yok'; before)": (
            lambda: patched(question, "PHRASES_DENIED_AFTER", False)
        ),
        "a negation after a joiner denies ('или нет', or not; before)": lambda: patched(
            question, "ALTERNATIVES_READ", False
        ),
        "a number after a definite article read as a roll ('the 10 knights'; before)": lambda: (
            patched(question, "DETERMINED_COUNTS_READ", False)
        ),
        "only the clauses of a result's own outcome verify it (before)": lambda: patched(
            pipeline, "WHOLE_RULE_VERIFIES", False
        ),
        "a result checked only against the whole ranking (before)": lambda: patched(
            pipeline, "EDITION_DEPTH", 0
        ),
        "a rule named by another's inputs not ranked below it": lambda: patched(
            router, "is_detail", lambda named, read: False
        ),
        "flat provenance bonus": lambda: _flat_bonus(),
        "every edition of the main rule leads, whatever unit the question writes (before)": (
            lambda: patched(pipeline, "EDITION_BY_UNIT", False)
        ),
        "an undecided outcome's clauses get the full bonus (before)": lambda: patched(
            pipeline, "UNDECIDED_SHARE", 1.0
        ),
        "questions in rule text citable": lambda: patched(
            retriever, "_not_answers", np.asarray([c.kind == "heading" for c in retriever.clauses])
        ),
        "nearest-term margin 0.15 (before)": lambda: patched(bot.terms, "margin", 0.15),
        "declining concepts matched by stem": lambda: patched(bot.glossary, "_written", {}),
        "situation words after a negation read as said": lambda: patched(
            router, "NEGATIONS_READ", False
        ),
        "rules of every game for a question naming one": lambda: patched(
            router, "GAMES_SCOPED", False
        ),
        "small numbers beside 'wheel' read as degrees": lambda: patched(router, "MIN_ANGLE", 0),
        "a number before its word counts a word more (before)": lambda: patched(
            router, "BEFORE_PENALTY", 1.5
        ),
        "no value from the next clause": lambda: patched(router, "NEXT_CLAUSE_READ", False),
        "a pair's other count ('в контакт 2, а не 3') only from its clause (before)": lambda: (
            patched(router, "PAIRS_IN_SENTENCE", False)
        ),
        "a count of models ('Mes 20 lanciers … fuient') keeps the next clause's value (before)": (
            lambda: patched(router, "VALUES_OF_INPUT", False)
        ),
        "rolls another input counts plausible up to 8D6 (before)": lambda: patched(
            router, "DEFAULT_ROLL_DICE", 8
        ),
        "citations from every game when the question names one": lambda: patched(
            pipeline, "CITE_NAMED_GAME_ONLY", False
        ),
        "a topic inside 'how many …' is that intent's, not asked (before)": lambda: patched(
            router, "INTENTS_HOLD_NO_TOPIC", False
        ),
        "only rules the best clauses state are tried in a language without terms (before)": (
            lambda: patched(router, "PART_NAMED_TRIED", False)
        ),
        "a lookup in a named game that states none of its rules is answered (before)": lambda: (
            patched(pipeline, "GAME_SCOPED_DECLINE", False)
        ),
        "languages the model does not read are read as its nearest (before)": lambda: patched(
            i18n, "SURE_TOLD_APART", 1.1
        ),
        "no relevance bar for supporting citations": lambda: patched(
            pipeline, "RELEVANCE_BAR", 0.0
        ),
        "provenance bonus stepped 0.3 a clause (before)": lambda: patched(
            pipeline, "MAIN_SHARE_STEP", 0.3
        ),
        "provenance bonus stepped 0.5 a clause (tried)": lambda: patched(
            pipeline, "MAIN_SHARE_STEP", 0.5
        ),
        "no bonus for the rules a lookup names (before)": lambda: patched(
            pipeline, "LOOKUP_SHARE", 0.0
        ),
        "a rule named beside a topic keeps it answered (before)": lambda: patched(
            router, "TOPIC_OVER_SUBJECT", False
        ),
        "a denied contact outweighed by other words (before)": lambda: patched(
            router, "DENIALS_READ", False
        ),
        "no concepts said in parts (before)": lambda: patched(glossary_module, "PARTS_READ", False),
        "die faces not read by order where bare numbers are not (before)": lambda: patched(
            router, "FACES_BY_ORDER", False
        ),
        "a detail asked about hidden where the main rule states it (before)": lambda: patched(
            router, "DETAIL_ASKED", False
        ),
        "a rule's one roll not given the faces written apart (before)": lambda: patched(
            router, "ONLY_ROLL_READ", False
        ),
        "a listed count of models not summed (before)": lambda: patched(
            router, "LISTS_SUMMED", False
        ),
        "a number after another situation's word left as a lone count (before)": lambda: patched(
            router, "CLAIMED_READ", False
        ),
        "angles in degrees read only beside a wheel word (before)": lambda: patched(
            router, "ANGLES_READ", False
        ),
        "a rule named without inputs not computed (before)": lambda: patched(
            router, "GENERAL_READ", False
        ),
        "no bonus for a detail named without its value (before)": lambda: patched(
            pipeline, "NAMED_DETAIL_SHARE", 0.0
        ),
        "no lookup bonus for a detail named without its value (before)": lambda: patched(
            pipeline, "LOOKUP_DETAIL", pipeline.OTHER_SHARE
        ),
        "a language without terms weighted as the others (before)": lambda: _unlisted_as_others(),
        "a lookup's detail only a length given no value (before)": lambda: patched(
            pipeline, "LOOKUP_ANY", False
        ),
        "a topic asked only in the last sentence outweighs a rule (before)": lambda: patched(
            question.Question, "asks", lambda self, token: token >= self.last_sentence_start
        ),
        "the asker's own unit size read as a roll or count (before)": lambda: patched(
            router, "OWN_COUNTS_SKIPPED", False
        ),
        "a denied word that would say no still says no (before)": lambda: patched(
            router, "UNLESS_DENIED_READ", False
        ),
        "models listed with articles only not counted (before)": lambda: patched(
            router, "ARTICLE_LISTS_READ", False
        ),
        "'twice', 'zweimal' not read as numbers (before)": lambda: patched(
            question, "TIMES_READ", False
        ),
        "'two sixes' not read as a roll (before)": lambda: patched(
            question, "FACE_NOUNS_READ", False
        ),
        "an elided 'd'', 'l'' kept as the word in questions (before)": lambda: patched(
            glossary_module, "ELIDED_READ", False
        ),
        "a count of models ('9 modeli') read as a roll (before)": lambda: patched(
            router, "MODEL_COUNTS_SKIPPED", False
        ),
        "a detail asked in the whole asking sentence, not its last clause (before)": lambda: (
            patched(router, "ASKING_CLAUSE", False)
        ),
        "a detail named in the condition ('… if they roll 7?') taken as asked (before)": lambda: (
            patched(router, "CONDITIONS_UNASKED", False)
        ),
        "'fled with a roll of 7': words counted up to the value, not the roll word (before)": (
            lambda: patched(router, "ROLL_WORDS_BRIDGE", False)
        ),
        "'fled 10 cm' read by order as an obstacle's length (before)": lambda: patched(
            router, "FOREIGN_ROLLS_SPOKEN_FOR", False
        ),
        "a length far from its word in the same clause left unread (before)": lambda: patched(
            router, "CLAUSE_LENGTHS_READ", False
        ),
        "a length said of a denied obstacle ('not impassable') read by order (before)": lambda: (
            patched(router, "DENIED_LENGTHS_SKIPPED", False)
        ),
        "a needed score ('5+') read as any number (before)": lambda: patched(
            question, "NEEDED", re.compile(r"(?!)")
        ),
        "a pursuit into an obstruction not named a pursuit (before)": lambda: patched(
            router,
            "candidates",
            lambda rules, _c=router.candidates: [
                replace(c, when=tuple(g for g in c.when if g != ("pursue", "obstruction")))
                for c in _c(rules)
            ],
        ),
        "a bare number read as a length beside lengths with units (before)": lambda: patched(
            router, "UNITLESS_LENGTHS_SKIPPED", False
        ),
        "'must I pursue?' not read as the choice to restrain (before)": lambda: patched(
            bot.glossary,
            "_together",
            [t for t in bot.glossary._together if t[0] != "restrain"],
        ),
        "an impossible roll right after its word left unread (before)": lambda: patched(
            router, "IMPOSSIBLE_ROLLS_READ", False
        ),
        "no rule named by the best clause in a language without terms (before)": lambda: patched(
            router, "RETRIEVED_NAMES", False
        ),
        "a rule named by the best clause alone, with two values, after declining (before)": (
            _stated_as_before
        ),
        "a term holding a negation ('no llega a tocarla') denies nothing after it (before)": (
            lambda: patched(question, "NEGATED_TERMS_DENY", False)
        ),
        "a topic the corpus mentions in passing declined with its heading's subjects (before)": (
            lambda: patched(router, "PASSING_TOPICS_READ", False)
        ),
        "an asked topic the corpus lacks not over a rule given no number (before)": lambda: patched(
            router, "TOPIC_OVER_RULE", False
        ),
        "a number after another situation's word ('fuga di 7') taken by order (before)": lambda: (
            patched(router, "CLAIMED_BY_ORDER", False)
        ),
        "a situation's word claims a number only right after it ('fled with a 9') (before)": (
            lambda: patched(router, "CLAIM_REACH", 1)
        ),
        "'failed its restrain test' read as restraining (before)": lambda: patched(
            router, "FAILED_UNSAYS", False
        ),
        "the one '5+' is the save's only beside 'save' (before)": lambda: patched(
            router, "NEEDED_ANYWHERE", False
        ),
        "a question language ID is unsure of read as English (before)": lambda: patched(
            pipeline, "GLOSSARY_DETECTS", False
        ),
        "a number word's unit ('в шести дюймах') left unread (before)": lambda: patched(
            question, "WORD_UNITS_READ", False
        ),
        "'zes plus één', 'dadi uno e tre' not read as two faces (before)": lambda: patched(
            question, "WORD_SUMS_READ", False
        ),
        "a paragraph's earlier sentences add no concepts to a clause (before)": lambda: (
            _retriever_built_without(bot, "PARAGRAPH_CONTEXT")
        ),
        "'In that case, …' weighs the situation before it as a heading's (before)": lambda: (
            _retriever_built_without(bot, "ANAPHORA_READ")
        ),
        "a situation only one game's rules state does not scope citations (before)": lambda: (
            patched(pipeline, "GAME_IMPLIED", False)
        ),
        "a denied pursuit ('instead of chasing them') not read as restraining (before)": lambda: (
            patched(question, "DENIALS_READ", False)
        ),
        "French '-ent' plurals ('détalent') stemmed as Snowball leaves them (before)": lambda: (
            _glossary_rebuilt_without(bot, "STEM_REWRITES_READ")
        ),
        "a term read backwards over another's words ('сбил с ног … на') kept (before)": lambda: (
            _glossary_rebuilt_without(bot, "SHARED_WORDS_DROPPED")
        ),
        "'45 градусов, а потом ещё на 30': the 30 not read as degrees (before)": lambda: patched(
            question, "LATER_ANGLES_READ", False
        ),
        "'more than 90 degrees' read as 90 (before)": lambda: patched(
            question, "ABOVE_READ", False
        ),
        "a list of three or more faces not read as one roll (before)": lambda: patched(
            question, "FACE_RUNS_READ", False
        ),
        "a number before 'attacks' or after 'turn' read as a roll (before)": lambda: patched(
            router, "STAT_COUNTS_SKIPPED", False
        ),
        "compounds ('Angriffswürfel') not read as their two words (before)": lambda: patched(
            glossary_module, "COMPOUNDS_READ", False
        ),
        "a concept guessed by nearest term claims numbers (before)": lambda: patched(
            router, "GUESSES_CLAIM", True
        ),
        "no two neighbouring words matched to a term as one phrase (before)": lambda: patched(
            terms_module, "PAIRS_READ", False
        ),
        "a word the glossary lacks not also matched as its stem ('takipte': 'takip') (before)": (
            lambda: patched(terms_module, "STEMS_READ", False)
        ),
        "a stem needs no nearer term than a word (0.70, not 0.75; tried)": lambda: patched(
            bot.terms, "stem_threshold", 0.7
        ),
        "a profile letter read only just before its value, not 'M de 20 cm' (before)": (
            lambda: patched(glossary_module, "LETTER_LINKED", False)
        ),
        "number words and joiners matched to terms ('iki': two) (before)": lambda: patched(
            terms_module, "FUNCTION_WORDS_SKIPPED", False
        ),
        "'what dice', 'quantos dados' not read as asking a quantity (before)": lambda: patched(
            question, "AMOUNTS_ASKED", False
        ),
        "a length under an inch ('в полудюйме от отряда') names no 1\" rule (before)": lambda: (
            patched(question, "SHORT_LENGTHS_NAME", False)
        ),
        '"can\'t", "won\'t" not read as negations (before)': lambda: patched(
            question, "NEGATION_TAILS_READ", False
        ),
        "a passing topic needs two of its heading's concepts, the rarest alone not enough "
        "(before)": lambda: patched(router, "PASSING_RAREST", False),
        "extra wounds told of not presumed to have taken the last models (before)": lambda: patched(
            router, "CONDITIONAL_PREMISES", False
        ),
        "stated rules taken in retrieval's order, not those the question names in part first "
        "(before)": lambda: patched(router, "STATED_BY_PART", False),
        "a rule's one roll without faces not given the one number left (before)": lambda: patched(
            router, "LONE_TOTAL_READ", False
        ),
        "two faces in words ('a four and a three') not read as a roll (before)": lambda: patched(
            question, "WORD_PAIRS_READ", False
        ),
        "one opponent said as one ('a single orc') not counted (before)": lambda: patched(
            router, "SINGLE_ARTICLE_READ", False
        ),
        "'un seul adversaire' away from the fight's word not counted (before)": lambda: patched(
            router, "SINGLE_ANYWHERE", False
        ),
        "a multi-word term's words found across sentences and brackets (before)": lambda: patched(
            glossary_module, "TERMS_IN_CLAUSE", False
        ),
        "another rule also computed on the main rule's faces (before)": lambda: patched(
            router, "SHARED_FACES_DROPPED", False
        ),
        "a concept guessed by nearest term sets yes/no inputs (before)": lambda: patched(
            router, "GUESSES_FLAG", True
        ),
        "by order, bare numbers as likely rolls as values said as rolls (before)": lambda: patched(
            router, "ROLLS_SAID_FIRST", False
        ),
        "a situation's premise ('may I overrun?': foe wiped out) not presumed (before)": lambda: (
            patched(router, "PREMISES_PRESUMED", False)
        ),
        "a list's last bare word ('два орка и гоблин') not an item (before)": lambda: patched(
            router, "BARE_ITEMS_READ", False
        ),
        "a digit in a question not read as a term's number word (before)": lambda: patched(
            glossary_module, "NUMBERS_AS_DIGITS", False
        ),
        "exclamations weighed as rules (before)": lambda: patched(
            retriever,
            "_scale",
            np.asarray(
                [
                    retriever.weights.example if c.kind == "example" else 1.0
                    for c in retriever.clauses
                ]
            ),
        ),
        "repeated sentences citable": lambda: patched(
            retriever,
            "_not_answers",
            np.asarray(
                [c.kind == "heading" or c.text.rstrip().endswith("?") for c in retriever.clauses]
            ),
        ),
    }


@contextmanager
def _stated_as_before() -> Iterator[None]:
    with (
        patched(pipeline, "STATING_HITS", 1),
        patched(router, "RETRIEVED_INPUTS", 2),
        patched(router, "STATED_BEFORE_DECLINING", False),
    ):
        yield


@contextmanager
def _retriever_built_without(bot: Refbot, switch: str) -> Iterator[None]:
    # What a retriever reads from its clauses is read once, when it is built: build one with
    # the switch off, and swap every table of the loaded one for the new one's.
    retriever = bot.retriever
    with patched(retrieve_module, switch, False), ExitStack() as stack:
        fresh = retrieve_module.Retriever(retriever.index, bot.glossary, retriever.weights)
        for name, value in vars(fresh).items():
            stack.enter_context(patched(retriever, name, value))
        yield


@contextmanager
def _glossary_rebuilt_without(bot: Refbot, switch: str) -> Iterator[None]:
    # The glossary's terms are stemmed when it loads, and the retriever tags clauses with them
    # when it is built: reload and rebuild both with the switch off, and swap every table of
    # the loaded ones for the new ones'.
    retriever = bot.retriever
    with patched(glossary_module, switch, False), ExitStack() as stack:
        fresh = glossary_module.load_glossary(bot.settings.corpus_dir / "glossary.yaml")
        for name, value in vars(fresh).items():
            stack.enter_context(patched(bot.glossary, name, value))
        rebuilt = retrieve_module.Retriever(retriever.index, bot.glossary, retriever.weights)
        for name, value in vars(rebuilt).items():
            stack.enter_context(patched(retriever, name, value))
        yield


@contextmanager
def _glossary_without_languages(bot: Refbot, languages: tuple[str, ...]) -> Iterator[None]:
    # The glossary as it was before these languages had terms: every table of the loaded one
    # swapped for one built without them, and the nearest terms embedded again.
    def without(table: dict[str, Any]) -> dict[str, Any]:
        return {lang: value for lang, value in table.items() if lang not in languages}

    fresh = glossary_module.Glossary(
        {
            name: replace(
                c, terms=without(c.terms), words=without(c.words), names=without(c.names),
                exact=without(c.exact),
            )
            for name, c in bot.glossary.concepts.items()
        }
    )  # fmt: skip
    matcher = bot.terms
    with ExitStack() as stack:
        for name, value in vars(fresh).items():
            stack.enter_context(patched(bot.glossary, name, value))
        for name in ("_vectors", "_names", "_column_of_term", "cache_dir"):
            stack.enter_context(patched(matcher, name, getattr(matcher, name)))
        matcher._vectors, matcher.cache_dir = None, None
        yield


@contextmanager
def _unlisted_as_others() -> Iterator[None]:
    with (
        patched(retrieve_module, "UNLISTED_DENSE", 1.0),
        patched(retrieve_module, "UNLISTED_CONCEPTS", 1.0),
    ):
        yield


@contextmanager
def _no_plain_words(bot: Refbot) -> Iterator[None]:
    # The terms are embedded once, with or without the plain words: embed them again.
    try:
        with (
            patched(terms_module, "PLAIN_WORDS_ABSORB", False),
            patched(bot.terms, "_vectors", None),
        ):
            yield
    finally:
        bot.terms._vectors = None


@contextmanager
def _flat_bonus() -> Iterator[None]:
    with patched(pipeline, "MAIN_SHARE_STEP", 0.0), patched(pipeline, "OTHER_SHARE", 1.0):
        yield


@contextmanager
def _no_fallbacks() -> Iterator[None]:
    with (
        patched(router, "_by_unit_and_order", lambda *args: {}),
        patched(router, "_only_number", lambda *args: {}),
    ):
        yield


def main(paths: list[Path], rows: str | None = None) -> None:
    bot = Refbot()
    bot.ask("warm up")
    header = " | ".join(
        f"{p.stem} {m}"
        for p in paths
        for m in ("R@1", "R@5", "rules", "right & verified", "abst. P", "abst. R")
    )
    print(f"| variant | {header} |")
    print("|---" * (1 + 6 * len(paths)) + "|")
    for name, switch in variants(bot).items():
        if rows is not None and name != "full" and not re.search(rows, name):
            continue
        cells = []
        with switch():
            for path in paths:
                report = bot.evaluate(path)
                rules, abstention = report.rules(), report.abstention()
                cells += [
                    f"{report.overall.recall_at_1:.3f}",
                    f"{report.overall.recall_at_5:.3f}",
                    f"{rules['correct']}/{rules['n']}",
                    f"{rules['right_and_verified']}/{rules['n']}",
                    f"{abstention['precision']:.2f}",
                    f"{abstention['recall']:.2f}",
                ]
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", type=Path, help="question sets (JSONL)")
    parser.add_argument("--rows", help="run only the rows whose names match this regex")
    args = parser.parse_args()
    main(args.sets or [ROOT / "eval" / "blind" / "dev.jsonl"], args.rows)
