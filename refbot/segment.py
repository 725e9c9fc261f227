"""Split a section's Markdown into clauses: sentences, numbered items and headings."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any, Literal

import pysbd
from pysbd.languages import LANGUAGE_CODES

from refbot.corpus import Section
from refbot.lang import patterns

Kind = Literal["rule", "example", "heading", "faq"]
KINDS: tuple[Kind, ...] = ("rule", "example", "heading", "faq")
PATH_SEPARATOR = " › "

HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
NUMBERED = re.compile(r"^\d{1,3}[.)]\s+\S")
QUOTE = re.compile(r"^>\s?")
# Navigation between web pages ("<< Previous - Break?", "Next - The Melee Phase >>").
NAVIGATION = re.compile(r"^\s*(?:<<|«|←|‹)|(?:>>|»|→|›)\s*$")
# Inch marks after a number confuse sentence segmenters into seeing quotations.
INCH_MARK = re.compile(r"(?<=\d)\"")
INCH_STANDIN = "\u2033"


@dataclass(frozen=True)
class Amendment:
    """An erratum attached to the clause it amends: what it replaces, with what, and where from."""

    erratum: str  # `<errata section key>#<n>`
    title: str
    replaces: str
    text: str
    source: str  # the errata document, as readers call it
    param: str = ""  # `<rule>.<constant>` when the erratum changes a number a rule computes with
    value: str = ""

    def apply(self, text: str) -> str:
        """Return a text with the replaced words changed, whitespace and case aside."""
        pattern = r"\s+".join(re.escape(word) for word in self.replaces.split())
        return re.sub(pattern, lambda _: self.text, text, count=1, flags=re.I)


@dataclass(frozen=True)
class Difference:
    """A number, dice expression or length the aligner found differing between a translated
    clause and its original: what each side states."""

    kind: str  # number, dice or distance (in cm, 1" = 2.5 cm)
    translation: tuple[Any, ...]
    original: tuple[Any, ...]


@dataclass(frozen=True)
class Link:
    """The original clause a translated clause renders, found by the aligner at build."""

    original: str  # the original clause's id
    differences: tuple[Difference, ...] = ()


@dataclass(frozen=True)
class Clause:
    """One sentence, numbered item or heading of a rule section, with its provenance."""

    id: str
    text: str
    kind: Kind
    heading_path: tuple[str, ...]
    lang: str
    game: str
    edition: str
    section: str
    source: str
    units: str
    page: int | None
    block: int = 0  # the paragraph, item or heading of the section the clause comes from
    edition_title: str = ""  # what readers call the edition and the book, when the corpus says
    source_title: str = ""
    amended_by: tuple[Amendment, ...] = ()  # errata that change this clause's text
    translates: tuple[Link, ...] = ()  # in a translation: the original clauses it renders

    @property
    def question(self) -> str:
        """Return the question a FAQ answer answers (its last heading), else ''."""
        return self.heading_path[-1] if self.kind == "faq" and self.heading_path else ""

    def amended_text(self) -> str:
        """Return the clause's text with its errata applied: what holds now."""
        text = self.text
        for amendment in self.amended_by:
            text = amendment.apply(text)
        return text

    @property
    def heading(self) -> str:
        """Return the heading path joined for display, e.g. `Flee & Pursue › Caught!`."""
        return PATH_SEPARATOR.join(self.heading_path)

    def embedding_text(self) -> str:
        """Return the text embedded for this clause: its heading path as context, then the text."""
        if self.kind == "heading" or not self.heading_path:
            return self.heading or self.text
        return f"{self.heading}: {self.text}"

    def to_dict(self) -> dict[str, Any]:
        """Return the clause as plain JSON-ready data."""
        data = asdict(self)
        data["heading_path"] = list(self.heading_path)
        data["heading"] = self.heading
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Clause:
        """Rebuild a clause from `to_dict` output."""
        fields = {key: value for key, value in data.items() if key != "heading"}
        amended = tuple(Amendment(**a) for a in data.get("amended_by", ()))
        links = tuple(
            Link(
                link["original"],
                tuple(
                    Difference(d["kind"], tuple(d["translation"]), tuple(d["original"]))
                    for d in link["differences"]
                ),
            )
            for link in data.get("translates", ())
        )
        return cls(
            **{
                **fields, "heading_path": tuple(data["heading_path"]), "amended_by": amended,
                "translates": links,
            }
        )  # fmt: skip

    def matches(
        self, lang: str | None = None, game: str | None = None, kind: str | None = None
    ) -> bool:
        """Return whether the clause passes the given filters (None lets everything through)."""
        return (
            (lang is None or self.lang == lang)
            and (game is None or self.game == game)
            and (kind is None or self.kind == kind)
        )


@dataclass(frozen=True)
class _Block:
    kind: Literal["heading", "paragraph", "item", "quote", "page"]
    text: str
    level: int = 0


@lru_cache(maxsize=32)
def _segmenter(lang: str) -> pysbd.Segmenter:
    return pysbd.Segmenter(language=lang if lang in LANGUAGE_CODES else "en", clean=False)


def split_sentences(text: str, lang: str) -> list[str]:
    """Split running text into sentences with pysbd, keeping inch marks and dice intact."""
    protected = INCH_MARK.sub(INCH_STANDIN, text)
    merged: list[str] = []
    for piece in _segmenter(lang).segment(protected):
        piece = piece.strip()
        if not piece:
            continue
        # A sentence never starts in lowercase: pysbd split after an abbreviation it lacks ("Т.е.").
        if merged and piece[0].islower():
            merged[-1] = f"{merged[-1]} {piece}"
        else:
            merged.append(piece)
    return [s.replace(INCH_STANDIN, '"') for s in merged]


def _blocks(body: str) -> Iterator[_Block]:
    for raw in re.split(r"\n[ \t]*\n", body.replace("\r\n", "\n")):
        lines = [line.strip() for line in raw.strip().split("\n") if line.strip()]
        if not lines:
            continue
        heading = HEADING.match(lines[0])
        if heading and len(lines) == 1:
            yield _Block("heading", heading.group(2), len(heading.group(1)))
            continue
        if all(QUOTE.match(line) for line in lines):
            yield _Block("quote", " ".join(QUOTE.sub("", line) for line in lines))
            continue
        text = " ".join(lines)
        # A bare page marker in any language ("Страница 20", "Page 12", "Página 78").
        page = patterns().page_marker.match(text)
        if page:
            yield _Block("page", page.group(1))
        elif len(text) < 120 and NAVIGATION.search(text):
            continue
        elif NUMBERED.match(text):
            yield _Block("item", text)
        else:
            yield _Block("paragraph", text)


def _has_content(blocks: list[_Block], start: int) -> bool:
    level = blocks[start].level
    for block in blocks[start + 1 :]:
        if block.kind == "heading" and block.level <= level:
            return False
        if block.kind in ("paragraph", "item", "quote"):
            return True
    return False


def segment_section(section: Section) -> list[Clause]:
    """Return the clauses of one section in reading order, numbered from 1.

    A FAQ gives one clause per question (a heading with paragraphs under it): its answer,
    with the question last in its heading path. An errata document gives none: its errata
    are attached to the clauses they amend (`refbot.errata`).
    """
    if section.kind == "errata":
        return []
    blocks = list(_blocks(section.body))
    clauses: list[Clause] = []
    path: list[tuple[int, str]] = []
    page = section.page

    def add(text: str, kind: Kind, block: int, at: int | None) -> None:
        clauses.append(
            Clause(
                id=f"{section.key}#{len(clauses) + 1}",
                text=text,
                kind=kind,
                heading_path=tuple(title for _, title in path),
                lang=section.lang,
                game=section.game,
                edition=section.edition,
                section=section.section,
                source=section.source,
                units=section.units,
                page=at,
                block=block,
                edition_title=section.edition_title,
                source_title=section.source_title,
            )
        )

    answer: list[str] = []  # the paragraphs of a FAQ answer read so far
    answer_block, answer_page = 0, page

    def answered() -> None:
        if answer:
            add(" ".join(answer), "faq", answer_block, answer_page)
            answer.clear()

    for i, block in enumerate(blocks):
        if section.kind == "faq" and block.kind != "page":
            if block.kind == "heading":
                answered()
                path = [(level, title) for level, title in path if level < block.level]
                path.append((block.level, block.text))
            elif path:  # an answer, under its question, cited at the page it starts on
                if not answer:
                    answer_block, answer_page = i, page
                answer.append(block.text)
            continue
        if block.kind == "page":
            page = int(block.text)
        elif block.kind == "heading":
            path = [(level, title) for level, title in path if level < block.level]
            path.append((block.level, block.text))
            if _has_content(blocks, i):
                add(block.text, "heading", i, page)
        elif block.kind == "item":
            add(block.text, "rule", i, page)
        else:
            for sentence in split_sentences(block.text, section.lang):
                # A sentence opening with a cue ("for example", "например") is a worked example.
                quoted = block.kind == "quote" or patterns().example_cue.match(sentence)
                add(sentence, "example" if quoted else "rule", i, page)
    answered()
    return clauses
