from __future__ import annotations

from pathlib import Path

import pytest

from refbot.corpus import hash_sections, load_corpus
from refbot.errors import CorpusError
from tests.helpers import SEED_CORPUS, write_section

RULE = '# Flee!\n\nA unit flees 2D6".\n'


def test_seed_corpus_has_four_sections_with_metadata() -> None:
    sections = load_corpus(SEED_CORPUS)
    assert {(s.lang, s.units) for s in sections} == {
        ("en", "in"),
        ("es", "cm"),
        ("ru", "in"),
        ("ru", "none"),
    }
    assert {s.game for s in sections} == {"warhammer-fantasy", "mordheim"}
    assert all(s.title and s.source.endswith(".txt") and s.body.strip() for s in sections)


@pytest.mark.parametrize(
    ("meta", "body", "problem"),
    [
        ({"units": None}, RULE, "missing metadata: units"),
        ({"title": None, "source": None}, RULE, "missing metadata: title, source"),
        ({"units": "feet"}, RULE, "units must be one of"),
        ({"lang": "english"}, RULE, "two-letter"),
        ({"lang": "qq"}, RULE, "not a known ISO 639-1"),
        ({"page": -3}, RULE, "page must be a positive whole number"),
        ({"edition_title": 42}, RULE, "edition_title must be a text"),
        ({"source_title": "x" * 300}, RULE, "source_title must be a text"),
        ({}, "   \n\n", "no text"),
        ({"game": "other-game"}, RULE, "must live at corpus/other-game/"),
    ],
)
def test_invalid_file_is_rejected_with_its_name(
    corpus_dir: Path, meta: dict[str, object], body: str, problem: str
) -> None:
    write_section(corpus_dir, "wfb/mine/en/bad", body, **meta)
    with pytest.raises(CorpusError) as info:
        load_corpus(corpus_dir)
    assert len(info.value.problems) == 1
    assert info.value.problems[0].startswith("wfb/mine/en/bad.md: ")
    assert problem in info.value.problems[0]


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"no front matter at all\n", "no YAML front matter"),
        (b"---\ngame: [unclosed\n---\ntext\n", "not valid YAML"),
        (b"---\n- a list\n---\ntext\n", "must be a mapping"),
        ("---\ngame: wfb\n---\nnaïve\n".encode("latin-1"), "not valid UTF-8"),
    ],
)
def test_unreadable_file_is_rejected_with_its_name(
    corpus_dir: Path, content: bytes, problem: str
) -> None:
    path = corpus_dir / "wfb" / "mine" / "en" / "broken.md"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with pytest.raises(CorpusError, match=problem) as info:
        load_corpus(corpus_dir)
    assert "wfb/mine/en/broken.md" in str(info.value)


def test_every_bad_file_is_listed(corpus_dir: Path) -> None:
    write_section(corpus_dir, "wfb/mine/en/one", RULE, units=None)
    write_section(corpus_dir, "wfb/mine/en/two", RULE, lang="xx")
    with pytest.raises(CorpusError) as info:
        load_corpus(corpus_dir)
    assert len(info.value.problems) == 2


def test_user_file_in_any_language_is_accepted(corpus_dir: Path) -> None:
    write_section(
        corpus_dir, "wfb/regelbuch/de/flucht", "# Flucht\n\nEine Einheit flieht 2W6 Zoll.\n"
    )
    assert "wfb/regelbuch/de/flucht" in {s.key for s in load_corpus(corpus_dir)}


def test_hash_changes_with_text_and_not_with_file_order(corpus_dir: Path) -> None:
    sections = load_corpus(corpus_dir)
    assert hash_sections(sections) == hash_sections(list(reversed(sections)))
    write_section(corpus_dir, "wfb/regelbuch/de/flucht", RULE)
    assert hash_sections(load_corpus(corpus_dir)) != hash_sections(sections)


def test_missing_corpus_folder(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="corpus folder not found"):
        load_corpus(tmp_path / "nowhere")


def test_yaml_aliases_in_front_matter_are_refused_before_expansion(corpus_dir: Path) -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    path = corpus_dir / "wfb" / "mine" / "en" / "bomb.md"
    path.parent.mkdir(parents=True)
    path.write_text(f"---\n{bomb}---\n\nText.\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"bomb\.md.*aliases"):
        load_corpus(corpus_dir)


ERRATA_FILE = "warhammer-fantasy/reglamento-es/es/erratas"


@pytest.mark.parametrize(
    ("meta", "problem"),
    [
        ({"kind": "errata"}, "lists its errata under 'errata:'"),
        ({"kind": "errata", "errata": "\n  - {title: T, section: s}"}, "missing replaces, with"),
        ({"kind": "errata", "errata": "\n  - {title: T, sectoin: s}"}, "unknown key 'sectoin'"),
        (
            {
                "kind": "errata",
                "errata": "\n  - {title: T, section: s, replaces: a, with: b, param: overrun.dice}",
            },
            "param and value go together",
        ),
        ({"kind": "rules", "errata": "[]"}, "only a document of kind errata may list errata"),
        ({"kind": "manual"}, "kind must be one of rules, faq, errata"),
    ],
)
def test_a_malformed_errata_document_is_refused(
    corpus_dir: Path, meta: dict[str, object], problem: str
) -> None:
    write_section(corpus_dir, ERRATA_FILE, "Texto.", units="cm", **meta)
    with pytest.raises(CorpusError) as info:
        load_corpus(corpus_dir)
    (said,) = info.value.problems
    assert said.startswith(f"{ERRATA_FILE}.md: ") and problem in said


def test_a_section_without_an_edition_title_takes_its_editions(tmp_path: Path) -> None:
    edition = tmp_path / "warhammer-fantasy" / "rulebook-en" / "en"
    edition.mkdir(parents=True)
    front = (
        "---\ngame: warhammer-fantasy\nedition: rulebook-en\nlang: en\nunits: in\n"
        "title: T\nsource: s.txt\n"
    )
    (edition / "rules.md").write_text(
        front + "edition_title: Rulebook (English)\n---\n# Flee\n\nA unit flees 2D6.\n",
        encoding="utf-8",
    )
    (edition / "faq.md").write_text(
        front + "kind: faq\n---\n# FAQ\n\n## Can it flee?\n\nYes.\n", encoding="utf-8"
    )
    titles = {s.section: s.edition_title for s in load_corpus(tmp_path)}
    assert titles == {"rules": "Rulebook (English)", "faq": "Rulebook (English)"}
