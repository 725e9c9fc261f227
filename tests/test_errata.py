"""FAQs and errata (issue 16): what they change in clauses, rule outcomes and answers."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from refbot.bot import Refbot
from refbot.cli import main
from refbot.config import Settings
from refbot.corpus import load_corpus
from refbot.embed import HashEmbedder
from refbot.errata import amend, overrides_of
from refbot.errors import CorpusError, RuleError
from refbot.index import read_manifest
from refbot.rules import Provenance, run_rule
from refbot.segment import segment_section
from refbot.web import create_app, schemas
from tests.helpers import ROOT, SEED_CORPUS, write_section

EXAMPLES = ROOT / "examples" / "faq-errata"
ERRATA = "warhammer-fantasy/reglamento-es/es/erratas"
TITLE = "Arrasamiento: 3D6 en lugar de 5D6"
DISTANCE_CLAUSE = "warhammer-fantasy/reglamento-es/es/arrasamiento#19"
OVERRUN = (
    "¿Cuánto arrasa una unidad con Movimiento 10 cm que aniquiló al enemigo en el primer turno?"
)
FAQ_ONLY = "Does a character who joined a fleeing unit flee with it?"


@pytest.fixture
def amended_dir(corpus_dir: Path) -> Path:
    """The seed corpus with the README's example FAQ and erratum added."""
    shutil.copytree(EXAMPLES, corpus_dir, dirs_exist_ok=True)
    return corpus_dir


@pytest.fixture
def amended(settings: Settings, amended_dir: Path) -> Refbot:
    return Refbot(settings, embedder=HashEmbedder())


@pytest.fixture
def plain(tmp_path: Path) -> Refbot:
    """The shipped corpus as it is, for the answers before the FAQ and the erratum."""
    settings = Settings(corpus_dir=SEED_CORPUS, index_dir=tmp_path / "plain", model="hash")
    return Refbot(settings, embedder=HashEmbedder())


def clauses_of(root: Path) -> list:  # type: ignore[type-arg]
    sections = load_corpus(root)
    return amend(sections, [c for s in sections for c in segment_section(s)])


def spanish_overrun(answer: dict) -> dict:  # type: ignore[type-arg]
    return next(r for r in answer["rules"] if r["edition"] == "reglamento-es")


# --- FAQ ------------------------------------------------------------------------------------


def test_a_faq_only_question_is_answered_from_the_faq_and_cited_as_faq(
    plain: Refbot, amended: Refbot
) -> None:
    before = plain.ask(FAQ_ONLY, lang="en")
    after = amended.ask(FAQ_ONLY, lang="en")
    assert all(c.kind != "faq" for c in before.citations)
    top = after.citations[0]
    assert (top.kind, top.label, top.id) == ("faq", "FAQ", "warhammer-fantasy/rulebook-en/en/faq#1")
    assert top.question == "Does a character who has joined a fleeing unit flee with it?"
    assert top.source_title.startswith("Flee & Pursue FAQ")
    assert after.answer.startswith("According to the FAQ of Rulebook (English)")
    assert top.question in after.answer and top.text in after.answer
    assert after.answer != before.answer


def test_the_cli_labels_a_faq_citation(runner: CliRunner, amended_dir: Path) -> None:
    result = runner.invoke(main, ["ask", FAQ_ONLY, "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "/faq#1 (en) FAQ «Does a character who has joined a fleeing unit" in result.output


# --- errata: the rules core ------------------------------------------------------------------


def test_an_erratum_changes_the_dice_a_rule_computes_with(amended_dir: Path) -> None:
    clauses = clauses_of(amended_dir)
    overrides = overrides_of(clauses)
    assert [(o.rule, o.edition, o.constant, o.value) for o in overrides] == [
        ("overrun", "reglamento-es", "dice", "3D6")
    ]
    inputs = {"wiped_out": "yes", "first_turn": "yes", "movement": "10 cm", "roll": "4"}
    provenance = Provenance(clauses)
    with pytest.raises(RuleError, match="5D6 roll totals 5 to 30, not 4"):
        run_rule("overrun", inputs, provenance, "reglamento-es")
    (result,) = run_rule("overrun", inputs, provenance, "reglamento-es", overrides=overrides)
    assert result.outcome["dice"] == "3D6" and result.outcome["move"]["value"] == 4
    assert [(a.title, a.constant, a.value, a.was) for a in result.amended_by] == [
        (TITLE, "dice", "3D6", "5D6")
    ]
    fast = dict(inputs, movement="20 cm", roll="30")
    (untouched,) = run_rule("overrun", fast, provenance, "reglamento-es", overrides=overrides)
    # Only the amended constant changes, and an outcome that does not rest on it names no erratum.
    assert untouched.outcome["dice"] == "8D6" and untouched.amended_by == ()


# --- errata: answers ---------------------------------------------------------------------------


def test_an_erratum_changes_the_answer_and_the_answer_names_it(
    plain: Refbot, amended: Refbot
) -> None:
    before = spanish_overrun(plain.ask(OVERRUN).to_dict())
    answer = amended.ask(OVERRUN).to_dict()
    after = spanish_overrun(answer)
    assert before["outcome"]["dice"] == "5D6" and not before["amended_by"]
    assert after["outcome"]["dice"] == "3D6"
    assert [a["title"] for a in after["amended_by"]] == [TITLE]
    assert "puede arrasar 3D6 cm" in answer["answer"]
    assert f"«{TITLE}»" in answer["answer"] and "3D6" in answer["answer"]
    assert schemas.AskResponse().validate(answer) == {}


def test_the_erratum_is_shown_with_the_clause_it_amends(
    amended: Refbot, runner: CliRunner, amended_dir: Path
) -> None:
    answer = amended.ask(OVERRUN)
    cited = {c.id: c for c in answer.citations}
    assert DISTANCE_CLAUSE in cited
    (amendment,) = cited[DISTANCE_CLAUSE].amended_by
    assert (amendment.title, amendment.replaces, amendment.text) == (
        TITLE,
        "La unidad moverá 5D6",
        "La unidad moverá 3D6",
    )
    assert amendment.erratum == f"{ERRATA}#1"
    assert all(not c.amended_by for i, c in cited.items() if i != DISTANCE_CLAUSE)
    text = runner.invoke(main, ["ask", OVERRUN]).output
    assert f"amended by «{TITLE}»" in text and "«La unidad moverá 3D6»" in text
    listed = json.loads(runner.invoke(main, ["clauses", "--lang", "es", "--json"]).output)
    row = next(c for c in listed["clauses"] if c["id"] == DISTANCE_CLAUSE)
    assert row["amended_by"][0]["text"] == "La unidad moverá 3D6"
    assert schemas.Clause().validate(row) == {}


def test_the_page_shows_the_erratum_under_its_clause(settings: Settings, amended: Refbot) -> None:
    client = create_app(settings.with_overrides(preload=False), amended).test_client()
    html = client.get("/", query_string={"q": OVERRUN}).get_data(as_text=True)
    assert f"«{TITLE}»" in html and "<ins>La unidad moverá 3D6</ins>" in html


def test_a_lookup_quotes_the_paragraph_as_amended(amended: Refbot) -> None:
    paragraph, amendments = amended.loaded.paragraph(amended.clause(DISTANCE_CLAUSE))
    assert paragraph.startswith("La unidad moverá 3D6 (si su atributo")
    assert [a.title for a in amendments] == [TITLE]


def test_replaced_text_may_span_clauses(corpus_dir: Path) -> None:
    write_section(
        corpus_dir,
        ERRATA,
        "",
        units="cm",
        kind="errata",
        errata="\n  - {title: T, section: arrasamiento, with: 'sola ronda. En esos', "
        "replaces: 'sola ronda de combate. En tales'}",
    )
    clauses = clauses_of(corpus_dir)
    hit = [c for c in clauses if c.amended_by]
    assert [c.id.rsplit("#")[1] for c in hit] == ["3", "4"]
    (amendment,) = hit[0].amended_by
    assert "una sola ronda. En esos casos" in amendment.apply(" ".join(c.text for c in hit))


# --- bad errata ---------------------------------------------------------------------------------


def test_a_bad_erratum_leaves_the_last_good_index_serving(
    settings: Settings, amended_dir: Path
) -> None:
    Refbot(settings, embedder=HashEmbedder()).build()
    path = amended_dir / f"{ERRATA}.md"
    path.write_text(path.read_text().replace("moverá 5D6", "moverá 9D6"), encoding="utf-8")
    serving = Refbot(settings, embedder=HashEmbedder())
    answer = serving.ask(OVERRUN)
    assert spanish_overrun(answer.to_dict())["outcome"]["dice"] == "3D6"  # the last good build
    health = serving.health()
    assert health["status"] == "degraded"
    assert "erratum 1 ('Arrasamiento: 3D6 en lugar de 5D6')" in str(health["problem"])


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        (
            "{title: T, section: nowhere, replaces: a, with: b}",
            "no section 'warhammer-fantasy/reglamento-es/es/nowhere' to amend",
        ),
        (
            "{title: T, section: arrasamiento, replaces: 'La unidad moverá 9D6', with: b}",
            "has no text 'La unidad moverá 9D6' to replace",
        ),
        (
            "{title: T, section: arrasamiento, replaces: 5D6, with: 3D6, param: charge.dice, "
            "value: 3D6}",
            "param 'charge.dice': no rule 'charge' in warhammer-fantasy/reglamento-es",
        ),
        (
            "{title: T, section: arrasamiento, replaces: 5D6, with: 3D6, param: overrun.sides, "
            "value: 3D6}",
            "rule 'overrun' has no such constant (overrun.dice, overrun.fast_dice)",
        ),
        (
            "{title: T, section: arrasamiento, replaces: 5D6, with: 3D6, param: overrun.dice, "
            "value: three}",
            "value 'three': dice: expected dice such as 3D6",
        ),
    ],
)
def test_a_bad_erratum_is_refused_naming_file_and_entry_and_nothing_is_written(
    bot: Refbot, corpus_dir: Path, entry: str, problem: str
) -> None:
    bot.build()
    built = read_manifest(bot.settings.index_dir)
    write_section(corpus_dir, ERRATA, "", units="cm", kind="errata", errata=f"\n  - {entry}")
    with pytest.raises(CorpusError) as info:
        bot.build()
    (said,) = info.value.problems
    assert said.startswith(f"{ERRATA}.md: erratum 1 ('T'): ")
    assert problem in said
    assert read_manifest(bot.settings.index_dir) == built


def test_the_shipped_corpus_has_no_errata_or_faq() -> None:
    sections = load_corpus(SEED_CORPUS)
    assert {s.kind for s in sections} == {"rules"}


def test_refbot_build_prints_the_bad_erratum_on_one_line(
    runner: CliRunner, corpus_dir: Path
) -> None:
    entry = "{title: T, section: arrasamiento, replaces: 'moverá 9D6', with: 'moverá 3D6'}"
    write_section(corpus_dir, ERRATA, "", units="cm", kind="errata", errata=f"\n  - {entry}")
    result = runner.invoke(main, ["build"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {ERRATA}.md: erratum 1 ('T'): section "
        "'warhammer-fantasy/reglamento-es/es/arrasamiento' has no text 'moverá 9D6' to replace\n"
    )


def test_refbot_rule_computes_with_the_erratum_and_says_so(
    runner: CliRunner, amended_dir: Path
) -> None:
    args = ["rule", "overrun", "--edition", "reglamento-es", "--wiped-out", "--first-turn"]
    result = runner.invoke(main, [*args, "--movement", "10cm", "--roll", "4"])
    assert result.exit_code == 0, result.output
    assert "  dice: 3D6\n" in result.output and "  move: 4 cm\n" in result.output
    assert f"  amended by «{TITLE}»: dice 3D6 (the edition has 5D6)\n" in result.output
    described = json.loads(runner.invoke(main, ["rules", "--json"]).output)
    spanish = next(
        r for r in described["rules"] if (r["id"], r["edition"]) == ("overrun", "reglamento-es")
    )
    assert [(c["name"], c["value"]) for c in spanish["constants"]] == [
        ("dice", "5D6"),
        ("fast_dice", "8D6"),
    ]  # the edition's own values: the erratum changes what is computed, not the rule
