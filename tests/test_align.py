from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from refbot.align import Document, check_examples, compare, monotonic_links, quantities
from refbot.bot import Refbot
from refbot.config import Settings
from refbot.corpus import Section
from refbot.errors import CorpusError, UnknownClause
from refbot.glossary import Glossary
from refbot.segment import Clause, segment_section
from tests.helpers import SEED_CORPUS

ROOT = Path(__file__).resolve().parent.parent
GOLD = json.loads((ROOT / "eval" / "align" / "gold.json").read_text(encoding="utf-8"))


def document(text: str, lang: str, units: str = "in", edition: str = "test") -> Document:
    section = Section(
        "wfb", edition, lang, units, "T", "t.txt", "s", text, f"wfb/{edition}/{lang}/s.md"
    )
    return Document(section.key, lang, units, segment_section(section), edition=edition)


def clause(text: str, lang: str) -> list[Clause]:
    return document(text, lang).clauses


# --- the dynamic programme -------------------------------------------------------------------


def similarity(links: dict[tuple[int, int, int, int], float], n: int, m: int) -> dict:  # type: ignore[type-arg]
    full = {
        (i, di, j, dj): 0.0 for i in range(n) for di in (1, 2) for j in range(m) for dj in (1, 2)
    }
    full.update(links)
    return full


def test_monotonic_links_take_one_to_one_merges_and_gaps() -> None:
    scores = similarity(
        {(0, 1, 0, 1): 0.9, (1, 2, 1, 1): 0.8, (1, 1, 1, 1): 0.5, (4, 1, 2, 1): 0.9}, 5, 3
    )
    assert monotonic_links(scores, 5, 3) == [
        (0, 1, 0, 1),  # one to one
        (1, 2, 1, 1),  # two clauses of A in one of B
        (3, 1, 2, 0),  # A's fourth clause has no counterpart
        (4, 1, 2, 1),
    ]


def test_monotonic_links_never_cross() -> None:
    scores = similarity({(0, 1, 1, 1): 0.9, (1, 1, 0, 1): 0.9}, 2, 2)
    path = monotonic_links(scores, 2, 2)
    linked = [(i, j) for i, di, j, dj in path if di and dj]
    assert len(linked) == 1


# --- flags -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "kinds"),
    [
        ('A unit flees 2D6".', 'Una unidad huye 3D6".', {"dice"}),
        ('It stops 1" away.', "Se detiene a 2,5 cm.", set()),
        ('It stops 1" away.', "Se detiene a 3 cm.", {"distance"}),
        (
            "Movement 4 and the dice show 1 and 5.",
            "Movimiento 5 y los dados muestran 1 y 5.",
            {"number"},
        ),
        ("The pursuers move 6 inches.", "Los perseguidores mueven 15 cm.", set()),
    ],
)
def test_quantity_flags_normalise_units(
    glossary: Glossary, a: str, b: str, kinds: set[str]
) -> None:
    left, right = document(a, "en"), document(b, "es")
    flags = compare(left.clauses, left, right.clauses, right, glossary)
    assert {f.kind for f in flags} - {"term"} == kinds
    for flag in flags:
        assert flag.message and flag.a is not None and flag.b is not None


def test_quantities_read_a_spaced_decimal_before_a_unit() -> None:
    assert quantities("пройти вперед на 4, 5 дюймов").distances == Counter({11.25: 1})


def test_quantities_take_each_length_in_the_unit_written_after_it() -> None:
    found = quantities('Huye 18 cm, o 7" en la otra edición; Movimiento 4 y 2D6 Zoll.')
    assert found.distances == Counter({18.0: 1, 17.5: 1})
    assert found.numbers == Counter({4.0: 1})
    assert found.dice == Counter({"2D6": 1})


def test_term_flag_when_the_glossary_term_is_missing(glossary: Glossary) -> None:
    left = document("Pursuers move even if the fleeing unit was caught.", "en")
    right = document(
        "Los perseguidores se mueven aunque la unidad en retirada haya sido atrapada.", "es"
    )
    flags = compare(left.clauses, left, right.clauses, right, glossary)
    terms = [f for f in flags if f.kind == "term"]
    assert [f.a for f in terms] == ["flee"] and "huir" in terms[0].b


def test_wrong_worked_example_is_flagged(glossary: Glossary) -> None:
    corpus = Refbot(Settings(corpus_dir=SEED_CORPUS)).clauses()
    russian = next(c for c in corpus if c.section == "neudavsheesya-napadenie")
    doc = Document(
        "ru", "ru", "in", [c for c in corpus if c.section == russian.section], edition="rulebook-ru"
    )
    flags = check_examples(doc, glossary, corpus)
    assert list(flags) == ["warhammer-fantasy/rulebook-ru/ru/neudavsheesya-napadenie#10"]
    flag = next(iter(flags.values()))
    # The example now reads Movement 4 and 11 inches too, so the range (9) is computed as well.
    assert flag.kind == "example" and flag.a == [4.5]
    assert flag.b == {"failed_charge.charge_range": 9, "failed_charge.move": 5}


@pytest.mark.parametrize(("inches", "flagged"), [(5, False), (6, True)])
def test_english_example_is_checked(glossary: Glossary, inches: int, flagged: bool) -> None:
    corpus = Refbot(Settings(corpus_dir=SEED_CORPUS)).clauses()
    text = (
        "# Failed charge\n\n"
        f"> The charge fails with 2 and 5 on the dice: the unit moves {inches} inches forward.\n"
    )
    flags = check_examples(document(text, "en", edition="any"), glossary, corpus)
    assert bool(flags) is flagged


# --- documents -------------------------------------------------------------------------------


def test_files_need_a_language(bot: Refbot, tmp_path: Path) -> None:
    text = tmp_path / "rules.txt"
    text.write_text("A unit flees 2D6.\nIt stops.\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="give its language with --lang"):
        bot.document(str(text))
    doc = bot.document(str(text), lang="en")
    assert [c.text for c in doc.clauses] == ["A unit flees 2D6.", "It stops."]


def test_web_documents_never_read_files(bot: Refbot) -> None:
    with pytest.raises(UnknownClause):
        bot.document(str(ROOT / "README.md"), lang="en", allow_files=False)


def test_concept_lines_up_every_edition(bot: Refbot) -> None:
    editions = {(d.edition, d.lang) for d in bot.concept_clauses("overrun")}
    assert {("rulebook-en", "en"), ("reglamento-es", "es")} <= editions
    with pytest.raises(UnknownClause, match="known"):
        bot.concept_clauses("pizza")


@pytest.mark.parametrize(
    ("edition", "stating"),
    [("reglamento-es", "u 8D6 cm"), ("rulebook-en", 'it can move 2D6" straight forward')],
)
def test_a_concepts_clauses_include_those_stating_the_rule_it_names(
    bot: Refbot, edition: str, stating: str
) -> None:
    # The clauses giving the overrun's dice never name it ("La unidad moverá 5D6 … u 8D6 cm").
    documents = {d.edition: d for d in bot.concept_clauses("overrun")}
    assert any(stating in c.text for c in documents[edition].clauses)


def test_a_detail_concept_brings_no_whole_rule(bot: Refbot) -> None:
    # "Fewer in contact" alone names the charge move, of which it is one detail, not its name.
    clauses = [c for d in bot.concept_clauses("fewer_in_contact") for c in d.clauses]
    assert clauses and len(clauses) <= 3


# --- the real model on hand-aligned documents ------------------------------------------------


@pytest.mark.model
@pytest.mark.parametrize("name", sorted(GOLD))
def test_alignment_matches_the_gold_links_and_flags(
    tmp_path: Path, corpus_dir: Path, name: str
) -> None:
    real = Refbot(Settings(corpus_dir=corpus_dir, index_dir=tmp_path / "index"))
    gold = GOLD[name]
    alignment = real.align(str(ROOT / gold["a"]), str(ROOT / gold["b"]))
    number_a = {c.id: i for i, c in enumerate(alignment.a.clauses, 1)}
    number_b = {c.id: i for i, c in enumerate(alignment.b.clauses, 1)}
    found = [
        ([number_a[c.id] for c in p.a], [number_b[c.id] for c in p.b]) for p in alignment.pairs
    ]
    assert found == [(a, b) for a, b in gold["links"]]
    by_a = {number_a[p.a[0].id]: {f.kind for f in p.flags} for p in alignment.pairs if p.a}
    for clause_number, kinds in gold["flags"].items():
        assert set(kinds) <= by_a[int(clause_number)]
    for clause_number in gold["no_quantity_flags"]:
        assert not by_a[clause_number] & {"number", "dice", "distance"}


@pytest.mark.model
@pytest.mark.parametrize(
    ("a", "b", "translated"),
    [
        (GOLD["flee"]["a"], GOLD["flee"]["b"], True),
        (GOLD["charge"]["a"], GOLD["charge"]["b"], True),
        (GOLD["flee"]["a"], GOLD["charge"]["b"], False),
        (GOLD["flee"]["b"], GOLD["charge"]["a"], False),
    ],
)
def test_alignment_tells_translations_from_unrelated_texts(
    tmp_path: Path, corpus_dir: Path, a: str, b: str, translated: bool
) -> None:
    real = Refbot(Settings(corpus_dir=corpus_dir, index_dir=tmp_path / "index"))
    assert real.align(str(ROOT / a), str(ROOT / b)).translated is translated


@pytest.mark.model
def test_tmx_opens_with_translate_toolkit(tmp_path: Path, corpus_dir: Path) -> None:
    from translate.storage.tmx import tmxfile

    real = Refbot(Settings(corpus_dir=corpus_dir, index_dir=tmp_path / "index"))
    alignment = real.align(str(ROOT / GOLD["flee"]["a"]), str(ROOT / GOLD["flee"]["b"]))
    memory = tmxfile(alignment.to_tmx())
    units = list(memory.units)
    assert len(units) == sum(1 for p in alignment.pairs if p.a and p.b)
    assert units[1].source == 'A unit flees 2D6".' and units[1].target == 'Una unidad huye 3D6".'
    assert memory.sourcelanguage == "en"
    assert 'xml:lang="es"' in alignment.to_tmx().decode("utf-8")
