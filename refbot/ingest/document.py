"""The typed document every reader returns: blocks of text with their role, in reading order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

BlockKind = Literal["heading", "paragraph", "item", "caption", "page"]


@dataclass(frozen=True)
class Block:
    """One heading, paragraph, numbered item, caption, or page start of a document."""

    kind: BlockKind
    text: str
    level: int = 0  # headings: 1 is the top; page starts: unused


@dataclass
class Document:
    """A document as its reader found it: title, blocks, and what the reader was unsure of."""

    source: str  # the original file's name
    format: str  # txt, md, pdf, docx, odt, html
    blocks: list[Block] = field(default_factory=list)
    title: str = ""
    pages: int | None = None  # how many pages the format says it has (PDF), when it says
    notes: list[str] = field(default_factory=list)
    # A Markdown file's own YAML front matter (kind, lang, units …), honoured by the import
    # where the command line does not say otherwise.
    front_matter: dict[str, str] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """Return the document's text without structure, to detect its language and units."""
        return "\n".join(b.text for b in self.blocks if b.kind != "page")
