"""Turn a read Document into corpus sections: clean it, infer its metadata, write Markdown."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import yaml

from refbot import lang as languages
from refbot.corpus import Section
from refbot.errors import DocumentError
from refbot.i18n import detect_language
from refbot.ingest.document import Block, Document
from refbot.segment import NAVIGATION, segment_section, split_sentences

NAVIGATION_MAX_CHARS = 120


MAX_QUESTION = 300  # characters: a longer paragraph ending in "?" is an answer's last sentence
QUESTION_END = re.compile(r"[?？]\s*$")


@dataclass
class Metadata:
    """What the import says about a document: given by options or inferred, and how sure."""

    lang: str
    units: str
    title: str
    page: int | None = None
    pages: list[int] = field(default_factory=list)  # the page numbers the document shows
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SectionDraft:
    """One corpus section an import would write: where, and its whole file content."""

    section: Section
    content: str

    @property
    def path(self) -> str:
        """Return the corpus-relative path of the section file."""
        return self.section.path


def infer_language(document: Document, given: str | None) -> tuple[str, list[str]]:
    """Return the document's language (given or detected), or raise asking for --lang."""
    if given:
        return given, []
    sample = document.text[:20000]
    found = detect_language(sample, default="")
    if not found:
        raise DocumentError(document.source, "cannot tell the language; give it with --lang")
    return found, [f"language {found} detected (give --lang if it is wrong)"]


def infer_units(text: str, lang: str, given: str | None) -> tuple[str, list[str]]:
    """Return in, cm or none: the unit the text measures lengths in, or the one given."""
    if given:
        return given, []
    codes = (lang,) if lang in languages.CODES else languages.CODES
    counts = Counter[str]()
    for match in languages.patterns(codes).number.finditer(text):
        if match.group(2):
            counts["in"] += 1
        elif match.group(3):
            counts["cm"] += 1
    if not counts:
        return "none", ["units none: the text measures no lengths (give --units if it does)"]
    (unit, n), *rest = counts.most_common()
    notes = []
    if rest and rest[0][1] * 2 > n:
        notes.append(
            f"units unsure: {counts['in']} lengths in inches, {counts['cm']} in cm (give --units)"
        )
    return unit, notes


def clean(document: Document, lang: str, run_in: bool = True) -> list[Block]:
    """Return the blocks with page markers read, navigation dropped and run-in headings split.

    A FAQ's answers open with short sentences ("Yes.") that are no run-in headings: `run_in`
    False leaves them.
    """
    patterns = languages.patterns()
    blocks: list[Block] = []
    for block in document.blocks:
        if block.kind in ("paragraph", "heading", "caption"):
            page = patterns.page_marker.match(block.text)
            if page:
                blocks.append(Block("page", page.group(1)))
                continue
            if len(block.text) < NAVIGATION_MAX_CHARS and NAVIGATION.search(block.text):
                continue
        if block.kind == "paragraph" and run_in:
            blocks.extend(_run_in(block, lang, document))
        else:
            blocks.append(block)
    return _worked_examples(blocks, lang)


def _run_in(block: Block, lang: str, document: Document) -> list[Block]:
    """Split a run-in heading from its paragraph: "Distancia de Arrasamiento. La unidad…"."""
    if document.format != "txt":
        return [block]  # formats with structure say where their headings are
    sentences = split_sentences(block.text, lang)
    if len(sentences) < 2:
        return [block]
    first = sentences[0]
    words = first.split()
    short = len(words) <= 5 and not re.search(r"[\d,;:()]", first) and first[-1] in ".?"
    if not short or not (first[0].isupper() or first[0] in "¿¡"):
        return [block]
    rest = block.text[len(first) :].strip()
    return [Block("heading", first.rstrip("."), 3), Block("paragraph", rest)]


def _worked_examples(blocks: list[Block], lang: str) -> list[Block]:
    """Quote the paragraphs that work the numbers of an example a cue has just introduced."""
    cue = languages.patterns().example_cue
    out: list[Block] = []
    in_example = False
    for block in blocks:
        if block.kind == "paragraph":
            if in_example and re.search(r"\d", block.text):
                out.append(replace(block, kind="caption"))
                continue
            sentences = split_sentences(block.text, lang)
            in_example = bool(sentences) and bool(cue.match(sentences[-1]))
        elif block.kind != "caption":
            in_example = False
        out.append(block)
    return out


def _document_page(blocks: list[Block], lang: str) -> int | None:
    """Return the page an opening paragraph names ("se corresponde a la página 78")."""
    markers = languages.get(lang).page_markers if lang in languages.CODES else ()
    if not markers:
        return None
    words = "|".join(re.escape(m) for m in markers)
    for block in blocks:
        if block.kind == "heading":
            return None
        if block.kind == "paragraph":
            found = re.search(rf"(?<!\w)(?:{words})\s*(\d{{1,4}})(?!\d)", block.text, re.I)
            return int(found.group(1)) if found else None
    return None


def sections_of(blocks: list[Block]) -> list[list[Block]]:
    """Split blocks into sections at the top heading level, when that level comes more than once.

    A heading of level 0 (a word processor's Title) names the whole document and never splits it.
    """
    levels = [b.level for b in blocks if b.kind == "heading" and b.level > 0]
    if not levels:
        return [blocks]
    top = min(levels)
    if levels.count(top) < 2:
        return [blocks]
    parts: list[list[Block]] = [[]]
    seen_top = False
    for block in blocks:
        if block.kind == "heading" and block.level == top:
            if seen_top:
                # A page start just before the heading belongs to the new section.
                carried = [parts[-1].pop()] if parts[-1] and parts[-1][-1].kind == "page" else []
                parts.append(carried)
            seen_top = True
        parts[-1].append(block)
    return [part for part in parts if any(b.kind != "page" for b in part)]


def slug(title: str) -> str:
    """Return a section file name for a heading, transliterated to Latin letters."""
    from slugify import slugify

    return slugify(title, replacements=[["&", "and"]], max_length=80, word_boundary=True)


def render(blocks: list[Block], lang: str, page: int | None) -> tuple[str, int | None]:
    """Return the Markdown body of a section's blocks and the page it starts on.

    `page` is the page the section opens on when no page start comes first (the previous
    section's last page).
    """
    marker = (languages.get(lang).page_markers if lang in languages.CODES else ()) or ("page",)
    word = marker[0].capitalize()
    levels = sorted({max(b.level, 1) for b in blocks if b.kind == "heading"})
    start_page = page
    parts: list[str] = []
    for block in blocks:
        if block.kind == "page":
            number = int(block.text)
            if not parts:
                start_page = number
            elif number != page:
                parts.append(f"{word} {number}")
            page = number
        elif block.kind == "heading":
            depth = min(levels.index(max(block.level, 1)) + 1, 6)
            parts.append(f"{'#' * depth} {block.text}")
        elif block.kind == "caption":
            parts.append(f"> {block.text}")
        else:
            parts.append(block.text)
    # A trailing page start with nothing after it marks nothing.
    while parts and re.fullmatch(rf"{re.escape(word)} \d+", parts[-1]):
        parts.pop()
    return "\n\n".join(parts) + "\n", start_page


def front_matter(meta: Mapping[str, object]) -> str:
    """Return YAML front matter in the key order refbot/corpus.py documents."""
    dumped = yaml.safe_dump(
        {k: v for k, v in meta.items() if v is not None},
        allow_unicode=True,
        sort_keys=False,
        width=10_000,
    )
    return f"---\n{dumped}---\n\n"


def questions_as_headings(blocks: list[Block]) -> list[Block]:
    """Return a FAQ's blocks with each question made a heading, so its answer sits under it.

    A question is a heading or a short paragraph (the layout of a plain-text FAQ) ending with a
    question mark; every question goes one level below the document's other headings.
    """

    def asks(block: Block) -> bool:
        return (
            block.kind in ("heading", "paragraph")
            and len(block.text) <= MAX_QUESTION
            and QUESTION_END.search(block.text) is not None
        )

    levels = [b.level for b in blocks if b.kind == "heading" and b.level > 0 and not asks(b)]
    level = max(levels, default=0) + 1
    return [Block("heading", b.text, level) if asks(b) else b for b in blocks]


def convert(
    document: Document,
    game: str,
    edition: str,
    lang: str | None = None,
    units: str | None = None,
    kind: str = "rules",
    translates: str | None = None,
    edition_title: str | None = None,
    source_title: str | None = None,
) -> tuple[list[SectionDraft], Metadata]:
    """Return the corpus sections a document becomes, and what was inferred about it.

    A FAQ (`kind` faq) is one section whatever its headings, its questions made headings.
    `translates` (`<game>/<edition>`) names the edition the document translates;
    `edition_title` what readers call the edition, `source_title` the book.
    """
    code, notes = infer_language(document, lang)
    blocks = clean(document, code, run_in=kind != "faq")
    if kind == "faq":
        blocks = questions_as_headings(blocks)
    if not any(b.kind in ("paragraph", "item", "caption") for b in blocks):
        raise DocumentError(document.source, "no text besides headings and page markers")
    unit, unit_notes = infer_units(document.text, code, units)
    notes += unit_notes + document.notes
    headings = [b.text for b in blocks if b.kind == "heading"]
    # The first heading names the text better than a file's stored title, often a site's name
    # or a template's leftover.
    title = headings[0] if headings else document.title or document.source.rsplit(".", 1)[0]
    # A Markdown file exported by refbot (or a corpus file) names its own original.
    origin = document.front_matter.get("source") or document.source
    pages = sorted({int(b.text) for b in blocks if b.kind == "page"})
    meta = Metadata(lang=code, units=unit, title=title, pages=pages, notes=notes)
    opening_page = _document_page(blocks, code)
    drafts: list[SectionDraft] = []
    names: set[str] = set()
    parts = [blocks] if kind == "faq" else sections_of(blocks)
    running_page: int | None = None
    for part in parts:
        part_headings = [b for b in part if b.kind == "heading"]
        part_title = part_headings[0].text if part_headings and len(parts) > 1 else title
        name = slug(part_title) or slug(document.source.rsplit(".", 1)[0]) or "section"
        if name in names:
            raise DocumentError(
                document.source, f"two sections would both be named {name!r}; rename a heading"
            )
        names.add(name)
        body, page = render(part, code, running_page)
        page = page or opening_page
        running_page = next((int(b.text) for b in reversed(part) if b.kind == "page"), running_page)
        header = {
            "game": game,
            "edition": edition,
            "lang": code,
            "units": unit,
            "title": part_title,
            "source": origin,
            "page": page,
            "edition_title": edition_title,
            "source_title": source_title,
            "kind": kind if kind != "rules" else None,
            "translates": translates,
        }
        if meta.page is None:
            meta.page = page
        rel = f"{game}/{edition}/{code}/{name}.md"
        section = Section(
            game=game,
            edition=edition,
            lang=code,
            units=unit,
            title=part_title,
            source=origin,
            section=name,
            body=body,
            path=rel,
            page=page,
            kind=kind,
            translates=translates or "",
            edition_title=edition_title or "",
            source_title=source_title or "",
        )
        drafts.append(SectionDraft(section, front_matter(header) + body))
    return drafts, meta


def clause_counts(section: Section) -> Counter[str]:
    """Return how many clauses of each kind a section has."""
    return Counter(clause.kind for clause in segment_section(section))
