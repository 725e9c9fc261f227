"""Load rule sections from corpus/<game>/<edition>/<lang>/<section>.md with YAML front matter."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from refbot.errors import CorpusError
from refbot.i18n import language_problem

# libyaml's loader when PyYAML was built with it: ten times faster, the same safe subset.
_SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

UNITS = ("in", "cm", "none")
REQUIRED = ("game", "edition", "lang", "units", "title", "source")
OPTIONAL_TITLES = ("edition_title", "source_title")
# `translates: <game>/<edition>`: the edition of another language whose text this one translates.
TRANSLATES = re.compile(r"^([a-z0-9][a-z0-9._-]*)/([a-z0-9][a-z0-9._-]*)$")
# What a document is: rule text, question/answer pairs, or amendments of other sections.
DOCUMENT_KINDS = ("rules", "faq", "errata")
ERRATUM_KEYS = ("title", "section", "replaces", "with", "edition", "lang", "param", "value")
SLUG = re.compile(r"^[a-z0-9][a-z0-9._-]*$")


@dataclass(frozen=True)
class Erratum:
    """One amendment an errata document states: the text of a section it replaces, and with what.

    `param` and `value` say, when the erratum changes a number a rule computes with, which
    (`<rule>.<constant>`, e.g. `overrun.dice`) and its new value (`3D6`).
    """

    title: str
    edition: str
    lang: str
    section: str
    replaces: str
    text: str
    param: str = ""
    value: str = ""

    def target(self, game: str) -> str:
        """Return the key of the section the erratum amends."""
        return f"{game}/{self.edition}/{self.lang}/{self.section}"


@dataclass(frozen=True)
class Section:
    """One rule section: its metadata and its Markdown body."""

    game: str
    edition: str
    lang: str
    units: str
    title: str
    source: str
    section: str
    body: str
    path: str
    page: int | None = None
    # What readers call the edition ("Reglamento (español)") and the book; the slugs otherwise.
    edition_title: str = ""
    source_title: str = ""
    kind: str = "rules"  # one of DOCUMENT_KINDS
    errata: tuple[Erratum, ...] = ()
    # The edition this section translates (`<game>/<edition>`), or "" for an original text.
    translates: str = ""

    @property
    def key(self) -> str:
        """Return the section's stable key, `<game>/<edition>/<lang>/<section>`."""
        return f"{self.game}/{self.edition}/{self.lang}/{self.section}"


def split_front_matter(text: str) -> tuple[str, str] | None:
    """Split `---` YAML front matter from the body, or return None when there is none."""
    match = re.match(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", text, re.S)
    if not match:
        return None
    return match.group(1), text[match.end() :]


def parse_section(path: Path, root: Path) -> Section:
    """Read and validate one corpus file; raise CorpusError naming the file and the problem."""
    rel = path.relative_to(root).as_posix()

    def fail(problem: str) -> CorpusError:
        return CorpusError([f"{rel}: {problem}"])

    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise fail(f"not valid UTF-8 (byte {exc.start}); save the file as UTF-8") from None
    parts = split_front_matter(text)
    if parts is None:
        raise fail("no YAML front matter: the file must start with a '---' block")
    header, body = parts
    try:
        meta = load_yaml(header)
    except yaml.YAMLError as exc:
        raise fail(f"front matter is not valid YAML: {exc}".replace("\n", " ")) from None
    if not isinstance(meta, dict):
        raise fail("front matter must be a mapping of keys to values")
    missing = [key for key in REQUIRED if meta.get(key) in (None, "")]
    if missing:
        raise fail(f"missing metadata: {', '.join(missing)}")
    values = {key: str(meta[key]).strip() for key in REQUIRED}
    if values["units"] not in UNITS:
        raise fail(f"units must be one of {', '.join(UNITS)}, not {values['units']!r}")
    lang = values["lang"]
    problem = language_problem(lang)
    if problem is not None:
        raise fail(f"lang: {problem}")
    page = meta.get("page")
    if page is not None and (isinstance(page, bool) or not isinstance(page, int) or page < 1):
        raise fail(f"page must be a positive whole number, not {page!r}")
    for key in ("game", "edition"):
        if not SLUG.match(values[key]):
            raise fail(f"{key} {values[key]!r} must be lowercase letters, digits, '.', '_' or '-'")
    titles = {}
    for key in OPTIONAL_TITLES:
        value = meta.get(key)
        if value is not None and (not isinstance(value, str) or not 0 < len(value.strip()) <= 200):
            raise fail(f"{key} must be a text of 1 to 200 characters, not {value!r}")
        titles[key] = value.strip() if isinstance(value, str) else ""
    section = path.stem
    expected = f"{values['game']}/{values['edition']}/{lang}/{section}.md"
    if rel != expected:
        raise fail(f"file must live at corpus/{expected} to match its metadata")
    kind = meta.get("kind", "rules")
    if kind not in DOCUMENT_KINDS:
        raise fail(f"kind must be one of {', '.join(DOCUMENT_KINDS)}, not {kind!r}")
    errata: tuple[Erratum, ...] = ()
    if kind == "errata":
        errata = parse_errata(meta.get("errata"), values["edition"], lang, fail)
    elif "errata" in meta:
        raise fail("only a document of kind errata may list errata")
    if not body.strip() and kind != "errata":
        raise fail("no text after the front matter")
    translates = meta.get("translates")
    if translates is not None:
        if kind == "errata":
            raise fail("an errata document translates nothing; only rules and faq may")
        if not isinstance(translates, str) or not TRANSLATES.match(translates.strip()):
            raise fail(
                f"translates must name an edition as <game>/<edition> "
                f"(e.g. warhammer-fantasy/rulebook-en), not {translates!r}"
            )
    return Section(
        **values, section=section, body=body, path=rel, page=page, **titles, kind=kind,
        errata=errata, translates=str(translates or "").strip(),
    )  # fmt: skip


def parse_errata(
    entries: object, edition: str, lang: str, fail: Callable[[str], CorpusError]
) -> tuple[Erratum, ...]:
    """Read the `errata:` list of an errata document; raise naming the entry that is wrong."""
    if not isinstance(entries, list) or not entries:
        raise fail("an errata document lists its errata under 'errata:' (a list of entries)")
    found = []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise fail(f"erratum {number}: must be a mapping of keys to values")
        name = f"erratum {number}" + (f" ({entry['title']!r})" if entry.get("title") else "")
        unknown = sorted(set(map(str, entry)) - set(ERRATUM_KEYS))
        if unknown:
            raise fail(f"{name}: unknown key {unknown[0]!r}; keys: {', '.join(ERRATUM_KEYS)}")
        needed = ("title", "section", "replaces", "with")
        missing = [key for key in needed if entry.get(key) in (None, "")]
        if missing:
            raise fail(f"{name}: missing {', '.join(missing)}")
        values = {key: str(entry.get(key) or "").strip() for key in ERRATUM_KEYS}
        if bool(values["param"]) != bool(values["value"]):
            raise fail(f"{name}: param and value go together (param: overrun.dice, value: 3D6)")
        found.append(
            Erratum(
                title=values["title"],
                edition=values["edition"] or edition,
                lang=values["lang"] or lang,
                section=values["section"],
                replaces=" ".join(values["replaces"].split()),
                text=" ".join(values["with"].split()),
                param=values["param"],
                value=values["value"],
            )
        )
    return tuple(found)


def load_corpus(root: Path) -> list[Section]:
    """Load every section under root; raise one CorpusError listing every bad file."""
    if not root.is_dir():
        raise CorpusError([f"{root}: corpus folder not found"])
    sections: list[Section] = []
    problems: list[str] = []
    for path in sorted(root.rglob("*.md")):
        if path.name.lower() == "readme.md":
            continue
        try:
            sections.append(parse_section(path, root))
        except CorpusError as exc:
            problems.extend(exc.problems)
    if problems:
        raise CorpusError(problems)
    if not sections:
        raise CorpusError([f"{root}: no corpus files (*.md) found"])
    problems = translation_problems(sections)
    if problems:
        raise CorpusError(problems)
    return with_edition_titles(sections)


def with_edition_titles(sections: list[Section]) -> list[Section]:
    """Give a section that names no edition title its edition's, from the edition's other files.

    A FAQ added later for `rulebook-en` is cited as "the FAQ of Rulebook (English)", as the
    rules beside it are, not by the slug.
    """
    titles: dict[tuple[str, str], str] = {}
    for s in sections:
        if s.edition_title:
            titles.setdefault((s.game, s.edition), s.edition_title)
    return [
        replace(s, edition_title=titles.get((s.game, s.edition), "")) if not s.edition_title else s
        for s in sections
    ]


def translation_problems(sections: Sequence[Section]) -> list[str]:
    """Return what is wrong with each section's `translates`: the edition it names must exist,
    be of the same game and be written in another language."""
    languages: dict[tuple[str, str], set[str]] = {}
    for s in sections:
        if not s.translates:
            languages.setdefault((s.game, s.edition), set()).add(s.lang)
    problems = []
    for s in sections:
        if not s.translates:
            continue
        game, edition = s.translates.split("/")
        where = f"{s.path}: translates {s.translates!r}"
        if game != s.game:
            problems.append(f"{where}: a translation is of the same game ({s.game}), not {game}")
        elif edition == s.edition:
            problems.append(f"{where}: an edition cannot translate itself")
        elif (game, edition) not in languages:
            known = ", ".join(sorted(f"{g}/{e}" for g, e in languages if g == s.game)) or "none"
            problems.append(f"{where}: no edition {edition!r} of {game} (editions: {known})")
        elif s.lang in languages[(game, edition)]:
            problems.append(
                f"{where}: that edition is written in {s.lang} too; a translation is in "
                "another language"
            )
    return problems


def hash_sections(sections: Iterable[Section]) -> str:
    """Return a digest of every section's metadata and text, to detect a changed corpus."""
    digest = hashlib.sha256()
    for s in sorted(sections, key=lambda s: s.key):
        for part in (
            s.key, s.units, s.title, s.source, str(s.page), s.edition_title, s.source_title, s.body,
            s.kind, repr(s.errata), s.translates,
        ):  # fmt: skip
            digest.update(part.encode("utf-8") + b"\0")
    return digest.hexdigest()


def read_loose_file(path: Path, lang: str | None) -> Section:
    """Read a Markdown or plain-text file outside the corpus (front matter optional) to align it."""
    if not path.is_file():
        raise CorpusError([f"{path}: neither a corpus section key nor a readable file"])
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CorpusError([f"{path}: not valid UTF-8 (byte {exc.start})"]) from None
    meta: dict[str, object] = {}
    parts = split_front_matter(text)
    if parts is not None:
        try:
            loaded = load_yaml(parts[0])
        except yaml.YAMLError as exc:
            raise CorpusError([f"{path}: front matter is not valid YAML ({exc})"]) from None
        meta = loaded if isinstance(loaded, dict) else {}
        text = parts[1]
    lang = lang or str(meta.get("lang") or "")
    if not re.fullmatch(r"[a-z]{2}", lang):
        raise CorpusError([f"{path}: give its language with --lang (a two-letter code)"])
    if path.suffix.lower() != ".md":
        # In plain text every line is a paragraph, as in the seed texts.
        text = "\n\n".join(line for line in text.splitlines() if line.strip())
    if not text.strip():
        raise CorpusError([f"{path}: no text"])
    return Section(
        game="file",
        edition=path.stem,
        lang=lang,
        units=str(meta.get("units") or "none"),
        title=str(meta.get("title") or path.name),
        source=path.name,
        section=path.stem,
        body=text,
        path=str(path),
    )


MAX_YAML_CHARS = 1_000_000  # a glossary is ~40 KB; front matter a few hundred bytes


class UnsafeYaml(yaml.YAMLError):
    """YAML refused before it is built: anchors and aliases, or too long a document."""


def load_yaml(text: str) -> Any:
    """Parse YAML text with the safe loader (libyaml's when available).

    Anchors and aliases are refused before anything is built: a few hundred bytes of nested
    aliases ("billion laughs") expand to gigabytes. Corpus files and glossaries need neither.
    """
    if len(text) > MAX_YAML_CHARS:
        raise UnsafeYaml(f"{len(text)} characters; at most {MAX_YAML_CHARS} are read")
    for event in yaml.parse(text, Loader=_SAFE_LOADER):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise UnsafeYaml("anchors and aliases (&name, *name) are not allowed")
    return yaml.load(text, Loader=_SAFE_LOADER)


def game_title(game: str) -> str:
    """Return a game's name for readers: its folder name in words ("Warhammer Fantasy")."""
    return " ".join(word.capitalize() for word in game.replace("_", "-").split("-"))
