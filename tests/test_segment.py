from __future__ import annotations

from dataclasses import replace

import pytest

from refbot.bot import segment_corpus
from refbot.corpus import Section, load_corpus
from refbot.segment import segment_section, split_sentences
from tests.helpers import SEED_CORPUS


def section(body: str, lang: str = "en", page: int | None = None) -> Section:
    return Section(
        game="wfb",
        edition="test",
        lang=lang,
        units="in",
        title="T",
        source="t.txt",
        section="s",
        body=body,
        path=f"wfb/test/{lang}/s.md",
        page=page,
    )


@pytest.mark.parametrize(
    ("lang", "text", "expected"),
    [
        (
            "en",
            'A unit flees 2D6". With the intentions declared, it flees.',
            ['A unit flees 2D6".', "With the intentions declared, it flees."],
        ),
        (
            "en",
            'It will stop 1" away from friends. Then it charges.',
            ['It will stop 1" away from friends.', "Then it charges."],
        ),
        (
            "en",
            "The unit rolls 2D6. Then it moves 4.5 inches.",
            ["The unit rolls 2D6.", "Then it moves 4.5 inches."],
        ),
        (
            "es",
            "La unidad moverá 5D6 (si su Movimiento es de 15 cm o menos). "
            "Si no hay enemigo, avanza.",
            [
                "La unidad moverá 5D6 (si su Movimiento es de 15 cm o menos).",
                "Si no hay enemigo, avanza.",
            ],
        ),
        (
            "es",
            "No se efectúan chequeos (p.e. si causa Miedo). Esta es la diferencia.",
            ["No se efectúan chequeos (p.e. si causa Miedo).", "Esta es la diferencia."],
        ),
        (
            "ru",
            "Отряд проходит 5 дюймов. Т.е. он движется вперёд.",
            ["Отряд проходит 5 дюймов.", "Т.е. он движется вперёд."],
        ),
    ],
)
def test_sentences_split_without_breaking_dice_or_inch_marks(
    lang: str, text: str, expected: list[str]
) -> None:
    assert split_sentences(text, lang) == expected


def test_headings_form_a_path_and_empty_headings_are_dropped() -> None:
    body = "# Flee & Pursue\n\n## Caught!\n\nThe unit is destroyed.\n\n# Next Chapter\n"
    clauses = segment_section(section(body))
    assert [(c.kind, c.text, c.heading) for c in clauses] == [
        ("heading", "Flee & Pursue", "Flee & Pursue"),
        ("heading", "Caught!", "Flee & Pursue › Caught!"),
        ("rule", "The unit is destroyed.", "Flee & Pursue › Caught!"),
    ]


def test_navigation_lines_are_not_clauses_and_page_markers_set_the_page() -> None:
    body = (
        "Rule one.\n\n<< Previous - Break?\n\nNext - The Melee Phase >>\n\n"
        "Страница 20\n\nRule two.\n"
    )
    clauses = segment_section(section(body, page=19))
    assert [(c.text, c.page) for c in clauses] == [("Rule one.", 19), ("Rule two.", 20)]


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ("> The Goblins roll their flee distance.", "example"),
        ("For example, a unit rolls 7.", "example"),
        ("Например, отряд выбросил 7.", "example"),
        ("Por ejemplo, la unidad saca un 7.", "example"),
        ("The unit rolls 2D6.", "rule"),
    ],
)
def test_examples_and_captions_are_marked(body: str, kind: str) -> None:
    assert [c.kind for c in segment_section(section(body))] == [kind]


def test_numbered_item_is_one_clause() -> None:
    body = (
        "Exceptions:\n\n1. The charged unit must hold. It cannot flee.\n\n"
        "2. Psychology is ignored.\n"
    )
    clauses = segment_section(section(body))
    assert [c.text for c in clauses][1:] == [
        "1. The charged unit must hold. It cannot flee.",
        "2. Psychology is ignored.",
    ]


def test_seed_clauses_have_complete_metadata_and_no_navigation() -> None:
    clauses = segment_corpus(load_corpus(SEED_CORPUS))
    assert not [c for c in clauses if "<<" in c.text or ">>" in c.text or c.text == "Страница 20"]
    for c in clauses:
        assert c.id and c.text and c.lang and c.game and c.edition and c.section and c.source
        assert c.kind in ("rule", "example", "heading")
        assert c.units in ("in", "cm", "none")
    captions = [c for c in clauses if c.text.startswith(("The Goblins roll", "The Goblin unit"))]
    assert captions and all(c.kind == "example" for c in captions)
    assert not any(c.text == "Лидерство и Психология" for c in clauses)


def test_seed_page_marker_applies_to_what_follows() -> None:
    clauses = segment_corpus(load_corpus(SEED_CORPUS))
    by_text = {c.text: c for c in clauses}
    assert by_text["Непредвиденные трудности"].page == 20
    assert by_text["Неудавшееся нападение"].page is None


def test_ids_are_stable_and_unique() -> None:
    first = segment_corpus(load_corpus(SEED_CORPUS))
    second = segment_corpus(load_corpus(SEED_CORPUS))
    assert [c.id for c in first] == [c.id for c in second]
    assert len({c.id for c in first}) == len(first)
    assert first[0].id.endswith("#1")


def test_a_faq_gives_one_clause_per_question_with_the_question_in_its_path() -> None:
    body = (
        "# Questions\n\nIntro that answers nothing? No: it has no question above it.\n\n"
        "# Flee\n\n## Can a fleeing unit rally?\n\nYes. It rallies on a test.\n\n"
        "It keeps its standard.\n\nPage 3\n\n## Can it charge?\n\n> No, never.\n"
    )
    faq = replace(section(body), kind="faq")
    clauses = segment_section(faq)
    assert [(c.kind, c.heading_path, c.text, c.page) for c in clauses] == [
        (
            "faq",
            ("Questions",),
            "Intro that answers nothing? No: it has no question above it.",
            None,
        ),
        (
            "faq",
            ("Flee", "Can a fleeing unit rally?"),
            "Yes. It rallies on a test. It keeps its standard.",
            None,
        ),
        ("faq", ("Flee", "Can it charge?"), "No, never.", 3),
    ]
    assert clauses[1].question == "Can a fleeing unit rally?"
    assert len({c.block for c in clauses}) == 3  # each answer quoted whole in a lookup


def test_an_errata_document_gives_no_clauses_of_its_own() -> None:
    assert segment_section(replace(section("A note."), kind="errata")) == []
