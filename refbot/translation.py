"""Translations of editions: their clauses linked to the originals', and cited beside them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from refbot.align import LINK_BAR, Alignment, Document, align
from refbot.answer import Answer, Citation, edition_title
from refbot.corpus import Section
from refbot.embed import Embedder
from refbot.glossary import Glossary
from refbot.i18n import Writer
from refbot.index import Hit
from refbot.rules import Provenance
from refbot.segment import Clause, Difference, Link

# The aligner's flags that say a translation states another quantity than its original.
QUANTITIES = ("dice", "distance", "number")
Notice = Callable[[str], None]


def link_translations(
    sections: Sequence[Section],
    clauses: Sequence[Clause],
    embedder: Embedder,
    glossary: Glossary,
    notice: Notice | None = None,
) -> list[Clause]:
    """Return the clauses with each translated clause linked to the original clauses it renders.

    Each translation section is aligned with every section of the same kind in the edition it
    translates; the section it aligns best with (most linked, most similar clauses) is its
    original. The numbers, dice and lengths the aligner finds differing go with each link.
    """
    translations = [s for s in sections if s.translates]
    if not translations:
        return list(clauses)
    by_section: dict[str, list[Clause]] = {}
    for clause in clauses:
        by_section.setdefault(clause.id.split("#", 1)[0], []).append(clause)
    documents = {
        s.key: Document(
            s.key, s.lang, s.units, by_section.get(s.key, []), s.title, s.game, s.edition
        )
        for s in sections
    }
    links: dict[str, list[Link]] = {}
    for section in translations:
        game, edition = section.translates.split("/")
        candidates = [
            s
            for s in sections
            if (s.game, s.edition) == (game, edition)
            and s.kind == section.kind
            and not s.translates
        ]
        found = [
            align(documents[section.key], documents[c.key], embedder, glossary, clauses)
            for c in candidates
        ]
        best = max(found, key=gain, default=None)
        if best is None or gain(best) <= 0:
            if notice:
                notice(f"{section.path}: no clause aligns with {section.translates}; not linked")
            continue
        for pair in best.pairs:
            if not (pair.a and pair.b):
                continue
            differences = tuple(
                Difference(f.kind, tuple(f.a), tuple(f.b))
                for f in pair.flags
                if f.kind in QUANTITIES
            )
            for clause in pair.a:
                links.setdefault(clause.id, []).extend(Link(o.id, differences) for o in pair.b)
    return [replace(c, translates=tuple(links[c.id])) if c.id in links else c for c in clauses]


def gain(alignment: Alignment) -> float:
    """Return how well two documents align: what their links score above the aligner's bar."""
    return sum(p.score - LINK_BAR for p in alignment.pairs if p.a and p.b)


def translated_shares(
    shares: Mapping[str, float], provenance: Provenance, lang: str
) -> dict[str, float]:
    """Return the provenance bonus with each clause's translations in `lang` sharing its part."""
    found = dict(shares)
    for clause_id, share in shares.items():
        for translated, _ in provenance.translated(clause_id, lang):
            found[translated] = max(found.get(translated, 0.0), share)
    return found


def lead_with_translation(
    hits: Sequence[Hit], provenance: Provenance, clauses: Mapping[str, Clause], lang: str
) -> list[Hit]:
    """Return the hits with the best one's translation in `lang`, if it has one, put first.

    A lookup quotes the paragraph of its first hit: the reader's own language when a translation
    has it; the original follows it among the citations.
    """
    if not hits:
        return list(hits)
    translated = provenance.translated(hits[0].clause.id, lang)
    if not translated or translated[0][0] not in clauses:
        return list(hits)
    first = Hit(clauses[translated[0][0]], hits[0].score)
    return [first, *(h for h in hits if h.clause.id != first.clause.id)]


def cite_translations(
    answer: Answer, provenance: Provenance, clauses: Mapping[str, Clause]
) -> Answer:
    """Cite, in an answer in the language of a translation, its clauses first and each one's
    original right after it; say where the translation's numbers differ from the original's.

    An answer in a language no translation has is returned as it is.
    """
    scores = {c.id: c.score for c in answer.citations}
    cited: list[Citation] = []
    seen: set[str] = set()

    def add(citation: Citation) -> None:
        if citation.id not in seen:
            seen.add(citation.id)
            cited.append(citation)

    for citation in answer.citations:
        clause = clauses.get(citation.id)
        if clause is None:
            add(citation)
        elif clause.translates and clause.lang == answer.lang:
            add(Citation.of(clause, scores.get(clause.id)))
            for link in clause.translates:
                if link.original in clauses:
                    add(Citation.of(clauses[link.original], scores.get(link.original)))
        else:
            for translated, _ in provenance.translated(citation.id, answer.lang):
                add(Citation.of(clauses[translated], scores.get(translated)))
            add(citation)
    # A rule's clause whose translation states another number is cited with it even beyond the
    # retrieved ones: the reader of the translation must know the outcome rests on the original.
    for clause_id in (i for result in answer.rules for i in result.clauses):
        for translated, link in provenance.translated(clause_id, answer.lang):
            if link.differences and translated not in seen and clause_id in clauses:
                add(Citation.of(clauses[translated], None))
                add(Citation.of(clauses[clause_id], scores.get(clause_id)))
    if not any(c.translation_of and c.lang == answer.lang for c in cited):
        return answer
    texts = [answer.answer, *translation_sentences(cited, clauses, answer)]
    return replace(answer, answer=" ".join(t for t in texts if t), citations=tuple(cited))


def translation_sentences(
    cited: Sequence[Citation], clauses: Mapping[str, Clause], answer: Answer
) -> list[str]:
    """Return what an answer citing translations says of them, in the answer's language.

    A computed answer names the translation and says the original's rules computed it; every
    number, dice or length the translation states otherwise than its original is named.
    """
    writer = Writer(answer.lang)
    sentences: list[str] = []
    for citation in cited:
        if citation.lang != answer.lang or not citation.translation_of:
            continue
        first = clauses.get(citation.translation_of[0])
        original = edition_title(first) if first else citation.translation_of[0]
        translation = citation.edition_title
        if answer.rules:
            sentences.append(
                writer.gettext(
                    "«{translation}» translates «{original}»: the outcome is computed with the "
                    "original's rules."
                ).format(translation=translation, original=original)
            )
        for difference in citation.differences:
            sentences.append(
                writer.gettext(
                    "The translation «{translation}» says {says} where the original "
                    "«{original}» says {original_says}."
                ).format(
                    translation=translation,
                    original=original,
                    says=quantity(difference.kind, difference.translation, writer),
                    original_says=quantity(difference.kind, difference.original, writer),
                )
            )
    return list(dict.fromkeys(sentences))


def quantity(kind: str, values: Sequence[object], writer: Writer) -> str:
    """Return the values one side of a difference states, lengths in cm as the aligner has them."""
    if not values:
        return writer.gettext("nothing")
    if kind == "distance":
        return "; ".join(writer.distance({"value": v, "unit": "cm"}) for v in values)
    return writer.values(list(values))
