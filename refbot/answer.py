"""Compose the answer: short text in the question's language, the rule outcome, the citations."""

from __future__ import annotations

import shlex
from collections.abc import Collection, Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from refbot.corpus import game_title
from refbot.errors import RuleError
from refbot.glossary import Glossary
from refbot.i18n import Writer, available_languages, language_titles
from refbot.index import Hit
from refbot.loaded import Coverage
from refbot.rules import Amended, Param, RuleResult, all_rules, input_help, input_param, rule_of
from refbot.rules.core import parse_bool, parse_distance, parse_faces, written_unit
from refbot.segment import Amendment, Clause, Difference

VERIFIED_CONFIDENCE = 0.9
UNVERIFIED_CONFIDENCE = 0.6
LOOKUP_CEILING = 0.8  # a lookup is never as sure as a verified computation
FAQ_LABEL = "FAQ"  # the same word in every language the interface has


@dataclass(frozen=True)
class Citation:
    """A cited clause in its original language, with its provenance and retrieval score."""

    id: str
    text: str
    lang: str
    game: str
    edition: str
    section: str
    heading: str
    source: str
    page: int | None
    kind: str
    score: float | None
    game_title: str = ""
    edition_title: str = ""
    source_title: str = ""
    # "FAQ" for a FAQ answer, else "": how readers are told what kind of text is cited.
    label: str = ""
    question: str = ""  # the question a FAQ answer answers
    # The errata that amend the clause, shown with it: their text takes precedence.
    amended_by: tuple[Amendment, ...] = ()
    # In a translation: the ids of the original clauses it renders (cited right after it), and
    # the numbers, dice or lengths it states otherwise than they do.
    translation_of: tuple[str, ...] = ()
    differences: tuple[Difference, ...] = ()

    @classmethod
    def of(cls, clause: Clause, score: float | None) -> Citation:
        """Cite a clause; score is None for a clause added because a computed rule rests on it."""
        return cls(
            clause.id, clause.text, clause.lang, clause.game, clause.edition, clause.section,
            clause.heading, clause.source, clause.page, clause.kind,
            None if score is None else round(score, 4),
            game_title(clause.game), edition_title(clause), clause.source_title or clause.source,
            FAQ_LABEL if clause.kind == "faq" else "", clause.question, clause.amended_by,
            tuple(link.original for link in clause.translates),
            tuple(dict.fromkeys(d for link in clause.translates for d in link.differences)),
        )  # fmt: skip


def edition_title(clause: Clause) -> str:
    """Return what readers call a clause's edition: its title, else its slug."""
    return clause.edition_title or clause.edition


@dataclass(frozen=True)
class RuleOutcome(RuleResult):
    """A computed rule result, and whether retrieval alone found a clause stating it."""

    verified: bool = False

    @classmethod
    def of(cls, result: RuleResult, verified: bool) -> RuleOutcome:
        """Return the outcome of a rules-core result."""
        return cls(
            **{f.name: getattr(result, f.name) for f in fields(RuleResult)}, verified=verified
        )


@dataclass(frozen=True)
class Problem:
    """Why no outcome was computed: a code, the rule input it concerns, the range it takes."""

    code: str
    input: str | None
    low: int | None = None  # for an impossible value: the lowest and highest the input takes
    high: int | None = None
    # For a roll of more or fewer dice than the rule rolls: the dice it rolls.
    dice: int | None = None


@dataclass(frozen=True)
class Situation:
    """What refbot read from a question for a rule: the rule and each input as text.

    Passed back to correct an input ("pursuit": "9") or to ask a follow-up on the same
    situation ("and if they had rolled 9?").
    """

    rule: str
    inputs: dict[str, str]
    # The one edition computed, when a follow-up asked for it ("what about the Spanish rules?").
    edition: str | None = None
    # Inputs the question did not give but its situation takes for granted (Param.presumed).
    presumed: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return the situation as JSON-ready data; `edition`, `presumed` only when there are."""
        data: dict[str, Any] = {"rule": self.rule, "inputs": dict(self.inputs)}
        if self.edition is not None:
            data["edition"] = self.edition
        if self.presumed:
            data["presumed"] = list(self.presumed)
        return data


@dataclass(frozen=True)
class Answer:
    """What refbot says to a question (the JSON contract of `refbot ask --json`)."""

    query: str
    lang: str
    answer: str
    abstained: bool
    confidence: float
    rules: tuple[RuleOutcome, ...] = ()
    citations: tuple[Citation, ...] = ()
    problem: Problem | None = None
    situation: Situation | None = None
    # The main rule's inputs the question left out that would decide its outcome, by name, with
    # the question that asks for each, in the answer's language.
    asks: tuple[tuple[str, str], ...] = ()

    @property
    def rule(self) -> RuleOutcome | None:
        """Return the first computed outcome, if any."""
        return self.rules[0] if self.rules else None

    def to_dict(self) -> dict[str, Any]:
        """Return the answer as JSON-ready data: the one place answers are serialised."""
        # The edition's label only words the answer; the contract names editions by their slug.
        rules = [{k: v for k, v in asdict(r).items() if k != "label"} for r in self.rules]
        data: dict[str, Any] = {
            "query": self.query,
            "lang": self.lang,
            "answer": self.answer,
            "abstained": self.abstained,
            "confidence": round(self.confidence, 3),
            "rule": rules[0] if rules else None,
            "rules": rules,
            "citations": [asdict(c) for c in self.citations],
        }
        if self.problem is not None:
            data["problem"] = asdict(self.problem)
        data["situation"] = self.situation.to_dict() if self.situation else None
        data["asks"] = [{"input": name, "question": text} for name, text in self.asks]
        return data


def _labelled(result: RuleResult, provenance: dict[str, Clause]) -> RuleResult:
    """Return the result with its edition's title, from a clause it cites, when the corpus has one."""
    clause = next((provenance[i] for i in result.clauses if i in provenance), None)
    if clause is None or not clause.edition_title:
        return result
    return replace(result, label=f"{edition_title(clause)} ({game_title(clause.game)})")


def explain(result: RuleResult, writer: Writer) -> str:
    """Return one short paragraph stating a rule result in the writer's language."""
    rule = rule_of(result)
    if rule.explain is None:
        raise RuleError(f"rule {rule.id!r} ({rule.edition}) has no answer messages")
    return rule.explain(result, writer)


def compose_rule(
    query: str,
    lang: str,
    results: Sequence[tuple[RuleResult, bool]],
    hits: Sequence[Hit],
    provenance: dict[str, Clause],
    k: int,
    assumed: Collection[str] | None = None,
    presumed: Collection[str] = (),
) -> Answer:
    """Answer with computed outcomes, citing first the clauses that state the applied rules."""
    writer = Writer(lang)
    texts = []
    # Each edition by the name readers know it by, from the clauses it rests on.
    results = [(_labelled(result, provenance), ok) for result, ok in results]
    for result, _ in results:
        texts.append(explain(result, writer))
        texts += [amended_sentence(result, applied, writer) for applied in result.amended_by]
    premises = presumed_sentence([r for r, _ in results], presumed, writer)
    if premises:
        texts.insert(0, premises)
    for name in assumed or {}:
        # The length as each rule read it, from its own inputs: {"value": 8, "unit": "in"}.
        readings = [r.inputs[name] for r, _ in results if isinstance(r.inputs.get(name), dict)]
        for given in reversed(list({(g["value"], g["unit"]): g for g in readings}.values())):
            texts.insert(
                0,
                writer.gettext(
                    "The question gives {value} without a unit: read as {distance}."
                ).format(value=f"{given['value']:g}", distance=writer.distance(given)),
            )
    editions = [r.edition for r, _ in results if r.id == results[0][0].id]
    if len(editions) > 1 and len(set(editions)) > 1:
        texts.insert(
            0, writer.gettext("The editions differ; each one's answer follows, with its citation.")
        )
    # The confidence is the main rule's: a rule the question only also sets up does not lower it.
    verified = all(ok for result, ok in results if result.id == results[0][0].id)
    # Retrieved clauses best first; an edition none of whose clauses made it gets its first
    # provenance clause cited in place of the weakest hit, with no score.
    # Only the main rule's editions claim a place: the rules a question also sets up do not.
    citations = [Citation.of(h.clause, h.score) for h in hits]
    added: list[Citation] = []
    for result, _ in results:
        cited = {c.id for c in [*citations, *added]}
        if result.id == results[0][0].id and result.clauses and not set(result.clauses) & cited:
            added.append(Citation.of(provenance[result.clauses[0]], None))
    if added:
        added = added[:k]
        citations = [*citations[: k - len(added)], *added]
    return Answer(
        query=query,
        lang=lang,
        answer=" ".join(t for t in texts if t),
        abstained=False,
        confidence=VERIFIED_CONFIDENCE if verified else UNVERIFIED_CONFIDENCE,
        rules=tuple(RuleOutcome.of(result, ok) for result, ok in results),
        citations=tuple(citations),
    )


def presumed_sentence(
    results: Sequence[RuleResult], presumed: Collection[str], writer: Writer
) -> str:
    """Say which premises of the situation were taken for granted, so they can be corrected.

    Each premise by the words of the first edition that reads it ("first turn" is only the
    Spanish overrun's); nothing when no edition computed reads one.
    """
    helps: dict[str, str] = {}
    for result in results:
        for param in rule_of(result).params:
            helps.setdefault(param.name, param.help)
    said = [writer.gettext(helps[name]) for name in presumed if name in helps]
    if not said:
        return ""
    return writer.gettext(
        "The question does not say otherwise, so this takes for granted: {premises}."
    ).format(premises="; ".join(said))


def amended_sentence(result: RuleResult, applied: Amended, writer: Writer) -> str:
    """Say which erratum a result was computed under, and the value it changed."""
    constant = rule_of(result).constant(applied.constant)
    what = writer.gettext(constant.help) if constant else applied.constant
    return writer.gettext("Amended by «{erratum}»: {what} are {value}, not {was}.").format(
        erratum=applied.title, what=what, value=applied.value, was=applied.was
    )


def compose_lookup(
    query: str,
    lang: str,
    hits: Sequence[Hit],
    problem: RuleError | None = None,
    paragraph: str | None = None,
    amendments: Sequence[Amendment] = (),
    problem_rule: str | None = None,
    problem_edition: str | None = None,
) -> Answer:
    """Answer by quoting the paragraph of the best clause in its own language, with its source.

    A FAQ answer is quoted with its question; a paragraph errata amend is quoted as amended,
    naming them.
    """
    writer = Writer(lang)
    top = hits[0].clause
    quoted = paragraph or top.amended_text()
    edition, game = edition_title(top), game_title(top.game)
    if top.kind == "faq":
        text = writer.gettext(
            "According to the FAQ of {edition} ({game}), to the question «{question}»: «{text}»"
        ).format(edition=edition, game=game, question=top.question, text=quoted)
    elif top.page is not None:
        text = writer.gettext(
            "According to {edition} ({game}), {heading}, page {page}: «{text}»"
        ).format(edition=edition, game=game, heading=top.heading, page=top.page, text=quoted)
    else:
        text = writer.gettext("According to {edition} ({game}), {heading}: «{text}»").format(
            edition=edition, game=game, heading=top.heading, text=quoted
        )
    for amendment in amendments:
        text += " " + writer.gettext("(Amended by «{erratum}», {source}.)").format(
            erratum=amendment.title, source=amendment.source
        )
    said = None
    if problem is not None:
        low, high = problem.allowed or (None, None)
        said = Problem(problem.reason, problem.param, low, high, problem.dice)
        text = _problem_sentence(said, writer, problem_rule, problem_edition) + " " + text
    return Answer(
        query=query,
        lang=lang,
        answer=text,
        abstained=False,
        confidence=min(LOOKUP_CEILING, hits[0].score),
        citations=tuple(Citation.of(h.clause, h.score) for h in hits),
        problem=said,
    )


def situation_lines(answer: Answer, glossary: Glossary | None = None) -> list[str]:
    """Say in the answer's language what was read from the question, and how to correct it.

    "Read: Pursuit (pursuit) — the Flee roll (total or faces) 7, the Pursuit roll (total or
    faces) 9", then "To correct it: --input flee=7 --input pursuit=9". The rule is named by its
    title in the reader's language and its id (what `--rule` takes), each input by its label, the translated Param help, and each value as a
    reader says it ("yes", 12", a state by the glossary's name for it); the correction line
    keeps the values as `--input` takes them.
    """
    situation = answer.situation
    if situation is None:
        return []
    writer = Writer(answer.lang)
    read = []
    for name, value in situation.inputs.items():
        param = input_param(name, situation.rule, situation.edition)
        label = writer.gettext(param.help) if param is not None else name
        shown = shown_value(param, value, writer, glossary)
        if name in situation.presumed:
            shown = writer.gettext("{value} (taken for granted)").format(value=shown)
        read.append(f"{label}: {shown}")
    lines = [
        writer.gettext("Read: {rule} — {inputs}").format(
            rule=rule_named(situation.rule, writer),
            inputs=", ".join(read) if read else writer.gettext("no numbers"),
        )
    ]
    if situation.inputs:
        # Quoted as a shell needs it, so that the line can be pasted: --input 'dice=2 5'.
        options = " ".join(
            f"--input {shlex.quote(f'{name}={value}')}" for name, value in situation.inputs.items()
        )
        if situation.edition:
            # Read for one edition (its dice, its unit, a follow-up naming it): corrected as one.
            options += f" --edition {shlex.quote(situation.edition)}"
        lines.append(writer.gettext("To correct it: {options}").format(options=options))
    return lines


def rule_named(rule_id: str, writer: Writer) -> str:
    """Return a rule as a reader calls it, with the id `--rule` takes: "Persecución (pursuit)"."""
    title = next((r.title for r in all_rules() if r.id == rule_id and r.title), None)
    return f"{writer.gettext(title)} ({rule_id})" if title else rule_id


def shown_value(param: Param | None, value: str, writer: Writer, glossary: Glossary | None) -> str:
    """Return an input's value as a reader says it, read as its parameter reads it.

    Yes or no in the reader's language, a length with its unit, die faces as "3 + 4" (a comma
    between them reads as a decimal in most languages), a choice by the glossary's name for it;
    anything the parameter cannot read, or a length without its unit, as it was given.
    """
    if param is None:
        return value
    try:
        if param.kind == "bool":
            return writer.gettext("yes") if parse_bool(param.name, value) else writer.gettext("no")
        if param.kind == "distance" and written_unit(value) is not None:
            return writer.distance(parse_distance(param.name, value, "in").to_dict())
        if param.kind in ("roll", "dice") and not value.strip().isdigit():
            return " + ".join(str(face) for face in parse_faces(param.name, value))
    except RuleError:
        return value
    if param.kind == "choice" and glossary is not None and value in glossary.concepts:
        return glossary.concepts[value].title(writer.lang)
    return value


def _problem_sentence(
    problem: Problem, writer: Writer, rule_id: str | None = None, edition: str | None = None
) -> str:
    # Localised by code: the rules core's English error text never enters another language,
    # and an input is named by what it is to a player ("the Flee roll"), never its internal name,
    # as the rule that refused it names it (several rules have a "roll").
    about = input_help(problem.input, rule_id, edition) if problem.input else None
    label = writer.gettext(about) if about else None
    if problem.code == "missing_input" and label:
        return writer.gettext(
            "I could not compute an outcome: the question does not give the rule's input {input}."
        ).format(input=label)
    if problem.code == "unreadable_input" and label:
        return writer.gettext(
            "I could not compute an outcome: the value given for {input} could not be read."
        ).format(input=label)
    if problem.code == "invalid_input" and label and problem.dice:
        # "saqué 5D6" where Movement 20 cm rolls 8D6: the dice it rolls, not just "impossible".
        return writer.gettext(
            "I could not compute an outcome: the value given for {input} is not possible; "
            "it is a roll of {dice}D6."
        ).format(input=label, dice=problem.dice)
    if problem.code == "invalid_input" and label:
        low, high = problem.low, problem.high
        if low is not None and high is not None:
            return writer.gettext(
                "I could not compute an outcome: the value given for {input} is not possible; "
                "it can be {low} to {high}."
            ).format(input=label, low=low, high=high)
        if low is not None:
            return writer.gettext(
                "I could not compute an outcome: the value given for {input} is not possible; "
                "it must be at least {low}."
            ).format(input=label, low=low)
        return writer.gettext(
            "I could not compute an outcome: the value given for {input} is not possible."
        ).format(input=label)
    return writer.gettext("I could not compute an outcome from the numbers given.")


def compose_abstention(
    query: str,
    lang: str,
    coverage: Sequence[Coverage],
    glossary: Glossary,
    declined: tuple[str, tuple[str, ...]] | None = None,
) -> Answer:
    """Decline, saying in the question's language why, and what the corpus does cover.

    `declined` is the kind of concept that declined the question and what names it: the words
    the question names another game with, the topic concepts the corpus lacks, the game named
    and the rules its clauses do not state ("game_rule"), or the language not read.
    """
    writer = Writer(lang)
    kind, named = declined or ("", ())
    if kind == "other_game":
        why = writer.gettext("This is about {game}, which my rules do not cover.").format(
            game=named[0]
        )
    elif kind == "topic":
        why = writer.gettext("My rules say nothing on {topic}.").format(
            topic=writer.together([glossary.concepts[k].title(lang) for k in named])
        )
    elif kind == "game_rule":
        game, *concepts = named
        why = writer.gettext("The {game} rules I have say nothing on {topic}.").format(
            game=game_title(game),
            topic=writer.together([glossary.concepts[k].title(lang) for k in concepts]),
        )
    elif kind == "language":
        # The languages with an answer catalog: Turkish has no glossary terms, yet is read.
        unread, *answered = language_titles([named[0], *available_languages()], lang)
        why = writer.gettext(
            "I cannot read {language} well enough to answer; please ask in one of: {languages}."
        ).format(language=unread, languages=writer.alternatives(answered))
    else:
        why = writer.gettext("The rules I have do not cover this.")
    games = "; ".join(
        f"{game_title(c.game)} ({writer.together([glossary.concepts[k].title(lang) for k in c.concepts])})"
        if c.concepts
        else game_title(c.game)
        for c in coverage
    )
    covers = writer.gettext("They cover: {topics}.").format(topics=games)
    return Answer(query, lang, f"{why} {covers}", True, 0.0)
