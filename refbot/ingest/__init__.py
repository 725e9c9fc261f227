"""Import rule documents (txt, md, pdf, docx, odt, html) into the corpus as Markdown sections.

Each format has a reader (`readers.py`) returning a typed `Document`; `convert.py` cleans it,
infers its language, units, title and pages, splits it at its top headings and writes the
Markdown the corpus reads. `import_files` plans every section of every file first and writes
only when all of them can be written, so an error leaves the corpus as it was.
"""

from __future__ import annotations

import os
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import yaml

from refbot.corpus import SLUG, TRANSLATES, UNITS, load_yaml, split_front_matter
from refbot.errors import DocumentError
from refbot.i18n import language_problem
from refbot.ingest.convert import SectionDraft, clause_counts, convert
from refbot.ingest.document import Block, Document
from refbot.ingest.readers import FORMATS, read_document

# What `refbot add --kind` imports: an errata document's entries are structured, written by hand.
IMPORTED_KINDS = ("rules", "faq")

__all__ = ["FORMATS", "Block", "Document", "ImportReport", "SectionReport", "import_files"]

Status = Literal["new", "unchanged", "overwritten"]


@dataclass(frozen=True)
class SectionReport:
    """One section an import writes (or would write, in a dry run)."""

    path: str
    title: str
    status: Status
    clauses: dict[str, int]
    page: int | None


@dataclass
class FileReport:
    """What one imported file became and what was inferred about it."""

    file: str
    format: str
    lang: str
    units: str
    title: str
    pages: list[int]  # the page numbers found (PDF pages, page breaks, page markers)
    sections: list[SectionReport] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class ImportReport:
    """The result of `import_files`: every file and section, and whether anything was written."""

    files: list[FileReport] = field(default_factory=list)
    dry_run: bool = False

    @property
    def clauses(self) -> Counter[str]:
        """Return the clause counts by kind over every section."""
        total = Counter[str]()
        for file in self.files:
            for section in file.sections:
                total.update(section.clauses)
        return total


def expand(paths: list[Path]) -> list[Path]:
    """Return the files to import: the files given, and the known formats inside folders."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            # A folder's README describes the files, as in the corpus; it is not one of them.
            inside = sorted(
                p
                for p in path.rglob("*")
                if p.is_file() and p.suffix.lower() in FORMATS and p.stem.lower() != "readme"
            )
            if not inside:
                raise DocumentError(str(path), f"no files of a known format ({', '.join(FORMATS)})")
            found.extend(inside)
        elif path.exists():
            found.append(path)
        else:
            raise DocumentError(str(path), "no such file or folder")
    return found


def import_files(
    paths: list[Path],
    corpus_dir: Path,
    game: str,
    edition: str,
    lang: str | None = None,
    units: str | None = None,
    *,
    max_bytes: int,
    dry_run: bool = False,
    force: bool = False,
    kind: str | None = None,
    translates: str | None = None,
    edition_title: str | None = None,
) -> ImportReport:
    """Import files into corpus_dir; raise DocumentError (writing nothing) on the first problem.

    `kind` faq imports question/answer documents (errata are written by hand: see README).
    A Markdown file's own front matter gives what the arguments leave out (None): its `kind`
    (else rules), `lang`, `units`, `translates`, `edition_title` and `source_title`.
    `translates` (`<game>/<edition>`) names the edition of the corpus the files translate;
    `edition_title` is what readers call the edition ("Regelbuch (deutsch)").
    """
    for key, value in (("game", game), ("edition", edition)):
        if not SLUG.match(value):
            raise DocumentError(
                f"--{key}", f"{value!r} must be lowercase letters, digits, '.', '_' or '-'"
            )
    if lang is not None and (problem := language_problem(lang)) is not None:
        raise DocumentError("--lang", problem)
    if units is not None and units not in UNITS:
        raise DocumentError("--units", f"must be one of {', '.join(UNITS)}")
    if kind is not None and kind not in IMPORTED_KINDS:
        raise DocumentError("--kind", f"must be one of {', '.join(IMPORTED_KINDS)}")
    if edition_title is not None and not 0 < len(edition_title.strip()) <= 200:
        raise DocumentError("--edition-title", "must be a text of 1 to 200 characters")
    if translates is not None:
        check_translates(translates, corpus_dir, game, edition)
    report = ImportReport(dry_run=dry_run)
    planned: list[tuple[SectionDraft, Path]] = []
    targets: dict[Path, str] = {}
    for path in expand(paths):
        document = read_document(path, max_bytes)
        given = _given(document, corpus_dir, game, edition, lang, units, kind, translates)
        drafts, meta = convert(
            document, game, edition, given["lang"], given["units"], given["kind"] or "rules",
            given["translates"],
            edition_title.strip() if edition_title else given["edition_title"],
            given["source_title"],
        )  # fmt: skip
        file_report = FileReport(
            file=path.name,
            format=document.format,
            lang=meta.lang,
            units=meta.units,
            title=meta.title,
            pages=meta.pages,
            notes=meta.notes,
        )
        for draft in drafts:
            target = corpus_dir / draft.path
            if target in targets:
                raise DocumentError(
                    path.name, f"{draft.path} would also be written from {targets[target]}"
                )
            targets[target] = path.name
            status = _status(target, draft, path.name, force)
            file_report.sections.append(
                SectionReport(
                    draft.path,
                    draft.section.title,
                    status,
                    dict(clause_counts(draft.section)),
                    draft.section.page,
                )
            )
            if status != "unchanged":
                planned.append((draft, target))
        report.files.append(file_report)
    if not dry_run:
        for draft, target in planned:
            write_atomically(target, draft.content)
    return report


def _given(
    document: Document,
    corpus_dir: Path,
    game: str,
    edition: str,
    lang: str | None,
    units: str | None,
    kind: str | None,
    translates: str | None,
) -> dict[str, str | None]:
    """Return the options for one file: those given, else its own front matter's, checked."""
    own = document.front_matter
    name = document.source
    given: dict[str, str | None] = {
        "lang": lang or own.get("lang"),
        "units": units or own.get("units"),
        "kind": kind or own.get("kind"),
        "translates": translates or own.get("translates"),
        "edition_title": own.get("edition_title"),
        "source_title": own.get("source_title"),
    }
    code = given["lang"]
    if lang is None and code is not None and (problem := language_problem(code)) is not None:
        raise DocumentError(name, f"front matter lang: {problem}")
    if units is None and given["units"] is not None and given["units"] not in UNITS:
        raise DocumentError(name, f"front matter units: must be one of {', '.join(UNITS)}")
    if kind is None and given["kind"] is not None and given["kind"] not in IMPORTED_KINDS:
        raise DocumentError(
            name,
            f"front matter kind {given['kind']!r}: refbot add imports "
            f"{' or '.join(IMPORTED_KINDS)} (an errata document is copied into the corpus)",
        )
    if translates is None and given["translates"] is not None:
        check_translates(given["translates"], corpus_dir, game, edition)
    for key in ("edition_title", "source_title"):
        value = given[key]
        if value is not None and len(value) > 200:
            raise DocumentError(name, f"front matter {key}: must be a text of 1 to 200 characters")
    return given


def check_translates(translates: str, corpus_dir: Path, game: str, edition: str) -> None:
    """Raise DocumentError unless `translates` names another edition of the game in the corpus.

    The build checks the rest (that edition is in another language) once the files are written.
    """
    match = TRANSLATES.match(translates)
    if match is None:
        raise DocumentError(
            "--translates", f"{translates!r} must be <game>/<edition>, e.g. {game}/rulebook-en"
        )
    if match.group(1) != game:
        raise DocumentError("--translates", f"a translation is of the same game ({game})")
    if match.group(2) == edition:
        raise DocumentError("--translates", "an edition cannot translate itself")
    if not (corpus_dir / game / match.group(2)).is_dir():
        known = sorted(
            p.name for p in (corpus_dir / game).glob("*") if p.is_dir() and p.name != edition
        )
        raise DocumentError(
            "--translates",
            f"no edition {match.group(2)!r} of {game} in the corpus"
            + (f" (editions: {', '.join(known)})" if known else ""),
        )


def _status(target: Path, draft: SectionDraft, file: str, force: bool) -> Status:
    """Return what writing the draft does to the corpus; refuse to overwrite edits unforced."""
    if not target.exists():
        return "new"
    try:
        current = target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        current = None
    if current == draft.content:
        return "unchanged"
    if not force:
        old, new = _meta_of(current), _meta_of(draft.content)
        source = old.get("source")
        changed = [
            f"{key} {old.get(key, default)!r}, this import {key} {new.get(key, default)!r}"
            for key, default in (("kind", "rules"), ("units", None), ("translates", None))
            if old.get(key, default) != new.get(key, default)
        ]
        if source and source != draft.section.source:
            why = f"holds the section imported from {source}, not from this file"
        elif changed:
            why = f"was written with {'; '.join(changed)}"
        elif old.get("title") != new.get("title") or old.get("page") != new.get("page"):
            why = "has other metadata than this import writes (title or page edited since?)"
        else:
            why = (
                "has other text than this import writes "
                "(the document changed, or the section was edited by hand since)"
            )
        raise DocumentError(
            file, f"corpus/{draft.path} {why}; nothing written: use --force to overwrite it"
        )
    return "overwritten"


def _meta_of(content: str | None) -> dict[str, str]:
    """Return a corpus file's front matter as texts, or nothing if it cannot be read."""
    parts = split_front_matter(content or "")
    if parts is None:
        return {}
    try:
        meta = load_yaml(parts[0])
    except yaml.YAMLError:
        return {}
    if not isinstance(meta, dict):
        return {}
    return {str(k): str(v) for k, v in meta.items() if v is not None}


def write_atomically(target: Path, content: str, prefix: str = ".import-") -> None:
    """Write a file through a temporary one and a rename, so it is never seen half written."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=target.parent, prefix=prefix, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(content)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
