"""One reader per format, each turning a file into a Document with a well-kept library."""

from __future__ import annotations

import itertools
import re
import statistics
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml

from refbot.errors import DocumentError
from refbot.ingest.document import Block, BlockKind, Document
from refbot.scripts import HAN_KANA_CHAR, count_words
from refbot.segment import HEADING, NAVIGATION, NUMBERED, QUOTE

# A line ending in a hyphen after a letter, continued in lowercase: one word broken in two.
MARKDOWN_HEADING = re.compile(r"\A#{1,6}\s+")
HYPHEN_BREAK = re.compile(r"(?<=[^\W\d_])[-\u00ad]$")
# The end of a sentence or clause: a line ending so is no heading of plain text.
FINAL_PUNCTUATION = ".,;:。，；：、．"  # a Chinese or Japanese sentence ends in "。"
HEADING_MAX_WORDS = 10
# A run-in heading ("Quién puede Arrasar. Cualquier unidad…"): a sentence this short.
RUN_IN_MAX_WORDS = 5


def join_lines(lines: list[str]) -> str:
    """Join the lines of one paragraph, mending words hyphenated across line breaks."""
    text = ""
    for line in (line.strip() for line in lines):
        if not line:
            continue
        if text and HYPHEN_BREAK.search(text) and line[:1].islower():
            text = text[:-1] + line
        elif text and HYPHEN_BREAK.search(text) and line[:1].isupper():
            text += line  # a compound broken at its own hyphen ("Break-" + "Test")
        else:
            text = f"{text} {line}" if text else line
    return text


def decode_text(data: bytes, name: str) -> str:
    """Return a text file's content as text; refuse binary content."""
    if b"\0" in data[:65536]:
        raise DocumentError(name, "binary content, not text (is it another format renamed?)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes

    best = from_bytes(data).best()
    if best is None:
        raise DocumentError(name, "binary content, not text in any encoding")
    return str(best)


def _is_plain_heading(line: str) -> bool:
    # Words, not spaces: a line of Chinese is one run of characters however long.
    words = count_words(line) if HAN_KANA_CHAR.search(line) else len(line.split())
    return (
        0 < words <= HEADING_MAX_WORDS
        and line[-1] not in FINAL_PUNCTUATION
        and not line[0].islower()
        and not NUMBERED.match(line)
    )


def read_txt(path: Path) -> Document:
    """Read plain text, taking its structure from the layout, as the seed texts have it.

    A paragraph is a line, or lines broken mid-sentence; a heading is a short line without final
    punctuation between blank lines. Where paragraphs come as blocks of several lines, a
    one-line block that does not follow a heading is a figure caption.
    """
    text = decode_text(path.read_bytes(), path.name)
    raw_blocks = [
        [line.strip() for line in chunk.split("\n") if line.strip()]
        for chunk in re.split(r"\n[ \t]*\n", text.replace("\r\n", "\n").replace("\r", "\n"))
    ]
    raw_blocks = [lines for lines in raw_blocks if lines]
    multi_line = sum(len(lines) > 1 for lines in raw_blocks)
    # Layout with captions apart: body text in blocks of lines, captions as lone lines.
    lone_lines_are_captions = multi_line >= 3 and multi_line * 3 >= len(raw_blocks)
    document = Document(source=path.name, format="txt")
    previous = ""
    headings = 0
    for lines in raw_blocks:
        if len(lines) == 1 and _is_plain_heading(lines[0]) and not NAVIGATION.search(lines[0]):
            headings += 1
            # Plain text shows no levels: the first heading is the title, the rest are below it.
            # "# Flee FAQ" in a .txt: Markdown's heading marks are no part of the heading.
            heading = MARKDOWN_HEADING.sub("", lines[0]) or lines[0]
            document.blocks.append(Block("heading", heading, 1 if headings == 1 else 2))
            previous = "heading"
            continue
        caption = lone_lines_are_captions and len(lines) == 1 and previous != "heading"
        for paragraph in _paragraphs(lines):
            kind: BlockKind = (
                "caption" if caption else "item" if NUMBERED.match(paragraph) else "paragraph"
            )
            document.blocks.append(Block(kind, paragraph))
        previous = "caption" if caption else "paragraph"
    return document


def _paragraphs(lines: list[str]) -> Iterator[str]:
    """Yield the paragraphs of a block: a line is one unless it breaks off mid-sentence."""
    current: list[str] = []
    for line in lines:
        if current and not (
            HYPHEN_BREAK.search(current[-1]) or current[-1][-1] not in ".!?:;\"'»”)"
        ):
            yield join_lines(current)
            current = []
        current.append(line)
    if current:
        yield join_lines(current)


def read_md(path: Path) -> Document:
    """Read Markdown written in the corpus's own conventions (`#` headings, `> ` captions)."""
    from refbot.corpus import load_yaml, split_front_matter

    text = decode_text(path.read_bytes(), path.name)
    parts = split_front_matter(text)
    body = parts[1] if parts else text
    document = Document(source=path.name, format="md")
    if parts:
        try:
            meta = load_yaml(parts[0])
        except yaml.YAMLError as exc:
            problem = str(exc).splitlines()[0]
            raise DocumentError(path.name, f"front matter is not valid YAML ({problem})") from None
        if isinstance(meta, dict):
            document.front_matter = {
                str(k): str(v).strip() for k, v in meta.items() if v is not None and str(v).strip()
            }
            # The title when the text has no heading (a heading names the text better).
            document.title = document.front_matter.get("title", "")
    for chunk in re.split(r"\n[ \t]*\n", body.replace("\r\n", "\n")):
        lines = [line.strip() for line in chunk.split("\n") if line.strip()]
        if not lines:
            continue
        heading = HEADING.match(lines[0])
        if heading and len(lines) == 1:
            document.blocks.append(Block("heading", heading.group(2), len(heading.group(1))))
        elif all(QUOTE.match(line) for line in lines):
            document.blocks.append(Block("caption", join_lines([QUOTE.sub("", x) for x in lines])))
        else:
            text = join_lines(lines)
            document.blocks.append(Block("item" if NUMBERED.match(text) else "paragraph", text))
    return document


def read_pdf(path: Path) -> Document:
    """Read a PDF with pdfplumber: pages from the PDF, headings and captions from font sizes."""
    import pdfplumber
    from pdfminer.pdfdocument import PDFPasswordIncorrect
    from pdfplumber.utils.exceptions import PdfminerException

    document = Document(source=path.name, format="pdf")
    try:
        pdf = pdfplumber.open(path)
    except (PDFPasswordIncorrect, PdfminerException) as exc:
        # pdfplumber wraps pdfminer's errors; only a wrong password means "encrypted".
        cause = exc.args[0] if isinstance(exc, PdfminerException) and exc.args else exc
        if isinstance(cause, PDFPasswordIncorrect):
            raise DocumentError(
                path.name, "the PDF is encrypted; save it without a password"
            ) from None
        raise
    with pdf:
        if not pdf.pages:
            raise DocumentError(path.name, "the PDF has no pages")
        document.pages = len(pdf.pages)
        pages = [(number, _pdf_lines(page)) for number, page in enumerate(pdf.pages, start=1)]
    sizes = Counter[float]()
    for _, lines in pages:
        for size, text, _top, _bottom in lines:
            sizes[size] += len(text)
    if not sizes:
        raise DocumentError(
            path.name, "no text in the PDF (scanned pages or images only? refbot does not OCR)"
        )
    body = sizes.most_common(1)[0][0]
    heading_sizes = sorted({s for s in sizes if s > body * 1.15}, reverse=True)
    for number, lines in pages:
        document.blocks.append(Block("page", str(number)))
        document.blocks.extend(_pdf_blocks(lines, heading_sizes, body))
    first_heading = next((b.text for b in document.blocks if b.kind == "heading"), "")
    document.title = first_heading
    return document


def _pdf_blocks(
    lines: list[tuple[float, str, float, float]], heading_sizes: list[float], body: float
) -> list[Block]:
    """Return a page's blocks: larger type is a heading, smaller a caption, gaps part paragraphs."""
    gaps = [b[2] - a[3] for a, b in itertools.pairwise(lines)]
    usual_gap = statistics.median(gaps) if gaps else 0.0
    blocks: list[Block] = []
    paragraph: list[str] = []
    paragraph_kind: BlockKind = "paragraph"

    def flush() -> None:
        if paragraph:
            text = join_lines(paragraph)
            item = paragraph_kind == "paragraph" and NUMBERED.match(text)
            blocks.append(Block("item" if item else paragraph_kind, text))
            paragraph.clear()

    previous_bottom: float | None = None
    for size, text, top, bottom in lines:
        if re.fullmatch(r"\d{1,4}", text):
            continue  # a printed page number; the PDF's own page count is used
        if size in heading_sizes:
            flush()
            blocks.append(Block("heading", text, heading_sizes.index(size) + 1))
            previous_bottom = bottom
            continue
        kind: BlockKind = "caption" if size < body * 0.95 else "paragraph"
        if (
            kind != paragraph_kind
            or previous_bottom is None
            or top - previous_bottom > max(usual_gap * 1.8, size * 0.5)
        ):
            flush()
            paragraph_kind = kind
        paragraph.append(text)
        previous_bottom = bottom
    flush()
    return blocks


def _pdf_lines(page: Any) -> list[tuple[float, str, float, float]]:
    """Return each text line of a page with its font size (rounded), text, top and bottom."""
    lines = []
    for line in page.extract_text_lines(return_chars=True, strip=True):
        chars = [c for c in line["chars"] if c["text"].strip()]
        if not chars or not line["text"].strip():
            continue
        size = round(statistics.median(c["size"] for c in chars), 1)
        lines.append((size, line["text"].strip(), float(line["top"]), float(line["bottom"])))
    return lines


def read_docx(path: Path) -> Document:
    """Read a Word document with python-docx: headings and captions from paragraph styles."""
    import docx
    from docx.oxml.ns import qn

    word = docx.Document(str(path))
    document = Document(source=path.name, format="docx", title=word.core_properties.title or "")
    page = 1
    document.blocks.append(Block("page", "1"))
    for paragraph in word.paragraphs:
        # python-docx has no API for breaks inside runs: read the w:br elements themselves, and
        # whether text comes before them (the break then starts a page after the paragraph).
        before, after, seen_text = 0, 0, False
        for element in paragraph._p.iter(qn("w:t"), qn("w:br")):
            if element.tag == qn("w:t"):
                seen_text = seen_text or bool((element.text or "").strip())
            elif element.get(qn("w:type")) == "page":
                after, before = (after + 1, before) if seen_text else (after, before + 1)
        if paragraph.paragraph_format.page_break_before:
            before += 1
        if before:
            page += before
            document.blocks.append(Block("page", str(page)))
        text = paragraph.text.strip()
        if text:
            style = (paragraph.style.name if paragraph.style is not None else "") or ""
            document.blocks.append(_styled_block(style, text))
        if after:
            page += after
            document.blocks.append(Block("page", str(page)))
    return document


def _styled_block(style: str, text: str) -> Block:
    """Return the block a word processor's paragraph style names (Heading 2, Title, Caption)."""
    name = style.lower()
    level = re.search(r"(?:heading|überschrift|titre|título|заголовок)\s*(\d)", name)
    if level:
        return Block("heading", text, int(level.group(1)))
    if name in ("title", "titel", "titre", "título", "название"):
        return Block("heading", text, 0)
    if "caption" in name or "beschriftung" in name or "illustration" in name:
        return Block("caption", text)
    if NUMBERED.match(text) or "list number" in name:
        return Block("item", text)
    return Block("paragraph", text)


def read_odt(path: Path) -> Document:
    """Read an OpenDocument text with odfpy: outline levels, caption styles, page breaks."""
    from odf import teletype
    from odf.namespaces import FONS, STYLENS, TEXTNS
    from odf.opendocument import load

    odt = load(str(path))
    breaks: set[str] = set()
    parents: dict[str, str] = {}
    for styles in (odt.automaticstyles, odt.styles):
        for style in styles.childNodes:
            name = style.getAttrNS(STYLENS, "name") if style.qname[1] == "style" else None
            if not name:
                continue
            parents[name] = style.getAttrNS(STYLENS, "parent-style-name") or ""
            for child in style.childNodes:
                if child.qname[1] == "paragraph-properties" and (
                    child.getAttrNS(FONS, "break-before") == "page"
                ):
                    breaks.add(name)
    document = Document(source=path.name, format="odt")
    page = 1
    document.blocks.append(Block("page", "1"))

    def walk(node: Any) -> None:
        nonlocal page
        for child in node.childNodes:
            if child.nodeType != child.ELEMENT_NODE:
                continue
            kind = child.qname[1]
            if child.qname[0] == TEXTNS and kind in ("h", "p"):
                style = child.getAttrNS(TEXTNS, "style-name") or ""
                if style in breaks or parents.get(style, "") in breaks:
                    page += 1
                    document.blocks.append(Block("page", str(page)))
                text = teletype.extractText(child).strip()
                if not text:
                    continue
                if kind == "h":
                    level = int(child.getAttrNS(TEXTNS, "outline-level") or 1)
                    document.blocks.append(Block("heading", text, level))
                else:
                    names = f"{style} {parents.get(style, '')}"
                    document.blocks.append(_styled_block(names, text))
            else:
                walk(child)

    walk(odt.text)
    return document


def read_html(path: Path) -> Document:
    """Read HTML with Beautiful Soup: h1–h6 headings, figure captions, EPUB page breaks."""
    from bs4 import BeautifulSoup, Tag

    soup = BeautifulSoup(decode_text(path.read_bytes(), path.name), "html.parser")
    for junk in soup(["script", "style", "nav", "header", "footer", "noscript", "template"]):
        junk.decompose()
    title = soup.title.get_text(" ", strip=True) if soup.title else ""
    document = Document(source=path.name, format="html", title=title)
    root = soup.body or soup
    headings = ["h1", "h2", "h3", "h4", "h5", "h6"]
    blocks = [*headings, "p", "li", "figcaption", "blockquote"]
    # Pages that hold text in bare containers (<div>text</div>): read those without inner blocks.
    containers = ["div", "section", "article", "main", "td", "th", "dd", "dt", "pre"]
    for element in root.find_all([*blocks, *containers, "span"]):
        if not isinstance(element, Tag):
            continue
        role = f"{element.get('role', '')} {element.get('epub:type', '')}"
        if "pagebreak" in role:
            number = str(element.get("title") or element.get("aria-label") or "").strip()
            if re.fullmatch(r"\d{1,4}", number):
                document.blocks.append(Block("page", number))
            continue
        if element.name == "span" or element.find_parent(["li", "figcaption", "blockquote"]):
            continue  # read with the element that holds it
        if element.name == "p" and element.find_parent("li"):
            continue
        if element.name in containers and element.find([*blocks, *containers]):
            continue  # its text is read with the blocks inside it
        text = " ".join(element.get_text(" ", strip=True).split())
        if not text:
            continue
        if element.name in headings:
            document.blocks.append(Block("heading", text, int(element.name[1])))
        elif element.name in ("figcaption", "blockquote"):
            document.blocks.append(Block("caption", text))
        elif element.name == "li" and element.find_parent("ol"):
            position = len(element.find_previous_siblings("li")) + 1
            document.blocks.append(Block("item", f"{position}. {text}"))
        else:
            document.blocks.append(Block("paragraph", text))
    return document


READERS: dict[str, Callable[[Path], Document]] = {
    ".txt": read_txt,
    ".md": read_md,
    ".pdf": read_pdf,
    ".docx": read_docx,
    ".odt": read_odt,
    ".html": read_html,
    ".htm": read_html,
}
FORMATS = tuple(READERS)


# What a file that its reader cannot open was meant to be, as its user calls it.
UNREADABLE = {
    "DOCX": "Word document",
    "ODT": "OpenDocument text",
    "PDF": "PDF document",
    "HTML": "web page",
}


def read_document(path: Path, max_bytes: int) -> Document:
    """Read one file with its format's reader; raise DocumentError naming the file and problem."""
    reader = READERS.get(path.suffix.lower())
    if reader is None:
        raise DocumentError(
            path.name, f"unsupported format {path.suffix or '(none)'} (known: {', '.join(FORMATS)})"
        )
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise DocumentError(path.name, f"cannot be read: {exc.strerror}") from None
    if size == 0:
        raise DocumentError(path.name, "the file is empty")
    if size > max_bytes:
        raise DocumentError(
            path.name,
            f"{size} bytes is over the import limit of {max_bytes} (setting max_import_bytes)",
        )
    try:
        document = reader(path)
    except DocumentError:
        raise
    except Exception:
        # Parsers raise many kinds of error on a damaged file (zip, XML, PDF syntax), in their
        # own terms ("Package not found" for a file that exists): each means the same to the user.
        suffix = path.suffix.lstrip(".").upper()
        raise DocumentError(
            path.name,
            f"not a readable {UNREADABLE.get(suffix, suffix + ' file')} (corrupt or not {suffix})",
        ) from None
    if not any(b.kind != "page" for b in document.blocks):
        raise DocumentError(path.name, "no text found in the file")
    return document
