"""`refbot add`: importing rulebooks in every format and language, the seeds, and bad files."""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from refbot.cli import main
from refbot.config import Settings
from refbot.corpus import Section, load_corpus
from refbot.ingest.readers import join_lines
from refbot.segment import segment_section
from tests.helpers import SEED_CORPUS

SEEDS = Path(__file__).resolve().parent / "data" / "seeds"
GAME = "monsters"


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def _clauses(section: Section) -> list[tuple[str, str]]:
    return [(clause.kind, clause.text) for clause in segment_section(section)]


# --- the seeds import themselves ------------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        "000_1fc31e072602833f.txt",
        "001_e5ad0f92b1bd6376.txt",
        "002_09f80558b3cf0271.txt",
        "004_cc129f79c43f7167.txt",
    ],
)
def test_seed_imports_as_its_hand_made_corpus_file(
    runner: CliRunner, tmp_path: Path, source: str
) -> None:
    hand = next(s for s in load_corpus(SEED_CORPUS) if s.source == source)
    target = tmp_path / "imported"
    args = ["--corpus", str(target), "add", str(SEEDS / source)]
    args += ["--game", hand.game, "--edition", hand.edition, "--lang", hand.lang]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    (imported,) = load_corpus(target)
    assert (imported.units, imported.title, imported.page) == (hand.units, hand.title, hand.page)
    matcher = difflib.SequenceMatcher(None, _clauses(hand), _clauses(imported), autojunk=False)
    assert matcher.ratio() >= 0.95


def test_reimport_is_unchanged_and_a_hand_edit_is_kept_unless_forced(
    runner: CliRunner, tmp_path: Path
) -> None:
    target = tmp_path / "imported"
    seed = SEEDS / "002_09f80558b3cf0271.txt"
    args = ["--corpus", str(target), "add", str(seed), "--game", "wfb", "--edition", "en"]
    assert runner.invoke(main, args).exit_code == 0
    written = _files(target)
    again = runner.invoke(main, args)
    assert again.exit_code == 0
    assert "unchanged" in again.output
    assert _files(target) == written

    (path,) = target.rglob("*.md")
    path.write_text(path.read_text(encoding="utf-8") + "\nA house rule.\n", encoding="utf-8")
    edited = _files(target)
    refused = runner.invoke(main, args)
    assert refused.exit_code == 1
    assert refused.stderr.count("\n") == 1
    assert refused.stderr.startswith(f"error: {seed.name}: corpus/wfb/en/en/flee-and-pursue.md")
    assert "--force" in refused.stderr
    assert _files(target) == edited

    forced = runner.invoke(main, [*args, "--force"])
    assert forced.exit_code == 0
    assert "overwritten" in forced.output
    assert _files(target) == written


def test_section_of_another_file_is_not_replaced_unforced(
    runner: CliRunner, tmp_path: Path
) -> None:
    first, second = tmp_path / "a" / "rules.md", tmp_path / "b" / "rules-v2.md"
    for path in (first, second):
        path.parent.mkdir()
        write_md(BOOKS["en"], path)
    args = ["--corpus", str(tmp_path / "c"), "add", "--game", GAME, "--edition", "core"]
    assert runner.invoke(main, [*args, str(first)]).exit_code == 0
    result = runner.invoke(main, [*args, str(second)])
    assert result.exit_code == 1
    assert "charging-monsters.md holds the section imported from rules.md" in result.stderr


def test_dry_run_reports_and_writes_nothing(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "imported"
    args = ["--corpus", str(target), "add", str(SEEDS), "--game", "wfb", "--edition", "x"]
    result = runner.invoke(main, [*args, "--dry-run"])
    assert result.exit_code == 0, result.output
    assert "4 file(s), 4 section(s) (4 would write" in result.output
    assert "lang es, units cm" in result.output
    assert not target.exists()


# --- real files in every format and several languages ---------------------------------------


@dataclass(frozen=True)
class Rulebook:
    """A two-page rulebook excerpt in one language, with what the import must make of it."""

    lang: str
    units: str
    page_word: str
    title: str
    lines: tuple[str, ...]  # the first paragraph as printed, a word hyphenated across lines
    mended: str  # the sentence whose word was hyphenated, joined again
    title2: str
    rule: str
    caption: str
    question: str

    @property
    def paragraph(self) -> str:
        return " ".join(self.lines).replace("-\n", "")


BOOKS = {
    "en": Rulebook(
        "en",
        "in",
        "Page",
        "Charging Monsters",
        (
            "A monster that charges moves 3D6 inches and must stop one inch",
            "away from any other unit. A monster never pursues a fleeing en-",
            "emy unit.",
        ),
        "A monster never pursues a fleeing enemy unit.",
        "Terror Tests",
        "Every unit within 6 inches of a roaring monster takes a Panic test at once.",
        "The giant roars and the goblins nearby test for panic.",
        "Which units take a Panic test near a roaring monster?",
    ),
    "de": Rulebook(
        "de",
        "in",
        "Seite",
        "Monster im Angriff",
        (
            "Ein Monster, das angreift, bewegt sich 3W6 Zoll weit und hält 1 Zoll vor",
            "jeder anderen Einheit an. Ein Monster verfolgt niemals eine fliehende Ein-",
            "heit des Feindes.",
        ),
        "Ein Monster verfolgt niemals eine fliehende Einheit des Feindes.",
        "Schrecktests",
        "Jede Einheit bis 6 Zoll um ein brüllendes Monster legt sofort einen Paniktest ab.",
        "Der Riese brüllt und die Goblins in der Nähe legen einen Paniktest ab.",
        "Welche Einheiten legen neben einem brüllenden Monster einen Paniktest ab?",
    ),
    "es": Rulebook(
        "es",
        "cm",
        "Página",
        "Monstruos a la carga",
        (
            "Un monstruo que carga mueve 3D6 cm y debe detenerse a 2 cm de cualquier otra",
            "unidad. Un monstruo nunca persigue a una unidad enemiga que huye del com-",
            "bate.",
        ),
        "Un monstruo nunca persigue a una unidad enemiga que huye del combate.",
        "Pruebas de terror",
        "Toda unidad a menos de 15 cm de un monstruo que ruge realiza un chequeo de pánico.",
        "El gigante ruge y los goblins cercanos realizan un chequeo de pánico.",
        "¿Qué unidades realizan un chequeo de pánico cerca de un monstruo que ruge?",
    ),
}


def _joined(book: Rulebook) -> str:
    # What a word processor holds: the paragraph without the printed line breaks.
    return f"{book.lines[0]} {book.lines[1][:-1]}{book.lines[2]}"


def write_txt(book: Rulebook, path: Path) -> None:
    body = "\n".join(book.lines)
    text = f"{book.title}\n\n{body}\n\n{book.page_word} 2\n\n{book.title2}\n\n{book.rule}\n"
    path.write_text(text + "\n<< Previous - Next >>\n", encoding="utf-8")


def write_md(book: Rulebook, path: Path) -> None:
    body = "\n".join(book.lines)
    path.write_text(
        f"# {book.title}\n\n{body}\n\n{book.page_word} 2\n\n# {book.title2}\n\n{book.rule}\n\n"
        f"> {book.caption}\n",
        encoding="utf-8",
    )


def write_pdf(book: Rulebook, path: Path) -> None:
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path))
    canvas.setTitle(book.title)

    def lines(texts: list[str], font: str, size: float, y: float) -> float:
        canvas.setFont(font, size)
        for text in texts:
            canvas.drawString(72, y, text)
            y -= size * 1.3
        return y - size

    y = lines([book.title], "Helvetica-Bold", 18, 760)
    lines(list(book.lines), "Helvetica", 11, y)
    lines(["1"], "Helvetica", 11, 40)  # the printed page number, not text
    canvas.showPage()
    y = lines([book.title2], "Helvetica-Bold", 18, 760)
    y = lines(simpleSplit(book.rule, "Helvetica", 11, 300), "Helvetica", 11, y)
    lines(simpleSplit(book.caption, "Helvetica-Oblique", 8, 300), "Helvetica-Oblique", 8, y)
    canvas.showPage()
    canvas.save()


def write_docx(book: Rulebook, path: Path, break_in_paragraph: bool = False) -> None:
    import docx
    from docx.enum.text import WD_BREAK

    document = docx.Document()
    document.add_heading(book.title, level=1)
    paragraph = document.add_paragraph(_joined(book))
    if break_in_paragraph:  # as Word writes Ctrl+Enter typed at the end of a paragraph
        paragraph.add_run().add_break(WD_BREAK.PAGE)
    else:
        document.add_page_break()
    document.add_heading(book.title2, level=1)
    document.add_paragraph(book.rule)
    document.add_paragraph(book.caption, style="Caption")
    document.save(str(path))


def write_odt(book: Rulebook, path: Path) -> None:
    from odf.opendocument import OpenDocumentText
    from odf.style import ParagraphProperties, Style
    from odf.text import H, P

    document = OpenDocumentText()
    page_break = Style(name="NewPage", family="paragraph")
    page_break.addElement(ParagraphProperties(breakbefore="page"))
    document.automaticstyles.addElement(page_break)
    caption = Style(name="Caption", family="paragraph")
    document.styles.addElement(caption)
    document.text.addElement(H(outlinelevel=1, text=book.title))
    document.text.addElement(P(text=_joined(book)))
    document.text.addElement(H(outlinelevel=1, stylename=page_break, text=book.title2))
    document.text.addElement(P(text=book.rule))
    document.text.addElement(P(stylename=caption, text=book.caption))
    document.save(str(path))


def write_html(book: Rulebook, path: Path) -> None:
    path.write_text(
        f"<!doctype html><html lang='{book.lang}'><head><title>{book.title}</title>"
        "<style>h1 {color: red}</style></head><body>"
        "<nav><a href='/'>« Home</a></nav>"
        f"<h1>{book.title}</h1><p>{_joined(book)}</p>"
        "<div><span role='doc-pagebreak' title='2'></span></div>"
        f"<h1>{book.title2}</h1><div class='rule'>{book.rule}</div>"
        f"<figure><img src='giant.png' alt=''><figcaption>{book.caption}</figcaption></figure>"
        "<script>var x = 1;</script></body></html>",
        encoding="utf-8",
    )


WRITERS: dict[str, Callable[[Rulebook, Path], None]] = {
    "txt": write_txt,
    "md": write_md,
    "pdf": write_pdf,
    "docx": write_docx,
    "odt": write_odt,
    "html": write_html,
}


@pytest.mark.parametrize("lang", sorted(BOOKS))
@pytest.mark.parametrize("fmt", sorted(WRITERS))
def test_rulebook_imports_and_answers(
    runner: CliRunner, tmp_path: Path, fmt: str, lang: str
) -> None:
    book = BOOKS[lang]
    source = tmp_path / f"rulebook-{lang}.{fmt}"
    WRITERS[fmt](book, source)
    # No --lang and no --units: both are read from the text.
    added = runner.invoke(main, ["add", str(source), "--game", GAME, "--edition", "core"])
    assert added.exit_code == 0, added.output
    assert f"lang {lang}, units {book.units}" in added.output

    listed = runner.invoke(main, ["clauses", "--game", GAME, "--json"])
    assert listed.exit_code == 0, listed.output
    clauses = {c["text"]: c for c in json.loads(listed.output)["clauses"]}
    assert {c["lang"] for c in clauses.values()} == {lang}
    assert clauses[book.title]["kind"] == "heading"
    assert clauses[book.mended]["kind"] == "rule"
    assert clauses[book.rule]["kind"] == "rule"
    assert clauses[book.rule]["page"] == 2
    assert clauses[book.rule]["heading_path"][-1] == book.title2
    assert not any("Previous" in text or "Home" in text for text in clauses)
    if fmt != "txt":  # plain text has no caption to tell from the layout of so short a text
        assert clauses[book.caption]["kind"] == "example"
        assert clauses[book.caption]["page"] == 2

    assert runner.invoke(main, ["build"]).exit_code == 0
    found = runner.invoke(
        main, ["search", book.question, "--game", GAME, "--kind", "rule", "--k", "1", "--json"]
    )
    assert found.exit_code == 0, found.output
    assert json.loads(found.output)["hits"][0]["text"] == book.rule


def test_structured_document_is_split_at_its_top_headings(
    runner: CliRunner, settings: Settings, tmp_path: Path
) -> None:
    source = tmp_path / "monsters.docx"
    write_docx(BOOKS["es"], source)
    result = runner.invoke(main, ["add", str(source), "--game", GAME, "--edition", "core"])
    assert result.exit_code == 0, result.output
    corpus = settings.corpus_dir
    written = sorted(p.name for p in (corpus / GAME / "core" / "es").glob("*.md"))
    assert written == ["monstruos-a-la-carga.md", "pruebas-de-terror.md"]
    pages = {s.section: s.page for s in load_corpus(corpus) if s.game == GAME}
    assert pages == {"monstruos-a-la-carga": 1, "pruebas-de-terror": 2}


def test_page_break_after_a_docx_paragraph_starts_the_next_page(
    runner: CliRunner, tmp_path: Path
) -> None:
    source = tmp_path / "monsters.docx"
    write_docx(BOOKS["en"], source, break_in_paragraph=True)
    target = tmp_path / "c"
    args = ["--corpus", str(target), "add", str(source), "--game", GAME, "--edition", "core"]
    assert runner.invoke(main, args).exit_code == 0
    clauses = [c for s in load_corpus(target) for c in segment_section(s)]
    pages = {c.text: c.page for c in clauses}
    assert pages[BOOKS["en"].mended] == 1
    assert pages[BOOKS["en"].rule] == 2


def test_non_latin_heading_is_transliterated(runner: CliRunner, tmp_path: Path) -> None:
    source = tmp_path / "charge.html"
    source.write_text(
        "<h1>Неудавшееся нападение</h1><p>Если нападение не удалось, отряд проходит вперёд на "
        "расстояние, равное наибольшему кубику, в дюймах.</p>",
        encoding="utf-8",
    )
    target = tmp_path / "c"
    args = ["--corpus", str(target), "add", str(source), "--game", GAME, "--edition", "ru"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    assert (target / GAME / "ru" / "ru" / "neudavsheesia-napadenie.md").is_file()


FAQ_TXT = (
    "Flee and pursue: questions\n\nDoes a character who has joined a fleeing unit flee with it?"
    "\n\nYes. A character in a unit that breaks flees with the unit.\n\n"
    "Can pursuers restrain after catching a unit?\n\nNo. They have already moved.\n"
)
FAQ_HTML = (
    "<h1>Flee and pursue: questions</h1>"
    "<h2>Does a character who has joined a fleeing unit flee with it?</h2>"
    "<p>Yes. A character in a unit that breaks flees with the unit.</p>"
    "<h2>Can pursuers restrain after catching a unit?</h2><p>No. They have already moved.</p>"
)


@pytest.mark.parametrize(("name", "content"), [("faq.txt", FAQ_TXT), ("faq.html", FAQ_HTML)])
def test_a_faq_imports_one_clause_per_question(
    runner: CliRunner, tmp_path: Path, name: str, content: str
) -> None:
    source = tmp_path / name
    source.write_text(content, encoding="utf-8")
    target = tmp_path / "c"
    args = ["--corpus", str(target), "add", str(source), "--game", GAME, "--edition", "core"]
    result = runner.invoke(main, [*args, "--kind", "faq"])
    assert result.exit_code == 0, result.output
    assert "(2 faq)" in result.output  # one section, however many headings
    (section,) = load_corpus(target)
    assert section.kind == "faq"
    clauses = segment_section(section)
    assert [(c.kind, c.question, c.text) for c in clauses] == [
        (
            "faq",
            "Does a character who has joined a fleeing unit flee with it?",
            "Yes. A character in a unit that breaks flees with the unit.",
        ),
        ("faq", "Can pursuers restrain after catching a unit?", "No. They have already moved."),
    ]


FAQ_MD = """---
edition: faq
lang: en
units: none
title: Frequently asked questions
source: refbot report 2026-12-01
kind: faq
source_title: Club FAQ
---

# Frequently asked questions

## Does a character who has joined a fleeing unit flee with it?

Yes. A character in a unit that breaks flees with the unit.
"""


def test_a_markdown_files_front_matter_is_honoured_unless_overridden(
    runner: CliRunner, tmp_path: Path
) -> None:
    source = tmp_path / "faq-en.md"
    source.write_text(FAQ_MD, encoding="utf-8")
    target = tmp_path / "c"
    args = ["--corpus", str(target), "add", str(source), "--game", GAME, "--edition", "faq"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "(1 faq)" in result.output
    (section,) = load_corpus(target)
    assert (section.kind, section.units, section.source_title) == ("faq", "none", "Club FAQ")
    assert section.source == "refbot report 2026-12-01"  # its own, not the download's name

    # The command line wins; the refusal says what differs, not "edited by hand".
    refused = runner.invoke(main, [*args, "--kind", "rules"])
    assert refused.exit_code == 1
    assert "was written with kind 'faq', this import kind 'rules'" in refused.stderr
    assert "edited by hand" not in refused.stderr
    forced = runner.invoke(main, [*args, "--kind", "rules", "--force"])
    assert forced.exit_code == 0, forced.output
    assert load_corpus(target)[0].kind == "rules"


@pytest.mark.parametrize(
    ("line", "bad", "problem"),
    [
        (
            "kind: faq",
            "kind: errata",
            "front matter kind 'errata': refbot add imports rules or faq",
        ),
        ("lang: en", "lang: xx", "front matter lang: 'xx' is not a known ISO 639-1 language"),
    ],
)
def test_a_bad_front_matter_value_is_refused_naming_the_file(
    runner: CliRunner, tmp_path: Path, line: str, bad: str, problem: str
) -> None:
    source = tmp_path / "faq-en.md"
    source.write_text(FAQ_MD.replace(line, bad), encoding="utf-8")
    args = ["--corpus", str(tmp_path / "c"), "add", str(source), "--game", GAME]
    result = runner.invoke(main, [*args, "--edition", "faq"])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: faq-en.md: {problem}")
    assert not (tmp_path / "c").exists()


@pytest.mark.parametrize(
    ("option", "value", "problem"),
    [
        ("--lang", "english", "error: --lang: 'english' is not a two-letter"),
        # Two letters the corpus loader would refuse: refused before anything is written.
        ("--lang", "xx", "error: --lang: 'xx' is not a known ISO 639-1 language"),
        ("--lang", "zz", "error: --lang: 'zz' is not a known ISO 639-1 language"),
        ("--game", "Warhammer Fantasy", "error: --game: 'Warhammer Fantasy' must be lowercase"),
    ],
)
def test_bad_option_is_one_line_error(
    runner: CliRunner, tmp_path: Path, option: str, value: str, problem: str
) -> None:
    source = tmp_path / "rules.md"
    write_md(BOOKS["en"], source)
    args = ["--corpus", str(tmp_path / "c"), "add", str(source), "--game", GAME]
    result = runner.invoke(main, [*args, "--edition", "core", option, value])
    assert result.exit_code == 1
    assert result.stderr.startswith(problem)
    assert not (tmp_path / "c").exists()


@pytest.mark.parametrize(
    ("lines", "joined"),
    [
        (["a fleeing en-", "emy unit"], "a fleeing enemy unit"),
        (["Movement 4 -", "then"], "Movement 4 - then"),
        (["Break-", "Test"], "Break-Test"),  # a capital after the hyphen: a compound, kept
        (["flee", "", "and pursue"], "flee and pursue"),
    ],
)
def test_join_lines_mends_hyphenated_words_only(lines: list[str], joined: str) -> None:
    assert join_lines(lines) == joined


# --- bad files ------------------------------------------------------------------------------


def _encrypted_pdf(path: Path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path), encrypt="secret")
    canvas.drawString(72, 720, "A unit flees 2D6 inches.")
    canvas.save()


def _image_only_pdf(path: Path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path))
    canvas.rect(72, 72, 300, 500, fill=1)  # a scanned page: shapes, no text
    canvas.save()


BAD_FILES: dict[str, tuple[Callable[[Path], None], str]] = {
    "locked.pdf": (_encrypted_pdf, "the PDF is encrypted"),
    "scan.pdf": (_image_only_pdf, "no text in the PDF"),
    "broken.pdf": (
        lambda p: p.write_bytes(b"%PDF-1.4\n1 0 obj garbage"),
        "not a readable PDF document (corrupt or not PDF)",
    ),
    "broken.docx": (
        lambda p: p.write_bytes(b"PK\x03\x04 not a zip"),
        "not a readable Word document (corrupt or not DOCX)",
    ),
    "broken.odt": (
        lambda p: p.write_bytes(b"<office/>"),
        "not a readable OpenDocument text (corrupt or not ODT)",
    ),
    "empty.txt": (lambda p: p.write_bytes(b""), "the file is empty"),
    "blank.md": (lambda p: p.write_text("\n\n  \n", encoding="utf-8"), "no text found"),
    "program.txt": (lambda p: p.write_bytes(bytes(range(256)) * 4), "binary content"),
    "huge.txt": (lambda p: p.write_text("flee " * 1000, encoding="utf-8"), "over the import limit"),
    "numbers.txt": (lambda p: p.write_text("7 7.\n\n8 8.\n", encoding="utf-8"), "--lang"),
    "rules.rtf": (lambda p: p.write_text("{\\rtf1 flee}", encoding="utf-8"), "unsupported format"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_is_one_line_error_and_nothing_is_written(
    runner: CliRunner, settings: Settings, tmp_path: Path, name: str
) -> None:
    make, problem = BAD_FILES[name]
    good = tmp_path / "good.txt"
    write_txt(BOOKS["en"], good)
    bad = tmp_path / name
    make(bad)
    corpus = settings.corpus_dir
    before = _files(corpus)
    # The good file comes first: nothing of it is written either.
    result = runner.invoke(
        main,
        ["add", str(good), str(bad), "--game", GAME, "--edition", "core"],
        env={"REFBOT_MAX_IMPORT_BYTES": "3000"},
    )
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {name}: ")
    assert problem in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output
    # The parser's own words name internals ("Package not found at '/tmp/…'"), not the problem.
    assert str(tmp_path) not in result.stderr
    assert _files(corpus) == before


def test_a_markdown_heading_mark_in_plain_text_is_no_part_of_the_heading(tmp_path: Path) -> None:
    from refbot.ingest.readers import read_txt

    source = tmp_path / "faq.txt"
    source.write_text("# Flee FAQ\n\nCan a character leave a fleeing unit? No.\n", encoding="utf-8")
    headings = [b.text for b in read_txt(source).blocks if b.kind == "heading"]
    assert headings == ["Flee FAQ"]


@pytest.mark.parametrize(
    ("text", "headings"),
    [
        (
            "俱乐部常见问题\n\n追击部队撞上友军时怎么办？\n\n追击部队在距离友军1英寸处停下。\n",
            ["俱乐部常见问题", "追击部队撞上友军时怎么办？"],
        ),
        (
            "クラブのFAQ\n\n追撃中に味方部隊にぶつかったら？\n\n追撃部隊は味方部隊の1インチ手前で止まる。\n",
            ["クラブのFAQ", "追撃中に味方部隊にぶつかったら？"],
        ),
    ],
)
def test_a_plain_text_in_an_unspaced_script_keeps_its_paragraphs(
    tmp_path: Path, text: str, headings: list[str]
) -> None:
    # A line of Chinese or Japanese is one run of characters: its words, not its spaces, and
    # its "。" say whether it is a heading.
    from refbot.ingest.readers import read_txt

    source = tmp_path / "club-faq.txt"
    source.write_text(text, encoding="utf-8")
    blocks = read_txt(source).blocks
    assert [b.text for b in blocks if b.kind == "heading"] == headings
    assert [b.kind for b in blocks][-1] == "paragraph"
